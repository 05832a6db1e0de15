import { DEFAULT_FLIGHT_CONFIG } from '@portal/contract/api/agency-config';
import { describe, expect, it } from 'vitest';
import type { SupplierLeg, SupplierOffer } from '../../../suppliers/air/types.ts';
import { generateOffers, makeBaggage, makeOffer, makeSegment, priceAndBuild } from './fixtures.ts';
import { priceOffer } from './pricing.ts';
import { buildSolutions, itineraryKey, solutionId, toLeg } from './solutions.ts';

const outbound = (bookingClass = 'Y', departure = '2026-12-01T13:30'): SupplierLeg => ({
  segments: [
    makeSegment({ carrier: 'CA', flightNumber: '1501', origin: 'PEK', destination: 'PVG', departure, durationMinutes: 130, bookingClass }),
    makeSegment({ carrier: 'CA', flightNumber: '849', origin: 'PVG', destination: 'LHR', departure: '2026-12-01T18:40', durationMinutes: 780, bookingClass }),
  ],
  selfTransfer: false,
});
const inbound: SupplierLeg = {
  segments: [makeSegment({ carrier: 'BA', flightNumber: '39', origin: 'LHR', destination: 'PEK', departure: '2026-12-15T21:10', durationMinutes: 640 })],
  selfTransfer: false,
};

function priced(offers: SupplierOffer[]) {
  return offers.map((offer) => ({
    offer,
    fare: priceOffer(offer, {
      fareId: `${offer.supplier}:${offer.offerId}`,
      config: DEFAULT_FLIGHT_CONFIG,
      area: 'intercontinental',
      settlementCurrency: 'CNY',
      rateMap: { USD: '7.1' },
      showSupplier: true,
      passengers: { adult: 1, child: 1, infant: 0 },
    }),
  }));
}
const prices = (adultFare: number, childFare: number) => [
  { passengerType: 'adult' as const, fare: adultFare, airportTax: 0, fuelSurcharge: 0, otherTax: 0 },
  { passengerType: 'child' as const, fare: childFare, airportTax: 0, fuelSurcharge: 0, otherTax: 0 },
];

describe('itineraryKey and solutionId', () => {
  it('identifies flights by carrier, flight number, origin and local departure, leg by leg, not by booking class', () => {
    expect(itineraryKey([outbound('Y'), inbound])).toBe('CA1501:PEK2026-12-01T13:30+CA849:PVG2026-12-01T18:40/BA39:LHR2026-12-15T21:10');
    expect(itineraryKey([outbound('K')])).toBe(itineraryKey([outbound('Y')]));
    expect(itineraryKey([outbound('Y', '2026-12-01T13:35')])).not.toBe(itineraryKey([outbound('Y')]));
    // the same flights split differently into legs are another itinerary
    expect(itineraryKey([{ segments: [...outbound().segments, ...inbound.segments], selfTransfer: false }])).not.toBe(itineraryKey([outbound(), inbound]));
  });

  it('hashes the key into a stable, distinct id', () => {
    const key = itineraryKey([outbound(), inbound]);
    expect(solutionId(key)).toBe(solutionId(key));
    expect(solutionId(key)).toMatch(/^S[0-9a-z]{22}$/);
    const ids = new Set(generateOffers({ itineraries: 2_000, maxFaresPerItinerary: 1 }).map((o) => solutionId(itineraryKey(o.legs))));
    expect(ids.size).toBe(2_000);
  });
});

describe('toLeg', () => {
  it('measures door to door from UTC, counts stops and local days later', () => {
    const leg = toLeg(outbound());
    // PEK 13:30 (05:30Z) -> PVG 15:40 local; PVG 18:40 (10:40Z) + 780 min = 23:40Z = LHR 23:40, same day
    expect(leg.durationMinutes).toBe(23 * 60 + 40 - (5 * 60 + 30));
    expect(leg.stops).toBe(1);
    expect(leg.daysLater).toBe(0);
    // LHR 21:10 (21:10Z) + 640 min = 07:50Z next day = PEK 15:50 on the 16th
    const back = toLeg(inbound);
    expect(back.segments[0].arrival).toBe('2026-12-16T15:50');
    expect(back).toMatchObject({ durationMinutes: 640, stops: 0, daysLater: 1, selfTransfer: false });
  });
});

describe('buildSolutions', () => {
  const offers = [
    makeOffer({ offerId: 'a', supplier: 'sim-ndc', legs: [outbound('Y'), inbound], currency: 'CNY', prices: prices(500_000, 400_000), brand: 'Flex', baggage: makeBaggage(2) }),
    makeOffer({ offerId: 'b', supplier: 'sim-gds', legs: [outbound('K'), inbound], currency: 'USD', prices: prices(60_000, 45_000), brand: null }),
    makeOffer({ offerId: 'c', supplier: 'sim-ndc', legs: [outbound('Y'), inbound], currency: 'CNY', prices: prices(500_000, 300_000), brand: 'Standard' }),
    makeOffer({ offerId: 'd', supplier: 'sim-lcc', legs: [outbound('Y', '2026-12-01T07:00'), inbound], currency: 'CNY', prices: prices(380_000, 300_000) }),
  ];
  const solutions = buildSolutions(priced(offers));

  it('collapses the same flights from several suppliers and brands into one solution', () => {
    expect(solutions).toHaveLength(2);
    const [cheap, shared] = solutions;
    expect(cheap.fares.map((f) => f.fareId)).toEqual(['sim-lcc:d']);
    // adult 426 000 (60 000 USD cents = 4260 CNY) < 500 000; the two 500 000 ties go by total (child 300 000 first)
    expect(shared.fares.map((f) => f.fareId)).toEqual(['sim-gds:b', 'sim-ndc:c', 'sim-ndc:a']);
    expect(shared.lowestAdultSalePrice).toBe(426_000);
    expect(shared.currency).toBe('CNY');
  });

  it('takes the legs of the cheapest fare and derives airlines and total duration', () => {
    const shared = solutions[1];
    expect(shared.legs[0].segments[0].bookingClass).toBe('K');
    expect(shared.airlines).toEqual(['CA', 'BA']);
    expect(shared.totalDurationMinutes).toBe(shared.legs[0].durationMinutes + shared.legs[1].durationMinutes);
    expect(shared.id).toBe(solutionId(itineraryKey([outbound(), inbound])));
  });

  it('sorts solutions cheapest first and ignores a fare id seen twice', () => {
    expect(solutions.map((s) => s.lowestAdultSalePrice)).toEqual([380_000, 426_000]);
    const twice = buildSolutions(priced([offers[0], offers[0]]));
    expect(twice[0].fares).toHaveLength(1);
  });

  it('is independent of the order the suppliers answered in', () => {
    const reversed = buildSolutions(priced([...offers].reverse()));
    expect(reversed.map((s) => [s.id, s.fares.map((f) => f.fareId)])).toEqual(solutions.map((s) => [s.id, s.fares.map((f) => f.fareId)]));
  });

  it('builds one solution per generated itinerary', () => {
    const many = priceAndBuild(generateOffers({ itineraries: 300, maxFaresPerItinerary: 4 }));
    expect(many).toHaveLength(300);
    for (const s of many) {
      expect(s.fares.length).toBeGreaterThanOrEqual(1);
      expect(s.legs).toHaveLength(2);
      expect(s.lowestAdultSalePrice).toBe(s.fares[0].priceList[0].salePrice);
    }
  });
});

describe('solutionId', () => {
  it('computes both cyrb53 hashes in one pass: the same ids as the two-pass reference', async () => {
    const { solutionIdReference } = await import('./solutions.ts');
    const keys = ['', 'CA1501:PEK2026-12-01T13:30+CA849:PVG2026-12-01T18:40/BA39:LHR2026-12-15T21:10', 'é漢字🙂', 'x'.repeat(1_000)];
    for (let i = 0; i < 500; i++) keys.push(`MU${i}:SHA2026-12-0${i % 9}T0${i % 10}:15/${String.fromCharCode(32 + ((i * 7919) % 60_000))}`);
    for (const k of keys) expect(solutionId(k)).toBe(solutionIdReference(k));
  });
});

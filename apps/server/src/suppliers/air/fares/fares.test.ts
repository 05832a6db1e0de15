import { describe, expect, it } from 'vitest';
import { Network } from '../schedule/network.ts';
import { ItineraryFinder } from '../schedule/itineraries.ts';
import { referenceFixture as ref } from '../schedule/reference.fixture.ts';
import { BRANDS } from './brands.ts';
import { classCapacities, FULL_SERVICE_LADDERS, preSold } from './ladder.ts';
import { advancePurchaseFactor, quoteLeg, type QuoteInput } from './quote.ts';
import { cancellationPolicies, CABIN_BAG_ONLY } from './rules.ts';
import { flightTaxes } from './taxes.ts';

const net = new Network(ref);
const finder = new ItineraryFinder(net);
const airport = (c: string) => ref.getAirport(c)!;
const nonstop = (o: string, d: string, cabin: 'economy' | 'business' = 'economy') =>
  finder.find({ key: 'fares-test', airlines: ref.allAirlines().filter((a) => !a.lowCost), allianceConnections: true }, { origin: airport(o), destination: airport(d), date: '2027-01-15', cabin, maxStops: 0 })[0].segments;
const input = (segments: QuoteInput['segments'], over: Partial<QuoteInput> = {}): QuoteInput => ({
  segments,
  cabin: 'economy',
  passengers: { adult: 1, child: 1, infant: 1 },
  daysOut: 45,
  sold: () => 0,
  airport: (c) => ref.getAirport(c) ?? undefined,
  km: (a, b) => net.km(a, b),
  ...over,
});

describe('fares', () => {
  it('grow with distance and cabin', () => {
    const short = quoteLeg(input(nonstop('PEK', 'SHA')), 'full-service')!;
    const long = quoteLeg(input(nonstop('PVG', 'LHR')), 'full-service')!;
    expect(long.amounts.adult.fare).toBeGreaterThan(short.amounts.adult.fare * 3);
    const business = quoteLeg(input(nonstop('PVG', 'LHR', 'business'), { cabin: 'business' }), 'full-service')!;
    expect(business.amounts.adult.fare).toBeGreaterThan(long.amounts.adult.fare * 2);
  });

  it('fall with advance purchase', () => {
    const segs = nonstop('PVG', 'LHR');
    let previous = Infinity;
    for (const daysOut of [1, 4, 10, 20, 45, 90]) {
      const fare = quoteLeg(input(segs, { daysOut }), 'full-service')!.amounts.adult.fare;
      expect(fare).toBeLessThanOrEqual(previous);
      previous = fare;
    }
    expect(advancePurchaseFactor(90, 'lcc')).toBeLessThan(advancePurchaseFactor(1, 'lcc'));
  });

  it('price children at ~75% and infants at ~10% with their own taxes', () => {
    const q = quoteLeg(input(nonstop('PVG', 'LHR')), 'full-service')!;
    expect(q.amounts.child.fare).toBe(Math.round((q.amounts.adult.fare * 0.75) / 10) * 10);
    expect(q.amounts.infant.fare).toBe(Math.round((q.amounts.adult.fare * 0.1) / 10) * 10);
    expect(q.amounts.adult.fuelSurcharge).toBeGreaterThan(0);
    expect(q.amounts.infant.airportTax + q.amounts.infant.fuelSurcharge).toBe(0);
    // Mainland domestic: airport tax 50 for adults, children exempt; fuel surcharge halved for children.
    const dom = flightTaxes(airport('PEK'), airport('SHA'), 1080, 'economy', 'adult', true);
    const child = flightTaxes(airport('PEK'), airport('SHA'), 1080, 'economy', 'child', true);
    expect(dom).toEqual({ airportTax: 50, fuelSurcharge: 20, otherTax: 0 });
    expect(child).toEqual({ airportTax: 0, fuelSurcharge: 10, otherTax: 0 });
    expect(flightTaxes(airport('PEK'), airport('SHA'), 1080, 'economy', 'adult', false).fuelSurcharge).toBe(0);
  });

  it('move up the booking-class ladder as seats sell', () => {
    const segs = nonstop('PEK', 'SHA');
    const cheap = quoteLeg(input(segs, { daysOut: 90 }), 'full-service')!;
    const soldOutClass = quoteLeg(input(segs, { daysOut: 90, sold: (_n, _d, rbd) => (rbd === cheap.rbds[0] ? 500 : 0) }), 'full-service')!;
    expect(soldOutClass.rbds[0]).not.toBe(cheap.rbds[0]);
    expect(soldOutClass.amounts.adult.fare).toBeGreaterThan(cheap.amounts.adult.fare);
    expect(quoteLeg(input(segs, { sold: () => 1000 }), 'full-service')).toBeNull();
    const caps = classCapacities(FULL_SERVICE_LADDERS.economy, 150);
    expect(caps.reduce((a, b) => a + b, 0)).toBe(150);
    expect(preSold(caps, 0.9, 1)[0]).toBe(caps[0]);
  });

  it('brand Light / Classic / Flex differ in classes, bags and rules; low-cost has no checked bag', () => {
    const quotes = finder
      .find({ key: 'fares-test', airlines: ref.allAirlines().filter((a) => !a.lowCost), allianceConnections: true }, { origin: airport('PVG'), destination: airport('LHR'), date: '2027-01-15', cabin: 'economy', maxStops: 1 })
      .map((it) => BRANDS.economy.map((b) => quoteLeg(input(it.segments, { daysOut: 90 }), 'full-service', b)))
      .find((q) => q.every(Boolean))!;
    const [light, classic, flex] = quotes.map((q) => q!);
    expect(light.amounts.adult.fare).toBeLessThan(classic.amounts.adult.fare);
    expect(classic.amounts.adult.fare).toBeLessThan(flex.amounts.adult.fare);
    expect(BRANDS.economy.map((b) => b.checkedPieces)).toEqual([0, 1, 2]);
    expect(CABIN_BAG_ONLY.checked.pieces).toBe(0);
    const lcc = quoteLeg(input(nonstop('PEK', 'SHA')), 'lcc')!;
    expect(lcc.amounts.child.fare).toBe(lcc.amounts.adult.fare);
    expect(lcc.amounts.adult.fuelSurcharge).toBe(0);
  });

  it('cancellation policies per passenger type, strict for savers and self-transfer', () => {
    const [adult, child, infant] = cancellationPolicies('standard', false, 'CNY', ['adult', 'child', 'infant']);
    expect(adult.change.beforeDeparture).toEqual({ allowed: true, fee: 30000 });
    expect(child.change.beforeDeparture.fee).toBeLessThan(adult.change.beforeDeparture.fee!);
    expect(infant.change.beforeDeparture.fee).toBe(0);
    const saver = cancellationPolicies('saver', true, 'USD', ['adult'])[0];
    expect(saver.refund.beforeDeparture).toEqual({ allowed: false, fee: null });
    expect(saver.currency).toBe('USD');
    const st = cancellationPolicies('self-transfer', true, 'CNY', ['adult'])[0];
    expect(st.change.beforeDeparture.allowed || st.refund.beforeDeparture.allowed || st.voidAllowed).toBe(false);
  });
});

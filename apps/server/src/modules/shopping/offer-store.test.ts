import { describe, expect, it } from 'vitest';
import type { SupplierLeg, SupplierOffer } from '../../suppliers/air/types.ts';
import { generateOffers, makeOffer, makePolicy, makeSegment } from './engine/fixtures.ts';
import { decodeOffers, encodeOffers, packOffers } from './offer-store.ts';

const jsonRoundTrip = <T>(v: T): T => JSON.parse(JSON.stringify(v));

describe('stored supplier answers', () => {
  it('decode(encode(offers)) equals what a JSON column gave back, through a JSON column', async () => {
    const offers = generateOffers({ itineraries: 300, maxFaresPerItinerary: 3, seed: 5 });
    const stored = jsonRoundTrip(await encodeOffers(offers));
    expect(stored.format).toBe('offers/1+deflate');
    expect(await decodeOffers(stored)).toEqual(jsonRoundTrip(offers));
  });

  it('writes shared legs and policies once and shares them again when read', async () => {
    const leg: SupplierLeg = { segments: [makeSegment({ carrier: 'CA', flightNumber: '1501', origin: 'PEK', destination: 'SHA', departure: '2026-12-01T08:00', durationMinutes: 130 })], selfTransfer: false };
    const policies = [makePolicy('adult', 'CNY', 10_000, null)];
    const offers = ['Y', 'B', 'M'].map((rbd) => makeOffer({ legs: [leg], offerId: `o-${rbd}`, supplier: 'sim-gds', cancellationPolicy: policies }));
    const packed = packOffers(offers);
    expect(Array.isArray(packed)).toBe(false);
    if (!Array.isArray(packed)) expect([packed.legs.length, packed.policies.length]).toEqual([1, 1]);
    const back = await decodeOffers(jsonRoundTrip(await encodeOffers(offers)));
    expect(back).toEqual(jsonRoundTrip(offers));
    expect(back[1].legs[0]).toBe(back[0].legs[0]);
    expect(back[2].cancellationPolicy).toBe(back[0].cancellationPolicy);
  });

  it('keeps fields the packed form does not know (stored as a plain list)', async () => {
    const [offer] = generateOffers({ itineraries: 1, maxFaresPerItinerary: 1, seed: 1 });
    const extended = { ...offer, fareFamily: 'PLUS', legs: offer.legs.map((l) => ({ ...l, segments: l.segments.map((s) => ({ ...s, meal: 'M' })) })) } as SupplierOffer;
    expect(Array.isArray(packOffers([extended]))).toBe(true);
    expect(await decodeOffers(jsonRoundTrip(await encodeOffers([extended])))).toEqual(jsonRoundTrip([extended]));
  });

  it('reads rows written as a plain array, and nothing as no offers', async () => {
    const offers = generateOffers({ itineraries: 5, maxFaresPerItinerary: 2, seed: 3 });
    expect(await decodeOffers(jsonRoundTrip(offers))).toEqual(jsonRoundTrip(offers));
    expect(await decodeOffers(null)).toEqual([]);
    expect(await decodeOffers(await encodeOffers([]))).toEqual([]);
  });
});

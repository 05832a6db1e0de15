import { CABIN_CLASSES, type CabinClass } from '@portal/contract/api/shopping';
import { hash32 } from './schedule/prng.ts';

/**
 * What a simulated offer id carries: everything needed to rebuild and re-price the exact offer in any process
 * (flights, dates, booking classes, brand, passengers), plus the quoted total and expiry to compare against.
 *
 * Format (URL-safe, readable in logs, cheap to build for thousands of offers per search):
 *   sim1~{supplier}~{cabin}~{brand|-}~{adults}{children}{infants}~{currency}~{total}~{expiry ms|0}~{legs}~{checksum}
 * legs are joined by "+", each "T" (one ticket) or "S" (self-transfer) followed by flights joined by "_", each
 * "{carrier}.{flightNumber}.{origin}.{destination}.{date}.{bookingClass}". The checksum (FNV-1a, base 36) makes a
 * garbled or truncated id recognisable; it is not a signature: offer ids stay server-side with the search.
 */
export interface OfferKey {
  supplier: string;
  cabin: CabinClass;
  brand: string | null;
  passengers: [number, number, number];
  currency: string;
  /** Quoted total, minor units of `currency`. */
  total: number;
  /** Expiry (epoch ms) or 0. */
  expiresAt: number;
  legs: OfferKeyLeg[];
}

export interface OfferKeyLeg {
  selfTransfer: boolean;
  flights: OfferKeyFlight[];
}

export interface OfferKeyFlight {
  carrier: string;
  flightNumber: string;
  origin: string;
  destination: string;
  date: string;
  bookingClass: string;
}

const PREFIX = 'sim1';
const checksum = (body: string) => hash32(`offer|${body}`).toString(36);

/** The "legs" part of one leg; built once per priced leg and shared by every offer that uses it. */
export function encodeLeg(leg: OfferKeyLeg): string {
  return (leg.selfTransfer ? 'S' : 'T') + leg.flights.map((f) => `${f.carrier}.${f.flightNumber}.${f.origin}.${f.destination}.${f.date}.${f.bookingClass}`).join('_');
}

export function encodeOfferId(key: Omit<OfferKey, 'legs'>, encodedLegs: string[]): string {
  const body = [PREFIX, key.supplier, key.cabin, key.brand ?? '-', key.passengers.join(''), key.currency, key.total, key.expiresAt, encodedLegs.join('+')].join('~');
  return `${body}~${checksum(body)}`;
}

const CODE = /^[A-Z0-9]{2,3}$/;
const FLIGHT = /^[A-Z0-9]{2}\d{1,4}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const RBD = /^[A-Z]$/;

/** The key of a well-formed id, or null for anything garbled, truncated or foreign. */
export function decodeOfferId(id: unknown): OfferKey | null {
  if (typeof id !== 'string' || id.length > 4_000) return null;
  const cut = id.lastIndexOf('~');
  if (cut <= 0 || checksum(id.slice(0, cut)) !== id.slice(cut + 1)) return null;
  const parts = id.slice(0, cut).split('~');
  if (parts.length !== 9 || parts[0] !== PREFIX) return null;
  const [, supplier, cabin, brand, pax, currency, total, expiresAt, legsPart] = parts;
  if (!(CABIN_CLASSES as readonly string[]).includes(cabin) || !/^\d{3}$/.test(pax) || !/^\d+$/.test(total) || !/^\d+$/.test(expiresAt)) return null;
  const legs: OfferKeyLeg[] = [];
  for (const leg of legsPart.split('+')) {
    if (leg[0] !== 'S' && leg[0] !== 'T') return null;
    const flights: OfferKeyFlight[] = [];
    for (const f of leg.slice(1).split('_')) {
      const [carrier, flightNumber, origin, destination, date, bookingClass, ...rest] = f.split('.');
      if (rest.length || !CODE.test(carrier ?? '') || !FLIGHT.test(flightNumber ?? '') || !CODE.test(origin ?? '') || !CODE.test(destination ?? '')) return null;
      if (!DATE.test(date ?? '') || !RBD.test(bookingClass ?? '')) return null;
      flights.push({ carrier, flightNumber, origin, destination, date, bookingClass });
    }
    if (flights.length < 1 || flights.length > 3) return null;
    legs.push({ selfTransfer: leg[0] === 'S', flights });
  }
  if (legs.length < 1 || legs.length > 6) return null;
  return {
    supplier,
    cabin: cabin as CabinClass,
    brand: brand === '-' ? null : brand,
    passengers: [Number(pax[0]), Number(pax[1]), Number(pax[2])],
    currency,
    total: Number(total),
    expiresAt: Number(expiresAt),
    legs,
  };
}

import type { Leg, Segment } from '@portal/contract/api/shopping';

/** "2026-12-01T08:30" (local wall-clock time of the airport) -> "08:30". */
export const localTime = (value: string): string => value.slice(11, 16);
/** "2026-12-01T08:30" -> "2026-12-01". */
export const localDate = (value: string): string => value.slice(0, 10);

/** The airports a leg connects through, in order. */
export function connectionAirports(leg: Leg): string[] {
  return leg.segments.slice(0, -1).map((s) => s.destination);
}

/** "CA1501 / MU5101": marketing flight numbers of the leg; operating carrier noted when it differs. */
export function flightNumbers(leg: Leg): string[] {
  return leg.segments.map((s) => flightNumber(s));
}

export function flightNumber(s: Segment): string {
  return s.flightNumber.startsWith(s.marketingCarrier) ? s.flightNumber : `${s.marketingCarrier}${s.flightNumber}`;
}

export function carriersOf(leg: Leg): string[] {
  return [...new Set(leg.segments.map((s) => s.marketingCarrier))];
}

export const firstSegment = (leg: Leg): Segment => leg.segments[0];
export const lastSegment = (leg: Leg): Segment => leg.segments[leg.segments.length - 1];

import type { Airline, Airport } from '../../../modules/reference/types.ts';

/**
 * What the simulators need from reference data. Production passes the reference module itself
 * (modules/reference/reference.ts); tests pass a small fixture (reference.fixture.ts).
 */
export interface ReferenceData {
  getAirport(code: string): Airport | null | undefined;
  getAirline(code: string): Airline | null | undefined;
  allAirlines(): readonly Airline[];
  continentOf(countryCode: string): string | null | undefined;
}

const EARTH_RADIUS_KM = 6371.0088;

/** Great-circle distance (haversine), kilometres. */
export function distanceKm(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Mainland China, Hong Kong, Macao and Taiwan are separate areas for documents, taxes and "domestic" rules. */
export const isDomestic = (a: Airport, b: Airport): boolean => a.countryCode === b.countryCode;

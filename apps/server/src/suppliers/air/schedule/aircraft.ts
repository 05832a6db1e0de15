import type { CabinClass } from '@portal/contract/api/shopping';
import type { Airline } from '../../../modules/reference/types.ts';
import { percentOf } from './prng.ts';

export type CabinSeats = Partial<Record<CabinClass, number>>;

interface AircraftType {
  code: string;
  widebody: boolean;
  /** Typical two- to four-class layout of a full-service carrier. */
  seats: CabinSeats;
  /** All-economy layout of a low-cost carrier. */
  lccSeats: number;
}

const T = (code: string, widebody: boolean, seats: CabinSeats, lccSeats: number): AircraftType => ({ code, widebody, seats, lccSeats });

export const AIRCRAFT: Record<string, AircraftType> = {
  A320: T('A320', false, { business: 8, economy: 150 }, 180),
  '737-800': T('737-800', false, { business: 8, economy: 156 }, 189),
  A321: T('A321', false, { business: 12, economy: 165 }, 220),
  A321neo: T('A321neo', false, { business: 12, economy: 178 }, 236),
  '737 MAX 8': T('737 MAX 8', false, { business: 8, economy: 164 }, 189),
  A320neo: T('A320neo', false, { business: 8, economy: 156 }, 186),
  'A330-300': T('A330-300', true, { business: 30, premium_economy: 21, economy: 250 }, 377),
  '787-9': T('787-9', true, { business: 30, premium_economy: 28, economy: 220 }, 375),
  'A350-900': T('A350-900', true, { business: 36, premium_economy: 24, economy: 240 }, 0),
  '777-300ER': T('777-300ER', true, { business: 42, premium_economy: 28, economy: 290 }, 0),
  'A350-1000': T('A350-1000', true, { business: 44, premium_economy: 32, economy: 250 }, 0),
};

const SHORT = ['A320', '737-800', 'A321', 'A320neo'];
const MEDIUM = ['A321neo', '737 MAX 8', 'A321', 'A330-300'];
const LONG = ['A330-300', '787-9'];
const ULTRA = ['787-9', 'A350-900', '777-300ER', 'A350-1000'];
const LCC_SHORT = ['A320', '737-800', 'A320neo', 'A321neo'];
const LCC_MEDIUM = ['A321neo', '737 MAX 8'];
const LCC_LONG = ['A330-300', '787-9'];

/** Aircraft by distance: narrow-bodies short, A321neo/737 MAX medium, A330/787/A350/777 long. */
export function aircraftFor(airline: Airline, flightNumber: string, km: number, trunk: boolean): AircraftType {
  const pick = (pool: string[]) => AIRCRAFT[pool[percentOf(airline.code, flightNumber, 'ac') % pool.length]];
  if (airline.lowCost) return pick(km < 2500 ? LCC_SHORT : km < 4800 ? LCC_MEDIUM : LCC_LONG);
  if (km < 2000) return trunk && percentOf(airline.code, flightNumber, 'wb') < 30 ? AIRCRAFT['A330-300'] : pick(SHORT);
  if (km < 4500) return pick(MEDIUM);
  if (km < 8000) return pick(LONG);
  return pick(ULTRA);
}

/**
 * Cabins and seats a carrier sells on this aircraft. Premium economy only on wide-bodies; first on long-haul
 * wide-bodies of about a third of full-service carriers; premium business ("business suite") and premium first
 * ("residence") on the flagship long-haul aircraft of a few.
 */
export function cabinsFor(airline: Airline, aircraft: AircraftType, km: number): CabinSeats {
  if (airline.lowCost) return { economy: aircraft.lccSeats || 180 };
  const seats: CabinSeats = { ...aircraft.seats };
  const profile = percentOf(airline.code, 'cabins');
  if (aircraft.widebody && km >= 5000) {
    if (profile % 3 === 0) seats.first = 8;
    if (profile % 6 === 0 && km >= 7000) seats.premium_first = 4;
    if (profile % 4 === 1 && km >= 7000) {
      seats.premium_business = 8;
      seats.business = Math.max(8, (seats.business ?? 0) - 8);
    }
  }
  return seats;
}

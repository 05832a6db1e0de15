import type { BookingType, CabinClass, LocationType, Passengers, SearchBody } from '@portal/contract/api/shopping';
import { MAX_JOURNEYS } from '@portal/contract/api/shopping';
import { Code } from '@portal/contract/codes';
import type { MessageKey } from '@portal/contract/messages';
import type { z } from 'zod';
import { airportsFor, cityCodeOf, getAirport, noCivilFlights } from '../reference/reference.ts';
import { AppError } from '../../plugins/errors.ts';

/** One flight of an exact (accurate or PNR) search: the offers kept are those flying exactly these flights. */
export interface ExactFlight {
  flightNumber: string;
  date: string;
  bookingClass: string | null;
}

/**
 * One flight of a search. A type is kept only when it is 'airport' (exactly that airport); absent means the city when
 * the code is a city code, as in requests stored before types existed.
 */
export interface SearchJourney {
  origin: string;
  destination: string;
  date: string;
  originType?: 'airport';
  destinationType?: 'airport';
}

/** A search after validation: what is stored in flight_searches.request and replayed by every poll. */
export interface NormalizedSearch {
  journeys: SearchJourney[];
  passengers: Passengers;
  cabin: CabinClass;
  bookingType: BookingType;
  directOnly: boolean;
  /** Accurate search only: per journey, the exact flights in order. */
  exact?: ExactFlight[][] | null;
  /** A change search (after-sales): the order, passengers and legs it looks for; only that change may book from it. */
  amends?: { orderId: string; passengerIds: string[]; legs: number[]; reason: number } | null;
}

export const MAX_PASSENGERS = 9;

/** The local calendar date at a city or airport (its own time zone), so "today" means today where the flight leaves. */
export function localDate(code: string, now: Date): string {
  const airport = getAirport(code) ?? getAirport(airportsFor(code)[0] ?? '');
  const timeZone = airport?.timeZone ?? 'UTC';
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

function isRealDate(iso: string): boolean {
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === iso;
}

const known = (code: string, type?: LocationType | null) => airportsFor(code, type).length > 0;
/** Only 'airport' changes what a code means: 'city' and absent are the same. */
const airportOnly = (type: LocationType | null | undefined) => (type === 'airport' ? ('airport' as const) : undefined);

class FieldErrors {
  readonly fields: Record<string, MessageKey> = {};
  add(field: string, key: MessageKey) {
    this.fields[field] ??= key;
  }
  throwIfAny() {
    const first = Object.values(this.fields)[0];
    if (first) throw new AppError(Code.VALIDATION, first, {}, this.fields);
  }
}

export function checkPassengers(p: Passengers, errors: FieldErrors = new FieldErrors()): FieldErrors {
  const total = p.adult + p.child + p.infant;
  if (total === 0) errors.add('passengers.adult', 'shopping.search.passengersEmpty');
  else if (total > MAX_PASSENGERS) errors.add('passengers', 'shopping.search.passengersMax');
  if (p.child > 0 && p.adult === 0) errors.add('passengers.child', 'shopping.search.childAlone');
  if (p.infant > p.adult) errors.add('passengers.infant', 'shopping.search.infants');
  return errors;
}

/**
 * The spec's search rules (point 5) with its message keys, every broken rule reported at once as a 400 with fields:
 * no journeys; origin/destination missing or the same city (an airport counts as its city); at most 5 flights; known
 * locations; real dates not in the past at the origin and in travel order; a return needs a return date (or two
 * journeys); passengers 1-9 with no more infants than adults and no child without an adult.
 * A return with one journey is expanded into the two journeys suppliers are asked for.
 */
export function normalizeSearch(body: z.output<typeof SearchBody>, now: Date = new Date()): NormalizedSearch {
  const errors = new FieldErrors();
  if (body.journeys.length === 0) {
    errors.add('journeys', 'flight.booking.journeyError.empty');
    errors.throwIfAny();
  }
  let journeys = body.journeys.map((j) => ({
    origin: j.origin,
    destination: j.destination,
    originType: airportOnly(j.originType),
    destinationType: airportOnly(j.destinationType),
    date: j.date,
    returnDate: j.returnDate ?? null,
  }));
  if (body.bookingType === 'return' && journeys.length === 1) {
    const [out] = journeys;
    if (!out.returnDate) errors.add('journeys.0.returnDate', 'shopping.search.returnDate');
    else
      journeys = [
        out,
        { origin: out.destination, destination: out.origin, originType: out.destinationType, destinationType: out.originType, date: out.returnDate, returnDate: null },
      ];
  }
  if (journeys.length > MAX_JOURNEYS) errors.add('journeys', 'shopping.search.tooManyJourneys');

  journeys.forEach((j, i) => {
    const at = `journeys.${i}`;
    if (!j.origin || !j.destination) errors.add(at, 'order.flight.booking.journeyError.rules');
    else if (!known(j.origin, j.originType)) errors.add(`${at}.origin`, 'shopping.search.unknownLocation');
    else if (!known(j.destination, j.destinationType)) errors.add(`${at}.destination`, 'shopping.search.unknownLocation');
    // A place closed to civil flights (Kyiv, Lviv, Odesa) is said so, rather than answered with "no flights".
    else if (noCivilFlights(j.origin, j.originType)) errors.add(`${at}.origin`, 'shopping.search.noCivilFlights');
    else if (noCivilFlights(j.destination, j.destinationType)) errors.add(`${at}.destination`, 'shopping.search.noCivilFlights');
    else if (cityCodeOf(j.origin, j.originType) === cityCodeOf(j.destination, j.destinationType))
      errors.add(`${at}.destination`, 'order.flight.booking.journeyError.rules');
    const dateField = i === 1 && body.journeys.length === 1 ? 'journeys.0.returnDate' : `${at}.date`;
    if (!isRealDate(j.date)) errors.add(dateField, 'validation.invalid');
    else if (known(j.origin, j.originType) && j.date < localDate(j.origin, now)) errors.add(dateField, 'shopping.search.datePast');
    else if (i > 0 && isRealDate(journeys[i - 1].date) && j.date < journeys[i - 1].date) errors.add(dateField, 'shopping.search.dateOrder');
  });
  checkPassengers(body.passengers, errors);
  errors.throwIfAny();

  return {
    journeys: journeys.map(({ origin, destination, date, originType, destinationType }) => ({
      origin,
      destination,
      date,
      ...(originType ? { originType } : {}),
      ...(destinationType ? { destinationType } : {}),
    })),
    passengers: body.passengers,
    cabin: body.cabin,
    bookingType: body.bookingType,
    directOnly: body.directOnly,
    exact: null,
  };
}

export { FieldErrors };

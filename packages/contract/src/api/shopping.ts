import { z } from 'zod';
import { CURRENCIES } from '../currency.ts';
import { CABIN_CLASSES, BOOKING_TYPES, PASSENGER_TYPES, SORT_KEYS, PRODUCT_TYPES, TICKETING_SPEEDS, INVOICE_TYPES, TIME_BANDS, MAX_JOURNEYS } from './shopping-constants.ts';
export * from './shopping-constants.ts';

/**
 * Flight shopping (shopping/v2). Money is always integer minor units of `currency` (spec: priceList entries carry
 * passengerType, price, salePrice, currency). Times: `departure`/`arrival` are local wall-clock times of the airport
 * ("2026-12-01T08:30"), `departureUtc`/`arrivalUtc` ISO instants; durations are minutes.
 */

// Missing or empty answers the spec's key (origin and destination required); a malformed code answers validation.city.
const LocationCode = z
  .string({ error: 'order.flight.booking.journeyError.rules' })
  .trim()
  .toUpperCase()
  .pipe(z.string().min(1, 'order.flight.booking.journeyError.rules').regex(/^[A-Z]{3}$/, 'validation.city'));
const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.invalid');
/** What a location code names: a city (all of its airports) or one airport. SHA is both Shanghai and Hongqiao. */
export const LOCATION_TYPES = ['city', 'airport'] as const;
export type LocationType = (typeof LOCATION_TYPES)[number];

export const Journey = z.object({
  origin: LocationCode,
  destination: LocationCode,
  /**
   * 'airport': exactly that airport; 'city' or absent: the city when the code is a city code (else the airport), so
   * SHA alone is Shanghai (Hongqiao and Pudong) and SHA typed 'airport' is Hongqiao only. A return's way back swaps them.
   */
  originType: z.enum(LOCATION_TYPES).nullish(),
  destinationType: z.enum(LOCATION_TYPES).nullish(),
  date: IsoDate,
  /** Only for bookingType return with a single journey: the way back on this date. */
  returnDate: IsoDate.nullish(),
});
export type Journey = z.infer<typeof Journey>;

export const Passengers = z.object({
  adult: z.number().int().min(0).max(9).default(1),
  child: z.number().int().min(0).max(9).default(0),
  infant: z.number().int().min(0).max(9).default(0),
});
export type Passengers = z.infer<typeof Passengers>;

/** Cross-field rules (empty journeys, same city, max 5, infants <= adults) are checked by the service with the spec keys. */
export const SearchBody = z.object({
  journeys: z.array(Journey, { error: 'flight.booking.journeyError.empty' }),
  passengers: Passengers.default({ adult: 1, child: 0, infant: 0 }),
  cabin: z.enum(CABIN_CLASSES).default('economy'),
  bookingType: z.enum(BOOKING_TYPES).default('oneway'),
  directOnly: z.boolean().default(false),
});
export type SearchBody = z.input<typeof SearchBody>;

export const SearchStarted = z.object({ searchId: z.string(), expiresAt: z.string(), suppliersAsked: z.number().int() }).meta({ id: 'SearchStarted' });
export type SearchStarted = z.infer<typeof SearchStarted>;

/**
 * A free allowance per passenger: pieces (0 with a weight: the weight concept, that many kg in all) and kg per piece.
 * The size limit comes as numbers for clients to word in the user's language: `sizeCm` (length, width, height of a
 * piece) or `linearCm` (length + width + height). `dimensions` is the supplier's own wording, kept for the record and
 * not shown (often English); absent numbers mean the size is unknown (orders booked before they were sent).
 */
export const BaggageAllowance = z.object({
  pieces: z.number().int(),
  weightKg: z.number().nullable(),
  dimensions: z.string().nullable(),
  sizeCm: z.tuple([z.number(), z.number(), z.number()]).nullish(),
  linearCm: z.number().nullish(),
}).meta({ id: 'BaggageAllowance' });
export type BaggageAllowance = z.infer<typeof BaggageAllowance>;
export const Baggage = z.object({ carryOn: BaggageAllowance, checked: BaggageAllowance }).meta({ id: 'Baggage' });
export type Baggage = z.infer<typeof Baggage>;

/** One rule of the cancellation policy: allowed or not and the fee, before or after departure. */
export const PenaltyRule = z.object({ allowed: z.boolean(), fee: z.number().int().nullable() }).meta({ id: 'PenaltyRule' });
export const CancellationPolicy = z.object({
  passengerType: z.enum(PASSENGER_TYPES),
  currency: z.enum(CURRENCIES),
  change: z.object({ beforeDeparture: PenaltyRule, afterDeparture: PenaltyRule }),
  refund: z.object({ beforeDeparture: PenaltyRule, afterDeparture: PenaltyRule }),
  noShow: PenaltyRule,
  voidAllowed: z.boolean(),
}).meta({ id: 'CancellationPolicy' });
export type CancellationPolicy = z.infer<typeof CancellationPolicy>;

export const Restrictions = z.object({
  minAge: z.number().int().nullable(),
  maxAge: z.number().int().nullable(),
  documents: z.array(z.string()),
  allowedCountries: z.array(z.string()),
  forbiddenCountries: z.array(z.string()),
  invoiceType: z.enum(INVOICE_TYPES),
  ticketingChannel: z.string(),
  productType: z.enum(PRODUCT_TYPES),
}).meta({ id: 'Restrictions' });
export type Restrictions = z.infer<typeof Restrictions>;

export const PriceBreakdown = z.object({
  fare: z.number().int(),
  tax: z.number().int(),
  airportTax: z.number().int(),
  fuelSurcharge: z.number().int(),
  markup: z.number().int(),
  serviceFee: z.number().int(),
});
export const PriceEntry = z.object({
  passengerType: z.enum(PASSENGER_TYPES),
  count: z.number().int(),
  /** Face price per passenger (fare + taxes), in `currency`. */
  price: z.number().int(),
  /** What the agency pays per passenger: price + markup/adjustment + service fee, in `currency`. */
  salePrice: z.number().int(),
  currency: z.enum(CURRENCIES),
  breakdown: PriceBreakdown,
});
export type PriceEntry = z.infer<typeof PriceEntry>;

export const Segment = z.object({
  marketingCarrier: z.string(),
  operatingCarrier: z.string(),
  flightNumber: z.string(),
  origin: z.string(),
  destination: z.string(),
  originTerminal: z.string().nullable(),
  destinationTerminal: z.string().nullable(),
  departure: z.string(),
  arrival: z.string(),
  departureUtc: z.string(),
  arrivalUtc: z.string(),
  durationMinutes: z.number().int(),
  aircraft: z.string(),
  cabin: z.enum(CABIN_CLASSES),
  bookingClass: z.string(),
  seatsLeft: z.number().int().nullable(),
});
export type Segment = z.infer<typeof Segment>;

export const Leg = z.object({
  segments: z.array(Segment),
  durationMinutes: z.number().int(),
  stops: z.number().int(),
  /** Days between the local departure date and the local arrival date ("+1"). */
  daysLater: z.number().int(),
  /** Connections between different carriers or suppliers booked separately: the traveller re-checks bags. */
  selfTransfer: z.boolean(),
});
export type Leg = z.infer<typeof Leg>;

export const FareChoice = z.object({
  fareId: z.string(),
  supplier: z.string().nullable(),
  brand: z.string().nullable(),
  cabin: z.enum(CABIN_CLASSES),
  fareBasis: z.array(z.string()),
  productType: z.enum(PRODUCT_TYPES),
  baggage: Baggage,
  cancellationPolicy: z.array(CancellationPolicy),
  restrictions: Restrictions,
  priceList: z.array(PriceEntry),
  /** Sum of salePrice x count over the passengers, in `currency`. */
  totalSalePrice: z.number().int(),
  currency: z.enum(CURRENCIES),
  expiresAt: z.string().nullable(),
  virtualInterline: z.boolean(),
});
export type FareChoice = z.infer<typeof FareChoice>;

export const Solution = z.object({
  id: z.string(),
  legs: z.array(Leg),
  /** Fare choices for this exact itinerary from every supplier, cheapest first. */
  fares: z.array(FareChoice),
  lowestAdultSalePrice: z.number().int(),
  currency: z.enum(CURRENCIES),
  airlines: z.array(z.string()),
  totalDurationMinutes: z.number().int(),
}).meta({ id: 'Solution' });
export type Solution = z.infer<typeof Solution>;

export const SolutionFilters = z.object({
  airlines: z.array(z.string()).optional(),
  /** Maximum number of stops per leg (0 = direct only). */
  maxStops: z.number().int().min(0).max(2).optional(),
  directOnly: z.boolean().optional(),
  /** Per journey index: allowed local departure / arrival bands. */
  departureBands: z.record(z.string(), z.array(z.enum(TIME_BANDS))).optional(),
  arrivalBands: z.record(z.string(), z.array(z.enum(TIME_BANDS))).optional(),
  maxDurationMinutes: z.number().int().positive().optional(),
  minPrice: z.number().int().min(0).optional(),
  maxPrice: z.number().int().min(0).optional(),
  originAirports: z.array(z.string()).optional(),
  destinationAirports: z.array(z.string()).optional(),
  cabins: z.array(z.enum(CABIN_CLASSES)).optional(),
  suppliers: z.array(z.string()).optional(),
  freeBaggageOnly: z.boolean().optional(),
  /** Fares of this ticketing speed only; `all` (or absent) constrains nothing. */
  productType: z.enum(TICKETING_SPEEDS).optional(),
});
export type SolutionFilters = z.infer<typeof SolutionFilters>;

export const SolutionsBody = z.object({
  searchId: z.string(),
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(200).default(50),
  sort: z.enum(SORT_KEYS).default('price'),
  order: z.enum(['asc', 'desc']).default('asc'),
  filters: SolutionFilters.default({}),
});
export type SolutionsBody = z.input<typeof SolutionsBody>;

export const Facets = z.object({
  airlines: z.array(z.object({ code: z.string(), count: z.number().int(), lowestPrice: z.number().int() })),
  stops: z.array(z.object({ stops: z.number().int(), count: z.number().int(), lowestPrice: z.number().int() })),
  suppliers: z.array(z.object({ code: z.string(), count: z.number().int() })),
  originAirports: z.array(z.object({ code: z.string(), count: z.number().int() })),
  destinationAirports: z.array(z.object({ code: z.string(), count: z.number().int() })),
  price: z.object({ min: z.number().int(), max: z.number().int() }).nullable(),
  duration: z.object({ min: z.number().int(), max: z.number().int() }).nullable(),
});
export type Facets = z.infer<typeof Facets>;

export const SolutionsAnswer = z.object({
  searchId: z.string(),
  progress: z.object({
    answered: z.number().int(),
    asked: z.number().int(),
    done: z.boolean(),
    /**
     * Of the answered suppliers, how many answered with an error (`failed`, e.g. at once) and how many gave no answer
     * within the agency's time budget (`timedOut`): their offers are missing, not zero, and the user is told which.
     */
    failed: z.number().int(),
    timedOut: z.number().int(),
  }),
  /** True once the search is older than SEARCH_TTL_MINUTES: the client asks the user to search again. */
  stale: z.boolean(),
  currency: z.enum(CURRENCIES),
  total: z.number().int(),
  /** Solutions before filtering, so the panel can say "120 of 2,340". */
  unfilteredTotal: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  items: z.array(Solution),
  facets: Facets,
  /**
   * What the client should tell the user, as a message key (also the envelope's localized message):
   * shopping.search.stale (older than SEARCH_TTL_MINUTES), shopping.search.noFlights (done, nothing found),
   * shopping.search.noMatch (results exist but the filters leave none); null otherwise.
   */
  notice: z.enum(['shopping.search.stale', 'shopping.search.noFlights', 'shopping.search.noMatch']).nullable().optional(),
});
export type SolutionsAnswer = z.infer<typeof SolutionsAnswer>;

/**
 * Exact search (spec point 7, accurate-search): these flights on these dates, optionally in these booking classes.
 * Consecutive segments that connect (next origin = previous destination within a day) form one journey unless
 * `journey` numbers them explicitly.
 */
export const ExactSegment = z.object({
  /** Carrier and number, e.g. "CA981" (spaces ignored). */
  flightNumber: z.string().trim().toUpperCase().transform((v) => v.replace(/\s+/g, '')).pipe(z.string().regex(/^[A-Z0-9]{2}\d{1,4}[A-Z]?$/, 'shopping.flightNumber')),
  date: IsoDate,
  origin: LocationCode,
  destination: LocationCode,
  bookingClass: z.string().trim().toUpperCase().regex(/^[A-Z]$/, 'validation.invalid').nullish(),
  /** 0-based journey index; omitted = derived from the connections. */
  journey: z.number().int().min(0).max(MAX_JOURNEYS - 1).nullish(),
});
export type ExactSegment = z.infer<typeof ExactSegment>;

export const AccurateSearchBody = z.object({
  segments: z.array(ExactSegment).min(1, 'flight.booking.journeyError.empty').max(16, 'validation.invalid'),
  passengers: Passengers.default({ adult: 1, child: 0, infant: 0 }),
  /** Omitted: derived from the booking class of the first segment (F/A first, J/C/D/I/Z business, W premium economy, else economy). */
  cabin: z.enum(CABIN_CLASSES).nullish(),
});
export type AccurateSearchBody = z.input<typeof AccurateSearchBody>;

export const AnalysisPnrBody = z.object({
  /** A pasted GDS itinerary display (segment and name lines), or a 6-character record locator. */
  pnr: z.string().trim().min(1, 'validation.required').max(20_000, 'validation.tooLong'),
});
export type AnalysisPnrBody = z.input<typeof AnalysisPnrBody>;

/** Why a segment of a pasted display was not searched: flown, cancelled, dated in the past, open, airport unknown. */
export const PNR_SKIP_REASONS = ['flown', 'cancelled', 'past', 'open', 'unknownAirport'] as const;
export type PnrSkipReason = (typeof PNR_SKIP_REASONS)[number];

export const AnalysisPnrAnswer = SearchStarted.extend({
  /** Null when no search was started: the display is a group booking (see `group`). */
  searchId: z.string().nullable(),
  expiresAt: z.string().nullable(),
  /** The booking's own record locator (never an airline's locator such as Sabre /DCCA*... or eTerm RMK CA/...). */
  recordLocator: z.string().nullable(),
  segments: z.array(
    z.object({
      flightNumber: z.string(),
      bookingClass: z.string(),
      date: z.string(),
      origin: z.string(),
      destination: z.string(),
      departureTime: z.string().nullable(),
      arrivalTime: z.string().nullable(),
      status: z.string().nullable(),
      journey: z.number().int(),
    }),
  ),
  passengers: z.array(
    z.object({ surname: z.string(), givenName: z.string(), title: z.string().nullable(), type: z.enum(PASSENGER_TYPES) }),
  ),
  // Counts as read: a group display may name more passengers than a search takes (Passengers stops at 9).
  passengerCounts: z.object({ adult: z.number().int().min(0), child: z.number().int().min(0), infant: z.number().int().min(0) }),
  cabin: z.enum(CABIN_CLASSES),
  /**
   * A group booking (a group name element, or more passengers than one search takes): no search is started, the
   * client offers the group request instead. `seats` is the party size read; `message` says so in the user's language.
   */
  group: z.object({ seats: z.number().int(), name: z.string().nullable(), message: z.string() }).nullable(),
  /** Segments read but not searched (flown, cancelled, past, open, an airport not known), each with its line. */
  skipped: z.array(
    z.object({
      line: z.number().int(),
      text: z.string(),
      flightNumber: z.string(),
      reason: z.enum(PNR_SKIP_REASONS),
      /** Localized: which line and why. */
      message: z.string(),
    }),
  ),
});
export type AnalysisPnrAnswer = z.infer<typeof AnalysisPnrAnswer>;

export const VERIFICATION_STATUSES = ['unchanged', 'price_changed', 'invalid', 'timeout'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];
export const VerificationParams = z.object({ id: z.string() });
export const VerificationBody = z.object({ searchId: z.string(), fareId: z.string() });
export const VerificationAnswer = z.object({
  status: z.enum(VERIFICATION_STATUSES),
  /** Localized text of the outcome (spec point 8: price changed, package changed or invalid, price check timed out). */
  message: z.string(),
  solution: Solution.nullable(),
  fare: FareChoice.nullable(),
  previousTotal: z.number().int().nullable(),
  newTotal: z.number().int().nullable(),
  currency: z.enum(CURRENCIES),
});
export type VerificationAnswer = z.infer<typeof VerificationAnswer>;

export const LocationQuery = z.object({
  q: z.string().trim().min(1, 'validation.required').max(40, 'validation.tooLong'),
  limit: z.coerce.number().int().min(1).max(50).default(12),
  /** Pickers that need an airport (not a city) pass true. */
  airportsOnly: z.stringbool().default(false),
});
export const Location = z.object({
  type: z.enum(LOCATION_TYPES),
  code: z.string(),
  cityCode: z.string(),
  countryCode: z.string(),
  name: z.string(),
  cityName: z.string(),
  /** Airports of a city result, so a picker can show them indented under it. */
  airports: z.array(z.string()),
  favourite: z.boolean(),
  /** Closed to civil flights at present (a city: all of its airports); a search naming it is refused. */
  noCivilFlights: z.boolean().optional(),
});
export type Location = z.infer<typeof Location>;
export const LocationsAnswer = z.object({ items: z.array(Location) });

/** Names for codes shown in results (airlines, airports, cities), in the caller's language; static, cache freely. */
export const ReferenceDataAnswer = z.object({
  airlines: z.array(z.object({ code: z.string(), name: z.string(), alliance: z.string().nullable(), lowCost: z.boolean() })),
  airports: z.array(z.object({ code: z.string(), name: z.string(), cityCode: z.string(), cityName: z.string(), countryCode: z.string() })),
});
export type ReferenceDataAnswer = z.infer<typeof ReferenceDataAnswer>;

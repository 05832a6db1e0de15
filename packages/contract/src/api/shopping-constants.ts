/**
 * The flight shopping constants (issue 14, page weight): plain values without zod, so a client that needs a list of
 * cabins or the booking window does not download the schema library with them. api/shopping.ts re-exports them.
 */
export const CABIN_CLASSES = ['economy', 'premium_economy', 'business', 'premium_business', 'first', 'premium_first'] as const;
export type CabinClass = (typeof CABIN_CLASSES)[number];
export const BOOKING_TYPES = ['oneway', 'return', 'multicity'] as const;
export type BookingType = (typeof BOOKING_TYPES)[number];
export const PASSENGER_TYPES = ['adult', 'child', 'infant'] as const;
export type PassengerType = (typeof PASSENGER_TYPES)[number];
export const SORT_KEYS = ['price', 'duration', 'departure', 'arrival'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
/** Spec point 3: ticketing-speed product types. */
export const PRODUCT_TYPES = ['fast-standard', 'preference-standard', 'normal-standard', 'website', 'special-standard', 'special-48', 'special-before-24', 'special-before-4'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];
/** Spec point 3 lists `all` first among the ticketing speeds: the results filter's "any speed", beside each product type. */
export const TICKETING_SPEEDS = ['all', ...PRODUCT_TYPES] as const;
export type TicketingSpeed = (typeof TICKETING_SPEEDS)[number];
export const PRODUCT_TYPE_MINUTES: Record<ProductType, number | null> = {
  'fast-standard': 30,
  'preference-standard': 60,
  'normal-standard': 120,
  website: 30,
  'special-standard': 48 * 60,
  'special-48': 48 * 60,
  'special-before-24': null,
  'special-before-4': null,
};
export const INVOICE_TYPES = ['Bill', 'Itinerary', 'ItineraryWithBill', 'None'] as const;
/** Time-of-day bands of spec point 9, by the local departure/arrival hour: [from, to). */
export const TIME_BANDS = ['00-06', '06-12', '12-18', '18-24'] as const;
export type TimeBand = (typeof TIME_BANDS)[number];
export const MAX_JOURNEYS = 5;
export const SEARCH_TTL_MINUTES = 10;
/** Airlines sell up to about 361 days ahead: the last departure date a search form offers is today plus this. */
export const BOOKING_WINDOW_DAYS = 361;
/**
 * Ticketing channels of a fare (restrictions.ticketingChannel), lower case. A journey of separately ticketed flights
 * adds "+virtual-interline" ("ndc+virtual-interline"). Clients label each part; a supplier's unknown code is kept.
 */
export const TICKETING_CHANNELS = ['gds', 'ndc', 'website', 'bsp', 'virtual-interline'] as const;
export type TicketingChannel = (typeof TICKETING_CHANNELS)[number];

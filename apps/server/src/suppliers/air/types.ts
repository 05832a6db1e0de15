import type { Baggage, CabinClass, CancellationPolicy, PassengerType, ProductType, Restrictions } from '@portal/contract/api/shopping';
import type { Currency } from '@portal/contract/currency';

/**
 * The one shape every air supplier adapter has, simulated or real (GDS, NDC, low-cost). Shopping and price
 * verification use it now; booking, ticketing, change, refund and void extend it in the order issue. Expected outcomes
 * (sold out, price changed) are values; thrown errors mean the supplier failed or timed out.
 */
export interface AirSupplier {
  /** Stable code shown to agencies that may see suppliers, and stored with every offer. */
  readonly code: string;
  readonly kind: 'gds' | 'ndc' | 'lcc';
  /**
   * Most journeys (flights of a multi-city search) the supplier prices in one request; a longer search is answered
   * with no offers, so the platform can say which suppliers could not price it. Absent = MAX_JOURNEYS.
   */
  readonly maxJourneys?: number;
  search(request: SupplierSearchRequest, ctx: SupplierContext): Promise<SupplierOffer[]>;
  verify(offerId: string, ctx: SupplierContext): Promise<SupplierVerification>;
  /**
   * Reads a booking (PNR) the supplier holds by its record locator (upper case): its live segments and names, or null
   * when the supplier has no such booking. Optional: suppliers that cannot retrieve PNRs leave it out.
   */
  retrievePnr?(recordLocator: string, ctx: SupplierContext): Promise<SupplierPnr | null>;
  /**
   * Books the exact offer for these passengers (a PNR held until the ticketing time limit). Expected refusals are
   * values; a thrown error means failed or unknown (a timeout may have booked: reconcile with `retrieve` by the
   * client reference, never book blindly again).
   */
  book(request: SupplierBookRequest, ctx: SupplierContext): Promise<SupplierBookResult>;
  /** Issues one ticket per passenger; asking again for a ticketed booking answers the same tickets. */
  ticket(ref: SupplierBookingRef, ctx: SupplierContext): Promise<SupplierTicketResult>;
  /** Releases a booking that is not ticketed (its seats return to inventory); idempotent. */
  cancel(ref: SupplierBookingRef, ctx: SupplierContext): Promise<SupplierCancelResult>;
  /** The booking's live state, by the supplier's reference or by the client's own reference (reconciliation). */
  retrieve(ref: SupplierBookingRef | { clientReference: string }, ctx: SupplierContext): Promise<SupplierBooking | null>;
  /**
   * After-sales (issue 10). Each takes the client's own reference of the request (the change, refund or void order id):
   * asking again with the same reference answers the first outcome and never acts twice, so an unknown outcome
   * (timeout) is resolved by asking again. Expected refusals are values; thrown errors are failures or unknown.
   * Optional: a supplier without them is handled by the desk by hand (markProcessed).
   */
  /** Voids whole tickets of these passengers (every coupon), allowed only on the day of issue at the issuing office. */
  voidTickets?(ref: SupplierBookingRef, request: SupplierVoidRequest, ctx: SupplierContext): Promise<SupplierAfterSalesResult>;
  /** Refunds the coupons of these passengers on these legs (their seats return to inventory). */
  refundTickets?(ref: SupplierBookingRef, request: SupplierRefundRequest, ctx: SupplierContext): Promise<SupplierAfterSalesResult>;
  /**
   * Exchanges the coupons of these passengers on these legs for the flights of `newOfferId` (an offer of this supplier
   * from a search for the new dates): the new seats are sold, the old released, new ticket numbers issued.
   */
  reissueTickets?(ref: SupplierBookingRef, request: SupplierReissueRequest, ctx: SupplierContext): Promise<SupplierReissueResult>;
  /**
   * Airline schedule changes on this supplier's bookings after `afterSeq` (a GDS schedule-change queue), oldest first;
   * `seq` of the last one is the cursor for the next read.
   */
  scheduleChanges?(afterSeq: number, ctx: SupplierContext): Promise<SupplierScheduleChange[]>;
}

export interface SupplierVoidRequest {
  /** Indexes of the passengers in the booking (booking order). */
  passengerIndexes: number[];
  clientReference: string;
}
export interface SupplierRefundRequest {
  passengerIndexes: number[];
  /** Legs (journeys) of the booking, 0-based. */
  legs: number[];
  clientReference: string;
}
export interface SupplierReissueRequest {
  passengerIndexes: number[];
  legs: number[];
  newOfferId: string;
  clientReference: string;
}
export type SupplierAfterSalesResult =
  | { status: 'done' }
  | { status: 'refused'; reason: 'not_ticketed' | 'not_found' | 'void_window_closed' | 'not_allowed' | 'already_used' | 'sold_out' };
export type SupplierReissueResult =
  | { status: 'done'; tickets: { passengerIndex: number; ticketNumber: string }[] }
  | { status: 'refused'; reason: 'not_ticketed' | 'not_found' | 'not_allowed' | 'already_used' | 'sold_out' | 'invalid_offer' };

/** One airline-initiated change on a booking (spec point 3: change, cancel_save, cancel_no_save, restore). */
export interface SupplierScheduleChange {
  /** The supplier's id of the change; reading twice answers the same id. */
  id: string;
  seq: number;
  supplierRef: string;
  recordLocator: string;
  clientReference: string;
  kind: 'change' | 'cancel_save' | 'cancel_no_save' | 'restore';
  /** The booking's leg (journey) affected, 0-based. */
  leg: number;
  oldFlights: ScheduleChangeFlight[];
  /** Re-timed, protected or restored flights; empty for cancel_no_save. */
  newFlights: ScheduleChangeFlight[];
  createdAt: string;
}
export interface ScheduleChangeFlight {
  flightNumber: string;
  origin: string;
  destination: string;
  /** Local "YYYY-MM-DDTHH:mm". */
  departure: string;
  arrival: string;
}

export interface SupplierBookingPassenger {
  type: PassengerType;
  surname: string;
  givenNames: string;
  gender: 'male' | 'female';
  /** YYYY-MM-DD */
  birthday: string;
  nationality: string;
  document: { type: string; number: string; expiryDate: string | null; issuingCountry: string | null };
  frequentFlyer: { airline: string; number: string } | null;
}

export interface SupplierBookRequest {
  offerId: string;
  /** The total the client expects to pay the supplier (the verified offer's total, minor units of its currency). */
  expectedTotal: number;
  passengers: SupplierBookingPassenger[];
  contact: { name: string; email: string; phone: string };
  /** The client's own unique reference for this booking (the order id): a second booking with it is a duplicate. */
  clientReference: string;
}

export interface SupplierBookingRef {
  /** The supplier's booking id. */
  supplierRef: string;
  recordLocator: string;
}

export type SupplierBookResult =
  | { status: 'booked'; booking: SupplierBooking }
  | { status: 'sold_out' }
  | { status: 'price_changed'; newTotal: number; currency: Currency }
  | { status: 'duplicate'; booking: SupplierBooking }
  | { status: 'name_refused'; passengerIndex: number; reason: string }
  | { status: 'invalid_offer' };

export type SupplierTicketResult =
  | { status: 'ticketed'; booking: SupplierBooking }
  | { status: 'refused'; reason: 'cancelled' | 'time_limit_passed' | 'not_found' };

export type SupplierCancelResult = { status: 'cancelled' } | { status: 'refused'; reason: 'ticketed' | 'not_found' };

export interface SupplierBooking {
  supplierRef: string;
  recordLocator: string;
  clientReference: string;
  status: 'booked' | 'ticketed' | 'cancelled';
  /** Latest moment to issue tickets (ISO instant); unticketed bookings are cancelled by the supplier after it. */
  ticketingTimeLimit: string;
  total: number;
  currency: Currency;
  /** Once ticketed: one 13-digit number per passenger, in passenger order. */
  tickets: { passengerIndex: number; ticketNumber: string }[];
}

/** A booking held by a supplier, as retrieved by record locator (the same facts an itinerary display shows). */
export interface SupplierPnr {
  recordLocator: string;
  segments: SupplierPnrSegment[];
  passengers: { surname: string; givenName: string; type: PassengerType }[];
}

export interface SupplierPnrSegment {
  /** Carrier code and number, "CA1501". */
  flightNumber: string;
  bookingClass: string;
  /** Local departure date, YYYY-MM-DD. */
  date: string;
  origin: string;
  destination: string;
  /** Local "HH:mm" at the airports, when known. */
  departureTime?: string;
  arrivalTime?: string;
  /** Local arrival date, YYYY-MM-DD, when known (an overnight flight arrives the next day). */
  arrivalDate?: string;
  /** Segment status code, "HK". */
  status: string;
}

export interface SupplierContext {
  /** Aborted when the agency's time budget for this supplier runs out. */
  signal: AbortSignal;
  /** "Now" for deterministic tests; defaults to the wall clock. */
  now?: Date;
}

export interface SupplierJourney {
  /** Airports the journey may start from (a city code is expanded to its airports before suppliers are asked). */
  origins: string[];
  destinations: string[];
  /** Local departure date, YYYY-MM-DD. */
  date: string;
}

export interface SupplierSearchRequest {
  journeys: SupplierJourney[];
  passengers: Record<PassengerType, number>;
  cabin: CabinClass;
  directOnly: boolean;
}

export interface SupplierSegment {
  marketingCarrier: string;
  operatingCarrier: string;
  flightNumber: string;
  origin: string;
  destination: string;
  originTerminal: string | null;
  destinationTerminal: string | null;
  /** Local wall-clock times of the airports, "YYYY-MM-DDTHH:mm". */
  departure: string;
  arrival: string;
  departureUtc: string;
  arrivalUtc: string;
  durationMinutes: number;
  aircraft: string;
  cabin: CabinClass;
  bookingClass: string;
  seatsLeft: number | null;
}

export interface SupplierLeg {
  segments: SupplierSegment[];
  selfTransfer: boolean;
}

/** Net price the supplier asks per passenger of one type, in its currency (minor units). */
export interface SupplierPaxPrice {
  passengerType: PassengerType;
  fare: number;
  airportTax: number;
  fuelSurcharge: number;
  otherTax: number;
}

export interface SupplierOffer {
  /** Opaque to the platform; enough for the supplier to re-price and (later) book this exact offer. */
  offerId: string;
  supplier: string;
  legs: SupplierLeg[];
  validatingCarrier: string;
  brand: string | null;
  fareBasis: string[];
  cabin: CabinClass;
  productType: ProductType;
  baggage: Baggage;
  cancellationPolicy: CancellationPolicy[];
  restrictions: Restrictions;
  currency: Currency;
  prices: SupplierPaxPrice[];
  expiresAt: string | null;
  virtualInterline: boolean;
}

export type SupplierVerification =
  | { status: 'unchanged'; offer: SupplierOffer }
  | { status: 'price_changed'; offer: SupplierOffer }
  | { status: 'invalid' };

/** Fault switches a simulated supplier honours (spec: every error path must be demonstrable). */
export interface SupplierFaults {
  enabled: boolean;
  /** Added latency per call, milliseconds. */
  latencyMs: number;
  /** Never answers: the caller's time budget ends the call. */
  timeout: boolean;
  /** Answers with an error. */
  fail: boolean;
  /** Verification answers a higher price (percent). */
  priceChangePercent: number;
  /** Every flight reports no seats; verification answers invalid. */
  soldOut: boolean;
  /** book answers with an error. */
  bookFail: boolean;
  /** book records the booking, then never answers (unknown outcome). */
  bookTimeout: boolean;
  /** Seconds ticketing takes. */
  ticketingDelaySeconds: number;
  ticketFail: boolean;
  /** ticket issues the tickets, then never answers. */
  ticketTimeout: boolean;
}

export const NO_FAULTS: SupplierFaults = { enabled: true, latencyMs: 0, timeout: false, fail: false, priceChangePercent: 0, soldOut: false, bookFail: false, bookTimeout: false, ticketingDelaySeconds: 3, ticketFail: false, ticketTimeout: false };

import type { Berth, SeatClass, TrainType } from '@portal/contract/api/trains';
import type { Language } from '@portal/contract/languages';

/**
 * The one shape every rail supplier adapter has, simulated or real (a 12306 agent channel, a consolidator): timetable
 * search with seats and fares, a hold that reserves seats until paid, ticketing, cancellation of a hold, and the
 * after-sales hooks (refund, change). Every outcome, the supplier's own failures included, is a value: a caller never
 * has to tell a refusal from a crash by catching. Only programming errors throw.
 */
export interface RailSupplier {
  /** Stable code, stored with every booking. */
  readonly code: string;
  /** The stations it sells, with their city keys: each one in the platform's station reference, which reads searches. */
  stations(): RailStation[];
  /** Trains running from one of `from` to one of `to` (telegraph codes) on `date` at the boarding station. */
  search(request: RailSearchRequest, ctx: RailContext): Promise<RailResult<RailService[]>>;
  /**
   * Reserves seats on one train between two of its stops for these passengers: every segment of the ride at once or
   * nothing. The hold lasts until `holdUntil`; pay and `ticket` before then. A timeout may have held: ask `retrieve`
   * with the client reference before holding again.
   */
  hold(request: RailHoldRequest, ctx: RailContext): Promise<RailHoldResult>;
  /** Issues the tickets of a held booking; asking again answers the same tickets. */
  ticket(ref: RailBookingRef, ctx: RailContext): Promise<RailResult<RailBooking, 'not_found' | 'expired' | 'cancelled'>>;
  /** Releases a hold (its seats return to sale); idempotent. A ticketed booking is refunded instead. */
  cancel(ref: RailBookingRef, ctx: RailContext): Promise<RailResult<RailBooking, 'not_found' | 'ticketed'>>;
  retrieve(ref: RailBookingRef | { clientReference: string }, ctx: RailContext): Promise<RailResult<RailBooking | null>>;
  /**
   * Refunds the tickets of these passengers (their seats return to sale) less the railway's fee by time before
   * departure. The same client reference answers the first outcome and never refunds twice.
   */
  refund(ref: RailBookingRef, request: RailRefundRequest, ctx: RailContext): Promise<RailResult<RailRefund, RailAfterSalesRefusal>>;
  /**
   * Changes the tickets of these passengers to another train (12306: once per ticket, until 30 minutes before
   * departure): new seats are taken, the old released, the fare difference answered. Idempotent per client reference.
   */
  change(ref: RailBookingRef, request: RailChangeRequest, ctx: RailContext): Promise<RailResult<RailChange, RailAfterSalesRefusal>>;
}

export interface RailContext {
  /** Aborted when the caller's time budget runs out: the call answers `timeout`. */
  signal: AbortSignal;
  /** "Now" for deterministic tests; defaults to the wall clock. */
  now?: Date;
}

/**
 * The supplier's failures, as values. `timeout`: no answer within the caller's budget (for a hold or ticketing the
 * outcome is unknown: retrieve by client reference); `unavailable`: the supplier answered with an error or is
 * switched off; `sold_out`: no seats for the ride; `booking_failed` / `ticketing_failed`: refused without a reason
 * the caller can act on.
 */
export type RailErrorKind = 'timeout' | 'unavailable' | 'sold_out' | 'booking_failed' | 'ticketing_failed';
export interface RailSupplierError {
  kind: RailErrorKind;
  message: string;
}

/** A supplier's answer: the value, an expected refusal the caller can act on, or a supplier failure. */
export type RailResult<T, R extends string = never> =
  | { status: 'ok'; value: T }
  | ([R] extends [never] ? never : { status: 'refused'; reason: R })
  | { status: 'error'; error: RailSupplierError };

export interface RailStation {
  /** 12306 telegraph code. */
  code: string;
  /** Simplified Chinese, as printed on the ticket. */
  name: string;
  /** Other languages where the supplier knows them. */
  names?: Partial<Record<Language, string>>;
  /** City key: the IATA city code where the city has one (BJS), else the station list's pinyin key. */
  city: string;
}

export interface RailSearchRequest {
  from: string[];
  to: string[];
  /** Local date of departure from the boarding station, YYYY-MM-DD. */
  date: string;
}

/** One stop of a train's run. Local wall-clock times "YYYY-MM-DDTHH:mm"; null where the train starts or ends. */
export interface RailStop {
  code: string;
  name: string;
  arrival: string | null;
  departure: string | null;
  /** Line kilometres from the train's first station (fares are by distance). */
  km: number;
}

export interface RailBerthFare {
  berth: Berth;
  /** Fen. */
  price: number;
  childPrice: number;
}

export interface RailClassFare {
  seatClass: SeatClass;
  /** Adult fare for the ride, fen; for sleepers the cheapest berth. */
  price: number;
  childPrice: number;
  /** Seats left on every segment of the ride. */
  available: number;
  /** Sleepers: each berth's fare. */
  berths?: RailBerthFare[];
}

/** A train on one service date, offered for the ride between stops `fromIndex` and `toIndex` of its run. */
export interface RailService {
  /** Opaque to the platform; names the train and its service date for hold and change. */
  serviceId: string;
  trainNumber: string;
  trainType: TrainType;
  /** The date the train leaves its first station (a night train may reach the boarding station a day later). */
  serviceDate: string;
  stops: RailStop[];
  fromIndex: number;
  toIndex: number;
  currency: 'CNY';
  classes: RailClassFare[];
}

/** Seat wishes 12306 lets a traveller give: a seat letter on EMUs, a berth on sleepers. Best effort. */
export type SeatPreference = 'A' | 'B' | 'C' | 'D' | 'F' | Berth;
export const DOCUMENT_TYPES = ['id_card', 'passport', 'hk_macao_permit', 'taiwan_permit', 'foreign_permanent_resident'] as const;
export type RailDocumentType = (typeof DOCUMENT_TYPES)[number];

export interface RailPassenger {
  /** As on the document (real-name tickets). */
  name: string;
  /** child: 6 to 14 with a seat of their own at the child fare (under 6 travel free on an adult's seat, unbooked). */
  type: 'adult' | 'child';
  document: { type: RailDocumentType; number: string };
  seatPreference?: SeatPreference;
}

export interface RailHoldRequest {
  serviceId: string;
  /** Boarding and alighting stations (telegraph codes) of the train's run. */
  from: string;
  to: string;
  seatClass: SeatClass;
  passengers: RailPassenger[];
  /** The client's own unique reference (the order id): a second hold with it answers the first. */
  clientReference: string;
}

export type RailHoldResult = RailResult<RailBooking, 'invalid_service' | 'too_many_passengers' | 'departed'>;

export interface RailBookingRef {
  /** The supplier's booking id. */
  bookingId: string;
  /** 12306 order number ("E" and 9 digits). */
  orderNumber: string;
}

export interface RailSeat {
  /** Car number, "05". */
  car: string;
  /** "12F", berth "013", or null for a standing ticket. */
  seat: string | null;
  berth: Berth | null;
}

export interface RailTicket {
  passengerIndex: number;
  seatClass: SeatClass;
  seat: RailSeat;
  /** Fen paid for this passenger's ticket. */
  price: number;
  /** Set once issued. */
  ticketNumber: string | null;
  status: 'held' | 'issued' | 'refunded' | 'changed';
}

export interface RailBooking extends RailBookingRef {
  clientReference: string;
  status: 'held' | 'ticketed' | 'cancelled' | 'expired';
  serviceId: string;
  trainNumber: string;
  serviceDate: string;
  from: RailStop;
  to: RailStop;
  seatClass: SeatClass;
  /** ISO instant the hold lapses unless ticketed. */
  holdUntil: string;
  total: number;
  currency: 'CNY';
  passengers: { name: string; type: RailPassenger['type']; document: RailPassenger['document'] }[];
  tickets: RailTicket[];
}

export type RailAfterSalesRefusal = 'not_found' | 'not_ticketed' | 'not_allowed' | 'departed' | 'already_done';

export interface RailRefundRequest {
  passengerIndexes: number[];
  clientReference: string;
}

export interface RailRefund {
  /** Fen returned per passenger (fare less fee) and the fee kept. */
  lines: { passengerIndex: number; fare: number; fee: number; refund: number }[];
  booking: RailBooking;
}

export interface RailChangeRequest {
  /** The new booking lists these passengers in ascending order of these indexes (its passengerIndex 0, 1, ...). */
  passengerIndexes: number[];
  /** A service from a search of this supplier, with the ride's stations (12306 also changes the arrival station). */
  serviceId: string;
  from: string;
  to: string;
  seatClass: SeatClass;
  /**
   * Sleepers: the berth every new ticket must get. Unlike a booking's wish this is strict (none of that berth free is
   * sold_out): a change is priced by its berth before it is made, and cannot be undone.
   */
  berth?: Berth;
  clientReference: string;
}

export interface RailChange {
  /** The new booking holding the new tickets (issued at once), and the old one with those tickets marked changed. */
  booking: RailBooking;
  previous: RailBooking;
  /** New fares less old, fen, per passenger: positive is owed to the railway, negative refunded (less fee). */
  lines: { passengerIndex: number; oldFare: number; newFare: number; difference: number; fee: number }[];
}

/** Fault switches the rail simulator honours (the supplier simulation page; the same row as the air suppliers'). */
export interface RailFaults {
  enabled: boolean;
  latencyMs: number;
  timeout: boolean;
  fail: boolean;
  soldOut: boolean;
  bookFail: boolean;
  /** hold reserves the seats, then never answers (unknown outcome). */
  bookTimeout: boolean;
  ticketFail: boolean;
  /** ticket issues the tickets, then never answers. */
  ticketTimeout: boolean;
}

export interface RailSupplierRegistry {
  all(): RailSupplier[];
  get(code: string): RailSupplier | undefined;
}

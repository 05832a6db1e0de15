import { z } from 'zod';
import { TIME_BANDS } from './shopping.ts';

/**
 * Trains (shopping/v2/train, order/v2/train). Chinese railway stations are named by their 3-letter telegraph code
 * (电报码, e.g. VNP Beijing South, AOH Shanghai Hongqiao), as 12306 does.
 */

// ---------------------------------------------------------------------------------------------------------------
// Station search (issue 13, reference data): GET /shopping/v2/train/stations?keyword=&limit=
// One picker search over every station and railway city: Chinese names in either script, English names, full pinyin
// ("beijingnan", "beijing nan"), initials ("bjn") and telegraph codes ("VNP"). A city that matches comes first with all
// its stations, followed by its busiest stations as rows of their own.

/** A city stands for all of its stations (北京: 北京南, 北京西, 北京...); a station is one station. */
export const STATION_ITEM_TYPES = ['city', 'station'] as const;
export type StationItemType = (typeof STATION_ITEM_TYPES)[number];

export const StationQuery = z.object({
  keyword: z.string().trim().min(1, 'validation.required').max(40, 'validation.tooLong'),
  limit: z.coerce.number().int().min(1).max(50).default(12),
});
export type StationQuery = z.infer<typeof StationQuery>;

export const StationItem = z.object({
  type: z.enum(STATION_ITEM_TYPES),
  /**
   * A station's telegraph code (VNP); a city's key: the IATA city code where the airport reference has the city
   * (BJS, SHA, CAN: the same key as for flights), else its pinyin ("suzhou-js" where two cities read the same).
   */
  code: z.string(),
  /** In the reader's language (Accept-Language): Simplified, Traditional or English. */
  name: z.string(),
  /** The Simplified Chinese name, as on the ticket. */
  nameZh: z.string(),
  /** Full pinyin without tones ("beijingnan"). */
  pinyin: z.string(),
  cityCode: z.string(),
  /** The city's name in the reader's language. */
  cityName: z.string(),
  /** Province (or Hong Kong) in the reader's language; null for the Lao stations of the China-Laos railway. */
  provinceName: z.string().nullable(),
  /** ISO country: CN, HK (West Kowloon) or LA (China-Laos railway). */
  countryCode: z.string(),
  /** A city's stations, busiest first (telegraph codes); absent on a station. */
  stations: z.array(z.string()).optional(),
});
export type StationItem = z.infer<typeof StationItem>;
export const StationsAnswer = z.object({ items: z.array(StationItem) });
export type StationsAnswer = z.infer<typeof StationsAnswer>;

// ---------------------------------------------------------------------------------------------------------------
// (Train search and booking schemas follow here.)

// ---------------------------------------------------------------------------------------------------------------
// Train search (issue 13): POST /shopping/v2/train/search. One synchronous call (the railway answers one timetable
// query, not a fan-out over suppliers), filtered and sorted on the server. Money in fen (CNY minor units); times are
// China local wall-clock times ("2027-01-15T07:00", Asia/Shanghai, no daylight saving).

/** Train number prefixes 12306 sells: high-speed, EMU, intercity, direct express, express, fast. */
export const TRAIN_TYPES = ['G', 'D', 'C', 'Z', 'T', 'K'] as const;
export type TrainType = (typeof TRAIN_TYPES)[number];
/** 12306's seat classes; no_seat is a standing ticket, priced as the seats it stands among (second class, hard seat). */
export const SEAT_CLASSES = ['business', 'first', 'second', 'soft_sleeper', 'hard_sleeper', 'soft_seat', 'hard_seat', 'no_seat'] as const;
export type SeatClass = (typeof SEAT_CLASSES)[number];
/** Sleeper berths; soft sleepers have lower and upper berths only. */
export const BERTHS = ['lower', 'middle', 'upper'] as const;
export type Berth = (typeof BERTHS)[number];
export const TRAIN_SORT_KEYS = ['departure', 'duration', 'price'] as const;
export type TrainSortKey = (typeof TRAIN_SORT_KEYS)[number];
/** 12306's pre-sale window: today and the next 14 days, by the date in China. */
export const TRAIN_PRESALE_DAYS = 15;
/**
 * The departure dates on sale at `now` (YYYY-MM-DD, dates in China, UTC+8 all year): the one reading of
 * TRAIN_PRESALE_DAYS for the search, the railway simulator and the date picker.
 */
export function trainPresaleWindow(now: Date): { first: string; last: string } {
  const chinaDay = (days: number) => new Date(now.getTime() + (8 + 24 * days) * 3_600_000).toISOString().slice(0, 10);
  return { first: chinaDay(0), last: chinaDay(TRAIN_PRESALE_DAYS - 1) };
}
/** Above this many seats 12306 shows 有 ("many") rather than a count. */
export const TRAIN_MANY_SEATS = 20;

/** A station's telegraph code, or a city key (IATA city code such as BJS, or the pinyin key of the station list). */
const TrainPlace = z
  .string({ error: 'train.search.placeRequired' })
  .trim()
  .min(1, 'train.search.placeRequired')
  .max(40, 'validation.tooLong');
const StationCode = z.string().trim().toUpperCase().regex(/^[A-Z]{3}$/, 'validation.invalid');
const Bands = z.array(z.enum(TIME_BANDS)).max(TIME_BANDS.length);

export const TrainSearchFilters = z.object({
  trainTypes: z.array(z.enum(TRAIN_TYPES)).max(TRAIN_TYPES.length).optional(),
  /** By the local departure time at the boarding station (spec point 9 bands). */
  departureBands: Bands.optional(),
  arrivalBands: Bands.optional(),
  /** Boarding and alighting stations (a city search spans several). */
  fromStations: z.array(StationCode).max(20).optional(),
  toStations: z.array(StationCode).max(20).optional(),
  /** Only trains with seats left in at least one of these classes. */
  seatClasses: z.array(z.enum(SEAT_CLASSES)).max(SEAT_CLASSES.length).optional(),
});
export type TrainSearchFilters = z.infer<typeof TrainSearchFilters>;

export const TrainSearchBody = z.object({
  from: TrainPlace,
  to: TrainPlace,
  /**
   * What from and to are, as the station picker offered them (StationItem.type). A telegraph code and a city key can
   * read the same (ENH: the station Hefei South, and the city Enshi; HKG: Hukou, and Hong Kong): the picker's choice
   * decides. Absent, a city key is read first, then a telegraph code, then a station's exact name.
   */
  fromType: z.enum(STATION_ITEM_TYPES).optional(),
  toType: z.enum(STATION_ITEM_TYPES).optional(),
  /** Departure date from the boarding station, YYYY-MM-DD, today to today + 14 in China. */
  date: z.string({ error: 'train.search.dateRequired' }).regex(/^\d{4}-\d{2}-\d{2}$/, 'train.search.dateRequired'),
  filters: TrainSearchFilters.default({}),
  sort: z.object({ by: z.enum(TRAIN_SORT_KEYS).default('departure'), order: z.enum(['asc', 'desc']).default('asc') }).default({ by: 'departure', order: 'asc' }),
});
export type TrainSearchBody = z.input<typeof TrainSearchBody>;

export const TrainStation = z.object({ code: z.string(), name: z.string() });
export type TrainStation = z.infer<typeof TrainStation>;
export const TrainEndpoint = TrainStation.extend({ time: z.string() });

export const TrainBerthPrice = z.object({ berth: z.enum(BERTHS), price: z.number().int(), childPrice: z.number().int() });
export const TrainClassOffer = z.object({
  seatClass: z.enum(SEAT_CLASSES),
  /** Adult fare in fen; for sleepers the cheapest berth (upper), the others in berthPrices. */
  price: z.number().int(),
  /** A child (6 to 14) pays half the seat fare (sleepers: half the seat part, the whole berth supplement). */
  childPrice: z.number().int(),
  /** Seats left on the whole ride, or 'many' above TRAIN_MANY_SEATS (12306's 有); 0 = sold out. */
  available: z.union([z.number().int().min(0), z.literal('many')]),
  berthPrices: z.array(TrainBerthPrice).optional(),
});
export type TrainClassOffer = z.infer<typeof TrainClassOffer>;

export const TrainService = z.object({
  /** The supplier's id of this train on its service date (booking names it with the two stations). */
  serviceId: z.string(),
  supplier: z.string(),
  trainNumber: z.string(),
  trainType: z.enum(TRAIN_TYPES),
  /** Where the train starts and ends its run (12306's 始/终), which may lie beyond the ride. */
  origin: TrainStation,
  terminus: TrainStation,
  from: TrainEndpoint,
  to: TrainEndpoint,
  departureAt: z.string(),
  arrivalAt: z.string(),
  durationMinutes: z.number().int(),
  /** Arrives on a later date than it leaves. */
  crossesDays: z.boolean(),
  /** Intermediate stops between the two stations. */
  stops: z.number().int(),
  distanceKm: z.number().int(),
  currency: z.literal('CNY'),
  classes: z.array(TrainClassOffer),
});
export type TrainService = z.infer<typeof TrainService>;

const Count = <T extends z.ZodType>(value: T) => z.object({ value, count: z.number().int() });
export const TrainFacets = z.object({
  trainTypes: z.array(Count(z.enum(TRAIN_TYPES))),
  fromStations: z.array(TrainStation.extend({ count: z.number().int() })),
  toStations: z.array(TrainStation.extend({ count: z.number().int() })),
  seatClasses: z.array(Count(z.enum(SEAT_CLASSES))),
});
export type TrainFacets = z.infer<typeof TrainFacets>;

export const TrainSearchAnswer = z.object({
  date: z.string(),
  /** Trains before the filters; facets count these, so a filter never hides its own alternatives. */
  total: z.number().int(),
  services: z.array(TrainService),
  facets: TrainFacets,
  /** 'No trains available' when nothing runs or nothing is left after the filters; also the envelope's message. */
  notice: z.enum(['train.search.noTrains']).nullable(),
});
export type TrainSearchAnswer = z.infer<typeof TrainSearchAnswer>;

// ---------------------------------------------------------------------------------------------------------------
// Train orders (issue 13): order/v2/train/orders. Money in fen (CNY); a train order is always settled in CNY, the
// railway's currency (the agency's CNY wallet account). Times of trains are China wall-clock ("2027-01-15T07:00"),
// instants (createdAt, paymentDeadline...) ISO UTC.
//
// Statuses (the server's state table decides every move, docs/state-machines.md):
//   to_be_paid          seats held at the railway until paymentDeadline
//   ticketing           paid (money held in the wallet); tickets being issued in the background
//   manual_ticketing    paid; the agency's train config says `manual`: the operations desk issues by hand
//   issued              every ticket issued (a ticket may have been changed; see the passenger's ticketStatus)
//   partially_refunded  some tickets refunded, others still valid
//   refunded            every ticket refunded (end)
//   failed              ticketing refused; the payment hold was released, nothing was charged (end)
//   canceled            canceled before payment or the hold lapsed; seats released (end)

import { ContactInput, OrderEvent, PassengerInput, PAYMENT_STATUSES } from './flight-orders.ts';
import { PAYMENT_CHANNELS } from './agencies.ts';
import { MAX_AMOUNT_MINOR } from '../amounts.ts';

export const TRAIN_ORDER_STATUSES = ['to_be_paid', 'ticketing', 'manual_ticketing', 'issued', 'partially_refunded', 'refunded', 'failed', 'canceled'] as const;
export type TrainOrderStatus = (typeof TRAIN_ORDER_STATUSES)[number];
/** A passenger's ticket: held until paid, issued, then possibly refunded or changed (12306: one change per ticket). */
export const TRAIN_TICKET_STATUSES = ['held', 'issued', 'refunded', 'changed', 'canceled'] as const;
export type TrainTicketStatus = (typeof TRAIN_TICKET_STATUSES)[number];
/**
 * Ticket types sold (12306 since 2023, by age on the travel date): adult from 14; child 6 to 13 at the child fare; a
 * child under 6 travels free on an accompanying adult's seat (not booked), or at the child fare with a seat of its own.
 */
export const TRAIN_TICKET_TYPES = ['adult', 'child'] as const;
export type TrainTicketType = (typeof TRAIN_TICKET_TYPES)[number];
export const TRAIN_CHILD_MIN_AGE = 6;
export const TRAIN_ADULT_MIN_AGE = 14;
/** Seat letters 12306 lets a traveller choose on EMU seats (A and F by the window, C and D by the aisle; no E). */
export const TRAIN_SEAT_LETTERS = ['A', 'B', 'C', 'D', 'F'] as const;
export type TrainSeatLetter = (typeof TRAIN_SEAT_LETTERS)[number];
/** 12306 sells at most 5 tickets per order. */
export const TRAIN_MAX_PASSENGERS = 5;
/**
 * Real-name documents accepted on trains (the flight document codes): mainland resident ID card (Chinese citizens
 * living in the mainland must use it), passports, the HK/Macao and Taiwan travel permits, the foreign permanent
 * resident ID card and the HK/Macao/Taiwan residence permit.
 */
export const TRAIN_DOCUMENT_TYPES = ['idcard', 'passport', 'chinese-passport', 'tphm', 'tptw', 'ttpmr', 'fpridcard', 'rphmt'] as const;

export const TRAIN_ORDER_ACTIONS = ['pay', 'cancel', 'downloadTicket', 'refund', 'change'] as const;
export type TrainOrderAction = (typeof TRAIN_ORDER_ACTIONS)[number];

/** One passenger as the booking form sends it: the shared passenger shape plus the railway ticket type. */
export const TrainPassengerInput = PassengerInput.extend({
  ticketType: z.enum(TRAIN_TICKET_TYPES, { error: 'validation.invalid' }).default('adult'),
});
export type TrainPassengerInput = z.input<typeof TrainPassengerInput>;

/** POST /order/v2/train/orders (Idempotency-Key header required). */
export const CreateTrainOrderBody = z.object({
  /** TrainService.serviceId and TrainService.supplier from the search. */
  serviceId: z.string().min(1, 'validation.required').max(200, 'validation.tooLong'),
  supplier: z.string().max(40).optional(),
  /** Boarding and alighting stations (telegraph codes) of the ride. */
  from: StationCode,
  to: StationCode,
  seatClass: z.enum(SEAT_CLASSES),
  /** Sleepers: the berth wished for every passenger (priced as that berth). */
  berth: z.enum(BERTHS).optional(),
  /** EMU seats: one seat letter per passenger, in passenger order (best effort, as 12306). */
  seatPreferences: z.array(z.enum(TRAIN_SEAT_LETTERS)).max(TRAIN_MAX_PASSENGERS).optional(),
  passengers: z.array(TrainPassengerInput).min(1, 'train.order.passengers.count').max(TRAIN_MAX_PASSENGERS, 'train.order.passengers.count'),
  contact: ContactInput,
  /** The total the agent saw and accepts, fen; above it nothing is booked (PRICE_CHANGED). */
  acceptedTotal: z.number().int().min(0).max(MAX_AMOUNT_MINOR, 'validation.amount.max'),
  remark: z.string().trim().max(500, 'validation.tooLong').nullish(),
});
export type CreateTrainOrderBody = z.input<typeof CreateTrainOrderBody>;

export const TrainSeat = z.object({
  /** Car number, "05". */
  car: z.string(),
  /** "12F", a berth number "013", or null on a standing ticket. */
  seat: z.string().nullable(),
  berth: z.enum(BERTHS).nullable(),
});
export type TrainSeat = z.infer<typeof TrainSeat>;

export const TrainOrderPassenger = z.object({
  id: z.string(),
  ticketType: z.enum(TRAIN_TICKET_TYPES),
  /** As printed on the ticket (Chinese characters for a Chinese document, else SURNAME GIVEN NAMES). */
  name: z.string(),
  surname: z.string(),
  givenNames: z.string(),
  gender: z.string(),
  birthday: z.string(),
  nationality: z.string(),
  /** Number masked except the last 4 characters. */
  document: z.object({ type: z.string(), number: z.string() }),
  seatPreference: z.string().nullable(),
  /** Known once held; null on a standing ticket's seat (car only). */
  seat: TrainSeat.nullable(),
  /** Fen paid for this ticket. */
  price: z.number().int(),
  ticketNumber: z.string().nullable(),
  ticketStatus: z.enum(TRAIN_TICKET_STATUSES),
  /** Set when refunded: the fee kept by the railway and the amount back to the wallet, fen. */
  refund: z.object({ fee: z.number().int(), amount: z.number().int(), at: z.string() }).nullable(),
  /**
   * Set when changed: the new ticket, the one the passenger travels on (ticketNumber and seat above are the old
   * ticket's, kept as history). A changed ticket is refunded (ticketStatus refunded, `refund` set) by the new train's
   * departure, on the new fare.
   */
  change: z
    .object({
      trainNumber: z.string(),
      departureAt: z.string(),
      /** The new train's arrival (China wall-clock); null on changes recorded before it was kept. */
      arrivalAt: z.string().nullable(),
      /** The new ticket's stations (a change may alight elsewhere); null on changes recorded before they were kept. */
      from: TrainEndpoint.nullable(),
      to: TrainEndpoint.nullable(),
      seatClass: z.enum(SEAT_CLASSES),
      seat: TrainSeat.nullable(),
      /** The new e-ticket's number and the railway's order it lives on. */
      ticketNumber: z.string().nullable(),
      orderNumber: z.string().nullable(),
      /** The new ticket's fare, fen (price + difference). */
      fare: z.number().int(),
      difference: z.number().int(),
      fee: z.number().int(),
      at: z.string(),
    })
    .nullable(),
});
export type TrainOrderPassenger = z.infer<typeof TrainOrderPassenger>;

export const TrainOrder = z.object({
  id: z.string(),
  /** Our order number ("T" + date + sequence). */
  orderNumber: z.string(),
  status: z.enum(TRAIN_ORDER_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  supplier: z.string(),
  /** The railway's order number (12306 "E" + 9 digits), once held. */
  supplierOrderNumber: z.string().nullable(),
  trainNumber: z.string(),
  trainType: z.enum(TRAIN_TYPES),
  /** Date the train leaves its first station. */
  serviceDate: z.string(),
  from: TrainEndpoint,
  to: TrainEndpoint,
  departureAt: z.string(),
  arrivalAt: z.string(),
  seatClass: z.enum(SEAT_CLASSES),
  berth: z.enum(BERTHS).nullable(),
  passengers: z.array(TrainOrderPassenger),
  contact: z.object({ name: z.string(), email: z.string(), areaCode: z.string(), phone: z.string() }),
  currency: z.literal('CNY'),
  /** Sum of the tickets' prices, fen. */
  total: z.number().int(),
  /** Fen returned to the wallet so far (refunds, a failed ticketing) and fees the railway kept. */
  refundedTotal: z.number().int(),
  refundFeeTotal: z.number().int(),
  paymentDeadline: z.string().nullable(),
  paymentMethod: z.enum(PAYMENT_CHANNELS).nullable(),
  paidAt: z.string().nullable(),
  issuedAt: z.string().nullable(),
  remark: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.object({ id: z.string().nullable(), name: z.string().nullable() }),
  companyName: z.string(),
  /** What the caller may do now (the state table decides). */
  actions: z.array(z.enum(TRAIN_ORDER_ACTIONS)),
  /** Timeline, oldest first. */
  events: z.array(OrderEvent),
}).meta({ id: 'TrainOrder' });
export type TrainOrder = z.infer<typeof TrainOrder>;

const trainCsv = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .string()
    .transform((s) => s.split(',').map((x) => x.trim()).filter(Boolean))
    .pipe(z.array(z.enum(values)));
const TrainDateOnly = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date');
const TrainText = (max: number) => z.string().trim().max(max, 'validation.tooLong').optional().transform((v) => (v ? v : undefined));

/** GET /order/v2/train/orders. Dates are inclusive; created dates by UTC day, departure dates by China date. */
export const TrainOrderListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  /** Comma-separated statuses. */
  status: trainCsv(TRAIN_ORDER_STATUSES).optional(),
  orderNumber: TrainText(40),
  passengerName: TrainText(60),
  trainNumber: TrainText(10),
  createdFrom: TrainDateOnly.optional(),
  createdTo: TrainDateOnly.optional(),
  departureFrom: TrainDateOnly.optional(),
  departureTo: TrainDateOnly.optional(),
  sort: z.enum(['createdAt', 'departure']).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type TrainOrderListQuery = z.input<typeof TrainOrderListQuery>;

export const TrainOrderListItem = z.object({
  id: z.string(),
  orderNumber: z.string(),
  status: z.enum(TRAIN_ORDER_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  trainNumber: z.string(),
  from: TrainStation,
  to: TrainStation,
  departureAt: z.string(),
  arrivalAt: z.string(),
  seatClass: z.enum(SEAT_CLASSES),
  passengers: z.array(z.string()),
  total: z.number().int(),
  currency: z.literal('CNY'),
  paymentDeadline: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
});
export type TrainOrderListItem = z.infer<typeof TrainOrderListItem>;
/** An empty list carries the notice 'No train bookings found' (train.order.noOrders). */
export const TrainOrderListAnswer = z.object({
  items: z.array(TrainOrderListItem),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  notice: z.enum(['train.order.noOrders']).nullable(),
});
export type TrainOrderListAnswer = z.infer<typeof TrainOrderListAnswer>;

/** GET /order/v2/train/orders/status: the count of the caller's visible orders per status (absent: 0). */
export const TrainStatusCountQuery = z.object({ status: trainCsv(TRAIN_ORDER_STATUSES).optional() });
export const TrainStatusCount = z.object({ status: z.enum(TRAIN_ORDER_STATUSES), cnt: z.number().int() });
export type TrainStatusCount = z.infer<typeof TrainStatusCount>;
export const TrainStatusCountAnswer = z.array(TrainStatusCount);

/** POST /order/v2/train/orders/{id}/payment (Idempotency-Key header required). */
export const PayTrainOrderBody = z.object({ method: z.enum(PAYMENT_CHANNELS) });
export type PayTrainOrderBody = z.infer<typeof PayTrainOrderBody>;
export const PayTrainOrderAnswer = z.object({
  status: z.enum(TRAIN_ORDER_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  /** External channels: the hosted page; null for balance and credit. */
  redirectUrl: z.string().nullable(),
  transactionId: z.string().nullable(),
});
export type PayTrainOrderAnswer = z.infer<typeof PayTrainOrderAnswer>;

/**
 * POST /order/v2/train/orders/{id}/refund-quote and /refund (the latter with an Idempotency-Key): the tickets of these
 * passengers, before departure.
 */
export const TrainRefundBody = z.object({
  passengerIds: z.array(z.string().min(1)).min(1, 'validation.required').max(TRAIN_MAX_PASSENGERS),
});
export type TrainRefundBody = z.infer<typeof TrainRefundBody>;
/** 12306's refund fee tiers by time before departure (trainRefundFee). */
export const TRAIN_REFUND_TIERS = ['free', 'days2to8', 'hours24to48', 'under24h'] as const;
export type TrainRefundTier = (typeof TRAIN_REFUND_TIERS)[number];
export const TrainRefundQuote = z.object({
  tier: z.enum(TRAIN_REFUND_TIERS),
  /** Percent of the fare kept: 0, 5, 10 or 20. */
  feePercent: z.number().int(),
  departureAt: z.string(),
  lines: z.array(z.object({ passengerId: z.string(), name: z.string(), fare: z.number().int(), fee: z.number().int(), refund: z.number().int() })),
  totalFare: z.number().int(),
  totalFee: z.number().int(),
  totalRefund: z.number().int(),
  currency: z.literal('CNY'),
});
export type TrainRefundQuote = z.infer<typeof TrainRefundQuote>;
export const TrainRefundAnswer = z.object({ order: TrainOrder, quote: TrainRefundQuote });
export type TrainRefundAnswer = z.infer<typeof TrainRefundAnswer>;

/**
 * POST /order/v2/train/orders/{id}/change (Idempotency-Key): these passengers' tickets to another train the same or a
 * later day (one change per ticket; until 30 minutes before departure). A dearer train is paid from the wallet, a
 * cheaper one refunds the difference less the refund fee on it.
 */
export const TrainChangeBody = z.object({
  passengerIds: z.array(z.string().min(1)).min(1, 'validation.required').max(TRAIN_MAX_PASSENGERS),
  serviceId: z.string().min(1, 'validation.required').max(200, 'validation.tooLong'),
  from: StationCode,
  to: StationCode,
  seatClass: z.enum(SEAT_CLASSES),
  /**
   * Sleepers (required there, refused elsewhere): the berth every new ticket gets, priced as that berth (upper, middle
   * and lower berths cost differently). The railway sells that berth or nothing (SOLD_OUT), since a change is priced
   * before it is made and cannot be undone.
   */
  berth: z.enum(BERTHS).optional(),
  /** The new train's departure date from the search (YYYY-MM-DD): the same day as the ticket's or later. */
  date: z.string({ error: 'train.search.dateRequired' }).regex(/^\d{4}-\d{2}-\d{2}$/, 'train.search.dateRequired'),
  /** The most the agent accepts to pay on top, fen (0: only a free or cheaper change). */
  acceptedDifference: z.number().int().min(0).max(MAX_AMOUNT_MINOR, 'validation.amount.max'),
});
export type TrainChangeBody = z.infer<typeof TrainChangeBody>;
export const TrainChangeAnswer = z.object({
  order: TrainOrder,
  /** Per changed passenger, fen: new fare less old (positive paid from the wallet as change-train, negative refunded less the fee). */
  lines: z.array(z.object({ passengerId: z.string(), oldFare: z.number().int(), newFare: z.number().int(), difference: z.number().int(), fee: z.number().int() })),
  /** Charged (positive) or returned (negative) in total, fen. */
  settled: z.number().int(),
});
export type TrainChangeAnswer = z.infer<typeof TrainChangeAnswer>;

const HOUR_MS = 3_600_000;
/** China wall-clock "YYYY-MM-DDTHH:mm" (UTC+8 all year) as an instant. */
export const chinaTimeToInstant = (local: string) => new Date(`${local.length === 16 ? `${local}:00` : local}+08:00`);

/**
 * 12306's refund fee for one ticket (China Railway's published rule, reported in domain facts): 8 days (192 h) or
 * more before departure free; 48 h up to 8 days 5%; 24 h up to 48 h 10%; under 24 h 20%; the fee rounded to the
 * nearest 0.5 CNY (a remainder from 0.25 CNY rounds up), never above the fare. Null once the train has left (no
 * refund). Pure, so the web shows the same figure the server quotes.
 */
export function trainRefundFee(fare: number, departureAt: Date, now: Date): { tier: TrainRefundTier; feePercent: number; fee: number } | null {
  const left = departureAt.getTime() - now.getTime();
  if (left <= 0) return null;
  const [tier, feePercent]: [TrainRefundTier, number] =
    left >= 8 * 24 * HOUR_MS ? ['free', 0] : left >= 48 * HOUR_MS ? ['days2to8', 5] : left >= 24 * HOUR_MS ? ['hours24to48', 10] : ['under24h', 20];
  // fare x percent is in hundredths of a fen; 0.5 CNY = 50 fen = 5000 hundredths; + 2500 rounds half up.
  const fee = Math.floor((fare * feePercent + 2500) / 5000) * 50;
  return { tier, feePercent, fee: Math.min(fare, fee) };
}

/**
 * The fares of a class offer for a berth: a sleeper's berth is priced as that berth (its berthPrices line), anything
 * else (and a sleeper without a berth named) at the offer's headline fare, the cheapest berth.
 */
export function trainBerthFare(offer: Pick<TrainClassOffer, 'price' | 'childPrice' | 'berthPrices'>, berth?: Berth | null): { price: number; childPrice: number } {
  const line = berth ? offer.berthPrices?.find((b) => b.berth === berth) : undefined;
  return line ? { price: line.price, childPrice: line.childPrice } : { price: offer.price, childPrice: offer.childPrice };
}
/** Sleeper classes: the ones sold by berth. */
export const SLEEPER_CLASSES: readonly SeatClass[] = ['soft_sleeper', 'hard_sleeper'];

/** One ticket to change: its passenger, ticket type (a child pays the child fare) and the fare it was bought at, fen. */
export interface TrainChangeTicket {
  passengerId: string;
  ticketType: TrainTicketType;
  fare: number;
}
export interface TrainChangeQuoteLine {
  passengerId: string;
  oldFare: number;
  newFare: number;
  /** New fare less old: positive is paid, negative is returned less `fee`. */
  difference: number;
  /** 12306's refund fee on the part returned (cheaper train only), at `now`. */
  fee: number;
}
export interface TrainChangeQuote {
  lines: TrainChangeQuoteLine[];
  /** Paid from the wallet (change-train): the sum of the dearer differences; the server refuses a change above the accepted figure. */
  owed: number;
  /** Back to the wallet (refund-train): the cheaper differences less their fees. */
  returned: number;
}

/**
 * What changing these tickets to a class offer from a search costs (12306: a dearer ticket pays the difference, a
 * cheaper one refunds it less the refund fee on that part, by the original train's time to departure). On a sleeper
 * the new fare is the chosen berth's (trainBerthFare). The server
 * settles `owed` against the agent's accepted difference before asking the railway; the web shows the same figures.
 * Pure: the one reading of the rule for both.
 */
export function trainChangeQuote(
  tickets: TrainChangeTicket[],
  offer: Pick<TrainClassOffer, 'price' | 'childPrice' | 'berthPrices'>,
  departureAt: Date,
  now: Date,
  berth?: Berth | null,
): TrainChangeQuote {
  const fares = trainBerthFare(offer, berth);
  const lines = tickets.map((t): TrainChangeQuoteLine => {
    const newFare = t.ticketType === 'child' ? fares.childPrice : fares.price;
    const difference = newFare - t.fare;
    const fee = difference < 0 ? (trainRefundFee(-difference, departureAt, now)?.fee ?? 0) : 0;
    return { passengerId: t.passengerId, oldFare: t.fare, newFare, difference, fee };
  });
  return {
    lines,
    owed: lines.reduce((s, l) => s + Math.max(0, l.difference), 0),
    returned: lines.reduce((s, l) => s + Math.max(0, -l.difference - l.fee), 0),
  };
}

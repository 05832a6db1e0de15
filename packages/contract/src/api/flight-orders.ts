import { z } from 'zod';
import { CURRENCIES } from '../currency.ts';
import { MAX_AMOUNT_MINOR } from '../amounts.ts';
import { PAYMENT_CHANNELS } from './agencies.ts';
import { AfterSalesRequest, RelatedOrder, ScheduleNotice } from './after-sales.ts';
import { Baggage, CABIN_CLASSES, CancellationPolicy, INVOICE_TYPES, Leg, PASSENGER_TYPES, PRODUCT_TYPES, Restrictions } from './shopping.ts';

/**
 * Flight orders (order/v2/flight/orders, spec points 3, 4 and 7). Money is integer minor units of `currency` (the
 * agency's settlement currency at booking). Order kinds share one table; change, refund and void orders point at the
 * order they amend through `originalOrderId`.
 */

export const ORDER_TYPES = ['origin', 'change', 'refund', 'void'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];

/** Spec point 4: every status a flight order of any kind can have. */
export const ORIGIN_STATUSES = [
  'holding',
  'to_be_paid',
  'reserved',
  'reviewing',
  'proceeding',
  'issued',
  'failed',
  'failed_reimbursing',
  'failed_reimbursed',
  'closed',
  'canceled',
] as const;
export const CHANGE_STATUSES = ['chg_reviewing', 'chg_rejected', 'chg_to_be_paid', 'chg_proceeding', 'changed'] as const;
export const REFUND_STATUSES = ['rfd_reviewing', 'rfd_rejected', 'rfd_to_be_confirm', 'rfd_proceeding', 'refunded', 'refunded_reimbursing', 'refunded_reimbursed'] as const;
export const VOID_STATUSES = ['void_proceeding', 'void_rejected', 'voided', 'voided_reimbursing', 'voided_reimbursed'] as const;
const VARIANT_KINDS = ['origin', 'change', 'refund', 'void'] as const;
const VARIANT_STATES = ['canceled', 'holding', 'failed'] as const;
export const VARIANT_STATUSES = VARIANT_KINDS.flatMap((k) => VARIANT_STATES.map((s) => `${k}_${s}` as const));
export const ORDER_STATUSES = [...ORIGIN_STATUSES, ...CHANGE_STATUSES, ...REFUND_STATUSES, ...VOID_STATUSES, ...VARIANT_STATUSES] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const isOrderStatus = (s: string): s is OrderStatus => (ORDER_STATUSES as readonly string[]).includes(s);

/** Spec point 4, status tags: the display class of each status. */
export type StatusTone = 'success' | 'warning' | 'error' | 'info' | 'primary';
export function statusTone(status: OrderStatus): StatusTone {
  if (['reserved', 'issued', 'changed', 'refunded', 'refunded_reimbursed', 'voided_reimbursed'].includes(status)) return 'success';
  if (status.endsWith('failed') || status.endsWith('rejected') || status.endsWith('holding')) return 'error';
  if (status.endsWith('canceled') || status === 'closed' || status === 'voided') return 'info';
  if (status.endsWith('reviewing') || status.endsWith('reimbursing') || (status.endsWith('proceeding') && status !== 'proceeding')) return 'warning';
  return 'primary';
}

/**
 * Spec point 2, flight order menu: the pending groups and which statuses each covers. The badge of a group is the sum
 * of its statuses' counts (GET /order/v2/flight/orders/status).
 */
export const PENDING_GROUPS = {
  toBePaid: ['to_be_paid', 'chg_to_be_paid'],
  reviewing: ['reviewing', 'chg_reviewing', 'rfd_reviewing'],
  proceeding: ['proceeding', 'chg_proceeding', 'rfd_proceeding', 'void_proceeding'],
  pendingConfirm: ['rfd_to_be_confirm'],
  refunding: ['failed_reimbursing', 'refunded_reimbursing', 'voided_reimbursing'],
} as const satisfies Record<string, readonly OrderStatus[]>;
export type PendingGroup = keyof typeof PENDING_GROUPS;
export const BADGE_MAX = 99;

export const PAYMENT_STATUSES = ['paid', 'unpaid'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const GENDERS = ['male', 'female'] as const;
export type Gender = (typeof GENDERS)[number];
/** Spec point 3: the shorter list of document types used in booking. */
export const BOOKING_DOCUMENT_TYPES = ['idcard', 'passport', 'chinese-passport', 'eep'] as const;
/** Every document type the spec names (fare restrictions may list any of them). */
export const DOCUMENT_TYPES = ['idcard', 'passport', 'chinese-passport', 'internationalityPassport', 'tphm', 'eep', 'tptw', 'ttpmr', 'fpridcard', 'rphmt'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/**
 * One passenger as transmitted (spec point 3: birthday, gender, given_names, nationality, surname, travel_document,
 * type). Fields are plain strings here so the shared validation module (passengers/validate.ts) answers every rule
 * with the spec's message and a field path, instead of a generic type error.
 */
export const PassengerInput = z.object({
  type: z.string().default(''),
  surname: z.string().default(''),
  given_names: z.string().default(''),
  gender: z.string().default(''),
  birthday: z.string().default(''),
  nationality: z.string().default(''),
  travel_document: z
    .object({
      type: z.string().default(''),
      number: z.string().default(''),
      expiryDate: z.string().nullish(),
      issuingCountry: z.string().nullish(),
    })
    .default({ type: '', number: '' }),
  frequentFlyer: z.object({ airline: z.string(), number: z.string() }).nullish(),
});
export type PassengerInput = z.input<typeof PassengerInput>;

export const ContactInput = z.object({
  name: z.string().default(''),
  email: z.string().default(''),
  /** Calling code without "+", e.g. "86". */
  areaCode: z.string().default(''),
  phone: z.string().default(''),
}).meta({ id: 'Contact' });
export type ContactInput = z.input<typeof ContactInput>;

/** POST /order/v2/flight/orders (Idempotency-Key header required). */
export const CreateOrderBody = z.object({
  searchId: z.string().min(1, 'validation.required'),
  fareId: z.string().min(1, 'validation.required'),
  /** The total the agent saw and accepts, minor units of the settlement currency. */
  acceptedTotal: z.number().int().min(0).max(MAX_AMOUNT_MINOR, 'validation.amount.max'),
  passengers: z.array(PassengerInput).max(18, 'validation.invalid'),
  contact: ContactInput,
  remark: z.string().trim().max(500, 'validation.tooLong').nullish(),
});
export type CreateOrderBody = z.input<typeof CreateOrderBody>;

/** Refused because the price went up: `data` of the PRICE_CHANGED answer. */
export const PriceChangedData = z.object({ previousTotal: z.number().int(), newTotal: z.number().int(), currency: z.enum(CURRENCIES) });
export type PriceChangedData = z.infer<typeof PriceChangedData>;

/**
 * What the caller may do on an order now. On an issued order (or a changed one) the after-sales requests; on a refund
 * order with a quote, confirmRefund.
 */
export const ORDER_ACTIONS = ['pay', 'cancel', 'downloadItinerary', 'downloadTicket', 'requestChange', 'requestRefund', 'requestVoid', 'confirmRefund'] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];
/**
 * Desk decisions. approve: a booking under review may be paid; a change or refund request is quoted (refund: the quote
 * the agent confirms, optionally adjusted within the fare rules). markProcessed: the desk did the change, refund or
 * void at the airline by hand. retryTicketing also retries a change, refund or void call to the supplier.
 */
export const DESK_ACTIONS = ['approve', 'reject', 'retryTicketing', 'markFailed', 'markProcessed'] as const;
export type DeskAction = (typeof DESK_ACTIONS)[number];

export const OrderPassenger = z.object({
  id: z.string(),
  type: z.enum(PASSENGER_TYPES),
  surname: z.string(),
  givenNames: z.string(),
  gender: z.enum(GENDERS),
  birthday: z.string(),
  nationality: z.string(),
  document: z.object({
    type: z.string(),
    /** Masked except the last 4 characters. */
    number: z.string(),
    expiryDate: z.string().nullable(),
    issuingCountry: z.string().nullable(),
  }),
  frequentFlyer: z.object({ airline: z.string(), number: z.string() }).nullable(),
  /** 13 digits (validating carrier prefix + 10), once issued. */
  ticketNumber: z.string().nullable(),
});
export type OrderPassenger = z.infer<typeof OrderPassenger>;

/** Spec point 3, Price: per passenger type, per passenger. */
export const OrderPriceLine = z.object({
  passengerType: z.enum(PASSENGER_TYPES),
  count: z.number().int(),
  /** Ticket price: the fare before taxes. */
  ticketPrice: z.number().int(),
  /** Face value: fare plus taxes as printed on the ticket. */
  faceValue: z.number().int(),
  tax: z.number().int(),
  airportTax: z.number().int(),
  fuelSurcharge: z.number().int(),
  /** Negative adjustments (area discount); 0 or positive number shown as a discount. */
  discount: z.number().int(),
  serviceFee: z.number().int(),
  /** What the agency pays per passenger. */
  sellingPrice: z.number().int(),
  /** Platform only: what the supplier is paid per passenger; null for agencies. */
  costPrice: z.number().int().nullable(),
});
export type OrderPriceLine = z.infer<typeof OrderPriceLine>;

export const OrderEvent = z.object({
  at: z.string(),
  event: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  actor: z.object({ kind: z.enum(['user', 'platform', 'system']), name: z.string().nullable() }),
  remark: z.string().nullable(),
});
export type OrderEvent = z.infer<typeof OrderEvent>;

export const FlightOrder = z.object({
  id: z.string(),
  bookingNumber: z.string(),
  type: z.enum(ORDER_TYPES),
  originalOrderId: z.string().nullable(),
  status: z.enum(ORDER_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  /** The supplier's record locator (PNR). */
  recordLocator: z.string().nullable(),
  /** Shown to agencies whose config shows suppliers, and to the platform. */
  supplier: z.string().nullable(),
  validatingCarrier: z.string(),
  cabin: z.enum(CABIN_CLASSES),
  brand: z.string().nullable(),
  fareBasis: z.array(z.string()),
  productType: z.enum(PRODUCT_TYPES),
  /** The ticketing-speed promise of the product type, minutes (null: before a stated time). */
  ticketingPromiseMinutes: z.number().int().nullable(),
  invoiceType: z.enum(INVOICE_TYPES),
  baggage: Baggage,
  cancellationPolicy: z.array(CancellationPolicy),
  restrictions: Restrictions,
  legs: z.array(Leg),
  passengers: z.array(OrderPassenger),
  contact: z.object({ name: z.string(), email: z.string(), areaCode: z.string(), phone: z.string() }),
  currency: z.enum(CURRENCIES),
  priceLines: z.array(OrderPriceLine),
  /** Sum of sellingPrice x count. */
  total: z.number().int(),
  /** Fee of the payment channel paid on top of the total (0 for balance and credit). */
  transactionFee: z.number().int(),
  /** Platform only. */
  costTotal: z.number().int().nullable(),
  paymentDeadline: z.string().nullable(),
  paymentMethod: z.enum(PAYMENT_CHANNELS).nullable(),
  paidAt: z.string().nullable(),
  issuedAt: z.string().nullable(),
  reviewRemark: z.string().nullable(),
  remark: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.object({ id: z.string().nullable(), name: z.string().nullable() }),
  companyName: z.string(),
  /** What the caller may do now (the state machine decides). */
  actions: z.array(z.enum(ORDER_ACTIONS)),
  /** Platform operations desk only: its actions on this order. */
  deskActions: z.array(z.enum(DESK_ACTIONS)),
  events: z.array(OrderEvent),
  /** Change, refund and void orders: the request (reason, passengers, legs, quote, documents). */
  request: AfterSalesRequest.nullable(),
  /** The original order and every after-sales order of the same booking (excluding this one). */
  related: z.array(RelatedOrder),
  /** Issued orders: the end of the ticketing day at the issuing office, after which a void is no longer possible. */
  voidDeadline: z.string().nullable(),
  /** Airline schedule changes on this order's flights. */
  notices: z.array(ScheduleNotice),
}).meta({ id: 'FlightOrder' });
export type FlightOrder = z.infer<typeof FlightOrder>;

const csv = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .string()
    .transform((s) => s.split(',').map((x) => x.trim()).filter(Boolean))
    .pipe(z.array(z.enum(values)));
const DateOnly = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date');
const Text = (max: number) => z.string().trim().max(max, 'validation.tooLong').optional().transform((v) => (v ? v : undefined));

export const ORDER_SORTS = ['createdAt', 'departure'] as const;
export const OrderListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  type: z.enum(['all', ...ORDER_TYPES]).default('all'),
  /** Comma-separated statuses. */
  status: csv(ORDER_STATUSES).optional(),
  bookingNumber: Text(40),
  pnr: Text(10),
  ticketNumber: Text(20),
  passengerName: Text(60),
  flightNumber: Text(10),
  createdFrom: DateOnly.optional(),
  createdTo: DateOnly.optional(),
  departureFrom: DateOnly.optional(),
  departureTo: DateOnly.optional(),
  paymentStatus: z.enum(PAYMENT_STATUSES).optional(),
  /** A user id of the caller's agency. */
  createdBy: z.string().uuid().optional(),
  sort: z.enum(ORDER_SORTS).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type OrderListQuery = z.input<typeof OrderListQuery>;

export const OrderListItem = z.object({
  id: z.string(),
  bookingNumber: z.string(),
  type: z.enum(ORDER_TYPES),
  status: z.enum(ORDER_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  recordLocator: z.string().nullable(),
  validatingCarrier: z.string(),
  /** "PEK-SHA", "PEK-SHA-PEK". */
  route: z.string(),
  flightNumbers: z.array(z.string()),
  /** Local departure time of the first flight, "YYYY-MM-DDTHH:mm". */
  departure: z.string(),
  passengers: z.array(z.string()),
  ticketNumbers: z.array(z.string()),
  total: z.number().int(),
  currency: z.enum(CURRENCIES),
  paymentDeadline: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
});
export type OrderListItem = z.infer<typeof OrderListItem>;
export const OrderListAnswer = z.object({ items: z.array(OrderListItem), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type OrderListAnswer = z.infer<typeof OrderListAnswer>;

export const StatusCountQuery = z.object({ status: csv(ORDER_STATUSES).optional() });
export const StatusCount = z.object({ status: z.enum(ORDER_STATUSES), cnt: z.number().int() });
export const StatusCountAnswer = z.array(StatusCount);
export type StatusCount = z.infer<typeof StatusCount>;

/** GET /order/v2/flight/orders/voyage: one row per passenger and flight, by departure. */
export const VoyageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  departureFrom: DateOnly.optional(),
  departureTo: DateOnly.optional(),
  passengerName: Text(60),
  flightNumber: Text(10),
  status: csv(ORDER_STATUSES).optional(),
});
export type VoyageQuery = z.input<typeof VoyageQuery>;
export const VoyageRow = z.object({
  orderId: z.string(),
  bookingNumber: z.string(),
  passenger: z.string(),
  passengerType: z.enum(PASSENGER_TYPES),
  flightNumber: z.string(),
  origin: z.string(),
  destination: z.string(),
  departure: z.string(),
  arrival: z.string(),
  cabin: z.enum(CABIN_CLASSES),
  bookingClass: z.string(),
  recordLocator: z.string().nullable(),
  ticketNumber: z.string().nullable(),
  status: z.enum(ORDER_STATUSES),
});
export type VoyageRow = z.infer<typeof VoyageRow>;
export const VoyageAnswer = z.object({ items: z.array(VoyageRow), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type VoyageAnswer = z.infer<typeof VoyageAnswer>;

/** POST /order/v2/flight/orders/{id}/payment (Idempotency-Key header required). */
export const PayOrderBody = z.object({ method: z.enum(PAYMENT_CHANNELS) });
export type PayOrderBody = z.infer<typeof PayOrderBody>;
export const PayOrderAnswer = z.object({
  status: z.enum(ORDER_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  /** External channels: the hosted page to send the payer to; null for balance and credit. */
  redirectUrl: z.string().nullable(),
  transactionId: z.string().nullable(),
});
export type PayOrderAnswer = z.infer<typeof PayOrderAnswer>;

/**
 * Itinerary download (spec point 5: fare, tax, service charge and quantity required): what the agency's customer will
 * see, per passenger, in minor units of the order currency. The PDF prints in `lang` (default: the caller's).
 */
export const ItineraryBody = z.object({
  fare: z.number({ error: 'validation.required' }).int().min(0),
  tax: z.number({ error: 'validation.required' }).int().min(0),
  serviceCharge: z.number({ error: 'validation.required' }).int().min(0),
  quantity: z.number({ error: 'validation.required' }).int().min(1).max(18),
  lang: z.enum(['en', 'zh-CN', 'zh-TW']).optional(),
});
export type ItineraryBody = z.infer<typeof ItineraryBody>;

/** Operations desk (platform staff): the remark shown to the agency (required to reject). */
export const DeskActionBody = z.object({
  remark: z.string().trim().max(500, 'validation.tooLong').nullish(),
  /** approve on a refund request: the quote as the desk sets it (default: the fare rules' own quote). */
  involuntary: z.boolean().optional(),
  lines: z.array(z.object({ passengerId: z.string(), refundFee: z.number().int().min(0).nullable(), serviceFee: z.number().int().min(0) })).max(18).optional(),
});
export type DeskActionBody = z.infer<typeof DeskActionBody>;
export const DeskQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  /** needsPerson = reviewing, holding, failed, proceeding for too long, or due within the hour; change, refund, void = the after-sales queues (requests waiting for the desk or the airline). */
  view: z.enum(['needsPerson', 'reviewing', 'holding', 'failed', 'dueSoon', 'stuck', 'change', 'refund', 'void']).default('needsPerson'),
});
export const DeskItem = OrderListItem.extend({ companyName: z.string(), companyCode: z.string(), reason: z.string(), deskActions: z.array(z.enum(DESK_ACTIONS)) });
export type DeskItem = z.infer<typeof DeskItem>;
export const DeskAnswer = z.object({ items: z.array(DeskItem), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type DeskAnswer = z.infer<typeof DeskAnswer>;

/** Booking notification webhooks (flight config bookingNotificationUrl). */
export const WebhookSecretAnswer = z.object({ secret: z.string(), createdAt: z.string() });
export const WebhookSecretStatus = z.object({ configured: z.boolean(), createdAt: z.string().nullable(), url: z.string().nullable() });
export const WebhookDelivery = z.object({
  id: z.string(),
  event: z.string(),
  orderId: z.string().nullable(),
  bookingNumber: z.string().nullable(),
  url: z.string(),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;
export const WebhookDeliveryAnswer = z.object({ items: z.array(WebhookDelivery), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });

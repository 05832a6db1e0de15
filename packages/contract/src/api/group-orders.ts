// CONTRACT READY
import { z } from 'zod';
import { CURRENCIES } from '../currency.ts';
import { MAX_AMOUNT_MINOR } from '../amounts.ts';
import { CABIN_CLASSES, Journey, MAX_JOURNEYS, PASSENGER_TYPES } from './shopping.ts';
import { ContactInput, OrderEvent } from './flight-orders.ts';
import { GroupNames } from './group-names.ts';
import { PAYMENT_CHANNELS } from './agencies.ts';
import { TRANSACTION_STATUSES } from './bills.ts';

/**
 * Group flights (issue 12, spec points 2, 3, 4, 5, 8, 9): bought on request under /order/v2/flight/group/... The agency
 * asks, the platform's group desk (or its simulator) quotes, the agency confirms before the quote's deadline, then
 * seats, instalments, names and ticketing. Money is integer minor units of `currency`.
 */

/** Spec point 4: every status a group order can have. */
export const GROUP_ORDER_STATUSES = [
  'to_be_quote',
  'to_be_confirm',
  'to_be_apply_seat',
  'seat_applying',
  'to_be_pay_first',
  'to_be_pay_second',
  'to_be_pay_third',
  'to_be_paid_last_money',
  'proceeding',
  'issued',
  'failed',
  'canceled',
  'closed',
] as const;
export type GroupOrderStatus = (typeof GROUP_ORDER_STATUSES)[number];
export const isGroupOrderStatus = (s: string): s is GroupOrderStatus => (GROUP_ORDER_STATUSES as readonly string[]).includes(s);

export const GROUP_TRIP_TYPES = ['oneway', 'return', 'multi'] as const;
export type GroupTripType = (typeof GROUP_TRIP_TYPES)[number];

/** Spec point 3: a group is ten travellers and more (adults and children; infants sit on a lap). */
export const GROUP_MIN_TRAVELLERS = 10;
export const GROUP_MAX_TRAVELLERS = 99;
/** Latest departure date a group may ask for, in days from today at the origin (airlines open sales ~361 days out). */
export const GROUP_MAX_DAYS_AHEAD = 361;
export const GROUP_REMARK_MAX = 200;
export const GROUP_ORDER_REMARK_MAX = 500;

const Remark = (max: number) => z.string().trim().max(max, 'validation.tooLong').default('');

/**
 * One journey of the request. Codes follow the flight search (a city or an airport, 3 letters); origin and destination
 * in different cities, dates real, not in the past at the origin and within GROUP_MAX_DAYS_AHEAD are checked by the
 * server with the search's message keys (they need the location reference data).
 */
export const GroupJourney = z.object({
  origin: Journey.shape.origin,
  destination: Journey.shape.destination,
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.invalid'),
  remark: Remark(GROUP_REMARK_MAX),
  /** The dates may move (the desk may quote another day). */
  isChangeDate: z.boolean().default(false),
  /** Other flights are acceptable (the desk may quote another flight than the one asked for in the remark). */
  acceptChangeFlight: z.boolean().default(false),
});
export type GroupJourney = z.infer<typeof GroupJourney>;

/** Spec point 3: the group form's defaults are adult 10, child 10, infant 0. */
export const GroupPassengers = z.object({
  adult: z.number().int().min(0).max(GROUP_MAX_TRAVELLERS, 'group.passengers.max').default(10),
  child: z.number().int().min(0).max(GROUP_MAX_TRAVELLERS, 'group.passengers.max').default(10),
  infant: z.number().int().min(0).max(GROUP_MAX_TRAVELLERS, 'group.passengers.max').default(0),
});
export type GroupPassengers = z.infer<typeof GroupPassengers>;

/**
 * The count rules as a pure function so the web form and the server answer the same keys on the same fields: at least
 * GROUP_MIN_TRAVELLERS seated travellers, at most GROUP_MAX_TRAVELLERS, no more infants than adults.
 */
export function groupPassengerErrors(p: GroupPassengers): Record<string, 'group.passengers.min' | 'group.passengers.max' | 'shopping.search.infants'> {
  const seated = p.adult + p.child;
  const errors: Record<string, 'group.passengers.min' | 'group.passengers.max' | 'shopping.search.infants'> = {};
  if (seated < GROUP_MIN_TRAVELLERS) errors['passengers.adult'] = 'group.passengers.min';
  else if (seated > GROUP_MAX_TRAVELLERS) errors['passengers.adult'] = 'group.passengers.max';
  if (p.infant > p.adult) errors['passengers.infant'] = 'shopping.search.infants';
  return errors;
}

/** POST /order/v2/flight/group/orders (Idempotency-Key header required). */
export const GroupBookingBody = z
  .object({
    tripType: z.enum(GROUP_TRIP_TYPES).default('oneway'),
    journeys: z
      .array(GroupJourney, { error: 'flight.booking.journeyError.empty' })
      .min(1, 'flight.booking.journeyError.empty')
      .max(MAX_JOURNEYS, 'shopping.search.tooManyJourneys'),
    passengers: GroupPassengers.default({ adult: 10, child: 10, infant: 0 }),
    cabin: z.enum(CABIN_CLASSES).default('economy'),
    /** Checked with the booking's validateContact (passengers/validate.ts): its keys on contact.<field>. */
    contact: ContactInput,
    remark: Remark(GROUP_ORDER_REMARK_MAX),
  })
  .superRefine((body, ctx) => {
    for (const [path, key] of Object.entries(groupPassengerErrors(body.passengers))) ctx.addIssue({ code: 'custom', path: path.split('.'), message: key });
    if (body.tripType === 'return' && body.journeys.length !== 2) ctx.addIssue({ code: 'custom', path: ['journeys'], message: 'group.journeys.return' });
    if (body.tripType === 'oneway' && body.journeys.length !== 1) ctx.addIssue({ code: 'custom', path: ['journeys'], message: 'group.journeys.oneway' });
  });
export type GroupBookingBody = z.input<typeof GroupBookingBody>;
/** The request as stored and shown: every default applied, contact normalised. */
export type GroupRequest = z.output<typeof GroupBookingBody>;
export const GroupRequest = z.object({
  tripType: z.enum(GROUP_TRIP_TYPES),
  journeys: z.array(GroupJourney),
  passengers: GroupPassengers,
  cabin: z.enum(CABIN_CLASSES),
  contact: z.object({ name: z.string(), email: z.string(), areaCode: z.string(), phone: z.string() }),
  remark: z.string(),
});

export const GroupQuoteFlight = z.object({
  carrier: z.string().regex(/^[A-Z0-9]{2}$/, 'validation.invalid'),
  /** The whole designator as on the ticket, carrier included (CA1501), like the search's segments. */
  flightNumber: z.string().trim().min(1, 'validation.required').max(8, 'validation.tooLong'),
  origin: z.string().regex(/^[A-Z]{3}$/, 'validation.city'),
  destination: z.string().regex(/^[A-Z]{3}$/, 'validation.city'),
  /** Local wall-clock time at the airport, "YYYY-MM-DDTHH:mm". */
  departure: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'validation.invalid'),
  arrival: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'validation.invalid'),
});
export type GroupQuoteFlight = z.infer<typeof GroupQuoteFlight>;
export const GroupQuoteJourney = z.object({
  /** Index into request.journeys. */
  journeyIndex: z.number().int().min(0).max(MAX_JOURNEYS - 1),
  flights: z.array(GroupQuoteFlight).min(1, 'validation.list.empty').max(4),
});
export type GroupQuoteJourney = z.infer<typeof GroupQuoteJourney>;
/** Per traveller of the type, all journeys together. */
export const GroupPriceLine = z.object({
  passengerType: z.enum(PASSENGER_TYPES),
  fare: z.number().int().min(0).max(MAX_AMOUNT_MINOR, 'validation.amount.max'),
  tax: z.number().int().min(0).max(MAX_AMOUNT_MINOR, 'validation.amount.max'),
  currency: z.enum(CURRENCIES),
});
export type GroupPriceLine = z.infer<typeof GroupPriceLine>;

/** Spec point 9: up to three deposits plus the final payment, each with a deadline. Deposits are not refunded. */
export const GROUP_INSTALMENT_KINDS = ['deposit1', 'deposit2', 'deposit3', 'final'] as const;
export type GroupInstalmentKind = (typeof GROUP_INSTALMENT_KINDS)[number];
export const GroupInstalment = z.object({
  kind: z.enum(GROUP_INSTALMENT_KINDS),
  amount: z.number().int().min(1).max(MAX_AMOUNT_MINOR, 'validation.amount.max'),
  /** ISO instant. */
  dueAt: z.string().datetime({ offset: true, error: 'validation.invalid' }),
});
export type GroupInstalment = z.infer<typeof GroupInstalment>;

/** The desk's answer as stored on the group: `version` grows with every requote; `total` = sum of (fare + tax) x count. */
export const GroupQuote = z.object({
  version: z.number().int().min(1),
  journeys: z.array(GroupQuoteJourney),
  prices: z.array(GroupPriceLine),
  total: z.number().int(),
  currency: z.enum(CURRENCIES),
  /** ISO instant: confirm before this or the quote lapses and the group closes. */
  confirmBy: z.string(),
  /** Seats the quote holds (adults + children). */
  seats: z.number().int(),
  /** Deposits in order (1 to 3) then the final payment; amounts sum to total. */
  paymentPlan: z.array(GroupInstalment),
  remark: z.string(),
  quotedAt: z.string(),
  /** 'desk' (a platform user) or 'simulator'. */
  quotedBy: z.string(),
});
export type GroupQuote = z.infer<typeof GroupQuote>;

/**
 * POST /order/v2/flight/group/orders/{id}/quote (platform group desk): the quote without its version and total, which
 * the server computes. Every journey of the request quoted once; one price line per passenger type travelling; one
 * currency; paymentPlan = 1-3 deposits in order then 'final', amounts summing to the total, deadlines in order and
 * after now; confirmBy in the future and not after the first deadline.
 */
export const GroupDeskQuoteBody = z.object({
  journeys: z.array(GroupQuoteJourney).min(1, 'validation.list.empty').max(MAX_JOURNEYS),
  prices: z.array(GroupPriceLine).min(1, 'validation.list.empty').max(3),
  currency: z.enum(CURRENCIES),
  confirmBy: z.string().datetime({ offset: true, error: 'validation.invalid' }),
  seats: z.number().int().min(1).max(GROUP_MAX_TRAVELLERS),
  paymentPlan: z.array(GroupInstalment).min(2, 'group.quote.planOrder').max(4, 'group.quote.planOrder'),
  remark: Remark(GROUP_ORDER_REMARK_MAX),
});
export type GroupDeskQuoteBody = z.input<typeof GroupDeskQuoteBody>;

/** POST /order/v2/flight/group/orders/{id}/rejection (platform group desk): no flights for this group; it closes. */
export const GroupDeskRejectBody = z.object({ remark: z.string().trim().min(1, 'validation.required').max(GROUP_ORDER_REMARK_MAX, 'validation.tooLong') });
export type GroupDeskRejectBody = z.infer<typeof GroupDeskRejectBody>;

/** POST /order/v2/flight/group/orders/{id}/confirmation: the quote version the agent read and accepts. */
export const GroupConfirmBody = z.object({ quoteVersion: z.number().int().min(1) });
export type GroupConfirmBody = z.infer<typeof GroupConfirmBody>;

/**
 * POST /order/v2/flight/group/orders/{id}/seats (platform group desk): the outcome of applying for the seats of a
 * confirmed group. `secured`: the seats are held as quoted (-> to_be_pay_first; the plan's deadlines stay as quoted).
 * `changed`: the airline offers fewer seats or other flights: a new quote version (same rules as a quote, except
 * `seats` may be fewer than asked) goes back to the agency to accept (-> to_be_confirm).
 */
export const GroupSeatsBody = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('secured'), remark: Remark(GROUP_ORDER_REMARK_MAX) }),
  z.object({ outcome: z.literal('changed'), quote: GroupDeskQuoteBody, remark: Remark(GROUP_ORDER_REMARK_MAX) }),
]);
export type GroupSeatsBody = z.input<typeof GroupSeatsBody>;

/**
 * The travellers a quote of `seats` seats carries, as the server prices a `changed` quote: everyone when there is a
 * seat for every adult and child; with fewer seats adults keep theirs first, then children, and infants (on a lap)
 * are no more than the adults kept. Here so the desk's form totals a changed quote exactly as the server does.
 */
export function groupHeldPassengers(asked: GroupPassengers, seats: number): GroupPassengers {
  const adult = Math.max(0, Math.min(asked.adult, seats));
  const child = Math.max(0, Math.min(asked.child, seats - adult));
  return { adult, child, infant: Math.min(asked.infant, adult) };
}

/**
 * Group instalments are paid with the flight orders' payment methods, those the agency is allowed (its payment
 * settings): from the wallet, cash only (`balance`) or cash then the credit line (`credit`), or through an external
 * channel's hosted page, the instalment being paid when the channel confirms.
 */
export const GROUP_PAYMENT_METHODS = PAYMENT_CHANNELS;
export type GroupPaymentMethod = (typeof GROUP_PAYMENT_METHODS)[number];

/**
 * POST /order/v2/flight/group/orders/{id}/payment (Idempotency-Key header required): pays the next due instalment,
 * exactly its amount, in the quote's currency. Spec point 9: deposits are not refunded on cancellation or a missed
 * deadline, and the agency is told before it pays: `acknowledgeNonRefundable` must be true. `amount`, when sent, is
 * the figure the agent was shown; a different current amount is refused rather than charged.
 */
export const GroupPaymentBody = z.object({
  instalment: z.enum(GROUP_INSTALMENT_KINDS),
  method: z.enum(GROUP_PAYMENT_METHODS),
  acknowledgeNonRefundable: z.literal(true, { error: 'group.payment.acknowledge' }),
  amount: z.number().int().min(1).max(MAX_AMOUNT_MINOR, 'validation.amount.max').optional(),
});
export type GroupPaymentBody = z.input<typeof GroupPaymentBody>;

/** An instalment paid (oldest first on GroupOrder.payments). */
export const GroupPayment = z.object({
  kind: z.enum(GROUP_INSTALMENT_KINDS),
  amount: z.number().int(),
  currency: z.enum(CURRENCIES),
  /** ISO instant. */
  paidAt: z.string(),
  method: z.enum(GROUP_PAYMENT_METHODS),
});
export type GroupPayment = z.infer<typeof GroupPayment>;

/** What an agency gives up by cancelling (spec point 9): the sum of what it paid, in minor units of `currency`. */
export interface GroupForfeit {
  amount: number;
  currency: GroupPayment['currency'];
}

/**
 * The sum a cancellation forfeits: every instalment paid (only deposits can be, while cancelling is allowed), or null
 * when nothing was paid. One currency: payments start only after the seats are secured, when the quote (and so its
 * currency) can no longer change. The server and the cancel dialog both count it here, so they name the same sum.
 */
export function groupForfeitOf(payments: readonly Pick<GroupPayment, 'amount' | 'currency'>[]): GroupForfeit | null {
  if (payments.length === 0) return null;
  return { amount: payments.reduce((sum, p) => sum + p.amount, 0), currency: payments[0].currency };
}

/**
 * DELETE /order/v2/flight/group/orders/{id}: the agency cancels (the body is optional). Spec point 9: deposits paid
 * are not refunded; when any was, `acknowledgeForfeit` must be true (else 400 `group.cancel.acknowledge` on that
 * field) and nothing changes. `forfeitAmount`, when sent, is the sum the agent was shown; a different current sum (a
 * colleague paid meanwhile) is refused (409 `group.cancel.forfeitChanged`) rather than forfeited unseen.
 */
export const GroupCancelBody = z.object({
  remark: Remark(GROUP_ORDER_REMARK_MAX),
  acknowledgeForfeit: z.boolean().optional(),
  forfeitAmount: z.number().int().min(0).max(MAX_AMOUNT_MINOR, 'validation.amount.max').optional(),
});
export type GroupCancelBody = z.input<typeof GroupCancelBody>;

/** The instalment due now (in a to_be_pay_* / to_be_paid_last_money status), else null. */
export const GroupNextInstalment = z.object({ kind: z.enum(GROUP_INSTALMENT_KINDS), amount: z.number().int(), dueAt: z.string() });
export type GroupNextInstalment = z.infer<typeof GroupNextInstalment>;

/**
 * What the caller may do on a group now (the state table decides). `pay`: an instalment is due (nextInstalment);
 * `uploadNames` / `confirmNames`: the passenger list may be (re)uploaded / confirmed.
 */
export const GROUP_ORDER_ACTIONS = ['cancel', 'confirm', 'pay', 'uploadNames', 'confirmNames'] as const;
export type GroupOrderAction = (typeof GROUP_ORDER_ACTIONS)[number];
/** The desk's queue by default: the groups waiting on the desk (a quote, or the seats), oldest first. */
export const GROUP_DESK_DEFAULT_STATUSES: readonly GroupOrderStatus[] = ['to_be_quote', 'to_be_apply_seat', 'seat_applying'];
/** The platform group desk's actions on a group now. `seats`: report the outcome of applying for seats. */
export const GROUP_DESK_ACTIONS = ['quote', 'reject', 'seats'] as const;
export type GroupDeskAction = (typeof GROUP_DESK_ACTIONS)[number];

/**
 * A timeline entry. `message` is set for what the server itself wrote (a lapsed quote, a journey without flights): a
 * message key and its parameters, so each reader sees it in their own language; `remark` is what a person typed.
 */
export const GroupOrderEvent = OrderEvent.extend({
  message: z.object({ key: z.string(), params: z.record(z.string(), z.union([z.string(), z.number()])) }).nullable(),
});
export type GroupOrderEvent = z.infer<typeof GroupOrderEvent>;

export const GroupOrder = z.object({
  id: z.string(),
  /** "G" + yyMMdd + a 4-digit sequence of the day, e.g. G2611260001. */
  bookingNumber: z.string(),
  status: z.enum(GROUP_ORDER_STATUSES),
  request: GroupRequest,
  quote: GroupQuote.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: z.object({ id: z.string().nullable(), name: z.string().nullable() }),
  companyName: z.string(),
  /** Oldest first. */
  timeline: z.array(GroupOrderEvent),
  actions: z.array(z.enum(GROUP_ORDER_ACTIONS)),
  /** Instalments paid, oldest first (deposits are not refunded, spec point 9). */
  payments: z.array(GroupPayment),
  /** The instalment due now, or null. */
  nextInstalment: GroupNextInstalment.nullable(),
  /** Platform group desk only (empty for agencies). */
  deskActions: z.array(z.enum(GROUP_DESK_ACTIONS)),
  /** The passenger list (after the final payment) and, once issued, a ticket per traveller. */
  names: GroupNames,
}).meta({ id: 'GroupOrder' });
export type GroupOrder = z.infer<typeof GroupOrder>;

/**
 * A payment of an instalment opened at an external channel (the flight orders' PayOrderAnswer for groups): send the
 * payer to `redirectUrl`, the channel's hosted page, which closes at `expiresAt` (never after the instalment's
 * deadline). `amount` is the instalment; the payer pays `gross` = amount + the channel's `fee`. The instalment is paid
 * when the channel confirms. `redirectUrl` is null once the payment is no longer open (paid, expired).
 */
export const GroupChannelPayment = z.object({
  transactionId: z.string(),
  channel: z.enum(PAYMENT_CHANNELS),
  instalment: z.enum(GROUP_INSTALMENT_KINDS),
  status: z.enum(TRANSACTION_STATUSES),
  amount: z.number().int(),
  fee: z.number().int(),
  gross: z.number().int(),
  currency: z.enum(CURRENCIES),
  redirectUrl: z.string().nullable(),
  expiresAt: z.string(),
});
export type GroupChannelPayment = z.infer<typeof GroupChannelPayment>;

/**
 * The answer of POST .../{id}/payment: the group as it now stands, and for an external channel the payment opened
 * there (null for balance and credit, which pay at once).
 */
export const GroupPaymentAnswer = GroupOrder.extend({ channelPayment: GroupChannelPayment.nullable() });
export type GroupPaymentAnswer = z.infer<typeof GroupPaymentAnswer>;

const csv = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .string()
    .transform((s) =>
      s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(values)));

/** GET /order/v2/flight/group/orders */
export const GroupOrderListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  /** Comma-separated statuses. */
  status: csv(GROUP_ORDER_STATUSES).optional(),
  /** A prefix of the booking number, case-insensitive. */
  bookingNumber: z
    .string()
    .trim()
    .max(20, 'validation.tooLong')
    .optional()
    .transform((v) => (v ? v.toUpperCase() : undefined)),
});
export type GroupOrderListQuery = z.input<typeof GroupOrderListQuery>;

export const GroupOrderListItem = z.object({
  id: z.string(),
  bookingNumber: z.string(),
  status: z.enum(GROUP_ORDER_STATUSES),
  tripType: z.enum(GROUP_TRIP_TYPES),
  /** "PEK-SHA", "PEK-SHA-PEK". */
  route: z.string(),
  /** Date of the first journey. */
  departureDate: z.string(),
  passengers: GroupPassengers,
  cabin: z.enum(CABIN_CLASSES),
  /** Of the current quote; null before it. */
  total: z.number().int().nullable(),
  currency: z.enum(CURRENCIES).nullable(),
  confirmBy: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
});
export type GroupOrderListItem = z.infer<typeof GroupOrderListItem>;
export const GroupOrderListAnswer = z.object({ items: z.array(GroupOrderListItem), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type GroupOrderListAnswer = z.infer<typeof GroupOrderListAnswer>;

/** GET /order/v2/flight/group/orders/status: one row per status (zero counts included), for the menu badges. */
export const GroupStatusCount = z.object({ status: z.enum(GROUP_ORDER_STATUSES), cnt: z.number().int() });
export type GroupStatusCount = z.infer<typeof GroupStatusCount>;
export const GroupStatusCountAnswer = z.array(GroupStatusCount);

/** GET /order/v2/flight/group/desk (platform): groups awaiting a quote across agencies, oldest first. */
export const GroupDeskQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  status: csv(GROUP_ORDER_STATUSES).optional(),
});
export type GroupDeskQuery = z.input<typeof GroupDeskQuery>;
export const GroupDeskItem = GroupOrderListItem.extend({ companyName: z.string(), companyCode: z.string(), deskActions: z.array(z.enum(GROUP_DESK_ACTIONS)) });
export type GroupDeskItem = z.infer<typeof GroupDeskItem>;
export const GroupDeskAnswer = z.object({ items: z.array(GroupDeskItem), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type GroupDeskAnswer = z.infer<typeof GroupDeskAnswer>;

/**
 * GET /order/v2/flight/group/deadlines (platform group desk): the groups of its agencies with an open deadline, soonest
 * first. A group's deadline is the quote's confirm-by while it is to_be_confirm, or the instalment due now while it is
 * paying (to_be_pay_* / to_be_paid_last_money); `withinDays` keeps those due within that many days from now (one the
 * lapse job has not closed yet shows too, with its past dueAt). `reminders`: the mails already sent for this deadline.
 */
export const GROUP_DEADLINE_KINDS = ['confirm', ...GROUP_INSTALMENT_KINDS] as const;
export type GroupDeadlineKind = (typeof GROUP_DEADLINE_KINDS)[number];
/** Reminders go 3 days and 1 day before a deadline, and once on its lapse. */
export const GROUP_REMINDER_LEADS = ['3d', '1d', 'lapse'] as const;
export type GroupReminderLead = (typeof GROUP_REMINDER_LEADS)[number];
export const GROUP_DEADLINE_WITHIN_DAYS = { default: 7, max: 90 } as const;

export const GroupDeadlineQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  withinDays: z.coerce.number().int().min(1).max(GROUP_DEADLINE_WITHIN_DAYS.max).default(GROUP_DEADLINE_WITHIN_DAYS.default),
});
export type GroupDeadlineQuery = z.input<typeof GroupDeadlineQuery>;
export const GroupDeadlineItem = z.object({
  id: z.string(),
  bookingNumber: z.string(),
  companyName: z.string(),
  companyCode: z.string(),
  status: z.enum(GROUP_ORDER_STATUSES),
  /** "PEK-SHA", "PEK-SHA-PEK". */
  route: z.string(),
  deadline: z.enum(GROUP_DEADLINE_KINDS),
  /** ISO instant. */
  dueAt: z.string(),
  /** The instalment's amount; the quote total for `confirm`. */
  amount: z.number().int(),
  currency: z.enum(CURRENCIES),
  /** Reminders sent for this deadline (this dueAt), oldest first. */
  reminders: z.array(z.object({ lead: z.enum(GROUP_REMINDER_LEADS), sentAt: z.string() })),
});
export type GroupDeadlineItem = z.infer<typeof GroupDeadlineItem>;
export const GroupDeadlineAnswer = z.object({ items: z.array(GroupDeadlineItem), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type GroupDeadlineAnswer = z.infer<typeof GroupDeadlineAnswer>;

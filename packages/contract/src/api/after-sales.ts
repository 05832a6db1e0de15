import { z } from 'zod';
import { CURRENCIES } from '../currency.ts';
import { PASSENGER_TYPES, Solution } from './shopping.ts';

/**
 * After-sales of issued flight orders (issue 10, spec points 3, 4, 5 and 7): change, refund and void requests, each its
 * own order (type change, refund or void) pointing at the order it amends, and airline schedule changes. Money is
 * integer minor units of the original order's currency (the agency's settlement currency at booking).
 */

/** Spec point 5: refund reasons are 8 options, values 0-7; values 2, 3 and 6 have sub-options. */
export const REFUND_REASONS = [0, 1, 2, 3, 4, 5, 6, 7] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];
export const REFUND_SUB_REASONS = {
  2: ['passenger', 'companion', 'bereavement'],
  3: ['timeChange', 'cancellation', 'equipmentChange'],
  6: ['visaRefused', 'entryDenied', 'travelRestriction'],
} as const satisfies Partial<Record<RefundReason, readonly string[]>>;
export type RefundSubReason = (typeof REFUND_SUB_REASONS)[keyof typeof REFUND_SUB_REASONS][number];
/**
 * Reasons the airline answers for (its own delay, cancellation or schedule change; a traveller's illness with a
 * certificate): asked as involuntary, free of the fare's refund fee once the airline (or the desk) agrees. The desk
 * decides on the evidence; a schedule-change notice on the order makes it involuntary at once.
 */
export const INVOLUNTARY_REFUND_REASONS: readonly RefundReason[] = [1, 2, 3];
/** Reasons that need supporting documents (a medical certificate, a visa refusal). */
export const REFUND_REASONS_NEEDING_DOCUMENTS: readonly RefundReason[] = [2, 6];

/** Spec point 5: change reasons are values 0, 1 and 7. */
export const CHANGE_REASONS = [0, 1, 7] as const;
export type ChangeReason = (typeof CHANGE_REASONS)[number];
/** Value 1 is the airline's schedule change: free of the change fee and the agency's service fee stays. */
export const INVOLUNTARY_CHANGE_REASONS: readonly ChangeReason[] = [1];

/** Spec points 5 and 9: supporting documents. Checked by content (magic bytes), never by name. */
export const ATTACHMENT_MAX_FILES = 5;
export const ATTACHMENT_MAX_BYTES = 2 * 1024 * 1024;
export const ATTACHMENT_MIME_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;
export const Attachment = z.object({ id: z.string(), name: z.string(), mime: z.enum(ATTACHMENT_MIME_TYPES), size: z.number().int() }).meta({ id: 'Attachment' });
export type Attachment = z.infer<typeof Attachment>;

const Ids = z.array(z.string().uuid('validation.invalid')).min(1, 'afterSales.passengers.required').max(18, 'validation.invalid');
/** Legs (journeys) of the original order by index, 0-based; empty = every leg not yet flown. */
const Legs = z.array(z.number().int().min(0).max(4)).max(5).default([]);

/** POST /order/v2/flight/orders/{id}/refund (Idempotency-Key header required). */
export const RefundRequestBody = z
  .object({
    passengerIds: Ids,
    legs: Legs,
    reason: z.number({ error: 'afterSales.reason.required' }).int().refine((v) => (REFUND_REASONS as readonly number[]).includes(v), 'afterSales.reason.required'),
    subReason: z.string().nullish(),
    remark: z.string().trim().max(500, 'validation.tooLong').nullish(),
    attachmentIds: z.array(z.string().uuid('validation.invalid')).max(ATTACHMENT_MAX_FILES, 'afterSales.attachments.invalid').default([]),
  })
  .superRefine((b, ctx) => {
    const subs = (REFUND_SUB_REASONS as Record<number, readonly string[]>)[b.reason];
    if (subs && !(b.subReason && subs.includes(b.subReason))) ctx.addIssue({ code: 'custom', path: ['subReason'], message: 'afterSales.subReason.required' });
    if (!subs && b.subReason) ctx.addIssue({ code: 'custom', path: ['subReason'], message: 'validation.invalid' });
  });
export type RefundRequestBody = z.input<typeof RefundRequestBody>;

/** POST /order/v2/flight/orders/{id}/void (Idempotency-Key header required). Void is whole tickets, every leg. */
export const VoidRequestBody = z.object({ passengerIds: Ids, remark: z.string().trim().max(500, 'validation.tooLong').nullish() });
export type VoidRequestBody = z.input<typeof VoidRequestBody>;

/** POST /order/v2/flight/orders/{id}/change/search: alternatives for the chosen passengers and legs. */
export const ChangeSearchBody = z.object({
  passengerIds: Ids,
  /** One entry per leg to change: its index in the original order and the new local departure date. */
  legs: z
    .array(z.object({ leg: z.number().int().min(0).max(4), date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date') }))
    .min(1, 'afterSales.legs.required')
    .max(5),
  reason: z.number({ error: 'afterSales.reason.required' }).int().refine((v) => (CHANGE_REASONS as readonly number[]).includes(v), 'afterSales.reason.required'),
});
export type ChangeSearchBody = z.input<typeof ChangeSearchBody>;

/** Per passenger: what a change to one option costs (spec point 3, Price: change fee, price and tax difference). */
export const ChangeQuoteLine = z.object({
  passengerId: z.string(),
  passengerType: z.enum(PASSENGER_TYPES),
  name: z.string(),
  changeFee: z.number().int(),
  /** New fare minus the fare paid, never below 0 (a cheaper new fare's residual is forfeited, as airlines do). */
  fareDifference: z.number().int(),
  taxDifference: z.number().int(),
  /** The agency's change service fee (flight config), converted to the order currency. */
  serviceFee: z.number().int(),
  total: z.number().int(),
});
export type ChangeQuoteLine = z.infer<typeof ChangeQuoteLine>;
export const ChangeOption = z.object({
  /** Opaque: the search's solution id and fare id, priced for this change. */
  optionId: z.string(),
  solution: Solution,
  fareId: z.string(),
  lines: z.array(ChangeQuoteLine),
  total: z.number().int(),
  currency: z.enum(CURRENCIES),
});
export type ChangeOption = z.infer<typeof ChangeOption>;
export const ChangeSearchAnswer = z.object({
  searchId: z.string(),
  /** Still searching: poll again with the same body (a new search replaces this one). */
  complete: z.boolean(),
  options: z.array(ChangeOption),
  involuntary: z.boolean(),
});
export type ChangeSearchAnswer = z.infer<typeof ChangeSearchAnswer>;

/** POST /order/v2/flight/orders/{id}/change (Idempotency-Key header required): request the chosen option. */
export const ChangeRequestBody = z.object({
  searchId: z.string().min(1, 'validation.required'),
  optionId: z.string().min(1, 'validation.required'),
  passengerIds: Ids,
  reason: z.number({ error: 'afterSales.reason.required' }).int().refine((v) => (CHANGE_REASONS as readonly number[]).includes(v), 'afterSales.reason.required'),
  /** The total the agent saw and accepts; a higher quote now is refused with the new total. */
  acceptedTotal: z.number().int().min(0),
  remark: z.string().trim().max(500, 'validation.tooLong').nullish(),
});
export type ChangeRequestBody = z.input<typeof ChangeRequestBody>;

/** POST /order/v2/flight/orders/{id}/confirmation: the agent accepts the refund quote (Idempotency-Key header). */
export const ConfirmationBody = z.object({ quoteVersion: z.number().int().min(1) });
export type ConfirmationBody = z.infer<typeof ConfirmationBody>;

/** Per passenger: the refund quote (spec point 3, Price: refund amount and refund fee). */
export const RefundQuoteLine = z.object({
  passengerId: z.string(),
  passengerType: z.enum(PASSENGER_TYPES),
  name: z.string(),
  ticketNumber: z.string().nullable(),
  /** What was paid for the refunded legs (fare and taxes, agency price). */
  paid: z.number().int(),
  /** Taxes of the refunded legs: refunded even when the fare itself is not refundable. */
  tax: z.number().int(),
  /** The fare's refund fee (0 when involuntary); null when the fare allows no refund (only taxes come back). */
  refundFee: z.number().int().nullable(),
  /** The agency's refund (or void) service fee, converted to the order currency. */
  serviceFee: z.number().int(),
  refundAmount: z.number().int(),
});
export type RefundQuoteLine = z.infer<typeof RefundQuoteLine>;
export const RefundQuote = z.object({
  version: z.number().int(),
  involuntary: z.boolean(),
  lines: z.array(RefundQuoteLine),
  total: z.number().int(),
  currency: z.enum(CURRENCIES),
  /** Confirm before this instant or the quote lapses (rfd_to_be_confirm). */
  expiresAt: z.string().nullable(),
});
export type RefundQuote = z.infer<typeof RefundQuote>;

/** What an after-sales order carries besides the common order fields. */
export const AfterSalesRequest = z.object({
  kind: z.enum(['change', 'refund', 'void']),
  originalBookingNumber: z.string(),
  reason: z.number().int().nullable(),
  subReason: z.string().nullable(),
  involuntary: z.boolean(),
  passengerIds: z.array(z.string()),
  legs: z.array(z.number().int()),
  attachments: z.array(Attachment),
  refundQuote: RefundQuote.nullable(),
  changeLines: z.array(ChangeQuoteLine),
  /** Change: the new flights (legs of the new offer), for the detail page. */
  scheduleNoticeId: z.string().nullable(),
});
export type AfterSalesRequest = z.infer<typeof AfterSalesRequest>;

/** An after-sales order as listed on its original (and the original as listed on it). */
export const RelatedOrder = z.object({
  id: z.string(),
  bookingNumber: z.string(),
  type: z.enum(['origin', 'change', 'refund', 'void']),
  status: z.string(),
  total: z.number().int(),
  createdAt: z.string(),
});
export type RelatedOrder = z.infer<typeof RelatedOrder>;

/**
 * GET /order/v2/flight/orders/{id}/after-sales: change, refund and void side by side for every ticket not yet
 * refunded, voided or changed, now and at each step of the fare rules, so the agent picks the cheapest path.
 */
export const PathStep = z.object({
  /** From this instant (null: from now) until `until` (null: no end) the path costs `cost` and returns `back`. */
  from: z.string().nullable(),
  until: z.string().nullable(),
  /** Fees the agency pays (fare fee + service fee), before any fare or tax difference for a change. */
  cost: z.number().int(),
  /** Money back to the agency (refund, void). */
  back: z.number().int(),
});
export const PATH_BLOCKERS = ['notIssued', 'fareForbids', 'deadlinePassed', 'departed', 'pending', 'nothingLeft'] as const;
export const AfterSalesPath = z.object({
  kind: z.enum(['change', 'refund', 'void']),
  available: z.boolean(),
  blocker: z.enum(PATH_BLOCKERS).nullable(),
  /** The last instant the path stays possible (void: end of the ticketing day; refund/change: per the fare). */
  until: z.string().nullable(),
  now: PathStep.nullable(),
  steps: z.array(PathStep),
});
export type AfterSalesPath = z.infer<typeof AfterSalesPath>;
export const AfterSalesOptions = z.object({
  currency: z.enum(CURRENCIES),
  /** Passengers whose tickets are still open for after-sales, with the legs still open each. */
  open: z.array(z.object({ passengerId: z.string(), name: z.string(), ticketNumber: z.string().nullable(), legs: z.array(z.number().int()) })),
  paths: z.array(AfterSalesPath),
  /** The path that gives the most back (or costs least) now; null when none is available. */
  cheapest: z.enum(['change', 'refund', 'void']).nullable(),
  voidDeadline: z.string().nullable(),
  related: z.array(RelatedOrder),
});
export type AfterSalesOptions = z.infer<typeof AfterSalesOptions>;

// ---- airline schedule changes ---------------------------------------------------------------------------------------

/** Spec point 3: flight disruption types. */
export const DISRUPTION_KINDS = ['change', 'cancel_save', 'cancel_no_save', 'restore'] as const;
export type DisruptionKind = (typeof DISRUPTION_KINDS)[number];
export const NOTICE_STATUSES = ['open', 'accepted', 'refused', 'refunding', 'changing', 'closed'] as const;
export type NoticeStatus = (typeof NOTICE_STATUSES)[number];
export const NoticeFlight = z.object({
  flightNumber: z.string(),
  origin: z.string(),
  destination: z.string(),
  /** Local "YYYY-MM-DDTHH:mm". */
  departure: z.string(),
  arrival: z.string(),
});
export type NoticeFlight = z.infer<typeof NoticeFlight>;
export const ScheduleNotice = z.object({
  id: z.string(),
  orderId: z.string(),
  bookingNumber: z.string(),
  recordLocator: z.string().nullable(),
  kind: z.enum(DISRUPTION_KINDS),
  status: z.enum(NOTICE_STATUSES),
  leg: z.number().int(),
  oldFlights: z.array(NoticeFlight),
  /** The protected (or re-timed, or restored) flights; empty for cancel_no_save. */
  newFlights: z.array(NoticeFlight),
  /** Answer before this instant; after it the airline's change stands (or the booking is lost for cancel_no_save). */
  deadline: z.string(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  /** What the agent may do now. */
  actions: z.array(z.enum(['accept', 'refuse'])),
}).meta({ id: 'ScheduleNotice' });
export type ScheduleNotice = z.infer<typeof ScheduleNotice>;
export const NoticeListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  status: z.enum(['open', 'all']).default('open'),
});
export const NoticeListAnswer = z.object({ items: z.array(ScheduleNotice), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type NoticeListAnswer = z.infer<typeof NoticeListAnswer>;
export const NoticeAnswerBody = z.object({ remark: z.string().trim().max(500, 'validation.tooLong').nullish() });


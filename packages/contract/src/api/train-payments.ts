import { z } from 'zod';
import { PAYMENT_CHANNELS } from './agencies.ts';
import { TRANSACTION_STATUSES } from './bills.ts';
import { PaymentFailure } from './payment-failure.ts';
import { TRAIN_ORDER_STATUSES, TrainOrderListItem } from './trains.ts';

// ---------------------------------------------------------------------------------------------------------------
// Train orders paid through a payment channel (issue 13; docs/decisions/0018). POST /order/v2/train/orders/{id}/payment
// with a channel answers PayTrainOrderAnswer with the hosted page (redirectUrl) and the payment's transactionId; the
// channel sends the payer back to /train/orders/{id}?payment={transactionId}, whose page reads:
// GET /order/v2/train/orders/{id}/payments/{paymentId}

/**
 * What became of the channel payment, for the page the payer returns to:
 * - pending: the channel has not confirmed it (yet); the page asks again.
 * - paid: its money paid this order (the order's own status says where ticketing stands).
 * - credited: the channel took the money but the order could no longer take it (paid another way, expired, canceled):
 *   the money is in the agency's wallet.
 * - closed: not paid (canceled by the payer, expired, or the channel failed); nothing was charged.
 */
export const TRAIN_CHANNEL_OUTCOMES = ['pending', 'paid', 'credited', 'closed'] as const;
export type TrainChannelOutcome = (typeof TRAIN_CHANNEL_OUTCOMES)[number];

export const TrainPaymentParams = z.object({ id: z.string().uuid(), paymentId: z.string().uuid() });

export const TrainChannelPayment = z.object({
  transactionId: z.string(),
  channel: z.enum(PAYMENT_CHANNELS),
  status: z.enum(TRANSACTION_STATUSES),
  outcome: z.enum(TRAIN_CHANNEL_OUTCOMES),
  /** The order's total (CNY minor units), the channel's fee on it, and what the payer paid: amount + fee. */
  amount: z.number().int(),
  fee: z.number().int(),
  gross: z.number().int(),
  currency: z.literal('CNY'),
  /** The hosted page while the payment is open; null once it is not. */
  redirectUrl: z.string().nullable(),
  /** When the channel's page closes. */
  expiresAt: z.string(),
  paidAt: z.string().nullable(),
  orderStatus: z.enum(TRAIN_ORDER_STATUSES),
  /** Why the last attempt failed while the payment stayed open (a declined card); null once paid or never failed. */
  failure: PaymentFailure.nullable(),
});
export type TrainChannelPayment = z.infer<typeof TrainChannelPayment>;

// ---------------------------------------------------------------------------------------------------------------
// The platform's train desk (issue 13): GET /order/v2/train/desk/orders. The paid orders of its agencies that wait for
// a person: manual_ticketing (the agency's train config is manual) and ticketing left over by a railway that did not
// answer (the desk retries). The desk acts with POST /order/v2/train/desk/orders/{id}/{issue|mark-failed}.

export const TRAIN_DESK_VIEWS = ['waiting', 'manual', 'ticketing'] as const;
export type TrainDeskView = (typeof TRAIN_DESK_VIEWS)[number];

export const TrainDeskQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  /** waiting = manual and ticketing together (the default), oldest payment first. */
  view: z.enum(TRAIN_DESK_VIEWS).default('waiting'),
});
export type TrainDeskQuery = z.input<typeof TrainDeskQuery>;

export const TrainDeskItem = TrainOrderListItem.extend({
  companyName: z.string(),
  companyCode: z.string(),
  /** When it was paid: how long it has waited. */
  paidAt: z.string().nullable(),
  paymentMethod: z.string().nullable(),
});
export type TrainDeskItem = z.infer<typeof TrainDeskItem>;

export const TrainDeskAnswer = z.object({ items: z.array(TrainDeskItem), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type TrainDeskAnswer = z.infer<typeof TrainDeskAnswer>;

/** The desk's decision on one order; a reason is required to give one up (it is shown on the agency's timeline). */
export const TrainDeskActionBody = z.object({ remark: z.string().trim().max(500, 'validation.tooLong').nullish() });

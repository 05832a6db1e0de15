import type { FastifyBaseLogger } from 'fastify';
import type { CallbackAck, CallbackEvent, CallbackHeaders, PaymentChannel } from '../../payments/types.ts';
import { attachChannelPayment, findTransaction, findTransactionByChannelPayment, recordFailure, type TransactionRow } from './payments.repository.ts';
import { applyEvent, type SettlementDeps } from './settlement.service.ts';

/**
 * POST /order/v2/payments/callbacks/{channel}: a channel tells us what became of a payment. Nothing in the body is
 * read before its signature and freshness are checked. The answer is the channel's own acknowledgement: accepted once
 * the outcome is recorded (also when it had been recorded before), refused when the callback cannot be trusted or
 * matched yet, so the channel sends it again on its schedule.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The transaction the event is about. By the channel's payment id normally; by our merchant reference when the callback
 * overtook the write of that id (the channel had answered, we had not yet stored it), and then the id is stored now.
 */
async function transactionOf(deps: SettlementDeps, channel: PaymentChannel, e: CallbackEvent): Promise<TransactionRow | null> {
  const byChannelId = await findTransactionByChannelPayment(deps.db, channel.code, e.channelPaymentId);
  if (byChannelId) return byChannelId.id === e.merchantReference ? byChannelId : null;
  if (!UUID.test(e.merchantReference)) return null;
  const byReference = await findTransaction(deps.db, e.merchantReference);
  if (!byReference || byReference.method !== channel.code || byReference.channelPaymentId !== null) return null;
  return attachChannelPayment(deps.db, byReference.id, e.channelPaymentId);
}

export async function receiveCallback(
  deps: SettlementDeps,
  channel: PaymentChannel,
  headers: CallbackHeaders,
  rawBody: string,
  log?: FastifyBaseLogger,
): Promise<CallbackAck> {
  const verified = await channel.verifyCallback(headers, rawBody);
  if (!verified.ok) {
    log?.warn({ channel: channel.code, reason: verified.reason }, 'payment callback refused');
    return channel.acknowledgement(false);
  }
  if (!verified.event) {
    // A declined attempt (Stripe's payment_intent.payment_failed): the payment stays open for another try, so nothing
    // settles; its reason is kept on the payment for the portal's pages, and the payment is paid or expires as before.
    // Acknowledged even when nothing was recorded (a payment already paid or closed, or not ours): a retry would change
    // nothing either.
    const n = verified.notice;
    const recorded = UUID.test(n.merchantReference)
      ? await recordFailure(deps.db, n.merchantReference, channel.code, { ...n.failure, at: n.occurredAt.toISOString() })
      : null;
    log?.info(
      {
        channel: channel.code,
        merchantReference: n.merchantReference,
        eventId: n.eventId,
        failure: n.failure.code,
        declineCode: n.failure.declineCode,
        recorded: recorded !== null,
      },
      'payment attempt declined at the channel; the payment stays open',
    );
    return channel.acknowledgement(true);
  }
  const e = verified.event;
  const row = await transactionOf(deps, channel, e);
  if (!row) {
    log?.warn({ channel: channel.code, channelPaymentId: e.channelPaymentId, eventId: e.eventId }, 'payment callback for an unknown payment');
    return channel.acknowledgement(false);
  }
  const settled = await applyEvent(deps.db, row, e);
  if (!settled.ok) {
    log?.error(
      { channel: channel.code, transactionId: row.id, eventId: e.eventId, amount: e.amount, currency: e.currency },
      'payment callback amount differs from the payment; not credited',
    );
    return channel.acknowledgement(false);
  }
  log?.info(
    { channel: channel.code, transactionId: row.id, eventId: e.eventId, event: e.status, status: settled.transaction.status, credited: settled.credited },
    'payment callback applied',
  );
  return channel.acknowledgement(true);
}

import { captureAsSpend, release } from '../ledger/ledger.service.ts';
import { railCall, railSupplierOf, TRAIN_ORDER_REFERENCE, type TrainOrderDeps } from './deps.ts';
import { findTrainOrder, lockTrainOrder, passengersOfRow, type StoredTrainPassenger, type TrainOrderRow } from './train.repository.ts';
import { mailTrainTickets } from './ticket-mail.ts';
import { applyTrainTransition, TRAIN_SYSTEM, type TrainActorRef } from './train-transition.ts';

/**
 * Ticketing a paid train order (docs/decisions/0018): the railway is asked right after the payment (wallet or channel),
 * by the sweep for an order left ticketing, or on the desk's word; the outcome is settled once under the order's lock.
 */

/**
 * Asks the railway for the tickets of a paid order (ticketing) and settles the outcome. Safe to repeat: the railway
 * answers the same tickets again, and only the first settlement moves the order and the money.
 */
export async function ticketTrainOrder(deps: TrainOrderDeps, orderId: string, actor: TrainActorRef = TRAIN_SYSTEM): Promise<TrainOrderRow> {
  const order = (await findTrainOrder(deps.db, orderId))!;
  if (order.status !== 'ticketing' && !(order.status === 'manual_ticketing' && actor.kind === 'platform')) return order;
  const supplier = railSupplierOf(deps, order.supplier);
  if (!supplier) throw new Error(`train order ${order.id}: unknown rail supplier ${order.supplier}`);
  const ref = { bookingId: order.supplierBookingId!, orderNumber: order.supplierOrderNumber! };
  const result = await railCall((signal) => supplier.ticket(ref, { signal }));
  if (result.status === 'ok') return issueTrainOrder(deps, order.id, result.value, actor);
  if (result.status === 'refused' || result.error.kind === 'ticketing_failed') {
    const reason = result.status === 'refused' ? result.reason : result.error.kind;
    return failTrainOrder(deps, order.id, actor.kind === 'platform' ? actor : TRAIN_SYSTEM, reason);
  }
  // No answer or a supplier fault: the order stays ticketing; the retry is recorded on the timeline.
  deps.log?.warn({ orderId, error: result.error }, 'train ticketing outcome unknown; stays ticketing');
  return deps.db.transaction(async (tx) => {
    const locked = (await lockTrainOrder(tx, order.id))!;
    if (locked.status !== 'ticketing') return locked;
    return applyTrainTransition(tx, locked, 'retry_ticketing', TRAIN_SYSTEM, { remark: result.error.kind, data: { error: result.error.kind } });
  });
}

type IssuedBooking = { tickets: { passengerIndex: number; seat: StoredTrainPassenger['seat']; price: number; ticketNumber: string | null }[] };

/** Tickets in, money captured, status issued, the contact's e-ticket mail queued: one transaction, once whoever gets here first. */
export async function issueTrainOrder(deps: TrainOrderDeps, orderId: string, booking: IssuedBooking, actor: TrainActorRef): Promise<TrainOrderRow> {
  return deps.db.transaction(async (tx) => {
    const order = (await lockTrainOrder(tx, orderId))!;
    if (order.status !== 'ticketing' && order.status !== 'manual_ticketing') return order;
    const passengers = passengersOfRow(order).map((p): StoredTrainPassenger => {
      const t = booking.tickets.find((x) => x.passengerIndex === p.index);
      return t ? { ...p, seat: t.seat, ticketNumber: t.ticketNumber, ticketStatus: 'issued' } : p;
    });
    if (!order.holdId) throw new Error(`train order ${order.id} is ticketing without a payment hold`);
    const captured = await captureAsSpend(tx, order.holdId, {
      reason: 'origin-train',
      reference: { type: TRAIN_ORDER_REFERENCE, id: order.id },
      result: { orderNumber: order.orderNumber, trainNumber: order.trainNumber },
      actor: actor.userId,
    });
    if (!captured.ok) throw new Error(`train order ${order.id}: payment hold could not be captured (${captured.reason})`);
    const issued = await applyTrainTransition(tx, order, 'issue', actor, {
      patch: { passengers, issuedAt: new Date() },
      data: { tickets: passengers.map((p) => p.ticketNumber) },
    });
    await mailTrainTickets(tx, issued);
    return issued;
  });
}

/** The railway refused: the hold is released (nothing was charged) and the seats are the railway's again. */
export async function failTrainOrder(deps: TrainOrderDeps, orderId: string, actor: TrainActorRef, reason: string): Promise<TrainOrderRow> {
  const failed = await deps.db.transaction(async (tx) => {
    const order = (await lockTrainOrder(tx, orderId))!;
    if (order.status !== 'ticketing' && order.status !== 'manual_ticketing') return order;
    if (order.holdId) {
      const released = await release(tx, order.holdId, { actor: actor.userId });
      if (!released.ok && released.reason !== 'hold_already_resolved') throw new Error(`train order ${order.id}: hold not released (${released.reason})`);
    }
    const passengers = passengersOfRow(order).map((p): StoredTrainPassenger => ({ ...p, ticketStatus: 'canceled' }));
    return applyTrainTransition(tx, order, actor.kind === 'platform' ? 'mark_failed' : 'ticketing_failed', actor, {
      patch: { passengers, paymentStatus: 'unpaid' },
      remark: reason,
      data: { reason },
    });
  });
  const supplier = railSupplierOf(deps, failed.supplier);
  if (supplier && failed.supplierBookingId) {
    await railCall((signal) => supplier.cancel({ bookingId: failed.supplierBookingId!, orderNumber: failed.supplierOrderNumber! }, { signal }));
  }
  return failed;
}

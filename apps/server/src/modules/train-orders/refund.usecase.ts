import { createHash } from 'node:crypto';
import { Code } from '@portal/contract/codes';
import { chinaTimeToInstant, trainRefundFee, type TrainRefundAnswer, type TrainRefundQuote } from '@portal/contract/api/trains';
import { AppError, forbidden } from '../../plugins/errors.ts';
import { idempotencyConflict } from '../../plugins/idempotency.ts';
import type { AuthContext } from '../auth/session.service.ts';
import { refund as ledgerRefund } from '../ledger/ledger.service.ts';
import { railCall, railSupplierOf, TRAIN_ORDER_REFERENCE, type TrainOrderDeps } from './deps.ts';
import { visibleTrainOrder } from './train.access.ts';
import { ticketDepartureOf, trainOrderOf } from './train.queries.ts';
import { lockTrainOrder, newTicketIndex, passengersOfRow, type StoredTrainPassenger, type TrainOrderRow } from './train.repository.ts';
import { applyTrainTransition, refusedTrainMove } from './train-transition.ts';
import { isValidTicket, trainTransitionOf } from './train.states.ts';

/**
 * Refunds before departure, per ticket (POST .../refund-quote and .../refund). The quote is 12306's fee tiers
 * (trainRefundFee); a changed ticket is refunded on the railway's new booking, by the new train's departure and on
 * the new fare (docs/decisions/0018). The refund asks the railway (its figures are the ones paid back), returns the
 * money through the ledger (`refund-train`) and moves the order (refund / refund_all), in one transaction after the
 * railway's answer.
 * The railway's client reference comes from the order and the Idempotency-Key: a retry never refunds twice.
 */

/**
 * The railway booking a ticket lives on: the order's for an issued ticket, the change's new booking for a changed one
 * (12306 issues a new ticket on a change), with the passenger's index there.
 */
function railTicketOf(order: TrainOrderRow, passengers: StoredTrainPassenger[], p: StoredTrainPassenger) {
  if (p.ticketStatus === 'changed' && p.change) {
    return { ref: { bookingId: p.change.bookingId, orderNumber: p.change.orderNumber }, index: newTicketIndex(passengers, p) };
  }
  return { ref: { bookingId: order.supplierBookingId!, orderNumber: order.supplierOrderNumber! }, index: p.index };
}

/** What a ticket is refunded on: its train's departure and its fare (a changed ticket: the new train, the new fare). */
const refundBasisOf = (order: TrainOrderRow, p: StoredTrainPassenger) => ({
  departureAt: ticketDepartureOf(order, p),
  fare: p.change ? p.price + p.change.difference : p.price,
});

/**
 * The chosen valid tickets (issued, or changed and not yet refunded), all on one railway booking: the original
 * tickets and each change's new tickets are different railway orders, refunded one at a time.
 */
function chosenTickets(order: TrainOrderRow, passengerIds: string[]): StoredTrainPassenger[] {
  const passengers = passengersOfRow(order);
  const chosen = [...new Set(passengerIds)].map((id) => {
    const p = passengers.find((x) => x.id === id);
    if (!p) throw new AppError(Code.VALIDATION, 'train.order.passengerUnknown', {}, { passengerIds: 'train.order.passengerUnknown' });
    if (!isValidTicket(p)) throw new AppError(Code.ORDER_STATE, 'train.order.refund.notRefundable', { n: p.index + 1 });
    return p;
  });
  const bookings = new Set(chosen.map((p) => railTicketOf(order, passengers, p).ref.bookingId));
  if (bookings.size > 1) throw new AppError(Code.VALIDATION, 'train.order.refund.oneBooking', {}, { passengerIds: 'train.order.refund.oneBooking' });
  return chosen;
}

export function quoteOf(order: TrainOrderRow, chosen: StoredTrainPassenger[], now: Date): TrainRefundQuote {
  // One railway booking, so one train and one departure (chosenTickets).
  const departureAt = refundBasisOf(order, chosen[0]).departureAt;
  const departure = chinaTimeToInstant(departureAt);
  const probe = trainRefundFee(0, departure, now);
  if (!probe) throw new AppError(Code.ORDER_STATE, 'train.order.refund.departed');
  const lines = chosen.map((p) => {
    const { fare } = refundBasisOf(order, p);
    const fee = trainRefundFee(fare, departure, now)!.fee;
    return { passengerId: p.id, name: p.name, fare, fee, refund: fare - fee };
  });
  const sum = (k: 'fare' | 'fee' | 'refund') => lines.reduce((s, l) => s + l[k], 0);
  return { tier: probe.tier, feePercent: probe.feePercent, departureAt, lines, totalFare: sum('fare'), totalFee: sum('fee'), totalRefund: sum('refund'), currency: 'CNY' };
}

function refundable(order: TrainOrderRow) {
  if (!trainTransitionOf(order.status, 'refund', 'agency') && !trainTransitionOf(order.status, 'refund_all', 'agency')) throw refusedTrainMove(order, 'refund');
}

export async function quoteTrainRefund(deps: TrainOrderDeps, auth: AuthContext, orderId: string, passengerIds: string[], now = new Date()): Promise<TrainRefundQuote> {
  const { order, asDesk } = await visibleTrainOrder(deps.db, auth, orderId);
  if (asDesk) throw forbidden();
  refundable(order);
  return quoteOf(order, chosenTickets(order, passengerIds), now);
}

export async function refundTrainOrder(
  deps: TrainOrderDeps,
  auth: AuthContext,
  orderId: string,
  passengerIds: string[],
  o: { idempotencyKey: string; now?: Date },
): Promise<TrainRefundAnswer> {
  const { order, asDesk } = await visibleTrainOrder(deps.db, auth, orderId);
  if (asDesk) throw forbidden();
  const now = o.now ?? new Date();
  const reference = `trf-${createHash('sha256').update(`${order.id}|${o.idempotencyKey}`).digest('hex').slice(0, 32)}`;
  // A replay: these tickets were refunded under this key already.
  const done = passengersOfRow(order).filter((p) => p.refund?.reference === reference);
  if (done.length) {
    if ([...new Set(passengerIds)].sort().join() !== done.map((p) => p.id).sort().join()) throw idempotencyConflict();
    return { order: await trainOrderOf(deps.db, order), quote: quoteFromDone(order, done) };
  }
  refundable(order);
  const chosen = chosenTickets(order, passengerIds);
  const quote = quoteOf(order, chosen, now);

  const supplier = railSupplierOf(deps, order.supplier)!;
  const all = passengersOfRow(order);
  const onRail = chosen.map((p) => ({ p, ...railTicketOf(order, all, p) }));
  const result = await railCall((signal) =>
    supplier.refund(onRail[0].ref, { passengerIndexes: onRail.map((x) => x.index), clientReference: reference }, { signal, now }),
  );
  if (result.status === 'error') throw new AppError(Code.SUPPLIER_FAILED, 'train.order.supplierFailed');
  if (result.status === 'refused') {
    if (result.reason === 'departed') throw new AppError(Code.ORDER_STATE, 'train.order.refund.departed');
    throw new AppError(Code.ORDER_STATE, 'train.order.refund.notRefundable', { n: chosen[0].index + 1 });
  }
  // The railway's lines name its own booking's passengers: back to ours.
  const lines = result.value.lines.map((l) => {
    const found = onRail.find((x) => x.index === l.passengerIndex);
    if (!found) throw new Error(`train order ${order.id}: the railway refunded passenger ${l.passengerIndex}, not asked for`);
    return { ...l, passenger: found.p };
  });
  const at = now.toISOString();
  const updated = await deps.db.transaction(async (tx) => {
    const locked = (await lockTrainOrder(tx, order.id))!;
    if (passengersOfRow(locked).some((p) => p.refund?.reference === reference)) return locked;
    const passengers = passengersOfRow(locked).map((p): StoredTrainPassenger => {
      const line = lines.find((l) => l.passenger.id === p.id);
      return line ? { ...p, ticketStatus: 'refunded', refund: { fee: line.fee, amount: line.refund, at, reference } } : p;
    });
    const amount = lines.reduce((s, l) => s + l.refund, 0);
    const fee = lines.reduce((s, l) => s + l.fee, 0);
    if (amount > 0) {
      const moved = await ledgerRefund(tx, locked.companyId, 'CNY', amount, 'refund-train', {
        reference: { type: TRAIN_ORDER_REFERENCE, id: locked.id },
        idempotencyKey: `train-refund:${reference}`,
        actor: auth.user.id,
        result: { orderNumber: locked.orderNumber, fee, tickets: lines.length },
      });
      if (!moved.ok) throw new Error(`train order ${locked.id}: refund not booked (${moved.reason})`);
    }
    // A changed ticket is still a valid ticket (on its new train): the order is not refunded while one is left.
    const anyValid = passengers.some(isValidTicket);
    return applyTrainTransition(tx, locked, anyValid ? 'refund' : 'refund_all', { kind: 'agency', userId: auth.user.id }, {
      patch: { passengers, refundedTotal: locked.refundedTotal + amount, refundFeeTotal: locked.refundFeeTotal + fee },
      data: { passengers: lines.map((l) => l.passenger.index), changed: lines.some((l) => l.passenger.change !== null), amount, fee, idempotencyKey: o.idempotencyKey },
    });
  });
  const paid = lines.map((l) => ({ ...quote.lines.find((q) => q.passengerId === l.passenger.id)!, fee: l.fee, refund: l.refund }));
  const sum = (k: 'fee' | 'refund') => paid.reduce((s, l) => s + l[k], 0);
  return { order: await trainOrderOf(deps.db, updated), quote: { ...quote, lines: paid, totalFee: sum('fee'), totalRefund: sum('refund') } };
}

function quoteFromDone(order: TrainOrderRow, done: StoredTrainPassenger[]): TrainRefundQuote {
  const lines = done.map((p) => ({ passengerId: p.id, name: p.name, fare: refundBasisOf(order, p).fare, fee: p.refund!.fee, refund: p.refund!.amount }));
  const at = new Date(done[0].refund!.at);
  const { departureAt } = refundBasisOf(order, done[0]);
  const tier = trainRefundFee(0, chinaTimeToInstant(departureAt), at) ?? { tier: 'under24h' as const, feePercent: 20 };
  const sum = (k: 'fare' | 'fee' | 'refund') => lines.reduce((s, l) => s + l[k], 0);
  return { tier: tier.tier, feePercent: tier.feePercent, departureAt, lines, totalFare: sum('fare'), totalFee: sum('fee'), totalRefund: sum('refund'), currency: 'CNY' };
}

import { createHash } from 'node:crypto';
import type { z } from 'zod';
import { Code } from '@portal/contract/codes';
import { formatMoney } from '@portal/contract/currency';
import { chinaTimeToInstant, SLEEPER_CLASSES, trainChangeQuote, type TrainChangeAnswer, type TrainChangeBody } from '@portal/contract/api/trains';
import { AppError, forbidden } from '../../plugins/errors.ts';
import { idempotencyConflict } from '../../plugins/idempotency.ts';
import type { AuthContext } from '../auth/session.service.ts';
import { hold, pay, refund as ledgerRefund, release } from '../ledger/ledger.service.ts';
import type { RailStop } from '../../suppliers/rail/types.ts';
import { railCall, railSupplierOf, TRAIN_ORDER_REFERENCE, type TrainOrderDeps } from './deps.ts';
import { visibleTrainOrder } from './train.access.ts';
import { CHANGE_CLOSE_MS, trainOrderOf } from './train.queries.ts';
import { lockTrainOrder, passengersOfRow, type StoredTrainPassenger, type TrainOrderRow } from './train.repository.ts';
import { applyTrainTransition, refusedTrainMove } from './train-transition.ts';
import { trainTransitionOf } from './train.states.ts';

/**
 * Changing tickets to another train (POST .../change, 12306: one change per ticket, the same day or later, until 30
 * minutes before departure). The railway changes and issues at once and cannot undo it, so the price is settled
 * before it is asked: the new fares come from a search of the new train, a dearer change above `acceptedDifference` is
 * refused (PRICE_CHANGED), and the dearer part is held in the wallet first (no money, no change). After the railway's
 * answer one transaction settles its own figures: the hold released and the difference spent (`change-train`), or a
 * cheaper train's difference less the fee refunded (`refund-train`). The railway's client reference comes from the
 * order and the Idempotency-Key, so a retry never changes twice.
 */

type ChangeInput = z.output<typeof TrainChangeBody>;

function chosenForChange(order: TrainOrderRow, ids: string[], now: Date): StoredTrainPassenger[] {
  const passengers = passengersOfRow(order);
  if (chinaTimeToInstant(order.departureAt).getTime() - CHANGE_CLOSE_MS <= now.getTime()) {
    throw new AppError(Code.ORDER_STATE, 'train.order.change.notAllowed', { n: 1 });
  }
  const chosen = [...new Set(ids)].map((id) => {
    const p = passengers.find((x) => x.id === id);
    if (!p) throw new AppError(Code.VALIDATION, 'train.order.passengerUnknown', {}, { passengerIds: 'train.order.passengerUnknown' });
    if (p.ticketStatus !== 'issued' || p.change) throw new AppError(Code.ORDER_STATE, 'train.order.change.notAllowed', { n: p.index + 1 });
    return p;
  });
  // In the railway's order: its new booking lists the passengers by ascending index (RailChangeRequest).
  return chosen.sort((a, b) => a.index - b.index);
}

export async function changeTrainOrder(deps: TrainOrderDeps, auth: AuthContext, orderId: string, body: ChangeInput, o: { idempotencyKey: string; now?: Date }): Promise<TrainChangeAnswer> {
  const { order, asDesk } = await visibleTrainOrder(deps.db, auth, orderId);
  if (asDesk) throw forbidden();
  const now = o.now ?? new Date();
  const reference = `tch-${createHash('sha256').update(`${order.id}|${o.idempotencyKey}`).digest('hex').slice(0, 32)}`;
  const done = passengersOfRow(order).filter((p) => p.change?.reference === reference);
  if (done.length) {
    if ([...new Set(body.passengerIds)].sort().join() !== done.map((p) => p.id).sort().join()) throw idempotencyConflict();
    return answerOf(deps, order, done);
  }
  if (!trainTransitionOf(order.status, 'change', 'agency')) throw refusedTrainMove(order, 'change');
  const chosen = chosenForChange(order, body.passengerIds, now);
  if (body.date < order.departureDate) throw new AppError(Code.VALIDATION, 'train.order.change.earlierDay', {}, { date: 'train.order.change.earlierDay' });
  const sleeper = SLEEPER_CLASSES.includes(body.seatClass);
  if (sleeper && !body.berth) throw new AppError(Code.VALIDATION, 'train.order.change.berthRequired', {}, { berth: 'train.order.change.berthRequired' });
  if (!sleeper && body.berth) throw new AppError(Code.VALIDATION, 'train.order.berth.notSleeper', {}, { berth: 'train.order.berth.notSleeper' });

  // The new fares, as the railway sells them now.
  const supplier = railSupplierOf(deps, order.supplier)!;
  const found = await railCall((signal) => supplier.search({ from: [body.from], to: [body.to], date: body.date }, { signal, now }));
  if (found.status !== 'ok') throw new AppError(Code.SUPPLIER_FAILED, 'train.order.supplierFailed');
  const service = found.value.find((s) => s.serviceId === body.serviceId);
  const offer = service?.classes.find((c) => c.seatClass === body.seatClass);
  if (!service || !offer) throw new AppError(Code.BOOKING_REFUSED, 'train.order.serviceInvalid');
  if (offer.available <= 0) throw new AppError(Code.SOLD_OUT, 'train.order.soldOut');
  const { owed } = trainChangeQuote(
    chosen.map((p) => ({ passengerId: p.id, ticketType: p.ticketType, fare: p.price })),
    // The railway's class fare names its berth fares `berths`; the search answer's offer `berthPrices`.
    { price: offer.price, childPrice: offer.childPrice, berthPrices: offer.berths },
    chinaTimeToInstant(order.departureAt),
    now,
    body.berth,
  );
  if (owed > body.acceptedDifference) {
    throw new AppError(Code.PRICE_CHANGED, 'order.priceChanged', { total: formatMoney(owed, 'CNY'), currency: 'CNY' }, undefined, { previousTotal: body.acceptedDifference, newTotal: owed, currency: 'CNY' });
  }
  let holdId: string | null = null;
  if (owed > 0) {
    const held = await hold(deps.db, order.companyId, 'CNY', owed, {
      ttlMinutes: 60,
      reference: { type: TRAIN_ORDER_REFERENCE, id: order.id },
      idempotencyKey: `train-change-hold:${reference}`,
      actor: auth.user.id,
      now,
    });
    if (!held.ok) throw new AppError(Code.INSUFFICIENT_BALANCE, 'order.payment.insufficient');
    holdId = held.holdId;
  }
  const releaseHold = async () => {
    if (holdId) await release(deps.db, holdId, { actor: auth.user.id });
  };

  const result = await railCall((signal) =>
    supplier.change(
      { bookingId: order.supplierBookingId!, orderNumber: order.supplierOrderNumber! },
      { passengerIndexes: chosen.map((p) => p.index), serviceId: body.serviceId, from: body.from, to: body.to, seatClass: body.seatClass, berth: body.berth, clientReference: reference },
      { signal, now },
    ),
  );
  if (result.status === 'error') {
    // A timeout may have changed: the hold stays for its hour, and a retry with the same key settles the railway's answer.
    if (result.error.kind !== 'timeout') await releaseHold();
    if (result.error.kind === 'sold_out') throw new AppError(Code.SOLD_OUT, 'train.order.soldOut');
    throw new AppError(Code.SUPPLIER_FAILED, 'train.order.supplierFailed');
  }
  if (result.status === 'refused') {
    await releaseHold();
    throw new AppError(Code.ORDER_STATE, result.reason === 'departed' ? 'train.order.departed' : 'train.order.change.notAllowed', { n: chosen[0].index + 1 });
  }
  const change = result.value;
  const at = now.toISOString();
  const updated = await deps.db.transaction(async (tx) => {
    const locked = (await lockTrainOrder(tx, order.id))!;
    if (passengersOfRow(locked).some((p) => p.change?.reference === reference)) return locked;
    const newTickets = change.booking.tickets;
    const passengers = passengersOfRow(locked).map((p): StoredTrainPassenger => {
      const i = chosen.findIndex((c) => c.index === p.index);
      const line = change.lines.find((l) => l.passengerIndex === p.index);
      if (i < 0 || !line) return p;
      const ticket = newTickets.find((t) => t.passengerIndex === i);
      return {
        ...p,
        ticketStatus: 'changed',
        change: {
          trainNumber: change.booking.trainNumber,
          departureAt: change.booking.from.departure ?? '',
          arrivalAt: change.booking.to.arrival ?? null,
          from: stationOf(change.booking.from, 'departure'),
          to: stationOf(change.booking.to, 'arrival'),
          passengerIndex: i,
          seatClass: change.booking.seatClass,
          seat: ticket?.seat ?? null,
          difference: line.difference,
          fee: line.fee,
          at,
          reference,
          bookingId: change.booking.bookingId,
          orderNumber: change.booking.orderNumber,
          ticketNumber: ticket?.ticketNumber ?? null,
        },
      };
    });
    const charged = change.lines.reduce((s, l) => s + Math.max(0, l.difference), 0);
    const returned = change.lines.reduce((s, l) => s + Math.max(0, -l.difference - l.fee), 0);
    const money = { reference: { type: TRAIN_ORDER_REFERENCE, id: locked.id }, actor: auth.user.id, result: { orderNumber: locked.orderNumber, trainNumber: change.booking.trainNumber } };
    if (holdId) {
      const released = await release(tx, holdId, { actor: auth.user.id });
      if (!released.ok && released.reason !== 'hold_already_resolved') throw new Error(`train order ${locked.id}: change hold not released (${released.reason})`);
    }
    if (charged > 0) {
      const paid = await pay(tx, locked.companyId, 'CNY', charged, 'change-train', { ...money, idempotencyKey: `train-change:${reference}` });
      if (!paid.ok) throw new Error(`train order ${locked.id}: change difference not paid (${paid.reason})`);
    }
    if (returned > 0) {
      const back = await ledgerRefund(tx, locked.companyId, 'CNY', returned, 'refund-train', { ...money, idempotencyKey: `train-change-refund:${reference}` });
      if (!back.ok) throw new Error(`train order ${locked.id}: change difference not refunded (${back.reason})`);
    }
    return applyTrainTransition(tx, locked, 'change', { kind: 'agency', userId: auth.user.id }, {
      patch: { passengers, total: locked.total + charged, refundedTotal: locked.refundedTotal + returned, refundFeeTotal: locked.refundFeeTotal + change.lines.reduce((s, l) => s + l.fee, 0) },
      data: { passengers: change.lines.map((l) => l.passengerIndex), trainNumber: change.booking.trainNumber, charged, returned, idempotencyKey: o.idempotencyKey },
    });
  });
  return answerOf(deps, updated, passengersOfRow(updated).filter((p) => p.change?.reference === reference));
}

async function answerOf(deps: TrainOrderDeps, order: TrainOrderRow, changed: StoredTrainPassenger[]): Promise<TrainChangeAnswer> {
  const lines = changed.map((p) => ({ passengerId: p.id, oldFare: p.price, newFare: p.price + p.change!.difference, difference: p.change!.difference, fee: p.change!.fee }));
  const settled = lines.reduce((s, l) => s + (l.difference > 0 ? l.difference : l.difference + l.fee), 0);
  return { order: await trainOrderOf(deps.db, order), lines, settled };
}

const stationOf = (stop: RailStop, at: 'departure' | 'arrival') => ({ code: stop.code, name: stop.name, time: (stop[at] ?? '').slice(11, 16) });

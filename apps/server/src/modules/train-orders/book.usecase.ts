import { createHash } from 'node:crypto';
import type { z } from 'zod';
import { Code } from '@portal/contract/codes';
import { formatMoney } from '@portal/contract/currency';
import { chinaTimeToInstant, TRAIN_TYPES, type CreateTrainOrderBody, type TrainOrder, type TrainType } from '@portal/contract/api/trains';
import { latestToday } from '@portal/contract/passengers/dates';
import { validateTrainBooking } from '@portal/contract/passengers/train';
import type { FieldErrors } from '@portal/contract/passengers/validate';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError, notFound } from '../../plugins/errors.ts';
import { idempotencyConflict } from '../../plugins/idempotency.ts';
import type { RailBooking, RailPassenger, SeatPreference } from '../../suppliers/rail/types.ts';
import type { AuthContext } from '../auth/session.service.ts';
import { railCall, railSupplierOf, type TrainOrderDeps } from './deps.ts';
import { trainOrderOf } from './train.queries.ts';
import { findTrainOrderByKey, insertTrainEvent, insertTrainOrder, nextTrainOrderNumber, type StoredTrainPassenger } from './train.repository.ts';
import { queueTrainWebhook } from './train-transition.ts';

/**
 * Booking (POST /order/v2/train/orders): the shared passenger rules plus the railway's (real name, ticket type by
 * age), then a hold at the railway, then the order row (to_be_paid, deadline = the hold's). The hold's client
 * reference is derived from the agency and the Idempotency-Key, and so is the order id: a retry after a lost answer or
 * a crash between hold and insert gets the railway's first hold back, never a second one.
 */

export type TrainBookInput = z.output<typeof CreateTrainOrderBody>;

const EMU_SEATS = ['business', 'first', 'second'];
const SLEEPERS = ['soft_sleeper', 'hard_sleeper'];

const requestHash = (body: TrainBookInput) => createHash('sha256').update(JSON.stringify(['train-order', body])).digest('hex');

/** A UUID drawn from the agency and its key, so the same booking request names the same order everywhere. */
export function orderIdFor(companyId: string, key: string): string {
  const h = createHash('sha256').update(`train-order|${companyId}|${key}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${((parseInt(h[16], 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** The rules' field errors as the flight booking answers them: the first one is the message. */
function validationError(fields: FieldErrors): AppError {
  const [first] = Object.values(fields);
  const key = typeof first === 'string' ? first : first.key;
  return new AppError(Code.VALIDATION, key, typeof first === 'string' ? {} : first.params, fields);
}

const typeOf = (trainNumber: string): TrainType => ((TRAIN_TYPES as readonly string[]).includes(trainNumber[0]) ? (trainNumber[0] as TrainType) : 'K');

export async function bookTrainOrder(deps: TrainOrderDeps, auth: AuthContext, body: TrainBookInput, o: { idempotencyKey: string; now?: Date }): Promise<TrainOrder> {
  const { db } = deps;
  const hash = requestHash(body);
  const prior = await findTrainOrderByKey(db, o.idempotencyKey);
  if (prior) {
    if (prior.requestHash !== hash || prior.companyId !== auth.company.id) throw idempotencyConflict();
    return trainOrderOf(db, prior);
  }
  const supplier = railSupplierOf(deps, body.supplier);
  if (!supplier) throw notFound();

  if (body.seatPreferences?.length && !EMU_SEATS.includes(body.seatClass)) {
    throw new AppError(Code.VALIDATION, 'train.order.seatPreference.notEmu', {}, { seatPreferences: 'train.order.seatPreference.notEmu' });
  }
  if (body.berth && !SLEEPERS.includes(body.seatClass)) throw new AppError(Code.VALIDATION, 'train.order.berth.notSleeper', {}, { berth: 'train.order.berth.notSleeper' });

  const now = o.now ?? new Date();
  // The departure date is known only from the railway; the shared rules run first on the earliest possible date
  // (today), then again on the held train's date below, so nothing is held for passengers that are plainly invalid.
  const today = latestToday(now);
  const early = validateTrainBooking({ passengers: body.passengers, contact: body.contact }, { today, travelDate: today, ticketTypes: false });
  if (!early.ok) throw validationError(early.fields);

  const orderId = orderIdFor(auth.company.id, o.idempotencyKey);
  const normalized: RailPassenger[] = early.passengers.map((p, i) => ({
    name: p.ticketName,
    type: p.ticketType,
    document: { type: railDocument(p.document.type), number: p.document.number },
    seatPreference: (body.seatPreferences?.[i] ?? body.berth) as SeatPreference | undefined,
  }));

  const held = await railCall((signal) =>
    supplier.hold({ serviceId: body.serviceId, from: body.from, to: body.to, seatClass: body.seatClass, passengers: normalized, clientReference: orderId }, { signal, now }),
  );
  if (held.status === 'refused') {
    const key = held.reason === 'departed' ? 'train.order.departed' : held.reason === 'too_many_passengers' ? 'train.order.tooManyPassengers' : 'train.order.serviceInvalid';
    throw new AppError(Code.BOOKING_REFUSED, key);
  }
  if (held.status === 'error') {
    if (held.error.kind === 'sold_out') throw new AppError(Code.SOLD_OUT, 'train.order.soldOut');
    if (held.error.kind === 'booking_failed') throw new AppError(Code.BOOKING_REFUSED, 'train.order.serviceInvalid');
    // Unknown or failed: a retry with the same key asks the railway for the same hold (its client reference).
    deps.log?.warn({ error: held.error, orderId }, 'train hold failed or unknown');
    throw new AppError(Code.SUPPLIER_FAILED, 'train.order.supplierFailed');
  }
  const booking = held.value;

  const release = async () => {
    const r = await railCall((signal) => supplier.cancel(booking, { signal }));
    if (r.status !== 'ok') deps.log?.warn({ orderId, result: r }, 'train hold not released; it lapses at its deadline');
  };
  const travelDate = booking.from.departure!.slice(0, 10);
  const checked = validateTrainBooking({ passengers: body.passengers, contact: body.contact }, { today, travelDate });
  if (!checked.ok) {
    await release();
    throw validationError(checked.fields);
  }
  if (booking.total > body.acceptedTotal) {
    await release();
    throw new AppError(Code.PRICE_CHANGED, 'order.priceChanged', { total: formatMoney(booking.total, 'CNY'), currency: 'CNY' }, undefined, {
      previousTotal: body.acceptedTotal,
      newTotal: booking.total,
      currency: 'CNY',
    });
  }

  // The railway answered this key's earlier hold, which a refusal above gave up (released) or which lapsed: a request
  // that now passes (a higher accepted total, corrected passengers) must not become an order on a dead hold.
  if (booking.status !== 'held') throw idempotencyConflict();

  const passengers: StoredTrainPassenger[] = checked.passengers.map((p, i) => {
    const ticket = booking.tickets.find((t) => t.passengerIndex === i);
    return {
      id: `${orderId.slice(0, 8)}-p${i + 1}`,
      index: i,
      ticketType: p.ticketType,
      name: p.ticketName,
      surname: p.surname,
      givenNames: p.givenNames,
      gender: p.gender,
      birthday: p.birthday,
      nationality: p.nationality,
      document: { type: p.document.type, number: p.document.number, expiryDate: p.document.expiryDate },
      seatPreference: normalized[i].seatPreference ?? null,
      seat: ticket?.seat ?? null,
      price: ticket?.price ?? 0,
      ticketNumber: null,
      ticketStatus: 'held',
      refund: null,
      change: null,
    };
  });

  try {
    const order = await db.transaction(async (tx) => {
      const row = await insertTrainOrder(tx, {
        id: orderId,
        orderNumber: await nextTrainOrderNumber(tx, now),
        companyId: auth.company.id,
        createdBy: auth.user.id,
        status: 'to_be_paid',
        supplier: supplier.code,
        supplierBookingId: booking.bookingId,
        supplierOrderNumber: booking.orderNumber,
        serviceId: booking.serviceId,
        trainNumber: booking.trainNumber,
        trainType: typeOf(booking.trainNumber),
        serviceDate: booking.serviceDate,
        fromStation: stationOf(booking.from, 'departure'),
        toStation: stationOf(booking.to, 'arrival'),
        departureAt: booking.from.departure!,
        arrivalAt: booking.to.arrival!,
        departureUtc: chinaTimeToInstant(booking.from.departure!),
        departureDate: travelDate,
        seatClass: booking.seatClass,
        berth: body.berth ?? null,
        passengers,
        passengerNames: passengers.map((p) => `${p.name}|${p.surname} ${p.givenNames}`).join('\n'),
        contact: checked.contact,
        remark: body.remark ?? null,
        currency: 'CNY',
        total: booking.total,
        paymentDeadline: new Date(booking.holdUntil),
        idempotencyKey: o.idempotencyKey,
        requestHash: hash,
      });
      await insertTrainEvent(tx, { orderId, event: 'book', fromStatus: null, toStatus: 'to_be_paid', actorKind: 'user', actorUserId: auth.user.id, data: { orderNumber: booking.orderNumber } });
      await queueTrainWebhook(tx, row, '', 'book');
      return row;
    });
    return trainOrderOf(db, order);
  } catch (e) {
    if (isUniqueViolation(e, 'idempotency_key') || isUniqueViolation(e, 'pkey')) {
      const winner = await findTrainOrderByKey(db, o.idempotencyKey);
      if (winner && winner.requestHash === hash && winner.companyId === auth.company.id) return trainOrderOf(db, winner);
      throw idempotencyConflict();
    }
    throw e;
  }
}

function stationOf(stop: RailBooking['from'], at: 'departure' | 'arrival') {
  return { code: stop.code, name: stop.name, time: (stop[at] ?? '').slice(11, 16) };
}

/** The shared document codes as the railway names them. */
function railDocument(type: string): RailPassenger['document']['type'] {
  switch (type) {
    case 'idcard':
      return 'id_card';
    case 'tphm':
      return 'hk_macao_permit';
    case 'tptw':
    case 'ttpmr':
      return 'taiwan_permit';
    case 'fpridcard':
      return 'foreign_permanent_resident';
    case 'rphmt':
      return 'id_card';
    default:
      return 'passport';
  }
}

import type { z } from 'zod';
import type { TrainOrderListQuery, TrainStatusCountQuery } from '@portal/contract/api/trains';
import {
  chinaTimeToInstant,
  type TrainOrder,
  type TrainOrderAction,
  type TrainOrderListAnswer,
  type TrainOrderListItem,
  type TrainStatusCount,
} from '@portal/contract/api/trains';
import { maskDocumentNumber } from '@portal/contract/passengers/validate';
import type { DbOrTx } from '../../db/client.ts';
import { readsOn } from '../../db/parallel.ts';
import type { AuthContext } from '../auth/session.service.ts';
import { companyName, userNames } from '../flight-orders/order.repository.ts';
import { trainOwnScope, visibleTrainOrder } from './train.access.ts';
import { isValidTicket, trainEventsFrom } from './train.states.ts';
import { countTrainOrdersByStatus, listTrainOrderRows, passengersOfRow, trainEventsOf, type StoredTrainPassenger, type TrainEventRow, type TrainOrderRow } from './train.repository.ts';

/** Reading train orders: detail, list and status counts, always within the caller's tenancy. */

type Station = { code: string; name: string; time: string };
/** 12306 changes tickets online until 30 minutes before departure. */
export const CHANGE_CLOSE_MS = 30 * 60_000;

/** When a ticket's train leaves (China wall-clock): the new train's for a changed ticket, else the order's. */
export const ticketDepartureOf = (order: Pick<TrainOrderRow, 'departureAt'>, p: Pick<StoredTrainPassenger, 'change'>) => p.change?.departureAt || order.departureAt;

/** What the agency may do now: the state table's agency moves, narrowed by the tickets and the clock. */
export function trainActionsOf(order: TrainOrderRow, now: Date): TrainOrderAction[] {
  const events = trainEventsFrom(order.status, 'agency');
  const passengers = passengersOfRow(order);
  const valid = passengers.some((p) => p.ticketStatus === 'issued');
  // Each valid ticket is refundable until its own train leaves: a changed ticket by its new train.
  const refundable = passengers.some((p) => isValidTicket(p) && chinaTimeToInstant(ticketDepartureOf(order, p)).getTime() > now.getTime());
  const actions: TrainOrderAction[] = [];
  if (events.includes('pay') || events.includes('pay_for_desk')) actions.push('pay');
  if (events.includes('cancel')) actions.push('cancel');
  if (passengers.some(isValidTicket)) actions.push('downloadTicket');
  if (refundable && (events.includes('refund') || events.includes('refund_all'))) actions.push('refund');
  const changeCloses = chinaTimeToInstant(order.departureAt).getTime() - CHANGE_CLOSE_MS;
  if (valid && now.getTime() < changeCloses && events.includes('change')) actions.push('change');
  return actions;
}

function toEvents(events: (TrainEventRow & { actorName: string | null })[]): TrainOrder['events'] {
  return events.map((e) => ({
    at: e.createdAt.toISOString(),
    event: e.event,
    from: e.fromStatus,
    to: e.toStatus,
    actor: { kind: e.actorKind, name: e.actorName },
    remark: e.remark,
  }));
}

export function toTrainOrder(
  order: TrainOrderRow,
  parts: { events: (TrainEventRow & { actorName: string | null })[]; createdByName: string | null; companyName: string; asDesk: boolean },
  now = new Date(),
): TrainOrder {
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    status: order.status,
    paymentStatus: order.paymentStatus,
    supplier: order.supplier,
    supplierOrderNumber: order.supplierOrderNumber,
    trainNumber: order.trainNumber,
    trainType: order.trainType as TrainOrder['trainType'],
    serviceDate: order.serviceDate,
    from: order.fromStation as Station,
    to: order.toStation as Station,
    departureAt: order.departureAt,
    arrivalAt: order.arrivalAt,
    seatClass: order.seatClass as TrainOrder['seatClass'],
    berth: order.berth as TrainOrder['berth'],
    passengers: passengersOfRow(order).map((p) => ({
      id: p.id,
      ticketType: p.ticketType,
      name: p.name,
      surname: p.surname,
      givenNames: p.givenNames,
      gender: p.gender,
      birthday: p.birthday,
      nationality: p.nationality,
      document: { type: p.document.type, number: maskDocumentNumber(p.document.number) },
      seatPreference: p.seatPreference,
      seat: p.seat,
      price: p.price,
      ticketNumber: p.ticketNumber,
      ticketStatus: p.ticketStatus,
      refund: p.refund ? { fee: p.refund.fee, amount: p.refund.amount, at: p.refund.at } : null,
      change: p.change
        ? {
            trainNumber: p.change.trainNumber,
            departureAt: p.change.departureAt,
            arrivalAt: p.change.arrivalAt ?? null,
            from: p.change.from ?? null,
            to: p.change.to ?? null,
            seatClass: p.change.seatClass as TrainOrder['seatClass'],
            seat: p.change.seat,
            ticketNumber: p.change.ticketNumber,
            orderNumber: p.change.orderNumber,
            fare: p.price + p.change.difference,
            difference: p.change.difference,
            fee: p.change.fee,
            at: p.change.at,
          }
        : null,
    })),
    contact: order.contact as TrainOrder['contact'],
    currency: 'CNY',
    total: order.total,
    refundedTotal: order.refundedTotal,
    refundFeeTotal: order.refundFeeTotal,
    paymentDeadline: order.paymentDeadline?.toISOString() ?? null,
    paymentMethod: order.paymentMethod as TrainOrder['paymentMethod'],
    paidAt: order.paidAt?.toISOString() ?? null,
    issuedAt: order.issuedAt?.toISOString() ?? null,
    remark: order.remark,
    createdAt: order.createdAt.toISOString(),
    createdBy: { id: order.createdBy, name: parts.createdByName },
    companyName: parts.companyName,
    // The desk reads other agencies' orders; acting on them is the agency's business.
    actions: parts.asDesk ? [] : trainActionsOf(order, now),
    events: toEvents(parts.events),
  };
}

export async function trainOrderOf(db: DbOrTx, order: TrainOrderRow, asDesk = false): Promise<TrainOrder> {
  const events = await trainEventsOf(db, order.id);
  const ids = [...new Set([order.createdBy, ...events.map((e) => e.actorUserId)].filter((x): x is string => !!x))];
  const [company, names] = await readsOn(db, [() => companyName(db, order.companyId), () => userNames(db, ids)]);
  return toTrainOrder(
    order,
    {
      events: events.map((e) => ({ ...e, actorName: e.actorUserId ? (names.get(e.actorUserId) ?? null) : null })),
      createdByName: order.createdBy ? (names.get(order.createdBy) ?? null) : null,
      companyName: company.name,
      asDesk,
    },
  );
}

export async function loadTrainOrderDetail(db: DbOrTx, auth: AuthContext, id: string): Promise<TrainOrder> {
  const { order, asDesk } = await visibleTrainOrder(db, auth, id);
  return trainOrderOf(db, order, asDesk);
}

export function toListItem(order: TrainOrderRow, createdByName: string | null): TrainOrderListItem {
  const from = order.fromStation as Station;
  const to = order.toStation as Station;
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    status: order.status,
    paymentStatus: order.paymentStatus,
    trainNumber: order.trainNumber,
    from: { code: from.code, name: from.name },
    to: { code: to.code, name: to.name },
    departureAt: order.departureAt,
    arrivalAt: order.arrivalAt,
    seatClass: order.seatClass as TrainOrderListItem['seatClass'],
    passengers: passengersOfRow(order).map((p) => p.name),
    total: order.total,
    currency: 'CNY',
    paymentDeadline: order.paymentDeadline?.toISOString() ?? null,
    createdAt: order.createdAt.toISOString(),
    createdBy: createdByName,
  };
}

export async function listTrainOrders(db: DbOrTx, auth: AuthContext, q: z.output<typeof TrainOrderListQuery>): Promise<TrainOrderListAnswer> {
  const { rows, total } = await listTrainOrderRows(db, trainOwnScope(auth), q);
  const names = await userNames(db, [...new Set(rows.map((r) => r.createdBy).filter((x): x is string => !!x))]);
  return {
    items: rows.map((r) => toListItem(r, r.createdBy ? (names.get(r.createdBy) ?? null) : null)),
    total,
    page: q.page,
    pageSize: q.pageSize,
    notice: total === 0 ? 'train.order.noOrders' : null,
  };
}

export async function trainStatusCounts(db: DbOrTx, auth: AuthContext, q: z.output<typeof TrainStatusCountQuery>): Promise<TrainStatusCount[]> {
  return countTrainOrdersByStatus(db, trainOwnScope(auth), q.status);
}

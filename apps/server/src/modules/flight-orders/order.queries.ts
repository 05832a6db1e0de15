import type { z } from 'zod';
import type { FlightOrder, OrderListAnswer, OrderListQuery, StatusCount, StatusCountQuery, VoyageAnswer, VoyageQuery } from '@portal/contract/api/flight-orders';
import type { DbOrTx } from '../../db/client.ts';
import { readsOn } from '../../db/parallel.ts';
import type { AuthContext } from '../auth/session.service.ts';
import { ownScope, viewerOf, visibleOrder } from './order.access.ts';
import { toFlightOrder, toListItem } from './order.mapper.ts';
import { detailExtras } from './after-sales/options.usecase.ts';
import { noticesOfOrder } from './schedule-changes/notices.usecase.ts';
import { companyName, countByStatus, eventsOf, listOrders, listVoyage, passengersOf, userNames } from './order.repository.ts';

/** Reading orders: detail, list, status counts and the travel view, always within the caller's tenancy. */

export async function loadOrderDetail(db: DbOrTx, auth: AuthContext, id: string): Promise<FlightOrder> {
  const { order, asDesk } = await visibleOrder(db, auth, id);
  const [passengers, events, company, names] = await readsOn(db, [
    () => passengersOf(db, order.id),
    () => eventsOf(db, order.id),
    () => companyName(db, order.companyId),
    () => userNames(db, order.createdBy ? [order.createdBy] : []),
  ]);
  const viewer = viewerOf(auth, asDesk);
  const extras = await detailExtras(db, order, viewer.now, !asDesk);
  const base = toFlightOrder(order, { passengers, events, createdByName: order.createdBy ? (names.get(order.createdBy) ?? null) : null, companyName: company.name }, viewer);
  return { ...base, request: extras.request, related: extras.related, voidDeadline: extras.voidDeadline, notices: await noticesOfOrder(db, order.id, { now: viewer.now, answerable: !asDesk }), actions: [...base.actions, ...extras.actions] };
}

export async function listFlightOrders(db: DbOrTx, auth: AuthContext, q: z.output<typeof OrderListQuery>): Promise<OrderListAnswer> {
  const { rows, total } = await listOrders(db, ownScope(auth), q);
  return { items: rows.map(toListItem), total, page: q.page, pageSize: q.pageSize };
}

export async function statusCounts(db: DbOrTx, auth: AuthContext, q: z.output<typeof StatusCountQuery>): Promise<StatusCount[]> {
  return countByStatus(db, ownScope(auth), q.status);
}

export async function voyage(db: DbOrTx, auth: AuthContext, q: z.output<typeof VoyageQuery>): Promise<VoyageAnswer> {
  const { rows, total } = await listVoyage(db, ownScope(auth), q);
  return {
    items: rows.map((r) => ({
      orderId: r.order.id,
      bookingNumber: r.order.bookingNumber,
      passenger: `${r.passenger.surname}/${r.passenger.givenNames}`,
      passengerType: r.passenger.type as VoyageAnswer['items'][number]['passengerType'],
      flightNumber: r.segment.flightNumber,
      origin: r.segment.origin,
      destination: r.segment.destination,
      departure: r.segment.departure,
      arrival: r.segment.arrival,
      cabin: r.segment.cabin as VoyageAnswer['items'][number]['cabin'],
      bookingClass: r.segment.bookingClass,
      recordLocator: r.order.recordLocator,
      ticketNumber: r.passenger.ticketNumber,
      status: r.order.status,
    })),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}


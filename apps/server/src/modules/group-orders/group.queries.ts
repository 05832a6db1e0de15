import type { z } from 'zod';
import {
  GROUP_DESK_DEFAULT_STATUSES,
  GROUP_ORDER_STATUSES,
  type GroupDeskAction,
  type GroupDeskAnswer,
  type GroupDeskQuery,
  type GroupOrder,
  type GroupOrderListAnswer,
  type GroupOrderListItem,
  type GroupOrderListQuery,
  type GroupStatusCount,
} from '@portal/contract/api/group-orders';
import type { DbOrTx } from '../../db/client.ts';
import { readsOn } from '../../db/parallel.ts';
import type { AuthContext } from '../auth/session.service.ts';
import { companyName, userNames } from '../flight-orders/order.repository.ts';
import { deskGroupScope, ownGroupScope, visibleGroup } from './group.access.ts';
import { countGroupsByStatus, groupEventsOf, listGroups, type GroupRow } from './group.repository.ts';
import { agencyActions } from './group.guards.ts';
import { groupEventsFrom } from './group.states.ts';
import { nextInstalmentOf, paymentsOf } from './instalments.ts';
import { namesOf } from './names.queries.ts';

/** Reading groups: detail, list, status counts and the desk's queue, always within the caller's tenancy. */

const ACTOR_KIND: Record<string, 'user' | 'platform' | 'system'> = { user: 'user', platform: 'platform', system: 'system' };

export function deskActionsOf(group: Pick<GroupRow, 'status'>): GroupDeskAction[] {
  const events = groupEventsFrom(group.status, 'platform');
  const actions: GroupDeskAction[] = [];
  if (events.includes('quote') || events.includes('requote')) actions.push('quote');
  if (events.includes('reject')) actions.push('reject');
  if (events.includes('apply_seat') || events.includes('seats_secured')) actions.push('seats');
  return actions;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** "PEK-SHA-PEK" for a round trip; a multi-city with a gap shows each part ("PEK-SHA,CAN-PEK"). */
export function routeOf(journeys: GroupRow['request']['journeys']): string {
  let route = '';
  journeys.forEach((j, i) => {
    if (i > 0 && journeys[i - 1].destination === j.origin) route += `-${j.destination}`;
    else route += `${i > 0 ? ',' : ''}${j.origin}-${j.destination}`;
  });
  return route;
}

export function toGroupListItem(g: GroupRow, createdByName: string | null): GroupOrderListItem {
  const journeys = g.request.journeys;
  return {
    id: g.id,
    bookingNumber: g.bookingNumber,
    status: g.status,
    tripType: g.request.tripType,
    route: routeOf(journeys),
    departureDate: journeys[0].date,
    passengers: g.request.passengers,
    cabin: g.request.cabin,
    total: g.quote?.total ?? null,
    currency: g.quote?.currency ?? null,
    confirmBy: g.status === 'to_be_confirm' ? iso(g.confirmBy) : null,
    createdAt: g.createdAt.toISOString(),
    createdBy: createdByName,
  };
}

export async function loadGroupDetail(db: DbOrTx, auth: AuthContext, id: string): Promise<GroupOrder> {
  const { group, asDesk } = await visibleGroup(db, auth, id);
  const people = [group.userId, group.namesUploadedBy].filter((u): u is string => !!u);
  const [events, company, names] = await readsOn(db, [() => groupEventsOf(db, group.id), () => companyName(db, group.companyId), () => userNames(db, people)]);
  const own = group.companyId === auth.company.id;
  return {
    id: group.id,
    bookingNumber: group.bookingNumber,
    status: group.status,
    request: group.request,
    quote: group.quote ?? null,
    createdAt: group.createdAt.toISOString(),
    updatedAt: group.updatedAt.toISOString(),
    createdBy: { id: group.userId, name: group.userId ? (names.get(group.userId) ?? null) : null },
    companyName: company.name,
    timeline: events.map((e) => ({
      at: e.createdAt.toISOString(),
      event: e.event,
      from: e.fromStatus,
      to: e.toStatus,
      actor: { kind: ACTOR_KIND[e.actorKind] ?? 'system', name: e.actorName },
      remark: e.remark,
      message: systemMessage(e.data),
    })),
    actions: own ? agencyActions(group) : [],
    payments: paymentsOf(events),
    nextInstalment: nextInstalmentOf(group),
    deskActions: asDesk ? deskActionsOf(group) : [],
    names: await namesOf(db, group, group.namesUploadedBy ? (names.get(group.namesUploadedBy) ?? null) : null),
  };
}

async function withNames(db: DbOrTx, rows: GroupRow[]) {
  return userNames(db, [...new Set(rows.map((r) => r.userId).filter((x): x is string => !!x))]);
}

export async function listGroupOrders(db: DbOrTx, auth: AuthContext, q: z.output<typeof GroupOrderListQuery>): Promise<GroupOrderListAnswer> {
  const { rows, total } = await listGroups(db, ownGroupScope(auth), { statuses: q.status, bookingNumberPrefix: q.bookingNumber }, q);
  const names = await withNames(db, rows);
  return { items: rows.map((r) => toGroupListItem(r, r.userId ? (names.get(r.userId) ?? null) : null)), total, page: q.page, pageSize: q.pageSize };
}

/** Every status with its count (zeros included) so the menu shows one entry per status. */
export async function groupStatusCounts(db: DbOrTx, auth: AuthContext): Promise<GroupStatusCount[]> {
  const counts = await countGroupsByStatus(db, ownGroupScope(auth));
  return GROUP_ORDER_STATUSES.map((status) => ({ status, cnt: counts.get(status) ?? 0 }));
}

/** The group desk's queue across its agencies: by default the groups waiting on the desk (quote, seats), oldest first. */
export async function listGroupDesk(db: DbOrTx, auth: AuthContext, q: z.output<typeof GroupDeskQuery>): Promise<GroupDeskAnswer> {
  const { scope, companies } = await deskGroupScope(db, auth);
  const { rows, total } = await listGroups(db, scope, { statuses: q.status ?? [...GROUP_DESK_DEFAULT_STATUSES] }, q, 'oldest');
  const names = await withNames(db, rows);
  return {
    items: rows.map((r) => ({
      ...toGroupListItem(r, r.userId ? (names.get(r.userId) ?? null) : null),
      companyName: companies.get(r.companyId)?.name ?? '',
      companyCode: companies.get(r.companyId)?.code ?? '',
      deskActions: deskActionsOf(r),
    })),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}

/** The message key (and parameters) the server stored with an event it wrote itself; null for a person's event. */
function systemMessage(data: unknown): { key: string; params: Record<string, string | number> } | null {
  if (!data || typeof data !== 'object') return null;
  const { messageKey, params } = data as { messageKey?: unknown; params?: unknown };
  if (typeof messageKey !== 'string') return null;
  const clean: Record<string, string | number> = {};
  if (params && typeof params === 'object') {
    for (const [k, v] of Object.entries(params)) if (typeof v === 'string' || typeof v === 'number') clean[k] = v;
  }
  return { key: messageKey, params: clean };
}

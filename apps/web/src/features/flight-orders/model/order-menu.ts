import { z } from 'zod';
import {
  BADGE_MAX,
  CHANGE_STATUSES,
  ORDER_STATUSES,
  ORDER_TYPES,
  ORIGIN_STATUSES,
  OrderListQuery,
  PENDING_GROUPS,
  REFUND_STATUSES,
  VARIANT_STATUSES,
  VOID_STATUSES,
  type OrderStatus,
  type OrderType,
  type PendingGroup,
  type StatusCount,
} from '@portal/contract/api/flight-orders';

/**
 * The flight order menu of spec point 2: the pending groups (their badge is the sum of their statuses' counts) and the
 * lists by order type. The selected entry lives in the URL as `menu`, beside the filters.
 */
export const PENDING_KEYS = Object.keys(PENDING_GROUPS) as PendingGroup[];
export const LIST_KEYS = ['all', ...ORDER_TYPES] as const;
export type ListKey = (typeof LIST_KEYS)[number];
export const MENU_KEYS = ['toBePaid', 'reviewing', 'proceeding', 'pendingConfirm', 'refunding', ...LIST_KEYS] as const satisfies readonly (PendingGroup | ListKey)[];
export type MenuKey = (typeof MENU_KEYS)[number];

export const isPendingGroup = (key: MenuKey): key is PendingGroup => key in PENDING_GROUPS;

/** Every status of the pending groups, once: what the badge call asks for. */
export const PENDING_STATUSES: readonly OrderStatus[] = [...new Set(PENDING_KEYS.flatMap((g) => PENDING_GROUPS[g]))];

const STATUSES_OF_TYPE: Record<OrderType, readonly OrderStatus[]> = {
  origin: [...ORIGIN_STATUSES, ...VARIANT_STATUSES.filter((s) => s.startsWith('origin_'))],
  change: [...CHANGE_STATUSES, ...VARIANT_STATUSES.filter((s) => s.startsWith('change_'))],
  refund: [...REFUND_STATUSES, ...VARIANT_STATUSES.filter((s) => s.startsWith('refund_'))],
  void: [...VOID_STATUSES, ...VARIANT_STATUSES.filter((s) => s.startsWith('void_'))],
};

/** The statuses the status filter offers under a menu entry: a group's own, or those of the list's order type. */
export function statusOptions(menu: MenuKey): readonly OrderStatus[] {
  if (isPendingGroup(menu)) return PENDING_GROUPS[menu];
  return menu === 'all' ? ORDER_STATUSES : STATUSES_OF_TYPE[menu];
}

/** Badge of a pending group: the sum of its statuses' counts (a status with no orders may be absent). */
export function groupCount(counts: readonly StatusCount[] | undefined, group: PendingGroup): number {
  if (!counts) return 0;
  const statuses: readonly OrderStatus[] = PENDING_GROUPS[group];
  return counts.filter((c) => statuses.includes(c.status)).reduce((sum, c) => sum + c.cnt, 0);
}

/** Spec point 9: a badge shows at most 99, then "99+". */
export const badgeText = (count: number): string => (count > BADGE_MAX ? `${BADGE_MAX}+` : String(count));

/** The list's URL: the contract's query, with the menu entry in place of the order type. */
export const orderListUrlQuery = OrderListQuery.omit({ type: true }).extend({ menu: z.enum(MENU_KEYS).default('all') });
export type OrderListUrlQuery = z.output<typeof orderListUrlQuery>;

/** The query parameters of GET /order/v2/flight/orders, as sent. */
export type OrderListParams = Omit<z.output<typeof OrderListQuery>, 'status'> & { status?: string };

/**
 * What the list asks the server for: a list entry is an order type; a group is its statuses, narrowed by the status
 * filter when one is chosen. Statuses the entry does not cover (a stale link) are dropped.
 */
export function listRequest(query: OrderListUrlQuery): OrderListParams {
  const { menu, status, ...rest } = query;
  const options = statusOptions(menu);
  const chosen = (status ?? []).filter((s) => options.includes(s));
  const statuses = chosen.length ? chosen : isPendingGroup(menu) ? options : [];
  return { ...rest, type: isPendingGroup(menu) ? 'all' : menu, status: statuses.length ? statuses.join(',') : undefined };
}

/** True when any filter of the bar is set (the empty state then offers to clear them). */
export function hasFilters(query: OrderListUrlQuery): boolean {
  const { menu: _menu, page: _page, pageSize: _size, sort: _sort, order: _order, status, ...rest } = query;
  return Boolean(status?.length) || Object.values(rest).some((v) => v !== undefined);
}

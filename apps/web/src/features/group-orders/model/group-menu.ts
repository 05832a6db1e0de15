import { z } from 'zod';
import { BADGE_MAX } from '@portal/contract/api/flight-orders';
import {
  GROUP_ORDER_STATUSES,
  GroupDeskQuery,
  GroupOrderListQuery,
  type GroupOrderStatus,
  type GroupStatusCount,
} from '@portal/contract/api/group-orders';

/**
 * The group order menu of spec point 2: one entry per group status, plus every group. The entry lives in the URL as
 * `menu`, beside the booking-number filter and the page.
 */
export const GROUP_MENU_KEYS = ['all', ...GROUP_ORDER_STATUSES] as const;
export type GroupMenuKey = (typeof GROUP_MENU_KEYS)[number];

export const groupListUrlQuery = GroupOrderListQuery.omit({ status: true }).extend({ menu: z.enum(GROUP_MENU_KEYS).default('all') });
export type GroupListUrlQuery = z.output<typeof groupListUrlQuery>;

/** The query parameters of GET /order/v2/flight/group/orders, as sent. */
export type GroupListParams = {
  page: number;
  pageSize: number;
  bookingNumber?: string;
  status?: string;
};

export function listRequest(query: GroupListUrlQuery): GroupListParams {
  const { menu, ...rest } = query;
  return { ...rest, status: menu === 'all' ? undefined : menu };
}

export type GroupDeskParams = z.output<typeof GroupDeskQuery>;

/** Count of one entry: its status, or every status for "all" (a status with no groups may be absent). */
export function menuCount(counts: readonly GroupStatusCount[] | undefined, key: GroupMenuKey): number {
  if (!counts) return 0;
  return counts.filter((c) => key === 'all' || c.status === key).reduce((sum, c) => sum + c.cnt, 0);
}

/** Spec point 9: a badge shows at most 99, then "99+". */
export const badgeText = (count: number): string => (count > BADGE_MAX ? `${BADGE_MAX}+` : String(count));

/** Spec point 4, status tags, applied to the group statuses: the display class of each. */
export type GroupTone = 'success' | 'warning' | 'error' | 'info' | 'primary';
export function groupStatusTone(status: GroupOrderStatus): GroupTone {
  if (status === 'issued') return 'success';
  if (status === 'failed') return 'error';
  if (status === 'canceled' || status === 'closed') return 'info';
  if (status === 'seat_applying') return 'warning';
  return 'primary';
}

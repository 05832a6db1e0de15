import type { GroupDeskParams, GroupListParams } from '../model/group-menu';

/** One root, so a confirmation or a cancellation refreshes every list, badge and detail of groups at once. */
export const groupKeys = {
  all: ['group-orders'] as const,
  list: (params: GroupListParams) => ['group-orders', 'list', params] as const,
  statusCounts: () => ['group-orders', 'status-counts'] as const,
  detail: (id: string) => ['group-orders', 'detail', id] as const,
  desk: (params: GroupDeskParams) => ['group-orders', 'desk', params] as const,
};

export const GROUP_ORDERS_PATH = '/order/v2/flight/group/orders';
export const GROUP_DESK_PATH = '/order/v2/flight/group/desk';
export const groupOrderPath = (id: string) => `${GROUP_ORDERS_PATH}/${encodeURIComponent(id)}`;

import type { AgencyListQuery } from '@portal/contract/api/agencies';

/** One key root so every write can refresh the list, whatever its filters, and the open agency's detail. */
export const agencyKeys = {
  all: ['agencies'] as const,
  lists: ['agencies', 'list'] as const,
  list: (query: AgencyListQuery) => ['agencies', 'list', query] as const,
  detail: (id: string) => ['agencies', 'detail', id] as const,
  lookToBook: (id: string, from: string, to: string) => ['agencies', 'look-to-book', id, from, to] as const,
};

export const agencyPath = (id: string, rest = '') => `/base/v2/agencies/${encodeURIComponent(id)}${rest}`;

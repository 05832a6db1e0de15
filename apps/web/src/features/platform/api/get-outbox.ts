import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PagedResult } from '@portal/contract/api/common';
import type { OutboxEmail, OutboxQuery } from '@portal/contract/api/outbox';
import { api } from '../../../lib/api';

export const outboxKeys = {
  all: ['outbox'] as const,
  list: (query: OutboxQuery) => ['outbox', 'list', query] as const,
};

/** Every email the portal wrote, newest first (platform SuperUser only). */
export function getOutbox(query: OutboxQuery, signal?: AbortSignal): Promise<PagedResult<OutboxEmail>> {
  return api.get<PagedResult<OutboxEmail>>('/base/v2/outbox', { params: { ...query }, signal });
}

export function useOutbox(query: OutboxQuery) {
  return useQuery({
    queryKey: outboxKeys.list(query),
    queryFn: ({ signal }) => getOutbox(query, signal),
    // Keep the current page visible while the next one loads.
    placeholderData: keepPreviousData,
  });
}

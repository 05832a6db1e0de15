import type { UserListQuery } from '@portal/contract/api/users';

/** One key root so every write can invalidate all cached user lists, whatever their filters. */
export const usersKeys = {
  all: ['users'] as const,
  list: (query: UserListQuery) => ['users', 'list', query] as const,
};

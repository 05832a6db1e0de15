import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserItem } from '@portal/contract/api/users';
import type { UserStatus } from '@portal/contract/roles';
import { api } from '../../../lib/api';
import { usersKeys } from './users-keys';

export function updateUserStatus(id: string, status: UserStatus): Promise<UserItem> {
  return api.put<UserItem>(`/base/v2/users/${encodeURIComponent(id)}/status`, { status });
}

export function useUpdateUserStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: UserStatus }) => updateUserStatus(id, status),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
  });
}

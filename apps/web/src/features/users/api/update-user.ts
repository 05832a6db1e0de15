import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateUserBody, UserItem } from '@portal/contract/api/users';
import { api } from '../../../lib/api';
import { usersKeys } from './users-keys';

export function updateUser(id: string, body: UpdateUserBody): Promise<UserItem> {
  return api.put<UserItem>(`/base/v2/users/${encodeURIComponent(id)}`, body);
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateUserBody }) => updateUser(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
  });
}

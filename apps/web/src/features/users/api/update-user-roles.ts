import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserItem, UserRolesBody } from '@portal/contract/api/users';
import { api } from '../../../lib/api';
import { usersKeys } from './users-keys';

export function updateUserRoles(id: string, roles: UserRolesBody['roles']): Promise<UserItem> {
  return api.put<UserItem>(`/base/v2/users/${encodeURIComponent(id)}/roles`, { roles });
}

export function useUpdateUserRoles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, roles }: { id: string; roles: UserRolesBody['roles'] }) => updateUserRoles(id, roles),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateUserBody, UserItem } from '@portal/contract/api/users';
import { api } from '../../../lib/api';
import { usersKeys } from './users-keys';

export function createUser(body: CreateUserBody): Promise<UserItem> {
  return api.post<UserItem>('/base/v2/users', body);
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
  });
}

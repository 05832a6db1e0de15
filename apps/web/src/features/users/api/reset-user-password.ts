import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export function resetUserPassword(id: string, password: string): Promise<null> {
  return api.put<null>(`/base/v2/users/${encodeURIComponent(id)}/password`, { password });
}

/** Nothing to invalidate: no listed field changes when a password is reset. */
export function useResetUserPassword() {
  return useMutation({
    mutationFn: ({ id, password }: { id: string; password: string }) => resetUserPassword(id, password),
  });
}

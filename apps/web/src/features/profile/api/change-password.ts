import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordBody } from '@portal/contract/api/auth';
import { api } from '../../../lib/api';

/** The server ends the user's other sessions and keeps this one. */
export const changePassword = (body: ChangePasswordBody) => api.put<null>('/base/v2/me/password', body);

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}

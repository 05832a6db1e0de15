import { useMutation } from '@tanstack/react-query';
import type { UpdateMeBody, UserInfo } from '@portal/contract/api/auth';
import { api } from '../../../lib/api';
import { patchUserInfo } from '../../../lib/session';

export const updateMe = (body: UpdateMeBody) => api.put<UserInfo>('/base/v2/me', body);

export function useUpdateMe() {
  return useMutation({ mutationFn: updateMe, onSuccess: (info) => patchUserInfo(info) });
}

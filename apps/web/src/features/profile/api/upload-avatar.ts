import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { patchUserInfo } from '../../../lib/session';

export const uploadAvatar = (file: File) => api.upload<{ url: string }>('/base/v2/me/avatar', file);

export function useUploadAvatar() {
  return useMutation({ mutationFn: uploadAvatar, onSuccess: ({ url }) => patchUserInfo({ avatar: url }) });
}

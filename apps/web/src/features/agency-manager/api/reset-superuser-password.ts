import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ResetSuperUserPasswordAnswer as AnswerSchema } from '@portal/contract/api/agencies';
import { api } from '../../../lib/api';
import { agencyPath } from './agency-keys';

export type ResetSuperUserPasswordAnswer = z.infer<typeof AnswerSchema>;

export function resetSuperUserPassword(id: string, password: string): Promise<ResetSuperUserPasswordAnswer> {
  return api.post<ResetSuperUserPasswordAnswer>(agencyPath(id, '/superuser/password'), { password });
}

/** Nothing to invalidate: no listed field changes when a password is reset. */
export function useResetSuperUserPassword() {
  return useMutation({
    mutationFn: ({ id, password }: { id: string; password: string }) => resetSuperUserPassword(id, password),
  });
}

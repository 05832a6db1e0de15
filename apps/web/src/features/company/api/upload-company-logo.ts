import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UploadAnswer } from '@portal/contract/api/company';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { companyKeys } from './get-company';

export function uploadCompanyLogo(file: File): Promise<z.infer<typeof UploadAnswer>> {
  return api.upload<z.infer<typeof UploadAnswer>>('/base/v2/company/logo', file, 'file');
}

export function useUploadCompanyLogo() {
  const queryClient = useQueryClient();
  const { refresh } = useSession();
  return useMutation({
    mutationFn: uploadCompanyLogo,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: companyKeys.detail });
      // The header shows the logo from the session; a failed reload only leaves it stale until the next one.
      refresh().catch(() => undefined);
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Company } from '@portal/contract/api/auth';
import type { UpdateCompanyBody } from '@portal/contract/api/company';
import { api } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { companyKeys } from './get-company';

export function updateCompany(body: UpdateCompanyBody): Promise<Company> {
  return api.put<Company>('/base/v2/company', body);
}

export function useUpdateCompany() {
  const queryClient = useQueryClient();
  const { refresh } = useSession();
  return useMutation({
    mutationFn: updateCompany,
    onSuccess: (company) => {
      queryClient.setQueryData(companyKeys.detail, company);
      // The header shows the company name from the session; reload it so it changes now, not at the next sign-in.
      // A failed reload only leaves the header stale, so it is not reported.
      refresh().catch(() => undefined);
    },
  });
}

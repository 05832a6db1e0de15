import { useQuery } from '@tanstack/react-query';
import type { Company } from '@portal/contract/api/auth';
import { api } from '../../../lib/api';

export const companyKeys = { detail: ['company'] as const };

export function getCompany(signal?: AbortSignal): Promise<Company> {
  return api.get<Company>('/base/v2/company', { signal });
}

export function useCompany() {
  return useQuery({ queryKey: companyKeys.detail, queryFn: ({ signal }) => getCompany(signal) });
}

import { useMutation } from '@tanstack/react-query';
import type { ApplicationBody } from '@portal/contract/api/applications';
import { api } from '../../../lib/api';

export const APPLICATIONS_PATH = '/base/v2/applications';

export function submitApplication(body: ApplicationBody): Promise<{ id: string }> {
  return api.post<{ id: string }>(APPLICATIONS_PATH, body);
}

/** The partnership enquiry. Errors stay with the form: it shows them on the fields or as its failure panel. */
export function useSubmitApplication() {
  return useMutation({ mutationFn: submitApplication });
}

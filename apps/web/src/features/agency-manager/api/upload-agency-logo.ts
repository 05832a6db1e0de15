import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AgencyDetail } from '@portal/contract/api/agencies';
import { api } from '../../../lib/api';
import { agencyKeys, agencyPath } from './agency-keys';

/** POST /base/v2/agencies/{id}/logo, multipart field `file`: answers the agency with its new `logo` URL. */
export function uploadAgencyLogo(id: string, file: File): Promise<AgencyDetail> {
  return api.upload<AgencyDetail>(agencyPath(id, '/logo'), file, 'file');
}

export function useUploadAgencyLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file }: { id: string; file: File }) => uploadAgencyLogo(id, file),
    // The list shows the logo beside the name; an open configuration drawer holds the detail.
    onSuccess: (_detail, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: agencyKeys.lists }),
        queryClient.invalidateQueries({ queryKey: agencyKeys.detail(id) }),
      ]),
  });
}

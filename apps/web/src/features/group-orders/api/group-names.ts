import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GroupOrder } from '@portal/contract/api/group-orders';
import { api } from '../../../lib/api';
import { groupKeys, groupOrderPath } from './group-keys';

/** The passenger list workbook (the current list filled in, once uploaded), saved as a download. */
export const downloadNamesTemplate = (id: string, bookingNumber: string) => api.download(`${groupOrderPath(id)}/names/template`, `${bookingNumber}-passengers.xlsx`);

/** Upload (PUT: the workbook replaces the list) and confirmation answer the group as it now stands. */
function useNamesWrite<V>(id: string, write: (vars: V) => Promise<GroupOrder>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    retry: false,
    onSuccess: (group) => {
      client.setQueryData(groupKeys.detail(id), group);
      void client.invalidateQueries({ queryKey: groupKeys.all, predicate: (q) => q.queryKey[1] !== 'detail' });
    },
  });
}

export const useUploadNames = (id: string) =>
  useNamesWrite(id, ({ file, onProgress }: { file: File; onProgress?: (percent: number) => void }) =>
    api.upload<GroupOrder>(`${groupOrderPath(id)}/names`, file, 'file', { method: 'PUT', onProgress }),
  );

export const useConfirmNames = (id: string) => useNamesWrite(id, () => api.post<GroupOrder>(`${groupOrderPath(id)}/names/confirmation`));

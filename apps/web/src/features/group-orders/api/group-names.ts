import type { GroupOrder } from '@portal/contract/api/group-orders';
import { api } from '../../../lib/api';
import { groupOrderPath } from './group-keys';
import { useGroupWrite } from './group-order';

/** The passenger list workbook (the current list filled in, once uploaded), saved as a download. */
export const downloadNamesTemplate = (id: string, bookingNumber: string) => api.download(`${groupOrderPath(id)}/names/template`, `${bookingNumber}-passengers.xlsx`);

/** Upload (PUT: the workbook replaces the list) and confirmation answer the group as it now stands. */
export const useUploadNames = (id: string) =>
  useGroupWrite(id, ({ file, onProgress }: { file: File; onProgress?: (percent: number) => void }) =>
    api.upload<GroupOrder>(`${groupOrderPath(id)}/names`, file, 'file', { method: 'PUT', onProgress }),
  );

export const useConfirmNames = (id: string) => useGroupWrite(id, () => api.post<GroupOrder>(`${groupOrderPath(id)}/names/confirmation`));

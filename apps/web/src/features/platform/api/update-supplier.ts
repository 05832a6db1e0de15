import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SupplierItem, UpdateSupplierBody } from '@portal/contract/api/suppliers';
import { api } from '../../../lib/api';
import { supplierKeys, type SuppliersAnswer } from './get-suppliers';

export interface UpdateSupplierVars {
  code: string;
  /** Only the switches that change; the server keeps the others. */
  body: UpdateSupplierBody;
}

export function updateSupplier({ code, body }: UpdateSupplierVars): Promise<SupplierItem> {
  return api.put<SupplierItem>(`/base/v2/suppliers/${encodeURIComponent(code)}`, body);
}

export function useUpdateSupplier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSupplier,
    onSuccess: (item) => {
      queryClient.setQueryData<SuppliersAnswer>(supplierKeys.all, (old) =>
        old ? { items: old.items.map((i) => (i.code === item.code ? item : i)) } : old,
      );
    },
  });
}

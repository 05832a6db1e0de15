import { useQuery } from '@tanstack/react-query';
import type { SupplierItem } from '@portal/contract/api/suppliers';
import { api } from '../../../lib/api';

/** The shape of the contract's SuppliersAnswer (the contract exports the schema only). */
export interface SuppliersAnswer {
  items: SupplierItem[];
}

export const supplierKeys = {
  all: ['suppliers'] as const,
};

/** The air suppliers and their simulator switches (platform SuperUser only). */
export function getSuppliers(signal?: AbortSignal): Promise<SuppliersAnswer> {
  return api.get<SuppliersAnswer>('/base/v2/suppliers', { signal });
}

export function useSuppliers() {
  return useQuery({ queryKey: supplierKeys.all, queryFn: ({ signal }) => getSuppliers(signal) });
}

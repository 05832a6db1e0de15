import type { Db } from '../../db/client.ts';
import * as referenceModule from '../../modules/reference/reference.ts';
import { createGdsSupplier } from './gds.ts';
import { createLccSupplier } from './lcc.ts';
import { createNdcSupplier } from './ndc.ts';
import type { ReferenceData } from './schedule/reference.ts';
import type { AirSupplier } from './types.ts';

export interface SupplierRegistry {
  all(): AirSupplier[];
  get(code: string): AirSupplier | undefined;
}

/** The built-in simulated suppliers: sim-gds, sim-ndc, sim-lcc. Real adapters join this list later. */
export function createAirSuppliers(deps: { db: Db; reference?: ReferenceData }): SupplierRegistry {
  const simDeps = { db: deps.db, reference: deps.reference ?? referenceModule };
  const suppliers: AirSupplier[] = [createGdsSupplier(simDeps), createNdcSupplier(simDeps), createLccSupplier(simDeps)];
  const byCode = new Map(suppliers.map((s) => [s.code, s]));
  return {
    all: () => [...suppliers],
    get: (code) => byCode.get(code),
  };
}

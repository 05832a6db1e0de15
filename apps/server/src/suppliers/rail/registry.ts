import type { Db } from '../../db/client.ts';
import { createRailSimulator } from './sim/simulator.ts';
import type { RailSupplierRegistry } from './types.ts';

/** The built-in simulated railway (sim-rail); a real adapter (a 12306 agent channel) joins this list later. */
export function createRailSuppliers(deps: { db: Db }): RailSupplierRegistry {
  const suppliers = [createRailSimulator({ db: deps.db })];
  const byCode = new Map(suppliers.map((s) => [s.code, s]));
  return {
    all: () => [...suppliers],
    get: (code) => byCode.get(code),
  };
}

import type { Db } from './db/client.ts';
import type { SessionPolicy } from './config.ts';
import type { SupplierRegistry } from './suppliers/air/registry.ts';
import type { RailSupplierRegistry } from './suppliers/rail/types.ts';
import type { Payments } from './payments/registry.ts';
import type { WorkQueue } from './modules/flight-orders/work-queue.ts';
import type { DocumentKeyring } from './modules/travellers/document-crypto.ts';
import type { HotCaches } from './modules/cache/hot-caches.ts';

/** What the app's routes, plugins and jobs are given (app.ts builds the app on it; jobs/runner.ts runs jobs with it). */
export interface Deps {
  db: Db;
  sessionPolicy: SessionPolicy;
  /** Air suppliers shopping asks (simulated ones in development and tests). */
  airSuppliers: SupplierRegistry;
  /** Rail suppliers train search and booking ask (the simulated railway in development and tests). */
  railSuppliers: RailSupplierRegistry;
  /** External payment channels (built-in sandboxes), their provider side and the portal's public URL. */
  payments: Payments;
  /** Background order steps (pg-boss queue once the job runner attaches it). */
  orderWork: WorkQueue;
  /** Seals and opens frequent passengers' document numbers (TRAVELLER_DOCUMENT_KEY; modules/travellers/document-crypto.ts). */
  documentKeys: DocumentKeyring;
  /** Sessions, sites, exchange rates and website prefixes kept in memory, dropped on the database's change feed. */
  caches: HotCaches;
  /** For background work outside a request. */
  log?: { warn(obj: object, msg?: string): void; error(obj: object, msg?: string): void; info(obj: object, msg?: string): void };
}

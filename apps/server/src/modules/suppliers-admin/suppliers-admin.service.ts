import { eq, inArray } from 'drizzle-orm';
import type { SupplierItem, SupplierSettings, UpdateSupplierBody } from '@portal/contract/api/suppliers';
import type { Db, DbOrTx } from '../../db/client.ts';
import { supplierSettings } from '../../db/schema/index.ts';
import { faultsOf, setFaults } from '../../suppliers/air/faults.ts';
import type { SupplierRegistry } from '../../suppliers/air/registry.ts';
import { notFound } from '../../plugins/errors.ts';
import type { AuthContext } from '../auth/session.service.ts';
import { recordUserLog, type RequestMeta } from '../user-logs/user-log.repository.ts';

type SettingsRow = typeof supplierSettings.$inferSelect;
/** The shape of the contract's SuppliersAnswer (the contract exports the schema only). */
export interface SuppliersAnswer {
  items: SupplierItem[];
}
type Field = keyof SupplierSettings;

/** The switches in the order the page and the log show them. */
const FIELDS: readonly Field[] = [
  'enabled',
  'latencyMs',
  'timeout',
  'fail',
  'priceChangePercent',
  'soldOut',
  'bookFail',
  'bookTimeout',
  'ticketingDelaySeconds',
  'ticketFail',
  'ticketTimeout',
];

const settingsOf = (row: SettingsRow | undefined): SupplierSettings => faultsOf(row);

function itemOf(supplier: { code: string; kind: SupplierItem['kind'] }, row: SettingsRow | undefined): SupplierItem {
  return { code: supplier.code, kind: supplier.kind, settings: settingsOf(row), updatedAt: row ? row.updatedAt.toISOString() : null };
}

/** Every registered air supplier with its switches; a supplier without a settings row is healthy (the defaults). */
export async function listSuppliers(db: DbOrTx, registry: SupplierRegistry): Promise<SuppliersAnswer> {
  const suppliers = registry.all();
  if (suppliers.length === 0) return { items: [] };
  const rows = await db.select().from(supplierSettings).where(inArray(supplierSettings.code, suppliers.map((s) => s.code)));
  const byCode = new Map(rows.map((r) => [r.code, r]));
  return { items: suppliers.map((s) => itemOf(s, byCode.get(s.code))) };
}

const lockRow = async (db: DbOrTx, code: string) =>
  (await db.select().from(supplierSettings).where(eq(supplierSettings.code, code)).for('update'))[0];

function changesOf(current: SupplierSettings, body: UpdateSupplierBody): { field: Field; from: unknown; to: unknown }[] {
  return FIELDS.filter((f) => body[f] !== undefined && body[f] !== current[f]).map((f) => ({ field: f, from: current[f], to: body[f] }));
}

/**
 * Sets some switches of one supplier, keeping the others. Only switches that actually change are written and logged
 * (in one transaction), so updatedAt and the audit trail mean something. Unknown supplier codes answer 404.
 */
export async function updateSupplier(
  db: Db,
  registry: SupplierRegistry,
  auth: AuthContext,
  code: string,
  body: UpdateSupplierBody,
  meta: RequestMeta,
): Promise<SupplierItem> {
  const supplier = registry.get(code);
  if (!supplier) throw notFound();
  return db.transaction(async (tx) => {
    let row = await lockRow(tx, code);
    if (!row && changesOf(settingsOf(undefined), body).length > 0) {
      // No row yet: create the healthy one so the change below runs under a row lock like every other.
      await tx.insert(supplierSettings).values({ code }).onConflictDoNothing();
      row = await lockRow(tx, code);
    }
    const changes = changesOf(settingsOf(row), body);
    if (changes.length === 0) return itemOf(supplier, row);
    await setFaults(tx, code, Object.fromEntries(changes.map((c) => [c.field, c.to])));
    await recordUserLog(tx, {
      companyId: auth.company.id,
      actor: { id: auth.user.id, username: auth.user.username },
      action: 'supplier_update',
      detail: { supplier: code, fields: changes.map((c) => c.field), changes },
      meta,
    });
    return itemOf(supplier, await lockRow(tx, code));
  });
}

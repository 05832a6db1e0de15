import { eq, inArray } from 'drizzle-orm';
import { Code } from '@portal/contract/codes';
import type { MessageKey } from '@portal/contract/messages';
import type { RaiseScheduleChangeBody, SimulatedScheduleChange, SupplierItem, SupplierSettings, SupplierSwitch, UpdateSupplierBody } from '@portal/contract/api/suppliers';
import type { Db, DbOrTx } from '../../db/client.ts';
import { supplierSettings } from '../../db/schema/index.ts';
import { faultsOf, setFaults } from '../../suppliers/air/faults.ts';
import type { SupplierRegistry } from '../../suppliers/air/registry.ts';
import type { RaiseScheduleChangeResult, ScheduleChangeTarget } from '../../suppliers/air/schedule-changes.ts';
import { RAIL_SWITCHES } from '../../suppliers/rail/faults.ts';
import type { RailSupplierRegistry } from '../../suppliers/rail/types.ts';
import { AppError, notFound } from '../../plugins/errors.ts';
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

/** A supplier as the page lists it: its kind and the switches it honours. */
interface Listed {
  code: string;
  kind: SupplierItem['kind'];
  switches: readonly SupplierSwitch[];
}

function itemOf(supplier: Listed, row: SettingsRow | undefined): SupplierItem {
  return { code: supplier.code, kind: supplier.kind, settings: settingsOf(row), switches: [...supplier.switches], updatedAt: row ? row.updatedAt.toISOString() : null };
}

/** The air suppliers, then the rail ones (which honour fewer switches: fixed fares, tickets issued on payment). */
function allListed(air: SupplierRegistry, rail: RailSupplierRegistry): Listed[] {
  return [
    ...air.all().map((s) => ({ code: s.code, kind: s.kind, switches: FIELDS })),
    ...rail.all().map((s) => ({ code: s.code, kind: 'rail' as const, switches: FIELDS.filter((f) => (RAIL_SWITCHES as readonly string[]).includes(f)) })),
  ];
}

/** Every registered supplier with its switches; a supplier without a settings row is healthy (the defaults). */
export async function listSuppliers(db: DbOrTx, registry: SupplierRegistry, rail: RailSupplierRegistry): Promise<SuppliersAnswer> {
  const suppliers = allListed(registry, rail);
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
  rail: RailSupplierRegistry,
  auth: AuthContext,
  code: string,
  body: UpdateSupplierBody,
  meta: RequestMeta,
): Promise<SupplierItem> {
  const supplier = allListed(registry, rail).find((s) => s.code === code);
  if (!supplier) throw notFound();
  const unsupported = FIELDS.filter((f) => body[f] !== undefined && !supplier.switches.includes(f));
  if (unsupported.length) {
    const key = 'railSim.switch.unsupported' as const;
    throw new AppError(Code.VALIDATION, key, { supplier: code }, Object.fromEntries(unsupported.map((f) => [f, { key, params: { supplier: code } }])));
  }
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

/** A supplier that can be told to change the schedule of its own bookings: the simulators. */
interface ScheduleSimulator {
  raiseScheduleChange(target: ScheduleChangeTarget, now: Date): Promise<RaiseScheduleChangeResult>;
}
const simulatesSchedule = (s: object): s is ScheduleSimulator => typeof (s as Partial<ScheduleSimulator>).raiseScheduleChange === 'function';

type Refusal = Extract<RaiseScheduleChangeResult, { status: 'refused' }>['reason'];
const REFUSALS: Record<Refusal, [Code, MessageKey]> = {
  not_found: [Code.NOT_FOUND, 'scheduleSim.booking.notFound'],
  not_ticketed: [Code.CONFLICT, 'scheduleSim.booking.notTicketed'],
  no_future_leg: [Code.CONFLICT, 'scheduleSim.booking.noFutureFlight'],
  nothing_to_restore: [Code.CONFLICT, 'scheduleSim.restore.nothing'],
  no_protection: [Code.CONFLICT, 'scheduleSim.cancelSave.noFlight'],
};

/**
 * Makes the simulated airline change one ticketed booking's flights (the kind asked for, on a leg still to fly); the
 * portal learns it from the supplier's queue like any airline change. Logged, as it reaches agencies.
 */
export async function raiseSupplierScheduleChange(
  db: Db,
  registry: SupplierRegistry,
  auth: AuthContext,
  code: string,
  body: RaiseScheduleChangeBody,
  meta: RequestMeta,
  now = new Date(),
): Promise<SimulatedScheduleChange> {
  const supplier = registry.get(code);
  if (!supplier) throw notFound();
  if (!simulatesSchedule(supplier)) throw new AppError(Code.CONFLICT, 'scheduleSim.unsupported', { supplier: code });
  const recordLocator = body.recordLocator.trim().toUpperCase();
  const result = await supplier.raiseScheduleChange({ recordLocator, kind: body.kind }, now);
  if (result.status === 'refused') {
    const [errorCode, key] = REFUSALS[result.reason];
    throw new AppError(errorCode, key, { supplier: code, recordLocator });
  }
  const { change } = result;
  await recordUserLog(db, {
    companyId: auth.company.id,
    actor: { id: auth.user.id, username: auth.user.username },
    action: 'supplier_update',
    detail: { supplier: code, scheduleChange: { id: change.id, recordLocator, kind: change.kind, leg: change.leg } },
    meta,
  });
  return change;
}

import { and, asc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { NoticeFlight, NoticeStatus } from '@portal/contract/api/after-sales';
import type { DbOrTx } from '../../../db/client.ts';
import { readsOn } from '../../../db/parallel.ts';
import { flightOrderSegments, flightOrders, flightScheduleNotices } from '../../../db/schema/index.ts';
import { getAirport } from '../../reference/reference.ts';
import { localToUtc } from '../../../suppliers/air/schedule/tz.ts';
import type { SupplierOffer } from '../../../suppliers/air/types.ts';
import { segmentsOf, updateOrder, type OrderRow } from '../order.repository.ts';

/** The only code that touches flight_schedule_notices; every function takes a transaction too. */

export type NoticeRow = typeof flightScheduleNotices.$inferSelect;
export type NewNoticeRow = typeof flightScheduleNotices.$inferInsert;
/** A notice with what the answer shows of its order. */
export interface NoticeWithOrder {
  notice: NoticeRow;
  bookingNumber: string;
  recordLocator: string | null;
}

const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

/** Null when the supplier's change is already a notice (the unique index on supplier and its id decides, race-free). */
export async function insertNotice(db: DbOrTx, values: NewNoticeRow): Promise<NoticeRow | null> {
  const [row] = await db
    .insert(flightScheduleNotices)
    .values(values)
    .onConflictDoNothing({ target: [flightScheduleNotices.supplier, flightScheduleNotices.supplierNoticeId] })
    .returning();
  return row ?? null;
}

export async function noticeExists(db: DbOrTx, supplier: string, supplierNoticeId: string): Promise<boolean> {
  const rows = await db
    .select({ id: flightScheduleNotices.id })
    .from(flightScheduleNotices)
    .where(and(eq(flightScheduleNotices.supplier, supplier), eq(flightScheduleNotices.supplierNoticeId, supplierNoticeId)))
    .limit(1);
  return rows.length > 0;
}

export async function findNotice(db: DbOrTx, id: string): Promise<NoticeRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(flightScheduleNotices).where(eq(flightScheduleNotices.id, id)).limit(1);
  return row;
}

/** Locks the notice for the rest of the transaction; callers lock its order first (the same order everywhere). */
export async function lockNotice(db: DbOrTx, id: string): Promise<NoticeRow | undefined> {
  const [row] = await db.select().from(flightScheduleNotices).where(eq(flightScheduleNotices.id, id)).for('update').limit(1);
  return row;
}

export async function updateNotice(db: DbOrTx, id: string, patch: Partial<NewNoticeRow>): Promise<NoticeRow> {
  const [row] = await db.update(flightScheduleNotices).set(patch).where(eq(flightScheduleNotices.id, id)).returning();
  return row;
}

/** Moves a notice on only from one of `from`: null when it is no longer in one of them. */
export async function updateNoticeFrom(db: DbOrTx, id: string, from: NoticeStatus[], patch: Partial<NewNoticeRow>): Promise<NoticeRow | null> {
  const [row] = await db
    .update(flightScheduleNotices)
    .set(patch)
    .where(and(eq(flightScheduleNotices.id, id), inArray(flightScheduleNotices.status, from)))
    .returning();
  return row ?? null;
}

const withOrder = (db: DbOrTx) =>
  db
    .select({ notice: flightScheduleNotices, bookingNumber: flightOrders.bookingNumber, recordLocator: flightOrders.recordLocator })
    .from(flightScheduleNotices)
    .innerJoin(flightOrders, eq(flightOrders.id, flightScheduleNotices.orderId));

export async function noticeWithOrder(db: DbOrTx, id: string): Promise<NoticeWithOrder | undefined> {
  const [row] = await withOrder(db).where(eq(flightScheduleNotices.id, id)).limit(1);
  return row;
}

export async function noticesOfOrderRows(db: DbOrTx, orderId: string): Promise<NoticeWithOrder[]> {
  return withOrder(db)
    .where(eq(flightScheduleNotices.orderId, orderId))
    .orderBy(asc(flightScheduleNotices.createdAt), asc(flightScheduleNotices.id));
}

/** The inbox: `scope` is the order list's tenancy (conditions on flight_orders), soonest deadline first. */
export async function listNoticeRows(
  db: DbOrTx,
  scope: SQL[],
  q: { status: 'open' | 'all'; page: number; pageSize: number },
): Promise<{ rows: NoticeWithOrder[]; total: number }> {
  const where: SQL[] = [...scope];
  if (q.status === 'open') where.push(eq(flightScheduleNotices.status, 'open'));
  const cond = and(...where);
  const [rows, [{ n }]] = await readsOn(db, [
    () => withOrder(db)
      .where(cond)
      .orderBy(asc(flightScheduleNotices.deadline), asc(flightScheduleNotices.createdAt), asc(flightScheduleNotices.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    () => db
      .select({ n: sql<number>`count(*)::int` })
      .from(flightScheduleNotices)
      .innerJoin(flightOrders, eq(flightOrders.id, flightScheduleNotices.orderId))
      .where(cond),
  ]);
  return { rows, total: Number(n) };
}

/** Open notices whose answer deadline has come: what the job closes. */
export async function dueNoticeIds(db: DbOrTx, now: Date, limit = 200): Promise<{ id: string; orderId: string }[]> {
  return db
    .select({ id: flightScheduleNotices.id, orderId: flightScheduleNotices.orderId })
    .from(flightScheduleNotices)
    .where(and(eq(flightScheduleNotices.status, 'open'), lte(flightScheduleNotices.deadline, now)))
    .orderBy(asc(flightScheduleNotices.deadline))
    .limit(limit);
}

/** The newest notice of the order (of that leg, when given) the agent has not accepted: open or refused. */
export async function unacceptedNotice(db: DbOrTx, orderId: string, leg?: number): Promise<NoticeRow | null> {
  const where: SQL[] = [eq(flightScheduleNotices.orderId, orderId), inArray(flightScheduleNotices.status, ['open', 'refused'])];
  if (leg !== undefined) where.push(eq(flightScheduleNotices.leg, leg));
  const [row] = await db
    .select()
    .from(flightScheduleNotices)
    .where(and(...where))
    .orderBy(sql`${flightScheduleNotices.createdAt} desc`, sql`${flightScheduleNotices.id} desc`)
    .limit(1);
  return row ?? null;
}

/** Every change order descending from `rootId` (a change of a change points at the change it amends). */
export async function changeOrdersUnder(db: DbOrTx, rootId: string): Promise<OrderRow[]> {
  const out: OrderRow[] = [];
  let parents = [rootId];
  // Chains are a handful of orders long; the bound only guards against a cycle in bad data.
  for (let depth = 0; parents.length && depth < 20; depth++) {
    const rows = await db
      .select()
      .from(flightOrders)
      .where(and(eq(flightOrders.type, 'change'), inArray(flightOrders.originalOrderId, parents)))
      .orderBy(asc(flightOrders.createdAt));
    out.push(...rows);
    parents = rows.map((r) => r.id);
  }
  return out;
}

/**
 * UTC instant of a local "YYYY-MM-DDTHH:mm" at an airport. An airport missing from the reference data is read as UTC:
 * wrong by its offset at most, and only for deadlines and sorting, never for what the agent is shown.
 */
export function instantAt(airport: string, local: string): Date {
  const tz = getAirport(airport)?.timeZone;
  if (!tz) return new Date(Date.parse(`${local}:00Z`));
  return new Date(localToUtc(local.slice(0, 10), Number(local.slice(11, 13)) * 60 + Number(local.slice(14, 16)), tz));
}

/**
 * The order's flights of `leg` become `flights` (cabin and booking class kept from the old segment at the same place,
 * the last one for extra flights), the other legs untouched. Positions are renumbered because a protected routing can
 * have more or fewer flights than the cancelled one; nothing refers to segment positions (coupons are passenger x leg).
 * The order's first departure and last flight date follow.
 */
export async function replaceLegSegments(db: DbOrTx, order: OrderRow, leg: number, flights: NoticeFlight[]): Promise<void> {
  const segments = await segmentsOf(db, order.id);
  const old = segments.filter((s) => s.leg === leg);
  if (!old.length || !flights.length) return;
  const firstIndex = segments.indexOf(old[0]);
  const fresh = flights.map((f, i) => {
    const like = old[Math.min(i, old.length - 1)];
    return {
      leg,
      flightNumber: f.flightNumber,
      carrier: f.flightNumber.slice(0, 2),
      origin: f.origin,
      destination: f.destination,
      departure: f.departure,
      arrival: f.arrival,
      departureDate: f.departure.slice(0, 10),
      departureUtc: instantAt(f.origin, f.departure),
      cabin: like.cabin,
      bookingClass: like.bookingClass,
    };
  });
  const others = segments.filter((s) => s.leg !== leg);
  const strip = ({ orderId: _o, position: _p, ...rest }: (typeof segments)[number]) => rest;
  const next = [...others.slice(0, firstIndex).map(strip), ...fresh, ...others.slice(firstIndex).map(strip)];
  await db.delete(flightOrderSegments).where(eq(flightOrderSegments.orderId, order.id));
  await db.insert(flightOrderSegments).values(next.map((s, position) => ({ ...s, orderId: order.id, position })));
  const first = next[0];
  const last = next[next.length - 1];
  const offer = withLegFlights(order.offer as SupplierOffer | null, [...new Set(segments.map((s) => s.leg))].sort((a, b) => a - b).indexOf(leg), flights);
  await updateOrder(db, order.id, { departureAt: first.departureUtc, departureDate: first.departureDate, lastFlightDate: last.departureDate, ...(offer ? { offer } : {}) });
}

/**
 * The order's offer with the flights of one of its legs replaced (the detail page and documents show the offer's
 * legs): equipment, cabin and class carried over from the old flight at the same place, times from the airline.
 * `index` is the leg's place in the offer (a change order's offer holds only the legs it changed). Null when the
 * offer has no such leg.
 */
export function withLegFlights(offer: SupplierOffer | null, index: number, flights: NoticeFlight[]): SupplierOffer | null {
  const old = offer?.legs[index];
  if (!offer || !old || !flights.length) return null;
  const segments = flights.map((f, i) => {
    const like = old.segments[Math.min(i, old.segments.length - 1)];
    const departureUtc = instantAt(f.origin, f.departure);
    const arrivalUtc = instantAt(f.destination, f.arrival);
    const carrier = f.flightNumber.slice(0, 2);
    return {
      ...like,
      marketingCarrier: carrier,
      operatingCarrier: carrier === like.marketingCarrier ? like.operatingCarrier : carrier,
      flightNumber: f.flightNumber,
      origin: f.origin,
      destination: f.destination,
      originTerminal: f.origin === like.origin ? like.originTerminal : null,
      destinationTerminal: f.destination === like.destination ? like.destinationTerminal : null,
      departure: f.departure,
      arrival: f.arrival,
      departureUtc: departureUtc.toISOString(),
      arrivalUtc: arrivalUtc.toISOString(),
      durationMinutes: Math.round((arrivalUtc.getTime() - departureUtc.getTime()) / 60_000),
    };
  });
  return { ...offer, legs: offer.legs.map((l, i) => (i === index ? { ...l, segments } : l)) };
}

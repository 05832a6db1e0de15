import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { supplierBookings, supplierScheduleChanges } from '../../db/schema/index.ts';
import * as referenceModule from '../../modules/reference/reference.ts';
import { couponBook, instantAt, openPassengers, type CouponBook } from './after-sales.ts';
import { bookingById, findBooking, lockBooking, saveCoupons, type BookedSegment } from './booking-store.ts';
import { releaseSeats, sellSeats } from './inventory.ts';
import { minimumConnectionMinutes, Network, type Flight } from './schedule/network.ts';
import { seeded } from './schedule/prng.ts';
import { addDays, formatWallClock, utcToLocal } from './schedule/tz.ts';
import type { ScheduleChangeFlight, SupplierScheduleChange } from './types.ts';

/**
 * Airline schedule changes on a simulated supplier's ticketed bookings (spec point 3: change, cancel_save,
 * cancel_no_save, restore), queued in supplier_schedule_changes as a GDS queues them. Raising one also applies it to
 * the booking's flights, as the airline does to the PNR: a later change or a restore starts from what the booking
 * holds now. Platform staff raise one on purpose (the supplier simulation page); a background job raises a few at
 * random.
 */

export type ScheduleChangeKind = SupplierScheduleChange['kind'];
export const SCHEDULE_CHANGE_KINDS: readonly ScheduleChangeKind[] = ['change', 'cancel_save', 'cancel_no_save', 'restore'];

export type ScheduleChangeTarget = ({ bookingId: string } | { recordLocator: string }) & { kind?: ScheduleChangeKind; leg?: number };

export type RaiseScheduleChangeResult =
  | { status: 'raised'; change: SupplierScheduleChange }
  | {
      status: 'refused';
      /**
       * not_ticketed: only tickets are re-protected; no_future_leg: no leg (or not that one) still to fly with an open
       * coupon and not cancelled; nothing_to_restore: the leg has no change or cancellation since its last restore, or
       * its flights were exchanged since; no_protection: no later flight of the carrier that day or the next.
       */
      reason: 'not_found' | 'not_ticketed' | 'no_future_leg' | 'nothing_to_restore' | 'no_protection';
    };

export interface ScheduleChangeOptions {
  /** The simulator's network (its flights and airports); by default one over the shipped reference data. */
  network?: Network;
  /** Random source for the kind, leg, segment and minutes; seed it (schedule/prng.ts) for a repeatable run. */
  random?: () => number;
}

/** Re-timings move a flight by 35 to 180 minutes, in 5-minute steps, as timetable changes do. */
const RETIME_MIN = 35;
const RETIME_MAX = 180;
/** An earlier departure must still leave time to reach the airport. */
const EARLIER_LEAD_MINUTES = 120;
const QUEUE_PAGE = 100;

let defaultNetwork: Network | null = null;
const networkOf = (o: ScheduleChangeOptions) => o.network ?? (defaultNetwork ??= new Network(referenceModule));

type Row = typeof supplierScheduleChanges.$inferSelect;

function changeOf(r: Row): SupplierScheduleChange {
  return {
    id: r.id,
    seq: r.seq,
    supplierRef: r.bookingId,
    recordLocator: r.recordLocator,
    clientReference: r.clientReference,
    kind: r.kind,
    leg: r.leg,
    oldFlights: r.oldFlights,
    newFlights: r.newFlights,
    createdAt: r.createdAt.toISOString(),
  };
}

/** The supplier's queue after `afterSeq`, oldest first, a page at a time. */
export async function readScheduleChanges(db: DbOrTx, supplier: string, afterSeq: number, limit = QUEUE_PAGE): Promise<SupplierScheduleChange[]> {
  const rows = await db
    .select()
    .from(supplierScheduleChanges)
    .where(and(eq(supplierScheduleChanges.supplier, supplier), gt(supplierScheduleChanges.seq, Math.max(0, Math.floor(afterSeq) || 0))))
    .orderBy(asc(supplierScheduleChanges.seq))
    .limit(limit);
  return rows.map(changeOf);
}

const flightOf = (s: Pick<BookedSegment, 'flightNumber' | 'origin' | 'destination' | 'departure' | 'arrival'>): ScheduleChangeFlight => ({
  flightNumber: s.flightNumber,
  origin: s.origin,
  destination: s.destination,
  departure: s.departure,
  arrival: s.arrival,
});
const sameFlights = (a: ScheduleChangeFlight[], b: ScheduleChangeFlight[]) =>
  a.length === b.length && a.every((f, i) => f.flightNumber === b[i].flightNumber && f.departure === b[i].departure && f.arrival === b[i].arrival);
const shift = (local: string, minutes: number) => formatWallClock(Date.parse(`${local}:00Z`) + minutes * 60_000);
const pick = <T>(list: readonly T[], random: () => number): T => list[Math.min(list.length - 1, Math.floor(random() * list.length))];

/**
 * The flights of one leg as the airline sees them: those of the first passenger still holding an open coupon there
 * (passengers exchanged to other flights have their own), in flying order.
 */
function legFlights(book: CouponBook, leg: number): BookedSegment[] {
  const [first] = openPassengers(book, leg);
  if (first === undefined) return [];
  return book.segments.filter((s) => s.leg === leg && s.pax!.includes(first)).sort((a, b) => a.departure.localeCompare(b.departure));
}

interface LegState {
  leg: number;
  flights: BookedSegment[];
  future: boolean;
  cancelled: boolean;
  /** The flights a restore brings back, when one is possible. */
  original: ScheduleChangeFlight[] | null;
}

function legStates(book: CouponBook, history: Row[], network: Network, now: Date): LegState[] {
  const out: LegState[] = [];
  for (let leg = 0; leg < book.legCount; leg++) {
    const flights = legFlights(book, leg);
    if (!flights.length) continue;
    const future = instantAt(network, flights[0].origin, flights[0].departure) > now.getTime();
    const cancelled = flights.some((f) => f.cancelled);
    // Since the leg's last restore: the first change's old flights are the originals, and the last change must still
    // describe the booking (an exchange since then replaced the airline's flights with the passenger's own).
    const rows = history.filter((r) => r.leg === leg);
    const lastRestore = rows.findLastIndex((r) => r.kind === 'restore');
    const since = rows.slice(lastRestore + 1);
    let original: ScheduleChangeFlight[] | null = null;
    if (since.length) {
      const last = since[since.length - 1];
      const expected = last.kind === 'cancel_no_save' ? last.oldFlights : last.newFlights;
      if (sameFlights(flights.map(flightOf), expected) && cancelled === (last.kind === 'cancel_no_save')) original = since[0].oldFlights;
    }
    out.push({ leg, flights, future, cancelled, original });
  }
  return out;
}

const applicable = (kind: ScheduleChangeKind, s: LegState) => s.future && (kind === 'restore' ? s.original !== null : !s.cancelled);

/**
 * Raises one schedule change on a ticketed booking of `supplierCode` and applies it to the booking's flights. Without
 * `kind`, one is drawn (a restore where one is possible, else mostly re-timings); without `leg`, a leg still to fly is
 * drawn. Flights are local "YYYY-MM-DDTHH:mm" at their airports.
 * - change: one flight of the leg re-timed by 35-180 minutes, its arrival with it (later flights of a connection move
 *   along when it is later, earlier ones when it is earlier, so connections still work);
 * - cancel_save: one flight cancelled, the passengers protected on the carrier's next flight on that route the same
 *   day or the next (a real flight of the schedule, seats moved there), onward flights re-protected if missed;
 * - cancel_no_save: the leg's flights cancelled, no alternative (newFlights empty);
 * - restore: back to the flights the leg had before its first change since the last restore.
 */
export async function raiseScheduleChange(
  db: Db,
  supplierCode: string,
  target: ScheduleChangeTarget,
  now: Date,
  opts: ScheduleChangeOptions = {},
): Promise<RaiseScheduleChangeResult> {
  const network = networkOf(opts);
  const random = opts.random ?? Math.random;
  return db.transaction(async (tx) => {
    const found =
      'bookingId' in target ? await bookingById(tx, target.bookingId) : await findBooking(tx, supplierCode, { recordLocator: target.recordLocator });
    if (!found || found.supplier !== supplierCode) return { status: 'refused', reason: 'not_found' };
    const row = (await lockBooking(tx, found.id))!;
    if (row.status !== 'ticketed') return { status: 'refused', reason: 'not_ticketed' };
    const book = couponBook(row);
    const history = await tx
      .select()
      .from(supplierScheduleChanges)
      .where(and(eq(supplierScheduleChanges.supplier, supplierCode), eq(supplierScheduleChanges.bookingId, row.id)))
      .orderBy(asc(supplierScheduleChanges.seq));
    const states = legStates(book, history, network, now).filter((s) => target.leg === undefined || s.leg === target.leg);

    let kind = target.kind;
    let state: LegState | undefined;
    if (kind) {
      const fits = states.filter((s) => applicable(kind!, s));
      if (!fits.length) return { status: 'refused', reason: kind === 'restore' && states.some((s) => s.future) ? 'nothing_to_restore' : 'no_future_leg' };
      state = pick(fits, random);
    } else {
      const open = states.filter((s) => s.future && (s.original !== null || !s.cancelled));
      if (!open.length) return { status: 'refused', reason: 'no_future_leg' };
      state = pick(open, random);
      const r = random();
      kind = state.cancelled || (state.original && r < 0.4) ? 'restore' : r < 0.7 ? 'change' : r < 0.88 ? 'cancel_save' : 'cancel_no_save';
    }

    const oldFlights = state.flights.map(flightOf);
    let newFlights: ScheduleChangeFlight[] | null;
    if (kind === 'change') newFlights = retimed(state.flights, network, now, random);
    else if (kind === 'cancel_save') newFlights = protectedFlights(state.flights, pick(range(state.flights.length), random), network);
    else if (kind === 'cancel_no_save') newFlights = [];
    else newFlights = state.original;
    if (!newFlights) {
      // A drawn cancellation with nowhere to protect becomes a re-timing; one asked for is refused.
      if (target.kind) return { status: 'refused', reason: 'no_protection' };
      kind = 'change';
      newFlights = retimed(state.flights, network, now, random);
    }

    await applyToBooking(tx, supplierCode, book, state, kind, newFlights);
    const [inserted] = await tx
      .insert(supplierScheduleChanges)
      .values({
        supplier: supplierCode,
        bookingId: row.id,
        recordLocator: row.recordLocator,
        clientReference: row.clientReference,
        kind,
        leg: state.leg,
        oldFlights,
        newFlights,
        createdAt: now,
      })
      .returning();
    return { status: 'raised', change: changeOf(inserted) };
  });
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

function retimed(flights: BookedSegment[], network: Network, now: Date, random: () => number): ScheduleChangeFlight[] {
  const k = pick(range(flights.length), random);
  const minutes = RETIME_MIN + 5 * Math.floor(random() * ((RETIME_MAX - RETIME_MIN) / 5 + 1));
  let delta = random() < 0.3 ? -minutes : minutes;
  if (delta < 0 && instantAt(network, flights[0].origin, shift(flights[0].departure, delta)) < now.getTime() + EARLIER_LEAD_MINUTES * 60_000) delta = minutes;
  return flights.map((f, i) => {
    const moves = delta > 0 ? i >= k : i <= k;
    return moves ? { ...flightOf(f), departure: shift(f.departure, delta), arrival: shift(f.arrival, delta) } : flightOf(f);
  });
}

/**
 * Flight k cancelled: the carrier's first later flight on the route that day or the next, then each onward flight
 * kept if it still connects (the schedule's minimum connection time) or moved to the first one that does. Null when
 * some flight has no such alternative.
 */
function protectedFlights(flights: BookedSegment[], k: number, network: Network): ScheduleChangeFlight[] | null {
  const out = flights.slice(0, k).map(flightOf);
  let prev: Flight | null = null;
  for (let i = k; i < flights.length; i++) {
    const s = flights[i];
    const airline = network.airline(s.carrier);
    const x = network.airport(s.origin);
    const y = network.airport(s.destination);
    if (!airline || !x || !y) return null;
    const scheduled = network.findFlight(s.carrier, s.flightNumber, s.origin, s.destination, s.date);
    let earliest: number;
    if (i === k) earliest = instantAt(network, s.origin, s.departure) + 1;
    else {
      const mct = scheduled && prev ? minimumConnectionMinutes(x, prev, scheduled) : 90;
      earliest = prev!.arrUtc + mct * 60_000;
      if (scheduled && !s.cancelled && instantAt(network, s.origin, s.departure) >= earliest) {
        out.push(flightOf(s));
        prev = { ...scheduled, arrUtc: instantAt(network, s.destination, s.arrival) };
        continue;
      }
    }
    const day = i === k ? s.departure.slice(0, 10) : utcToLocal(earliest, x.timeZone).slice(0, 10);
    const next = [...network.flightsOn(airline, x, y, day), ...network.flightsOn(airline, x, y, addDays(day, 1))]
      .filter((f) => f.depUtc >= earliest && !(f.flightNumber === s.flightNumber && f.date === s.date))
      .sort((a, b) => a.depUtc - b.depUtc)[0];
    if (!next) return null;
    out.push(flightOf(next));
    prev = next;
  }
  return out;
}

/**
 * Moves the booking onto the new flights: every segment of the leg on an affected flight (all classes and
 * passengers), seats following the passengers when the flight itself changes (protection does not wait for a class
 * to have room). A re-timed flight keeps its date: it is the same flight of the same day in the inventory.
 */
async function applyToBooking(tx: DbOrTx, supplier: string, book: CouponBook, state: LegState, kind: ScheduleChangeKind, newFlights: ScheduleChangeFlight[]) {
  for (let i = 0; i < state.flights.length; i++) {
    // Read before the loop: the leg's own segment is among those it updates.
    const { flightNumber, date: wasDate } = state.flights[i];
    const to = newFlights[i];
    for (const s of book.segments) {
      if (s.leg !== state.leg || s.flightNumber !== flightNumber || s.date !== wasDate) continue;
      if (kind === 'cancel_no_save') {
        s.cancelled = true;
        continue;
      }
      delete s.cancelled;
      const date = kind === 'change' ? s.date : to.departure.slice(0, 10);
      if (to.flightNumber !== s.flightNumber || date !== s.date) {
        const sale = { bookingClass: s.bookingClass, seats: s.seats };
        await releaseSeats(tx, supplier, [{ ...sale, flightNumber: s.flightNumber, date: s.date }]);
        await sellSeats(tx, supplier, [{ ...sale, flightNumber: to.flightNumber, date }]);
      }
      Object.assign(s, { carrier: to.flightNumber.slice(0, 2), flightNumber: to.flightNumber, origin: to.origin, destination: to.destination, date, departure: to.departure, arrival: to.arrival });
    }
  }
  await saveCoupons(tx, book.row.id, book.segments, book.tickets);
}

/** SCHEDULE_CHANGE_RATE: the chance per background run that a ticketed booking still to fly gets a change. */
export function scheduleChangeRate(env: NodeJS.ProcessEnv = process.env): number {
  const v = Number(env.SCHEDULE_CHANGE_RATE ?? 0.002);
  return Number.isFinite(v) ? Math.min(1, Math.max(0, v)) : 0.002;
}

const CANDIDATES_PER_RUN = 5_000;

/**
 * The background noise of a real schedule: each ticketed booking of the supplier with a flight still to come gets a
 * change with probability `rate` (kind and leg drawn). Returns how many were raised. Deterministic for a seeded
 * `random`: candidates are taken in booking id order, one draw each.
 */
export async function raiseRandomScheduleChanges(
  db: Db,
  supplierCode: string,
  now: Date,
  rate = scheduleChangeRate(),
  opts: ScheduleChangeOptions = {},
): Promise<number> {
  if (!(rate > 0)) return 0;
  const random = opts.random ?? Math.random;
  // Stored dates are local; a day's margin keeps every flight still to come, the exact check is the raise's.
  const since = addDays(now.toISOString().slice(0, 10), -1);
  const rows = await db
    .select({ id: supplierBookings.id })
    .from(supplierBookings)
    .where(
      and(
        eq(supplierBookings.supplier, supplierCode),
        eq(supplierBookings.status, 'ticketed'),
        sql`exists (select 1 from jsonb_array_elements(${supplierBookings.seats}) s where s->>'date' >= ${since})`,
      ),
    )
    .orderBy(asc(supplierBookings.id))
    .limit(CANDIDATES_PER_RUN);
  let raised = 0;
  for (const { id } of rows) {
    const draw = random();
    if (draw >= rate) continue;
    // Exactly one draw per candidate: which bookings a seeded run picks does not depend on what each change drew.
    const r = await raiseScheduleChange(db, supplierCode, { bookingId: id }, now, { ...opts, random: seeded('schedule-change', id, draw) });
    if (r.status === 'raised') raised++;
  }
  return raised;
}

/** What the background job needs of a supplier: simulators have it, real adapters do not. */
interface RandomScheduleChanges {
  code: string;
  raiseRandomScheduleChanges(now: Date): Promise<number>;
}
const simulatesSchedule = (s: object): s is RandomScheduleChanges => typeof (s as Partial<RandomScheduleChanges>).raiseRandomScheduleChanges === 'function';

/**
 * Hourly: a few random schedule changes on the simulators' bookings (rate per run: SCHEDULE_CHANGE_RATE). A
 * jobs/types.ts JobDefinition, typed by what it uses: importing that type from here closed an import cycle (the app's
 * deps name the supplier registry, which reaches this module).
 */
export const simulatedScheduleChangesJob = {
  name: 'simulated-schedule-changes',
  cron: '17 * * * *',
  run: async (deps: { airSuppliers: { all(): readonly object[] } }, now: Date) => {
    let raised = 0;
    for (const s of deps.airSuppliers.all()) if (simulatesSchedule(s)) raised += await s.raiseRandomScheduleChanges(now);
    return raised;
  },
};

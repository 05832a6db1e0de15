import { randomUUID } from 'node:crypto';
import type { SeatClass } from '@portal/contract/api/trains';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client.ts';
import { railSeatAssignments, railSeatInventory } from '../src/db/schema/index.ts';
import { createRailSimulator, type SimulatedRailSupplier } from '../src/suppliers/rail/sim/simulator.ts';
import type { RailHoldResult, RailResult, RailService } from '../src/suppliers/rail/types.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { chinaDate } from './helpers/trains.ts';

const ctx = () => ({ signal: new AbortController().signal });
function valueOf<T>(r: RailResult<T, string>): T {
  if (r.status !== 'ok') throw new Error(`expected ok, got ${JSON.stringify(r)}`);
  return r.value;
}

/**
 * The railway's seats under concurrent holds, on PGlite (one connection: the holds interleave between statements) and
 * on PostgreSQL with two connection pools on one database (two server processes racing for the same rows).
 */
describe('rail seats under concurrent holds', () => {
  let t: TestApp;
  let other: Database | undefined;
  let processes: SimulatedRailSupplier[];

  beforeAll(async () => {
    t = await createTestApp();
    if (t.url) other = await openDatabase({ url: t.url });
    processes = [createRailSimulator({ db: t.db }), ...(other ? [createRailSimulator({ db: other.db })] : [])];
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  const trainOn = async (days: number): Promise<RailService> => {
    const services = valueOf(await processes[0].search({ from: ['VNP'], to: ['AOH'], date: chinaDate(days) }, ctx()));
    return services.find((s) => s.trainType === 'G' && s.toIndex - s.fromIndex >= 5)!;
  };
  const setSeatsLeft = (s: RailService, seatClass: SeatClass, left: number) =>
    t.db
      .update(railSeatInventory)
      .set({ sold: sql`${railSeatInventory.capacity} - ${left}` })
      .where(and(eq(railSeatInventory.trainNumber, s.trainNumber), eq(railSeatInventory.serviceDate, s.serviceDate), eq(railSeatInventory.seatClass, seatClass)));
  const rows = (s: RailService, seatClass: SeatClass) =>
    t.db
      .select()
      .from(railSeatInventory)
      .where(and(eq(railSeatInventory.trainNumber, s.trainNumber), eq(railSeatInventory.serviceDate, s.serviceDate), eq(railSeatInventory.seatClass, seatClass)))
      .orderBy(railSeatInventory.segment);
  const hold = (p: SimulatedRailSupplier, s: RailService, from: number, to: number, name: string): Promise<RailHoldResult> =>
    p.hold(
      {
        serviceId: s.serviceId,
        from: s.stops[from].code,
        to: s.stops[to].code,
        seatClass: 'second',
        passengers: [{ name, type: 'adult', document: { type: 'id_card', number: '11010519491231002X' } }],
        clientReference: randomUUID(),
      },
      ctx(),
    );

  it('sells the last 5 second-class seats exactly once to 30 parallel holds: 5 held, 25 sold out, never oversold', async () => {
    const s = await trainOn(6);
    await setSeatsLeft(s, 'second', 5);
    // Watch the rows while the holds race: no segment may pass its capacity, not even for a moment.
    let watching = true;
    let oversold = false;
    const watcher = (async () => {
      while (watching) {
        oversold ||= (await rows(s, 'second')).some((r) => r.sold > r.capacity);
        await new Promise((r) => setTimeout(r, 2));
      }
    })();
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => hold(processes[i % processes.length], s, s.fromIndex, s.toIndex, `旅客${i}`)));
    watching = false;
    await watcher;

    expect(oversold).toBe(false);
    expect(results.filter((r) => r.status === 'ok')).toHaveLength(5);
    expect(results.filter((r) => r.status === 'error' && r.error.kind === 'sold_out')).toHaveLength(25);
    for (const r of await rows(s, 'second')) {
      if (r.segment >= s.fromIndex && r.segment < s.toIndex) expect(r.sold).toBe(r.capacity);
    }
    const seats = await t.db
      .select()
      .from(railSeatAssignments)
      .where(and(eq(railSeatAssignments.trainNumber, s.trainNumber), eq(railSeatAssignments.serviceDate, s.serviceDate)));
    expect(new Set(seats.map((x) => x.seatNo)).size).toBe(5);
    expect(seats).toHaveLength(5 * (s.toIndex - s.fromIndex));
    // Each of the five tickets, and the train shows none left.
    for (const r of results) if (r.status === 'ok') expect(valueOf(await processes[0].ticket(r.value, ctx())).status).toBe('ticketed');
    const again = valueOf(await processes[0].search({ from: ['VNP'], to: ['AOH'], date: chinaDate(6) }, ctx())).find((x) => x.serviceId === s.serviceId)!;
    expect(again.classes.find((c) => c.seatClass === 'second')!.available).toBe(0);
  });

  it('keeps every segment within its seats when overlapping rides race for the last 2 seats', async () => {
    const s = await trainOn(7);
    const a = s.fromIndex;
    const rides: [number, number][] = [
      [a, a + 2],
      [a + 1, a + 3],
      [a + 2, a + 4],
      [a, a + 4],
      [a + 3, a + 5],
    ];
    await setSeatsLeft(s, 'second', 2);
    const results = await Promise.all(
      Array.from({ length: 25 }, (_, i) => {
        const [from, to] = rides[i % rides.length];
        return hold(processes[i % processes.length], s, from, to, `旅客${i}`).then((r) => ({ r, from, to }));
      }),
    );
    const held = results.filter((x) => x.r.status === 'ok');
    expect(held.length).toBeGreaterThan(0);
    const capacity = (await rows(s, 'second'))[0].capacity;
    const assignments = await t.db
      .select()
      .from(railSeatAssignments)
      .where(and(eq(railSeatAssignments.trainNumber, s.trainNumber), eq(railSeatAssignments.serviceDate, s.serviceDate)));
    for (const r of await rows(s, 'second')) {
      const riding = held.filter((x) => x.from <= r.segment && r.segment < x.to).length;
      expect(riding, `segment ${r.segment}`).toBeLessThanOrEqual(2);
      expect(r.sold, `segment ${r.segment}`).toBe(capacity - 2 + riding);
      const onSegment = assignments.filter((x) => x.segment === r.segment);
      expect(new Set(onSegment.map((x) => x.seatNo)).size).toBe(onSegment.length);
      expect(onSegment).toHaveLength(riding);
    }
    // Every refusal was for want of seats on some segment of its ride.
    for (const x of results.filter((y) => y.r.status !== 'ok')) expect(x.r).toMatchObject({ status: 'error', error: { kind: 'sold_out' } });
  });
});

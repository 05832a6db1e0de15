import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { migrateDatabase, openDatabase, type Database } from '../../db/client.ts';
import { supplierBookings, supplierScheduleChanges } from '../../db/schema/index.ts';
import { offerTotal } from './contract.suite.ts';
import type { SimulatedGdsSupplier } from './gds.ts';
import { setFaults, SupplierError } from './faults.ts';
import { seatsSold } from './inventory.ts';
import { createAirSuppliers, type SupplierRegistry } from './registry.ts';
import { instantAt } from './after-sales.ts';
import { raiseRandomScheduleChanges, raiseScheduleChange, scheduleChangeRate } from './schedule-changes.ts';
import { Network } from './schedule/network.ts';
import { seeded } from './schedule/prng.ts';
import { referenceFixture } from './schedule/reference.fixture.ts';
import type { SimulatedAirSupplier } from './simulator.ts';
import { NO_FAULTS, type ScheduleChangeFlight, type SupplierContext, type SupplierOffer } from './types.ts';

const NOW = new Date('2026-12-01T08:00:00Z');
const ctx = (now = NOW, signal = new AbortController().signal): SupplierContext => ({ signal, now });
const minutes = (a: string, b: string) => (Date.parse(`${b}:00Z`) - Date.parse(`${a}:00Z`)) / 60_000;

let database: Database;
let suppliers: SupplierRegistry;
const network = new Network(referenceFixture);
const gds = () => suppliers.get('sim-gds') as SimulatedGdsSupplier;

beforeAll(async () => {
  database = await openDatabase({});
  await migrateDatabase(database);
  suppliers = createAirSuppliers({ db: database.db, reference: referenceFixture });
}, 60_000);
afterAll(() => database?.close());
beforeEach(async () => {
  await setFaults(database.db, 'sim-gds', { ...NO_FAULTS, ticketingDelaySeconds: 0 });
});

async function booking(dates: string[], opts: { ticket?: boolean; directOnly?: boolean } = {}) {
  const s = gds();
  const journeys = dates.map((date, i) => (i % 2 === 0 ? { origins: ['PEK'], destinations: ['SHA'], date } : { origins: ['SHA'], destinations: ['PEK'], date }));
  const counts = { adult: 2, child: 0, infant: 0 };
  const offers = await s.search({ journeys, passengers: counts, cabin: 'economy', directOnly: opts.directOnly ?? true }, ctx());
  const offer = offers[0];
  const booked = await s.book(
    {
      offerId: offer.offerId,
      expectedTotal: offerTotal(offer, counts),
      passengers: ['A', 'B'].map((g, i) => ({
        type: 'adult' as const,
        surname: 'WANG',
        givenNames: `FANG ${g}`,
        gender: 'female' as const,
        birthday: '1990-01-01',
        nationality: 'CN',
        document: { type: 'passport', number: `E9876543${i}`, expiryDate: '2032-01-01', issuingCountry: 'CN' },
        frequentFlyer: null,
      })),
      contact: { name: 'WANG FANG', email: 'w@example.com', phone: '+86 13800138000' },
      clientReference: randomUUID(),
    },
    ctx(),
  );
  if (booked.status !== 'booked') throw new Error(booked.status);
  const ref = { supplierRef: booked.booking.supplierRef, recordLocator: booked.booking.recordLocator };
  if (opts.ticket !== false) {
    const t = await s.ticket(ref, ctx());
    if (t.status !== 'ticketed') throw new Error(t.status);
  }
  return { offer, ref, clientReference: booked.booking.clientReference };
}
const flightsOf = (offer: SupplierOffer, leg: number): ScheduleChangeFlight[] =>
  offer.legs[leg].segments.map((s) => ({ flightNumber: s.flightNumber, origin: s.origin, destination: s.destination, departure: s.departure, arrival: s.arrival }));
const raised = <T extends { status: string }>(r: T) => {
  if (r.status !== 'raised') throw new Error(`refused: ${JSON.stringify(r)}`);
  return (r as Extract<T, { status: 'raised' }> & { change: import('./types.ts').SupplierScheduleChange }).change;
};

describe('raiseScheduleChange', () => {
  it('change: the same flight re-timed by 35-180 minutes, arrival with it; the booking and its PNR follow', async () => {
    const { offer, ref, clientReference } = await booking(['2027-03-01', '2027-03-04']);
    for (let seed = 0; seed < 6; seed++) {
      const before = (await gds().retrievePnr(ref.recordLocator, ctx()))!.segments;
      const change = raised(await gds().raiseScheduleChange({ recordLocator: ref.recordLocator, kind: 'change', leg: 1 }, NOW, seeded('change', seed)));
      expect(change).toMatchObject({ kind: 'change', leg: 1, supplierRef: ref.supplierRef, recordLocator: ref.recordLocator, clientReference });
      expect(change.newFlights).toHaveLength(change.oldFlights.length);
      const [o] = change.oldFlights;
      const [n] = change.newFlights;
      expect(n.flightNumber).toBe(o.flightNumber);
      const moved = minutes(o.departure, n.departure);
      expect(Math.abs(moved)).toBeGreaterThanOrEqual(35);
      expect(Math.abs(moved)).toBeLessThanOrEqual(180);
      expect(Math.abs(moved) % 5).toBe(0);
      expect(minutes(o.arrival, n.arrival)).toBe(moved);
      expect(before[1]).toMatchObject({ flightNumber: o.flightNumber, departureTime: o.departure.slice(11) });
      const after = (await gds().retrievePnr(ref.recordLocator, ctx()))!.segments;
      expect(after[1]).toMatchObject({ flightNumber: n.flightNumber, departureTime: n.departure.slice(11) });
      expect(after[0]).toEqual(before[0]);
    }
    expect(flightsOf(offer, 0)[0].flightNumber).toBe((await gds().retrievePnr(ref.recordLocator, ctx()))!.segments[0].flightNumber);
  });

  it('cancel_save: a real later flight of the carrier on the route, the same day or the next, with the seats moved', async () => {
    const { offer, ref } = await booking(['2027-03-02']);
    const [old] = flightsOf(offer, 0);
    const change = raised(await gds().raiseScheduleChange({ bookingId: ref.supplierRef, kind: 'cancel_save' }, NOW, seeded('save')));
    expect(change.oldFlights).toEqual([old]);
    const [n] = change.newFlights;
    expect(n.flightNumber.slice(0, 2)).toBe(old.flightNumber.slice(0, 2));
    expect([n.origin, n.destination]).toEqual([old.origin, old.destination]);
    expect(n.departure > old.departure).toBe(true);
    expect(['2027-03-02', '2027-03-03']).toContain(n.departure.slice(0, 10));
    const real = network.findFlight(n.flightNumber.slice(0, 2), n.flightNumber, n.origin, n.destination, n.departure.slice(0, 10));
    expect(real).toMatchObject({ departure: n.departure, arrival: n.arrival });
    const sold = async (f: ScheduleChangeFlight) => [...(await seatsSold(database.db, 'sim-gds', [{ flightNumber: f.flightNumber, date: f.departure.slice(0, 10) }])).values()].reduce((a, b) => a + b, 0);
    expect(await sold(old)).toBe(0);
    expect(await sold(n)).toBe(2);

    // A refund afterwards gives the protected flight's seats back.
    expect(await gds().refundTickets(ref, { passengerIndexes: [0, 1], legs: [0], clientReference: randomUUID() }, ctx())).toEqual({ status: 'done' });
    expect(await sold(n)).toBe(0);
  });

  it('cancel_no_save: no new flights; restore only after a change, back to the original flights, once', async () => {
    const { offer, ref } = await booking(['2027-03-05', '2027-03-08']);
    const original = flightsOf(offer, 0);
    expect(await gds().raiseScheduleChange({ recordLocator: ref.recordLocator, kind: 'restore', leg: 0 }, NOW)).toEqual({ status: 'refused', reason: 'nothing_to_restore' });

    const cancelled = raised(await gds().raiseScheduleChange({ recordLocator: ref.recordLocator, kind: 'cancel_no_save', leg: 0 }, NOW));
    expect(cancelled).toMatchObject({ kind: 'cancel_no_save', leg: 0, oldFlights: original, newFlights: [] });
    // The PNR keeps the flight, unconfirmed (UN), until someone acts.
    expect((await gds().retrievePnr(ref.recordLocator, ctx()))!.segments[0]).toMatchObject({ flightNumber: original[0].flightNumber, status: 'UN' });
    // A cancelled leg cannot be re-timed or cancelled again.
    expect(await gds().raiseScheduleChange({ recordLocator: ref.recordLocator, kind: 'change', leg: 0 }, NOW)).toEqual({ status: 'refused', reason: 'no_future_leg' });
    const restored = raised(await gds().raiseScheduleChange({ recordLocator: ref.recordLocator, kind: 'restore', leg: 0 }, NOW));
    expect(restored).toMatchObject({ kind: 'restore', leg: 0, oldFlights: original, newFlights: original });
    expect((await gds().retrievePnr(ref.recordLocator, ctx()))!.segments[0].status).toBe('RR');
    expect(await gds().raiseScheduleChange({ recordLocator: ref.recordLocator, kind: 'restore' }, NOW)).toEqual({ status: 'refused', reason: 'nothing_to_restore' });

    // Two changes, then a restore: back to the flights before the first.
    raised(await gds().raiseScheduleChange({ recordLocator: ref.recordLocator, kind: 'change', leg: 0 }, NOW, seeded('a')));
    const second = raised(await gds().raiseScheduleChange({ recordLocator: ref.recordLocator, kind: 'cancel_save', leg: 0 }, NOW, seeded('b')));
    const back = raised(await gds().raiseScheduleChange({ recordLocator: ref.recordLocator, kind: 'restore' }, NOW));
    expect(back).toMatchObject({ leg: 0, oldFlights: second.newFlights, newFlights: original });
    const pnr = (await gds().retrievePnr(ref.recordLocator, ctx()))!.segments[0];
    expect(pnr).toMatchObject({ flightNumber: original[0].flightNumber, departureTime: original[0].departure.slice(11) });
  });

  it('keeps connections working: later flights of a connection move with a delay, missed ones are re-protected', async () => {
    const s = gds();
    const counts = { adult: 1, child: 0, infant: 0 };
    const offers = await s.search({ journeys: [{ origins: ['KMG'], destinations: ['LHR'], date: '2027-03-15' }], passengers: counts, cabin: 'economy', directOnly: false }, ctx());
    const offer = offers.find((o) => o.legs[0].segments.length === 2)!;
    expect(offer).toBeDefined();
    const b = await s.book(
      {
        offerId: offer.offerId,
        expectedTotal: offerTotal(offer, counts),
        passengers: [{ type: 'adult', surname: 'QIAN', givenNames: 'LI', gender: 'male', birthday: '1980-01-01', nationality: 'CN', document: { type: 'passport', number: 'E2', expiryDate: null, issuingCountry: 'CN' }, frequentFlyer: null }],
        contact: { name: 'QIAN LI', email: 'q@example.com', phone: '1' },
        clientReference: randomUUID(),
      },
      ctx(),
    );
    if (b.status !== 'booked') throw new Error(b.status);
    expect((await s.ticket(b.booking, ctx())).status).toBe('ticketed');
    const connects = (fs: ScheduleChangeFlight[]) =>
      fs.slice(1).every((f, i) => instantAt(network, f.origin, f.departure) - instantAt(network, fs[i].destination, fs[i].arrival) >= 45 * 60_000);
    const kinds: string[] = [];
    for (let seed = 0; seed < 8; seed++) {
      const kind = seed % 2 ? 'cancel_save' : 'change';
      const r = await s.raiseScheduleChange({ recordLocator: b.booking.recordLocator, kind }, NOW, seeded('connection', seed));
      if (r.status === 'refused') {
        expect(r.reason).toBe('no_protection');
        continue;
      }
      kinds.push(kind);
      expect(r.change.newFlights).toHaveLength(2);
      expect(r.change.newFlights.map((f) => [f.origin, f.destination])).toEqual(r.change.oldFlights.map((f) => [f.origin, f.destination]));
      expect(connects(r.change.newFlights)).toBe(true);
    }
    expect(new Set(kinds)).toEqual(new Set(['change', 'cancel_save']));
  });

  it('refuses bookings not ticketed or unknown, and legs already flown', async () => {
    const held = await booking(['2027-03-10'], { ticket: false });
    expect(await gds().raiseScheduleChange({ recordLocator: held.ref.recordLocator, kind: 'change' }, NOW)).toEqual({ status: 'refused', reason: 'not_ticketed' });
    expect(await gds().raiseScheduleChange({ recordLocator: 'ZZZZZZ', kind: 'change' }, NOW)).toEqual({ status: 'refused', reason: 'not_found' });
    // Another supplier's booking is not this one's.
    expect(await raiseScheduleChange(database.db, 'sim-ndc', { bookingId: held.ref.supplierRef }, NOW, { network })).toEqual({ status: 'refused', reason: 'not_found' });

    const { offer, ref } = await booking(['2027-03-11', '2027-03-13']);
    const later = new Date(Date.parse(offer.legs[0].segments[0].departureUtc) + 60_000);
    expect(await gds().raiseScheduleChange({ recordLocator: ref.recordLocator, kind: 'change', leg: 0 }, later)).toEqual({ status: 'refused', reason: 'no_future_leg' });
    expect(raised(await gds().raiseScheduleChange({ recordLocator: ref.recordLocator, kind: 'change' }, later)).leg).toBe(1);
    // Every passenger refunded on the leg: nothing left to change there.
    expect(await gds().refundTickets(ref, { passengerIndexes: [0, 1], legs: [1], clientReference: randomUUID() }, ctx())).toEqual({ status: 'done' });
    expect(await gds().raiseScheduleChange({ recordLocator: ref.recordLocator, kind: 'change' }, later)).toEqual({ status: 'refused', reason: 'no_future_leg' });
  });
});

describe('scheduleChanges (the queue)', () => {
  it('reads the supplier own changes after a cursor, oldest first, a page of at most 100, with call faults', async () => {
    const all = await gds().scheduleChanges(0, ctx());
    expect(all.length).toBeGreaterThan(3);
    expect(all.map((c) => c.seq)).toEqual([...all.map((c) => c.seq)].sort((a, b) => a - b));
    expect(new Set(all.map((c) => c.id)).size).toBe(all.length);
    const cursor = all[1].seq;
    expect(await gds().scheduleChanges(cursor, ctx())).toEqual(all.filter((c) => c.seq > cursor));
    expect(await gds().scheduleChanges(all[all.length - 1].seq, ctx())).toEqual([]);
    expect(await suppliers.get('sim-ndc')!.scheduleChanges!(0, ctx())).toEqual([]);
    const rows = await database.db.select().from(supplierScheduleChanges).where(eq(supplierScheduleChanges.supplier, 'sim-gds'));
    expect(rows).toHaveLength(all.length);

    const { ref } = await booking(['2027-03-20']);
    const many = [];
    for (let i = 0; i < 105; i++) many.push(raised(await gds().raiseScheduleChange({ recordLocator: ref.recordLocator, kind: 'change' }, NOW, seeded('many', i))));
    const page = await gds().scheduleChanges(all[all.length - 1].seq, ctx());
    expect(page).toHaveLength(100);
    expect(page[0].id).toBe(many[0].id);
    expect(await gds().scheduleChanges(page[99].seq, ctx())).toHaveLength(5);

    await setFaults(database.db, 'sim-gds', { fail: true });
    await expect(gds().scheduleChanges(0, ctx())).rejects.toBeInstanceOf(SupplierError);
  });
});

describe('raiseRandomScheduleChanges', () => {
  it('reads its rate from SCHEDULE_CHANGE_RATE (0.002 by default)', () => {
    expect(scheduleChangeRate({})).toBe(0.002);
    expect(scheduleChangeRate({ SCHEDULE_CHANGE_RATE: '0.5' })).toBe(0.5);
    expect(scheduleChangeRate({ SCHEDULE_CHANGE_RATE: 'x' })).toBe(0.002);
    expect(scheduleChangeRate({ SCHEDULE_CHANGE_RATE: '3' })).toBe(1);
  });

  // A fresh embedded database, migrated from scratch: seconds on a busy 2-core machine, beyond the 5 s default.
  it('picks ticketed bookings with flights to come, each with the probability given, repeatably for a seed', { timeout: 60_000 }, async () => {
    const fresh = await openDatabase({});
    try {
      await migrateDatabase(fresh);
      const sup = createAirSuppliers({ db: fresh.db, reference: referenceFixture }).get('sim-gds') as SimulatedAirSupplier;
      await setFaults(fresh.db, 'sim-gds', { ticketingDelaySeconds: 0 });
      const make = async (date: string, ticket: boolean) => {
        const counts = { adult: 1, child: 0, infant: 0 };
        const [offer] = await sup.search({ journeys: [{ origins: ['PEK'], destinations: ['SHA'], date }], passengers: counts, cabin: 'economy', directOnly: true }, ctx());
        const b = await sup.book(
          {
            offerId: offer.offerId,
            expectedTotal: offerTotal(offer, counts),
            passengers: [{ type: 'adult', surname: 'ZHAO', givenNames: 'MIN', gender: 'male', birthday: '1980-01-01', nationality: 'CN', document: { type: 'passport', number: 'E1', expiryDate: null, issuingCountry: 'CN' }, frequentFlyer: null }],
            contact: { name: 'ZHAO MIN', email: 'z@example.com', phone: '1' },
            clientReference: randomUUID(),
          },
          ctx(),
        );
        if (b.status !== 'booked') throw new Error(b.status);
        if (ticket) await sup.ticket(b.booking, ctx());
        return b.booking.supplierRef;
      };
      const ticketedIds = [];
      for (let d = 1; d <= 6; d++) ticketedIds.push(await make(`2027-04-0${d}`, true));
      const heldId = await make('2027-04-07', false);

      expect(await raiseRandomScheduleChanges(fresh.db, 'sim-gds', NOW, 0, { network, random: seeded('r') })).toBe(0);
      expect(await raiseRandomScheduleChanges(fresh.db, 'sim-gds', NOW, 1, { network, random: seeded('r') })).toBe(6);
      const touched = async () => (await fresh.db.select().from(supplierScheduleChanges)).map((r) => r.bookingId);
      expect(new Set(await touched())).toEqual(new Set(ticketedIds));
      expect(await touched()).not.toContain(heldId);

      // A seeded run picks the bookings whose draw (one per candidate, in id order) falls under the rate.
      const draw = seeded('half');
      const expected = [...ticketedIds].sort().filter(() => draw() < 0.5);
      expect(expected.length).toBeGreaterThan(0);
      expect(expected.length).toBeLessThan(6);
      const cursor = Math.max(...(await fresh.db.select().from(supplierScheduleChanges)).map((r) => r.seq));
      expect(await raiseRandomScheduleChanges(fresh.db, 'sim-gds', NOW, 0.5, { network, random: seeded('half') })).toBe(expected.length);
      expect((await sup.scheduleChanges(cursor, ctx())).map((c) => c.supplierRef).sort()).toEqual(expected);

      // After every flight has left, nothing is picked.
      const late = new Date('2027-05-01T00:00:00Z');
      expect(await raiseRandomScheduleChanges(fresh.db, 'sim-gds', late, 1, { network, random: seeded('late') })).toBe(0);
      const [row] = await fresh.db.select().from(supplierBookings).where(eq(supplierBookings.id, ticketedIds[0]));
      expect(row.status).toBe('ticketed');
    } finally {
      await fresh.close();
    }
  });
});

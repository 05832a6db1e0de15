import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { agencyActivity, flightSearches, flightSearchResults } from '../src/db/schema/index.ts';
import { setFaults } from '../src/suppliers/air/faults.ts';
import { startServer, type RunningServer } from '../../../e2e/server.ts';
import { call, createTestApp, DEMO, loginAs, type TestApp } from './helpers/app.ts';
import { companyIdOf } from './helpers/tenants.ts';
import { inDays, oneWay, pollUntilDone, SEARCH, setCommonConfig, setFlightConfig, SOLUTIONS, startSearch } from './helpers/shopping.ts';

const SUPPLIERS = ['sim-gds', 'sim-lcc', 'sim-ndc'];
const NO_FAULTS = { latencyMs: 0, timeout: false, fail: false, priceChangePercent: 0, soldOut: false };

describe('flight search: start and poll', () => {
  let t: TestApp;
  let operator: string;
  let agency: string;
  let other: string;

  beforeAll(async () => {
    t = await createTestApp();
    [operator, agency, other] = await Promise.all([loginAs(t.app, 'operator'), loginAs(t.app, 'agency'), loginAs(t.app, 'other')]);
  });
  afterAll(async () => t?.close());
  afterEach(async () => {
    for (const code of SUPPLIERS) await setFaults(t.db, code, NO_FAULTS);
    await setFlightConfig(t, 'A00001', {});
  });

  describe('access', () => {
    it('needs a session (401), the operator role (403 for finance) and the flight service (403 when off)', async () => {
      const body = oneWay('PEK', 'SHA');
      expect((await call(t.app, 'POST', SEARCH, { body })).status).toBe(401);
      expect((await call(t.app, 'POST', SOLUTIONS, { body: { searchId: crypto.randomUUID() } })).status).toBe(401);
      const finance = await loginAs(t.app, 'finance');
      const denied = await call(t.app, 'POST', SEARCH, { token: finance, body });
      expect(denied.status).toBe(403);
      expect(denied.message).toBe('You do not have access to this resource');
      expect((await call(t.app, 'POST', SOLUTIONS, { token: finance, body: { searchId: crypto.randomUUID() } })).status).toBe(403);

      await setCommonConfig(t, 'A00002', { enableFlightService: false });
      try {
        expect((await call(t.app, 'POST', SEARCH, { token: other, body })).status).toBe(403);
      } finally {
        await setCommonConfig(t, 'A00002', { enableFlightService: true });
      }
      // SuperUser passes the operator role.
      expect((await call(t.app, 'POST', SEARCH, { token: agency, body })).code).toBe(0);
    });

    it("answers 404 for another agency's search and for an id that is no search", async () => {
      const searchId = await startSearch(t.app, operator, oneWay('PEK', 'SHA'));
      const res = await call(t.app, 'POST', SOLUTIONS, { token: other, body: { searchId } });
      expect(res.status).toBe(404);
      expect(res.message).toBe('Requested resource not found');
      expect((await call(t.app, 'POST', SOLUTIONS, { token: operator, body: { searchId: 'not-a-search' } })).status).toBe(404);
      expect((await call(t.app, 'POST', SOLUTIONS, { token: operator, body: { searchId: crypto.randomUUID() } })).status).toBe(404);
      // The owner's colleague (same agency) may poll it.
      expect((await call(t.app, 'POST', SOLUTIONS, { token: agency, body: { searchId } })).code).toBe(0);
    });
  });

  describe('validation (spec point 5), 400 with fields', () => {
    const expectInvalid = async (body: unknown, field: string, message: string) => {
      const res = await call(t.app, 'POST', SEARCH, { token: operator, body });
      expect(res.status, JSON.stringify(res.data)).toBe(400);
      expect(res.code).toBe(100400);
      expect(res.data.fields[field], JSON.stringify(res.data.fields)).toBe(message);
      return res;
    };

    it('no journeys: flight.booking.journeyError.empty', async () => {
      const res = await expectInvalid({ journeys: [] }, 'journeys', 'Please add at least one flight');
      expect(res.message).toBe('Please add at least one flight');
      await expectInvalid({}, 'journeys', 'Please add at least one flight');
      const zh = await call(t.app, 'POST', SEARCH, { token: operator, body: { journeys: [] }, lang: 'zh-CN' });
      expect(zh.message).toBe('请至少添加一个航程');
    });

    it('origin or destination missing, or the same city (an airport counts as its city): order.flight.booking.journeyError.rules', async () => {
      const rules = 'Origin and destination are required and must be different cities';
      await expectInvalid({ journeys: [{ origin: 'PEK', date: inDays(5) }] }, 'journeys.0.destination', rules);
      await expectInvalid({ journeys: [{ origin: '', destination: 'SHA', date: inDays(5) }] }, 'journeys.0.origin', rules);
      await expectInvalid({ journeys: [{ origin: 'PEK', destination: 'PKX', date: inDays(5) }] }, 'journeys.0.destination', rules);
      await expectInvalid({ journeys: [{ origin: 'BJS', destination: 'PEK', date: inDays(5) }] }, 'journeys.0.destination', rules);
      await expectInvalid({ journeys: [{ origin: 'sha', destination: 'SHA', date: inDays(5) }] }, 'journeys.0.destination', rules);
      // Hongqiao (SHA typed airport) is still in Shanghai: same city as Pudong.
      await expectInvalid({ journeys: [{ origin: 'PVG', destination: 'SHA', destinationType: 'airport', date: inDays(5) }] }, 'journeys.0.destination', rules);
    });

    it('at most 5 flights; known locations; real dates, not in the past, in travel order', async () => {
      const legs = ['PEK', 'SHA', 'CAN', 'CTU', 'XIY', 'HGH', 'SZX'];
      const six = legs.slice(0, 6).map((o, i) => ({ origin: o, destination: legs[i + 1], date: inDays(5 + i) }));
      await expectInvalid({ journeys: six, bookingType: 'multicity' }, 'journeys', 'At most 5 flights in a multi-city search');
      await expectInvalid({ journeys: [{ origin: 'PEK', destination: 'QQQ', date: inDays(5) }] }, 'journeys.0.destination', 'Unknown city or airport');
      await expectInvalid({ journeys: [{ origin: 'PEK', destination: 'SH1', date: inDays(5) }] }, 'journeys.0.destination', 'Unknown city code');
      // Typed 'airport', a city code that is no airport is unknown (SHA is one: Hongqiao; BJS is not).
      await expectInvalid({ journeys: [{ origin: 'PEK', destination: 'BJS', destinationType: 'airport', date: inDays(5) }] }, 'journeys.0.destination', 'Unknown city or airport');
      await expectInvalid({ journeys: [{ origin: 'BJS', originType: 'airport', destination: 'SHA', date: inDays(5) }] }, 'journeys.0.origin', 'Unknown city or airport');
      await expectInvalid({ journeys: [{ origin: 'PEK', destination: 'SHA', destinationType: 'harbour', date: inDays(5) }] }, 'journeys.0.destinationType', 'Invalid value');
      await expectInvalid({ journeys: [{ origin: 'PEK', destination: 'SHA', date: inDays(-2) }] }, 'journeys.0.date', 'The departure date cannot be in the past');
      await expectInvalid({ journeys: [{ origin: 'PEK', destination: 'SHA', date: '2027-02-30' }] }, 'journeys.0.date', 'Invalid value');
      await expectInvalid(
        { journeys: [{ origin: 'PEK', destination: 'SHA', date: inDays(9) }, { origin: 'SHA', destination: 'CAN', date: inDays(8) }], bookingType: 'multicity' },
        'journeys.1.date',
        'Each flight must depart on or after the date of the previous one',
      );
    });

    it('a return needs a return date (or two journeys), not before the outbound', async () => {
      await expectInvalid({ journeys: [{ origin: 'PEK', destination: 'SHA', date: inDays(5) }], bookingType: 'return' }, 'journeys.0.returnDate', 'A return trip needs a return date');
      await expectInvalid(
        { journeys: [{ origin: 'PEK', destination: 'SHA', date: inDays(5), returnDate: inDays(4) }], bookingType: 'return' },
        'journeys.0.returnDate',
        'Each flight must depart on or after the date of the previous one',
      );
    });

    it('passengers: 1 to 9, infants <= adults, children with an adult', async () => {
      const j = [{ origin: 'PEK', destination: 'SHA', date: inDays(5) }];
      await expectInvalid({ journeys: j, passengers: { adult: 1, child: 0, infant: 2 } }, 'passengers.infant', 'Each infant must travel with an adult: no more infants than adults');
      await expectInvalid({ journeys: j, passengers: { adult: 5, child: 4, infant: 1 } }, 'passengers', 'At most 9 passengers per booking');
      await expectInvalid({ journeys: j, passengers: { adult: 0, child: 2, infant: 0 } }, 'passengers.child', 'Children must travel with an adult');
      await expectInvalid({ journeys: j, passengers: { adult: 0, child: 0, infant: 0 } }, 'passengers.adult', 'At least one passenger is required');
      // Schema bounds still apply.
      expect((await call(t.app, 'POST', SEARCH, { token: operator, body: { journeys: j, passengers: { adult: 10 } } })).status).toBe(400);
    });
  });

  describe('results', () => {
    it('PEK-SHA: answers at once, stores the search, counts it, and the poll reaches done with solutions', async () => {
      const companyId = await companyIdOf(t, 'A00001');
      const [before] = await t.db.select().from(agencyActivity).where(eq(agencyActivity.companyId, companyId));
      const start = await call(t.app, 'POST', SEARCH, { token: operator, body: oneWay('PEK', 'SHA') });
      expect(start.code).toBe(0);
      expect(start.data.suppliersAsked).toBe(3);
      expect(Date.parse(start.data.expiresAt) - Date.now()).toBeGreaterThan(9 * 60_000);
      const rows = await t.db.select().from(flightSearchResults).where(eq(flightSearchResults.searchId, start.data.searchId));
      expect(rows.map((r) => r.supplier).sort()).toEqual(SUPPLIERS);
      const [after] = await t.db.select().from(agencyActivity).where(eq(agencyActivity.companyId, companyId));
      expect(after.searches).toBe((before?.searches ?? 0) + 1);

      const res = await pollUntilDone(t.app, operator, start.data.searchId);
      expect(res.data.progress).toMatchObject({ answered: 3, asked: 3, done: true, failed: 0, timedOut: 0 });
      expect(res.data.stale).toBe(false);
      expect(res.data.currency).toBe('CNY');
      expect(res.data.total).toBeGreaterThan(0);
      expect(res.data.unfilteredTotal).toBe(res.data.total);
      expect(res.data.items.length).toBeGreaterThan(0);
      for (const s of res.data.items) {
        expect(s.legs).toHaveLength(1);
        expect(['PEK', 'PKX']).toContain(s.legs[0].segments[0].origin);
        expect(['SHA', 'PVG']).toContain(s.legs[0].segments.at(-1).destination);
        expect(s.fares.length).toBeGreaterThan(0);
        expect(s.fares[0].fareId).toMatch(/^sim-(gds|ndc|lcc):/);
        // Suppliers are hidden unless the agency may see them.
        expect(s.fares[0].supplier).toBeNull();
      }
      // Default sort: price ascending.
      const prices = res.data.items.map((s: any) => s.lowestAdultSalePrice);
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
    });

    it('BJS-LON (city codes: every airport of each city)', async () => {
      const searchId = await startSearch(t.app, operator, oneWay('BJS', 'LON', 20));
      const res = await pollUntilDone(t.app, operator, searchId);
      expect(res.data.total).toBeGreaterThan(0);
      const origins = new Set(res.data.facets.originAirports.map((a: any) => a.code));
      const destinations = new Set(res.data.facets.destinationAirports.map((a: any) => a.code));
      for (const o of origins) expect(['PEK', 'PKX']).toContain(o);
      for (const d of destinations) expect(['LHR', 'LGW', 'STN', 'LTN', 'LCY', 'SEN']).toContain(d);
    });

    it('a code that is both a city and an airport (SHA): typed airport searches that airport only, else the city', async () => {
      const endsOf = (res: any) => new Set<string>(res.data.items.flatMap((s: any) => s.legs.map((l: any) => l.segments.at(-1).destination)));
      const airport = await startSearch(t.app, operator, { journeys: [{ origin: 'PEK', destination: 'SHA', destinationType: 'airport', date: inDays(15) }] });
      const [row] = await t.db.select().from(flightSearches).where(eq(flightSearches.id, airport));
      expect((row.request as any).journeys).toEqual([{ origin: 'PEK', destination: 'SHA', destinationType: 'airport', date: inDays(15) }]);
      const hongqiao = await pollUntilDone(t.app, operator, airport, { pageSize: 200 });
      expect(hongqiao.data.total).toBeGreaterThan(0);
      expect([...endsOf(hongqiao)]).toEqual(['SHA']);
      expect(hongqiao.data.facets.destinationAirports.map((a: any) => a.code)).toEqual(['SHA']);

      for (const destinationType of [undefined, 'city', null]) {
        const searchId = await startSearch(t.app, operator, { journeys: [{ origin: 'PEK', destination: 'SHA', destinationType, date: inDays(15) }] });
        const shanghai = await pollUntilDone(t.app, operator, searchId, { pageSize: 200 });
        expect(endsOf(shanghai).has('PVG'), `destinationType ${destinationType}`).toBe(true);
        expect(shanghai.data.facets.destinationAirports.map((a: any) => a.code).sort()).toEqual(['PVG', 'SHA']);
      }
    });

    it('a return from BKK typed airport never uses DMK, either way; the way back swaps the types', async () => {
      const body = (originType?: string) => ({
        journeys: [{ origin: 'BKK', originType, destination: 'SIN', date: inDays(16), returnDate: inDays(20) }],
        bookingType: 'return',
      });
      const typed = await startSearch(t.app, operator, body('airport'));
      const [row] = await t.db.select().from(flightSearches).where(eq(flightSearches.id, typed));
      expect((row.request as any).journeys).toEqual([
        { origin: 'BKK', originType: 'airport', destination: 'SIN', date: inDays(16) },
        { origin: 'SIN', destination: 'BKK', destinationType: 'airport', date: inDays(20) },
      ]);
      const suvarnabhumi = await pollUntilDone(t.app, operator, typed, { pageSize: 200 });
      expect(suvarnabhumi.data.total).toBeGreaterThan(0);
      for (const s of suvarnabhumi.data.items) {
        expect(s.legs).toHaveLength(2);
        expect(s.legs[0].segments[0].origin).toBe('BKK');
        expect(s.legs[1].segments.at(-1).destination).toBe('BKK');
        for (const l of s.legs) for (const seg of l.segments) expect([seg.origin, seg.destination]).not.toContain('DMK');
      }
      // The city (no type) is both airports: Don Mueang shows up.
      const city = await pollUntilDone(t.app, operator, await startSearch(t.app, operator, body()), { pageSize: 200 });
      expect(city.data.items.some((s: any) => s.legs[0].segments[0].origin === 'DMK' || s.legs[1].segments.at(-1).destination === 'DMK')).toBe(true);
    });

    it('a return with a return date is searched as two journeys', async () => {
      const searchId = await startSearch(t.app, operator, {
        journeys: [{ origin: 'PEK', destination: 'SHA', date: inDays(10), returnDate: inDays(14) }],
        bookingType: 'return',
        passengers: { adult: 2, child: 1, infant: 1 },
      });
      const [row] = await t.db.select().from(flightSearches).where(eq(flightSearches.id, searchId));
      expect((row.request as any).journeys).toEqual([
        { origin: 'PEK', destination: 'SHA', date: inDays(10) },
        { origin: 'SHA', destination: 'PEK', date: inDays(14) },
      ]);
      const res = await pollUntilDone(t.app, operator, searchId);
      expect(res.data.total).toBeGreaterThan(0);
      const s = res.data.items[0];
      expect(s.legs).toHaveLength(2);
      expect(s.legs[1].segments[0].departure.slice(0, 10)).toBe(inDays(14));
      expect(s.fares[0].priceList.map((p: any) => [p.passengerType, p.count])).toEqual([
        ['adult', 2],
        ['child', 1],
        ['infant', 1],
      ]);
    });

    it('a 5-leg multi-city search', async () => {
      const cities = ['PEK', 'SHA', 'CAN', 'CTU', 'XIY', 'PEK'];
      const journeys = cities.slice(0, 5).map((o, i) => ({ origin: o, destination: cities[i + 1], date: inDays(10 + i * 2) }));
      const start = await call(t.app, 'POST', SEARCH, { token: operator, body: { journeys, bookingType: 'multicity' } });
      // The GDS prices at most 3 journeys: it is not asked; the NDC and low-cost suppliers price all 5.
      expect(start.data.suppliersAsked).toBe(2);
      const res = await pollUntilDone(t.app, operator, start.data.searchId);
      expect(res.data.total).toBeGreaterThan(0);
      expect(res.data.items[0].legs).toHaveLength(5);
    });

    it('applies filters, sort and paging; facets and unfilteredTotal stay over the whole set', async () => {
      const searchId = await startSearch(t.app, operator, oneWay('BJS', 'SHA', 12));
      const all = await pollUntilDone(t.app, operator, searchId, { pageSize: 200 });
      expect(all.data.total).toBeGreaterThan(3);

      const direct = await call(t.app, 'POST', SOLUTIONS, { token: operator, body: { searchId, filters: { directOnly: true }, pageSize: 200 } });
      expect(direct.data.unfilteredTotal).toBe(all.data.total);
      for (const s of direct.data.items) expect(s.legs[0].stops).toBe(0);

      const airline = all.data.facets.airlines[0].code;
      const byAirline = await call(t.app, 'POST', SOLUTIONS, { token: operator, body: { searchId, filters: { airlines: [airline] }, pageSize: 200 } });
      expect(byAirline.data.total).toBe(all.data.facets.airlines[0].count);
      for (const s of byAirline.data.items) expect(s.airlines).toContain(airline);

      const byDuration = await call(t.app, 'POST', SOLUTIONS, { token: operator, body: { searchId, sort: 'duration', pageSize: 200 } });
      const durations = byDuration.data.items.map((s: any) => s.totalDurationMinutes);
      expect(durations).toEqual([...durations].sort((a, b) => a - b));

      const desc = await call(t.app, 'POST', SOLUTIONS, { token: operator, body: { searchId, sort: 'price', order: 'desc', pageSize: 200 } });
      const prices = desc.data.items.map((s: any) => s.lowestAdultSalePrice);
      expect(prices).toEqual([...prices].sort((a, b) => b - a));

      const page2 = await call(t.app, 'POST', SOLUTIONS, { token: operator, body: { searchId, page: 2, pageSize: 2 } });
      expect(page2.data.page).toBe(2);
      expect(page2.data.items.map((s: any) => s.id)).toEqual(all.data.items.slice(2, 4).map((s: any) => s.id));

      const none = await call(t.app, 'POST', SOLUTIONS, { token: operator, body: { searchId, filters: { maxPrice: 0 } } });
      expect(none.data.total).toBe(0);
      expect(none.data.notice).toBe('shopping.search.noMatch');
      expect(none.message).toBe('No suitable flight found');

      const badSort = await call(t.app, 'POST', SOLUTIONS, { token: operator, body: { searchId, sort: 'cheapest' } });
      expect(badSort.status).toBe(400);
    });

    it('is stale after 10 minutes: still answered, the client is told to search again', async () => {
      const searchId = await startSearch(t.app, operator, oneWay('PEK', 'SHA', 6));
      await pollUntilDone(t.app, operator, searchId);
      await t.db
        .update(flightSearches)
        .set({ createdAt: sql`created_at - interval '11 minutes'`, expiresAt: sql`expires_at - interval '11 minutes'` })
        .where(eq(flightSearches.id, searchId));
      const res = await call(t.app, 'POST', SOLUTIONS, { token: operator, body: { searchId } });
      expect(res.code).toBe(0);
      expect(res.data.stale).toBe(true);
      expect(res.data.notice).toBe('shopping.search.stale');
      expect(res.message).toBe('Price may change, search again');
      expect(res.data.items.length).toBeGreaterThan(0);
    });
  });

  describe('suppliers and agency settings', () => {
    it('reports a supplier that fails or times out through progress while the others answer', async () => {
      await setFlightConfig(t, 'A00001', { maxResponseTimeMs: 2_500 });
      await setFaults(t.db, 'sim-ndc', { timeout: true });
      await setFaults(t.db, 'sim-lcc', { fail: true });
      const searchId = await startSearch(t.app, operator, oneWay('PEK', 'SHA', 7));
      // Before the budget runs out: the healthy and the failing supplier have answered, the silent one has not.
      let early: any;
      for (let i = 0; i < 100; i++) {
        early = await call(t.app, 'POST', SOLUTIONS, { token: operator, body: { searchId } });
        if (early.data.progress.answered === 2) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(early.data.progress).toMatchObject({ answered: 2, asked: 3, done: false, failed: 1, timedOut: 0 });
      expect(early.data.total).toBeGreaterThan(0);
      const done = await pollUntilDone(t.app, operator, searchId);
      expect(done.data.progress).toMatchObject({ answered: 3, asked: 3, done: true, failed: 1, timedOut: 1 });
      expect(done.data.total).toBe(early.data.total);
      const rows = await t.db.select().from(flightSearchResults).where(eq(flightSearchResults.searchId, searchId));
      expect(Object.fromEntries(rows.map((r) => [r.supplier, r.status]))).toEqual({ 'sim-gds': 'ok', 'sim-ndc': 'timeout', 'sim-lcc': 'error' });
    });

    it('a poll after the budget reports a supplier nobody answered for as timed out (the state is in the database)', async () => {
      const searchId = await startSearch(t.app, operator, oneWay('PEK', 'SHA', 8));
      await pollUntilDone(t.app, operator, searchId);
      // As if the process that ran the search died: one row never answered.
      await t.db.update(flightSearchResults).set({ status: 'pending', offers: null, answeredAt: null }).where(and(eq(flightSearchResults.searchId, searchId), eq(flightSearchResults.supplier, 'sim-ndc')));
      await t.db.update(flightSearches).set({ createdAt: sql`created_at - interval '1 minute'` }).where(eq(flightSearches.id, searchId));
      const res = await call(t.app, 'POST', SOLUTIONS, { token: operator, body: { searchId } });
      expect(res.data.progress).toMatchObject({ answered: 3, done: true, timedOut: 1 });
    });

    it('asks only the suppliers the agency allows, and shows suppliers when allowed', async () => {
      await setFlightConfig(t, 'A00001', { filterMode: 'whitelist', suppliers: ['sim-gds'], showSuppliers: true });
      const start = await call(t.app, 'POST', SEARCH, { token: operator, body: oneWay('PEK', 'SHA', 9) });
      expect(start.data.suppliersAsked).toBe(1);
      const res = await pollUntilDone(t.app, operator, start.data.searchId);
      for (const s of res.data.items) for (const f of s.fares) expect(f.supplier).toBe('sim-gds');

      await setFlightConfig(t, 'A00001', { filterMode: 'blacklist', suppliers: ['sim-gds'] });
      expect((await call(t.app, 'POST', SEARCH, { token: operator, body: oneWay('PEK', 'SHA', 9) })).data.suppliersAsked).toBe(2);
    });

    it('applies the airline blacklist/whitelist and the free-baggage-only setting to the offers', async () => {
      const searchId = await startSearch(t.app, operator, oneWay('PEK', 'SHA', 11));
      const all = await pollUntilDone(t.app, operator, searchId);
      const banned = all.data.facets.airlines[0].code;
      await setFlightConfig(t, 'A00001', { filterMode: 'blacklist', airlines: [banned] });
      const without = await call(t.app, 'POST', SOLUTIONS, { token: operator, body: { searchId, pageSize: 200 } });
      expect(without.data.unfilteredTotal).toBeLessThan(all.data.unfilteredTotal);
      for (const s of without.data.items) expect(s.airlines).not.toContain(banned);

      await setFlightConfig(t, 'A00001', { filterMode: 'whitelist', airlines: [banned] });
      const only = await call(t.app, 'POST', SOLUTIONS, { token: operator, body: { searchId, pageSize: 200 } });
      for (const s of only.data.items) expect(s.airlines).toEqual([banned]);

      await setFlightConfig(t, 'A00001', { freeBaggageOnly: true });
      const bags = await call(t.app, 'POST', SOLUTIONS, { token: operator, body: { searchId, pageSize: 200 } });
      for (const s of bags.data.items) for (const f of s.fares) expect(f.baggage.checked.pieces).toBeGreaterThan(0);
      // Issue 14: the size limit reaches the client as numbers it words in the user's language.
      for (const s of bags.data.items) for (const f of s.fares) expect(f.baggage.carryOn.sizeCm ?? f.baggage.carryOn.linearCm).toBeTruthy();
    });

    it('in hot-routes mode a route not in the list asks nobody and completes with "no flights found"', async () => {
      await setFlightConfig(t, 'A00001', { searchMode: 'hotRoutes', hotRoutes: ['BJS-SHA'] });
      const cold = await call(t.app, 'POST', SEARCH, { token: operator, body: oneWay('PEK', 'CAN') });
      expect(cold.data.suppliersAsked).toBe(0);
      const res = await call(t.app, 'POST', SOLUTIONS, { token: operator, body: { searchId: cold.data.searchId } });
      expect(res.data.progress).toMatchObject({ answered: 0, asked: 0, done: true });
      expect(res.data.total).toBe(0);
      expect(res.data.notice).toBe('shopping.search.noFlights');
      expect(res.message).toBe('No flights found, modify the conditions');
      // Either direction of a hot route, airports counting as their city.
      expect((await call(t.app, 'POST', SEARCH, { token: operator, body: oneWay('SHA', 'PKX') })).data.suppliersAsked).toBe(3);
    });
  });
});

// Two real server processes on one PostgreSQL database: a search started on one is polled on the other.
describe.skipIf(process.env.TEST_DB !== 'postgres')('flight search across two server processes', () => {
  let t: TestApp;
  let a: RunningServer;
  let b: RunningServer;

  beforeAll(async () => {
    t = await createTestApp();
    [a, b] = await Promise.all([startServer({ DATABASE_URL: t.url }), startServer({ DATABASE_URL: t.url })]);
  }, 180_000);
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await t?.close();
  });

  const post = (base: string, url: string, body: unknown, token?: string) =>
    fetch(base + url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'en', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    }).then((r) => r.json() as Promise<any>);

  it('any process answers polls of a search started on another', async () => {
    const login = await post(a.url, '/base/v2/login', { username: 'operator', password: DEMO.operator });
    const token = login.data.token as string;
    const started = await post(a.url, SEARCH, oneWay('PEK', 'SHA'), token);
    expect(started.code).toBe(0);
    const deadline = Date.now() + 10_000;
    let res: any;
    do {
      res = await post(b.url, SOLUTIONS, { searchId: started.data.searchId }, token);
      expect(res.code).toBe(0);
      if (res.data.progress.done) break;
      await new Promise((r) => setTimeout(r, 100));
    } while (Date.now() < deadline);
    expect(res.data.progress.done).toBe(true);
    expect(res.data.total).toBeGreaterThan(0);
    const fromA = await post(a.url, SOLUTIONS, { searchId: started.data.searchId }, token);
    expect(fromA.data.items.map((s: any) => s.id)).toEqual(res.data.items.map((s: any) => s.id));
  });
});

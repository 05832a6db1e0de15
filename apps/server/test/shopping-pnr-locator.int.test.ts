import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, loginAs, type TestApp } from './helpers/app.ts';
import { PNR, pollUntilDone, setCommonConfig } from './helpers/shopping.ts';

/** Carrier + number of a solution segment ("CA1501"), as the PNR answer spells flight numbers. */
const flightOf = (seg: any) => `${seg.marketingCarrier}${seg.flightNumber.replace(/^[A-Z0-9]{2}(?=\d)/, '')}`;

describe('analysis-pnr by record locator (PNRs held by the simulated GDS)', () => {
  let t: TestApp;
  let operator: string;

  beforeAll(async () => {
    t = await createTestApp();
    operator = await loginAs(t.app, 'operator');
  });
  afterAll(async () => t?.close());

  /** Every solution flies exactly the PNR's flights, journey by journey, on its dates. */
  const expectExactly = (items: any[], segments: any[]) => {
    const journeys = Math.max(...segments.map((s) => s.journey)) + 1;
    for (const s of items) {
      expect(s.legs).toHaveLength(journeys);
      s.legs.forEach((leg: any, j: number) => {
        const wanted = segments.filter((x) => x.journey === j);
        expect(leg.segments.map((x: any) => [flightOf(x), x.departure.slice(0, 10), x.origin, x.destination, x.bookingClass])).toEqual(
          wanted.map((x) => [x.flightNumber, x.date, x.origin, x.destination, x.bookingClass]),
        );
      });
    }
  };

  it('DEMOCN: the domestic PEK-SHA return of ZHANG/SAN is read and priced', async () => {
    const res = await call(t.app, 'POST', PNR, { token: operator, body: { pnr: 'DEMOCN' } });
    expect(res.code, `${res.message} ${JSON.stringify(res.data)}`).toBe(0);
    expect(res.data.recordLocator).toBe('DEMOCN');
    expect(res.data.passengers).toEqual([{ surname: 'ZHANG', givenName: 'SAN', title: null, type: 'adult' }]);
    expect(res.data.passengerCounts).toEqual({ adult: 1, child: 0, infant: 0 });
    expect(res.data.cabin).toBe('economy');
    expect(res.data.segments).toHaveLength(2);
    const [out, back] = res.data.segments;
    expect([out.origin, out.destination, out.journey, out.status]).toEqual(['PEK', 'SHA', 0, 'HK']);
    expect([back.origin, back.destination, back.journey]).toEqual(['SHA', 'PEK', 1]);
    expect(back.date > out.date).toBe(true);
    expect(out.departureTime).toMatch(/^\d{2}:\d{2}$/);

    const polled = await pollUntilDone(t.app, operator, res.data.searchId);
    expect(polled.data.total).toBeGreaterThan(0);
    expectExactly(polled.data.items, res.data.segments);
    expect(polled.data.items[0].fares[0].priceList.map((p: any) => [p.passengerType, p.count])).toEqual([['adult', 1]]);
  });

  it('DEMOLH: the long-haul PVG-LHR of two adults is read and priced; the locator is case-insensitive', async () => {
    const res = await call(t.app, 'POST', PNR, { token: operator, body: { pnr: '  demolh ' } });
    expect(res.code, `${res.message} ${JSON.stringify(res.data)}`).toBe(0);
    expect(res.data.recordLocator).toBe('DEMOLH');
    expect(res.data.passengers.map((p: any) => `${p.surname}/${p.givenName}`)).toEqual(['SMITH/JOHN', 'SMITH/JANE']);
    expect(res.data.passengerCounts).toEqual({ adult: 2, child: 0, infant: 0 });
    const segs = res.data.segments;
    expect(segs[0].origin).toBe('PVG');
    expect(segs[segs.length - 1].destination).toBe('LHR');
    for (const s of segs) expect(s.journey).toBe(0);

    const polled = await pollUntilDone(t.app, operator, res.data.searchId);
    expect(polled.data.total).toBeGreaterThan(0);
    expectExactly(polled.data.items, segs);
    expect(polled.data.items[0].fares[0].priceList.map((p: any) => [p.passengerType, p.count])).toEqual([['adult', 2]]);

    const upper = await call(t.app, 'POST', PNR, { token: operator, body: { pnr: 'DEMOLH' } });
    expect(upper.data.segments).toEqual(segs);
  });

  it('an unknown record locator answers the not-found message on the pnr field, localized', async () => {
    for (const pnr of ['ZZZ999', 'AB12C', 'QWERTY12']) {
      const res = await call(t.app, 'POST', PNR, { token: operator, body: { pnr } });
      expect(res.status, pnr).toBe(400);
      expect(res.data.fields.pnr).toBe('No booking found for this record locator: paste the itinerary display instead');
    }
    const zh = await call(t.app, 'POST', PNR, { token: operator, lang: 'zh-CN', body: { pnr: 'ZZZ999' } });
    expect(zh.status).toBe(400);
    expect(zh.data.fields.pnr).toBe('未找到该编码对应的订座记录：请改为粘贴行程显示');
  });

  it('an agency that hides PNR booking is refused before any supplier is asked', async () => {
    await setCommonConfig(t, 'A00001', { hidePnrBooking: true });
    try {
      const hidden = await call(t.app, 'POST', PNR, { token: operator, body: { pnr: 'DEMOCN' } });
      expect(hidden.status).toBe(403);
    } finally {
      await setCommonConfig(t, 'A00001', { hidePnrBooking: false });
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@portal/contract/codes';
import { countryOf } from '../src/modules/reference/reference.ts';
import { call, createTestApp, loginAs, type TestApp } from './helpers/app.ts';
import { ACCURATE, inDays, oneWay, PNR, pollUntilDone, SEARCH, setCommonConfig, startSearch } from './helpers/shopping.ts';

/** Spec point 3, agency settings "hide mainland content" and "hide PNR booking", for Second Agency (A00002, user other). */
const AGENCY = 'A00002';
const LOCATIONS = '/shopping/v2/locations';

const airportsOf = (items: any[]): string[] =>
  items.flatMap((s) => s.legs.flatMap((l: any) => l.segments.flatMap((g: any) => [g.origin, g.destination])));
const mainland = (codes: string[]) => codes.filter((c) => countryOf(c) === 'CN');

describe('agency content rules', () => {
  let t: TestApp;
  let other: string;

  beforeAll(async () => {
    t = await createTestApp();
    other = await loginAs(t.app, 'other');
  });
  afterAll(async () => t?.close());

  const withFlags = async (flags: Record<string, boolean>, body: () => Promise<void>) => {
    await setCommonConfig(t, AGENCY, flags);
    try {
      await body();
    } finally {
      await setCommonConfig(t, AGENCY, { hidePnrBooking: false, hideMainlandContent: false });
    }
  };

  it('the session carries both switches, off by default', async () => {
    const me = await call(t.app, 'GET', '/base/v2/me', { token: other });
    expect(me.code, me.message).toBe(0);
    expect(me.data.company.config.commonConfig).toMatchObject({ hidePnrBooking: false, hideMainlandContent: false });
    await withFlags({ hidePnrBooking: true }, async () => {
      const on = await call(t.app, 'GET', '/base/v2/me', { token: other });
      expect(on.data.company.config.commonConfig).toMatchObject({ hidePnrBooking: true, hideMainlandContent: false });
    });
  });

  it('location search leaves out mainland China, not Hong Kong, Macao or Taiwan', async () => {
    const before = await call(t.app, 'GET', LOCATIONS, { token: other, query: { q: 'beijing' } });
    expect(before.data.items.map((l: any) => l.code)).toContain('PEK');
    await withFlags({ hideMainlandContent: true }, async () => {
      for (const q of ['beijing', 'BJS', 'PEK', '北京', 'shanghai']) {
        const r = await call(t.app, 'GET', LOCATIONS, { token: other, query: { q } });
        expect(r.code, q).toBe(Code.OK);
        expect(r.data.items.filter((l: any) => l.countryCode === 'CN'), q).toEqual([]);
      }
      const airports = await call(t.app, 'GET', LOCATIONS, { token: other, query: { q: 'beijing', airportsOnly: 'true' } });
      expect(airports.data.items).toEqual([]);
      for (const [q, code] of [['hong kong', 'HKG'], ['macau', 'MFM'], ['TPE', 'TPE']]) {
        const r = await call(t.app, 'GET', LOCATIONS, { token: other, query: { q } });
        expect(r.data.items.map((l: any) => l.code), q).toContain(code);
      }
    });
    // Another agency is not affected.
    await withFlags({ hideMainlandContent: true }, async () => {
      const operator = await loginAs(t.app, 'operator');
      const r = await call(t.app, 'GET', LOCATIONS, { token: operator, query: { q: 'beijing' } });
      expect(r.data.items.map((l: any) => l.code)).toContain('PEK');
    });
  });

  it('refuses a search from or to mainland China with the message on that field', async () => {
    await withFlags({ hideMainlandContent: true }, async () => {
      const from = await call(t.app, 'POST', SEARCH, { token: other, body: oneWay('PEK', 'NRT') });
      expect(from.status).toBe(400);
      expect(from.code).toBe(Code.VALIDATION);
      expect(from.message).toBe('Flights to, from or via mainland China are not available for your agency');
      expect(from.data.fields).toEqual({ 'journeys.0.origin': 'Flights to, from or via mainland China are not available for your agency' });

      // A city counts (Shanghai), and the way back of a return is not reported twice.
      const ret = await call(t.app, 'POST', SEARCH, {
        token: other,
        body: { bookingType: 'return', journeys: [{ origin: 'HKG', destination: 'SHA', date: inDays(10), returnDate: inDays(15) }] },
      });
      expect(ret.status).toBe(400);
      expect(Object.keys(ret.data.fields)).toEqual(['journeys.0.destination']);

      const zh = await call(t.app, 'POST', SEARCH, { token: other, body: oneWay('HKG', 'PEK'), lang: 'zh-CN' });
      expect(zh.message).toBe('贵司未开通中国大陆航线，无法查询往返或经停中国大陆的航班');

      // Exact search: reported on the segment.
      const exact = await call(t.app, 'POST', ACCURATE, {
        token: other,
        body: { segments: [{ flightNumber: 'CX500', date: inDays(10), origin: 'HKG', destination: 'NRT' }, { flightNumber: 'CA182', date: inDays(12), origin: 'NRT', destination: 'PEK' }] },
      });
      expect(exact.status).toBe(400);
      expect(Object.keys(exact.data.fields)).toEqual(['segments.1.destination']);

      // Hong Kong, Macao and Taiwan are not mainland China.
      expect((await call(t.app, 'POST', SEARCH, { token: other, body: oneWay('HKG', 'TPE') })).code).toBe(Code.OK);
    });
    // Without the switch the same search starts.
    expect((await call(t.app, 'POST', SEARCH, { token: other, body: oneWay('PEK', 'NRT') })).code).toBe(Code.OK);
  });

  it('drops solutions that connect through mainland China', async () => {
    const open = await pollUntilDone(t.app, other, await startSearch(t.app, other, oneWay('HKG', 'NRT', 12)), { pageSize: 200 });
    expect(open.data.total).toBeGreaterThan(0);
    const viaMainland = mainland(airportsOf(open.data.items));
    await withFlags({ hideMainlandContent: true }, async () => {
      const res = await pollUntilDone(t.app, other, await startSearch(t.app, other, oneWay('HKG', 'NRT', 12)), { pageSize: 200 });
      expect(res.data.total).toBeGreaterThan(0);
      expect(mainland(airportsOf(res.data.items))).toEqual([]);
      expect(res.data.facets.originAirports.concat(res.data.facets.destinationAirports).filter((a: any) => countryOf(a.code) === 'CN')).toEqual([]);
      // The filter did something: the same route without the switch connects through the mainland.
      if (viaMainland.length > 0) expect(res.data.unfilteredTotal).toBeLessThan(open.data.unfilteredTotal);
    });
    expect(viaMainland.length, 'HKG-NRT offers connecting in mainland China without the switch').toBeGreaterThan(0);
  });

  it('analysis-pnr is refused when the agency hides PNR booking', async () => {
    const display = `1.CHAN/TAIMAN MR\n 1 CX500 Y 20DEC HKGNRT HK1 0900 1430`;
    await withFlags({ hidePnrBooking: true }, async () => {
      const hidden = await call(t.app, 'POST', PNR, { token: other, body: { pnr: display } });
      expect(hidden.status).toBe(403);
      expect(hidden.code).toBe(Code.FORBIDDEN);
      expect(hidden.message).toBe('PNR booking is not available for your agency');
      // The flight-number search stays available.
      const exact = await call(t.app, 'POST', ACCURATE, { token: other, body: { segments: [{ flightNumber: 'CX500', date: inDays(10), origin: 'HKG', destination: 'NRT' }] } });
      expect(exact.code, exact.message).toBe(Code.OK);
    });
    const allowed = await call(t.app, 'POST', PNR, { token: other, body: { pnr: display } });
    expect(allowed.status).not.toBe(403);
  });
});

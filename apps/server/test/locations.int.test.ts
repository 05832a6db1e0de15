import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@portal/contract/codes';
import { call, createTestApp, loginAs, type TestApp } from './helpers/app.ts';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await loginAs(t.app, 'operator');
});
afterAll(async () => t?.close());

const codes = (items: { type: string; code: string }[]) => items.map((l) => `${l.type === 'city' ? 'c' : 'a'}:${l.code}`);

describe('GET /shopping/v2/locations', () => {
  it('needs a session', async () => {
    const r = await call(t.app, 'GET', '/shopping/v2/locations', { query: { q: 'bj' } });
    expect(r.status).toBe(401);
    expect(r.code).toBe(Code.SESSION_INVALID);
  });

  it('refuses a missing, empty or too long query and a bad limit', async () => {
    for (const query of [{}, { q: '' }, { q: '   ' }, { q: 'x'.repeat(41) }, { q: 'bj', limit: 0 }, { q: 'bj', limit: 51 }, { q: 'bj', limit: 'many' }]) {
      const r = await call(t.app, 'GET', '/shopping/v2/locations', { token, query });
      expect(r.status, JSON.stringify(query)).toBe(400);
      expect(r.code).toBe(Code.VALIDATION);
      expect(Object.keys(r.data.fields).length).toBeGreaterThan(0);
    }
  });

  it('finds cities before their airports, in English by default of the test client', async () => {
    const r = await call(t.app, 'GET', '/shopping/v2/locations', { token, query: { q: 'lon', limit: 5 } });
    expect(r.status).toBe(200);
    expect(r.code).toBe(Code.OK);
    expect(codes(r.data.items)).toEqual(['c:LON', 'a:LHR', 'a:LGW', 'a:STN', 'a:LTN']);
    expect(r.data.items[0]).toEqual({ type: 'city', code: 'LON', cityCode: 'LON', countryCode: 'GB', name: 'London', cityName: 'London', airports: ['LHR', 'LGW', 'STN', 'LTN', 'LCY', 'SEN'], favourite: false });
  });

  it('answers with Simplified or Traditional Chinese names by Accept-Language', async () => {
    const cn = await call(t.app, 'GET', '/shopping/v2/locations', { token, lang: 'zh-CN', query: { q: 'bj' } });
    expect(cn.data.items.slice(0, 3)).toMatchObject([
      { type: 'city', code: 'BJS', name: '北京', cityName: '北京' },
      { type: 'airport', code: 'PEK', name: '北京首都国际机场', cityName: '北京' },
      { type: 'airport', code: 'PKX', name: '北京大兴国际机场' },
    ]);
    const tw = await call(t.app, 'GET', '/shopping/v2/locations', { token, lang: 'zh-TW', query: { q: '北京' } });
    expect(tw.data.items[1]).toMatchObject({ code: 'PEK', name: '北京首都國際機場' });
  });

  it('lists only airports for airport pickers', async () => {
    const r = await call(t.app, 'GET', '/shopping/v2/locations', { token, query: { q: 'beijing', airportsOnly: 'true' } });
    expect(codes(r.data.items)).toEqual(['a:PEK', 'a:PKX']);
  });

  it('reads airportsOnly=false as false (a query string is text, not a truthy value)', async () => {
    const r = await call(t.app, 'GET', '/shopping/v2/locations', { token, query: { q: 'beijing', airportsOnly: 'false' } });
    expect(codes(r.data.items)[0]).toBe('c:BJS');
    expect((await call(t.app, 'GET', '/shopping/v2/locations', { token, query: { q: 'beijing', airportsOnly: 'maybe' } })).status).toBe(400);
  });

  it("puts the caller's favourite cities first after PUT /base/v2/me/config/cities", async () => {
    const before = await call(t.app, 'GET', '/shopping/v2/locations', { token, query: { q: 's' } });
    expect(before.data.items[0].code).not.toBe('SZX');
    const saved = await call(t.app, 'PUT', '/base/v2/me/config/cities', { token, body: { value: ['SZX'] } });
    expect(saved.code).toBe(Code.OK);
    const after = await call(t.app, 'GET', '/shopping/v2/locations', { token, query: { q: 's' } });
    expect(after.data.items.slice(0, 2)).toMatchObject([
      { type: 'city', code: 'SZX', favourite: true },
      { type: 'airport', code: 'SZX', favourite: true },
    ]);
    expect(after.data.items.slice(2).every((l: { favourite: boolean }) => !l.favourite)).toBe(true);
    // Another user's favourites are their own.
    const other = await call(t.app, 'GET', '/shopping/v2/locations', { token: await loginAs(t.app, 'agency'), query: { q: 's' } });
    expect(other.data.items[0].code).not.toBe('SZX');
  });
});

describe('GET /shopping/v2/reference-data', () => {
  it('names airlines and airports in the requested language, cacheably', async () => {
    const en = await call(t.app, 'GET', '/shopping/v2/reference-data', { lang: 'en' });
    expect(en.status).toBe(200);
    expect(en.headers['cache-control']).toBe('public, max-age=86400');
    expect(en.data.airlines.find((a: { code: string }) => a.code === 'CA')).toMatchObject({ name: 'Air China', alliance: 'Star Alliance', lowCost: false });
    expect(en.data.airports.find((a: { code: string }) => a.code === 'PKX')).toMatchObject({ cityCode: 'BJS', cityName: 'Beijing', countryCode: 'CN' });
    const zh = await call(t.app, 'GET', '/shopping/v2/reference-data', { lang: 'zh-CN' });
    expect(zh.data.airlines.find((a: { code: string }) => a.code === 'CA').name).toBe('中国国际航空');
    const tw = await call(t.app, 'GET', '/shopping/v2/reference-data', { lang: 'zh-TW' });
    expect(tw.data.airports.find((a: { code: string }) => a.code === 'PKX').cityName).toBe('北京');
  });
});

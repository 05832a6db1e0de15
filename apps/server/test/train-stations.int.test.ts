import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@portal/contract/codes';
import { StationsAnswer } from '@portal/contract/api/trains';
import { call, createTestApp, loginAs, type TestApp } from './helpers/app.ts';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await loginAs(t.app, 'operator');
});
afterAll(async () => t?.close());

const URL = '/shopping/v2/train/stations';
const codes = (items: { type: string; code: string }[]) => items.map((i) => `${i.type === 'city' ? 'c' : 's'}:${i.code}`);

describe('GET /shopping/v2/train/stations', () => {
  it('needs a session', async () => {
    const r = await call(t.app, 'GET', URL, { query: { keyword: 'beijing' } });
    expect(r.status).toBe(401);
    expect(r.code).toBe(Code.SESSION_INVALID);
    const bad = await call(t.app, 'GET', URL, { token: 'not-a-session', query: { keyword: 'beijing' } });
    expect(bad.status).toBe(401);
  });

  it('refuses a missing, empty or too long keyword and a bad limit', async () => {
    for (const query of [{}, { keyword: '' }, { keyword: '   ' }, { keyword: 'x'.repeat(41) }, { keyword: 'bj', limit: 0 }, { keyword: 'bj', limit: 51 }, { keyword: 'bj', limit: 'many' }]) {
      const r = await call(t.app, 'GET', URL, { token, query });
      expect(r.status, JSON.stringify(query)).toBe(400);
      expect(r.code).toBe(Code.VALIDATION);
      expect(Object.keys(r.data.fields).length).toBeGreaterThan(0);
    }
  });

  it('answers a city first with all its stations, then its busiest stations, in the contract shape', async () => {
    const r = await call(t.app, 'GET', URL, { token, query: { keyword: 'beijing', limit: 4 } });
    expect(r.status).toBe(200);
    expect(r.code).toBe(Code.OK);
    expect(StationsAnswer.safeParse(r.data).success).toBe(true);
    expect(codes(r.data.items)).toEqual(['c:BJS', 's:VNP', 's:BXP', 's:BJP']);
    expect(r.data.items[0]).toMatchObject({ type: 'city', code: 'BJS', name: 'Beijing', nameZh: '北京', pinyin: 'beijing', cityCode: 'BJS', cityName: 'Beijing', provinceName: 'Beijing', countryCode: 'CN' });
    expect(r.data.items[0].stations).toEqual(expect.arrayContaining(['VNP', 'BXP', 'BJP', 'VAP', 'IFP', 'FTP']));
    expect(r.data.items[1]).toEqual({ type: 'station', code: 'VNP', name: 'Beijing South', nameZh: '北京南', pinyin: 'beijingnan', cityCode: 'BJS', cityName: 'Beijing', provinceName: 'Beijing', countryCode: 'CN' });
  });

  it('matches telegraph codes, pinyin, initials and Traditional Chinese', async () => {
    for (const keyword of ['AOH', 'shanghaihongqiao', 'shanghai hongqiao', 'shhq', '上海虹橋', '上海虹桥']) {
      const r = await call(t.app, 'GET', URL, { token, query: { keyword } });
      expect(codes(r.data.items)[0], keyword).toBe('s:AOH');
    }
    const none = await call(t.app, 'GET', URL, { token, query: { keyword: 'zzzzqq' } });
    expect(none.status).toBe(200);
    expect(none.data.items).toEqual([]);
  });

  it('names results by Accept-Language: Simplified, Traditional or English', async () => {
    const cn = await call(t.app, 'GET', URL, { token, lang: 'zh-CN', query: { keyword: 'VAB' } });
    expect(cn.data.items[0]).toMatchObject({ code: 'VAB', name: '哈尔滨西', nameZh: '哈尔滨西', cityName: '哈尔滨', provinceName: '黑龙江' });
    const tw = await call(t.app, 'GET', URL, { token, lang: 'zh-TW', query: { keyword: 'VAB' } });
    expect(tw.data.items[0]).toMatchObject({ code: 'VAB', name: '哈爾濱西', nameZh: '哈尔滨西', cityName: '哈爾濱', provinceName: '黑龍江' });
    const en = await call(t.app, 'GET', URL, { token, lang: 'en-GB,en;q=0.9', query: { keyword: 'VAB' } });
    expect(en.data.items[0]).toMatchObject({ code: 'VAB', name: 'Harbin West', nameZh: '哈尔滨西', cityName: 'Harbin', provinceName: 'Heilongjiang' });
    const hk = await call(t.app, 'GET', URL, { token, lang: 'zh-TW', query: { keyword: '香港' } });
    expect(hk.data.items.map((i: { name: string }) => i.name)).toEqual(['香港', '香港西九龍']);
  });

  it('is open to every signed-in role, as the airport picker is', async () => {
    const r = await call(t.app, 'GET', URL, { token: await loginAs(t.app, 'agency'), query: { keyword: '北京南' } });
    expect(r.status).toBe(200);
    expect(codes(r.data.items)).toEqual(['s:VNP']);
  });
});

import { TrainSearchAnswer, type TrainService } from '@portal/contract/api/trains';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { companies, supplierSettings } from '../src/db/schema/index.ts';
import { searchTrains } from '../src/modules/train-shopping/train-search.service.ts';
import type { AuthContext } from '../src/modules/auth/session.service.ts';
import { AppError } from '../src/plugins/errors.ts';
import { HEALTHY, setRailFaults } from '../src/suppliers/rail/faults.ts';
import { call, createTestApp, loginAll, type TestApp } from './helpers/app.ts';
import { setCommonConfig } from './helpers/shopping.ts';
import { chinaDate } from './helpers/trains.ts';

const SEARCH = '/shopping/v2/train/search';
const DATE = chinaDate(7);

let t: TestApp;
let operator: string;
let agency: string;
let finance: string;
let other: string;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  [operator, agency, finance, other, admin] = await loginAll(t.app, ['operator', 'agency', 'finance', 'other', 'admin']);
});
afterAll(() => t?.close());
afterEach(async () => {
  await setRailFaults(t.db, 'sim-rail', HEALTHY);
});

/** The field messages of a refused search. */
const fieldsOf = (res: { data: unknown }) => (res.data as { fields: Record<string, string> }).fields;
const search = (body: Record<string, unknown>, o: { token?: string; lang?: string } = {}) =>
  call<TrainSearchAnswer>(t.app, 'POST', SEARCH, { token: o.token ?? operator, lang: o.lang, body: { from: 'BJS', to: 'SHA', date: DATE, ...body } });

describe('POST /shopping/v2/train/search', () => {
  it('answers Beijing to Shanghai (city keys) with trains of every type from each Beijing station, facets and seats as 12306 shows them', async () => {
    const res = await search({});
    expect(res.status).toBe(200);
    expect(res.code).toBe(0);
    const answer = TrainSearchAnswer.parse(res.data);
    expect(answer.notice).toBeNull();
    expect(answer.total).toBe(answer.services.length);
    expect(answer.services.length).toBeGreaterThan(20);
    const types = new Set(answer.services.map((s) => s.trainType));
    for (const type of ['G', 'Z', 'T', 'K']) expect(types.has(type as 'G')).toBe(true);
    expect(answer.facets.fromStations.map((s) => s.code).sort()).toEqual(['BJP', 'VNP']);
    expect(answer.facets.toStations.map((s) => s.code).sort()).toEqual(['AOH', 'SHH']);
    expect(answer.facets.trainTypes.reduce((n, f) => n + f.count, 0)).toBe(answer.total);

    const g1 = answer.services.find((s) => s.trainNumber === 'G1')!;
    expect(g1).toMatchObject({
      supplier: 'sim-rail',
      trainType: 'G',
      origin: { code: 'VNP', name: 'Beijing South' },
      terminus: { code: 'AOH', name: 'Shanghai Hongqiao' },
      from: { code: 'VNP', name: 'Beijing South' },
      to: { code: 'AOH' },
      currency: 'CNY',
      crossesDays: false,
      distanceKm: 1318,
    });
    expect(g1.departureAt.slice(0, 10)).toBe(DATE);
    expect(g1.from.time).toBe(g1.departureAt.slice(11, 16));
    expect(g1.durationMinutes).toBe((Date.parse(`${g1.arrivalAt}:00Z`) - Date.parse(`${g1.departureAt}:00Z`)) / 60_000);
    // The express's premium fare in second class, 626 CNY; a child half of it.
    expect(g1.classes.find((c) => c.seatClass === 'second')).toMatchObject({ price: 62_600, childPrice: 31_300, available: 'many' });
    expect(g1.classes.map((c) => c.seatClass)).toEqual(['business', 'first', 'second', 'no_seat']);
    // Standing tickets are not sold while seats are.
    expect(g1.classes.find((c) => c.seatClass === 'no_seat')!.available).toBe(0);

    const night = answer.services.find((s) => s.trainType === 'T')!;
    expect(night.crossesDays).toBe(true);
    const sleeper = night.classes.find((c) => c.seatClass === 'hard_sleeper')!;
    expect(sleeper.berthPrices?.map((b) => b.berth)).toEqual(['lower', 'middle', 'upper']);
    expect(sleeper.price).toBe(sleeper.berthPrices!.find((b) => b.berth === 'upper')!.price);
    // Sorted by departure by default.
    const departures = answer.services.map((s) => s.departureAt);
    expect(departures).toEqual([...departures].sort());
  });

  it('takes a station code or a name, names stations in the reader language', async () => {
    const station = await search({ from: 'VNP', to: 'AOH' }, { lang: 'zh-CN' });
    expect(station.code).toBe(0);
    expect(station.data.services.every((s) => s.from.code === 'VNP' && s.to.code === 'AOH')).toBe(true);
    expect(station.data.services[0].from.name).toBe('北京南');
    const tw = await search({ from: 'vnp', to: '上海虹桥' }, { lang: 'zh-TW' });
    expect(tw.data.services.length).toBe(station.data.services.length);
    expect(tw.data.services[0].to.name).toBe('上海虹橋');
  });

  it('reads a code that is both a city and a station as the picker offered it (ENH: the station Hefei South, the city Enshi)', async () => {
    const hefei = await search({ from: 'ENH', fromType: 'station', to: 'SHA', toType: 'city' }, { lang: 'zh-CN' });
    expect(hefei.code).toBe(0);
    expect(hefei.data.services.length).toBeGreaterThan(0);
    expect(hefei.data.services.every((s) => s.from.code === 'ENH' && s.from.name === '合肥南')).toBe(true);
    const enshi = await search({ from: 'ENH', fromType: 'city', to: 'SHA' }, { lang: 'zh-CN' });
    expect(enshi.code).toBe(0);
    expect(enshi.data.services.length).toBeGreaterThan(0);
    expect(enshi.data.services.every((s) => s.from.code !== 'ENH')).toBe(true);
    expect((await search({ from: 'VNP', fromType: 'city' })).status).toBe(400);
    expect((await search({ fromType: 'airport' })).status).toBe(400);
  });

  it('finds a night train at a station it reaches the day after it started', async () => {
    // Southbound trains from Beijing West reach Changsha (conventional) after midnight: asked for the day they arrive there.
    const res = await search({ from: 'CSQ', to: 'GZQ', date: chinaDate(8) });
    expect(res.code).toBe(0);
    const late = res.data.services.filter((s) => s.origin.code === 'BXP' && s.departureAt.slice(11, 13) < '06');
    expect(late.length).toBeGreaterThan(0);
    for (const s of late) expect(s.departureAt.slice(0, 10)).toBe(chinaDate(8));
  });

  it('filters by train type, time bands, stations and seat class; facets still count every train', async () => {
    const all = (await search({})).data;
    const g = (await search({ filters: { trainTypes: ['G'] } })).data;
    expect(g.services.length).toBeGreaterThan(0);
    expect(g.services.every((s) => s.trainType === 'G')).toBe(true);
    expect(g.total).toBe(all.total);
    expect(g.facets).toEqual(all.facets);

    const morning = (await search({ filters: { departureBands: ['06-12'] } })).data.services;
    expect(morning.length).toBeGreaterThan(0);
    expect(morning.every((s) => s.from.time >= '06:00' && s.from.time < '12:00')).toBe(true);
    const evening = (await search({ filters: { arrivalBands: ['18-24'] } })).data.services;
    expect(evening.every((s) => s.to.time >= '18:00')).toBe(true);

    const fromBeijing = (await search({ filters: { fromStations: ['BJP'] } })).data.services;
    expect(fromBeijing.length).toBeGreaterThan(0);
    expect(fromBeijing.every((s) => s.from.code === 'BJP' && ['Z', 'T', 'K'].includes(s.trainType))).toBe(true);
    expect((await search({ filters: { toStations: ['SHH'] } })).data.services.length).toBe(fromBeijing.length);

    const sleepers = (await search({ filters: { seatClasses: ['soft_sleeper'] } })).data.services;
    expect(sleepers.length).toBe(all.facets.seatClasses.find((f) => f.value === 'soft_sleeper')!.count);
    expect(sleepers.every((s) => s.classes.some((c) => c.seatClass === 'soft_sleeper'))).toBe(true);
  });

  it('sorts by departure, duration or the cheapest fare with seats, either way', async () => {
    const by = async (sort: Record<string, string>) => (await search({ sort })).data.services;
    const fastest = await by({ by: 'duration' });
    expect(fastest.map((s) => s.durationMinutes)).toEqual([...fastest.map((s) => s.durationMinutes)].sort((a, b) => a - b));
    expect(fastest[0].trainType).toBe('G');
    const cheapest = (s: TrainService) => Math.min(...s.classes.filter((c) => c.available === 'many' || c.available > 0).map((c) => c.price));
    const cheap = await by({ by: 'price' });
    expect(cheap.map(cheapest)).toEqual([...cheap.map(cheapest)].sort((a, b) => a - b));
    expect(['K', 'T']).toContain(cheap[0].trainType);
    const late = await by({ by: 'departure', order: 'desc' });
    expect(late.map((s) => s.departureAt)).toEqual([...late.map((s) => s.departureAt)].sort().reverse());
  });

  it('says "No trains available" when nothing runs, or nothing is left after the filters', async () => {
    const none = await search({ from: 'LJP', to: 'TJP' });
    expect(none.code).toBe(0);
    expect(none.message).toBe('No trains available');
    expect(none.data).toMatchObject({ services: [], total: 0, notice: 'train.search.noTrains' });
    const filtered = await search({ filters: { trainTypes: ['C'] } }, { lang: 'zh-CN' });
    expect(filtered.data.services).toEqual([]);
    expect(filtered.data.total).toBeGreaterThan(0);
    expect(filtered.message).toBe('暂无可售车次');
  });

  it('refuses dates outside the 15-day pre-sale window, unknown places and one city to itself, in the reader language', async () => {
    for (const date of [chinaDate(-1), chinaDate(15)]) {
      const res = await search({ date }, { lang: 'zh-CN' });
      expect(res.status).toBe(400);
      expect(res.message).toBe(`火车票预售期为15天：请选择${chinaDate(0)}至${chinaDate(14)}之间的日期`);
      expect(fieldsOf(res).date).toBe(res.message);
    }
    expect((await search({ date: chinaDate(14) })).code).toBe(0);
    expect((await search({ date: '2027-02-30' })).status).toBe(400);
    const unknown = await search({ from: 'Atlantis' });
    expect(unknown.status).toBe(400);
    expect(unknown.message).toBe('Unknown station or city: Atlantis');
    const same = await search({ from: 'VNP', to: 'BJS' });
    expect(same.status).toBe(400);
    expect(fieldsOf(same).to).toBe('The departure and arrival must be in different cities');
    expect((await search({ from: '' })).status).toBe(400);
  });

  it('needs the operator role and the train service of the company', async () => {
    expect((await call(t.app, 'POST', SEARCH, { body: { from: 'BJS', to: 'SHA', date: DATE } })).status).toBe(401);
    expect((await search({}, { token: finance })).status).toBe(403);
    expect((await search({}, { token: agency })).code).toBe(0);
    await setCommonConfig(t, 'A00002', { enableTrainService: false });
    try {
      expect((await search({}, { token: other })).status).toBe(403);
    } finally {
      await setCommonConfig(t, 'A00002', { enableTrainService: true });
    }
    expect((await search({}, { token: other })).code).toBe(0);
    await setCommonConfig(t, 'A00002', { hideMainlandContent: true });
    try {
      const hidden = await search({}, { token: other });
      expect(hidden.status).toBe(403);
      expect(hidden.message).toBe('Train tickets in mainland China are not available for your agency');
    } finally {
      await setCommonConfig(t, 'A00002', { hideMainlandContent: false });
    }
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
    expect(doc.paths[SEARCH]?.post).toBeDefined();
  });
});

describe('the rail simulator on the supplier simulation page', () => {
  const put = (body: unknown, lang = 'en') => call(t.app, 'PUT', '/base/v2/suppliers/sim-rail', { token: admin, lang, body });

  it('lists sim-rail with the switches a railway honours', async () => {
    const res = await call(t.app, 'GET', '/base/v2/suppliers', { token: admin });
    const rail = res.data.items.find((i: { code: string }) => i.code === 'sim-rail');
    expect(rail).toMatchObject({ kind: 'rail', switches: ['enabled', 'latencyMs', 'timeout', 'fail', 'soldOut', 'bookFail', 'bookTimeout', 'ticketFail', 'ticketTimeout'] });
    const gds = res.data.items.find((i: { code: string }) => i.code === 'sim-gds');
    expect(gds.switches).toContain('priceChangePercent');
  });

  it('refuses the air-only switches for the railway', async () => {
    const res = await put({ priceChangePercent: 10, soldOut: true });
    expect(res.status).toBe(400);
    expect(res.data.fields.priceChangePercent).toMatch(/sim-rail has no such switch/);
    expect(res.data.fields.soldOut).toBeUndefined();
    expect((await t.db.select().from(supplierSettings).where(eq(supplierSettings.code, 'sim-rail')))[0]?.soldOut ?? false).toBe(false);
  });

  it('sold out: trains are listed with no seats; fail: the search answers the railway is unavailable (502)', async () => {
    expect((await put({ soldOut: true })).code).toBe(0);
    const sold = await search({});
    expect(sold.code).toBe(0);
    expect(sold.data.services.length).toBeGreaterThan(0);
    expect(sold.data.services.every((s) => s.classes.every((c) => c.available === 0))).toBe(true);
    expect((await search({ filters: { seatClasses: ['second'] } })).message).toBe('No trains available');

    expect((await put({ soldOut: false, fail: true })).code).toBe(0);
    const failed = await search({}, { lang: 'zh-CN' });
    expect(failed.status).toBe(502);
    expect(failed.message).toBe('铁路系统暂时无法使用，请稍后再试');
    expect((await put({ fail: false, enabled: false })).code).toBe(0);
    expect((await search({})).status).toBe(502);
  });

  it('slow past the time budget: a clear timeout, not an empty list', async () => {
    expect((await put({ latencyMs: 2_000 })).code).toBe(0);
    const [company] = await t.db.select().from(companies).where(eq(companies.code, 'A00001'));
    const auth = { company } as unknown as AuthContext;
    const body = { from: 'BJS', to: 'SHA', date: DATE, filters: {}, sort: { by: 'departure' as const, order: 'asc' as const } };
    const started = Date.now();
    const err = await searchTrains({ railSuppliers: t.app.deps.railSuppliers }, auth, body, 'en', { budgetMs: 200 }).catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).key).toBe('train.search.timeout');
    // Within the budget the same slow railway answers.
    expect((await searchTrains({ railSuppliers: t.app.deps.railSuppliers }, auth, body, 'en', { budgetMs: 5_000 })).services.length).toBeGreaterThan(0);
  });
});

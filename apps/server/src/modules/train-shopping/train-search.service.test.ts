import { describe, expect, it, vi } from 'vitest';
import type { RailResult, RailSearchRequest, RailService, RailSupplier, RailSupplierRegistry } from '../../suppliers/rail/types.ts';
import type { AuthContext } from '../auth/session.service.ts';
import { AppError } from '../../plugins/errors.ts';
import { searchTrains, type TrainSearchInput } from './train-search.service.ts';

/** The error paths of train search with stand-in suppliers: several railways, one failing, one throwing. */

const NOW = new Date('2027-03-01T00:00:00Z');
const DATE = '2027-03-05';
const auth = { company: { commonConfig: {} } } as unknown as AuthContext;
const body = (over: Partial<TrainSearchInput> = {}): TrainSearchInput => ({
  from: 'BJS',
  to: 'SHA',
  date: DATE,
  filters: {},
  sort: { by: 'departure', order: 'asc' },
  ...over,
});

const train = (trainNumber: string, departure: string): RailService => ({
  serviceId: `${trainNumber}@${DATE}`,
  trainNumber,
  trainType: 'G',
  serviceDate: DATE,
  currency: 'CNY',
  fromIndex: 0,
  toIndex: 1,
  stops: [
    { code: 'VNP', name: '北京南', arrival: null, departure: `${DATE}T${departure}`, km: 0 },
    { code: 'AOH', name: '上海虹桥', arrival: `${DATE}T23:00`, departure: null, km: 1318 },
  ],
  classes: [{ seatClass: 'second', price: 55_300, childPrice: 27_650, available: 100 }],
});

type Search = (request: RailSearchRequest) => Promise<RailResult<RailService[]>>;
const supplier = (code: string, search: Search): RailSupplier => ({ code, stations: () => [], search }) as unknown as RailSupplier;
const registry = (...suppliers: RailSupplier[]): RailSupplierRegistry => ({ all: () => suppliers, get: (c) => suppliers.find((s) => s.code === c) });
const answers = (...services: RailService[]): Search => async () => ({ status: 'ok', value: services });
const fails: Search = async () => ({ status: 'error', error: { kind: 'unavailable', message: 'down' } });

const keyOf = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => (e instanceof AppError ? e.key : e));

describe('searchTrains with several railways', () => {
  it('shows the trains of the railways that answer when another fails, and logs the failure', async () => {
    const log = { warn: vi.fn(), error: vi.fn() };
    const deps = { railSuppliers: registry(supplier('down', fails), supplier('up', answers(train('G1', '09:00')))), log };
    const answer = await searchTrains(deps, auth, body(), 'en', { now: NOW });
    expect(answer.services.map((s) => [s.supplier, s.trainNumber])).toEqual([['up', 'G1']]);
    expect(log.warn).toHaveBeenCalledWith(expect.objectContaining({ supplier: 'down', kind: 'unavailable' }), 'rail supplier search failed');
  });

  it('shows a train two railways sell once, as the first one sells it', async () => {
    const deps = { railSuppliers: registry(supplier('a', answers(train('G1', '09:00'))), supplier('b', answers(train('G1', '09:00'), train('G3', '10:00')))) };
    const answer = await searchTrains(deps, auth, body(), 'en', { now: NOW });
    expect(answer.services.map((s) => [s.supplier, s.trainNumber])).toEqual([
      ['a', 'G1'],
      ['b', 'G3'],
    ]);
    expect(answer.total).toBe(2);
  });

  it('answers "unavailable" when every railway fails, one of them by throwing (logged as an error)', async () => {
    const log = { warn: vi.fn(), error: vi.fn() };
    const throws = supplier('broken', () => Promise.reject(new Error('bug')));
    const deps = { railSuppliers: registry(supplier('down', fails), throws), log };
    expect(await keyOf(searchTrains(deps, auth, body(), 'en', { now: NOW }))).toBe('train.search.unavailable');
    expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ supplier: 'broken' }), 'rail supplier search threw');
  });

  it('reads from and to through the station reference: city keys, codes and station names in any script', async () => {
    const asked: RailSearchRequest[] = [];
    const deps = { railSuppliers: registry(supplier('up', async (r) => (asked.push(r), { status: 'ok', value: [] }))) };
    const answer = await searchTrains(deps, auth, body({ from: 'Beijing South', to: '上海虹橋' }), 'en', { now: NOW });
    expect(asked).toEqual([{ from: ['VNP'], to: ['AOH'], date: DATE }]);
    expect(answer.notice).toBe('train.search.noTrains');
    await searchTrains(deps, auth, body({ from: 'bjs', to: 'aoh' }), 'en', { now: NOW });
    expect(asked[1].from).toEqual(expect.arrayContaining(['VNP', 'BXP', 'BJP']));
    expect(asked[1].to).toEqual(['AOH']);
    expect(await keyOf(searchTrains(deps, auth, body({ to: 'Atlantis' }), 'en', { now: NOW }))).toBe('train.search.unknownPlace');
    expect(await keyOf(searchTrains(deps, auth, body({ from: 'VNP', to: '北京西' }), 'en', { now: NOW }))).toBe('train.search.samePlace');
    expect(asked).toHaveLength(2);
  });

  it("reads a code that is both a city and a station as the picker offered it (ENH: Enshi, or Hefei South)", async () => {
    const asked: RailSearchRequest[] = [];
    const deps = { railSuppliers: registry(supplier('up', async (r) => (asked.push(r), { status: 'ok', value: [] }))) };
    await searchTrains(deps, auth, body({ from: 'ENH', fromType: 'station', to: 'WUH', toType: 'city' }), 'en', { now: NOW });
    expect(asked[0].from).toEqual(['ENH']);
    expect(asked[0].to).toEqual(expect.arrayContaining(['HKN', 'WCN', 'WHN']));
    await searchTrains(deps, auth, body({ from: 'ENH', fromType: 'city', to: 'WUH' }), 'en', { now: NOW });
    expect(asked[1].from).not.toContain('ENH');
    expect(asked[1].from).toContain('ESN');
    expect(await keyOf(searchTrains(deps, auth, body({ from: 'VNP', fromType: 'city' }), 'en', { now: NOW }))).toBe('train.search.unknownPlace');
  });

  it('refuses dates outside the pre-sale window by the date in China', async () => {
    const deps = { railSuppliers: registry(supplier('up', answers())) };
    // 16:00 UTC on 1 March is already 2 March in China: 1 March is past, 16 March the last day on sale.
    const late = new Date('2027-03-01T16:00:00Z');
    expect(await keyOf(searchTrains(deps, auth, body({ date: '2027-03-01' }), 'en', { now: late }))).toBe('train.search.dateOutOfRange');
    expect(await keyOf(searchTrains(deps, auth, body({ date: '2027-03-16' }), 'en', { now: late }))).toBeNull();
    expect(await keyOf(searchTrains(deps, auth, body({ date: '2027-03-17' }), 'en', { now: late }))).toBe('train.search.dateOutOfRange');
  });
});

import { DEFAULT_FLIGHT_CONFIG } from '@portal/contract/api/agency-config';
import { PRODUCT_TYPES, type CabinClass, type FareChoice, type Solution, type SolutionFilters, type SortKey } from '@portal/contract/api/shopping';
import { afterAll, describe, expect, it } from 'vitest';
import type { SupplierLeg } from '../../../suppliers/air/types.ts';
import { generateSolutions, makeBaggage, makeOffer, makeSegment, priceAndBuild, rng } from './fixtures.ts';
import { prepareSolutions, querySolutions, type SolutionsQuery } from './query.ts';
import { adultSalePrice } from './solutions.ts';

type Seg = [carrier: string, flight: string, origin: string, destination: string, departure: string, minutes: number];
const leg = (...segs: Seg[]): SupplierLeg => ({
  segments: segs.map(([carrier, flightNumber, origin, destination, departure, durationMinutes]) => makeSegment({ carrier, flightNumber, origin, destination, departure, durationMinutes })),
  selfTransfer: false,
});
const D = '2026-12-01';
const LEGS: Record<string, SupplierLeg> = {
  // direct, 08:00 (00:00Z) -> 11:00 local (660 min)
  S1: leg(['CA', '937', 'PEK', 'LHR', `${D}T08:00`, 660]),
  // 1 stop from PKX: 13:00 -> PVG 15:10; 18:40 -> LHR 23:40
  S2: leg(['MU', '5101', 'PKX', 'PVG', `${D}T13:00`, 130], ['MU', '551', 'PVG', 'LHR', `${D}T18:40`, 780]),
  // direct, evening, to LGW
  S3: leg(['BA', '38', 'PEK', 'LGW', `${D}T19:30`, 640]),
  // 2 stops, night departure, CA then LH
  S4: leg(['CA', '1501', 'PEK', 'PVG', `${D}T02:00`, 130], ['CA', '931', 'PVG', 'FRA', `${D}T06:00`, 720], ['LH', '900', 'FRA', 'LHR', `${D}T16:00`, 100]),
  // 1 stop, morning
  S5: leg(['MU', '5103', 'PEK', 'PVG', `${D}T10:00`, 130], ['MU', '553', 'PVG', 'LHR', `${D}T14:00`, 780]),
};
type F = [supplier: string, cabin: CabinClass, bags: number, adultFare: number];
const FARES: Record<string, F[]> = {
  S1: [['sim-ndc', 'economy', 1, 500_000], ['sim-gds', 'economy', 0, 450_000]],
  S2: [['sim-ndc', 'business', 2, 1_500_000]],
  S3: [['sim-lcc', 'economy', 0, 400_000]],
  S4: [['sim-gds', 'economy', 1, 300_000]],
  S5: [['sim-gds', 'economy', 1, 480_000], ['sim-lcc', 'economy', 0, 420_000]],
};
const offers = Object.entries(FARES).flatMap(([name, fares]) =>
  fares.map(([supplier, cabin, bags, fare], i) =>
    makeOffer({ offerId: `${name}-${i}`, supplier, cabin, baggage: makeBaggage(bags), legs: [LEGS[name]], currency: 'CNY', prices: [{ passengerType: 'adult', fare, airportTax: 0, fuelSurcharge: 0, otherTax: 0 }] }),
  ),
);
const ALL = priceAndBuild(offers, { config: DEFAULT_FLIGHT_CONFIG, passengers: { adult: 1, child: 0, infant: 0 } });
const nameOf = new Map(ALL.map((s) => [s.id, s.fares[0].fareId.split(':')[1].split('-')[0]]));

function run(filters: SolutionFilters = {}, sort: SortKey = 'price', order: 'asc' | 'desc' = 'asc', page = 1, pageSize = 50) {
  const r = querySolutions(ALL, { filters, sort, order, page, pageSize });
  return { ...r, names: r.items.map((s) => nameOf.get(s.id)) };
}

describe('querySolutions: filters', () => {
  it('returns everything, cheapest first, without filters', () => {
    expect(ALL).toHaveLength(5);
    const r = run();
    expect(r.names).toEqual(['S4', 'S3', 'S5', 'S1', 'S2']);
    expect(r.total).toBe(5);
  });

  it('airlines: any segment marketed by a selected carrier', () => {
    expect(run({ airlines: ['LH'] }).names).toEqual(['S4']);
    expect(run({ airlines: ['BA', 'LH'] }).names).toEqual(['S4', 'S3']);
    expect(run({ airlines: ['XX'] }).total).toBe(0);
    expect(run({ airlines: [] }).total).toBe(5);
  });

  it('maxStops and directOnly apply to every leg', () => {
    expect(run({ directOnly: true }).names).toEqual(['S3', 'S1']);
    expect(run({ maxStops: 1 }).names).toEqual(['S3', 'S5', 'S1', 'S2']);
    expect(run({ maxStops: 2, directOnly: true }).names).toEqual(['S3', 'S1']);
  });

  it('departure and arrival bands by local hour, per journey index', () => {
    expect(run({ departureBands: { '0': ['00-06'] } }).names).toEqual(['S4']);
    expect(run({ departureBands: { '0': ['18-24'] } }).names).toEqual(['S3']);
    expect(run({ departureBands: { '0': ['06-12', '12-18'] } }).names).toEqual(['S5', 'S1', 'S2']);
    // arrivals (LHR/LGW = UTC): S1 11:00, S4 16:40, S5 19:00, S3 22:10, S2 23:40
    expect(run({ arrivalBands: { '0': ['12-18'] } }).names).toEqual(['S4']);
    // an empty list or a journey the search does not have constrains nothing
    expect(run({ departureBands: { '0': [], '3': ['00-06'] } }).total).toBe(5);
  });

  it('maxDurationMinutes: door to door per leg', () => {
    expect(run({ maxDurationMinutes: 660 }).names).toEqual(['S3', 'S1']);
  });

  it('price range on the lowest adult sale price, inclusive', () => {
    expect(run({ minPrice: 400_000, maxPrice: 450_000 }).names).toEqual(['S3', 'S5', 'S1']);
  });

  it('origin and destination airports', () => {
    expect(run({ originAirports: ['PKX'] }).names).toEqual(['S2']);
    expect(run({ originAirports: ['PEK', 'PKX'] }).total).toBe(5);
    expect(run({ destinationAirports: ['LGW'] }).names).toEqual(['S3']);
    expect(run({ destinationAirports: ['CDG'] }).total).toBe(0);
  });

  it('cabins, suppliers and free baggage remove fare choices and reprice', () => {
    expect(run({ cabins: ['business'] }).names).toEqual(['S2']);
    const ndc = run({ suppliers: ['sim-ndc'] });
    expect(ndc.names).toEqual(['S1', 'S2']);
    expect(ndc.items[0].lowestAdultSalePrice).toBe(500_000);
    expect(ndc.items[0].fares.map((f) => f.supplier)).toEqual(['sim-ndc']);
    const bags = run({ freeBaggageOnly: true });
    expect(bags.names).toEqual(['S4', 'S5', 'S1', 'S2']);
    expect(bags.items.map((s) => s.lowestAdultSalePrice)).toEqual([300_000, 480_000, 500_000, 1_500_000]);
    // the price range sees the repriced solutions
    expect(run({ freeBaggageOnly: true, maxPrice: 490_000 }).names).toEqual(['S4', 'S5']);
    // the cached solutions themselves are left untouched
    expect(ALL.find((s) => nameOf.get(s.id) === 'S1')!.fares).toHaveLength(2);
  });

  // Spec point 3: `all` among the ticketing speeds (issue 14); one speed keeps only its fares and reprices.
  it('ticketing speed: all constrains nothing, one product type keeps its fares only', () => {
    const sols = withSpeeds(generateSolutions(200, { seed: 5, maxFaresPerItinerary: 4 }));
    const q = (productType: SolutionFilters['productType']) => querySolutions(sols, { filters: { productType }, sort: 'price', order: 'asc', page: 1, pageSize: 500 });
    expect(q('all').total).toBe(sols.length);
    const speeds = [...new Set(sols.flatMap((s) => s.fares.map((f) => f.productType)))];
    expect(speeds.length).toBeGreaterThan(1);
    for (const speed of speeds) {
      const r = q(speed);
      expect(r.total).toBe(sols.filter((s) => s.fares.some((f) => f.productType === speed)).length);
      expect(r.total).toBeLessThan(sols.length);
      expect(r.items.every((s) => s.fares.every((f) => f.productType === speed))).toBe(true);
    }
  });

  it('ignores the supplier filter when suppliers are hidden', () => {
    const hidden = priceAndBuild(offers, { config: DEFAULT_FLIGHT_CONFIG, showSupplier: false, passengers: { adult: 1, child: 0, infant: 0 } });
    const r = querySolutions(hidden, { filters: { suppliers: ['sim-ndc'] }, sort: 'price', order: 'asc', page: 1, pageSize: 10 });
    expect(r.total).toBe(5);
    expect(r.facets.suppliers).toEqual([]);
  });
});

describe('querySolutions: sorting and pages', () => {
  it('sorts by duration, departure and arrival, ascending or descending', () => {
    expect(run({}, 'duration').names).toEqual(['S3', 'S1', 'S5', 'S2', 'S4']);
    expect(run({}, 'duration', 'desc').names).toEqual(['S4', 'S2', 'S5', 'S1', 'S3']);
    expect(run({}, 'departure').names).toEqual(['S4', 'S1', 'S5', 'S2', 'S3']);
    expect(run({}, 'arrival').names).toEqual(['S1', 'S4', 'S5', 'S3', 'S2']);
    expect(run({}, 'price', 'desc').names).toEqual(['S2', 'S1', 'S5', 'S3', 'S4']);
    expect(run({ freeBaggageOnly: true }, 'price', 'desc').names).toEqual(['S2', 'S1', 'S5', 'S4']);
  });

  it('breaks ties by price, then duration, departure and id', () => {
    const same = generateSolutions(60, { seed: 7 }).map((s) => ({ ...s, lowestAdultSalePrice: 100, fares: s.fares.map((f) => ({ ...f, priceList: f.priceList.map((p) => ({ ...p, salePrice: 100 })) })) }));
    const r = querySolutions(same, { filters: {}, sort: 'price', order: 'asc', page: 1, pageSize: 100 });
    const d = r.items.map((s) => s.totalDurationMinutes);
    expect(d).toEqual([...d].sort((a, b) => a - b));
  });

  it('pages without overlap and reports the total', () => {
    const pages = [1, 2, 3, 4].map((page) => run({}, 'price', 'asc', page, 2));
    expect(pages.map((p) => p.names)).toEqual([['S4', 'S3'], ['S5', 'S1'], ['S2'], []]);
    expect(pages.every((p) => p.total === 5)).toBe(true);
    const filtered = [1, 2].map((page) => run({ freeBaggageOnly: true }, 'price', 'asc', page, 3));
    expect(filtered.map((p) => p.names)).toEqual([['S4', 'S5', 'S1'], ['S2']]);
  });
});

describe('querySolutions: facets', () => {
  it('lists airlines with their lowest price, stops, suppliers, airports and ranges', () => {
    const { facets } = run();
    expect(facets.airlines).toEqual([
      { code: 'CA', count: 2, lowestPrice: 300_000 },
      { code: 'LH', count: 1, lowestPrice: 300_000 },
      { code: 'BA', count: 1, lowestPrice: 400_000 },
      { code: 'MU', count: 2, lowestPrice: 420_000 },
    ]);
    expect(facets.stops).toEqual([
      { stops: 0, count: 2, lowestPrice: 400_000 },
      { stops: 1, count: 2, lowestPrice: 420_000 },
      { stops: 2, count: 1, lowestPrice: 300_000 },
    ]);
    expect(facets.suppliers).toEqual([
      { code: 'sim-gds', count: 3 },
      { code: 'sim-lcc', count: 2 },
      { code: 'sim-ndc', count: 2 },
    ]);
    expect(facets.originAirports).toEqual([
      { code: 'PEK', count: 4 },
      { code: 'PKX', count: 1 },
    ]);
    expect(facets.destinationAirports).toEqual([
      { code: 'LGW', count: 1 },
      { code: 'LHR', count: 4 },
    ]);
    expect(facets.price).toEqual({ min: 300_000, max: 1_500_000 });
    expect(facets.duration).toEqual({ min: 640, max: S4_DURATION });
  });

  it('computes each facet without its own filter but with all the others', () => {
    const r = run({ airlines: ['LH'], directOnly: false, maxStops: 1 });
    // airlines facet ignores the airline filter but keeps maxStops 1 (S4 has 2 stops)
    expect(r.total).toBe(0);
    expect(r.facets.airlines.map((a) => a.code)).toEqual(['BA', 'MU', 'CA']);
    // stops facet ignores maxStops but keeps the airline filter
    expect(r.facets.stops).toEqual([{ stops: 2, count: 1, lowestPrice: 300_000 }]);
    expect(r.facets.price).toBeNull();
  });

  it('counts suppliers without the supplier filter, each priced with its own cheapest fare', () => {
    expect(run({ suppliers: ['sim-lcc'] }).facets.suppliers).toEqual([
      { code: 'sim-gds', count: 3 },
      { code: 'sim-lcc', count: 2 },
      { code: 'sim-ndc', count: 2 },
    ]);
    // under 460 000: sim-ndc's fares (500 000, 1 500 000) are all out
    expect(run({ maxPrice: 460_000 }).facets.suppliers).toEqual([
      { code: 'sim-gds', count: 2 },
      { code: 'sim-lcc', count: 2 },
    ]);
    // the price range facet ignores the price filter but follows the fare filters
    expect(run({ maxPrice: 460_000, freeBaggageOnly: true }).facets.price).toEqual({ min: 300_000, max: 1_500_000 });
    expect(run({ maxPrice: 460_000, cabins: ['economy'] }).facets.price).toEqual({ min: 300_000, max: 450_000 });
  });

  it('is empty for an empty set', () => {
    const r = querySolutions([], { filters: {}, sort: 'price', order: 'asc', page: 1, pageSize: 10 });
    expect(r).toEqual({ items: [], total: 0, facets: { airlines: [], stops: [], suppliers: [], originAirports: [], destinationAirports: [], price: null, duration: null } });
  });
});

const S4_DURATION = (() => {
  const s = ALL.find((x) => nameOf.get(x.id) === 'S4')!;
  return s.legs[0].durationMinutes;
})();

describe('querySolutions: return trips and airports', () => {
  const trips = generateSolutions(400, { seed: 3 });

  it('an airport of one leg constrains that leg only', () => {
    const r = querySolutions(trips, { filters: { originAirports: ['PKX'] }, sort: 'price', order: 'asc', page: 1, pageSize: 400 });
    expect(r.total).toBeGreaterThan(0);
    expect(r.items.every((s) => s.legs[0].segments[0].origin === 'PKX')).toBe(true);
    expect(new Set(r.items.map((s) => s.legs[1].segments[0].origin))).toEqual(new Set(['LHR', 'LGW']));
    const both = querySolutions(trips, { filters: { originAirports: ['PKX', 'LGW'] }, sort: 'price', order: 'asc', page: 1, pageSize: 400 });
    expect(both.items.every((s) => s.legs[0].segments[0].origin === 'PKX' && s.legs[1].segments[0].origin === 'LGW')).toBe(true);
    expect(querySolutions(trips, { filters: { originAirports: ['CDG'] }, sort: 'price', order: 'asc', page: 1, pageSize: 10 }).total).toBe(0);
  });

  it('time bands follow the journey index', () => {
    const r = querySolutions(trips, { filters: { departureBands: { '1': ['18-24'] } }, sort: 'price', order: 'asc', page: 1, pageSize: 400 });
    expect(r.total).toBeGreaterThan(0);
    expect(r.items.every((s) => Number(s.legs[1].segments[0].departure.slice(11, 13)) >= 18)).toBe(true);
  });

  it('gives the same answer prepared ahead or from the array, and re-prepares a grown array', () => {
    const q: SolutionsQuery = { filters: { maxStops: 1, freeBaggageOnly: true }, sort: 'departure', order: 'desc', page: 2, pageSize: 20 };
    expect(querySolutions(prepareSolutions(trips), q)).toEqual(querySolutions(trips, q));
    const growing = trips.slice(0, 100);
    expect(querySolutions(growing, q).total).toBeLessThan(querySolutions(trips, q).total);
    growing.push(...trips.slice(100));
    expect(querySolutions(growing, q).total).toBe(querySolutions(trips, q).total);
  });
});

/** The generated fares all have one ticketing speed: spread three over them, so the speed filter has work to do. */
function withSpeeds(sols: Solution[]): Solution[] {
  return sols.map((s, i) => ({ ...s, fares: s.fares.map((f, j) => ({ ...f, productType: PRODUCT_TYPES[(i + j) % 3] })) }));
}

/** A slow, obvious implementation of the documented semantics, to check the fast one on random queries. */
function reference(all: Solution[], f: SolutionFilters, sort: SortKey, order: 'asc' | 'desc'): { ids: string[]; prices: number[] } {
  const fareOk = (x: FareChoice) =>
    (!f.cabins?.length || f.cabins.includes(x.cabin)) &&
    (!f.suppliers?.length || (x.supplier !== null && f.suppliers.includes(x.supplier))) &&
    (!f.freeBaggageOnly || x.baggage.checked.pieces >= 1) &&
    (!f.productType || f.productType === 'all' || x.productType === f.productType);
  const hour = (t: string) => Number(t.slice(11, 13));
  const band = (t: string) => ['00-06', '06-12', '12-18', '18-24'][Math.floor(hour(t) / 6)];
  const legsConstrained = (sel: string[] | undefined, at: (s: Solution, l: number) => string) => {
    if (!sel?.length) return null;
    const n = Math.max(...all.map((s) => s.legs.length));
    const c = Array.from({ length: n }, (_, l) => all.some((s) => s.legs[l] && sel.includes(at(s, l))));
    if (!c.includes(true)) c[0] = true;
    return c;
  };
  const originAt = (s: Solution, l: number) => s.legs[l].segments[0].origin;
  const destAt = (s: Solution, l: number) => s.legs[l].segments.at(-1)!.destination;
  const oc = legsConstrained(f.originAirports, originAt);
  const dc = legsConstrained(f.destinationAirports, destAt);
  const rows = all.flatMap((s) => {
    const fares = s.fares.filter(fareOk);
    if (fares.length === 0) return [];
    const price = adultSalePrice(fares[0]);
    if (f.airlines?.length && !s.legs.some((l) => l.segments.some((g) => f.airlines!.includes(g.marketingCarrier)))) return [];
    const maxStops = f.directOnly ? 0 : (f.maxStops ?? Infinity);
    if (s.legs.some((l) => l.stops > maxStops)) return [];
    if (s.legs.some((l, i) => f.departureBands?.[i]?.length && !f.departureBands[i].includes(band(l.segments[0].departure) as never))) return [];
    if (s.legs.some((l, i) => f.arrivalBands?.[i]?.length && !f.arrivalBands[i].includes(band(l.segments.at(-1)!.arrival) as never))) return [];
    if (f.maxDurationMinutes !== undefined && s.legs.some((l) => l.durationMinutes > f.maxDurationMinutes!)) return [];
    if (price < (f.minPrice ?? -Infinity) || price > (f.maxPrice ?? Infinity)) return [];
    if (oc && s.legs.some((_, l) => oc[l] && !f.originAirports!.includes(originAt(s, l)))) return [];
    if (dc && s.legs.some((_, l) => dc[l] && !f.destinationAirports!.includes(destAt(s, l)))) return [];
    const dep = Date.parse(`${s.legs[0].segments[0].departure}:00Z`);
    const arr = Date.parse(`${s.legs[0].segments.at(-1)!.arrival}:00Z`);
    return [{ s, price, dep, arr }];
  });
  const key = { price: (r: (typeof rows)[number]) => r.price, duration: (r: (typeof rows)[number]) => r.s.totalDurationMinutes, departure: (r: (typeof rows)[number]) => r.dep, arrival: (r: (typeof rows)[number]) => r.arr }[sort];
  const dir = order === 'desc' ? -1 : 1;
  rows.sort((a, b) => (key(a) - key(b)) * dir || a.price - b.price || a.s.totalDurationMinutes - b.s.totalDurationMinutes || a.dep - b.dep || (a.s.id < b.s.id ? -1 : 1));
  return { ids: rows.map((r) => r.s.id), prices: rows.map((r) => r.price) };
}

describe('querySolutions agrees with a naive implementation on random queries', () => {
  const sols = withSpeeds(generateSolutions(800, { seed: 11, maxFaresPerItinerary: 4 }));
  const r = rng(99);
  const some = <T>(items: readonly T[]) => items.filter(() => r.next() < 0.4);
  const totals: number[] = [];
  afterAll(() => {
    // The random queries must exercise both outcomes, not just empty answers.
    expect(totals.filter((t) => t > 0).length).toBeGreaterThan(15);
    expect(totals.filter((t) => t < sols.length).length).toBeGreaterThan(15);
  });
  for (let k = 0; k < 40; k++) {
    const f: SolutionFilters = {};
    if (r.next() < 0.3) f.airlines = some(['CA', 'MU', 'BA', 'LH', 'SQ', 'EK', 'XX']);
    if (r.next() < 0.3) f.maxStops = r.int(0, 2);
    if (r.next() < 0.1) f.directOnly = true;
    if (r.next() < 0.3) f.departureBands = { [String(r.int(0, 1))]: some(['00-06', '06-12', '12-18', '18-24'] as const) };
    if (r.next() < 0.2) f.arrivalBands = { '0': some(['00-06', '06-12', '12-18', '18-24'] as const) };
    if (r.next() < 0.3) f.maxDurationMinutes = r.int(600, 2400);
    if (r.next() < 0.3) f.minPrice = r.int(400_000, 900_000);
    if (r.next() < 0.3) f.maxPrice = r.int(600_000, 2_000_000);
    if (r.next() < 0.2) f.originAirports = some(['PEK', 'PKX', 'LHR', 'LGW']);
    if (r.next() < 0.2) f.destinationAirports = some(['PEK', 'PKX', 'LHR', 'LGW']);
    if (r.next() < 0.2) f.cabins = some(['economy', 'business'] as const);
    if (r.next() < 0.3) f.suppliers = some(['sim-gds', 'sim-ndc', 'sim-lcc', 'sim-consolidator', 'sim-jp']);
    if (r.next() < 0.2) f.productType = r.next() < 0.25 ? 'all' : PRODUCT_TYPES[r.int(0, PRODUCT_TYPES.length - 1)];
    if (r.next() < 0.3) f.freeBaggageOnly = true;
    const sort = r.pick(['price', 'duration', 'departure', 'arrival'] as const);
    const order = r.pick(['asc', 'desc'] as const);
    it(`query ${k}: ${JSON.stringify(f)} by ${sort} ${order}`, () => {
      const want = reference(sols, f, sort, order);
      const got = querySolutions(sols, { filters: f, sort, order, page: 1, pageSize: 200 });
      expect(got.total).toBe(want.ids.length);
      expect(got.items.map((s) => s.id)).toEqual(want.ids.slice(0, 200));
      expect(got.items.map((s) => s.lowestAdultSalePrice)).toEqual(want.prices.slice(0, 200));
      totals.push(got.total);
      // Each facet equals the naive answer without that facet's own filter.
      const without = (k: keyof SolutionFilters) => {
        const g = { ...f };
        delete g[k];
        if (k === 'maxStops') delete g.directOnly;
        if (k === 'minPrice') delete g.maxPrice;
        return reference(sols, g, 'price', 'asc');
      };
      const byId = new Map(sols.map((s) => [s.id, s]));
      const airlines = new Map<string, { count: number; lowestPrice: number }>();
      const w = without('airlines');
      w.ids.forEach((id, i) => {
        for (const code of new Set(byId.get(id)!.legs.flatMap((l) => l.segments.map((g) => g.marketingCarrier)))) {
          const e = airlines.get(code) ?? { count: 0, lowestPrice: Infinity };
          airlines.set(code, { count: e.count + 1, lowestPrice: Math.min(e.lowestPrice, w.prices[i]) });
        }
      });
      expect(new Map(got.facets.airlines.map((a) => [a.code, { count: a.count, lowestPrice: a.lowestPrice }]))).toEqual(airlines);
      const stops = without('maxStops').ids.map((id) => Math.max(...byId.get(id)!.legs.map((l) => l.stops)));
      expect(got.facets.stops.map((x) => [x.stops, x.count])).toEqual([0, 1, 2].map((n) => [n, stops.filter((x) => x === n).length]).filter(([, c]) => c > 0));
      const prices = without('minPrice').prices;
      expect(got.facets.price).toEqual(prices.length ? { min: Math.min(...prices), max: Math.max(...prices) } : null);
      const longest = without('maxDurationMinutes').ids.map((id) => Math.max(...byId.get(id)!.legs.map((l) => l.durationMinutes)));
      expect(got.facets.duration).toEqual(longest.length ? { min: Math.min(...longest), max: Math.max(...longest) } : null);
      const origins = without('originAirports').ids.flatMap((id) => [...new Set(byId.get(id)!.legs.map((l) => l.segments[0].origin))]);
      expect(got.facets.originAirports).toEqual([...new Set(origins)].sort().map((code) => ({ code, count: origins.filter((o) => o === code).length })));
      const suppliers = ['sim-consolidator', 'sim-gds', 'sim-jp', 'sim-lcc', 'sim-ndc'].map((code) => ({ code, count: reference(sols, { ...f, suppliers: [code] }, 'price', 'asc').ids.length }));
      expect(got.facets.suppliers).toEqual(suppliers.filter((x) => x.count > 0));
    });
  }
});

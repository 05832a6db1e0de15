// Flight-shopping engine benches (pricing, grouping, filtering): pure CPU, no database. bench/run.ts adds the rows.
import type { SolutionFilters, SortKey } from '@portal/contract/api/shopping';
import { FIXTURE_CONFIG, FIXTURE_RATES, generateOffers, generateSolutions } from '../src/modules/shopping/engine/fixtures.ts';
import { priceOffer } from '../src/modules/shopping/engine/pricing.ts';
import { prepareSolutions, querySolutions, type SolutionsQuery } from '../src/modules/shopping/engine/query.ts';
import { buildSolutions } from '../src/modules/shopping/engine/solutions.ts';

export interface BenchRow {
  name: string;
  n: number;
  p50: number;
  p95: number;
  perSecond: number;
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function measure(name: string, n: number, fn: (i: number) => void): BenchRow {
  for (let i = 0; i < Math.min(20, n); i++) fn(i);
  const times: number[] = [];
  const start = performance.now();
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    fn(i);
    times.push(performance.now() - t0);
  }
  const total = performance.now() - start;
  times.sort((a, b) => a - b);
  return { name, n, p50: percentile(times, 50), p95: percentile(times, 95), perSecond: (n / total) * 1000 };
}

const SOLUTIONS = 5_000;
const OFFERS = 5_000;

/** What the filter panel typically sends: a few filters, a sort, the first pages. */
const TYPICAL: { filters: SolutionFilters; sort: SortKey; order: 'asc' | 'desc'; page: number }[] = [
  { filters: {}, sort: 'price', order: 'asc', page: 1 },
  { filters: { maxStops: 1 }, sort: 'price', order: 'asc', page: 1 },
  { filters: { airlines: ['CA', 'MU', 'BA'], maxStops: 1 }, sort: 'duration', order: 'asc', page: 2 },
  { filters: { departureBands: { '0': ['06-12', '12-18'] }, maxDurationMinutes: 1_500 }, sort: 'departure', order: 'asc', page: 1 },
  { filters: { directOnly: true, originAirports: ['PEK'] }, sort: 'arrival', order: 'desc', page: 1 },
  { filters: { minPrice: 600_000, maxPrice: 1_500_000, arrivalBands: { '1': ['12-18', '18-24'] } }, sort: 'price', order: 'desc', page: 3 },
];
/** Fare-level filters: fares are removed, prices recomputed and the matches sorted per query. */
const FARE_FILTERED: typeof TYPICAL = [
  { filters: { freeBaggageOnly: true }, sort: 'price', order: 'asc', page: 1 },
  { filters: { suppliers: ['sim-gds', 'sim-ndc'], maxStops: 1 }, sort: 'price', order: 'asc', page: 1 },
  { filters: { cabins: ['economy'], airlines: ['CA', 'LH', 'EK', 'SQ'], freeBaggageOnly: true }, sort: 'duration', order: 'asc', page: 2 },
];
const query = (q: (typeof TYPICAL)[number]): SolutionsQuery => ({ ...q, pageSize: 50 });

export async function benchSolutions(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];

  const offers = generateOffers({ itineraries: OFFERS, maxFaresPerItinerary: 3, seed: 1 }).slice(0, OFFERS);
  const passengers = { adult: 2, child: 1, infant: 0 };
  rows.push(
    measure(`engine: price ${OFFERS.toLocaleString('en')} offers + buildSolutions`, 30, () => {
      const priced = offers.map((offer) => ({
        offer,
        fare: priceOffer(offer, { fareId: `${offer.supplier}:${offer.offerId}`, config: FIXTURE_CONFIG, area: 'intercontinental', settlementCurrency: 'CNY', rateMap: FIXTURE_RATES, showSupplier: true, passengers }),
      }));
      if (buildSolutions(priced).length === 0) throw new Error('no solutions');
    }),
  );

  const solutions = generateSolutions(SOLUTIONS, { seed: 2 });
  if (solutions.length !== SOLUTIONS) throw new Error(`expected ${SOLUTIONS} solutions, got ${solutions.length}`);
  rows.push(
    measure(`engine: prepareSolutions (${SOLUTIONS.toLocaleString('en')} solutions, once per result version)`, 50, () => {
      prepareSolutions(solutions);
    }),
  );

  const prepared = prepareSolutions(solutions);
  rows.push(
    measure(`engine: querySolutions, typical filters + sort + page 50 + facets (${SOLUTIONS.toLocaleString('en')} solutions)`, 600, (i) => {
      querySolutions(prepared, query(TYPICAL[i % TYPICAL.length]));
    }),
  );
  rows.push(
    measure(`engine: querySolutions, fare filters (baggage, supplier, cabin) + sort + facets (${SOLUTIONS.toLocaleString('en')} solutions)`, 600, (i) => {
      querySolutions(prepared, query(FARE_FILTERED[i % FARE_FILTERED.length]));
    }),
  );
  rows.push(
    measure(`engine: querySolutions on a new result version (prepare + query, ${SOLUTIONS.toLocaleString('en')} solutions)`, 50, (i) => {
      querySolutions(solutions.slice(), query(TYPICAL[i % TYPICAL.length]));
    }),
  );
  return rows;
}

// `node --import tsx apps/server/bench/solutions.ts` prints the rows alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  for (const r of await benchSolutions()) console.log(`${r.name}: n=${r.n} p50=${r.p50.toFixed(2)} ms p95=${r.p95.toFixed(2)} ms ${r.perSecond.toFixed(0)}/s`);
}

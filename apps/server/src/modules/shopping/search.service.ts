import { MAX_JOURNEYS, SEARCH_TTL_MINUTES, type SearchStarted, type SolutionsAnswer, type SolutionsBody } from '@portal/contract/api/shopping';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../plugins/errors.ts';
import type { SupplierRegistry } from '../../suppliers/air/registry.ts';
import type { AirSupplier, SupplierOffer, SupplierSearchRequest } from '../../suppliers/air/types.ts';
import type { AuthContext } from '../auth/session.service.ts';
import { airportsFor } from '../reference/reference.ts';
import { prepareSolutions, querySolutions, type PreparedSolutions } from './engine/query.ts';
import { buildSolutions } from './engine/solutions.ts';
import { chooseSuppliers, flightConfigOf } from './agency-filters.ts';
import { checkSearchContent } from './content-rules.ts';
import { agencyPricing, pricedOffers, type AgencyPricing, type PricedOffer } from './agency-pricing.ts';
import { Lru } from './lru.ts';
import { countSearch, findSearch, insertSearch, listAnswerHeads, listOffers, type SearchRow, type SupplierAnswerHead } from './search.repository.ts';
import type { NormalizedSearch } from './search-request.ts';
import { SearchRunner } from './search-runner.ts';
import { countSearchAttempt, readSearchLimit, type SearchLimit } from './search-limit.ts';

/** Slack after the budget before a poll reports a still-pending supplier as timed out (its writer may be finishing). */
export const BUDGET_GRACE_MS = 1_000;
const TTL_MS = SEARCH_TTL_MINUTES * 60_000;

export interface ShoppingContext {
  db: Db;
  suppliers: SupplierRegistry;
  runner: SearchRunner;
  /** Built solution sets per (search, answered set, pricing inputs); the database stays the source of truth. */
  cache: Lru<string, Promise<PreparedSolutions>>;
  /** One supplier's offers priced for an agency, per (search, supplier, pricing inputs): each answer is priced once. */
  priced: Lru<string, PricedOffer[]>;
  /** Offers this process wrote as a supplier's ok answer, per (search, supplier): the first poll need not read them back. */
  offers: Lru<string, SupplierOffer[]>;
  /** Searches a person may start per window (search-limit.ts). */
  searchLimit: SearchLimit;
  log?: FastifyBaseLogger;
}

const answerKey = (searchId: string, supplier: string) => `${searchId}|${supplier}`;

export function createShoppingContext(db: Db, suppliers: SupplierRegistry, log?: FastifyBaseLogger, searchLimit = readSearchLimit()): ShoppingContext {
  const offers = new Lru<string, SupplierOffer[]>(32);
  const runner = new SearchRunner(db, log, (searchId, supplier, list) => offers.set(answerKey(searchId, supplier), list));
  return { db, suppliers, runner, cache: new Lru(16), priced: new Lru(32), offers, searchLimit, log };
}

/**
 * The agency's solutions over the answers of these suppliers (all ok): each answer is priced once per pricing inputs
 * and kept; only answers neither priced nor held by this process are read from the database, in one query.
 */
async function buildSolutionSet(ctx: ShoppingContext, searchId: string, suppliers: readonly string[], pricing: AgencyPricing): Promise<PreparedSolutions> {
  const pricedKey = (supplier: string) => `${searchId}|${supplier}|${pricing.fingerprint}`;
  const held = new Map<string, PricedOffer[]>();
  const offers = new Map<string, SupplierOffer[]>();
  const toRead: string[] = [];
  for (const supplier of suppliers) {
    const priced = ctx.priced.get(pricedKey(supplier));
    const mine = priced ? undefined : ctx.offers.get(answerKey(searchId, supplier));
    if (priced) held.set(supplier, priced);
    else if (mine) offers.set(supplier, mine);
    else toRead.push(supplier);
  }
  for (const r of await listOffers(ctx.db, searchId, toRead)) offers.set(r.supplier, r.offers);
  const all: PricedOffer[] = [];
  for (const supplier of suppliers) {
    let priced = held.get(supplier);
    if (!priced) {
      priced = pricedOffers(offers.get(supplier) ?? [], pricing);
      ctx.priced.set(pricedKey(supplier), priced);
    }
    for (const p of priced) all.push(p);
  }
  return prepareSolutions(buildSolutions(all));
}

export function supplierRequest(search: NormalizedSearch): SupplierSearchRequest {
  return {
    journeys: search.journeys.map((j) => ({ origins: airportsFor(j.origin, j.originType), destinations: airportsFor(j.destination, j.destinationType), date: j.date })),
    passengers: { adult: search.passengers.adult, child: search.passengers.child, infant: search.passengers.infant },
    cabin: search.cabin,
    directOnly: search.directOnly,
  };
}

/**
 * Starts a search: counts it against the person's search rate (429 past it, before anything is stored), picks the
 * agency's suppliers, stores the search with one pending row per supplier, counts it for look-to-book, answers at once
 * and asks the suppliers in the background.
 */
export async function startSearch(ctx: ShoppingContext, auth: AuthContext, search: NormalizedSearch, now = new Date()): Promise<SearchStarted> {
  await countSearchAttempt(ctx.db, auth, ctx.searchLimit);
  checkSearchContent(auth.company, search);
  const config = flightConfigOf(auth.company);
  const available = ctx.suppliers.all().map((s) => s.code);
  const codes = chooseSuppliers(available, config, search.journeys);
  // A supplier that cannot price this many journeys (GDS defaults stop at a few legs) is not asked at all.
  const suppliers = codes
    .map((c) => ctx.suppliers.get(c))
    .filter((s): s is AirSupplier => !!s && (s.maxJourneys ?? MAX_JOURNEYS) >= search.journeys.length);
  const expiresAt = new Date(now.getTime() + TTL_MS);
  const row = await ctx.db.transaction(async (tx) => {
    const r = await insertSearch(tx, {
      companyId: auth.company.id,
      userId: auth.user.id,
      request: search,
      currency: auth.company.commonConfig.settlementCurrency,
      suppliers: suppliers.map((s) => s.code),
      budgetMs: config.maxResponseTimeMs,
      createdAt: now,
      expiresAt,
    });
    await countSearch(tx, auth.company.id, now.toISOString().slice(0, 10));
    return r;
  });
  ctx.runner.start(row.id, suppliers, supplierRequest(search), config.maxResponseTimeMs, search.exact);
  return { searchId: row.id, expiresAt: expiresAt.toISOString(), suppliersAsked: suppliers.length };
}

/** Answers as the database has them, with suppliers still pending past the budget (plus grace) reported as timed out. */
export function effectiveAnswers(search: SearchRow, heads: SupplierAnswerHead[], nowMs: number): SupplierAnswerHead[] {
  const over = nowMs > search.createdAt.getTime() + search.budgetMs + BUDGET_GRACE_MS;
  return heads.map((h) => (h.status === 'pending' && over ? { ...h, status: 'timeout', error: 'no answer within the time budget' } : h));
}

export async function loadSearch(ctx: ShoppingContext, auth: AuthContext, searchId: string): Promise<SearchRow> {
  const search = await findSearch(ctx.db, searchId, auth.company.id);
  if (!search) throw notFound();
  return search;
}

export type SolutionsQuery = z.output<typeof SolutionsBody>;

/** One poll: progress from the supplier rows, then the agency's priced solutions filtered, sorted and paged. */
export async function getSolutions(ctx: ShoppingContext, auth: AuthContext, q: SolutionsQuery, now = new Date()): Promise<SolutionsAnswer> {
  const search = await loadSearch(ctx, auth, q.searchId);
  const heads = effectiveAnswers(search, await listAnswerHeads(ctx.db, search.id), now.getTime());
  const answered = heads.filter((h) => h.status !== 'pending').length;
  const asked = search.suppliers.length;
  const pricing = await agencyPricing(ctx.db, auth.company, search.request);
  // Only suppliers that answered ok contribute offers; their offers never change once written.
  const okSuppliers = heads
    .filter((h) => h.status === 'ok')
    .map((h) => h.supplier)
    .sort();
  const key = `${search.id}|${okSuppliers.join(',')}|${pricing.fingerprint}`;
  let building = ctx.cache.get(key);
  if (!building) {
    // Concurrent polls of one version share one build; a failed build is forgotten.
    building = buildSolutionSet(ctx, search.id, okSuppliers, pricing);
    ctx.cache.deleteWhere((k) => k.startsWith(`${search.id}|`));
    ctx.cache.set(key, building);
    building.catch(() => ctx.cache.deleteWhere((k) => k === key));
  }
  const all = await building;
  const result = querySolutions(all, { filters: q.filters, sort: q.sort, order: q.order, page: q.page, pageSize: q.pageSize });
  const done = answered === asked;
  const stale = now.getTime() > search.expiresAt.getTime();
  const notice = stale
    ? 'shopping.search.stale'
    : done && all.n === 0
      ? 'shopping.search.noFlights'
      : all.n > 0 && result.total === 0
        ? 'shopping.search.noMatch'
        : null;
  return {
    searchId: search.id,
    progress: {
      answered,
      asked,
      done,
      failed: heads.filter((h) => h.status === 'error').length,
      timedOut: heads.filter((h) => h.status === 'timeout').length,
    },
    stale,
    currency: pricing.currency,
    total: result.total,
    unfilteredTotal: all.n,
    page: q.page,
    pageSize: q.pageSize,
    items: result.items,
    facets: result.facets,
    notice,
  };
}

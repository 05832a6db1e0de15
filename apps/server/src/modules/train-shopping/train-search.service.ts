import { TRAIN_PRESALE_DAYS, trainPresaleWindow, type TrainSearchAnswer, type TrainSearchBody, type TrainSearchFilters, type TrainService, type TrainSortKey } from '@portal/contract/api/trains';
import { Code } from '@portal/contract/codes';
import type { Language } from '@portal/contract/languages';
import type { MessageKey } from '@portal/contract/messages';
import { AppError } from '../../plugins/errors.ts';
import type { RailResult, RailSearchRequest, RailService, RailSupplier, RailSupplierRegistry } from '../../suppliers/rail/types.ts';
import { contentRulesOf } from '../shopping/content-rules.ts';
import type { AuthContext } from '../auth/session.service.ts';
import { stationsFor } from '../reference/stations.ts';
import { cityOf } from './train-places.ts';
import { applyFilters, facetsOf, sortServices, toTrainService } from './train-results.ts';

/**
 * Train search (POST /shopping/v2/train/search): one synchronous call. The railway answers a timetable query in well
 * under a second, so there is no search to poll as for flights; a supplier that is slow past the budget, fails or is
 * switched off is answered with a clear error instead of an empty list that would read as "no trains".
 */

/** How long the rail suppliers get to answer a search. */
export const TRAIN_SEARCH_BUDGET_MS = 8_000;

export interface TrainSearchDeps {
  railSuppliers: RailSupplierRegistry;
  log?: { warn(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
}

/** The body as the route's schema leaves it (defaults applied). */
export interface TrainSearchInput extends Omit<TrainSearchBody, 'filters' | 'sort'> {
  filters: TrainSearchFilters;
  sort: { by: TrainSortKey; order: 'asc' | 'desc' };
}

const fieldError = (field: string, key: MessageKey, params: Record<string, string | number> = {}) =>
  new AppError(Code.VALIDATION, key, params, { [field]: { key, params } });

type Answer = RailResult<RailService[]>;

/** A supplier's answer within the budget; one that does not answer in time, or throws, is a failure like any other. */
async function ask(supplier: RailSupplier, request: RailSearchRequest, budgetMs: number, now: Date | undefined, deps: TrainSearchDeps): Promise<Answer> {
  const ctl = new AbortController();
  const timer = setTimeout(() => ctl.abort(), budgetMs);
  const overBudget = new Promise<Answer>((resolve) =>
    ctl.signal.addEventListener('abort', () => resolve({ status: 'error', error: { kind: 'timeout', message: `no answer within ${budgetMs} ms` } }), { once: true }),
  );
  try {
    return await Promise.race([supplier.search(request, { signal: ctl.signal, now }), overBudget]);
  } catch (err) {
    deps.log?.error({ err, supplier: supplier.code }, 'rail supplier search threw');
    return { status: 'error', error: { kind: 'unavailable', message: err instanceof Error ? err.message : String(err) } };
  } finally {
    clearTimeout(timer);
  }
}

export async function searchTrains(
  deps: TrainSearchDeps,
  auth: AuthContext,
  body: TrainSearchInput,
  lang: Language,
  opts: { now?: Date; budgetMs?: number } = {},
): Promise<TrainSearchAnswer> {
  if (contentRulesOf(auth.company).hideMainland) throw new AppError(Code.FORBIDDEN, 'train.search.mainlandHidden');
  const from = stationsFor(body.from, body.fromType);
  if (!from.length) throw fieldError('from', 'train.search.unknownPlace', { place: body.from });
  const to = stationsFor(body.to, body.toType);
  if (!to.length) throw fieldError('to', 'train.search.unknownPlace', { place: body.to });
  const fromCities = new Set(from.map(cityOf));
  if (to.some((c) => fromCities.has(cityOf(c)))) throw fieldError('to', 'train.search.samePlace');
  const { first, last } = trainPresaleWindow(opts.now ?? new Date());
  if (body.date < first || body.date > last || Number.isNaN(Date.parse(`${body.date}T00:00:00Z`))) {
    throw fieldError('date', 'train.search.dateOutOfRange', { days: TRAIN_PRESALE_DAYS, first, last });
  }

  const suppliers = deps.railSuppliers.all();
  const request: RailSearchRequest = { from, to, date: body.date };
  const answers = await Promise.all(suppliers.map((s) => ask(s, request, opts.budgetMs ?? TRAIN_SEARCH_BUDGET_MS, opts.now, deps)));
  const found: TrainService[] = [];
  const seen = new Set<string>();
  answers.forEach((a, i) => {
    if (a.status !== 'ok') {
      deps.log?.warn({ supplier: suppliers[i].code, kind: a.error.kind, err: a.error.message }, 'rail supplier search failed');
      return;
    }
    for (const s of a.value) {
      // One train sold by two suppliers is shown once: the first supplier's.
      const key = `${s.trainNumber}|${s.serviceDate}`;
      if (seen.has(key)) continue;
      seen.add(key);
      found.push(toTrainService(suppliers[i].code, s, lang));
    }
  });
  const failures = answers.flatMap((a) => (a.status === 'error' ? [a.error] : []));
  if (suppliers.length > 0 && failures.length === suppliers.length) {
    throw new AppError(Code.SUPPLIER_FAILED, failures.every((f) => f.kind === 'timeout') ? 'train.search.timeout' : 'train.search.unavailable');
  }

  const services = sortServices(applyFilters(found, body.filters), body.sort.by, body.sort.order);
  return { date: body.date, total: found.length, services, facets: facetsOf(found), notice: services.length === 0 ? 'train.search.noTrains' : null };
}

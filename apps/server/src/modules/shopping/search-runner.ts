import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { AirSupplier, SupplierOffer, SupplierSearchRequest } from '../../suppliers/air/types.ts';
import { matchesExact } from './agency-filters.ts';
import { recordAnswer } from './search.repository.ts';
import type { ExactFlight } from './search-request.ts';

/** Thrown into a supplier call whose time budget ran out. */
export class BudgetExceeded extends Error {
  constructor(readonly budgetMs: number) {
    super(`no answer within ${budgetMs} ms`);
    this.name = 'TimeoutError';
  }
}

/**
 * Runs `call` with an AbortSignal that fires after `budgetMs` (or when `outer` aborts). A supplier that ignores the
 * signal is not waited for: the race ends at the budget either way.
 */
export async function withBudget<T>(budgetMs: number, call: (signal: AbortSignal) => Promise<T>, outer?: AbortSignal): Promise<T> {
  const ctl = new AbortController();
  const onOuter = () => ctl.abort(outer?.reason);
  outer?.addEventListener('abort', onOuter, { once: true });
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const err = new BudgetExceeded(budgetMs);
      ctl.abort(err);
      reject(err);
    }, budgetMs);
    ctl.signal.addEventListener('abort', () => reject(ctl.signal.reason ?? new BudgetExceeded(budgetMs)), { once: true });
  });
  try {
    return await Promise.race([call(ctl.signal), expired]);
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', onOuter);
  }
}

const describe = (err: unknown) => (err instanceof Error ? `${err.name}: ${err.message}` : String(err)).slice(0, 500);

/**
 * Queries the suppliers of a started search in the background, each within the agency's time budget, and writes each
 * outcome to its flight_search_results row as it arrives. All state is in the database, so any process answers polls.
 * On shutdown the calls are abandoned and their rows left pending: polls report them as timed out once the budget
 * has passed.
 */
export class SearchRunner {
  readonly #tasks = new Set<Promise<void>>();
  readonly #shutdown = new AbortController();

  constructor(
    private readonly db: Db,
    private readonly log?: FastifyBaseLogger,
    /** Called with the offers of each answer this process wrote as ok (a per-process cache; the row is the truth). */
    private readonly onRecorded?: (searchId: string, supplier: string, offers: SupplierOffer[]) => void,
  ) {}

  start(searchId: string, suppliers: AirSupplier[], request: SupplierSearchRequest, budgetMs: number, exact?: ExactFlight[][] | null): void {
    for (const supplier of suppliers) {
      const task = this.#ask(searchId, supplier, request, budgetMs, exact ?? null).finally(() => this.#tasks.delete(task));
      this.#tasks.add(task);
    }
  }

  /** Resolves when every supplier call started so far has been answered and recorded (tests and benchmarks). */
  async idle(): Promise<void> {
    while (this.#tasks.size > 0) await Promise.allSettled([...this.#tasks]);
  }

  async close(): Promise<void> {
    this.#shutdown.abort(new Error('server shutting down'));
    await Promise.allSettled([...this.#tasks]);
  }

  async #ask(searchId: string, supplier: AirSupplier, request: SupplierSearchRequest, budgetMs: number, exact: ExactFlight[][] | null): Promise<void> {
    let outcome: { status: 'ok'; offers: SupplierOffer[] } | { status: 'timeout' | 'error'; error: string };
    try {
      const offers = await withBudget(budgetMs, (signal) => supplier.search(request, { signal }), this.#shutdown.signal);
      outcome = { status: 'ok', offers: exact ? offers.filter((o) => matchesExact(o, exact)) : offers };
    } catch (err) {
      if (this.#shutdown.signal.aborted) return;
      outcome = err instanceof BudgetExceeded ? { status: 'timeout', error: err.message } : { status: 'error', error: describe(err) };
      this.log?.warn({ searchId, supplier: supplier.code, outcome: outcome.status, err: outcome.error }, 'supplier search failed');
    }
    try {
      const written = await recordAnswer(this.db, searchId, supplier.code, outcome);
      if (written && outcome.status === 'ok') this.onRecorded?.(searchId, supplier.code, outcome.offers);
    } catch (err) {
      this.log?.error({ err, searchId, supplier: supplier.code }, 'could not record a supplier answer');
    }
  }
}

import type { ExchangeRatesAnswer, UpdateRatesBody } from '@portal/contract/api/site';
import { Code } from '@portal/contract/codes';
import { CURRENCIES, RATE_BASE, isCurrency, rateToMicro, type Currency } from '@portal/contract/currency';
import type { MessageKey } from '@portal/contract/messages';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../plugins/errors.ts';
import type { AuthContext } from '../auth/session.service.ts';
import { recordUserLog, type RequestMeta } from '../user-logs/user-log.repository.ts';
import { listRates, lockRates, upsertRates, type RateRow } from './rates.repository.ts';
import { cachesOf, type HotCaches } from '../cache/hot-caches.ts';

const order = (c: Currency) => CURRENCIES.indexOf(c);

// Rows of currencies the contract does not know (retired ones) stay in the table but are not served.
function known(rows: RateRow[]): (RateRow & { currency: Currency })[] {
  return rows
    .filter((r): r is RateRow & { currency: Currency } => isCurrency(r.currency) && r.currency !== RATE_BASE)
    .sort((a, b) => order(a.currency) - order(b.currency));
}

function toRateMap(rows: RateRow[]): Record<string, string> {
  return Object.fromEntries([[RATE_BASE, '1'], ...known(rows).map((r) => [r.currency, r.rate])]);
}

/**
 * The rate rows; outside a transaction (the app's database handle) from memory until a rate changes: every search,
 * poll and price check reads them.
 */
function rateRows(db: DbOrTx, caches: HotCaches | undefined = cachesOf(db)): Promise<RateRow[]> {
  return caches ? caches.rateRows(() => listRates(db)) : listRates(db);
}

export async function currentRateMap(db: DbOrTx, caches?: HotCaches): Promise<Record<string, string>> {
  return toRateMap(await rateRows(db, caches));
}

export async function getExchangeRates(db: DbOrTx, caches?: HotCaches): Promise<ExchangeRatesAnswer> {
  const rows = await rateRows(db, caches);
  return {
    base: RATE_BASE,
    rates: known(rows).map((r) => ({ currency: r.currency, rate: r.rate, updatedAt: r.updatedAt.toISOString() })),
    rateMap: toRateMap(rows),
  };
}

/** "7.100" and "7.1" are one rate: store and compare one spelling so a no-op edit is seen as one. */
function canonicalRate(rate: string): string {
  const micro = rateToMicro(rate);
  const frac = (micro % 1_000_000n).toString().padStart(6, '0').replace(/0+$/, '');
  return frac ? `${micro / 1_000_000n}.${frac}` : `${micro / 1_000_000n}`;
}

function sameRate(stored: string | undefined, next: string): boolean {
  if (stored === undefined) return false;
  try {
    return canonicalRate(stored) === next;
  } catch {
    return false; // a malformed stored value is always worth overwriting
  }
}

function checkEditable(body: UpdateRatesBody): void {
  const fields: Record<string, MessageKey> = {};
  const seen = new Set<string>();
  body.rates.forEach(({ currency }, i) => {
    if (currency === RATE_BASE) fields[`rates.${i}.currency`] = 'validation.rate.base';
    else if (seen.has(currency)) fields[`rates.${i}.currency`] = 'validation.currency.duplicate';
    seen.add(currency);
  });
  const first = Object.values(fields)[0];
  if (first) throw new AppError(Code.VALIDATION, first, {}, fields);
}

/** Only rates that actually change are written and logged, so updatedAt and the audit trail mean something. */
export async function updateExchangeRates(db: Db, auth: AuthContext, body: UpdateRatesBody, meta: RequestMeta): Promise<ExchangeRatesAnswer> {
  checkEditable(body);
  const wanted = body.rates.map((r) => ({ currency: r.currency, rate: canonicalRate(r.rate) }));
  return db.transaction(async (tx) => {
    const before = new Map((await lockRates(tx, wanted.map((r) => r.currency))).map((r) => [r.currency, r.rate]));
    const changed = wanted.filter((r) => !sameRate(before.get(r.currency), r.rate));
    if (changed.length > 0) {
      await upsertRates(tx, changed, auth.user.id);
      await recordUserLog(tx, {
        companyId: auth.company.id,
        actor: { id: auth.user.id, username: auth.user.username },
        action: 'rates_update',
        detail: {
          currencies: changed.map((r) => r.currency),
          changes: changed.map((r) => ({ currency: r.currency, from: before.get(r.currency) ?? null, to: r.rate })),
        },
        meta,
      });
    }
    return getExchangeRates(tx);
  });
}

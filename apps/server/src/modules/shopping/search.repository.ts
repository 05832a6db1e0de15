import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { perHandle } from '../../db/prepared.ts';
import { agencyActivity, flightSearchResults, flightSearches } from '../../db/schema/index.ts';
import type { SupplierOffer } from '../../suppliers/air/types.ts';
import { decodeOffers, encodeOffers } from './offer-store.ts';
import type { NormalizedSearch } from './search-request.ts';

export type SearchRow = Omit<typeof flightSearches.$inferSelect, 'request'> & { request: NormalizedSearch };
export type SupplierStatus = 'pending' | 'ok' | 'error' | 'timeout';
/** One supplier's answer without its offers (cheap to read on every poll). */
export interface SupplierAnswerHead {
  supplier: string;
  status: SupplierStatus;
  error: string | null;
  answeredAt: Date | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function insertSearch(
  db: DbOrTx,
  input: { companyId: string; userId: string; request: NormalizedSearch; currency: string; suppliers: string[]; budgetMs: number; createdAt: Date; expiresAt: Date },
): Promise<SearchRow> {
  const [row] = await db.insert(flightSearches).values(input).returning();
  if (input.suppliers.length > 0) {
    await db.insert(flightSearchResults).values(input.suppliers.map((supplier) => ({ searchId: row.id, supplier, status: 'pending' })));
  }
  return row as SearchRow;
}

/** The look-to-book counter: one more search for the agency today (UTC day). */
export async function countSearch(db: DbOrTx, companyId: string, day: string): Promise<void> {
  await db
    .insert(agencyActivity)
    .values({ companyId, day, searches: 1 })
    .onConflictDoUpdate({ target: [agencyActivity.companyId, agencyActivity.day], set: { searches: sql`${agencyActivity.searches} + 1` } });
}

/** The caller's company's search, or undefined (also for another company's id or a malformed id). */
const findSearchQuery = (db: DbOrTx) =>
  db
    .select()
    .from(flightSearches)
    .where(and(eq(flightSearches.id, sql.placeholder('id')), eq(flightSearches.companyId, sql.placeholder('companyId'))))
    .limit(1);
const answerHeadsQuery = (db: DbOrTx) =>
  db
    .select({ supplier: flightSearchResults.supplier, status: flightSearchResults.status, error: flightSearchResults.error, answeredAt: flightSearchResults.answeredAt })
    .from(flightSearchResults)
    .where(eq(flightSearchResults.searchId, sql.placeholder('searchId')));

/** Every solutions poll runs these two (issue 14): built once per database handle and prepared on its connections. */
const searchPolls = perHandle((db) => ({
  findSearch: findSearchQuery(db).prepare('portal_search_find'),
  answerHeads: answerHeadsQuery(db).prepare('portal_search_answer_heads'),
}));

export async function findSearch(db: DbOrTx, id: string, companyId: string): Promise<SearchRow | undefined> {
  if (!UUID.test(id)) return undefined;
  const prepared = searchPolls(db);
  const [row] = prepared ? await prepared.findSearch.execute({ id, companyId }) : await findSearchQuery(db).execute({ id, companyId });
  return row as SearchRow | undefined;
}

export async function listAnswerHeads(db: DbOrTx, searchId: string): Promise<SupplierAnswerHead[]> {
  const prepared = searchPolls(db);
  const rows = prepared ? await prepared.answerHeads.execute({ searchId }) : await answerHeadsQuery(db).execute({ searchId });
  return rows.map((r) => ({ ...r, status: r.status as SupplierStatus }));
}

/** Offers of the suppliers that answered ok (only those listed, when a list is given). */
export async function listOffers(db: DbOrTx, searchId: string, suppliers?: readonly string[]): Promise<{ supplier: string; offers: SupplierOffer[] }[]> {
  if (suppliers && suppliers.length === 0) return [];
  const rows = await db
    .select({ supplier: flightSearchResults.supplier, offers: flightSearchResults.offers })
    .from(flightSearchResults)
    .where(
      and(
        eq(flightSearchResults.searchId, searchId),
        eq(flightSearchResults.status, 'ok'),
        suppliers ? inArray(flightSearchResults.supplier, [...suppliers]) : undefined,
      ),
    );
  return Promise.all(rows.map(async (r) => ({ supplier: r.supplier, offers: await decodeOffers(r.offers) })));
}

export async function findSupplierOffers(db: DbOrTx, searchId: string, supplier: string): Promise<SupplierOffer[] | undefined> {
  const [row] = await db
    .select({ offers: flightSearchResults.offers })
    .from(flightSearchResults)
    .where(and(eq(flightSearchResults.searchId, searchId), eq(flightSearchResults.supplier, supplier), eq(flightSearchResults.status, 'ok')))
    .limit(1);
  return row ? decodeOffers(row.offers) : undefined;
}

/**
 * Records a supplier's outcome once: a row already answered (or timed out) is never overwritten. Offers are stored
 * packed and deflated (offer-store.ts). Answers whether this call wrote the row.
 */
export async function recordAnswer(
  db: DbOrTx,
  searchId: string,
  supplier: string,
  outcome: { status: Exclude<SupplierStatus, 'pending'>; offers?: SupplierOffer[]; error?: string },
): Promise<boolean> {
  const offers = outcome.offers ? await encodeOffers(outcome.offers) : null;
  const written = await db
    .update(flightSearchResults)
    .set({ status: outcome.status, offers, error: outcome.error ?? null, answeredAt: new Date() })
    .where(and(eq(flightSearchResults.searchId, searchId), eq(flightSearchResults.supplier, supplier), eq(flightSearchResults.status, 'pending')))
    .returning({ supplier: flightSearchResults.supplier });
  return written.length > 0;
}

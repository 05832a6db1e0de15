import type { VerificationAnswer } from '@portal/contract/api/shopping';
import type { MessageKey } from '@portal/contract/messages';
import { notFound } from '../../plugins/errors.ts';
import type { SupplierVerification } from '../../suppliers/air/types.ts';
import type { AuthContext } from '../auth/session.service.ts';
import { buildSolutions, itineraryKey, solutionId } from './engine/solutions.ts';
import { agencyPricing, parseFareId, priceFor } from './agency-pricing.ts';
import { findSupplierOffers } from './search.repository.ts';
import { loadSearch, type ShoppingContext } from './search.service.ts';
import { BudgetExceeded, withBudget } from './search-runner.ts';

/** Longest a price check may take, whatever the agency's search budget. */
export const VERIFY_MAX_MS = 15_000;

export type VerificationResult = VerificationAnswer & { messageKey: MessageKey };

/**
 * The price check before booking (spec point 4): the supplier re-prices the exact offer behind a fare; the new offer is
 * priced for the agency again and compared with what the agency was shown. Every outcome is a value (200):
 * unchanged; price_changed with both totals (accept or back to search); invalid (sold out, gone, or the supplier
 * failed: switch fare or search again); timeout. Unknown search, solution or fare answer 404.
 */
export async function verifyFare(
  ctx: ShoppingContext,
  auth: AuthContext,
  solutionIdParam: string,
  body: { searchId: string; fareId: string },
): Promise<VerificationResult> {
  const search = await loadSearch(ctx, auth, body.searchId);
  const ref = parseFareId(body.fareId);
  if (!ref || !search.suppliers.includes(ref.supplier)) throw notFound();
  const offer = (await findSupplierOffers(ctx.db, search.id, ref.supplier))?.find((o) => o.offerId === ref.offerId);
  // The fare must belong to the solution named in the path (ids are stable hashes of the flights).
  if (!offer || solutionId(itineraryKey(offer.legs)) !== solutionIdParam) throw notFound();
  const pricing = await agencyPricing(ctx.db, auth.company, search.request);
  const shown = priceFor(offer, pricing);
  if (!shown) throw notFound(); // not a fare this agency was (or would now be) shown
  const currency = pricing.currency;
  const base = { solution: null, fare: null, previousTotal: shown.totalSalePrice, newTotal: null, currency };

  const supplier = ctx.suppliers.get(ref.supplier);
  let answer: SupplierVerification;
  try {
    if (!supplier) throw new Error(`supplier ${ref.supplier} is no longer available`);
    const budget = Math.min(VERIFY_MAX_MS, pricing.config.maxResponseTimeMs);
    answer = await withBudget(budget, (signal) => supplier.verify(ref.offerId, { signal }));
  } catch (err) {
    if (err instanceof BudgetExceeded) return { ...base, status: 'timeout', messageKey: 'shopping.verify.timeout', message: '' };
    ctx.log?.warn({ err, supplier: ref.supplier, fareId: body.fareId }, 'price check failed');
    return { ...base, status: 'invalid', messageKey: 'shopping.verify.failed', message: '' };
  }
  if (answer.status === 'invalid') return { ...base, status: 'invalid', messageKey: 'shopping.verify.invalid', message: '' };

  const fare = priceFor(answer.offer, pricing);
  if (!fare) return { ...base, status: 'invalid', messageKey: 'shopping.verify.invalid', message: '' };
  // The fare keeps the id the client holds, so "accept the new price" books the same fare id.
  const kept = { ...fare, fareId: body.fareId };
  const [solution] = buildSolutions([{ offer: answer.offer, fare: kept }]);
  const changed = answer.status === 'price_changed' || kept.totalSalePrice !== shown.totalSalePrice;
  return {
    status: changed ? 'price_changed' : 'unchanged',
    messageKey: changed ? 'shopping.verify.priceChanged' : 'shopping.verify.unchanged',
    message: '',
    solution: solution ?? null,
    fare: kept,
    previousTotal: shown.totalSalePrice,
    newTotal: kept.totalSalePrice,
    currency,
  };
}

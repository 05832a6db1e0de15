import type { z } from 'zod';
import { INVOLUNTARY_CHANGE_REASONS, type ChangeOption, type ChangeSearchAnswer, type ChangeSearchBody } from '@portal/contract/api/after-sales';
import { CABIN_CLASSES, SEARCH_TTL_MINUTES, type CabinClass, type FareChoice } from '@portal/contract/api/shopping';
import { Code } from '@portal/contract/codes';
import type { Currency } from '@portal/contract/currency';
import type { DbOrTx } from '../../../db/client.ts';
import { AppError, forbidden } from '../../../plugins/errors.ts';
import type { SupplierOffer } from '../../../suppliers/air/types.ts';
import type { AuthContext } from '../../auth/session.service.ts';
import { agencyPricing, priceFor, type AgencyPricing } from '../../shopping/agency-pricing.ts';
import { buildSolutions } from '../../shopping/engine/solutions.ts';
import { insertSearch, recordAnswer } from '../../shopping/search.repository.ts';
import { checkPassengers, FieldErrors, localDate, type NormalizedSearch } from '../../shopping/search-request.ts';
import { countSearchAttempt, readSearchLimit } from '../../shopping/search-limit.ts';
import { BudgetExceeded, withBudget } from '../../shopping/search-runner.ts';
import { supplierRequest } from '../../shopping/search.service.ts';
import type { OrderDeps } from '../deps.ts';
import { visibleOrder } from '../order.access.ts';
import type { OrderRow, PassengerRow } from '../order.repository.ts';
import { openOrRefusedNoticeFor } from '../schedule-changes/notices.usecase.ts';
import { isAmendableStatus, loadAmendable, pickCoupons, quotePassenger, serviceFeesFor, type Amendable } from './context.ts';
import { changeAllowed, changeLines, sum } from './quotes.ts';
import { supplierOf } from '../supplier-calls.ts';

/**
 * POST /order/v2/flight/orders/{id}/change/search: alternatives for moving the chosen passengers' chosen flights to new
 * dates, each priced as a change (spec point 3: change fee, fare and tax difference, the agency's service fee).
 *
 * An exchange stays with the airline that issued the ticket and on the same route (what airlines reissue without a
 * new sale), so only the order's own supplier is asked, for the same airports, and only offers on the same validating
 * carrier are kept. The search runs while the request is open: the client aborting it (a new search replaces the one
 * running, spec point 7) aborts the supplier call. The answer is stored like any search, so the change request that
 * follows books exactly the option shown.
 */

export type ChangeSearchInput = z.output<typeof ChangeSearchBody>;

/** Longest a change search waits for the supplier, whatever the agency's search budget says. */
const CHANGE_SEARCH_MAX_MS = 20_000;
/** Fares kept per itinerary (cheapest first) and options answered, so the dialog stays readable. */
const FARES_PER_ITINERARY = 3;
const MAX_OPTIONS = 30;

export interface ChangeContext {
  a: Amendable;
  passengers: PassengerRow[];
  legs: number[];
  departed: boolean;
  involuntary: boolean;
}

/**
 * What a change of these passengers and legs is (shared by the search and the request): the coupons must be open and
 * unflown, the fare must allow a change (or the airline caused it: reason 1 with a schedule notice on the order).
 */
export async function changeContext(db: DbOrTx, order: OrderRow, passengerIds: string[], legs: number[], reason: number, now: Date): Promise<ChangeContext> {
  if (!isAmendableStatus(order)) throw new AppError(Code.ORDER_STATE, 'afterSales.notAmendable');
  const a = await loadAmendable(db, order);
  const picked = pickCoupons(a, passengerIds, legs, now);
  const departed = now.getTime() >= a.firstDeparture.getTime();
  const involuntary = INVOLUNTARY_CHANGE_REASONS.includes(reason as never) && (await openOrRefusedNoticeFor(db, order.id)) !== null;
  if (!involuntary && !changeAllowed(a.fare, picked.passengers.map((p) => p.type as never), departed)) throw new AppError(Code.ORDER_STATE, 'afterSales.change.notAllowed');
  return { a, passengers: picked.passengers, legs: picked.legs, departed, involuntary };
}

/** The search for the new dates: the chosen legs' own airports and cabin, the chosen passengers. */
function changeSearchOf(c: ChangeContext, body: ChangeSearchInput, orderId: string, now: Date): NormalizedSearch {
  const errors = new FieldErrors();
  const dateOf = new Map(body.legs.map((l) => [l.leg, l.date]));
  if (dateOf.size !== body.legs.length) errors.add('legs', 'afterSales.legs.invalid');
  const journeys = c.legs.map((leg) => {
    const segs = c.a.segments.filter((s) => s.leg === leg);
    return { origin: segs[0].origin, destination: segs[segs.length - 1].destination, date: dateOf.get(leg)!, originType: 'airport' as const, destinationType: 'airport' as const };
  });
  // Every flight of the ticket in travel order, the kept ones on their dates and the changed ones on the new dates.
  let previous = '';
  c.a.legs.forEach((leg) => {
    const changed = dateOf.get(leg);
    const date = changed ?? c.a.segments.find((s) => s.leg === leg)!.departureDate;
    const field = `legs.${body.legs.findIndex((l) => l.leg === leg)}.date`;
    if (changed) {
      const d = new Date(`${changed}T00:00:00Z`);
      const origin = c.a.segments.find((s) => s.leg === leg)!.origin;
      if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== changed) errors.add(field, 'validation.date');
      else if (changed < localDate(origin, now)) errors.add(field, 'shopping.search.datePast');
      else if (previous && changed < previous) errors.add(field, 'shopping.search.dateOrder');
    } else if (previous && date < previous && c.legs.some((l) => l < leg)) {
      // A kept flight now before a changed one: name the changed leg just before it.
      const before = body.legs.findIndex((l) => l.leg === Math.max(...c.legs.filter((x) => x < leg)));
      errors.add(`legs.${before}.date`, 'shopping.search.dateOrder');
    }
    previous = date > previous ? date : previous;
  });
  const passengers = { adult: 0, child: 0, infant: 0 };
  for (const p of c.passengers) passengers[p.type as keyof typeof passengers] += 1;
  const counted = checkPassengers(passengers);
  if (Object.keys(counted.fields).length) errors.add('passengerIds', Object.values(counted.fields)[0]);
  errors.throwIfAny();
  const firstSegment = c.a.segments.find((s) => s.leg === c.legs[0])!;
  const cabin: CabinClass = (CABIN_CLASSES as readonly string[]).includes(firstSegment.cabin) ? (firstSegment.cabin as CabinClass) : 'economy';
  return {
    journeys,
    passengers,
    cabin,
    bookingType: journeys.length === 1 ? 'oneway' : 'multicity',
    directOnly: false,
    exact: null,
    amends: { orderId, passengerIds: c.passengers.map((p) => p.id), legs: c.legs, reason: body.reason },
  };
}

/** The agency's pricing of the new fares in the order's currency: the difference is paid in what was paid. */
export async function changePricing(db: DbOrTx, auth: AuthContext, order: OrderRow, search: NormalizedSearch): Promise<AgencyPricing> {
  const p = await agencyPricing(db, auth.company, search);
  return { ...p, currency: order.currency as Currency };
}

/** Offers an exchange of this ticket can move to: the same validating carrier, every changed leg, nothing else. */
export const exchangeable = (offer: SupplierOffer, order: OrderRow, legCount: number) => offer.validatingCarrier === order.validatingCarrier && offer.legs.length === legCount;

export async function searchChange(deps: OrderDeps, auth: AuthContext, id: string, body: ChangeSearchInput, o: { signal?: AbortSignal; now?: Date } = {}): Promise<ChangeSearchAnswer> {
  const { db } = deps;
  const { order, asDesk } = await visibleOrder(db, auth, id);
  if (asDesk) throw forbidden();
  const now = o.now ?? new Date();
  const c = await changeContext(db, order, body.passengerIds, body.legs.map((l) => l.leg), body.reason, now);
  if (c.legs.length !== body.legs.length) throw new AppError(Code.VALIDATION, 'afterSales.legs.invalid', {}, { legs: 'afterSales.legs.invalid' });
  const request = changeSearchOf(c, body, order.id, now);
  await countSearchAttempt(db, auth, readSearchLimit());
  const supplier = supplierOf(deps, order);
  const pricing = await changePricing(db, auth, order, request);
  const budgetMs = Math.min(CHANGE_SEARCH_MAX_MS, pricing.config.maxResponseTimeMs);
  const search = await insertSearch(db, {
    companyId: auth.company.id,
    userId: auth.user.id,
    request,
    currency: order.currency,
    suppliers: [supplier.code],
    budgetMs,
    createdAt: now,
    expiresAt: new Date(now.getTime() + SEARCH_TTL_MINUTES * 60_000),
  });

  let offers: SupplierOffer[];
  try {
    const found = await withBudget(budgetMs, (signal) => supplier.search(supplierRequest(request), { signal }), o.signal);
    offers = found.filter((x) => exchangeable(x, order, c.legs.length));
  } catch (err) {
    const timeout = err instanceof BudgetExceeded;
    await recordAnswer(db, search.id, supplier.code, { status: timeout ? 'timeout' : 'error', error: err instanceof Error ? err.message : String(err) });
    // Aborted by the client (a newer search replaced it): nobody reads the answer, nothing to report.
    if (!o.signal?.aborted) deps.log?.warn({ err, orderId: order.id, supplier: supplier.code }, 'change search failed');
    throw new AppError(Code.SUPPLIER_FAILED, timeout ? 'afterSales.change.searchTimeout' : 'afterSales.change.searchFailed');
  }
  await recordAnswer(db, search.id, supplier.code, { status: 'ok', offers });

  const priced: { offer: SupplierOffer; fare: FareChoice }[] = [];
  for (const offer of offers) {
    const fare = priceFor(offer, pricing);
    if (fare) priced.push({ offer, fare });
  }
  const fees = await serviceFeesFor(db, order.companyId, order.currency);
  const options: ChangeOption[] = [];
  for (const solution of buildSolutions(priced)) {
    for (const fare of solution.fares.slice(0, FARES_PER_ITINERARY)) {
      const { lines, total } = linesOf(c, fare, fees.change);
      options.push({ optionId: fare.fareId, solution: { ...solution, fares: [fare] }, fareId: fare.fareId, lines, total, currency: order.currency as Currency });
    }
  }
  options.sort((x, y) => x.total - y.total || x.solution.legs[0].segments[0].departure.localeCompare(y.solution.legs[0].segments[0].departure));
  return { searchId: search.id, complete: true, options: options.slice(0, MAX_OPTIONS), involuntary: c.involuntary };
}

/** Per passenger and in total, what moving to this fare costs. */
export function linesOf(c: ChangeContext, fare: FareChoice, serviceFee: number) {
  const lines = changeLines({
    oldFare: c.a.fare,
    oldLegCount: c.a.legs.length,
    legs: c.legs.length,
    newFare: fare,
    passengers: c.passengers.map(quotePassenger),
    departed: c.departed,
    involuntary: c.involuntary,
    serviceFee,
  });
  if (!lines) throw new AppError(Code.ORDER_STATE, 'afterSales.change.notAllowed');
  return { lines, total: sum(lines, (l) => l.total) };
}

import type { z } from 'zod';
import { groupHeldPassengers, type GroupDeskQuoteBody, type GroupInstalment, type GroupOrder, type GroupPriceLine, type GroupQuote, type GroupQuoteJourney, type GroupRequest } from '@portal/contract/api/group-orders';
import { Code } from '@portal/contract/codes';
import { crossRate, DEFAULT_CURRENCY, priceByRate, type Currency, type RateMap } from '@portal/contract/currency';
import type { Deps } from '../../deps.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../plugins/errors.ts';
import type { SupplierOffer } from '../../suppliers/air/types.ts';
import type { AuthContext } from '../auth/session.service.ts';
import { airportsFor, cityCodeOf } from '../reference/reference.ts';
import { findCompany } from '../company/company.repository.ts';
import { settlementCurrencyOf } from '../payments/top-up-rules.ts';
import { currentRateMap } from '../site/rates.service.ts';
import { deskGroup } from './group.access.ts';
import { applyGroupTransition, GROUP_SYSTEM, type GroupActorRef } from './group-transition.ts';
import { groupsAwaitingQuote, lockGroup, type GroupRow } from './group.repository.ts';
import { loadGroupDetail } from './group.queries.ts';
import { decideGroupMove } from './group.states.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** How long an agency has to confirm a quote (the simulated desk's habit; the desk sets its own). */
export const CONFIRM_WINDOW_MS = 24 * HOUR_MS;
export const GROUP_DISCOUNT = 0.1;

const quoteError = (key: 'group.quote.journeys' | 'group.quote.prices' | 'group.quote.planOrder' | 'group.quote.confirmBy', field: string) =>
  new AppError(Code.VALIDATION, key, {}, { [field]: key });

const seatedOf = (r: GroupRequest) => r.passengers.adult + r.passengers.child;

/**
 * The desk's quote checked against the request, and completed (version, total): every journey quoted once with flights
 * from its city to its city in a chain; a price line per travelling passenger type in the quote currency; a seat per
 * adult and child; 1-3 deposits in order then the final payment, deadlines increasing and in the future, summing to
 * the total; confirmBy in the future and not after the first deadline.
 */
export function completeQuote(
  request: GroupRequest,
  body: z.output<typeof GroupDeskQuoteBody>,
  o: { version: number; now: Date; quotedBy: string; /** A seats_changed quote: fewer seats than asked are allowed. */ fewerSeats?: boolean },
): GroupQuote {
  const { now } = o;
  const indexes = body.journeys.map((j) => j.journeyIndex).sort((a, b) => a - b);
  if (indexes.length !== request.journeys.length || indexes.some((x, i) => x !== i)) throw quoteError('group.quote.journeys', 'journeys');
  for (const [k, j] of body.journeys.entries()) {
    const asked = request.journeys[j.journeyIndex];
    const chained = j.flights.every((f, i) => i === 0 || j.flights[i - 1].destination === f.origin);
    const first = j.flights[0];
    const last = j.flights[j.flights.length - 1];
    if (!chained || cityCodeOf(first.origin) !== cityCodeOf(asked.origin) || cityCodeOf(last.destination) !== cityCodeOf(asked.destination)) {
      throw quoteError('group.quote.journeys', `journeys.${k}.flights`);
    }
  }
  const travelling = (['adult', 'child', 'infant'] as const).filter((t) => request.passengers[t] > 0);
  const types = body.prices.map((p) => p.passengerType);
  if (types.length !== travelling.length || travelling.some((t) => !types.includes(t)) || body.prices.some((p) => p.currency !== body.currency)) {
    throw quoteError('group.quote.prices', 'prices');
  }
  if (o.fewerSeats ? body.seats > seatedOf(request) : body.seats !== seatedOf(request)) {
    const key = o.fewerSeats ? 'group.quote.fewerSeats' : 'group.quote.seats';
    throw new AppError(Code.VALIDATION, key, { seats: seatedOf(request) }, { seats: { key, params: { seats: seatedOf(request) } } });
  }
  const held = groupHeldPassengers(request.passengers, body.seats);
  const total = body.prices.reduce((s, p) => s + (p.fare + p.tax) * held[p.passengerType], 0);

  const plan = body.paymentPlan;
  const kinds = plan.map((p) => p.kind);
  const expected = [...['deposit1', 'deposit2', 'deposit3'].slice(0, plan.length - 1), 'final'];
  const dues = plan.map((p) => Date.parse(p.dueAt));
  if (plan.length < 2 || plan.length > 4 || kinds.join() !== expected.join() || dues.some((d, i) => d <= (i === 0 ? now.getTime() : dues[i - 1]))) {
    throw quoteError('group.quote.planOrder', 'paymentPlan');
  }
  const sum = plan.reduce((s, p) => s + p.amount, 0);
  if (sum !== total) {
    const params = { total, currency: body.currency };
    throw new AppError(Code.VALIDATION, 'group.quote.planTotal', params, { paymentPlan: { key: 'group.quote.planTotal', params } });
  }
  const confirmBy = Date.parse(body.confirmBy);
  if (confirmBy <= now.getTime() || confirmBy > dues[0]) throw quoteError('group.quote.confirmBy', 'confirmBy');

  return {
    version: o.version,
    journeys: body.journeys.slice().sort((a, b) => a.journeyIndex - b.journeyIndex),
    prices: body.prices,
    total,
    currency: body.currency,
    confirmBy: new Date(confirmBy).toISOString(),
    seats: body.seats,
    paymentPlan: plan.map((p) => ({ ...p, dueAt: new Date(p.dueAt).toISOString() })),
    remark: body.remark,
    quotedAt: now.toISOString(),
    quotedBy: o.quotedBy,
  };
}

/** Saves a quote (first one: quote; a new version while awaiting confirmation: requote) under the group's lock. */
export async function saveQuote(tx: DbOrTx, group: GroupRow, body: z.output<typeof GroupDeskQuoteBody>, actor: GroupActorRef, now: Date, quotedBy: string): Promise<GroupRow> {
  const event = group.status === 'to_be_confirm' ? 'requote' : 'quote';
  decideGroupMove(group.status, event, actor.kind);
  const quote = completeQuote(group.request, body, { version: group.quoteVersion + 1, now, quotedBy });
  return applyGroupTransition(tx, group, event, actor, {
    remark: quote.remark || null,
    data: { quoteVersion: quote.version, total: quote.total, currency: quote.currency },
    patch: { quote, quoteVersion: quote.version, confirmBy: new Date(quote.confirmBy) },
  });
}

/** POST /order/v2/flight/group/orders/{id}/quote: the platform's group desk answers (or replaces) a quote. */
export async function deskQuote(db: DbOrTx, auth: AuthContext, id: string, body: z.output<typeof GroupDeskQuoteBody>, o: { now?: Date } = {}): Promise<GroupOrder> {
  const visible = await deskGroup(db, auth, id);
  const now = o.now ?? new Date();
  await db.transaction(async (tx) => {
    const group = (await lockGroup(tx, visible.id))!;
    await saveQuote(tx, group, body, { kind: 'platform', userId: auth.user.id }, now, 'desk');
  });
  return loadGroupDetail(db, auth, id);
}

/** POST /order/v2/flight/group/orders/{id}/rejection: the desk has no flights for the group (-> closed). */
export async function deskReject(db: DbOrTx, auth: AuthContext, id: string, remark: string): Promise<GroupOrder> {
  const visible = await deskGroup(db, auth, id);
  await db.transaction(async (tx) => {
    const group = (await lockGroup(tx, visible.id))!;
    await applyGroupTransition(tx, group, 'reject', { kind: 'platform', userId: auth.user.id }, { remark, patch: { confirmBy: null } });
  });
  return loadGroupDetail(db, auth, id);
}

/**
 * The simulated desk's payment plan: deposit1 30% due in 3 days; deposit2 30% due in 10 days only when departure is
 * more than 30 days away; the final payment the rest, due 14 days before departure. When departure is too close for
 * that order of deadlines, they are squeezed into the time left (a third and two thirds of it), so every deadline
 * still comes before departure and after the one before.
 */
export function simulatedPlan(total: number, departure: Date, now: Date): { plan: GroupInstalment[]; confirmBy: Date } {
  const span = departure.getTime() - now.getTime();
  const deposits: { kind: GroupInstalment['kind']; share: number; due: number }[] = [{ kind: 'deposit1', share: 0.3, due: now.getTime() + 3 * DAY_MS }];
  if (span > 30 * DAY_MS) deposits.push({ kind: 'deposit2', share: 0.3, due: now.getTime() + 10 * DAY_MS });
  let finalDue = departure.getTime() - 14 * DAY_MS;
  if (finalDue <= deposits[deposits.length - 1].due) {
    deposits.splice(1);
    deposits[0].due = now.getTime() + Math.floor(span / 3);
    finalDue = now.getTime() + Math.floor((2 * span) / 3);
  }
  const plan: GroupInstalment[] = deposits.map((d) => ({ kind: d.kind, amount: Math.floor(total * d.share), dueAt: new Date(d.due).toISOString() }));
  plan.push({ kind: 'final', amount: total - plan.reduce((s, p) => s + p.amount, 0), dueAt: new Date(finalDue).toISOString() });
  const confirmBy = new Date(Math.min(now.getTime() + CONFIRM_WINDOW_MS, deposits[0].due));
  return { plan, confirmBy };
}

type SimDeps = Pick<Deps, 'db' | 'airSuppliers' | 'log'>;

/** The direct flight when there is one, else the fewest stops; then the cheapest adult fare. */
function pickOffer(offers: SupplierOffer[]): SupplierOffer | undefined {
  const adultFare = (o: SupplierOffer) => o.prices.find((p) => p.passengerType === 'adult')?.fare ?? Number.MAX_SAFE_INTEGER;
  return offers
    .filter((o) => o.legs.length === 1 && !o.virtualInterline)
    .sort((a, b) => a.legs[0].segments.length - b.legs[0].segments.length || adultFare(a) - adultFare(b))[0];
}

type Simulated = { kind: 'quote'; body: z.output<typeof GroupDeskQuoteBody> } | { kind: 'reject'; journey: number };

/**
 * What the simulated group desk answers: each journey searched alone at every simulated supplier (one traveller of
 * each type travelling, for the per-type fares), the chosen offer's fares less the group discount, taxes as they
 * are, converted into the agency's settlement currency. A journey without flights is a reject.
 */
export async function simulateQuote(deps: SimDeps, group: GroupRow, currency: Currency, rateMap: RateMap, now: Date): Promise<Simulated> {
  const r = group.request;
  const types = (['adult', 'child', 'infant'] as const).filter((t) => r.passengers[t] > 0);
  const journeys: GroupQuoteJourney[] = [];
  const lines = new Map(types.map((t) => [t, { fare: 0, tax: 0 }]));
  for (const [i, j] of r.journeys.entries()) {
    const request = {
      journeys: [{ origins: airportsFor(j.origin), destinations: airportsFor(j.destination), date: j.date }],
      passengers: { adult: 1, child: r.passengers.child > 0 ? 1 : 0, infant: r.passengers.infant > 0 ? 1 : 0 },
      cabin: r.cabin,
      directOnly: false,
    };
    const answers = await Promise.allSettled(deps.airSuppliers.all().map((s) => s.search(request, { signal: AbortSignal.timeout(15_000), now })));
    const offers = answers.flatMap((a) => (a.status === 'fulfilled' ? a.value : []));
    const offer = pickOffer(offers);
    if (!offer) return { kind: 'reject', journey: i };
    const rate = crossRate(rateMap, offer.currency, currency);
    const convert = (minor: number) => (rate ? priceByRate(minor, offer.currency, currency, rate) : minor);
    journeys.push({
      journeyIndex: i,
      flights: offer.legs[0].segments.map((s) => ({ carrier: s.marketingCarrier, flightNumber: s.flightNumber, origin: s.origin, destination: s.destination, departure: s.departure, arrival: s.arrival })),
    });
    const adult = offer.prices.find((p) => p.passengerType === 'adult');
    for (const t of types) {
      const p = offer.prices.find((x) => x.passengerType === t) ?? adult;
      if (!p) return { kind: 'reject', journey: i };
      const line = lines.get(t)!;
      line.fare += convert(Math.round(p.fare * (1 - GROUP_DISCOUNT)));
      line.tax += convert(p.airportTax + p.fuelSurcharge + p.otherTax);
    }
    // Without a rate the quote stays in the supplier's currency rather than inventing one.
    if (!rate) currency = offer.currency;
  }
  const prices: GroupPriceLine[] = types.map((t) => ({ passengerType: t, fare: lines.get(t)!.fare, tax: lines.get(t)!.tax, currency }));
  const total = prices.reduce((s, p) => s + (p.fare + p.tax) * r.passengers[p.passengerType], 0);
  const { plan, confirmBy } = simulatedPlan(total, new Date(`${r.journeys[0].date}T00:00:00Z`), now);
  return {
    kind: 'quote',
    body: { journeys, prices, currency, confirmBy: confirmBy.toISOString(), seats: seatedOf(r), paymentPlan: plan, remark: '' },
  };
}

export const groupDeskDelaySeconds = () => {
  const v = Number(process.env.GROUP_DESK_DELAY_SECONDS ?? 60);
  return Number.isFinite(v) && v >= 0 ? v : 60;
};

/**
 * The simulated group desk: every group still awaiting a quote `delaySeconds` after its request is quoted (or
 * rejected when a journey has no flights). The suppliers are asked outside any transaction; the group is then locked
 * and moved only if nobody (the platform desk, the agency cancelling) moved it meanwhile. Safe to run twice.
 */
export async function runSimulatedGroupDesk(deps: SimDeps, now: Date, o: { delaySeconds?: number } = {}): Promise<number> {
  const cutoff = new Date(now.getTime() - (o.delaySeconds ?? groupDeskDelaySeconds()) * 1000);
  const due = await groupsAwaitingQuote(deps.db, cutoff);
  if (!due.length) return 0;
  const rateMap = (await currentRateMap(deps.db)) as RateMap;
  let moved = 0;
  for (const candidate of due) {
    try {
      // Priced in the agency's settlement currency: the wallet its instalments are paid from.
      const company = await findCompany(deps.db, candidate.companyId);
      const currency = company ? settlementCurrencyOf(company) : DEFAULT_CURRENCY;
      const answer = await simulateQuote(deps, candidate, currency, rateMap, now);
      moved += await deps.db.transaction(async (tx) => {
        const group = (await lockGroup(tx, candidate.id))!;
        if (group.status !== 'to_be_quote') return 0;
        if (answer.kind === 'quote') {
          await saveQuote(tx, group, answer.body, GROUP_SYSTEM, now, 'simulator');
        } else {
          const j = group.request.journeys[answer.journey];
          const params = { n: answer.journey + 1, route: `${j.origin}-${j.destination}`, date: j.date };
          await applyGroupTransition(tx, group, 'reject', GROUP_SYSTEM, { remark: `No suitable flight found for journey ${params.n} (${params.route} on ${params.date})`, data: { messageKey: 'group.desk.noFlights', params } });
        }
        return 1;
      });
    } catch (err) {
      deps.log?.warn({ err, groupOrderId: candidate.id }, 'simulated group desk could not quote');
    }
  }
  return moved;
}

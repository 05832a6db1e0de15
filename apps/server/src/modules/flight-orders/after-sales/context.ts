import type { FareChoice } from '@portal/contract/api/shopping';
import { Code } from '@portal/contract/codes';
import { isCurrency, type Currency, type RateMap } from '@portal/contract/currency';
import type { DbOrTx } from '../../../db/client.ts';
import { readsOn } from '../../../db/parallel.ts';
import { AppError } from '../../../plugins/errors.ts';
import { findCompany } from '../../company/company.repository.ts';
import { flightConfigOf } from '../../shopping/agency-filters.ts';
import { convert } from '../../shopping/engine/pricing.ts';
import { currentRateMap } from '../../site/rates.service.ts';
import { passengersOf, segmentsOf, type OrderRow, type PassengerRow, type SegmentRow } from '../order.repository.ts';
import { STATE_TABLES } from '../order.states.ts';
import { couponKey, liveClaims, type Coupon } from './requests.repository.ts';
import { voidDeadlineOf, type QuotePassenger } from './quotes.ts';
import { findOrder } from '../order.repository.ts';

/**
 * An order that after-sales may amend, with what is still open on it: an issued origin order, or a change order once
 * changed (its new tickets). Coupons (passenger x leg) already claimed by a refund, void or change are not open; a
 * claim by a request still running marks the order `pending`.
 */
export interface Amendable {
  order: OrderRow;
  fare: FareChoice;
  passengers: PassengerRow[];
  segments: SegmentRow[];
  /** The legs this order holds (original leg indexes), in order. */
  legs: number[];
  open: { passenger: PassengerRow; legs: number[] }[];
  pending: boolean;
  issued: boolean;
  voidDeadline: Date | null;
  firstDeparture: Date;
  lastDeparture: Date;
}

export const isAmendableStatus = (o: Pick<OrderRow, 'type' | 'status'>) => (o.type === 'origin' && o.status === 'issued') || (o.type === 'change' && o.status === 'changed');

export const legDeparture = (segments: SegmentRow[], leg: number) => segments.find((s) => s.leg === leg)?.departureUtc ?? null;

export async function loadAmendable(db: DbOrTx, order: OrderRow): Promise<Amendable> {
  const [passengers, segments] = await readsOn(db, [() => passengersOf(db, order.id), () => segmentsOf(db, order.id)]);
  const legs = [...new Set(segments.map((s) => s.leg))].sort((a, b) => a - b);
  const claims = await liveClaims(db, passengers.map((p) => p.id));
  const claimed = new Set(claims.map(couponKey));
  let pending = false;
  if (claims.length) {
    const requestIds = [...new Set(claims.map((c) => c.requestOrderId))];
    for (const id of requestIds) {
      const r = await findOrder(db, id);
      if (r && !STATE_TABLES[r.type].finals.has(r.status)) pending = true;
    }
  }
  const issued = isAmendableStatus(order);
  const open = passengers
    .map((passenger) => ({ passenger, legs: legs.filter((leg) => !claimed.has(couponKey({ passengerId: passenger.id, leg }))) }))
    .filter((o) => o.legs.length > 0);
  const firstDeparture = segments[0]?.departureUtc ?? order.departureAt;
  const lastDeparture = segments[segments.length - 1]?.departureUtc ?? order.departureAt;
  return {
    order,
    fare: order.fare as FareChoice,
    passengers,
    segments,
    legs,
    open: issued ? open : [],
    pending,
    issued,
    // A reissued (changed) ticket is never voided: that would have to bring back the ticket it replaced.
    voidDeadline: issued && order.type === 'origin' && order.issuedAt ? voidDeadlineOf(order.issuedAt, firstDeparture) : null,
    firstDeparture,
    lastDeparture,
  };
}

export const quotePassenger = (p: PassengerRow): QuotePassenger => ({ id: p.id, type: p.type as QuotePassenger['type'], name: `${p.surname}/${p.givenNames}`, ticketNumber: p.ticketNumber });

/**
 * The coupons a request names, checked against what is open: every passenger must be on the order, every leg held by
 * it and not flown (refund/change) and not claimed by another request. `legs` empty = every open, unflown leg.
 */
export function pickCoupons(a: Amendable, passengerIds: string[], legs: number[], now: Date, o: { allowFlown?: boolean } = {}): { passengers: PassengerRow[]; legs: number[]; coupons: Coupon[] } {
  const wanted = [...new Set(passengerIds)];
  const passengers = wanted.map((id) => a.passengers.find((p) => p.id === id));
  if (passengers.some((p) => !p)) throw new AppError(Code.VALIDATION, 'afterSales.passengers.invalid', {}, { passengerIds: 'afterSales.passengers.invalid' });
  const unflown = a.legs.filter((l) => o.allowFlown || (legDeparture(a.segments, l)?.getTime() ?? 0) > now.getTime());
  const chosen = legs.length ? [...new Set(legs)].sort((x, y) => x - y) : unflown;
  if (!chosen.length) throw new AppError(Code.ORDER_STATE, 'afterSales.legs.flown');
  for (const l of chosen) {
    if (!a.legs.includes(l)) throw new AppError(Code.VALIDATION, 'afterSales.legs.invalid', {}, { legs: 'afterSales.legs.invalid' });
    if (!unflown.includes(l)) throw new AppError(Code.ORDER_STATE, 'afterSales.legs.flown');
  }
  const coupons: Coupon[] = [];
  for (const p of passengers as PassengerRow[]) {
    const open = a.open.find((x) => x.passenger.id === p.id)?.legs ?? [];
    for (const l of chosen) {
      if (!open.includes(l)) throw new AppError(Code.ORDER_STATE, 'afterSales.couponTaken', { name: `${p.surname}/${p.givenNames}` });
      coupons.push({ passengerId: p.id, leg: l });
    }
  }
  return { passengers: passengers as PassengerRow[], legs: chosen, coupons };
}

export interface ServiceFees {
  change: number;
  refund: number;
  void: number;
}

/** The agency's after-sales service fees (flight config), per passenger, converted to the order currency. */
export async function serviceFeesFor(db: DbOrTx, companyId: string, currency: string): Promise<ServiceFees> {
  const company = await findCompany(db, companyId);
  const fees = flightConfigOf({ flightConfig: company?.flightConfig ?? null }).serviceFees;
  const from: Currency = fees.currency && isCurrency(fees.currency) ? fees.currency : 'CNY';
  const to = currency as Currency;
  const rates = (await currentRateMap(db)) as RateMap;
  const c = (n: number) => (n ? convert(n, from, to, rates, 'price') : 0);
  return { change: c(fees.change), refund: c(fees.refund), void: c(fees.void) };
}

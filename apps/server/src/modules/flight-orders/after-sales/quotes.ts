import type { AfterSalesPath, ChangeQuoteLine, RefundQuoteLine } from '@portal/contract/api/after-sales';
import type { CancellationPolicy, FareChoice, PassengerType, PriceEntry } from '@portal/contract/api/shopping';

/**
 * After-sales money, as pure functions of the fare as sold (its price list and cancellation policy, both already in the
 * order currency) so the quote the desk sees, the one the agent confirms and the side-by-side panel can never disagree.
 *
 * Rules (docs/decisions/0014-after-sales.md):
 * - What a coupon is worth is the passenger's price share of its legs: legs of one fare are worth the same share
 *   (rounded down, so what comes back can never exceed what was paid).
 * - Refund: the fare part (fare + the agency's markup) less the fare's refund fee, plus the taxes. A fare that allows no
 *   refund gives back its taxes only (airport tax and surcharges of an unflown coupon are the passenger's). The booking
 *   service fee is not refunded; the agency's refund service fee is taken. Involuntary: no refund fee.
 * - Void: the whole price paid comes back, less the agency's void service fee.
 * - Change: the fare's change fee, plus the fare and tax differences when the new fare costs more (a cheaper new fare's
 *   residual is forfeited, as the airlines do), plus the agency's change service fee. Involuntary: no change fee and no
 *   difference (the airline moves the passenger at its cost).
 * Before or after departure is decided by the first selected leg's departure.
 */

export interface QuotePassenger {
  id: string;
  type: PassengerType;
  name: string;
  ticketNumber: string | null;
}

export interface CouponValue {
  paid: number;
  fare: number;
  tax: number;
  bookingFee: number;
}

/** The price share of `legs` of `legCount` legs for one passenger of a type, rounded down per component. */
export function couponValue(fare: Pick<FareChoice, 'priceList'>, type: PassengerType, legs: number, legCount: number): CouponValue {
  const entry: PriceEntry | undefined = fare.priceList.find((p) => p.passengerType === type);
  if (!entry || legCount <= 0) return { paid: 0, fare: 0, tax: 0, bookingFee: 0 };
  const share = (n: number) => (legs >= legCount ? n : Math.floor((n * legs) / legCount));
  const b = entry.breakdown;
  const fareShare = share(b.fare + b.markup);
  const tax = share(b.tax);
  const bookingFee = share(b.serviceFee);
  return { paid: fareShare + tax + bookingFee, fare: fareShare, tax, bookingFee };
}

const policyOf = (fare: Pick<FareChoice, 'cancellationPolicy'>, type: PassengerType): CancellationPolicy | undefined =>
  fare.cancellationPolicy.find((p) => p.passengerType === type) ?? fare.cancellationPolicy.find((p) => p.passengerType === 'adult');

export interface RefundInput {
  fare: Pick<FareChoice, 'priceList' | 'cancellationPolicy'>;
  legCount: number;
  legs: number;
  passengers: QuotePassenger[];
  departed: boolean;
  involuntary: boolean;
  /** The agency's refund service fee per passenger, order currency. */
  serviceFee: number;
  /** Desk adjustments per passenger (refundFee null = not refundable; serviceFee), within the fare rules. */
  adjust?: Map<string, { refundFee: number | null; serviceFee: number }>;
}

export function refundLines(i: RefundInput): RefundQuoteLine[] {
  return i.passengers.map((p) => {
    const v = couponValue(i.fare, p.type, i.legs, i.legCount);
    const rule = policyOf(i.fare, p.type)?.refund[i.departed ? 'afterDeparture' : 'beforeDeparture'];
    let refundFee: number | null = i.involuntary ? 0 : rule?.allowed ? (rule.fee ?? 0) : null;
    let serviceFee = i.serviceFee;
    const a = i.adjust?.get(p.id);
    if (a) {
      refundFee = a.refundFee === null ? null : Math.min(a.refundFee, v.fare);
      serviceFee = a.serviceFee;
    }
    const back = refundFee === null ? v.tax : Math.max(0, v.fare - refundFee) + v.tax;
    return {
      passengerId: p.id,
      passengerType: p.type,
      name: p.name,
      ticketNumber: p.ticketNumber,
      paid: v.paid,
      tax: v.tax,
      refundFee,
      serviceFee,
      refundAmount: Math.max(0, back - serviceFee),
    };
  });
}

export interface VoidLine {
  passengerId: string;
  paid: number;
  serviceFee: number;
  back: number;
}

export function voidLines(fare: Pick<FareChoice, 'priceList'>, passengers: QuotePassenger[], serviceFee: number): VoidLine[] {
  return passengers.map((p) => {
    const paid = couponValue(fare, p.type, 1, 1).paid;
    return { passengerId: p.id, paid, serviceFee, back: Math.max(0, paid - serviceFee) };
  });
}

export const voidAllowed = (fare: Pick<FareChoice, 'cancellationPolicy'>, types: PassengerType[]) => types.every((t) => policyOf(fare, t)?.voidAllowed ?? false);

export const changeAllowed = (fare: Pick<FareChoice, 'cancellationPolicy'>, types: PassengerType[], departed: boolean) =>
  types.every((t) => policyOf(fare, t)?.change[departed ? 'afterDeparture' : 'beforeDeparture']?.allowed ?? false);

export interface ChangeInput {
  oldFare: Pick<FareChoice, 'priceList' | 'cancellationPolicy'>;
  oldLegCount: number;
  legs: number;
  /** The new fare for the changed legs only (priced for the agency for the same passengers). */
  newFare: Pick<FareChoice, 'priceList'>;
  passengers: QuotePassenger[];
  departed: boolean;
  involuntary: boolean;
  serviceFee: number;
}

/** Null when the fare allows no change for one of the passengers (the option cannot be offered). */
export function changeLines(i: ChangeInput): ChangeQuoteLine[] | null {
  const lines: ChangeQuoteLine[] = [];
  for (const p of i.passengers) {
    const rule = policyOf(i.oldFare, p.type)?.change[i.departed ? 'afterDeparture' : 'beforeDeparture'];
    if (!i.involuntary && !rule?.allowed) return null;
    const old = couponValue(i.oldFare, p.type, i.legs, i.oldLegCount);
    const now = couponValue(i.newFare, p.type, 1, 1);
    const changeFee = i.involuntary ? 0 : (rule?.fee ?? 0);
    // The agency's booking fee travels with the fare: a new ticket worth more than the old one in total must never be
    // sold for less, or a later refund of it would return more than was paid.
    const fareDifference = i.involuntary ? 0 : Math.max(0, now.fare + now.bookingFee - (old.fare + old.bookingFee));
    const taxDifference = i.involuntary ? 0 : Math.max(0, now.tax - old.tax);
    lines.push({
      passengerId: p.id,
      passengerType: p.type,
      name: p.name,
      changeFee,
      fareDifference,
      taxDifference,
      serviceFee: i.serviceFee,
      total: changeFee + fareDifference + taxDifference + i.serviceFee,
    });
  }
  return lines;
}

export const sum = <T>(xs: T[], f: (x: T) => number) => xs.reduce((n, x) => n + f(x), 0);

/**
 * The end of the ticketing day at the issuing office: the simulated offices (and most of the portal's consolidators)
 * are in Beijing, so 23:59:59 Asia/Shanghai (UTC+8, no daylight saving) of the day of issue; never past the first
 * departure (a flown or departed coupon cannot be voided).
 */
export function voidDeadlineOf(issuedAt: Date, firstDepartureUtc: Date): Date {
  const beijing = new Date(issuedAt.getTime() + 8 * 3_600_000);
  const endOfDay = Date.UTC(beijing.getUTCFullYear(), beijing.getUTCMonth(), beijing.getUTCDate(), 23, 59, 59) - 8 * 3_600_000;
  return new Date(Math.min(endOfDay, firstDepartureUtc.getTime()));
}

export interface PathsInput {
  fare: Pick<FareChoice, 'priceList' | 'cancellationPolicy'>;
  legCount: number;
  /** Open coupons: every passenger with the legs still open. */
  open: { passenger: QuotePassenger; legs: number[] }[];
  issued: boolean;
  /** Something is already in progress on these tickets (a request not finished). */
  pending: boolean;
  voidDeadline: Date | null;
  firstDeparture: Date;
  lastDeparture: Date;
  fees: { change: number; refund: number; void: number };
  involuntary: boolean;
  now: Date;
}

/**
 * Change, refund and void side by side for every open coupon: cost and money back now and at each step of the fare
 * rules (before departure, after departure), and until when each stays possible.
 */
export function afterSalesPaths(i: PathsInput): AfterSalesPath[] {
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  const departed = i.now >= i.firstDeparture;
  const blocked = (kind: AfterSalesPath['kind'], blocker: NonNullable<AfterSalesPath['blocker']>): AfterSalesPath => ({ kind, available: false, blocker, until: null, now: null, steps: [] });
  const nothing = i.open.length === 0;
  const common = !i.issued ? 'notIssued' : nothing ? 'nothingLeft' : null;

  const refundAt = (afterDeparture: boolean) => {
    let back = 0;
    let cost = 0;
    for (const o of i.open) {
      const [l] = refundLines({ fare: i.fare, legCount: i.legCount, legs: o.legs.length, passengers: [o.passenger], departed: afterDeparture, involuntary: i.involuntary, serviceFee: i.fees.refund });
      back += l.refundAmount;
      // What the agency loses on the way: fees, the unrefunded fare and the booking service fee.
      cost += l.paid - l.refundAmount;
    }
    return { cost, back };
  };
  const changeAt = (afterDeparture: boolean) => {
    let cost = 0;
    for (const o of i.open) {
      const rule = policyOf(i.fare, o.passenger.type)?.change[afterDeparture ? 'afterDeparture' : 'beforeDeparture'];
      if (!i.involuntary && !rule?.allowed) return null;
      cost += (i.involuntary ? 0 : (rule?.fee ?? 0)) + i.fees.change;
    }
    return { cost, back: 0 };
  };

  const refund: AfterSalesPath = ((): AfterSalesPath => {
    if (common) return blocked('refund', common);
    if (i.pending) return blocked('refund', 'pending');
    const before = refundAt(false);
    const after = refundAt(true);
    const steps = [
      ...(departed ? [] : [{ from: null, until: iso(i.firstDeparture), ...before }]),
      { from: departed ? null : iso(i.firstDeparture), until: null, ...after },
    ];
    return { kind: 'refund', available: true, blocker: null, until: null, now: steps[0], steps };
  })();

  const change: AfterSalesPath = ((): AfterSalesPath => {
    if (common) return blocked('change', common);
    if (i.pending) return blocked('change', 'pending');
    const before = departed ? null : changeAt(false);
    // After the first departure only a later flight is left to change: a one-flight ticket has no such step.
    const after = i.lastDeparture > i.firstDeparture ? changeAt(true) : null;
    const steps = [...(before ? [{ from: null, until: iso(i.firstDeparture), ...before }] : []), ...(after ? [{ from: departed ? null : iso(i.firstDeparture), until: iso(i.lastDeparture), ...after }] : [])];
    const nowStep = steps.length && (departed ? after : before) ? steps[0] : null;
    if (!nowStep) return { ...blocked('change', departed && i.now >= i.lastDeparture ? 'departed' : 'fareForbids'), steps };
    if (i.now >= i.lastDeparture) return blocked('change', 'departed');
    return { kind: 'change', available: true, blocker: null, until: iso(after ? i.lastDeparture : i.firstDeparture), now: nowStep, steps };
  })();

  const voidPath: AfterSalesPath = ((): AfterSalesPath => {
    if (common) return blocked('void', common);
    if (i.pending) return blocked('void', 'pending');
    const fullTickets = i.open.every((o) => o.legs.length === i.legCount);
    if (!voidAllowed(i.fare, i.open.map((o) => o.passenger.type)) || !fullTickets) return blocked('void', 'fareForbids');
    if (!i.voidDeadline || i.now >= i.voidDeadline) return blocked('void', 'deadlinePassed');
    const lines = voidLines(i.fare, i.open.map((o) => o.passenger), i.fees.void);
    const back = sum(lines, (l) => l.back);
    const step = { from: null, until: iso(i.voidDeadline), cost: sum(lines, (l) => l.paid) - back, back };
    return { kind: 'void', available: true, blocker: null, until: iso(i.voidDeadline), now: step, steps: [step] };
  })();

  return [change, refund, voidPath];
}

/** The path that leaves the agency best off now: most back net of cost (a change keeps the trip, so it wins ties). */
export function cheapestPath(paths: AfterSalesPath[]): AfterSalesPath['kind'] | null {
  const ready = paths.filter((p) => p.available && p.now);
  if (!ready.length) return null;
  const moneyBack = ready.filter((p) => p.kind !== 'change');
  const best = moneyBack.sort((a, b) => b.now!.back - b.now!.cost - (a.now!.back - a.now!.cost))[0];
  return best?.kind ?? ready[0].kind;
}

import type { AdjustmentArea, FlightConfig } from '@portal/contract/api/agency-config';
import { PASSENGER_TYPES, type CancellationPolicy, type FareChoice, type PassengerType, type PriceEntry } from '@portal/contract/api/shopping';
import { crossRate, minorDigits, priceByRate, rateToMicro, RATE_BASE, settlementByRate, type Currency, type RateMap } from '@portal/contract/currency';
import type { SupplierOffer } from '../../../suppliers/air/types.ts';

/**
 * The one pricing pipeline of flight shopping: supplier net -> settlement currency -> agency markup -> area adjustment
 * -> booking service fee -> sale price, per passenger type, in integer minor units of the agency's settlement currency.
 *
 * Rounding (spec point 9), decided here once:
 * - Supplier amounts (fare and each tax, and the cancellation-policy fees) are converted with `settlementByRate`: the
 *   spec's settlement conversion, rounded up, keeping 2 decimals under 10 units and whole units from 10 up. Each
 *   component is converted on its own and `price` is their sum, so the breakdown always adds up to the face price.
 *   Nothing is converted (nor rounded) when the supplier already quotes in the settlement currency.
 * - The booking service fee is an agency price configured in `serviceFees.currency`; it is converted with `priceByRate`
 *   (divide by the rate, round up to the minor unit), so a 30 CNY fee becomes 4.23 USD, not 5 USD.
 * - Percentages (basis points) of the net are rounded up to the minor unit (towards +infinity: a discount is never
 *   rounded bigger).
 * - The cross rate is exact: amount x rateMap[from] / rateMap[to] computed in integers. The contract's `crossRate`
 *   quantizes from-per-to to 6 decimals (1 / 7.1 = 0.140845), which makes 100.00 USD at 7.1 come out as 710.0015 and
 *   so 711 CNY after rounding up; we feed the same contract helpers an exact rate instead (see `convert`). Only amounts
 *   too large for that integer trick fall back to `crossRate`.
 */
export interface PricingContext {
  fareId: string;
  config: FlightConfig;
  area: AdjustmentArea;
  settlementCurrency: Currency;
  rateMap: RateMap;
  showSupplier: boolean;
  passengers: Record<PassengerType, number>;
}

export type PricingErrorCode = 'rate_missing' | 'price_missing';

/** Thrown for an offer that cannot be priced (no rate for its currency, a passenger type without a price): drop the offer. */
export class PricingError extends Error {
  constructor(
    readonly code: PricingErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'PricingError';
  }
}

type Rounding = 'settlement' | 'price';

/** Largest micro rate the contract's RATE_PATTERN accepts as a whole number (9 digits). */
const MAX_WHOLE_RATE = 999_999_999;

/** Parsed rates by their decimal string: a search prices thousands of amounts with the same few rates. */
const microByRate = new Map<string, number>();

function microOf(rateMap: RateMap, currency: Currency): number {
  if (currency === RATE_BASE) return 1_000_000;
  const rate = rateMap[currency];
  if (!rate) throw new PricingError('rate_missing', `no exchange rate for ${currency}`);
  let micro = microByRate.get(rate);
  if (micro === undefined) {
    micro = Number(rateToMicro(rate));
    if (microByRate.size >= 1_000) microByRate.clear();
    microByRate.set(rate, micro);
  }
  return micro;
}

/** ceil(n / d) for integers with d > 0; exact while n, d and n - n % d are safe integers (`%` is exact on doubles). */
function ceilDiv(n: number, d: number): number {
  const r = n % d;
  const q = (n - r) / d;
  return r > 0 ? q + 1 : q;
}

const POW10 = [1, 10, 100, 1_000];

/**
 * The contract helpers' arithmetic for a whole-number rate, in doubles instead of BigInt (the hot loop of pricing
 * converts thousands of amounts per search). With A = amount x micro(from) and a whole rate R = micro(to), both helpers
 * compute over exact = A x 10^digits(to) x 10^6 and d = 10^digits(from) x R x 10^6; the 10^6 cancels out of every
 * comparison and ceiling, so N = A x 10^digits(to) and D = 10^digits(from) x R give the same results. Returns NaN when
 * an intermediate value would not be a safe integer: the caller then uses the BigInt helpers.
 */
function convertWhole(scaled: number, from: Currency, to: Currency, microTo: number, rounding: Rounding): number {
  const digitsTo = minorDigits(to);
  const wholeUnits = POW10[digitsTo];
  const n = scaled * wholeUnits;
  const d = POW10[minorDigits(from)] * microTo;
  if (!Number.isSafeInteger(n) || !Number.isSafeInteger(d * wholeUnits * 10)) return NaN;
  if (rounding === 'price') return ceilDiv(n, d);
  const limit = 10 * wholeUnits * d;
  if (n < limit && n > -limit) {
    const step = POW10[digitsTo - Math.min(digitsTo, 2)];
    return ceilDiv(n, d * step) * step;
  }
  return ceilDiv(n, d * wholeUnits) * wholeUnits;
}

/**
 * Converts minor units of `from` into minor units of `to` with the contract's rounding helpers and an exact cross rate.
 * The helpers compute ceil(A x 10^digits(to) / (10^digits(from) x rate)) for a rate of `to` priced in `from`. Passing
 * A = amount x micro(rate[from]) and rate = micro(rate[to]) (a whole number) gives exactly
 * ceil(amount x rate[from] / rate[to] x 10^digits(to) / 10^digits(from)), the conversion through CNY without the
 * 6-decimal quantization of a quoted cross rate. `convertWhole` does that arithmetic without BigInt when it fits.
 */
export function convert(amount: number, from: Currency, to: Currency, rateMap: RateMap, rounding: Rounding): number {
  if (from === to || amount === 0) return amount;
  const fn = rounding === 'settlement' ? settlementByRate : priceByRate;
  const microFrom = microOf(rateMap, from);
  const microTo = microOf(rateMap, to);
  const scaled = amount * microFrom;
  if (Number.isSafeInteger(scaled) && microTo <= MAX_WHOLE_RATE) {
    const fast = convertWhole(scaled, from, to, microTo, rounding);
    return Number.isNaN(fast) ? fn(scaled, from, to, String(microTo)) : fast;
  }
  const rate = crossRate(rateMap, from, to);
  if (!rate) throw new PricingError('rate_missing', `no exchange rate ${from}/${to}`);
  return fn(amount, from, to, rate);
}

/** ceil(amount x basisPoints / 10 000) in exact integers. */
export function basisPointsOf(amount: number, basisPoints: number): number {
  const product = amount * basisPoints;
  if (Number.isSafeInteger(amount) && Number.isSafeInteger(basisPoints) && Number.isSafeInteger(product)) return ceilDiv(product, 10_000);
  const n = BigInt(amount) * BigInt(basisPoints);
  const q = n / 10_000n;
  return Number(n > 0n && n % 10_000n !== 0n ? q + 1n : q);
}

function amountOf(value: number, unit: 'fixed' | 'percent', net: number): number {
  return unit === 'percent' ? basisPointsOf(net, value) : value;
}

/** Markup plus area adjustment per passenger, never taking the price below the net (so never negative in total). */
export function markupFor(net: number, config: FlightConfig, area: AdjustmentArea): number {
  const markup = amountOf(config.markup.value, config.markup.unit, net);
  // One adjustment per area is what agency management stores; should several exist, the first one counts.
  const rule = config.priceAdjustments.find((a) => a.area === area);
  let adjustment = 0;
  if (rule) {
    adjustment = amountOf(rule.value, rule.unit, net);
    if (rule.limit > 0) adjustment = Math.max(-rule.limit, Math.min(rule.limit, adjustment));
  }
  return Math.max(0, markup + adjustment);
}

/**
 * Converted policies by the supplier's policy list: offers of one answer share a handful of lists, so each is converted
 * once per settlement currency and rate map (the same values every time; converted lists are treated as immutable).
 */
const convertedPolicies = new WeakMap<CancellationPolicy[], { to: Currency; rateMap: RateMap; converted: CancellationPolicy[] }>();

function convertPolicies(policies: CancellationPolicy[], to: Currency, rateMap: RateMap): CancellationPolicy[] {
  const hit = convertedPolicies.get(policies);
  if (hit && hit.to === to && hit.rateMap === rateMap) return hit.converted;
  const converted = convertPolicyList(policies, to, rateMap);
  convertedPolicies.set(policies, { to, rateMap, converted });
  return converted;
}

function convertPolicyList(policies: CancellationPolicy[], to: Currency, rateMap: RateMap): CancellationPolicy[] {
  const fee = (f: number | null, from: Currency) => (f === null ? null : convert(f, from, to, rateMap, 'settlement'));
  return policies.map((p) => {
    if (p.currency === to) return p;
    const rule = (r: { allowed: boolean; fee: number | null }) => ({ allowed: r.allowed, fee: fee(r.fee, p.currency) });
    return {
      ...p,
      currency: to,
      change: { beforeDeparture: rule(p.change.beforeDeparture), afterDeparture: rule(p.change.afterDeparture) },
      refund: { beforeDeparture: rule(p.refund.beforeDeparture), afterDeparture: rule(p.refund.afterDeparture) },
      noShow: rule(p.noShow),
    };
  });
}

/** Prices one supplier offer for one agency: every passenger type searched gets a priceList entry. */
export function priceOffer(offer: SupplierOffer, ctx: PricingContext): FareChoice {
  const to = ctx.settlementCurrency;
  const from = offer.currency;
  const fees = ctx.config.serviceFees;
  const serviceFee = convert(fees.booking, fees.currency ?? 'CNY', to, ctx.rateMap, 'price');
  const priceList: PriceEntry[] = [];
  let totalSalePrice = 0;
  for (const passengerType of PASSENGER_TYPES) {
    const count = ctx.passengers[passengerType] ?? 0;
    if (count <= 0) continue;
    const net = offer.prices.find((p) => p.passengerType === passengerType);
    if (!net) throw new PricingError('price_missing', `offer ${offer.offerId} has no ${passengerType} price`);
    const fare = convert(net.fare, from, to, ctx.rateMap, 'settlement');
    const airportTax = convert(net.airportTax, from, to, ctx.rateMap, 'settlement');
    const fuelSurcharge = convert(net.fuelSurcharge, from, to, ctx.rateMap, 'settlement');
    const otherTax = convert(net.otherTax, from, to, ctx.rateMap, 'settlement');
    const tax = airportTax + fuelSurcharge + otherTax;
    const price = fare + tax;
    const markup = markupFor(price, ctx.config, ctx.area);
    const salePrice = price + markup + serviceFee;
    totalSalePrice += salePrice * count;
    priceList.push({
      passengerType,
      count,
      price,
      salePrice,
      currency: to,
      breakdown: { fare, tax, airportTax, fuelSurcharge, markup, serviceFee },
    });
  }
  return {
    fareId: ctx.fareId,
    supplier: ctx.showSupplier ? offer.supplier : null,
    brand: offer.brand,
    cabin: offer.cabin,
    fareBasis: offer.fareBasis,
    productType: offer.productType,
    baggage: offer.baggage,
    cancellationPolicy: convertPolicies(offer.cancellationPolicy, to, ctx.rateMap),
    restrictions: offer.restrictions,
    priceList,
    totalSalePrice,
    currency: to,
    expiresAt: offer.expiresAt,
    virtualInterline: offer.virtualInterline,
  };
}

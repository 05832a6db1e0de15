import { crossRate, type Currency, type RateMap } from '@portal/contract/currency';
import { bankTopUp, percentToBp } from '@portal/contract/top-up';

/**
 * The amount a top-up credits, computed by the contract's bankTopUp exactly as the server does (POST /base/v2/agencies/{id}/balance refuses a mismatch of
 * more than one minor unit): receivedAmount x exchangeRate, less transactionFeePercent, rounded half up to the
 * settlement currency's minor unit. Everything runs on integers (the rate has 6 decimals, the fee 2) so no float
 * rounding can move a cent.
 */
export interface TopUpInput {
  /** Minor units of receivedCurrency. */
  receivedAmount: number;
  receivedCurrency: Currency;
  /** Settlement units per received unit, decimal string with up to 6 decimals. */
  exchangeRate: string;
  /** 0-100 with up to 2 decimals. */
  feePercent: number;
  settlementCurrency: Currency;
}

export interface TopUpCalculation {
  /** receivedAmount in the settlement currency before the fee, minor units. */
  converted: number;
  /** The fee taken, minor units of the settlement currency (converted - amount). */
  fee: number;
  /** What the agency is credited, minor units of the settlement currency. */
  amount: number;
}

/** Null when an input cannot be computed yet (empty, malformed rate, fee out of range or with over 2 decimals). */
export function computeTopUp(input: TopUpInput): TopUpCalculation | null {
  const { receivedAmount, receivedCurrency, exchangeRate, feePercent, settlementCurrency } = input;
  if (!Number.isSafeInteger(receivedAmount) || receivedAmount < 0) return null;
  if (!Number.isFinite(feePercent) || feePercent < 0 || feePercent > 100) return null;
  const feeBp = percentToBp(feePercent);
  if (feeBp === null) return null;
  try {
    const { converted, net } = bankTopUp({ receivedAmount, receivedCurrency, settlementCurrency, exchangeRate: exchangeRate.trim(), feeBp });
    return { converted, fee: converted - net, amount: net };
  } catch {
    // A malformed or zero rate.
    return null;
  }
}

/** The server's tolerance: an entered amount within one minor unit of the computed one is accepted. */
export function matchesComputed(amount: number, computed: number): boolean {
  return Math.abs(amount - computed) <= 1;
}

/**
 * The rate to suggest: settlement units per received unit, from the portal's CNY-based rate map
 * (rateMap[X] = CNY per X, so settlement-per-received = rateMap[received] / rateMap[settlement]). Null without rates.
 */
export function suggestedRate(rateMap: RateMap | undefined, received: Currency, settlement: Currency): string | null {
  if (received === settlement) return '1';
  if (!rateMap) return null;
  try {
    return crossRate(rateMap, settlement, received);
  } catch {
    return null;
  }
}

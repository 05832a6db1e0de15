import { minorDigits, rateToMicro, type Currency } from './currency.ts';

/**
 * Top-up arithmetic shared by the server (which records and checks) and the web (which shows the figures before
 * sending): one implementation, so the amount a dialog computes is the amount the server accepts. All BigInt, so no
 * float touches money; each result is rounded once, at the end.
 */

const RATE_SCALE = 1_000_000n;
const BP_SCALE = 10_000n;
const pow10 = (n: number) => 10n ** BigInt(n);

/** n / d rounded half up, for n >= 0 and d > 0. */
function divHalfUp(n: bigint, d: bigint): bigint {
  return (2n * n + d) / (2n * d);
}

/** Percent with at most 2 decimals as basis points, or null when it has more (12.345 is not a fee anyone agreed on). */
export function percentToBp(percent: number): number | null {
  const bp = Math.round(percent * 100);
  return Math.abs(bp - percent * 100) < 1e-6 ? bp : null;
}

export interface BankTopUpFigures {
  /** The received amount in the settlement currency before the fee, minor units. */
  converted: number;
  /** Credited to the agency, minor units of the settlement currency. */
  net: number;
  /** The transfer fee, minor units of the received currency. */
  fee: number;
}

/**
 * A bank-transfer top-up (spec point 3): the parent received `receivedAmount` (minor units of `receivedCurrency`),
 * converts it at `exchangeRate` (settlement units per received unit, decimal string) and keeps `feeBp` basis points.
 */
export function bankTopUp(input: {
  receivedAmount: number;
  receivedCurrency: Currency;
  settlementCurrency: Currency;
  exchangeRate: string;
  feeBp: number;
}): BankTopUpFigures {
  const { receivedAmount, receivedCurrency, settlementCurrency, exchangeRate, feeBp } = input;
  if (!Number.isSafeInteger(receivedAmount) || receivedAmount < 0) throw new RangeError('received amount must be a non-negative integer');
  if (!Number.isInteger(feeBp) || feeBp < 0 || feeBp > 10_000) throw new RangeError('fee must be 0-10000 basis points');
  const received = BigInt(receivedAmount);
  const n = received * pow10(minorDigits(settlementCurrency)) * rateToMicro(exchangeRate);
  const d = pow10(minorDigits(receivedCurrency)) * RATE_SCALE;
  return {
    converted: Number(divHalfUp(n, d)),
    net: Number(divHalfUp(n * (BP_SCALE - BigInt(feeBp)), d * BP_SCALE)),
    fee: Number(divHalfUp(received * BigInt(feeBp), BP_SCALE)),
  };
}

/** A payment channel's handling fee: ceil(amount x feeBp / 10000), so it never rounds in the agency's favour. */
export function channelFee(amount: number, feeBp: number): number {
  if (amount <= 0 || feeBp <= 0) return 0;
  return Number((BigInt(amount) * BigInt(feeBp) + BP_SCALE - 1n) / BP_SCALE);
}

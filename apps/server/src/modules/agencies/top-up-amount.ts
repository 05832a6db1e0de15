import { minorDigits, rateToMicro, type Currency } from '@portal/contract/currency';

/**
 * The arithmetic of a bank-transfer top-up (spec point 3): the parent received `receivedAmount` (minor units of
 * `receivedCurrency`), converts it at `exchangeRate` (settlement units per received unit, decimal string) and keeps
 * `feeBp` basis points as the transfer fee. Everything is BigInt so no float ever touches money; each result is rounded
 * half up to its currency's minor unit, once, at the end.
 */
export interface TopUpFigures {
  /** Credited to the agency, minor units of the settlement currency. */
  net: number;
  /** The fee, minor units of the received currency. */
  fee: number;
}

const pow10 = (n: number) => 10n ** BigInt(n);
const RATE_SCALE = 1_000_000n;
const BP_SCALE = 10_000n;

/** n / d rounded half up, for n >= 0 and d > 0. */
function divHalfUp(n: bigint, d: bigint): bigint {
  return (2n * n + d) / (2n * d);
}

/** Percent with at most 2 decimals as basis points, or null when it has more (12.345 is not a fee anyone agreed on). */
export function percentToBp(percent: number): number | null {
  const bp = Math.round(percent * 100);
  return Math.abs(bp - percent * 100) < 1e-6 ? bp : null;
}

export function topUpFigures(input: { receivedAmount: number; receivedCurrency: Currency; settlementCurrency: Currency; exchangeRate: string; feeBp: number }): TopUpFigures {
  const { receivedAmount, receivedCurrency, settlementCurrency, exchangeRate, feeBp } = input;
  if (!Number.isSafeInteger(receivedAmount) || receivedAmount < 0) throw new RangeError('received amount must be a non-negative integer');
  if (!Number.isInteger(feeBp) || feeBp < 0 || feeBp > 10_000) throw new RangeError('fee must be 0-10000 basis points');
  const received = BigInt(receivedAmount);
  const n = received * pow10(minorDigits(settlementCurrency)) * rateToMicro(exchangeRate) * (BP_SCALE - BigInt(feeBp));
  const d = pow10(minorDigits(receivedCurrency)) * RATE_SCALE * BP_SCALE;
  return { net: Number(divHalfUp(n, d)), fee: Number(divHalfUp(received * BigInt(feeBp), BP_SCALE)) };
}

import { z } from 'zod';

/**
 * The bounds of every amount of money the portal accepts and every balance its ledger can reach, in integer minor units
 * (issue 9). Amounts travel as JSON numbers and are held as JavaScript numbers, which are exact only up to
 * 2^53 - 1 (about 9.007 x 10^15): past that a balance silently loses cents and the answer schemas (integers) refuse to
 * serialize it. The bounds keep every figure the ledger stores or derives far below that line:
 *
 * - MAX_AMOUNT_MINOR, 10^12, one movement (a top-up, payment, refund, hold, online payment, fee, fixed adjustment): ten
 *   billion CNY / USD / EUR, 10^12 JPY. No single B2B travel payment comes near; what is larger is a typing error.
 * - MAX_BALANCE_MINOR, 10^14, what an agency may have with us (cash plus money held for bookings in progress), and
 *   MAX_CREDIT_LIMIT_MINOR, 10^14, its credit line (so cash never goes below -10^14). 100 times the largest movement.
 *
 * Everything derived stays exact: available = cash + credit <= 2 x 10^14; held <= cash + credit <= 2 x 10^14; a
 * balance plus one more movement, or a sum over the few accounts of an agency, is still under 10^15, nine times below
 * 2^53. So PostgreSQL's bigint read with Number() is exact and sums and differences need no BigInt (products such as
 * an amount times basis points can pass 2^53 and are computed in BigInt, as top-up.ts does).
 */
export const MAX_AMOUNT_MINOR = 1_000_000_000_000;
export const MAX_BALANCE_MINOR = 100_000_000_000_000;
export const MAX_CREDIT_LIMIT_MINOR = 100_000_000_000_000;
/** A percentage adjustment or markup, in basis points: at most +/-100 % of the net price (what the web form allows). */
export const MAX_ADJUSTMENT_BP = 10_000;

/** A positive amount of money of one movement, minor units: the schema of every amount a client sends. */
export const positiveAmount = (max: number = MAX_AMOUNT_MINOR) =>
  z.number().int('validation.invalid').positive('validation.amount.positive').max(max, 'validation.amount.max');

/**
 * After-sales timings, read on each use so tests and demos can shorten them:
 * - AFTER_SALES_DESK_DELAY_SECONDS: how long the simulated airline desk takes to answer a change or refund request
 *   when no person at the platform's desk does first (default 30 s, so the demo flows).
 * - AFTER_SALES_QUOTE_MINUTES: how long a refund quote (or a change's payment) stays open (default 24 h, as the
 *   consolidators give; the agent sees a countdown).
 */
export const deskDelayMs = () => Number(process.env.AFTER_SALES_DESK_DELAY_SECONDS ?? 30) * 1000;
export const quoteMs = () => Number(process.env.AFTER_SALES_QUOTE_MINUTES ?? 24 * 60) * 60_000;

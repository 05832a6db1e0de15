import type { JobDefinition } from '../../jobs/types.ts';
import { checkInvariants, expireHolds } from './ledger.service.ts';

/** Holds nobody captured or released in time go back to the agency's cash, within a minute of their deadline. */
export const expireHoldsJob: JobDefinition = {
  name: 'ledger-expire-holds',
  cron: '* * * * *',
  run: (deps, now) => expireHolds(deps.db, now),
};

/**
 * Stored running balances are allowed only while a check proves them equal to the journal: this job re-proves the
 * whole book every hour and fails loudly (an error in the log, the job marked failed) if any rule is broken.
 */
export const checkBooksJob: JobDefinition = {
  name: 'ledger-check-invariants',
  cron: '17 * * * *',
  run: async (deps) => {
    const violations = await checkInvariants(deps.db);
    if (violations.length) throw new Error(`ledger invariants broken: ${JSON.stringify(violations.slice(0, 20))}`);
    return { violations: 0 };
  },
};

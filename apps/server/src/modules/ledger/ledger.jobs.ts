import type { JobDefinition } from '../../jobs/types.ts';
import { expireHolds } from './ledger.service.ts';

/** Holds nobody captured or released in time go back to the agency's cash, within a minute of their deadline. */
export const expireHoldsJob: JobDefinition = {
  name: 'ledger-expire-holds',
  cron: '* * * * *',
  run: (deps, now) => expireHolds(deps.db, now),
};

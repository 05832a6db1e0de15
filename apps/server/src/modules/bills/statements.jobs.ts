import type { JobDefinition } from '../../jobs/types.ts';
import { generateDueStatements } from './statements.service.ts';

/**
 * Final monthly statements, ten minutes into the first day of each month (UTC). Each run also writes any month a
 * previous run missed (the server was down), from the start of each account's history.
 */
export const statementsMonthlyJob: JobDefinition = {
  name: 'statements-monthly',
  cron: '10 0 1 * *',
  run: (deps, now) => generateDueStatements(deps.db, now),
};

import { statementsMonthlyJob } from '../modules/bills/statements.jobs.ts';
import { checkBooksJob, expireHoldsJob } from '../modules/ledger/ledger.jobs.ts';
import { outboxSendJob } from '../modules/notifications/outbox.jobs.ts';
import { paymentCallbacksJob, paymentExpiryJob } from '../modules/payments/payments.jobs.ts';
import type { JobDefinition } from './types.ts';

/** Every scheduled job of the server; jobs/runner.ts schedules each on pg-boss. */
export const jobs: readonly JobDefinition[] = [expireHoldsJob, checkBooksJob, statementsMonthlyJob, paymentCallbacksJob, paymentExpiryJob, outboxSendJob];

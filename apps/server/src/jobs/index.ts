import { statementsMonthlyJob } from '../modules/bills/statements.jobs.ts';
import { checkBooksJob, expireHoldsJob } from '../modules/ledger/ledger.jobs.ts';
import { outboxSendJob } from '../modules/notifications/outbox.jobs.ts';
import { paymentCallbacksJob, paymentExpiryJob } from '../modules/payments/payments.jobs.ts';
import { orderStepQueue, ordersSweepJob } from '../modules/flight-orders/orders.jobs.ts';
import { scheduleChangesJob } from '../modules/flight-orders/schedule-changes/notices.jobs.ts';
import { webhookDeliveriesJob } from '../modules/webhooks/webhooks.jobs.ts';
import { retentionJob } from '../modules/retention/retention.jobs.ts';
import { simulatedScheduleChangesJob } from '../suppliers/air/schedule-changes.ts';
import { groupDeskJob, groupDeskStepQueue, groupLapseJob, groupRemindersJob } from '../modules/group-orders/groups.jobs.ts';
import { trainOrdersSweepJob } from '../modules/train-orders/train.jobs.ts';
import type { JobDefinition, QueueDefinition } from './types.ts';

/** Every scheduled job of the server; jobs/runner.ts schedules each on pg-boss. */
export const jobs: readonly JobDefinition[] = [expireHoldsJob, checkBooksJob, statementsMonthlyJob, paymentCallbacksJob, paymentExpiryJob, outboxSendJob, ordersSweepJob, scheduleChangesJob, webhookDeliveriesJob, retentionJob, simulatedScheduleChangesJob, groupDeskJob, groupLapseJob, groupRemindersJob, trainOrdersSweepJob];

/** On-demand queues (work items sent by the app). */
export const queues: readonly QueueDefinition<any>[] = [orderStepQueue, groupDeskStepQueue];

import type { JobDefinition } from '../../jobs/types.ts';
import { deliverDue } from './webhooks.delivery.ts';

/**
 * Every minute: delivers the booking webhooks that are due (new ones a kick did not deliver, and retries whose backoff
 * has passed). Safe to run twice or late: deliveries are claimed with a lease, so two runs never send one at once.
 */
export const webhookDeliveriesJob: JobDefinition = {
  name: 'webhook-deliveries',
  cron: '* * * * *',
  run: (deps, now) => deliverDue(deps, now),
};

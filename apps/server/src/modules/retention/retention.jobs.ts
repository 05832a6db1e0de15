import type { Deps } from '../../deps.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { JobDefinition } from '../../jobs/types.ts';
import { readRetentionPolicy, type RetentionPolicy } from './retention.policy.ts';
import { purgeOutboxEmails, purgeRateLimits, purgeSearches, purgeSessions, purgeUnattachedDocumentImages, purgeWebhookDeliveries } from './retention.repository.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export interface RetentionRun {
  searches: number;
  sessions: number;
  rateLimits: number;
  webhookDeliveries: number;
  outboxEmails: number;
  documentImages: number;
}

type Purge = (db: DbOrTx, cutoff: Date, batch: number) => Promise<number>;

/**
 * Deletes what the policy no longer keeps, as of `now`. Each kind is purged on its own: one failing (a lock timeout, a
 * lost connection) does not keep the others from running; the run then fails as a whole so pg-boss retries it.
 */
export async function purgeExpired(db: DbOrTx, policy: RetentionPolicy, now: Date): Promise<RetentionRun> {
  const steps: [keyof RetentionRun, number, Purge][] = [
    ['searches', policy.searchHours * HOUR, purgeSearches],
    ['sessions', policy.sessionDays * DAY, purgeSessions],
    ['rateLimits', policy.rateLimitHours * HOUR, purgeRateLimits],
    ['webhookDeliveries', policy.webhookDays * DAY, purgeWebhookDeliveries],
    ['outboxEmails', policy.outboxDays * DAY, purgeOutboxEmails],
    ['documentImages', policy.documentImageHours * HOUR, purgeUnattachedDocumentImages],
  ];
  const run: RetentionRun = { searches: 0, sessions: 0, rateLimits: 0, webhookDeliveries: 0, outboxEmails: 0, documentImages: 0 };
  const errors: unknown[] = [];
  for (const [kind, keepMs, purge] of steps) {
    if (keepMs <= 0) continue;
    try {
      run[kind] = await purge(db, new Date(now.getTime() - keepMs), policy.batchSize);
    } catch (err) {
      errors.push(err);
    }
  }
  if (errors.length > 0) throw new AggregateError(errors, `retention: ${errors.length} purge(s) failed`);
  return run;
}

/** Every 15 minutes: keeps searches, ended sessions, spent counters and finished deliveries from growing without bound. */
export const retentionJob: JobDefinition = {
  name: 'retention-purge',
  cron: '*/15 * * * *',
  run: async (deps: Deps, now) => {
    const run = await purgeExpired(deps.db, readRetentionPolicy(), now);
    if (Object.values(run).some((n) => n > 0)) deps.log?.info({ job: 'retention-purge', deleted: run }, 'retention purge');
    return run;
  },
};

import { describe, expect, it } from 'vitest';
import { DEFAULT_RETENTION, readRetentionPolicy } from './retention.policy.ts';

describe('readRetentionPolicy', () => {
  it('has documented defaults', () => {
    expect(readRetentionPolicy({})).toEqual({ searchHours: 24, sessionDays: 30, rateLimitHours: 24, webhookDays: 90, outboxDays: 180, documentImageHours: 1, batchSize: 5000 });
    expect(readRetentionPolicy({})).toEqual(DEFAULT_RETENTION);
  });

  it('reads each period; 0 keeps forever; nonsense falls back to the default', () => {
    const p = readRetentionPolicy({
      RETENTION_SEARCH_HOURS: '48',
      RETENTION_SESSION_DAYS: '0',
      RETENTION_RATE_LIMIT_HOURS: 'soon',
      RETENTION_WEBHOOK_DAYS: '-3',
      RETENTION_OUTBOX_DAYS: '365',
      RETENTION_BATCH_SIZE: '1000',
    });
    expect(p).toEqual({ searchHours: 48, sessionDays: 0, rateLimitHours: 24, webhookDays: 90, outboxDays: 365, documentImageHours: 1, batchSize: 1000 });
  });

  it('never purges searches younger than an hour or counters younger than two (their windows may still run)', () => {
    const p = readRetentionPolicy({ RETENTION_SEARCH_HOURS: '0.01', RETENTION_RATE_LIMIT_HOURS: '0.5', RETENTION_BATCH_SIZE: '0' });
    expect(p.searchHours).toBe(1);
    expect(p.rateLimitHours).toBe(2);
    expect(p.batchSize).toBe(5000);
  });
});

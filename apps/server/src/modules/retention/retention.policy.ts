/**
 * How long each kind of disposable row is kept (docs/operations.md, "Retention"). Read from the environment at each
 * run, so an operator's change needs no code. A period of 0 keeps those rows forever.
 */
export interface RetentionPolicy {
  /** Flight searches and their supplier answers (RETENTION_SEARCH_HOURS, default 24, at least 1). */
  searchHours: number;
  /** Sessions this long after they were ended or expired (RETENTION_SESSION_DAYS, default 30). */
  sessionDays: number;
  /** Rate-limit counters whose window started this long ago (RETENTION_RATE_LIMIT_HOURS, default 24, at least 2). */
  rateLimitHours: number;
  /** Webhook deliveries delivered or given up (RETENTION_WEBHOOK_DAYS, default 90). */
  webhookDays: number;
  /** Outbox mails sent, kept or given up (RETENTION_OUTBOX_DAYS, default 180). */
  outboxDays: number;
  /**
   * Document images kept by a recognition (`attach=true`) that no frequent passenger took up this long after the upload
   * (RETENTION_DOCUMENT_IMAGE_HOURS, default 1, at least 1): an agent who closes the dialog leaves no passport behind.
   */
  documentImageHours: number;
  /** Rows per delete statement (RETENTION_BATCH_SIZE, default 5000): each statement's locks stay short. */
  batchSize: number;
}

export const DEFAULT_RETENTION: RetentionPolicy = { searchHours: 24, sessionDays: 30, rateLimitHours: 24, webhookDays: 90, outboxDays: 180, documentImageHours: 1, batchSize: 5000 };

function period(raw: string | undefined, fallback: number, min: number): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0) return fallback;
  if (n === 0) return 0;
  return Math.max(min, n);
}

export function readRetentionPolicy(env: NodeJS.ProcessEnv = process.env): RetentionPolicy {
  const d = DEFAULT_RETENTION;
  const batch = Number(env.RETENTION_BATCH_SIZE ?? d.batchSize);
  return {
    // A search must outlive its 10-minute shelf life and the booking that follows it by a wide margin.
    searchHours: period(env.RETENTION_SEARCH_HOURS, d.searchHours, 1),
    sessionDays: period(env.RETENTION_SESSION_DAYS, d.sessionDays, 0),
    // Longer than the longest window any counter uses (partnership applications, an hour; a login throttle key starts
    // from zero after an hour idle), so a counter is only ever removed once its window has passed.
    rateLimitHours: period(env.RETENTION_RATE_LIMIT_HOURS, d.rateLimitHours, 2),
    webhookDays: period(env.RETENTION_WEBHOOK_DAYS, d.webhookDays, 0),
    outboxDays: period(env.RETENTION_OUTBOX_DAYS, d.outboxDays, 0),
    // Never 0 (kept forever): an unattached image of somebody's passport is exactly what must not pile up.
    documentImageHours: period(env.RETENTION_DOCUMENT_IMAGE_HOURS, d.documentImageHours, 1) || d.documentImageHours,
    batchSize: Number.isInteger(batch) && batch > 0 ? Math.min(batch, 50_000) : d.batchSize,
  };
}

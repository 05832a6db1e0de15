import { z } from 'zod';
import { LANGUAGES } from '../languages.ts';
import { PageQuery, Paged } from './common.ts';

/**
 * The email outbox (GET /base/v2/outbox, platform SuperUser): every email the portal wrote, whether an SMTP server sent
 * it or not. Without SMTP_URL the mails stay here as 'kept' and the platform reads them in the portal.
 */

/** pending: waiting for the send job; sent: the SMTP server took it; failed: gave up after 5 attempts; kept: no SMTP. */
export const OUTBOX_STATUSES = ['pending', 'sent', 'failed', 'kept'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/** Kinds written today; other modules may add their own (the item's kind is any string). */
export const EMAIL_KINDS = ['top-up', 'credit-limit', 'notice', 'group-reminder', 'group-lapsed'] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

export const OutboxQuery = PageQuery.extend({
  status: z.enum(OUTBOX_STATUSES).optional(),
  kind: z.string().trim().max(40).optional(),
  /** Recipient, subject or the agency's code or name. */
  keyword: z.string().trim().max(100).optional(),
});
export type OutboxQuery = z.input<typeof OutboxQuery>;

export const OutboxEmail = z.object({
  id: z.string(),
  /** The agency the mail is about; null for mails about no agency. */
  companyId: z.string().nullable(),
  companyCode: z.string().nullable(),
  companyName: z.string().nullable(),
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  language: z.enum(LANGUAGES),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type OutboxEmail = z.infer<typeof OutboxEmail>;

/** Newest first. */
export const OutboxPage = Paged(OutboxEmail);

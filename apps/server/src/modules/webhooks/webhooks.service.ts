import { randomUUID } from 'node:crypto';
import type { PagedResult } from '@portal/contract/api/common';
import type { WebhookDelivery, WebhookDeliveryQuery, WebhookDeliveryStatus, WebhookSecretAnswer, WebhookSecretStatus } from '@portal/contract/api/webhooks';
import type { Language } from '@portal/contract/languages';
import { isMessageKey, translate } from '@portal/contract/messages';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { AuthContext } from '../auth/session.service.ts';
import { flightConfigOf } from '../shopping/agency-filters.ts';
import { recordUserLog, type RequestMeta } from '../user-logs/user-log.repository.ts';
import { companyFlightConfig, ensureSecret, findSecret, insertDelivery, listDeliveries, replaceSecret, type WebhookDeliveryRow } from './webhooks.repository.ts';
import { generateWebhookSecret } from './webhooks.signature.ts';

/**
 * Booking notification webhooks (docs/webhooks.md). A change enqueues its webhook inside its own transaction
 * (transactional outbox), so the webhook exists if and only if the change committed; the webhook-deliveries job (and
 * kickWebhooks right after a commit) deliver it later, signed, retried with backoff for up to 72 hours. Nothing here
 * ever waits for the agency's endpoint.
 */

export interface WebhookEvent {
  /** The agency whose bookingNotificationUrl receives the webhook. */
  companyId: string;
  /** The order it is about (joins the booking number into the delivery log); null for none. */
  orderId: string | null;
  /** e.g. 'order.status_changed'. */
  event: string;
  /** The event's own fields, sent as `data`. */
  data: Record<string, unknown>;
}

/** The body every delivery POSTs. */
export interface WebhookPayload {
  id: string;
  event: string;
  createdAt: string;
  data: Record<string, unknown>;
}

/**
 * Queues a webhook for the agency's bookingNotificationUrl inside the caller's transaction (reads and inserts only; no
 * network). No URL configured: nothing is queued and null is returned; else the delivery id. The agency's first
 * webhook also creates its signing secret, so every delivery is signed (the agency reads it by rotating).
 */
export async function enqueueWebhook(tx: DbOrTx, e: WebhookEvent): Promise<string | null> {
  const company = await companyFlightConfig(tx, e.companyId);
  return queueWebhookTo(tx, company ? flightConfigOf(company).bookingNotificationUrl : null, e);
}

/**
 * The same for a URL the caller read from the agency's config of another product (the train config's
 * notificationUrl): a blank or missing URL queues nothing.
 */
export async function queueWebhookTo(tx: DbOrTx, target: string | null | undefined, e: WebhookEvent): Promise<string | null> {
  const url = target?.trim();
  if (!url) return null;
  await ensureSecret(tx, e.companyId, generateWebhookSecret());
  const id = randomUUID();
  const now = new Date();
  const payload: WebhookPayload = { id, event: e.event, createdAt: now.toISOString(), data: e.data };
  await insertDelivery(tx, { id, companyId: e.companyId, orderId: e.orderId, event: e.event, url, payload, status: 'pending', nextAttemptAt: now, createdAt: now });
  return id;
}

const actorOf = (auth: AuthContext) => ({ id: auth.user.id, username: auth.user.username });

/** A new secret for the caller's agency, replacing the old one at once; this answer is the only time it is shown. */
export async function rotateWebhookSecret(db: Db, auth: AuthContext, meta: RequestMeta): Promise<WebhookSecretAnswer> {
  return db.transaction(async (tx) => {
    const row = await replaceSecret(tx, auth.company.id, generateWebhookSecret(), new Date());
    await recordUserLog(tx, { companyId: auth.company.id, actor: actorOf(auth), action: 'company_update', detail: { fields: ['webhookSecret'] }, meta });
    return { secret: row.secret, createdAt: row.createdAt.toISOString() };
  });
}

/** Whether the caller's agency has a secret (never the secret itself) and where its webhooks go. */
export async function getWebhookStatus(db: Db, auth: AuthContext): Promise<WebhookSecretStatus> {
  const [secret, company] = await Promise.all([findSecret(db, auth.company.id), companyFlightConfig(db, auth.company.id)]);
  const url = company ? flightConfigOf(company).bookingNotificationUrl?.trim() || null : null;
  return { configured: secret !== null, createdAt: secret?.createdAt.toISOString() ?? null, url };
}

/**
 * A stored last error is a message key of messages-webhooks.ts, optionally followed by a newline and a technical
 * detail (the network error, the start of the answer body); the reader gets it in their language.
 */
export function encodeError(key: string, detail?: string | null): string {
  const d = detail?.replace(/\s+/g, ' ').trim();
  return d ? `${key}\n${d.slice(0, 500)}` : key;
}

export function readError(stored: string | null, row: Pick<WebhookDeliveryRow, 'lastStatusCode'>, lang: Language, timeoutSeconds: number): string | null {
  if (!stored) return null;
  const i = stored.indexOf('\n');
  const key = i < 0 ? stored : stored.slice(0, i);
  const detail = i < 0 ? '' : stored.slice(i + 1);
  if (!isMessageKey(key)) return stored;
  const text = translate(key, lang, { status: row.lastStatusCode ?? '', seconds: timeoutSeconds });
  return detail ? `${text}: ${detail}` : text;
}

export function toWebhookDelivery(r: { delivery: WebhookDeliveryRow; bookingNumber: string | null }, lang: Language, timeoutSeconds: number): WebhookDelivery {
  const d = r.delivery;
  return {
    id: d.id,
    event: d.event,
    orderId: d.orderId,
    bookingNumber: r.bookingNumber,
    url: d.url,
    status: d.status as WebhookDeliveryStatus,
    attempts: d.attempts,
    lastStatusCode: d.lastStatusCode,
    lastError: readError(d.lastError, d, lang, timeoutSeconds),
    nextAttemptAt: d.status === 'pending' ? (d.nextAttemptAt?.toISOString() ?? null) : null,
    createdAt: d.createdAt.toISOString(),
    deliveredAt: d.deliveredAt?.toISOString() ?? null,
  };
}

/** The caller's agency's delivery log, newest first; another agency's deliveries are never in it. */
export async function listWebhookDeliveries(
  db: Db,
  auth: AuthContext,
  q: z.output<typeof WebhookDeliveryQuery>,
  lang: Language,
): Promise<PagedResult<WebhookDelivery>> {
  const { rows, total } = await listDeliveries(db, auth.company.id, q);
  return { items: rows.map((r) => toWebhookDelivery(r, lang, WEBHOOK_TIMEOUT_MS / 1000)), total, page: q.page, pageSize: q.pageSize };
}

/** Each attempt waits this long for the endpoint's answer. */
export const WEBHOOK_TIMEOUT_MS = 5_000;

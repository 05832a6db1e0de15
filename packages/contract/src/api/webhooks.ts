import { z } from 'zod';
import { PageQuery } from './common.ts';
import { WebhookDelivery, WebhookDeliveryAnswer, WebhookSecretAnswer, WebhookSecretStatus } from './flight-orders.ts';

/**
 * Booking notification webhooks (issue 8, docs/webhooks.md): every status change of an agency's order is POSTed, signed
 * with the agency's secret, to the flight config's bookingNotificationUrl, retried with backoff for up to 72 hours.
 * The answer schemas live in flight-orders.ts; this file adds the query and the types the web app uses.
 */

/** pending: waiting for its next attempt; delivered: the endpoint answered 2xx; failed: given up after 72 hours. */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const WebhookDeliveryQuery = PageQuery.extend({
  status: z.enum(WEBHOOK_DELIVERY_STATUSES).optional(),
});
export type WebhookDeliveryQuery = z.input<typeof WebhookDeliveryQuery>;

export { WebhookDelivery, WebhookDeliveryAnswer, WebhookSecretAnswer, WebhookSecretStatus };
export type WebhookSecretAnswer = z.infer<typeof WebhookSecretAnswer>;
export type WebhookSecretStatus = z.infer<typeof WebhookSecretStatus>;
export type WebhookDeliveryAnswer = z.infer<typeof WebhookDeliveryAnswer>;

/** The request headers of every delivery (docs/webhooks.md). */
export const WEBHOOK_HEADERS = {
  event: 'X-Portal-Event',
  delivery: 'X-Portal-Delivery',
  timestamp: 'X-Portal-Timestamp',
  signature: 'X-Portal-Signature',
} as const;

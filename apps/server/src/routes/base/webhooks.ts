import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Envelope } from '@portal/contract/api/common';
import { WebhookDeliveryAnswer, WebhookDeliveryQuery, WebhookSecretAnswer, WebhookSecretStatus } from '@portal/contract/api/webhooks';
import { getWebhookStatus, listWebhookDeliveries, rotateWebhookSecret } from '../../modules/webhooks/webhooks.service.ts';
import { authOf, metaOf } from '../../plugins/auth.ts';
import { ok } from '../../plugins/errors.ts';

/** Booking notification webhooks of the caller's own agency (docs/webhooks.md). */
export default async function webhookRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const tags = ['webhooks'];
  const security = [{ bearer: [] }];
  const superUser = app.requireRole('SuperUser');

  r.get(
    '/base/v2/webhooks',
    {
      preHandler: superUser,
      schema: { tags, security, summary: 'Where booking webhooks go and whether a signing secret exists (never the secret)', response: { 200: Envelope(WebhookSecretStatus) } },
    },
    async (req) => ok(req, await getWebhookStatus(db, authOf(req))),
  );

  r.post(
    '/base/v2/webhooks/secret',
    {
      preHandler: superUser,
      schema: {
        tags,
        security,
        summary: 'Generate a new signing secret, replacing the old one at once; this answer is the only time it is shown',
        response: { 200: Envelope(WebhookSecretAnswer) },
      },
    },
    async (req) => ok(req, await rotateWebhookSecret(db, authOf(req), metaOf(req))),
  );

  r.get(
    '/base/v2/webhooks/deliveries',
    {
      // operator: SuperUser passes too (roles.hasRole).
      preHandler: app.requireRole('operator'),
      schema: { tags, security, summary: 'The delivery log of booking webhooks, newest first', querystring: WebhookDeliveryQuery, response: { 200: Envelope(WebhookDeliveryAnswer) } },
    },
    async (req) => ok(req, await listWebhookDeliveries(db, authOf(req), req.query, req.lang)),
  );
}

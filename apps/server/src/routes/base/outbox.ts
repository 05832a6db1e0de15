import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Envelope } from '@portal/contract/api/common';
import { OutboxPage, OutboxQuery } from '@portal/contract/api/outbox';
import { listPlatformOutbox } from '../../modules/notifications/outbox.service.ts';
import { authOf } from '../../plugins/auth.ts';
import { ok } from '../../plugins/errors.ts';

export default async function outboxRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  r.get(
    '/base/v2/outbox',
    {
      preHandler: app.requirePlatformAdmin,
      schema: {
        tags: ['outbox'],
        security: [{ bearer: [] }],
        summary: 'Emails written about the platform and its agencies, newest first (kept here when no SMTP server is set)',
        querystring: OutboxQuery,
        response: { 200: Envelope(OutboxPage) },
      },
    },
    async (req) => ok(req, await listPlatformOutbox(db, authOf(req), req.query)),
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Envelope, Paged } from '@portal/contract/api/common';
import { UserLogItem, UserLogQuery } from '@portal/contract/api/user-logs';
import { listUserLogs } from '../../modules/user-logs/user-log.repository.ts';
import { authOf } from '../../plugins/auth.ts';
import { ok } from '../../plugins/errors.ts';

export default async function userLogRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  r.get(
    '/base/v2/user-logs',
    {
      preHandler: app.requireRole('SuperUser'),
      schema: { tags: ['users'], security: [{ bearer: [] }], summary: "The caller's company's user log, newest first", querystring: UserLogQuery, response: { 200: Envelope(Paged(UserLogItem)) } },
    },
    async (req) => ok(req, await listUserLogs(db, authOf(req).company.id, req.query)),
  );
}

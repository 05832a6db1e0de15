import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApplicationBody, ApplicationItem, ApplicationListQuery } from '@portal/contract/api/applications';
import { Envelope, Paged } from '@portal/contract/api/common';
import { listOwnApplications, submitApplication } from '../../modules/applications/applications.service.ts';
import { authOf, metaOf } from '../../plugins/auth.ts';
import { ok } from '../../plugins/errors.ts';

export default async function applicationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const tags = ['applications'];

  r.post(
    '/base/v2/applications',
    { schema: { tags, summary: 'Submit the partnership form (at most 5 per hour per address)', body: ApplicationBody, response: { 200: Envelope(z.object({ id: z.string() })) } } },
    async (req) => ok(req, await submitApplication(db, { hostname: req.hostname, lang: req.lang, meta: metaOf(req) }, req.body)),
  );

  r.get(
    '/base/v2/applications',
    {
      preHandler: app.requirePlatformAdmin,
      schema: { tags, security: [{ bearer: [] }], summary: "Partnership applications filed with the caller's platform, newest first", querystring: ApplicationListQuery, response: { 200: Envelope(Paged(ApplicationItem)) } },
    },
    async (req) => ok(req, await listOwnApplications(db, authOf(req), req.query)),
  );
}

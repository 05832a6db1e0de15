import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LoginBody, SessionAnswer, SingleLoginBody } from '@portal/contract/api/auth';
import { Envelope } from '@portal/contract/api/common';
import { login } from '../../modules/auth/login.service.ts';
import { singleLogin } from '../../modules/auth/single-login.service.ts';
import { ok } from '../../plugins/errors.ts';
import { metaOf } from '../../plugins/auth.ts';

export default async function sessionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, sessionPolicy } = app.deps;

  r.post(
    '/base/v2/login',
    { schema: { tags: ['session'], summary: 'Log in with username and password', body: LoginBody, response: { 200: Envelope(SessionAnswer) } } },
    async (req) => ok(req, await login(db, sessionPolicy, req.body, metaOf(req))),
  );

  r.post(
    '/base/v2/single-login',
    {
      schema: {
        tags: ['session'],
        summary: 'Log in through a signed single-login link (embedded mode)',
        description: 'signature = hex(HMAC-SHA256(companySecret, code + "\\n" + timestamp + "\\n" + userid)); see docs/single-login.md',
        body: SingleLoginBody,
        response: { 200: Envelope(SessionAnswer) },
      },
    },
    async (req) => ok(req, await singleLogin(db, sessionPolicy, req.body, metaOf(req))),
  );

  r.get('/healthz', { schema: { hide: true } }, async (_req, reply) => {
    await db.execute('select 1' as never);
    return reply.send({ status: 'ok' });
  });
  void z;
}

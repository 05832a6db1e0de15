import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LoginBody, SessionAnswer, SingleLoginBody } from '@portal/contract/api/auth';
import { Envelope } from '@portal/contract/api/common';
import { login } from '../../modules/auth/login.service.ts';
import { singleLogin } from '../../modules/auth/single-login.service.ts';
import { sql } from 'drizzle-orm';
import { Code, httpStatusOf } from '@portal/contract/codes';
import { translate } from '@portal/contract/messages';
import type { Db } from '../../db/client.ts';
import { DB_OUTAGE_RETRY_SECONDS, ok, retryAfterHeader } from '../../plugins/errors.ts';
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

  // Readiness: can this process serve requests, i.e. does the database answer? A load balancer takes the process out
  // of rotation on 503 and back once the database returns; it must not restart the process for it (that is /livez).
  r.get('/healthz', { schema: { hide: true } }, async (req, reply) => {
    if (await databaseAnswers(db, healthTimeoutMs())) return reply.header('cache-control', 'no-store').send({ status: 'ok' });
    return reply
      .status(httpStatusOf[Code.SERVICE_UNAVAILABLE])
      .header('retry-after', retryAfterHeader(DB_OUTAGE_RETRY_SECONDS))
      .header('cache-control', 'no-store')
      .send({ code: Code.SERVICE_UNAVAILABLE, data: { status: 'not_ready' }, message: translate('error.health.notReady', req.lang) });
  });

  // Liveness: the process and its event loop run. Never touches the database, so an outage does not get a healthy
  // process restarted (the pool reconnects by itself).
  r.get('/livez', { schema: { hide: true } }, async (_req, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));
  void z;
}

/** Readiness probes run often and must answer fast: a database that does not answer within this is not ready. */
const healthTimeoutMs = () => Number(process.env.HEALTH_TIMEOUT_MS ?? 2_000);

async function databaseAnswers(db: Db, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  // A probe abandoned at the deadline still settles later; its failure must not become an unhandled rejection.
  const probe = db.execute(sql`select 1`).then(
    () => true,
    () => false,
  );
  const deadline = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([probe, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

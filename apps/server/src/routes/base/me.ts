import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ChangePasswordBody, ConfigKeyParams, MeAnswer, UpdateMeBody, UserConfig, UserInfo } from '@portal/contract/api/auth';
import { Empty, Envelope } from '@portal/contract/api/common';
import { changePassword, logout, updateConfig, updateMe } from '../../modules/auth/account.service.ts';
import { buildMe } from '../../modules/auth/me.service.ts';
import { authOf, metaOf } from '../../plugins/auth.ts';
import { ok } from '../../plugins/errors.ts';
import { z } from 'zod';

export default async function meRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const tags = ['me'];
  const security = [{ bearer: [] }];

  r.get('/base/v2/me', { preHandler: app.requireUser, schema: { tags, security, summary: 'The signed-in user, their company, permissions and settings', response: { 200: Envelope(MeAnswer) } } }, async (req) => {
    const a = authOf(req);
    return ok(req, await buildMe(db, a.user, a.company, a.embedded, app.deps.caches));
  });

  r.put(
    '/base/v2/me',
    { preHandler: app.requireUser, schema: { tags, security, summary: "Edit the signed-in user's own profile", body: UpdateMeBody, response: { 200: Envelope(UserInfo) } } },
    async (req) => ok(req, await updateMe(db, authOf(req), req.body, metaOf(req))),
  );

  r.delete(
    '/base/v2/me',
    { preHandler: app.requireUser, schema: { tags, security, summary: 'Log out: revokes this token', response: { 200: Envelope(Empty) } } },
    async (req) => {
      await logout(db, authOf(req), metaOf(req));
      return ok(req, null);
    },
  );

  r.put(
    '/base/v2/me/password',
    {
      preHandler: app.requireUser,
      schema: { tags, security, summary: "Change the caller's password; ends the user's other sessions", body: ChangePasswordBody, response: { 200: Envelope(Empty) } },
    },
    async (req) => {
      await changePassword(db, authOf(req), req.body, metaOf(req));
      return ok(req, null);
    },
  );

  r.put(
    '/base/v2/me/config/:key',
    {
      preHandler: app.requireUser,
      schema: { tags, security, summary: 'Save one favourite setting', params: ConfigKeyParams, body: z.object({ value: z.unknown() }), response: { 200: Envelope(UserConfig) } },
    },
    async (req) => ok(req, await updateConfig(db, authOf(req), req.params.key, req.body, metaOf(req))),
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Empty, Envelope, IdParams, Paged } from '@portal/contract/api/common';
import {
  CreateUserBody,
  ResetPasswordBody,
  UpdateUserBody,
  UserItem,
  UserListQuery,
  UserRolesBody,
  UserStatusBody,
} from '@portal/contract/api/users';
import {
  createUser,
  getCompanyUser,
  listCompanyUsers,
  resetUserPassword,
  setUserRoles,
  setUserStatus,
  updateUser,
} from '../../modules/users/user.service.ts';
import { authOf, metaOf } from '../../plugins/auth.ts';
import { ok } from '../../plugins/errors.ts';

export default async function userRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const tags = ['users'];
  const security = [{ bearer: [] }];
  const superUser = app.requireRole('SuperUser');

  r.get(
    '/base/v2/users',
    { preHandler: app.requireUser, schema: { tags, security, summary: "Users of the caller's company", querystring: UserListQuery, response: { 200: Envelope(Paged(UserItem)) } } },
    async (req) => ok(req, await listCompanyUsers(db, authOf(req), req.query)),
  );

  r.post(
    '/base/v2/users',
    { preHandler: superUser, schema: { tags, security, summary: "Create a user in the caller's company", body: CreateUserBody, response: { 200: Envelope(UserItem) } } },
    async (req) => ok(req, await createUser(db, authOf(req), req.body, metaOf(req))),
  );

  r.get(
    '/base/v2/users/:id',
    { preHandler: app.requireUser, schema: { tags, security, summary: "One user of the caller's company", params: IdParams, response: { 200: Envelope(UserItem) } } },
    async (req) => ok(req, await getCompanyUser(db, authOf(req), req.params.id)),
  );

  r.put(
    '/base/v2/users/:id',
    { preHandler: superUser, schema: { tags, security, summary: 'Edit a user (email is not editable)', params: IdParams, body: UpdateUserBody, response: { 200: Envelope(UserItem) } } },
    async (req) => ok(req, await updateUser(db, authOf(req), req.params.id, req.body, metaOf(req))),
  );

  r.put(
    '/base/v2/users/:id/status',
    {
      preHandler: superUser,
      schema: { tags, security, summary: "Set a user's status; disabling ends their sessions", params: IdParams, body: UserStatusBody, response: { 200: Envelope(UserItem) } },
    },
    async (req) => ok(req, await setUserStatus(db, authOf(req), req.params.id, req.body.status, metaOf(req))),
  );

  r.put(
    '/base/v2/users/:id/roles',
    { preHandler: superUser, schema: { tags, security, summary: "Set a user's roles", params: IdParams, body: UserRolesBody, response: { 200: Envelope(UserItem) } } },
    async (req) => ok(req, await setUserRoles(db, authOf(req), req.params.id, req.body.roles, metaOf(req))),
  );

  r.put(
    '/base/v2/users/:id/password',
    {
      preHandler: superUser,
      schema: { tags, security, summary: "Administrator reset of another user's password; ends their sessions", params: IdParams, body: ResetPasswordBody, response: { 200: Envelope(Empty) } },
    },
    async (req) => {
      await resetUserPassword(db, authOf(req), req.params.id, req.body.password, metaOf(req));
      return ok(req, null);
    },
  );
}

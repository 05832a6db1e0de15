import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasPermission, hasRole, type Permission, type Role } from '@portal/contract/roles';
import { createHostMatcher } from '../modules/api-keys/allowed-hosts.ts';
import { authenticateApiKey, isApiKeyToken, readApiKeyPolicy } from '../modules/api-keys/api-key.service.ts';
import { resolveSession, type AuthContext } from '../modules/auth/session.service.ts';
import type { RequestMeta } from '../modules/user-logs/user-log.repository.ts';
import { forbidden } from './errors.ts';
import type { Deps } from '../deps.ts';

// The reply is optional so a hook can also be called from inside another one; it only carries Retry-After.
type Hook = (req: FastifyRequest, reply?: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
    /** preHandlers: each resolves the bearer session first, then checks its rule. */
    requireUser: Hook;
    requireRole: (role: Role) => Hook;
    requirePermission: (permission: Permission) => Hook;
    /** The platform itself: a SuperUser of a top-level (proxyLevel 0) agency. */
    requirePlatformAdmin: Hook;
    /** Agency management (spec 2/6): finance or SuperUser of a proxyLevel-0 company with canCreateSubAgency. */
    requireAgencyManager: Hook;
    /** Wallet and invoicing (spec 2/6): finance or SuperUser of a company at proxyLevel 0 or with isShowBill. */
    requireFinance: Hook;
  }
}

export function bearerToken(req: FastifyRequest): string | undefined {
  const h = req.headers.authorization;
  if (!h) return undefined;
  const m = /^Bearer\s+(\S+)$/i.exec(h);
  return m?.[1];
}

export function metaOf(req: FastifyRequest): RequestMeta {
  return { ip: req.ip ?? null, userAgent: (req.headers['user-agent'] as string | undefined) ?? null };
}

/** The caller's session; only valid inside a handler guarded by one of the hooks below. */
export function authOf(req: FastifyRequest): AuthContext {
  if (!req.auth) throw new Error('route is missing an auth preHandler');
  return req.auth;
}

export function registerAuth(app: FastifyInstance) {
  // Read once per app: the API-key rate and the allowed-hosts DNS cache live as long as the app does.
  const apiKeys = { policy: readApiKeyPolicy(), hosts: createHostMatcher() };
  const requireUser: Hook = async (req) => {
    const token = bearerToken(req);
    if (!isApiKeyToken(token)) {
      req.auth = await resolveSession(app.deps.db, app.deps.sessionPolicy, token, app.deps.caches);
      return;
    }
    // A rate-limited key is a RetryLaterError: the error handler adds its Retry-After.
    req.auth = await authenticateApiKey(app.deps.db, token, req.ip, apiKeys);
  };
  app.decorate('requireUser', requireUser);
  app.decorate('requireRole', (role: Role) => async (req: FastifyRequest, reply?: FastifyReply) => {
    await requireUser(req, reply);
    if (!hasRole(req.auth!.user.roles, role)) throw forbidden();
  });
  app.decorate('requirePermission', (permission: Permission) => async (req: FastifyRequest, reply?: FastifyReply) => {
    await requireUser(req, reply);
    if (!hasPermission(req.auth!.user.permissions, permission)) throw forbidden();
  });
  app.decorate('requirePlatformAdmin', async (req: FastifyRequest, reply?: FastifyReply) => {
    await requireUser(req, reply);
    const { user, company } = req.auth!;
    if (company.proxyLevel !== 0 || !hasRole(user.roles, 'SuperUser')) throw forbidden();
  });
  app.decorate('requireAgencyManager', async (req: FastifyRequest, reply?: FastifyReply) => {
    await requireUser(req, reply);
    if (!isAgencyManager(req.auth!)) throw forbidden();
  });
  app.decorate('requireFinance', async (req: FastifyRequest, reply?: FastifyReply) => {
    await requireUser(req, reply);
    if (!isFinance(req.auth!)) throw forbidden();
  });
}

export function isAgencyManager({ user, company }: Pick<AuthContext, 'user' | 'company'>): boolean {
  return hasRole(user.roles, 'finance') && company.proxyLevel === 0 && company.commonConfig.canCreateSubAgency;
}

export function isFinance({ user, company }: Pick<AuthContext, 'user' | 'company'>): boolean {
  return hasRole(user.roles, 'finance') && (company.proxyLevel === 0 || company.commonConfig.isShowBill);
}

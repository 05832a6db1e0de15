import { eq, sql } from 'drizzle-orm';
import { ConfigBodies, type ChangePasswordBody, type ConfigKey, type UpdateMeBody, type UserConfig, type UserInfo } from '@portal/contract/api/auth';
import { Code } from '@portal/contract/codes';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../plugins/errors.ts';
import { recordUserLog, type RequestMeta } from '../user-logs/user-log.repository.ts';
import { isApiKeyCaller } from '../api-keys/api-key.service.ts';
import { toUserInfo } from '../users/user.mapper.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { assertPasswordAllowed } from './password-policy.ts';
import { revokeSession, revokeUserSessions, type AuthContext } from './session.service.ts';

const actorOf = (auth: AuthContext) => ({ id: auth.user.id, username: auth.user.username });

/** An API key is neither a session to end nor a password to change; its agency manager replaces it instead. */
function refuseApiKeyCaller(auth: AuthContext): void {
  if (isApiKeyCaller(auth)) throw new AppError(Code.FORBIDDEN, 'error.apiKey.noSession');
}

export async function logout(db: Db, auth: AuthContext, meta: RequestMeta): Promise<void> {
  refuseApiKeyCaller(auth);
  await db.transaction(async (tx) => {
    await revokeSession(tx, auth.sessionId, 'logout');
    await recordUserLog(tx, { companyId: auth.company.id, actor: actorOf(auth), target: actorOf(auth), action: 'logout', meta });
  });
}

export async function updateMe(db: Db, auth: AuthContext, body: UpdateMeBody, meta: RequestMeta): Promise<UserInfo> {
  return db.transaction(async (tx) => {
    const patch: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
    if (body.nickname !== undefined) patch.nickname = body.nickname || null;
    if (body.areaCode !== undefined) patch.areaCode = body.areaCode || null;
    if (body.mobile !== undefined) patch.mobile = body.mobile || null;
    const [row] = await tx.update(users).set(patch).where(eq(users.id, auth.user.id)).returning();
    await recordUserLog(tx, {
      companyId: auth.company.id,
      actor: actorOf(auth),
      target: actorOf(auth),
      action: 'profile_update',
      detail: { fields: Object.keys(body) },
      meta,
    });
    return toUserInfo(row);
  });
}

/** A password change keeps the caller's session and ends every other one (a stolen session dies with the old password). */
export async function changePassword(db: Db, auth: AuthContext, body: ChangePasswordBody, meta: RequestMeta): Promise<void> {
  refuseApiKeyCaller(auth);
  if (!(await verifyPassword(auth.user.passwordHash, body.oldPassword))) {
    throw new AppError(Code.WRONG_PASSWORD, 'error.password.wrong', {}, { oldPassword: 'error.password.wrong' });
  }
  assertPasswordAllowed(body.newPassword, auth.user.username, 'newPassword');
  const hash = await hashPassword(body.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash: hash, updatedAt: sql`now()` }).where(eq(users.id, auth.user.id));
    await revokeUserSessions(tx, auth.user.id, 'password_change', auth.sessionId);
    await recordUserLog(tx, { companyId: auth.company.id, actor: actorOf(auth), target: actorOf(auth), action: 'password_change', meta });
  });
}

export async function updateConfig(db: Db, auth: AuthContext, key: ConfigKey, rawBody: unknown, meta: RequestMeta): Promise<UserConfig> {
  // The body's shape depends on the key, so it is validated here rather than by the route schema.
  const parsed = ConfigBodies[key].safeParse(rawBody);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = ['value', ...issue.path.map(String)].join('.');
    const msg = issue.message as never;
    throw new AppError(Code.VALIDATION, msg, {}, { [path]: msg });
  }
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({
        config: sql`jsonb_set(${users.config}, ${`{${key}}`}::text[], ${JSON.stringify(parsed.data.value)}::jsonb)`,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, auth.user.id))
      .returning();
    await recordUserLog(tx, { companyId: auth.company.id, actor: actorOf(auth), target: actorOf(auth), action: 'config_update', detail: { key }, meta });
    return row.config;
  });
}

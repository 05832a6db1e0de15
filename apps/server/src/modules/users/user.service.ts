import type { z } from 'zod';
import type { PagedResult } from '@portal/contract/api/common';
import type { CreateUserBody, UpdateUserBody, UserItem, UserListQuery } from '@portal/contract/api/users';
import { Code } from '@portal/contract/codes';
import { hasRole, isGrantablePermission, type GrantablePermission, type Role, type UserStatus } from '@portal/contract/roles';
import type { Db, Tx } from '../../db/client.ts';
import { DEFAULT_USER_CONFIG } from '@portal/contract/api/auth';
import { AppError, invalid, notFound } from '../../plugins/errors.ts';
import { hashPassword } from '../auth/password.ts';
import { assertPasswordAllowed } from '../auth/password-policy.ts';
import { revokeUserSessions, type AuthContext } from '../auth/session.service.ts';
import { recordUserLog, type RequestMeta, type UserLogEntry } from '../user-logs/user-log.repository.ts';
import { toUserItem, type UserRow } from './user.mapper.ts';
import { findUserInCompany, insertUser, listUsers, updateUserInCompany, type UserPatch } from './user.repository.ts';

const who = (u: { id: string; username: string }) => ({ id: u.id, username: u.username });

function logEntry(auth: AuthContext, target: UserRow, action: UserLogEntry['action'], meta: RequestMeta, detail?: Record<string, unknown>): UserLogEntry {
  return { companyId: auth.company.id, actor: who(auth.user), target: who(target), action, detail, meta };
}

/**
 * Runs one change to a user of the caller's company: locks the row, applies `patch` (computed from the current row),
 * and records the log entry, all in one transaction. Another company's id reads as "not found" so ids cannot be probed.
 */
async function changeUser(
  db: Db,
  auth: AuthContext,
  id: string,
  change: (current: UserRow) => {
    patch: UserPatch;
    /** One entry, or several when one request changes things logged under different actions. */
    log: (updated: UserRow) => UserLogEntry | UserLogEntry[];
    after?: (tx: Tx) => Promise<void>;
  },
): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const current = await findUserInCompany(tx, auth.company.id, id, true);
    if (!current) throw notFound();
    const { patch, log, after } = change(current);
    const updated = (await updateUserInCompany(tx, auth.company.id, id, patch))!;
    await after?.(tx);
    for (const entry of [log(updated)].flat()) await recordUserLog(tx, entry);
    return updated;
  });
}

/**
 * Permissions (spec point 6) are granted by the platform itself: a SuperUser of a proxyLevel-0 company. Anyone else
 * sending a non-empty list is refused; an absent or empty list from them is ignored, so their edits never touch
 * permissions they cannot see.
 */
function grantedBy(auth: AuthContext, permissions: GrantablePermission[] | undefined): GrantablePermission[] | undefined {
  const platformAdmin = auth.company.proxyLevel === 0 && hasRole(auth.user.roles, 'SuperUser');
  if (platformAdmin) return permissions;
  if (permissions?.length) throw new AppError(Code.FORBIDDEN, 'error.permissions.platformOnly');
  return undefined;
}

/**
 * The user's permissions with the grantable ones replaced by `granted`. Anything else the user holds, `all` above all,
 * is kept: it is never granted or removed through user management. Order: kept ones first, then the grantable order.
 */
function withGranted(current: readonly string[], granted: readonly GrantablePermission[]): string[] {
  return [...current.filter((p) => !isGrantablePermission(p)), ...granted];
}

const samePermissions = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((p) => b.includes(p));

export async function listCompanyUsers(db: Db, auth: AuthContext, q: UserListQuery): Promise<PagedResult<UserItem>> {
  const { rows, total } = await listUsers(db, auth.company.id, q);
  return { items: rows.map(toUserItem), total, page: q.page, pageSize: q.pageSize };
}

export async function getCompanyUser(db: Db, auth: AuthContext, id: string): Promise<UserItem> {
  const user = await findUserInCompany(db, auth.company.id, id);
  if (!user) throw notFound();
  return toUserItem(user);
}

export async function createUser(db: Db, auth: AuthContext, body: z.output<typeof CreateUserBody>, meta: RequestMeta): Promise<UserItem> {
  const permissions = grantedBy(auth, body.permissions) ?? [];
  // Hashing is slow on purpose; do it before the transaction so no connection waits on it.
  assertPasswordAllowed(body.password, body.username, 'password');
  const passwordHash = await hashPassword(body.password);
  return db.transaction(async (tx) => {
    const user = await insertUser(tx, {
      companyId: auth.company.id,
      username: body.username,
      nickname: body.nickname || null,
      email: body.email,
      areaCode: body.areaCode || null,
      mobile: body.mobile || null,
      passwordHash,
      roles: body.roles,
      permissions,
      status: body.status,
      config: DEFAULT_USER_CONFIG,
    });
    if (!user) throw new AppError(Code.CONFLICT, 'error.username.taken', {}, { username: 'error.username.taken' });
    const detail = { roles: user.roles, status: user.status, ...(permissions.length ? { permissions } : {}) };
    await recordUserLog(tx, logEntry(auth, user, 'user_create', meta, detail));
    return toUserItem(user);
  });
}

const PROFILE_FIELDS = ['nickname', 'areaCode', 'mobile'] as const;

export async function updateUser(db: Db, auth: AuthContext, id: string, body: UpdateUserBody, meta: RequestMeta): Promise<UserItem> {
  const granted = grantedBy(auth, body.permissions);
  const updated = await changeUser(db, auth, id, (current) => {
    // Absent means "keep"; null or an empty string clears the field.
    const patch: UserPatch = {};
    for (const f of PROFILE_FIELDS) if (body[f] !== undefined) patch[f] = body[f] || null;
    const fields = PROFILE_FIELDS.filter((f) => f in patch && patch[f] !== current[f]);
    const permissions = granted && withGranted(current.permissions, granted);
    const permissionsChanged = permissions !== undefined && !samePermissions(current.permissions, permissions);
    if (permissionsChanged) patch.permissions = permissions;
    return {
      patch,
      // Like roles, a permission change is an access change with its own action and from/to (spec point 6).
      log: (u) => [
        ...(fields.length || !permissionsChanged ? [logEntry(auth, u, 'user_update', meta, { fields })] : []),
        ...(permissionsChanged ? [logEntry(auth, u, 'user_permissions', meta, { from: current.permissions, to: u.permissions })] : []),
      ],
    };
  });
  return toUserItem(updated);
}

export async function setUserStatus(db: Db, auth: AuthContext, id: string, status: UserStatus, meta: RequestMeta): Promise<UserItem> {
  // A company must never lock out its last administrator by accident; the caller is always one.
  if (id === auth.user.id && status === 'disabled') throw invalid('status', 'error.user.self');
  const updated = await changeUser(db, auth, id, (current) => ({
    patch: { status },
    // A disabled user is refused at every request anyway; ending the sessions makes that permanent and visible.
    after: status === 'disabled' ? (tx) => revokeUserSessions(tx, id, 'user_disabled') : undefined,
    log: (u) => logEntry(auth, u, 'user_status', meta, { from: current.status, to: status }),
  }));
  return toUserItem(updated);
}

export async function setUserRoles(db: Db, auth: AuthContext, id: string, roles: Role[], meta: RequestMeta): Promise<UserItem> {
  if (id === auth.user.id && !roles.includes('SuperUser')) throw invalid('roles', 'error.user.self');
  const updated = await changeUser(db, auth, id, (current) => ({
    patch: { roles },
    log: (u) => logEntry(auth, u, 'user_roles', meta, { from: current.roles, to: roles }),
  }));
  return toUserItem(updated);
}

/**
 * An administrator sets a new password for a user who lost theirs (spec: only an administrator resets passwords).
 * Not for one's own account: that path skips the old-password check, so a hijacked session could take the account.
 */
export async function resetUserPassword(db: Db, auth: AuthContext, id: string, password: string, meta: RequestMeta): Promise<void> {
  if (id === auth.user.id) throw new AppError(Code.FORBIDDEN, 'error.password.resetSelf');
  assertPasswordAllowed(password, null, 'password');
  const passwordHash = await hashPassword(password);
  await changeUser(db, auth, id, (current) => {
    assertPasswordAllowed(password, current.username, 'password');
    return {
      patch: { passwordHash },
      after: (tx) => revokeUserSessions(tx, id, 'password_reset'),
      log: (u) => logEntry(auth, u, 'password_reset', meta),
    };
  });
}

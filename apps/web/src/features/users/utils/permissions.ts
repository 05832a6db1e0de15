import { GRANTABLE_PERMISSIONS, hasRole, type GrantablePermission, type Permission } from '@portal/contract/roles';
import type { MeAnswer } from '@portal/contract/api/auth';
import { useSession } from '../../../lib/session';

/** i18n keys under users.permissions.names (a ':' in a key would read as an i18next namespace separator). */
export const PERMISSION_NAME_KEYS: Record<Permission, string> = { all: 'all', 'agencybills:read': 'agencybillsRead' };

/** Label key of a permission; null for a value this app has no name for (shown raw). */
export function permissionLabelKey(permission: string): string | null {
  return permission in PERMISSION_NAME_KEYS ? `users.permissions.names.${PERMISSION_NAME_KEYS[permission as Permission]}` : null;
}

/** The same rule the server applies: only a SuperUser of a top-level (proxyLevel 0) company grants permissions. */
export function canGrantPermissions(me: Pick<MeAnswer, 'userInfo' | 'company'> | null | undefined): boolean {
  // Optional chaining: a session being restored may not carry its company yet.
  return me?.company?.proxyLevel === 0 && hasRole(me.userInfo?.roles ?? [], 'SuperUser');
}

export function useCanGrantPermissions(): boolean {
  return canGrantPermissions(useSession().me);
}

/** The part of a user's permissions the form edits; `all` and unknown values are left to the server. */
export function grantableOf(permissions: readonly string[] | undefined): GrantablePermission[] {
  return GRANTABLE_PERMISSIONS.filter((p) => permissions?.includes(p));
}

export const ROLES = ['operator', 'finance', 'SuperUser'] as const;
export type Role = (typeof ROLES)[number];

export const USER_STATUSES = ['active', 'disabled', 'testing'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** Permission values the server hands out. `all` means everything (spec point 6). */
export const PERMISSIONS = ['all', 'agencybills:read'] as const;
export type Permission = (typeof PERMISSIONS)[number];

/**
 * The permissions a SuperUser of a top-level (proxyLevel 0) company may grant or remove through user management.
 * `all` is deliberately absent: it is never granted or taken away through the portal.
 */
export const GRANTABLE_PERMISSIONS = ['agencybills:read'] as const satisfies readonly Permission[];
export type GrantablePermission = (typeof GRANTABLE_PERMISSIONS)[number];

export function isGrantablePermission(p: string): p is GrantablePermission {
  return (GRANTABLE_PERMISSIONS as readonly string[]).includes(p);
}

export function hasRole(roles: readonly string[], role: Role): boolean {
  return roles.includes('SuperUser') || roles.includes(role);
}

export function hasPermission(permissions: readonly string[], permission: Permission): boolean {
  return permissions.includes('all') || permissions.includes(permission);
}

/** Usernames: 4-32 characters, start with a letter, then letters, digits, dot, underscore or dash. */
export const USERNAME_PATTERN = /^[A-Za-z][A-Za-z0-9._-]{3,31}$/;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 15;
export const MAX_FREQUENT_PASSENGERS = 30;
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

import { z } from 'zod';
import { GRANTABLE_PERMISSIONS, ROLES, USER_STATUSES, USERNAME_PATTERN } from '../roles.ts';
import { AreaCode, Password } from './auth.ts';
import { PageQuery } from './common.ts';

export const UserListQuery = PageQuery.extend({
  keyword: z.string().trim().max(64).optional(),
  role: z.enum(ROLES).optional(),
  status: z.enum(USER_STATUSES).optional(),
});
export type UserListQuery = z.infer<typeof UserListQuery>;

export const UserItem = z.object({
  id: z.string(),
  username: z.string(),
  nickname: z.string().nullable(),
  email: z.string().nullable(),
  areaCode: z.string().nullable(),
  mobile: z.string().nullable(),
  roles: z.array(z.enum(ROLES)),
  /** Every permission the user holds, as GET /me answers it (`all` included); only GRANTABLE_PERMISSIONS are editable. */
  permissions: z.array(z.string()),
  status: z.enum(USER_STATUSES),
  avatar: z.string().nullable(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
}).meta({ id: 'UserItem' });
export type UserItem = z.infer<typeof UserItem>;

const Roles = z.array(z.enum(ROLES)).min(1, 'validation.roles.empty').transform((r) => [...new Set(r)]);
/**
 * Grantable permissions only (`all` is refused here). Absent means "keep"; on update the list replaces the user's
 * grantable permissions and leaves any other (such as `all`) alone. Only a SuperUser of a proxyLevel-0 company may send
 * a non-empty list.
 */
const Permissions = z
  .array(z.enum(GRANTABLE_PERMISSIONS))
  .transform((p) => [...new Set(p)])
  .optional();
const Mobile = z.string().trim().regex(/^[0-9 -]{4,20}$/, 'validation.phone.format');

export const CreateUserBody = z.object({
  username: z.string().trim().regex(USERNAME_PATTERN, 'validation.username.format'),
  nickname: z.string().trim().max(64, 'validation.tooLong').nullish(),
  email: z.string().trim().email('validation.email.format').max(254, 'validation.tooLong'),
  areaCode: AreaCode.nullish(),
  mobile: Mobile.nullish(),
  password: Password,
  roles: Roles,
  status: z.enum(USER_STATUSES).default('active'),
  permissions: Permissions,
});
export type CreateUserBody = z.input<typeof CreateUserBody>;

/** Email is deliberately absent: it identifies the account and is not editable (spec point 3). */
export const UpdateUserBody = z.object({
  nickname: z.string().trim().max(64, 'validation.tooLong').nullish(),
  areaCode: AreaCode.nullish(),
  mobile: Mobile.nullish().or(z.literal('')),
  permissions: Permissions,
});
export type UpdateUserBody = z.infer<typeof UpdateUserBody>;

export const UserStatusBody = z.object({ status: z.enum(USER_STATUSES) });
export const UserRolesBody = z.object({ roles: Roles });
export type UserRolesBody = z.input<typeof UserRolesBody>;
export const ResetPasswordBody = z.object({ password: Password });

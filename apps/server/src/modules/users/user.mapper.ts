import type { Company, UserInfo } from '@portal/contract/api/auth';
import type { UserItem } from '@portal/contract/api/users';
import type { Role, UserStatus } from '@portal/contract/roles';
import type { companies, users } from '../../db/schema/index.ts';
import { fileUrl } from '../files/file-url.ts';

export type UserRow = typeof users.$inferSelect;
export type CompanyRow = typeof companies.$inferSelect;

export function toUserInfo(u: UserRow): UserInfo {
  return {
    id: u.id,
    username: u.username,
    nickname: u.nickname,
    email: u.email,
    areaCode: u.areaCode,
    mobile: u.mobile,
    roles: u.roles as Role[],
    status: u.status as UserStatus,
    avatar: fileUrl(u.avatarFileId),
    companyId: u.companyId,
    config: u.config,
  };
}

export function toUserItem(u: UserRow): UserItem {
  const { config: _config, companyId: _companyId, ...common } = toUserInfo(u);
  return { ...common, permissions: u.permissions, createdAt: u.createdAt.toISOString(), lastLoginAt: u.lastLoginAt ? u.lastLoginAt.toISOString() : null };
}

export function toCompany(c: CompanyRow): Company {
  return {
    id: c.id,
    code: c.code,
    name: c.name,
    alias: c.alias,
    address: c.address,
    logo: fileUrl(c.logoFileId),
    proxyLevel: c.proxyLevel,
    parentId: c.parentId,
    // A row stored before a newer switch existed lacks it: answer its default (the response schema needs every field).
    config: { commonConfig: Object.assign({ hidePnrBooking: false, hideMainlandContent: false }, c.commonConfig) },
  };
}

import { z } from 'zod';
import { PageQuery } from './common.ts';

export const USER_LOG_ACTIONS = [
  'login',
  'login_failed',
  // Repeated failed sign-ins started slowing the account down (issue 9): the owner is told someone is guessing.
  'login_throttled',
  'single_login',
  'logout',
  'password_change',
  'password_reset',
  'profile_update',
  'config_update',
  'avatar_update',
  'user_create',
  'user_update',
  'user_status',
  'user_roles',
  'user_permissions',
  'company_update',
  'company_logo',
  'rates_update',
  'supplier_update',
  // Agency management (issue 4), logged in the managing agency's log with the agency in the detail.
  'agency_create',
  'agency_update',
  'agency_delete',
  'agency_config',
  'agency_password_reset',
  'agency_api_key',
  'agency_single_login_secret',
  'agency_top_up',
  'agency_credit',
  // Operations desk (issue 8): approve, reject, retry ticketing, mark failed; the order and remark in the detail.
  'order_desk',
  // Travellers (issue 11): the owner asked for a frequent passenger's full document number; the number is not logged.
  'traveller_document_reveal',
] as const;
export type UserLogAction = (typeof USER_LOG_ACTIONS)[number];

export const UserLogQuery = PageQuery.extend({
  action: z.enum(USER_LOG_ACTIONS).optional(),
  keyword: z.string().trim().max(64).optional(),
  from: z.string().datetime({ offset: true }).optional(),
  to: z.string().datetime({ offset: true }).optional(),
});
export type UserLogQuery = z.infer<typeof UserLogQuery>;

export const UserLogItem = z.object({
  id: z.string(),
  action: z.enum(USER_LOG_ACTIONS),
  actorUsername: z.string().nullable(),
  targetUsername: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
});
export type UserLogItem = z.infer<typeof UserLogItem>;

import type { MeAnswer } from '@portal/contract/api/auth';
import { hasPermission, hasRole, type Permission, type Role } from '@portal/contract/roles';
import { LANDING_ORDER, paths } from './paths';

/**
 * Who may open a route (spec points 2 and 6). Conditions combine with AND; an empty rule means "any logged-in user".
 * Roles and permissions describe the person, so SuperUser passes them; service switches and company conditions
 * describe what the company has, so they apply to SuperUser too (a SuperUser of a company without the flight
 * service has no flight pages to use).
 */
export interface AccessRule {
  /** Open without login (only /, /terms, /privacy, /profile and the not-found page). */
  public?: boolean;
  /** The user needs one of these roles. */
  roles?: readonly Role[];
  /** The company must have this service switched on. */
  service?: 'flight' | 'train';
  /**
   * With `service`: a company at proxyLevel 0 passes the switch anyway. The platform's operations desk reads its
   * agencies' orders whatever its own switches (the server's flight order routes check the same).
   */
  platformSkipsService?: boolean;
  /** Bills: company at proxyLevel 0 or with isShowBill on. */
  finance?: boolean;
  /** Agency management: company at proxyLevel 0 that may create sub-agencies. */
  agencyManager?: boolean;
  /**
   * The platform itself: a company at proxyLevel 0 (whatever its switches). A company condition, so it applies to
   * SuperUser too; combined with `roles: ['operator']` it is the operations desk of flight orders (server: isDesk).
   */
  platform?: boolean;
  /** Server-granted permission; the value 'all' grants every permission. */
  permission?: Permission;
  /**
   * Platform administration (partnership enquiries, exchange rates): a SuperUser of a company at proxyLevel 0.
   * Unlike `roles`, the SuperUser role is required here, not merely passed; the server checks the same pair.
   */
  platformAdmin?: boolean;
}

export interface GuardRoute {
  path: string;
  access: AccessRule;
}

export type GuardMe = Pick<MeAnswer, 'userInfo' | 'company' | 'permissions'>;

export interface GuardSession {
  me: GuardMe | null;
}

export type GuardMessage = 'router.login' | 'router.notRole';
export type AccessResult = { ok: true } | { ok: false; redirect: '/'; message: GuardMessage };

const OK: AccessResult = { ok: true };
const deny = (message: GuardMessage): AccessResult => ({ ok: false, redirect: paths.home, message });

function companyAllows(rule: AccessRule, me: GuardMe): boolean {
  const { proxyLevel, config } = me.company;
  const common = config.commonConfig;
  const serviceWaived = rule.platformSkipsService && proxyLevel === 0;
  if (rule.service === 'flight' && !common.enableFlightService && !serviceWaived) return false;
  if (rule.service === 'train' && !common.enableTrainService && !serviceWaived) return false;
  if (rule.finance && !(proxyLevel === 0 || common.isShowBill)) return false;
  if (rule.agencyManager && !(proxyLevel === 0 && common.canCreateSubAgency)) return false;
  if (rule.platform && proxyLevel !== 0) return false;
  return true;
}

/** The platform administrator: the server's requirePlatformAdmin check (top-level company and the SuperUser role). */
function platformAllows(rule: AccessRule, me: GuardMe): boolean {
  return !rule.platformAdmin || (me.company.proxyLevel === 0 && me.userInfo.roles.includes('SuperUser'));
}

function personAllows(rule: AccessRule, me: GuardMe): boolean {
  const roles = me.userInfo.roles;
  if (roles.includes('SuperUser')) return true;
  if (rule.roles?.length && !rule.roles.some((r) => hasRole(roles, r))) return false;
  if (rule.permission && !hasPermission(me.permissions, rule.permission)) return false;
  return true;
}

export function checkAccess(route: GuardRoute, session: GuardSession): AccessResult {
  if (route.access.public) return OK;
  if (!session.me) return deny('router.login');
  const me = session.me;
  if (!personAllows(route.access, me) || !companyAllows(route.access, me) || !platformAllows(route.access, me)) return deny('router.notRole');
  return OK;
}

export function canOpen(path: string, routes: readonly GuardRoute[], session: GuardSession): boolean {
  const route = routes.find((r) => r.path === path);
  return Boolean(route && checkAccess(route, session).ok);
}

/** Where a user lands after login: the first page of the spec's list that exists and that the user may open. */
export function landingPath(session: GuardSession, routes: readonly GuardRoute[]): string {
  return LANDING_ORDER.find((p) => canOpen(p, routes, session)) ?? paths.home;
}

export interface MenuPlacement {
  area: 'top' | 'user';
  labelKey: string;
  /** Lower comes first. */
  order: number;
  /** The entry also stays highlighted anywhere under this path (e.g. '/bills' for the three bills pages). */
  section?: string;
}

/**
 * Menu entries of one area: only routes that exist in the table and that the guard lets this user open. Several pages
 * may offer the same entry (one label): the first in menu order that the user may open keeps it, e.g. My Bookings is
 * the flight orders for an operator and the train orders for a user without the flight pages.
 */
export function menuFor<R extends GuardRoute & { menu?: MenuPlacement }>(
  area: MenuPlacement['area'],
  routes: readonly R[],
  session: GuardSession,
): (R & { menu: MenuPlacement })[] {
  const labels = new Set<string>();
  return routes
    .filter((r): r is R & { menu: MenuPlacement } => r.menu?.area === area)
    .filter((r) => session.me !== null && checkAccess(r, session).ok)
    .sort((a, b) => a.menu.order - b.menu.order)
    .filter((r) => !labels.has(r.menu.labelKey) && Boolean(labels.add(r.menu.labelKey)));
}

import { eq, inArray, type SQL } from 'drizzle-orm';
import { DEFAULT_COMMON_CONFIG } from '@portal/contract/api/auth';
import { Code } from '@portal/contract/codes';
import type { DbOrTx } from '../../db/client.ts';
import { groupOrders } from '../../db/schema/index.ts';
import { AppError, forbidden } from '../../plugins/errors.ts';
import type { AuthContext } from '../auth/session.service.ts';
import { isDesk } from '../flight-orders/order.access.ts';
import { companiesUnder, companyName } from '../flight-orders/order.repository.ts';
import { findGroup, type GroupRow } from './group.repository.ts';

/**
 * Tenancy of group orders, the flight orders' rules (order.access.ts): an agency sees its own groups; with
 * `onlyOwnOrders` a user who is not a SuperUser sees only the groups they requested; the platform's group desk (operator
 * of a proxyLevel-0 company) also sees the groups of the agencies directly below it. Anything else answers 404
 * ("Booking does not exist"), never 403, so ids of other agencies' groups reveal nothing.
 */
const notFound = () => new AppError(Code.NOT_FOUND, 'order.notFound');

function ownOnly(auth: AuthContext): boolean {
  const common = { ...DEFAULT_COMMON_CONFIG, ...auth.company.commonConfig };
  return common.onlyOwnOrders && !auth.user.roles.includes('SuperUser');
}

export function ownGroupScope(auth: AuthContext): SQL[] {
  const scope: SQL[] = [eq(groupOrders.companyId, auth.company.id)];
  if (ownOnly(auth)) scope.push(eq(groupOrders.userId, auth.user.id));
  return scope;
}

/** The desk's scope: every agency directly below the platform company (and the platform's own groups). */
export async function deskGroupScope(db: DbOrTx, auth: AuthContext): Promise<{ scope: SQL[]; companies: Map<string, { name: string; code: string }> }> {
  if (!isDesk(auth)) throw forbidden();
  const companies = await companiesUnder(db, auth.company.id);
  return { scope: [inArray(groupOrders.companyId, [...companies.keys()])], companies };
}

export interface VisibleGroup {
  group: GroupRow;
  /** The caller reads it as the platform's group desk (another agency's group), not as its own agency. */
  asDesk: boolean;
}

export async function visibleGroup(db: DbOrTx, auth: AuthContext, id: string): Promise<VisibleGroup> {
  const group = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id) ? await findGroup(db, id) : undefined;
  if (!group) throw notFound();
  if (group.companyId === auth.company.id) {
    if (ownOnly(auth) && group.userId !== auth.user.id) throw notFound();
    return { group, asDesk: isDesk(auth) };
  }
  if (isDesk(auth)) {
    const owner = await companyName(db, group.companyId);
    if (owner?.parentId === auth.company.id) return { group, asDesk: true };
  }
  throw notFound();
}

/** A group the caller's agency may act on: its own (the desk reads other agencies' groups, but their business is theirs). */
export async function ownGroup(db: DbOrTx, auth: AuthContext, id: string): Promise<GroupRow> {
  const { group } = await visibleGroup(db, auth, id);
  if (group.companyId !== auth.company.id) throw forbidden();
  return group;
}

/** A group the caller answers as the platform's group desk (quote, reject, seats). */
export async function deskGroup(db: DbOrTx, auth: AuthContext, id: string): Promise<GroupRow> {
  const { group, asDesk } = await visibleGroup(db, auth, id);
  if (!asDesk) throw forbidden();
  return group;
}

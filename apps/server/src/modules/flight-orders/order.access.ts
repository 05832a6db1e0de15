import { eq, type SQL } from 'drizzle-orm';
import { DEFAULT_COMMON_CONFIG } from '@portal/contract/api/auth';
import { hasRole } from '@portal/contract/roles';
import type { DbOrTx } from '../../db/client.ts';
import { flightOrders } from '../../db/schema/index.ts';
import { Code } from '@portal/contract/codes';
import { AppError } from '../../plugins/errors.ts';

/** Spec point 8: "Booking does not exist" (404), the same for an order of another agency. */
const notFound = () => new AppError(Code.NOT_FOUND, 'order.notFound');
import type { AuthContext } from '../auth/session.service.ts';
import { flightConfigOf } from '../shopping/agency-filters.ts';
import { companyName, findOrder, type OrderRow } from './order.repository.ts';
import type { Viewer } from './order.mapper.ts';

/**
 * Tenancy of flight orders (every route, every object): an agency sees its own orders only; with `onlyOwnOrders` a
 * user who is not a SuperUser sees only the orders they created; the platform's operations desk (users of a
 * proxyLevel-0 company with the operator role) also sees the orders of the agencies directly below it. Anything else
 * answers 404, never 403, so ids of other agencies' orders reveal nothing.
 */

export function isDesk(auth: Pick<AuthContext, 'user' | 'company'>): boolean {
  return auth.company.proxyLevel === 0 && hasRole(auth.user.roles, 'operator');
}

/** `onlyOwnOrders`: a user who is not a SuperUser sees only the orders they created (every product's orders alike). */
export function ownOnly(auth: AuthContext): boolean {
  const common = { ...DEFAULT_COMMON_CONFIG, ...auth.company.commonConfig };
  return common.onlyOwnOrders && !auth.user.roles.includes('SuperUser');
}

/** The tenancy part of every list query of the caller's own agency. */
export function ownScope(auth: AuthContext): SQL[] {
  const scope: SQL[] = [eq(flightOrders.companyId, auth.company.id)];
  if (ownOnly(auth)) scope.push(eq(flightOrders.createdBy, auth.user.id));
  return scope;
}

export interface VisibleOrder {
  order: OrderRow;
  /** The caller reads it as the platform's desk (another agency's order), not as its own agency. */
  asDesk: boolean;
}

/** The order if the caller may see it, else 404. */
export async function visibleOrder(db: DbOrTx, auth: AuthContext, id: string): Promise<VisibleOrder> {
  return visibleTo(db, auth, /^[0-9a-f-]{36}$/i.test(id) ? await findOrder(db, id) : undefined);
}

/**
 * The tenancy rule of one order of any product (flight, train): the caller's own agency's (under onlyOwnOrders, only
 * the caller's own), or one the caller reads as the platform's desk; anything else, a missing order too, is 404.
 */
export async function visibleTo<T extends { companyId: string; createdBy: string | null }>(db: DbOrTx, auth: AuthContext, order: T | undefined): Promise<{ order: T; asDesk: boolean }> {
  if (!order) throw notFound();
  if (order.companyId === auth.company.id) {
    if (ownOnly(auth) && order.createdBy !== auth.user.id) throw notFound();
    return { order, asDesk: false };
  }
  if (isDesk(auth)) {
    const owner = await companyName(db, order.companyId);
    if (owner?.parentId === auth.company.id) return { order, asDesk: true };
  }
  throw notFound();
}

export function viewerOf(auth: AuthContext, asDesk: boolean, now = new Date()): Viewer {
  const platform = auth.company.proxyLevel === 0;
  return { platform, asDesk, desk: isDesk(auth), showSuppliers: flightConfigOf(auth.company).showSuppliers, now };
}

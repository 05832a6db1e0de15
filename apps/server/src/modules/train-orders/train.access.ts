import { eq, type SQL } from 'drizzle-orm';
import { DEFAULT_COMMON_CONFIG } from '@portal/contract/api/auth';
import { Code } from '@portal/contract/codes';
import type { DbOrTx } from '../../db/client.ts';
import { trainOrders } from '../../db/schema/index.ts';
import { AppError } from '../../plugins/errors.ts';
import type { AuthContext } from '../auth/session.service.ts';
import { isDesk } from '../flight-orders/order.access.ts';
import { companyName } from '../flight-orders/order.repository.ts';
import { findTrainOrder, type TrainOrderRow } from './train.repository.ts';

/**
 * Tenancy of train orders, the flight orders' rules: an agency sees its own orders; with `onlyOwnOrders` a user who is
 * not a SuperUser sees only the orders they created; the platform's desk reads the orders of the agencies directly
 * below it. Anything else answers 404 ("Booking does not exist"), never 403, so ids reveal nothing.
 */
const notFound = () => new AppError(Code.NOT_FOUND, 'order.notFound');

function ownOnly(auth: AuthContext): boolean {
  const common = { ...DEFAULT_COMMON_CONFIG, ...auth.company.commonConfig };
  return common.onlyOwnOrders && !auth.user.roles.includes('SuperUser');
}

export function trainOwnScope(auth: AuthContext): SQL[] {
  const scope: SQL[] = [eq(trainOrders.companyId, auth.company.id)];
  if (ownOnly(auth)) scope.push(eq(trainOrders.createdBy, auth.user.id));
  return scope;
}

export async function visibleTrainOrder(db: DbOrTx, auth: AuthContext, id: string): Promise<{ order: TrainOrderRow; asDesk: boolean }> {
  const order = /^[0-9a-f-]{36}$/i.test(id) ? await findTrainOrder(db, id) : undefined;
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

import { eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { trainOrders } from '../../db/schema/index.ts';
import type { AuthContext } from '../auth/session.service.ts';
import { ownOnly, visibleTo } from '../flight-orders/order.access.ts';
import { findTrainOrder, type TrainOrderRow } from './train.repository.ts';

/**
 * Tenancy of train orders, the flight orders' rules (order.access.ts, called here rather than copied): an agency sees
 * its own orders; with `onlyOwnOrders` a user who is not a SuperUser sees only the orders they created; the platform's
 * desk reads the orders of the agencies directly below it. Anything else answers 404 ("Booking does not exist"),
 * never 403, so ids reveal nothing.
 */
export function trainOwnScope(auth: AuthContext): SQL[] {
  const scope: SQL[] = [eq(trainOrders.companyId, auth.company.id)];
  if (ownOnly(auth)) scope.push(eq(trainOrders.createdBy, auth.user.id));
  return scope;
}

export async function visibleTrainOrder(db: DbOrTx, auth: AuthContext, id: string): Promise<{ order: TrainOrderRow; asDesk: boolean }> {
  return visibleTo(db, auth, /^[0-9a-f-]{36}$/i.test(id) ? await findTrainOrder(db, id) : undefined);
}

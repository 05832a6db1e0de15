import { EXTERNAL_PAYMENT_CHANNELS, type ExternalPaymentChannel } from '@portal/contract/api/agencies';
import type { ChannelPaymentState } from '@portal/contract/api/bills';
import type { DbOrTx } from '../../db/client.ts';
import { notFound } from '../../plugins/errors.ts';
import type { AuthContext } from '../auth/session.service.ts';
import { ownOnly } from '../flight-orders/order.access.ts';
import { findCompanyTransaction } from './payments.repository.ts';

const CHANNELS: readonly string[] = EXTERNAL_PAYMENT_CHANNELS;

/**
 * GET /order/v2/payments/{id}: an order's channel payment as the flight and group order pages read it when the payer
 * is back from the channel's page, chiefly why the last attempt failed. Only what is recorded: the order's own query
 * follows the outcome. Tenancy as the orders': the caller's agency, and under `onlyOwnOrders` only the caller's own
 * payments; anything else (a top-up, a wallet or credit payment) is 404.
 */
export async function getChannelPaymentState(db: DbOrTx, auth: AuthContext, id: string): Promise<ChannelPaymentState> {
  const row = await findCompanyTransaction(db, auth.company.id, id);
  if (!row || row.kind !== 'payment' || !CHANNELS.includes(row.method)) throw notFound();
  if (ownOnly(auth) && row.createdBy !== auth.user.id) throw notFound();
  return { id: row.id, channel: row.method as ExternalPaymentChannel, status: row.status, failure: row.lastFailure ?? null };
}

import { Code } from '@portal/contract/codes';
import type { Language } from '@portal/contract/languages';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../plugins/errors.ts';
import type { AuthContext } from '../auth/session.service.ts';
import type { FileAnswer } from '../bills/wallet.service.ts';
import { renderTrainETicket } from './e-ticket-pdf.ts';
import { loadTrainOrderDetail } from './train.queries.ts';
import { isValidTicket } from './train.states.ts';

/**
 * The e-ticket download (GET .../e-ticket), as the flight orders' documents.usecase: whoever may read the order (the
 * desk too) gets one page per ticket still travelled on; an order without such a ticket has nothing to print.
 */
export async function trainETicketFile(db: DbOrTx, auth: AuthContext, id: string, lang: Language): Promise<FileAnswer> {
  const order = await loadTrainOrderDetail(db, auth, id);
  if (!order.passengers.some(isValidTicket)) throw new AppError(Code.ORDER_STATE, 'order.transition.refused', { status: order.status, event: 'downloadTicket' });
  return { filename: `e-ticket-${order.orderNumber}.pdf`, data: await renderTrainETicket(order, lang) };
}

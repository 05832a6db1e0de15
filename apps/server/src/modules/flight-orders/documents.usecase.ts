import type { ItineraryBody } from '@portal/contract/api/flight-orders';
import { Code } from '@portal/contract/codes';
import type { Language } from '@portal/contract/languages';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../plugins/errors.ts';
import type { AuthContext } from '../auth/session.service.ts';
import type { FileAnswer } from '../bills/wallet.service.ts';
import { renderItineraryPdf } from './documents/itinerary-pdf.ts';
import { documentNamesFor } from './documents/names.ts';
import { renderTicketWorkbook } from './documents/ticket-workbook.ts';
import { loadOrderDetail } from './order.queries.ts';

/**
 * The order's downloads (spec point 5: the itinerary form asks fare, tax, service charge and quantity — what the
 * agency's customer will see, never the agency's own price). Only issued orders have tickets to print.
 */
async function issuedOrder(db: DbOrTx, auth: AuthContext, id: string) {
  const order = await loadOrderDetail(db, auth, id);
  if (order.status !== 'issued') throw new AppError(Code.ORDER_STATE, 'order.itinerary.notIssued');
  return order;
}

export async function itineraryFile(db: DbOrTx, auth: AuthContext, id: string, body: ItineraryBody, lang: Language): Promise<FileAnswer> {
  const order = await issuedOrder(db, auth, id);
  const printLang = body.lang ?? lang;
  const data = await renderItineraryPdf(order, { fare: body.fare, tax: body.tax, serviceCharge: body.serviceCharge, quantity: body.quantity }, printLang, documentNamesFor(printLang));
  return { filename: `itinerary-${order.bookingNumber}.pdf`, data };
}

export async function ticketFile(db: DbOrTx, auth: AuthContext, id: string, lang: Language): Promise<FileAnswer> {
  const order = await issuedOrder(db, auth, id);
  return { filename: `tickets-${order.bookingNumber}.xlsx`, data: await renderTicketWorkbook(order, lang, documentNamesFor(lang)) };
}

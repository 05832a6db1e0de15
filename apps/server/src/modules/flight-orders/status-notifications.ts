import { translate } from '@portal/contract/messages';
import type { DbOrTx } from '../../db/client.ts';
import { readsOn } from '../../db/parallel.ts';
import { noticeToOrderContact } from '../notifications/outbox.service.ts';
import { enqueueWebhook } from '../webhooks/webhooks.service.ts';
import type { OrderRow } from './order.repository.ts';
import { passengersOf, segmentsOf } from './order.repository.ts';
import { formatTicketNumber } from './documents/format.ts';

/**
 * What a status change tells the outside world, written in the transaction of the change (transactional outbox):
 * the agency's booking webhook on every change, and the contact's e-ticket mail when tickets are issued. Delivery
 * happens later in jobs, so neither can block or fail the order.
 */
export async function statusChanged(tx: DbOrTx, order: OrderRow, from: string, event: string): Promise<void> {
  if (order.status === 'issued') await mailTickets(tx, order);
  await enqueueWebhook(tx, {
    companyId: order.companyId,
    orderId: order.id,
    event: 'order.status_changed',
    data: {
      orderId: order.id,
      bookingNumber: order.bookingNumber,
      type: order.type,
      event,
      from,
      status: order.status,
      paymentStatus: order.paymentStatus,
      recordLocator: order.recordLocator,
      total: order.total,
      currency: order.currency,
      changedAt: new Date().toISOString(),
    },
  });
}

async function mailTickets(tx: DbOrTx, order: OrderRow): Promise<void> {
  if (!(order.contact as { email?: string } | null)?.email) return;
  const [passengers, segments] = await readsOn(tx, [() => passengersOf(tx, order.id), () => segmentsOf(tx, order.id)]);
  const tickets = passengers.map((p) => `${p.surname}/${p.givenNames}  ${formatTicketNumber(p.ticketNumber) ?? ''}`).join('\n');
  const flights = segments.map((s) => `${s.flightNumber}  ${s.origin}-${s.destination}  ${s.departure.replace('T', ' ')}`).join('\n');
  await noticeToOrderContact(tx, order, (language) => ({
    title: translate('order.email.issued.subject', language, { booking: order.bookingNumber }),
    body: translate('order.email.issued.body', language, { booking: order.bookingNumber, pnr: order.recordLocator ?? '', tickets, flights }),
  }));
}

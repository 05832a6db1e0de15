import type { SeatClass } from '@portal/contract/api/trains';
import { translate } from '@portal/contract/messages';
import type { DbOrTx } from '../../db/client.ts';
import { noticeToOrderContact } from '../notifications/outbox.service.ts';
import { CLASS } from './e-ticket-pdf.ts';
import { passengersOfRow, type TrainOrderRow } from './train.repository.ts';

type Station = { code: string; name: string; time: string };

/**
 * The e-ticket notice to the booking's contact when the tickets are issued, as flight orders send theirs
 * (notifications/outbox.service.ts noticeToOrderContact): written to the outbox in the transaction that issues, in the agency's email
 * language, so an issue that rolls back sends nothing and a committed one always has its mail. Returns whether a mail
 * was queued (none without a contact email).
 */
export function mailTrainTickets(tx: DbOrTx, order: TrainOrderRow): Promise<boolean> {
  const from = order.fromStation as Station;
  const to = order.toStation as Station;
  return noticeToOrderContact(tx, order, (language) => ({
    title: translate('train.order.email.issued.subject', language, { order: order.orderNumber }),
    body: translate('train.order.email.issued.body', language, {
      order: order.orderNumber,
      railwayOrder: order.supplierOrderNumber ?? '',
      train: order.trainNumber,
      from: from.name,
      to: to.name,
      departure: order.departureAt.replace('T', ' '),
      arrival: order.arrivalAt.replace('T', ' '),
      seatClass: CLASS[order.seatClass as SeatClass][language],
      tickets: passengersOfRow(order)
        .filter((p) => p.ticketStatus === 'issued')
        .map((p) =>
          translate(p.seat?.seat ? 'train.order.email.ticketLine' : 'train.order.email.standingLine', language, {
            name: p.name,
            ticket: p.ticketNumber ?? '',
            car: p.seat?.car ?? '',
            seat: p.seat?.seat ?? '',
          }),
        )
        .join('\n'),
    }),
  }));
}

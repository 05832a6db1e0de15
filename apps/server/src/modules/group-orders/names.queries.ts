import type { GroupNamePassenger, GroupNames } from '@portal/contract/api/group-names';
import { maskDocumentNumber } from '@portal/contract/passengers/validate';
import type { DbOrTx } from '../../db/client.ts';
import type { GroupRow } from './group.repository.ts';
import { groupPassengersOf, type GroupPassengerRow } from './names.repository.ts';

/** Reading a group's passenger list (names.usecase.ts writes it). */

/** What the list must hold: the quote's seats (adults and children, possibly fewer than asked) and the infants asked. */
export function expectedNames(g: Pick<GroupRow, 'quote' | 'request'>) {
  return { seats: g.quote?.seats ?? g.request.passengers.adult + g.request.passengers.child, infants: g.request.passengers.infant };
}

/** The list as the detail shows it: documents masked but the last 4 characters (the desk reads it too). */
export async function namesOf(db: DbOrTx, group: GroupRow, uploadedBy: string | null): Promise<GroupNames> {
  const rows: GroupPassengerRow[] = group.namesUploadedAt ? await groupPassengersOf(db, group.id) : [];
  const passengers: GroupNamePassenger[] = rows.map((r) => ({
    row: r.seq,
    type: r.passenger.type,
    surname: r.passenger.surname,
    given_names: r.passenger.given_names,
    gender: r.passenger.gender,
    birthday: r.passenger.birthday,
    nationality: r.passenger.nationality,
    travel_document: {
      type: r.passenger.travel_document.type,
      number: maskDocumentNumber(r.passenger.travel_document.number),
      expiryDate: r.passenger.travel_document.expiryDate ?? null,
      issuingCountry: r.passenger.travel_document.issuingCountry ?? null,
    },
    frequentFlyer: r.passenger.frequentFlyer ?? null,
    ticketNumber: r.ticketNumber,
  }));
  return {
    status: group.namesConfirmedAt ? 'confirmed' : group.namesUploadedAt ? 'uploaded' : 'not_uploaded',
    uploadedAt: group.namesUploadedAt?.toISOString() ?? null,
    uploadedBy,
    confirmedAt: group.namesConfirmedAt?.toISOString() ?? null,
    expected: expectedNames(group),
    passengers,
  };
}

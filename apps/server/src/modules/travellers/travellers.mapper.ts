import type { FrequentPassenger, MemberCard, TravellerDocument } from '@portal/contract/api/travellers';
import { passengerTypeToday } from '@portal/contract/passengers/frequent';
import type { DocumentRow, MemberCardRow, PassengerRow } from './travellers.repository.ts';

/** The masked number drawn from what is stored in clear (last 4 and length): lists never decrypt anything. */
export const maskedNumber = (d: Pick<DocumentRow, 'numberLast4' | 'numberLength'>) => '*'.repeat(Math.max(0, d.numberLength - d.numberLast4.length)) + d.numberLast4;

export function toTravellerDocument(d: DocumentRow): TravellerDocument {
  return { id: d.id, type: d.type, number: maskedNumber(d), expiryDate: d.expiryDate ?? null, issuingCountry: d.issuingCountry ?? null };
}

export function toMemberCard(c: MemberCardRow): MemberCard {
  return { id: c.id, passengerId: c.passengerId, airline: c.airline, number: c.number, holder: c.holder, createdAt: c.createdAt.toISOString() };
}

export function toFrequentPassenger(p: PassengerRow, docs: readonly DocumentRow[], cards: readonly MemberCardRow[], today: string): FrequentPassenger {
  const documents = docs.filter((d) => d.passengerId === p.id).map(toTravellerDocument);
  return {
    id: p.id,
    surname: p.surname,
    given_names: p.givenNames,
    localName: p.localName,
    // A traveller moved from the old favourites list may have no birthday: adult, as that list defaulted to.
    type: (p.birthday && passengerTypeToday(p.birthday, today)) || 'adult',
    gender: p.gender,
    birthday: p.birthday,
    nationality: p.nationality,
    areaCode: p.areaCode,
    phone: p.phone,
    email: p.email,
    travel_document: documents[0] ?? null,
    travel_documents: documents,
    memberCards: cards.filter((c) => c.passengerId === p.id).map(toMemberCard),
    remark: p.remark,
    documentImageId: p.documentImageId,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

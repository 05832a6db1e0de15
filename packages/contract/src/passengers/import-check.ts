import type { DocumentType } from '../api/flight-orders.ts';
import type { PassengerType } from '../api/shopping.ts';
import type { MessageKey } from '../messages.ts';
import { ageOn, passengerTypeForAge } from './dates.ts';
import { isDocumentAllowed } from './documents.ts';

export interface ImportTrip {
  /** The fare's document restriction (Restrictions.documents); empty or null accepts every document. */
  documents: readonly string[] | null | undefined;
  /** True when any flight leaves or enters mainland China's borders (an ID card is a domestic document). */
  international: boolean;
  /** YYYY-MM-DD local date of the last flight, for the passenger type and the expiry. */
  lastFlightDate: string;
}

export interface ImportableDocument {
  id: string;
  type: DocumentType;
  expiryDate: string | null;
}

export type DocumentChoice = { ok: true; document: ImportableDocument } | { ok: false; reason: MessageKey };

/** The spec's "Passport DOCS" message covers every passport the fare may name, not only the plain one. */
const PASSPORT_FAMILY: readonly DocumentType[] = ['passport', 'chinese-passport', 'internationalityPassport'];

type Refusal = 'fits' | 'restricted' | 'expired';

function judge(doc: ImportableDocument, trip: ImportTrip): Refusal {
  if (!isDocumentAllowed(doc.type, trip.documents)) return 'restricted';
  // An ID card cannot cross mainland China's border; for the agent that is the same refusal as a fare restriction.
  if (doc.type === 'idcard' && trip.international) return 'restricted';
  // A missing expiry is let through: the booking form asks for it (and accepts none only for an ID card).
  if (doc.expiryDate && doc.expiryDate < trip.lastFlightDate) return 'expired';
  return 'fits';
}

function reasonFor(doc: ImportableDocument, refusal: Refusal): MessageKey | null {
  if (refusal !== 'restricted') return null;
  if (doc.type === 'idcard') return 'travellers.import.idcardRestricted';
  if (PASSPORT_FAMILY.includes(doc.type)) return 'travellers.import.passportRestricted';
  return null;
}

/**
 * Picks the document a booking may import: the preferred one when it fits, else the first that fits; or why none.
 *
 * When none fits, the message speaks of the document the agent most likely wanted: the preferred one if it was refused
 * by a restriction, else the first restricted ID card or passport in the traveller's own order (the order they were
 * filed in, so the first is the one the agent uses most). An expired document, or a restricted permit the spec has no
 * message for, falls back to the general "no document fits".
 */
export function chooseImportDocument(documents: readonly ImportableDocument[], trip: ImportTrip, preferredId?: string): DocumentChoice {
  const judged = documents.map((doc) => ({ doc, refusal: judge(doc, trip) }));
  const preferred = preferredId === undefined ? undefined : judged.find((j) => j.doc.id === preferredId);
  if (preferred?.refusal === 'fits') return { ok: true, document: preferred.doc };
  const first = judged.find((j) => j.refusal === 'fits');
  if (first) return { ok: true, document: first.doc };

  const preferredReason = preferred ? reasonFor(preferred.doc, preferred.refusal) : null;
  if (preferredReason) return { ok: false, reason: preferredReason };
  for (const j of judged) {
    const reason = reasonFor(j.doc, j.refusal);
    if (reason) return { ok: false, reason };
  }
  return { ok: false, reason: 'travellers.import.noDocument' };
}

const TYPE_MISMATCH: Record<PassengerType, MessageKey> = {
  adult: 'order.passenger.type.adult',
  child: 'order.passenger.type.child',
  infant: 'order.passenger.type.infant',
};

/** A passenger whose type on the last flight's date differs from the slot being filled (a child who turned 12). */
export function importTypeFlag(birthday: string, slotType: PassengerType, lastFlightDate: string): { key: MessageKey; params: Record<string, string> } | null {
  const byAge = passengerTypeForAge(ageOn(birthday, lastFlightDate));
  if (byAge === slotType) return null;
  // Same key and parameter as the booking's own type check, so the import flag and the later validation read alike.
  return { key: TYPE_MISMATCH[byAge], params: { date: lastFlightDate } };
}

import type { DocumentType } from '../api/flight-orders.ts';
import { TRAIN_ADULT_MIN_AGE, TRAIN_CHILD_MIN_AGE, TRAIN_DOCUMENT_TYPES, type TrainTicketType } from '../api/trains.ts';
import type { MessageKey } from '../messages.ts';
import { ageOn } from './dates.ts';
import { HAN_DOCUMENTS, HAN_NAME } from './train.ts';

/**
 * A frequent passenger (issue 11) into a train booking (issue 13): which of their stored documents 12306 takes, or why
 * none, by the same real-name rules validateTrainBooking (train.ts) applies: a Chinese citizen travels with the
 * resident ID card; anyone else with a passport or a permit (never the ID card). The booking form asks before it
 * reveals a number, so this works on the masked documents the traveller list answers.
 */

export interface TrainImportDocument {
  id: string;
  type: DocumentType;
  expiryDate: string | null;
}

export interface TrainImportTraveller {
  nationality: string | null;
  travel_documents: readonly TrainImportDocument[];
}

export interface TrainImportReason {
  key: MessageKey;
  params?: Record<string, string>;
}

export type TrainDocumentChoice<D extends TrainImportDocument = TrainImportDocument> = { ok: true; document: D } | { ok: false; reason: TrainImportReason };

const TRAIN_DOCUMENTS: readonly string[] = TRAIN_DOCUMENT_TYPES;

/**
 * The document a train booking takes from this traveller, travelling on `travelDate` (YYYY-MM-DD, China): the first
 * acceptable one in the traveller's own order (the first filed is the one used most) that is still valid that day.
 * A document without an expiry (an ID card valid for life) counts as valid. A traveller with no nationality on file
 * (moved over from the old favourites list) may bring any train document; the booking then asks for the nationality.
 */
export function chooseTrainDocument<D extends TrainImportDocument>(traveller: { nationality: string | null; travel_documents: readonly D[] }, travelDate: string): TrainDocumentChoice<D> {
  const nationality = (traveller.nationality ?? '').trim().toUpperCase();
  const docs = traveller.travel_documents;
  let accepted: readonly D[];
  if (nationality === 'CN') accepted = docs.filter((d) => d.type === 'idcard');
  else if (nationality) accepted = docs.filter((d) => d.type !== 'idcard' && TRAIN_DOCUMENTS.includes(d.type));
  else accepted = docs.filter((d) => TRAIN_DOCUMENTS.includes(d.type));

  const valid = accepted.find((d) => !d.expiryDate || d.expiryDate >= travelDate);
  if (valid) return { ok: true, document: valid };
  const expired = accepted[0];
  if (expired?.expiryDate) return { ok: false, reason: { key: 'travellers.import.train.expired', params: { expiry: expired.expiryDate, date: travelDate } } };
  if (nationality === 'CN') return { ok: false, reason: { key: 'travellers.import.train.residentIdMissing' } };
  return { ok: false, reason: { key: 'travellers.import.train.noDocument' } };
}

/**
 * The ticket type by age on the travel date: adult from 14, child below. A child under 6 rides free on an adult's seat
 * without a ticket; booking them a child ticket (a seat of their own) is allowed, so the import flags it instead.
 */
export function trainTicketTypeFor(birthday: string | null, travelDate: string): { ticketType: TrainTicketType; flag: TrainImportReason | null } {
  if (!birthday) return { ticketType: 'adult', flag: null };
  const age = ageOn(birthday, travelDate);
  if (age >= TRAIN_ADULT_MIN_AGE) return { ticketType: 'adult', flag: null };
  return { ticketType: 'child', flag: age < TRAIN_CHILD_MIN_AGE ? { key: 'train.order.passenger.under6', params: { date: travelDate } } : null };
}

/** Two-character Chinese surnames (复姓) still in use; every other Chinese surname is one character. */
const COMPOUND_SURNAMES = [
  '欧阳', '司马', '上官', '诸葛', '东方', '皇甫', '尉迟', '公孙', '慕容', '长孙', '宇文', '司徒', '夏侯', '令狐', '端木', '轩辕',
  '西门', '南宫', '独孤', '呼延', '万俟', '闻人', '赫连', '申屠', '太史', '钟离', '淳于', '单于', '司空', '澹台', '公羊', '濮阳',
  '歐陽', '司馬', '諸葛', '長孫', '夏侯', '鍾離', '單于', '澹臺',
];

/**
 * The names a ticket prints for this document: the Chinese name (localName) on a document printed in Chinese (the ID
 * card, the permits of Hong Kong, Macao and Taiwan residents), split into surname and given names; else the Latin
 * names. 12306 prints a Chinese name run together, so the split only has to keep the characters in order.
 */
export function trainTicketNames(
  traveller: { surname: string; given_names: string; localName: string | null },
  documentType: string,
): { surname: string; given_names: string; chinese: boolean } {
  const local = (traveller.localName ?? '').replace(/\s+/g, '');
  if (HAN_DOCUMENTS.includes(documentType) && local.length >= 2 && HAN_NAME.test(local)) {
    const cut = COMPOUND_SURNAMES.some((s) => local.startsWith(s)) && local.length >= 3 ? 2 : 1;
    // A transliterated name with the middle dot (阿卜杜·热合曼) is cut the same way: the ticket runs it together again.
    return { surname: local.slice(0, cut), given_names: local.slice(cut), chinese: true };
  }
  return { surname: traveller.surname, given_names: traveller.given_names, chinese: false };
}

import type { DocumentType } from '@portal/contract/api/flight-orders';
import { RECOGNITION_CERTAIN, type DocumentRecognition, type RecognisedFieldName } from '@portal/contract/api/travellers';
import { isCountryCode } from '@portal/contract/countries';
import { parseIsoDate } from '@portal/contract/passengers/dates';
import { normalizeDocumentType } from '@portal/contract/passengers/documents';
import { upperLatin } from '../../../lib/upper-latin';
import type { PassengerFormValue } from './booking-form';

/**
 * From a document recognition answer (POST /base/v2/analysis/document) to the values of one passenger card, and the
 * fields the agent must check. Pure, so the rules of "what a reading may change" are tested without a form.
 */

/** Where each recognised field goes on a passenger card (paths relative to the card). */
export const RECOGNISED_PATH: Record<RecognisedFieldName, string> = {
  surname: 'surname',
  given_names: 'given_names',
  gender: 'gender',
  birthday: 'birthday',
  nationality: 'nationality',
  documentType: 'travel_document.type',
  documentNumber: 'travel_document.number',
  expiryDate: 'travel_document.expiryDate',
  issuingCountry: 'travel_document.issuingCountry',
};

/** What the card becomes: only the fields read (the person's other fields stay as typed). */
export type RecognitionValues = Omit<PassengerFormValue, 'type' | 'frequentFlyer'>;

export type RecognitionFill =
  | {
      ok: true;
      values: RecognitionValues;
      /** Card-relative paths to mark "check this field". */
      uncertain: string[];
      /** The document read is of a type this booking does not offer: its number, expiry and issuer were not filled. */
      refusedType: DocumentType | null;
    }
  /** Nothing usable was read: the card must stay exactly as it was. */
  | { ok: false };

const GENDERS: Record<string, 'male' | 'female'> = { M: 'male', MALE: 'male', F: 'female', FEMALE: 'female' };

const name = (v: string) => upperLatin(v.trim().replace(/\s+/g, ' '));
const country = (v: string) => {
  const code = v.trim().toUpperCase();
  return isCountryCode(code) ? code : null;
};

/**
 * Reads each field the server answered, keeping only values the form can hold (a date it can parse, a country code it
 * knows, a document type the booking offers). A value that cannot be used is left out and its field marked, so the
 * agent types it instead of booking a guess. The document is replaced as a whole when any part of it was read: a new
 * number under the previous passenger's expiry date would be a mixed, wrong document.
 *
 * @param documentTypes the document types the form offers for this fare
 * @param currentType the card's document type now (kept when the reading does not say the type)
 */
export function recognitionFill(answer: DocumentRecognition, documentTypes: readonly string[], currentType?: string): RecognitionFill {
  const uncertain = new Set<string>();
  const read = (field: RecognisedFieldName): string | null => {
    const f = answer.fields[field];
    if (!f || f.value.trim() === '') return null;
    if (answer.uncertain.includes(field) || f.confidence < RECOGNITION_CERTAIN) uncertain.add(RECOGNISED_PATH[field]);
    return f.value;
  };
  /** The field was read but its value is of no use: not filled, marked for the agent. */
  const unusable = (field: RecognisedFieldName) => {
    uncertain.add(RECOGNISED_PATH[field]);
    return undefined;
  };

  const values: RecognitionValues = {};
  const surname = read('surname');
  if (surname) values.surname = name(surname);
  const given = read('given_names');
  if (given) values.given_names = name(given);
  const gender = read('gender');
  if (gender) values.gender = GENDERS[gender.trim().toUpperCase()] ?? unusable('gender');
  const birthday = read('birthday');
  if (birthday) values.birthday = parseIsoDate(birthday.trim()) ?? unusable('birthday');
  const nationality = read('nationality');
  if (nationality) values.nationality = country(nationality) ?? unusable('nationality');

  const typeRead = read('documentType');
  const recognisedType = typeRead ? normalizeDocumentType(typeRead) : null;
  let refusedType: DocumentType | null = null;
  const number = read('documentNumber');
  const expiry = read('expiryDate');
  const issuer = read('issuingCountry');
  if (recognisedType && !documentTypes.includes(recognisedType)) {
    // Not a document this fare takes: its details would only make a wrong booking. The person's fields still help.
    refusedType = recognisedType;
    for (const path of [RECOGNISED_PATH.documentType, RECOGNISED_PATH.documentNumber, RECOGNISED_PATH.expiryDate, RECOGNISED_PATH.issuingCountry]) uncertain.delete(path);
  } else if (number || expiry || issuer || recognisedType) {
    const type = recognisedType ?? (typeRead ? unusable('documentType') : currentType);
    values.travel_document = {
      type,
      number: number ? number.replace(/\s+/g, '').toUpperCase() : undefined,
      // An ID card has no expiry on the form.
      expiryDate: expiry && type !== 'idcard' ? (parseIsoDate(expiry.trim()) ?? unusable('expiryDate')) : undefined,
      issuingCountry: issuer ? (country(issuer) ?? unusable('issuingCountry')) : undefined,
    };
    if (type === 'idcard') uncertain.delete(RECOGNISED_PATH.expiryDate);
  }

  const anything = Object.values(values).some((v) => v !== undefined) || refusedType !== null;
  if (!anything) return { ok: false };
  return { ok: true, values, uncertain: [...uncertain], refusedType };
}

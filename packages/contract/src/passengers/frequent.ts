import type { DocumentType } from '../api/flight-orders.ts';
import type { PassengerType } from '../api/shopping.ts';
import type { FrequentPassengerBody } from '../api/travellers.ts';
import { MAX_TRAVELLER_DOCUMENTS } from '../api/travellers.ts';
import { ageOn, passengerTypeForAge, readBirthday } from './dates.ts';
import { normalizeDocumentType } from './documents.ts';
import { validateContact, validatePassenger, type FieldErrors, type NormalizedPassenger } from './validate.ts';

/**
 * A frequent passenger is checked by the booking's own rules (validate.ts), as of today rather than a flight date:
 * the type follows from the birthday, each document is checked as if it were the one booked (number format, check
 * character, birth date and sex inside an ID number, expiry not passed). A booking checks the imported passenger again
 * against its fare and dates.
 */

export interface NormalizedFrequentPassenger {
  type: PassengerType;
  surname: string;
  givenNames: string;
  localName: string | null;
  gender: NormalizedPassenger['gender'];
  birthday: string;
  nationality: string;
  areaCode: string | null;
  phone: string | null;
  email: string | null;
  /** In the order sent. `id` set when the agent kept a stored document; `number` empty then means "unchanged". */
  documents: { id: string | null; type: DocumentType; number: string; expiryDate: string | null; issuingCountry: string | null }[];
  remark: string | null;
}

export type FrequentCheck = { ok: true; passenger: NormalizedFrequentPassenger } | { ok: false; fields: FieldErrors };

// Han characters (with the extensions people's names use) and the middle dot of transliterated names (阿依古丽·买买提).
const LOCAL_NAME = /^[\p{Script=Han}·•]{1,40}$/u;

/** Type today from a birthday, or null while the birthday is unreadable. */
export function passengerTypeToday(birthday: string, today: string): PassengerType | null {
  const reading = readBirthday(birthday, today);
  if (!reading.ok || reading.date > today) return null;
  return passengerTypeForAge(ageOn(reading.date, today));
}

/**
 * Rules of a frequent passenger. `storedNumbers` gives, per kept document id, its stored (decrypted) number, so a
 * document sent back masked or empty is checked with the number on file. Field paths: 'surname',
 * 'travel_documents.1.number', 'email'.
 */
export function validateFrequentPassenger(body: FrequentPassengerBody, today: string, storedNumbers: ReadonlyMap<string, { type: DocumentType; number: string }> = new Map()): FrequentCheck {
  const fields: FieldErrors = {};
  const documents = body.travel_documents ?? [];
  const type = passengerTypeToday(body.birthday ?? '', today) ?? 'adult';
  const rules = { today, lastFlightDate: today, expected: { adult: 0, child: 0, infant: 0 } };

  if (documents.length === 0) fields.travel_documents = 'travellers.documents.required';
  if (documents.length > MAX_TRAVELLER_DOCUMENTS) fields.travel_documents = 'travellers.documents.max';

  const normalized: NormalizedFrequentPassenger['documents'] = [];
  let person: NormalizedPassenger | undefined;
  const seenTypes = new Map<string, number>();
  // Without documents the person's own fields are still checked, with a placeholder the rules never report.
  const checkOne = documents.length > 0 ? documents : [null];
  checkOne.forEach((doc, i) => {
    const stored = doc?.id ? storedNumbers.get(doc.id) : undefined;
    if (doc?.id && !stored) fields[`travel_documents.${i}.number`] = 'travellers.documents.unknown';
    const keepsNumber = !!stored && (!doc?.number?.trim() || doc.number.includes('*'));
    const number = keepsNumber ? stored!.number : (doc?.number ?? '');
    const checked = validatePassenger(
      {
        type,
        surname: body.surname,
        given_names: body.given_names,
        gender: body.gender,
        birthday: body.birthday,
        nationality: body.nationality,
        travel_document: doc ? { type: doc.type, number, expiryDate: doc.expiryDate, issuingCountry: doc.issuingCountry } : { type: 'passport', number: 'PLACEHOLDER1', expiryDate: null },
      },
      rules,
    );
    for (const [path, error] of Object.entries(checked.fields)) {
      if (path.startsWith('travel_document.')) {
        if (doc) fields[`travel_documents.${i}.${path.slice('travel_document.'.length)}`] ??= error;
      } else if (i === 0 || !(path in fields)) fields[path] ??= error;
    }
    if (doc) {
      const docType = normalizeDocumentType(doc.type ?? '');
      if (docType) {
        const first = seenTypes.get(docType);
        if (first !== undefined) fields[`travel_documents.${i}.type`] = 'travellers.documents.duplicate';
        else seenTypes.set(docType, i);
      }
      if (checked.passenger) {
        normalized.push({ id: doc.id ?? null, ...checked.passenger.document });
        person ??= checked.passenger;
      }
    }
  });

  const localName = (body.localName ?? '').replace(/\s+/g, '');
  if (localName && !LOCAL_NAME.test(localName)) fields.localName = 'travellers.localName.format';

  // Contact details are optional on a traveller, but what is given must be right (the booking's contact rules).
  const email = (body.email ?? '').trim();
  const phone = (body.phone ?? '').trim();
  const areaCode = (body.areaCode ?? '').trim();
  if (email || phone) {
    const contact = validateContact({ name: 'x', email: email || 'a@b.cn', areaCode: phone ? areaCode : '86', phone: phone || '12345' });
    if (email && contact.fields.email) fields.email = contact.fields.email;
    if (phone && contact.fields.phone) fields.phone = contact.fields.phone;
    if (phone && contact.fields.areaCode) fields.areaCode = contact.fields.areaCode;
  }

  if (Object.keys(fields).length > 0 || !person) return { ok: false, fields };
  return {
    ok: true,
    passenger: {
      type: person.type,
      surname: person.surname,
      givenNames: person.givenNames,
      localName: localName || null,
      gender: person.gender,
      birthday: person.birthday,
      nationality: person.nationality,
      areaCode: phone ? areaCode.replace(/^\+/, '') : null,
      phone: phone ? phone.replace(/[\s-]/g, '') : null,
      email: email || null,
      documents: normalized,
      remark: (body.remark ?? '').trim() || null,
    },
  };
}

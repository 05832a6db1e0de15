import { GENDERS, type ContactInput, type DocumentType, type Gender, type PassengerInput } from '../api/flight-orders.ts';
import { PASSENGER_TYPES, type PassengerType, type Restrictions } from '../api/shopping.ts';
import { isCountryCode } from '../countries.ts';
import type { MessageKey } from '../messages.ts';
import { ageOn, parseIsoDate, passengerTypeForAge, readBirthday } from './dates.ts';
import {
  ENCODES_BIRTH_AND_SEX,
  isDocumentAllowed,
  isValidDocumentNumber,
  isValidResidentId,
  normalizeDocumentNumber,
  normalizeDocumentType,
  residentIdFacts,
} from './documents.ts';

/**
 * The one set of passenger and contact rules (spec point 5, issue 8): the booking form runs it as the agent types and
 * the server runs it again before booking, so both refuse the same input with the same message key and field path.
 */

export { ageOn, parseBirthday, passengerTypeForAge } from './dates.ts';
export { isValidDocumentNumber, isValidResidentId, maskDocumentNumber, residentIdFacts } from './documents.ts';

export interface BookingRules {
  /** YYYY-MM-DD: the booking date (birthday not after it; pivot year for ddMMMyy). */
  today: string;
  /** YYYY-MM-DD local date of the last flight: ages and document expiry are measured on it. */
  lastFlightDate: string;
  /** The search's passenger counts. */
  expected: { adult: number; child: number; infant: number };
  restrictions?: Pick<Restrictions, 'minAge' | 'maxAge' | 'documents' | 'allowedCountries' | 'forbiddenCountries'> | null;
}

export interface NormalizedPassenger {
  type: PassengerType;
  surname: string;
  givenNames: string;
  gender: Gender;
  /** YYYY-MM-DD. */
  birthday: string;
  /** ISO 3166-1 alpha-2, upper case. */
  nationality: string;
  document: {
    type: DocumentType;
    /** Upper case, no spaces. */
    number: string;
    expiryDate: string | null;
    issuingCountry: string | null;
  };
  frequentFlyer: { airline: string; number: string } | null;
}

export interface NormalizedContact {
  name: string;
  email: string;
  /** Calling code, digits only. */
  areaCode: string;
  /** Digits only. */
  phone: string;
}

export type FieldError = MessageKey | { key: MessageKey; params: Record<string, string | number> };
export type FieldErrors = Record<string, FieldError>;

export type BookingCheck = { ok: true; passengers: NormalizedPassenger[]; contact: NormalizedContact } | { ok: false; fields: FieldErrors };

const NAME_MAX = 50;
const CONTACT_NAME_MAX = 60;
const EMAIL_MAX = 254;
// Latin letters only (DOCS and ticket names are A-Z). Tested before upper-casing: 'ß' would otherwise become 'SS'.
const NAME_WORDS = /^[A-Za-z]+( [A-Za-z]+)*$/;
const EMAIL = /^[^\s@]+@([^\s@.]+\.)+[^\s@.]{2,}$/;
// IATA airline designators: two letters, or a letter and a digit in either order (3U, 9C); never two digits.
const AIRLINE = /^([A-Z]{2}|[A-Z]\d|\d[A-Z])$/;
const FREQUENT_FLYER_NUMBER = /^[A-Z0-9]{4,20}$/;
const EARLIEST_BIRTH_YEAR = 1900;

const NUMBER_MESSAGES: Record<DocumentType, MessageKey> = {
  idcard: 'order.passenger.document.number.idcard',
  passport: 'order.passenger.document.number.passport',
  internationalityPassport: 'order.passenger.document.number.passport',
  'chinese-passport': 'order.passenger.document.number.chinesePassport',
  eep: 'order.passenger.document.number.eep',
  tphm: 'order.passenger.document.number.tphm',
  tptw: 'order.passenger.document.number.tptw',
  ttpmr: 'order.passenger.document.number.ttpmr',
  fpridcard: 'order.passenger.document.number.fpridcard',
  rphmt: 'order.passenger.document.number.rphmt',
};

const TYPE_MISMATCH: Record<PassengerType, MessageKey> = {
  adult: 'order.passenger.type.adult',
  child: 'order.passenger.type.child',
  infant: 'order.passenger.type.infant',
};

/** People paste names with doubled or trailing spaces; those are typing slips, not a reason to refuse. */
const collapseSpaces = (s: string) => s.trim().replace(/\s+/g, ' ');

function passengerType(value: string | undefined): PassengerType | null {
  const v = (value ?? '').trim().toLowerCase();
  return (PASSENGER_TYPES as readonly string[]).includes(v) ? (v as PassengerType) : null;
}

function readName(value: string | undefined, required: MessageKey, format: MessageKey): { value: string } | { error: FieldError } {
  const v = collapseSpaces(value ?? '');
  if (!v) return { error: required };
  if (!NAME_WORDS.test(v)) return { error: format };
  if (v.length > NAME_MAX) return { error: { key: 'order.passenger.name.tooLong', params: { max: NAME_MAX } } };
  return { value: v.toUpperCase() };
}

function listed(codes: readonly string[] | null | undefined, code: string): boolean {
  return (codes ?? []).some((c) => c.trim().toUpperCase() === code);
}

/** Rules of one passenger; field paths are relative ('surname', 'travel_document.number'). */
export function validatePassenger(p: PassengerInput, rules: BookingRules): { passenger?: NormalizedPassenger; fields: FieldErrors } {
  const fields: FieldErrors = {};
  const restrictions = rules.restrictions ?? null;

  const rawType = (p.type ?? '').trim();
  const type = passengerType(rawType);
  if (!type) fields.type = 'order.passenger.type.required';

  const surname = readName(p.surname, 'order.passenger.surname.required', 'order.passenger.surname.format');
  if ('error' in surname) fields.surname = surname.error;
  const givenNames = readName(p.given_names, 'order.passenger.givenNames.required', 'order.passenger.givenNames.format');
  if ('error' in givenNames) fields.given_names = givenNames.error;

  const rawGender = (p.gender ?? '').trim().toLowerCase();
  const gender = (GENDERS as readonly string[]).includes(rawGender) ? (rawGender as Gender) : null;
  if (!rawGender) fields.gender = 'order.passenger.gender.required';
  else if (!gender) fields.gender = 'order.passenger.gender.invalid';

  let birthday: string | null = null;
  const rawBirthday = (p.birthday ?? '').trim();
  if (!rawBirthday) fields.birthday = 'order.passenger.birthday.required';
  else {
    const reading = readBirthday(rawBirthday, rules.today);
    if (!reading.ok) fields.birthday = reading.reason === 'format' ? 'order.passenger.birthday.format' : 'order.passenger.birthday.invalid';
    else if (Number(reading.date.slice(0, 4)) < EARLIEST_BIRTH_YEAR) fields.birthday = 'order.passenger.birthday.year';
    else if (reading.date > rules.today) fields.birthday = 'order.passenger.birthday.future';
    else birthday = reading.date;
  }

  if (birthday && type) {
    const age = ageOn(birthday, rules.lastFlightDate);
    const byAge = passengerTypeForAge(age);
    if (byAge !== type) fields.type = { key: TYPE_MISMATCH[byAge], params: { date: rules.lastFlightDate } };
    else if (type === 'adult' && restrictions?.minAge != null && age < restrictions.minAge) {
      fields.birthday = { key: 'order.passenger.age.belowFareMinimum', params: { min: restrictions.minAge } };
    } else if (type === 'adult' && restrictions?.maxAge != null && age > restrictions.maxAge) {
      fields.birthday = { key: 'order.passenger.age.aboveFareMaximum', params: { max: restrictions.maxAge } };
    }
  }

  const nationality = (p.nationality ?? '').trim().toUpperCase();
  if (!nationality) fields.nationality = 'order.passenger.nationality.required';
  else if (!isCountryCode(nationality)) fields.nationality = 'order.passenger.nationality.unknown';
  else if ((restrictions?.allowedCountries?.length && !listed(restrictions.allowedCountries, nationality)) || listed(restrictions?.forbiddenCountries, nationality)) {
    fields.nationality = 'order.passenger.nationality.notAllowed';
  }

  const doc = p.travel_document ?? { type: '', number: '' };
  const rawDocType = (doc.type ?? '').trim();
  const docType = normalizeDocumentType(rawDocType);
  if (!rawDocType) fields['travel_document.type'] = 'order.passenger.document.type.required';
  else if (!docType) fields['travel_document.type'] = 'order.passenger.document.type.unknown';
  else if (!isDocumentAllowed(docType, restrictions?.documents)) fields['travel_document.type'] = 'order.passenger.document.type.restricted';

  const number = normalizeDocumentNumber(doc.number ?? '');
  if (!number) fields['travel_document.number'] = 'order.passenger.document.number.required';
  else if (docType) {
    const numberError = documentNumberError(docType, number, birthday, gender);
    if (numberError) fields['travel_document.number'] = numberError;
  }

  const rawExpiry = (doc.expiryDate ?? '').trim();
  let expiryDate: string | null = null;
  if (!rawExpiry) {
    // A mainland ID card may be valid for life ("长期"), so its expiry is the only optional one.
    if (docType && docType !== 'idcard') fields['travel_document.expiryDate'] = 'order.passenger.document.expiry.required';
  } else {
    expiryDate = parseIsoDate(rawExpiry);
    if (!expiryDate) fields['travel_document.expiryDate'] = 'order.passenger.document.expiry.invalid';
    else if (expiryDate < rules.lastFlightDate) {
      fields['travel_document.expiryDate'] = { key: 'order.passenger.document.expiry.beforeFlight', params: { date: rules.lastFlightDate } };
    }
  }

  const rawIssuer = (doc.issuingCountry ?? '').trim().toUpperCase();
  if (rawIssuer && !isCountryCode(rawIssuer)) fields['travel_document.issuingCountry'] = 'order.passenger.document.issuingCountry.unknown';

  let frequentFlyer: NormalizedPassenger['frequentFlyer'] = null;
  const ffAirline = (p.frequentFlyer?.airline ?? '').trim().toUpperCase();
  const ffNumber = normalizeDocumentNumber(p.frequentFlyer?.number ?? '');
  // The form sends an empty pair when the agent leaves both fields blank: that is "no frequent flyer number".
  if (ffAirline || ffNumber) {
    if (!AIRLINE.test(ffAirline)) fields['frequentFlyer.airline'] = 'order.passenger.frequentFlyer.airline';
    if (!FREQUENT_FLYER_NUMBER.test(ffNumber)) fields['frequentFlyer.number'] = 'order.passenger.frequentFlyer.number';
    frequentFlyer = { airline: ffAirline, number: ffNumber };
  }

  if (Object.keys(fields).length > 0 || !type || !gender || !birthday || !docType || !('value' in surname) || !('value' in givenNames)) {
    return { fields };
  }
  return {
    fields,
    passenger: {
      type,
      surname: surname.value,
      givenNames: givenNames.value,
      gender,
      birthday,
      nationality,
      document: { type: docType, number, expiryDate, issuingCountry: rawIssuer || null },
      frequentFlyer,
    },
  };
}

function documentNumberError(type: DocumentType, number: string, birthday: string | null, gender: Gender | null): FieldError | null {
  if (!isValidDocumentNumber(type, number)) {
    // A well-formed citizen number whose check character disagrees is a typo in one digit: say so.
    if (type === 'idcard' && /^[1-8]\d{16}[\dX]$/.test(number) && !isValidResidentId(number)) {
      const encodedBirth = `${number.slice(6, 10)}-${number.slice(10, 12)}-${number.slice(12, 14)}`;
      if (parseIsoDate(encodedBirth)) return 'order.passenger.document.number.idcardCheck';
    }
    return NUMBER_MESSAGES[type];
  }
  if (ENCODES_BIRTH_AND_SEX.includes(type)) {
    const facts = residentIdFacts(number);
    if (facts && birthday && facts.birthday !== birthday) return 'order.passenger.document.number.birthdayMismatch';
    if (facts && gender && facts.gender !== gender) return 'order.passenger.document.number.genderMismatch';
  }
  return null;
}

/** Contact rules; field paths relative ('name', 'email', 'areaCode', 'phone'). */
export function validateContact(c: ContactInput): { contact?: NormalizedContact; fields: FieldErrors } {
  const fields: FieldErrors = {};
  const name = collapseSpaces(c.name ?? '');
  if (!name) fields.name = 'order.contact.name.required';
  else if (name.length > CONTACT_NAME_MAX) fields.name = { key: 'order.contact.name.tooLong', params: { max: CONTACT_NAME_MAX } };

  const email = (c.email ?? '').trim();
  if (!email) fields.email = 'order.contact.email.required';
  else if (email.length > EMAIL_MAX || !EMAIL.test(email)) fields.email = 'validation.email.format';

  const areaCode = (c.areaCode ?? '').trim().replace(/^\+/, '');
  if (!areaCode) fields.areaCode = 'order.contact.areaCode.required';
  else if (!/^\d{1,4}$/.test(areaCode)) fields.areaCode = 'order.contact.areaCode.invalid';

  const phone = (c.phone ?? '').replace(/[\s-]/g, '');
  if (!phone) fields.phone = 'order.contact.phone.required';
  else if (!/^\d{5,15}$/.test(phone)) fields.phone = 'order.contact.phone.invalid';

  if (Object.keys(fields).length > 0) return { fields };
  return { fields, contact: { name, email, areaCode, phone } };
}

/** Rules across the list: the counts the fare was priced for, an adult per infant, nobody twice. */
function listError(passengers: PassengerInput[], rules: BookingRules): FieldError | null {
  const counts = { adult: 0, child: 0, infant: 0 };
  for (const p of passengers) {
    const type = passengerType(p.type);
    if (type) counts[type] += 1;
  }
  const { expected } = rules;
  if (counts.adult !== expected.adult || counts.child !== expected.child || counts.infant !== expected.infant || passengers.length !== expected.adult + expected.child + expected.infant) {
    return { key: 'order.passenger.list.count', params: { adult: expected.adult, child: expected.child, infant: expected.infant } };
  }
  if (counts.infant > counts.adult) return 'order.passenger.list.infants';

  const seen = new Map<string, number>();
  for (const [i, p] of passengers.entries()) {
    for (const key of identityKeys(p, rules.today)) {
      const first = seen.get(key);
      if (first !== undefined && first !== i) return { key: 'order.passenger.list.duplicate', params: { first: first + 1, second: i + 1 } };
      if (first === undefined) seen.set(key, i);
    }
  }
  return null;
}

/** What identifies a person: the document, or the full name with the birthday. */
function identityKeys(p: PassengerInput, today: string): string[] {
  const keys: string[] = [];
  const rawType = (p.travel_document?.type ?? '').trim();
  const number = normalizeDocumentNumber(p.travel_document?.number ?? '');
  if (rawType && number) keys.push(`doc|${normalizeDocumentType(rawType) ?? rawType.toLowerCase()}|${number}`);
  const surname = collapseSpaces(p.surname ?? '').toUpperCase();
  const given = collapseSpaces(p.given_names ?? '').toUpperCase();
  const reading = readBirthday(p.birthday ?? '', today);
  if (surname && given && reading.ok) keys.push(`name|${surname}|${given}|${reading.date}`);
  return keys;
}

/**
 * Every rule of a booking. Field paths are absolute: 'passengers.0.surname', 'contact.email', and 'passengers' for the
 * rules across the list (placed first, so a caller showing one message shows the one that concerns the whole list).
 */
export function validateBooking(input: { passengers: PassengerInput[]; contact: ContactInput }, rules: BookingRules): BookingCheck {
  const fields: FieldErrors = {};
  const list = listError(input.passengers, rules);
  if (list) fields.passengers = list;

  const passengers: NormalizedPassenger[] = [];
  input.passengers.forEach((p, i) => {
    const checked = validatePassenger(p, rules);
    for (const [path, error] of Object.entries(checked.fields)) fields[`passengers.${i}.${path}`] = error;
    if (checked.passenger) passengers.push(checked.passenger);
  });

  const contact = validateContact(input.contact);
  for (const [path, error] of Object.entries(contact.fields)) fields[`contact.${path}`] = error;

  if (Object.keys(fields).length > 0 || !contact.contact) return { ok: false, fields };
  return { ok: true, passengers, contact: contact.contact };
}

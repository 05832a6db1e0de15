import { DOCUMENT_TYPES, type DocumentType, type Gender } from '../api/flight-orders.ts';
import { parseIsoDate } from './dates.ts';

/** Spelling of document types as fares and older clients send them; the spec writes both forms. */
const TYPE_SYNONYMS: Record<string, DocumentType> = { chinesepassport: 'chinese-passport' };
const TYPES_BY_LOWER = new Map<string, DocumentType>(DOCUMENT_TYPES.map((t) => [t.toLowerCase(), t]));

/** The canonical document type for any accepted spelling (case-insensitive), or null when unknown. */
export function normalizeDocumentType(value: string): DocumentType | null {
  const key = value.trim().toLowerCase();
  return TYPES_BY_LOWER.get(key) ?? TYPE_SYNONYMS[key] ?? null;
}

/** What is stored and sent to the airline: people type numbers with spaces and in lower case, DOCS has neither. */
export function normalizeDocumentNumber(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/** GB 11643-1999: weights 2^(17-i) mod 11 of ISO 7064 MOD 11-2 for the 17 digits before the check character. */
const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK_CHARS = '10X98765432';

/** ISO 7064 MOD 11-2 check character of a 17-digit body ('X' stands for 10). */
export function mod11_2CheckChar(body: string): string {
  const sum = WEIGHTS.reduce((s, w, i) => s + w * Number(body[i]), 0);
  return CHECK_CHARS[sum % 11];
}

const RESIDENT_ID = /^\d{17}[\dX]$/;

/**
 * Citizen identity number (GB 11643-1999): 6-digit area, 8-digit birth date YYYYMMDD, 3-digit sequence, check
 * character. Accepts a lower-case 'x'. The same layout serves the HK/Macao/Taiwan residence permit (areas 81, 82, 83).
 */
export function isValidResidentId(id: string): boolean {
  const n = id.trim().toUpperCase();
  if (!RESIDENT_ID.test(n)) return false;
  if (!parseIsoDate(`${n.slice(6, 10)}-${n.slice(10, 12)}-${n.slice(12, 14)}`)) return false;
  return mod11_2CheckChar(n) === n[17];
}

/** Birth date and sex encoded in a valid identity number: the 17th digit is odd for men, even for women. */
export function residentIdFacts(id: string): { birthday: string; gender: Gender } | null {
  if (!isValidResidentId(id)) return null;
  const n = id.trim().toUpperCase();
  return { birthday: `${n.slice(6, 10)}-${n.slice(10, 12)}-${n.slice(12, 14)}`, gender: Number(n[16]) % 2 === 1 ? 'male' : 'female' };
}

/**
 * Number formats per document type. Sources, where the spec is silent:
 * - passport: ICAO 9303 part 4 allows up to 9 characters, letters and digits, for the document number.
 * - chinese-passport: PRC ordinary e-passports since 2012 are E + 8 digits, then E + letter + 7 digits once the E
 *   series ran out; pre-2012 ordinary passports G + 8 digits (see doly-dev/util-helpers src/isPassport.ts).
 * - eep (Exit-Entry Permit for Travelling to and from HK and Macao): booklet W + 8 digits, card C + 8 digits, then
 *   C + letter + 7 digits.
 * - tphm (Mainland Travel Permit for HK and Macao Residents): H (Hong Kong) or M (Macao) + 8 digits, or + 10 digits
 *   on the first card generation (doly-dev/util-helpers src/isHMCard.ts).
 * - tptw (Taiwan compatriot permit): the card's 8-digit number; the 10-digit form (the 8 digits plus a 2-digit issue
 *   count, older booklets with an issue letter after it) and single-entry permits, a letter + 9 digits such as
 *   F290299977 (doly-dev/util-helpers src/isTWCard.ts, after zh.wikipedia "台湾居民来往大陆通行证").
 * - ttpmr (Mainland Travel Permit for Taiwan Residents): 8 digits.
 * - fpridcard (Foreign Permanent Resident ID Card): 3 letters + 12 digits until 2023; the card issued from
 *   2023-12-01 carries 18 characters, first digit 9, the last a MOD 11-2 check as for citizens (National Immigration
 *   Administration, "新版外国人永久居留身份证机读信息规则(2023版)").
 * - rphmt (Residence Permit for HK, Macao and Taiwan Residents): a GB 11643 number whose area code is 810000 (Hong
 *   Kong), 820000 (Macao) or 830000 (Taiwan).
 */
const FORMATS: Record<Exclude<DocumentType, 'idcard' | 'rphmt'>, RegExp> = {
  passport: /^[A-Z0-9]{5,9}$/,
  internationalityPassport: /^[A-Z0-9]{5,9}$/,
  'chinese-passport': /^(E\d{8}|E[A-Z]\d{7}|G\d{8})$/,
  eep: /^(C\d{8}|C[A-Z]\d{7}|W\d{8})$/,
  tphm: /^[HM](\d{8}|\d{10})$/,
  tptw: /^(\d{8}|\d{10}[A-Z]?|[A-Z]\d{9})$/,
  ttpmr: /^\d{8}$/,
  fpridcard: /^([A-Z]{3}\d{12}|9\d{16}[\dX])$/,
};

const RESIDENCE_PERMIT_AREAS = ['810000', '820000', '830000'];

// Citizen numbers start with a province code 1-8; 9 marks a foreigner's permanent residence card (NIA 2023 rule).
const isCitizenId = (n: string) => isValidResidentId(n) && /^[1-8]/.test(n);

/** Whether `number` (normalized here) has the format of `type`; check characters are verified where one exists. */
export function isValidDocumentNumber(type: DocumentType, number: string): boolean {
  const n = normalizeDocumentNumber(number);
  switch (type) {
    case 'idcard':
      return isCitizenId(n);
    case 'rphmt':
      return isValidResidentId(n) && RESIDENCE_PERMIT_AREAS.includes(n.slice(0, 6));
    case 'fpridcard':
      return FORMATS.fpridcard.test(n) && (n.length === 15 || mod11_2CheckChar(n) === n[17]);
    default:
      return FORMATS[type].test(n);
  }
}

/** Document types whose number carries the holder's birth date and sex (GB 11643 layout). */
export const ENCODES_BIRTH_AND_SEX: readonly DocumentType[] = ['idcard', 'rphmt'];

/** Everything but the last 4 characters hidden, for lists, e-mails and logs. */
export function maskDocumentNumber(n: string): string {
  return n.length <= 4 ? n : '*'.repeat(n.length - 4) + n.slice(-4);
}

/**
 * Whether a fare whose restriction lists `allowed` accepts `type`. An empty list, or one naming all/unlimited, accepts
 * every document; 'passport' in the list also admits the Chinese and "internationality" passports.
 */
export function isDocumentAllowed(type: DocumentType, allowed: readonly string[] | null | undefined): boolean {
  if (!allowed || allowed.length === 0) return true;
  const listed = allowed.map((a) => a.trim().toLowerCase());
  if (listed.includes('all') || listed.includes('unlimited')) return true;
  const types = new Set(listed.map((a) => normalizeDocumentType(a)));
  if (types.has(type)) return true;
  return types.has('passport') && (type === 'chinese-passport' || type === 'internationalityPassport');
}

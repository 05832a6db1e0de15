import type { TFunction } from 'i18next';
import type { DocumentType } from '@portal/contract/api/flight-orders';
import type { FrequentPassenger, FrequentPassengerBody } from '@portal/contract/api/travellers';
import { validateFrequentPassenger } from '@portal/contract/passengers/frequent';
import type { FieldError, FieldErrors } from '@portal/contract/passengers/validate';
import { ApiError } from '../../lib/api';

/**
 * The frequent passenger form's shape and its translation to and from the contract. What is valid is decided by the
 * shared module (@portal/contract/passengers/frequent), which the server runs again; nothing here adds rules.
 *
 * Form values mirror `FrequentPassengerBody` field for field, so a field path of the shared module or of the server
 * ("travel_documents.1.number", "email") names a form field as it is.
 */

export interface DocumentFormValue {
  /** Set for a document on file: sent back so the server keeps (or replaces) that document. */
  id?: string;
  /** The type it is stored with; a kept document whose type changes needs its number typed again. */
  storedType?: DocumentType;
  /** The masked number on file ("*****5678"), shown as the number field's placeholder. */
  masked?: string;
  type?: string;
  /** Empty on a document on file means "unchanged". */
  number?: string;
  expiryDate?: string;
  issuingCountry?: string;
}

export interface TravellerFormValues {
  surname?: string;
  given_names?: string;
  localName?: string;
  gender?: string;
  birthday?: string;
  nationality?: string;
  areaCode?: string;
  phone?: string;
  email?: string;
  remark?: string;
  travel_documents: DocumentFormValue[];
}

const text = (v: string | null | undefined) => (v ?? '').trim();

/** The form's starting values: the traveller on file, or an empty traveller with one empty document. */
export function formValuesOf(p: FrequentPassenger | null, defaultRegion: string): TravellerFormValues {
  if (!p) return { areaCode: defaultRegion, travel_documents: [{}] };
  return {
    surname: p.surname,
    given_names: p.given_names,
    localName: p.localName ?? '',
    // Null only for a traveller moved over from the old favourites list: the agent fills them in on the first save.
    gender: p.gender ?? undefined,
    birthday: p.birthday ?? undefined,
    nationality: p.nationality ?? undefined,
    areaCode: p.areaCode ?? defaultRegion,
    phone: p.phone ?? '',
    email: p.email ?? '',
    remark: p.remark ?? '',
    // A traveller moved over from the old favourites list has no document yet: offer an empty one to fill in.
    travel_documents:
      p.travel_documents.length > 0
        ? p.travel_documents.map((d) => ({
            id: d.id,
            storedType: d.type,
            masked: d.number,
            type: d.type,
            number: '',
            expiryDate: d.expiryDate ?? '',
            issuingCountry: d.issuingCountry ?? '',
          }))
        : [{}],
  };
}

/** A document on file left as it was (same type, no new number): its stored number is kept. */
export function keepsStoredNumber(d: DocumentFormValue): boolean {
  return !!d.id && !!d.storedType && text(d.type) === d.storedType && !text(d.number);
}

export function toTravellerBody(v: TravellerFormValues): FrequentPassengerBody {
  const phone = text(v.phone);
  return {
    surname: text(v.surname),
    given_names: text(v.given_names),
    localName: text(v.localName) || null,
    gender: text(v.gender),
    birthday: text(v.birthday),
    nationality: text(v.nationality),
    areaCode: phone ? text(v.areaCode) || null : null,
    phone: phone || null,
    email: text(v.email) || null,
    remark: text(v.remark) || null,
    travel_documents: (v.travel_documents ?? []).map((d) => {
      const number = text(d.number);
      // A document on file whose type changed but whose number was not retyped is sent as a new, empty one, so the
      // rules ask for its number instead of keeping a number that belonged to another type.
      const sendId = d.id && (keepsStoredNumber(d) || number) ? d.id : null;
      return {
        id: sendId,
        type: text(d.type),
        number: keepsStoredNumber(d) ? '' : number,
        expiryDate: text(d.expiryDate) || null,
        issuingCountry: text(d.issuingCountry) || null,
      };
    }),
  };
}

/**
 * The shared rules on the form's values, as of `today`. The browser never holds a stored number, so a kept document's
 * number is left to the server (it checks the number on file); every other field is checked here as the server will.
 */
export function checkTraveller(v: TravellerFormValues, today: string): FieldErrors {
  const body = toTravellerBody(v);
  const docs = body.travel_documents ?? [];
  const kept = new Map<string, { type: DocumentType; number: string }>();
  const keptIndexes = new Set<number>();
  docs.forEach((d, i) => {
    if (d.id && !d.number && v.travel_documents[i]?.storedType) {
      kept.set(d.id, { type: v.travel_documents[i].storedType!, number: '' });
      keptIndexes.add(i);
    }
  });
  const check = validateFrequentPassenger(body, today, kept);
  if (check.ok) return {};
  const fields = { ...check.fields };
  for (const i of keptIndexes) delete fields[`travel_documents.${i}.number`];
  return fields;
}

/** The shared module's message key (with its parameters) in the user's language. */
export function messageOf(error: FieldError, t: TFunction): string {
  return typeof error === 'string' ? t(error) : t(error.key, error.params);
}

/** "travel_documents.1.number" -> ['travel_documents', 1, 'number'] (antd's name path). */
export function namePathOf(path: string): (string | number)[] {
  return path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/** Field paths of the traveller form, for telling a server's field message apart from one about something else. */
const FORM_FIELDS = new Set(['surname', 'given_names', 'localName', 'gender', 'birthday', 'nationality', 'areaCode', 'phone', 'email', 'remark', 'travel_documents']);

/**
 * The server's field messages (already in the user's language) that belong on a field of this form, as antd
 * setFields entries; `rest` is the message to show otherwise (a refusal not tied to a field, e.g. the 30 limit).
 */
export function serverFieldErrors(err: unknown, fallback: string): { fields: { name: (string | number)[]; errors: string[] }[]; rest: string | null } {
  if (!(err instanceof ApiError)) return { fields: [], rest: err instanceof Error && err.message ? err.message : fallback };
  const entries = Object.entries(err.fields ?? {});
  const fields = entries.filter(([path]) => FORM_FIELDS.has(path.split('.')[0])).map(([path, message]) => ({ name: namePathOf(path), errors: [message] }));
  const rest = fields.length > 0 && fields.length === entries.length ? null : err.message || fallback;
  return { fields, rest };
}

/** Local calendar date of `now`, 'YYYY-MM-DD' (what ages and expiry are measured on). */
export function localDate(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** SURNAME/GIVEN NAMES, as on tickets and member cards. */
export const ticketName = (p: { surname?: string | null; given_names?: string | null }) => `${text(p.surname)}/${text(p.given_names)}`;

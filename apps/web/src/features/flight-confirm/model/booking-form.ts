import type { TFunction } from 'i18next';
import { BOOKING_DOCUMENT_TYPES, DOCUMENT_TYPES, type ContactInput, type CreateOrderBody, type DocumentType, type PassengerInput } from '@portal/contract/api/flight-orders';
import { PASSENGER_TYPES, type FareChoice, type PassengerType, type Solution } from '@portal/contract/api/shopping';
import { isDocumentAllowed } from '@portal/contract/passengers/documents';
import type { BookingCheck, BookingRules, FieldError, FieldErrors, NormalizedContact, NormalizedPassenger } from '@portal/contract/passengers/validate';

/**
 * The booking form's shape and its translation to and from the contract. The rules themselves live in the shared
 * module (@portal/contract/passengers/validate), which the server runs again; nothing here decides what is valid.
 *
 * Form values mirror `PassengerInput` and `ContactInput` field for field, so a field path of the shared module or of
 * the server ("passengers.1.travel_document.number", "contact.email") names a form field as it is.
 */

export interface PassengerFormValue {
  type: PassengerType;
  surname?: string;
  given_names?: string;
  gender?: string;
  /** 'YYYY-MM-DD'. */
  birthday?: string;
  nationality?: string;
  travel_document?: { type?: string; number?: string; expiryDate?: string; issuingCountry?: string };
  frequentFlyer?: { airline?: string; number?: string };
}

export interface ContactFormValue {
  name?: string;
  email?: string;
  areaCode?: string;
  phone?: string;
}

export interface BookingFormValues {
  passengers: PassengerFormValue[];
  contact: ContactFormValue;
}

/** One card of the form: "Adult 1", "Child 1". */
export interface PassengerSlot {
  type: PassengerType;
  /** 1-based number within its type. */
  n: number;
}

/** One slot per passenger the fare was priced for, adults first. */
export function passengerSlots(fare: Pick<FareChoice, 'priceList'>): PassengerSlot[] {
  return PASSENGER_TYPES.flatMap((type) => {
    const count = fare.priceList.filter((p) => p.passengerType === type).reduce((s, p) => s + Math.max(0, p.count), 0);
    return Array.from({ length: count }, (_, i) => ({ type, n: i + 1 }));
  });
}

/**
 * The document types the agent may choose: the booking list (spec point 3), narrowed to the fare's restriction when
 * it names documents. A fare that only takes documents outside the booking list offers those instead, rather than an
 * empty select that would make the fare unbookable.
 */
export function documentTypeOptions(allowed: readonly string[] | null | undefined): DocumentType[] {
  const fromBookingList = BOOKING_DOCUMENT_TYPES.filter((d) => isDocumentAllowed(d, allowed));
  if (fromBookingList.length > 0) return fromBookingList;
  return DOCUMENT_TYPES.filter((d) => isDocumentAllowed(d, allowed));
}

/** YYYY-MM-DD of the last flight's departure, local to its airport (what ages and expiry are measured on). */
export function lastFlightDate(solution: Pick<Solution, 'legs'>): string {
  const leg = solution.legs[solution.legs.length - 1];
  const segment = leg?.segments[leg.segments.length - 1];
  return segment ? segment.departure.slice(0, 10) : '';
}

/** Local calendar date of `now`, 'YYYY-MM-DD'. */
export function localDate(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function bookingRulesFor(fare: FareChoice, solution: Pick<Solution, 'legs'>, today: string): BookingRules {
  const expected = { adult: 0, child: 0, infant: 0 };
  for (const slot of passengerSlots(fare)) expected[slot.type] += 1;
  return { today, lastFlightDate: lastFlightDate(solution), expected, restrictions: fare.restrictions };
}

export function initialValues(slots: PassengerSlot[], documentTypes: readonly DocumentType[], contact: ContactFormValue): BookingFormValues {
  // A single choice is no choice: fill it in. Otherwise the agent picks (an ID card and a passport are both common).
  const docType = documentTypes.length === 1 ? documentTypes[0] : undefined;
  return {
    passengers: slots.map((s) => ({ type: s.type, travel_document: { type: docType } })),
    contact,
  };
}

const text = (v: string | undefined | null) => (v ?? '').trim();

export function toPassengerInput(v: PassengerFormValue): PassengerInput {
  const doc = v.travel_document ?? {};
  const docType = text(doc.type);
  const ffAirline = text(v.frequentFlyer?.airline);
  const ffNumber = text(v.frequentFlyer?.number);
  return {
    type: v.type,
    surname: text(v.surname),
    given_names: text(v.given_names),
    gender: text(v.gender),
    birthday: text(v.birthday),
    nationality: text(v.nationality),
    travel_document: {
      type: docType,
      number: text(doc.number),
      // An ID card has no expiry field on the form: whatever was typed before switching type is not sent.
      expiryDate: docType === 'idcard' ? null : text(doc.expiryDate) || null,
      issuingCountry: text(doc.issuingCountry) || null,
    },
    frequentFlyer: ffAirline || ffNumber ? { airline: ffAirline, number: ffNumber } : null,
  };
}

export function toContactInput(v: ContactFormValue | undefined): ContactInput {
  return { name: text(v?.name), email: text(v?.email), areaCode: text(v?.areaCode), phone: text(v?.phone) };
}

export function toBookingInput(values: Partial<BookingFormValues>): { passengers: PassengerInput[]; contact: ContactInput } {
  return { passengers: (values.passengers ?? []).map(toPassengerInput), contact: toContactInput(values.contact) };
}

/** What is sent: the shared module's normalized passengers and contact, in the contract's transmitted shape. */
export function createOrderBody(
  ids: { searchId: string; fareId: string },
  acceptedTotal: number,
  checked: { passengers: NormalizedPassenger[]; contact: NormalizedContact },
): CreateOrderBody {
  return {
    searchId: ids.searchId,
    fareId: ids.fareId,
    acceptedTotal,
    passengers: checked.passengers.map((p) => ({
      type: p.type,
      surname: p.surname,
      given_names: p.givenNames,
      gender: p.gender,
      birthday: p.birthday,
      nationality: p.nationality,
      travel_document: {
        type: p.document.type,
        number: p.document.number,
        expiryDate: p.document.expiryDate,
        issuingCountry: p.document.issuingCountry,
      },
      frequentFlyer: p.frequentFlyer,
    })),
    contact: checked.contact,
  };
}

export const fieldErrorsOf = (check: BookingCheck): FieldErrors => (check.ok ? {} : check.fields);

/** The shared module's message key (with its parameters) in the user's language. */
export function messageOf(error: FieldError, t: TFunction): string {
  return typeof error === 'string' ? t(error) : t(error.key, error.params);
}

/**
 * Where a field path is shown. The passenger type has no field of its own (the card fixes it): a type that does not
 * match the age is about the birthday, so it shows there.
 */
export function displayPath(path: string): string {
  return path.replace(/^(passengers\.\d+)\.type$/, '$1.birthday');
}

/** "passengers.1.travel_document.number" -> ['passengers', 1, 'travel_document', 'number'] (antd's name path). */
export function namePathOf(path: string): (string | number)[] {
  return path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

import type { ContactInput, DocumentType } from '../api/flight-orders.ts';
import { TRAIN_ADULT_MIN_AGE, TRAIN_CHILD_MIN_AGE, TRAIN_DOCUMENT_TYPES, type TrainPassengerInput, type TrainTicketType } from '../api/trains.ts';
import { ageOn, passengerTypeForAge, readBirthday } from './dates.ts';
import { validateContact, validatePassenger, type FieldErrors, type NormalizedContact, type NormalizedPassenger } from './validate.ts';

/**
 * Train booking rules (issue 13) on top of the shared passenger rules: real-name documents as 12306 takes them, the
 * ticket type by age on the travel date, and names as printed on a Chinese document (Han characters) besides Latin.
 * The booking form and the server run the same function.
 */

export interface TrainPassenger extends NormalizedPassenger {
  ticketType: TrainTicketType;
  /** As printed on the ticket: Han names run together (张三), Latin ones SURNAME GIVEN NAMES. */
  ticketName: string;
}
export type TrainBookingCheck = { ok: true; passengers: TrainPassenger[]; contact: NormalizedContact } | { ok: false; fields: FieldErrors };

// Han characters and the middle dot of transliterated names (阿卜杜·热合曼), as 12306 accepts them.
export const HAN_NAME = /^[\u3400-\u9fff\uf900-\ufaff·]{1,20}$/;
const hasHan = (s: string) => /[\u3400-\u9fff\uf900-\ufaff]/.test(s);
/** Documents whose holder's name is printed in Chinese characters. */
export const HAN_DOCUMENTS: readonly string[] = ['idcard', 'rphmt', 'tphm', 'tptw', 'ttpmr'];

function ticketTypeError(ticketType: TrainTicketType, age: number, date: string): FieldErrors[string] | null {
  if (age >= TRAIN_ADULT_MIN_AGE) return ticketType === 'adult' ? null : { key: 'train.order.passenger.ticketType.adult', params: { date } };
  if (age >= TRAIN_CHILD_MIN_AGE) return ticketType === 'child' ? null : { key: 'train.order.passenger.ticketType.child', params: { date } };
  return ticketType === 'child' ? null : { key: 'train.order.passenger.under6', params: { date } };
}

/**
 * `today`: the booking date; `travelDate`: the departure date in China, on which ages are counted. `ticketTypes: false`
 * leaves the age rule out (the server checks it again once the railway has named the train's date).
 */
export function validateTrainBooking(
  input: { passengers: TrainPassengerInput[]; contact: ContactInput },
  rules: { today: string; travelDate: string; ticketTypes?: boolean },
): TrainBookingCheck {
  const fields: FieldErrors = {};
  const passengers: TrainPassenger[] = [];
  const seen = new Map<string, number>();
  input.passengers.forEach((p, i) => {
    const at = (path: string) => `passengers.${i}.${path}`;
    const surname = (p.surname ?? '').trim();
    const given = (p.given_names ?? '').trim();
    const han = hasHan(surname) || hasHan(given);
    const reading = readBirthday(p.birthday ?? '', rules.today);
    // The shared rules check everything but the ticket type (ours) and Latin-only names (a Chinese document's are Han).
    const flightType = reading.ok ? passengerTypeForAge(ageOn(reading.date, rules.travelDate)) : 'adult';
    const checked = validatePassenger(
      { ...p, type: flightType, surname: han ? 'X' : surname, given_names: han ? 'X' : given, frequentFlyer: null },
      { today: rules.today, lastFlightDate: rules.travelDate, expected: { adult: 0, child: 0, infant: 0 } },
    );
    for (const [path, error] of Object.entries(checked.fields)) if (path !== 'type') fields[at(path)] = error;
    if (han) {
      if (!HAN_NAME.test(surname)) fields[at('surname')] = 'train.order.passenger.name.format';
      if (!HAN_NAME.test(given)) fields[at('given_names')] = 'train.order.passenger.name.format';
    }
    const n = checked.passenger;
    if (!n) return;
    const docType = n.document.type as DocumentType;
    if (n.nationality === 'CN' && docType !== 'idcard') fields[at('travel_document.type')] = 'train.order.passenger.document.residentId';
    else if (n.nationality !== 'CN' && (docType === 'idcard' || !(TRAIN_DOCUMENT_TYPES as readonly string[]).includes(docType))) {
      fields[at('travel_document.type')] = 'train.order.passenger.document.notForTrain';
    }
    if (han && !HAN_DOCUMENTS.includes(docType)) fields[at('surname')] = 'train.order.passenger.name.format';
    const ticketType = p.ticketType ?? 'adult';
    const typeError = rules.ticketTypes === false ? null : ticketTypeError(ticketType, ageOn(n.birthday, rules.travelDate), rules.travelDate);
    if (typeError) fields[at('ticketType')] = typeError;
    const key = `${docType}|${n.document.number}`;
    const first = seen.get(key);
    if (first !== undefined) fields.passengers = { key: 'order.passenger.list.duplicate', params: { first: first + 1, second: i + 1 } };
    else seen.set(key, i);
    const names = han ? { surname, givenNames: given, ticketName: `${surname}${given}` } : { surname: n.surname, givenNames: n.givenNames, ticketName: `${n.surname} ${n.givenNames}` };
    passengers.push({ ...n, ...names, ticketType });
  });
  const typed = input.passengers.map((p) => p.ticketType ?? 'adult');
  if (typed.includes('child') && !typed.includes('adult')) fields.passengers = 'train.order.passenger.childAlone';

  const contact = validateContact(input.contact);
  for (const [path, error] of Object.entries(contact.fields)) fields[`contact.${path}`] = error;
  if (Object.keys(fields).length > 0 || !contact.contact || passengers.length !== input.passengers.length) return { ok: false, fields };
  return { ok: true, passengers, contact: contact.contact };
}

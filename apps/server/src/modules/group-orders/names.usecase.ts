import { DOCUMENT_TYPES, type PassengerInput } from '@portal/contract/api/flight-orders';
import { columnLetter, GROUP_NAMES_COLUMNS, MAX_NAMES_ROWS, type GroupNamesProblem } from '@portal/contract/api/group-names';
import type { GroupOrder } from '@portal/contract/api/group-orders';
import { Code } from '@portal/contract/codes';
import type { Language } from '@portal/contract/languages';
import { translate, type MessageKey } from '@portal/contract/messages';
import { latestToday } from '@portal/contract/passengers/dates';
import { validatePassenger, type FieldError } from '@portal/contract/passengers/validate';
import type { DbOrTx } from '../../db/client.ts';
import type { GroupPassengerData } from '../../db/schema/index.ts';
import { AppError } from '../../plugins/errors.ts';
import type { AuthContext } from '../auth/session.service.ts';
import type { FileAnswer } from '../bills/wallet.service.ts';
import { countryOf } from '../reference/reference.ts';
import { ownGroup } from './group.access.ts';
import { allow, confirmNamesRefusal, uploadNamesRefusal } from './group.guards.ts';
import { insertGroupEvent, lockGroup, updateGroup, type GroupRow } from './group.repository.ts';
import { loadGroupDetail } from './group.queries.ts';
import { expectedNames } from './names.queries.ts';
import { groupPassengersOf, replaceGroupPassengers } from './names.repository.ts';
import { readNamesWorkbook, renderNamesTemplate } from './names-workbook.ts';

/**
 * The group's passenger list (issue 12; spec point 9: "upload and confirmation of the passenger list (after
 * confirmation the list cannot be changed)"). After the final payment (status proceeding) the agency uploads the
 * workbook; every row is checked with the booking's own rules (contract passengers/validate.ts) and the list as a whole
 * against the seats held; a list with any problem is refused whole with each problem at its row and column, and
 * nothing is stored. A good list replaces the previous one until the agency confirms it; then it is fixed and the
 * group desk tickets it (ticketing.usecase.ts).
 */

/** Flights of the group as quoted, else as requested: any journey leaving mainland China makes it international. */
function isInternational(g: Pick<GroupRow, 'quote' | 'request'>): boolean {
  const places = g.quote ? g.quote.journeys.flatMap((j) => j.flights.flatMap((f) => [f.origin, f.destination])) : g.request.journeys.flatMap((j) => [j.origin, j.destination]);
  return places.some((p) => countryOf(p) !== 'CN');
}

/** Ages and document expiry are measured on the last flight's date (local), as a booking does. */
function lastFlightDate(g: Pick<GroupRow, 'quote' | 'request'>): string {
  const last = g.quote?.journeys.at(-1)?.flights.at(-1);
  return last ? last.departure.slice(0, 10) : g.request.journeys.at(-1)!.date;
}

export async function namesTemplate(db: DbOrTx, auth: AuthContext, id: string, lang: Language): Promise<FileAnswer> {
  const group = await ownGroup(db, auth, id);
  const rows = await groupPassengersOf(db, group.id);
  const expected = expectedNames(group);
  const data = await renderNamesTemplate({ bookingNumber: group.bookingNumber, ...expected, passengers: rows.map((r) => r.passenger) }, lang);
  return { filename: `${group.bookingNumber}-passengers.xlsx`, data };
}

const columnOf = new Map<string, number>(GROUP_NAMES_COLUMNS.map((c, i) => [c.field, i]));

function problem(lang: Language, row: number | null, field: string | null, error: FieldError): GroupNamesProblem {
  const { key, params } = typeof error === 'string' ? { key: error, params: {} } : error;
  const col = field === null ? undefined : columnOf.get(field);
  return { row, column: col === undefined ? null : columnLetter(col), field, key, params, message: translate(key as MessageKey, lang, params) };
}

const refuse = (key: MessageKey, params: Record<string, string | number> = {}, code: Code = Code.VALIDATION) => new AppError(code, key, params, { file: { key, params } });

export async function uploadNames(db: DbOrTx, auth: AuthContext, id: string, file: Buffer, o: { lang: Language; now?: Date }): Promise<GroupOrder> {
  const visible = await ownGroup(db, auth, id);
  allow(uploadNamesRefusal(visible));
  const reading = await readNamesWorkbook(file);
  if (!reading.ok) {
    if (reading.reason === 'file') throw new AppError(Code.UNSUPPORTED_MEDIA, 'group.names.file', {}, { file: 'group.names.file' });
    if (reading.reason === 'tooMany') throw refuse('group.names.tooMany', { max: MAX_NAMES_ROWS });
    throw refuse(reading.reason === 'empty' ? 'group.names.empty' : 'group.names.template');
  }
  const now = o.now ?? new Date();
  const rules = {
    today: latestToday(now),
    lastFlightDate: lastFlightDate(visible),
    expected: { adult: 0, child: 0, infant: 0 },
    // Spec point 5 and domain facts: a mainland ID card is a domestic document only.
    restrictions: isInternational(visible) ? { minAge: null, maxAge: null, allowedCountries: [], forbiddenCountries: [], documents: DOCUMENT_TYPES.filter((t) => t !== 'idcard') } : null,
  };

  const problems: GroupNamesProblem[] = [];
  const passengers: { seq: number; passenger: GroupPassengerData }[] = [];
  for (const { row, passenger } of reading.rows) {
    const checked = validatePassenger(passenger, rules);
    // The booking's message speaks of a fare's restriction; here the reason is the trip itself.
    if (checked.fields['travel_document.type'] === 'order.passenger.document.type.restricted') checked.fields['travel_document.type'] = 'group.names.idcardAbroad';
    for (const [field, error] of Object.entries(checked.fields)) problems.push(problem(o.lang, row, field, error));
    if (checked.passenger) passengers.push({ seq: row, passenger: stored(checked.passenger) });
  }
  problems.push(...listProblems(reading.rows, passengers, expectedNames(visible), o.lang));
  if (problems.length) throw new AppError(Code.VALIDATION, 'group.names.invalid', { count: problems.length }, undefined, { problems });

  await db.transaction(async (tx) => {
    const group = (await lockGroup(tx, visible.id))!;
    allow(uploadNamesRefusal(group));
    await replaceGroupPassengers(tx, group.id, passengers);
    await updateGroup(tx, group.id, { namesUploadedAt: now, namesUploadedBy: auth.user.id });
    await insertGroupEvent(tx, {
      groupOrderId: group.id,
      event: 'names_uploaded',
      fromStatus: group.status,
      toStatus: group.status,
      actorKind: 'user',
      actorUserId: auth.user.id,
      data: { messageKey: 'group.names.uploaded', params: { count: passengers.length } },
    });
  });
  return loadGroupDetail(db, auth, id);
}

export async function confirmNames(db: DbOrTx, auth: AuthContext, id: string, o: { now?: Date } = {}): Promise<GroupOrder> {
  const visible = await ownGroup(db, auth, id);
  const now = o.now ?? new Date();
  await db.transaction(async (tx) => {
    const group = (await lockGroup(tx, visible.id))!;
    allow(confirmNamesRefusal(group));
    await updateGroup(tx, group.id, { namesConfirmedAt: now });
    await insertGroupEvent(tx, {
      groupOrderId: group.id,
      event: 'names_confirmed',
      fromStatus: group.status,
      toStatus: group.status,
      actorKind: 'user',
      actorUserId: auth.user.id,
      data: { messageKey: 'group.names.confirmed', params: {} },
    });
  });
  return loadGroupDetail(db, auth, id);
}

function stored(p: NonNullable<ReturnType<typeof validatePassenger>['passenger']>): GroupPassengerData {
  return {
    type: p.type,
    surname: p.surname,
    given_names: p.givenNames,
    gender: p.gender,
    birthday: p.birthday,
    nationality: p.nationality,
    travel_document: { type: p.document.type, number: p.document.number, expiryDate: p.document.expiryDate, issuingCountry: p.document.issuingCountry },
    frequentFlyer: p.frequentFlyer,
  };
}

/** Rules over the whole list: the seats held and the infants asked, an adult per infant, nobody twice. */
function listProblems(rows: { row: number; passenger: PassengerInput }[], valid: { seq: number; passenger: GroupPassengerData }[], expected: { seats: number; infants: number }, lang: Language): GroupNamesProblem[] {
  const problems: GroupNamesProblem[] = [];
  const typed = (t: string) => rows.filter((r) => (r.passenger.type ?? '').toLowerCase() === t).length;
  const seated = typed('adult') + typed('child');
  const infants = typed('infant');
  if (seated !== expected.seats || infants !== expected.infants) {
    problems.push(problem(lang, null, null, { key: 'group.names.count', params: { seats: expected.seats, infants: expected.infants, seated, infantsListed: infants } }));
  } else if (infants > typed('adult')) {
    problems.push(problem(lang, null, null, 'order.passenger.list.infants'));
  }
  const seen = new Map<string, number>();
  for (const { seq, passenger } of valid) {
    const key = `${passenger.travel_document.type}|${passenger.travel_document.number}`;
    const first = seen.get(key);
    if (first !== undefined) problems.push(problem(lang, seq, 'travel_document.number', { key: 'order.passenger.list.duplicate', params: { first, second: seq } }));
    else seen.set(key, seq);
  }
  return problems;
}

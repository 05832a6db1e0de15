import type { FrequentPassenger } from '@portal/contract/api/travellers';
import { residentIdFacts } from '@portal/contract/passengers/documents';
import { trainTicketNames, trainTicketTypeFor, type TrainImportReason } from '@portal/contract/passengers/train-import';
import { upperLatin } from '../../../lib/upper-latin';
import type { TrainPassengerForm } from './booking';

/**
 * Frequent passengers into the train booking's passenger rows (issue 13 on issue 11). Which document a traveller brings
 * and whom the railway refuses is the contract's (passengers/train-import.ts); this file only turns a traveller into a
 * row's values and decides which row each one takes.
 */

export interface FilledDocument {
  type: string;
  /** The full number (revealed); empty when it could not be read, for the agent to type. */
  number: string;
  expiryDate: string | null;
}

const filled = (v: string | null | undefined) => (v ?? '').trim() !== '';

/** A row the agent has not started: nothing naming a person (ticket type, nationality and document type are defaults). */
export function isEmptyRow(p: TrainPassengerForm | undefined): boolean {
  if (!p) return true;
  return ![p.surname, p.given_names, p.gender, p.birthday, p.travel_document?.number].some(filled);
}

/**
 * A row's values for a traveller bringing `document`: the names the document prints, the ticket type by age on the
 * travel date (with a flag for a child under 6), and what an ID card number tells when the traveller's file lacks it.
 */
export function travellerRow(
  traveller: Pick<FrequentPassenger, 'surname' | 'given_names' | 'localName' | 'gender' | 'birthday' | 'nationality'>,
  document: FilledDocument,
  travelDate: string,
): { values: TrainPassengerForm; flag: TrainImportReason | null } {
  const idFacts = document.type === 'idcard' ? residentIdFacts(document.number) : null;
  const birthday = traveller.birthday ?? idFacts?.birthday ?? null;
  const names = trainTicketNames(traveller, document.type);
  const { ticketType, flag } = trainTicketTypeFor(birthday, travelDate);
  return {
    values: {
      ticketType,
      surname: names.chinese ? names.surname : upperLatin(names.surname),
      given_names: names.chinese ? names.given_names : upperLatin(names.given_names),
      gender: traveller.gender ?? idFacts?.gender ?? undefined,
      birthday: birthday ?? undefined,
      // Only Chinese citizens hold a resident ID card.
      nationality: traveller.nationality ?? (document.type === 'idcard' ? 'CN' : undefined),
      travel_document: {
        type: document.type,
        number: upperLatin(document.number),
        ...(document.expiryDate && document.type !== 'idcard' ? { expiryDate: document.expiryDate } : {}),
      },
      seat: null,
    },
    flag,
  };
}

/**
 * Puts incoming rows into the booking: into the rows not started, in order, then as new rows up to `max`; or, with
 * `target`, the first one into that row. Answers the rows and, per incoming one, the row it took (null: no room).
 */
export function placeRows(
  current: readonly TrainPassengerForm[],
  incoming: readonly TrainPassengerForm[],
  max: number,
  target?: number,
): { rows: TrainPassengerForm[]; placed: (number | null)[] } {
  const rows = [...current];
  if (target !== undefined) {
    if (incoming.length === 0 || target < 0 || target >= rows.length) return { rows, placed: incoming.map(() => null) };
    rows[target] = incoming[0];
    return { rows, placed: incoming.map((_, i) => (i === 0 ? target : null)) };
  }
  const free = rows.flatMap((r, i) => (isEmptyRow(r) ? [i] : []));
  const placed = incoming.map((values) => {
    const row = free.shift() ?? (rows.length < max ? rows.length : null);
    if (row !== null) rows[row] = values;
    return row;
  });
  return { rows, placed };
}

/** How many travellers can still come in: the rows not started plus the rows that may be added. */
export const roomFor = (current: readonly TrainPassengerForm[], max: number): number => current.filter(isEmptyRow).length + Math.max(0, max - current.length);

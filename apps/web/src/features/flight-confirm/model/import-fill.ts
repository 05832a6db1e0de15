import type { DocumentType } from '@portal/contract/api/flight-orders';
import type { FareChoice, PassengerType, Solution } from '@portal/contract/api/shopping';
import type { FrequentPassenger, MemberCard } from '@portal/contract/api/travellers';
import type { MessageKey } from '@portal/contract/messages';
import { importTypeFlag, type ImportTrip } from '@portal/contract/passengers/import-check';
import type { PastedPassenger } from '@portal/contract/passengers/paste-import';
import { upperLatin } from '../../../lib/upper-latin';
import { lastFlightDate, type PassengerFormValue, type PassengerSlot } from './booking-form';

/**
 * Putting travellers into the booking form (issue 11): frequent passengers picked from the list and passengers pasted
 * as text. The rules of what may be imported are the contract's (passengers/import-check.ts); this file only decides
 * which card each one goes to and what the card's values become.
 */

/** A message to show in the user's language: a catalogue key with its parameters. */
export interface KeyedMessage {
  key: MessageKey | string;
  params?: Record<string, string | number>;
}

export interface ImportTripFacts extends ImportTrip {
  /**
   * The flight's carrier for frequent flyer cards: the first flight's marketing carrier. The offer does not carry its
   * validating carrier to the browser; the first marketing carrier is what the server defaults it to as well.
   */
  carrier: string;
}

/** Mainland China; Hong Kong, Macao and Taiwan have their own codes, so flights there count as international. */
const MAINLAND = 'CN';

/**
 * What the import needs to know about the trip. An airport whose country is unknown (reference data not loaded or a
 * code it lacks) counts as international: an ID card is imported only when the trip is known to stay in the mainland.
 */
export function importTripFacts(
  solution: Pick<Solution, 'legs'>,
  fare: Pick<FareChoice, 'restrictions'>,
  countryOf: (airportCode: string) => string | null,
): ImportTripFacts {
  const airports = solution.legs.flatMap((leg) => leg.segments.flatMap((s) => [s.origin, s.destination]));
  const international = airports.some((code) => countryOf(code) !== MAINLAND);
  return {
    documents: fare.restrictions.documents,
    international,
    lastFlightDate: lastFlightDate(solution),
    carrier: solution.legs[0]?.segments[0]?.marketingCarrier ?? '',
  };
}

const filled = (v: string | undefined | null) => (v ?? '').trim() !== '';

/** A card the agent has not started: nothing that names a person typed in it (the document type alone is a default). */
export function isEmptyPassenger(v: PassengerFormValue | undefined): boolean {
  if (!v) return true;
  return ![v.surname, v.given_names, v.gender, v.birthday, v.nationality, v.travel_document?.number].some(filled);
}

export function emptySlotIndexes(values: readonly (PassengerFormValue | undefined)[], slotCount: number): number[] {
  return Array.from({ length: slotCount }, (_, i) => i).filter((i) => isEmptyPassenger(values[i]));
}

export interface Incoming {
  /** YYYY-MM-DD when known: the type on the last flight's date is derived from it. */
  birthday?: string | null;
  /** The type the traveller was filed or pasted as, when the birthday does not decide. */
  type?: PassengerType | null;
}

export interface Placement {
  /** The card (slot index) it goes to. */
  slot: number;
  /** Set when the traveller's age on the last flight does not match the card's type (a child who turned 12). */
  flag: KeyedMessage | null;
}

/**
 * Assigns incoming passengers to free cards, in their order. First every passenger whose age fits a free card of its
 * type takes one; only then do the rest go to the cards left over, flagged when their age does not match (the agent
 * decides: the booking's validation refuses the type until the birthday or the passenger changes). A passenger with no
 * birthday goes to a card of its stated type, else the first free one. Null: no free card was left.
 */
export function placeIncoming(
  slots: readonly PassengerSlot[],
  freeSlots: readonly number[],
  incoming: readonly Incoming[],
  lastFlight: string,
): (Placement | null)[] {
  const free = [...freeSlots];
  const take = (slot: number) => free.splice(free.indexOf(slot), 1);
  const flagFor = (p: Incoming, slot: number) => (p.birthday && lastFlight ? importTypeFlag(p.birthday, slots[slot].type, lastFlight) : null);
  const result: (Placement | null)[] = incoming.map(() => null);

  const place = (i: number, slot: number | undefined, flag: KeyedMessage | null) => {
    if (slot === undefined) return;
    take(slot);
    result[i] = { slot, flag };
  };
  // Pass 1: whoever has a birthday and fits a card as they are: their age decides, so they choose first.
  incoming.forEach((p, i) => {
    if (p.birthday) place(i, free.find((s) => flagFor(p, s) === null), null);
  });
  // Pass 2: no birthday, but a stated type: a card of that type.
  incoming.forEach((p, i) => {
    if (!p.birthday && p.type) place(i, free.find((s) => slots[s].type === p.type), null);
  });
  // Pass 3: the others into what is left, a card of their filed type first; flagged when the age does not fit it.
  incoming.forEach((p, i) => {
    if (result[i] || free.length === 0) return;
    const slot = free.find((s) => p.type && slots[s].type === p.type) ?? free[0];
    place(i, slot, flagFor(p, slot));
  });
  return result;
}

export interface ImportedDocument {
  type: DocumentType | string;
  /** The full number (revealed for a frequent passenger). */
  number: string;
  expiryDate: string | null;
  issuingCountry: string | null;
}

/**
 * The card's values for a frequent passenger. `document` null: none may be imported (or it could not be read): the
 * card keeps an empty document of `fallbackDocType` for the agent to type, rather than a document the fare refuses.
 */
export function travellerValues(
  traveller: Pick<FrequentPassenger, 'surname' | 'given_names' | 'gender' | 'birthday' | 'nationality'>,
  slotType: PassengerType,
  document: ImportedDocument | null,
  card: Pick<MemberCard, 'airline' | 'number'> | undefined,
  fallbackDocType: string | undefined,
): PassengerFormValue {
  return {
    type: slotType,
    surname: upperLatin(traveller.surname),
    given_names: upperLatin(traveller.given_names),
    // Null for a traveller moved over from the old favourites list: left for the agent.
    gender: traveller.gender ?? undefined,
    birthday: traveller.birthday ?? undefined,
    nationality: traveller.nationality ?? undefined,
    travel_document: document
      ? { type: document.type, number: upperLatin(document.number), expiryDate: document.expiryDate ?? undefined, issuingCountry: document.issuingCountry ?? undefined }
      : { type: fallbackDocType },
    frequentFlyer: card ? { airline: card.airline, number: card.number } : undefined,
  };
}

/** The card's values for a pasted passenger: what the text said, the rest left for the agent. */
export function pastedValues(p: PastedPassenger, slotType: PassengerType, documentAllowed: boolean, fallbackDocType: string | undefined): PassengerFormValue {
  const doc = p.travel_document;
  return {
    type: slotType,
    surname: upperLatin(p.surname),
    given_names: upperLatin(p.given_names),
    gender: p.gender || undefined,
    birthday: p.birthday || undefined,
    nationality: p.nationality || undefined,
    travel_document:
      doc && documentAllowed
        ? {
            type: doc.type || fallbackDocType,
            number: upperLatin(doc.number ?? ''),
            expiryDate: doc.expiryDate ?? undefined,
            issuingCountry: doc.issuingCountry ?? undefined,
          }
        : { type: fallbackDocType },
    frequentFlyer: p.frequentFlyer ? { airline: p.frequentFlyer.airline, number: p.frequentFlyer.number } : undefined,
  };
}

/** Leaf paths of a card's values ("travel_document.number"), for marking what an import filled. */
export function filledPaths(v: PassengerFormValue): string[] {
  const out: string[] = [];
  const walk = (obj: object, prefix: string) => {
    for (const [k, val] of Object.entries(obj)) {
      if (k === 'type' && prefix === '') continue; // fixed by the card
      if (val && typeof val === 'object') walk(val, `${prefix}${k}.`);
      else if (val !== undefined && val !== null && val !== '') out.push(`${prefix}${k}`);
    }
  };
  walk(v, '');
  return out;
}

import type { FieldError } from './validate.ts';

export type Alliance = 'Star Alliance' | 'SkyTeam' | 'oneworld';

export interface MemberCardProgramme {
  programme: string;
  /** Tested against the normalized number (no spaces or dashes, upper case). */
  pattern: RegExp;
  example: string;
  check?: 'luhn';
}

/**
 * Programmes whose number format is published, keyed by the airline that runs them (partners sharing a programme are
 * in SHARED_PROGRAMMES). Only formats with a source are here; a wrong pattern would refuse real members' numbers,
 * which is worse than accepting a mistyped one, so every other airline gets the general 4-20 rule alone.
 *
 * Looked for and not found stated by the programme or a reliable source (general rule only until one is): CA
 * PhoenixMiles, MU/FM Eastern Miles, CZ Sky Pearl, HU Fortune Wings, SQ KrisFlyer, CX Cathay/Asia Miles, BA Executive
 * Club, EK Skywards, UA MileagePlus, DL SkyMiles, AF/KL Flying Blue, QR Privilege Club, NH ANA Mileage Club, JL JMB,
 * KE SKYPASS, TK Miles&Smiles. Their members' cards are often quoted as "10 or 12 digits", but the pages that say so
 * are unofficial and disagree with each other.
 */
export const MEMBER_CARD_PROGRAMMES: Readonly<Record<string, MemberCardProgramme>> = {
  // 15-digit service card number: https://miles-and-more.com/row/nl/program/at-a-glance/servicecard.html ("15-cijferige
  // servicekaartnummer"); the last digit is a Luhn check as on payment cards, structure "yyxx xxxx xxxx xxxp":
  // http://pruefziffernberechnung.de/M/MilesMore.shtml. The 992/222 prefixes often quoted are not published, so not checked.
  LH: { programme: 'Miles & More', pattern: /^\d{15}$/, example: '992001234567897', check: 'luhn' },
  // "American's frequent flyer account numbers are 7 alphanumeric characters":
  // https://viewfromthewing.com/the-strange-reason-american-now-requires-you-to-enter-your-last-name-at-login/
  AA: { programme: 'AAdvantage', pattern: /^[A-Z0-9]{7}$/, example: 'AB12C34' },
};

/**
 * Airlines whose own programme is another airline's, so a card of either is the carrier's own card: Eastern Miles is
 * China Eastern's and Shanghai Airlines' (FM), Miles & More is the Lufthansa Group's (Swiss, Austrian, Brussels,
 * Eurowings), Flying Blue is Air France's and KLM's.
 */
export const SHARED_PROGRAMMES: Readonly<Record<string, string>> = {
  FM: 'MU',
  LX: 'LH',
  OS: 'LH',
  SN: 'LH',
  EW: 'LH',
  KL: 'AF',
};

const GENERAL = /^[A-Z0-9]{4,20}$/;

/** Cards print numbers in groups ('992 0012 3456 7890', '1234-5678'); the airline receives them without separators. */
export function normalizeMemberCardNumber(number: string): string {
  return number.replace(/[\s-]+/g, '').toUpperCase();
}

/** The airline whose programme a card of `airline` belongs to. */
export function programmeOwner(airline: string): string {
  const a = airline.trim().toUpperCase();
  return SHARED_PROGRAMMES[a] ?? a;
}

/** ISO/IEC 7812 (Luhn) check over all the digits, the last one being the check digit. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Checks a member card number for its airline: the general 4-20 letters or digits, then the programme's public format. */
export function memberCardNumberError(airline: string, number: string): FieldError | null {
  const n = normalizeMemberCardNumber(number);
  if (!GENERAL.test(n)) return 'travellers.memberCard.number';
  const p = MEMBER_CARD_PROGRAMMES[programmeOwner(airline)];
  if (!p) return null;
  if (!p.pattern.test(n) || (p.check === 'luhn' && !luhnValid(n))) {
    return { key: 'travellers.memberCard.numberFormat', params: { programme: p.programme, example: p.example } };
  }
  return null;
}

/**
 * The cards a booking offers for a flight's carrier: the carrier's own programme first, then its alliance partners'
 * (a Star Alliance member credits miles to any other member's programme).
 */
export function cardsForCarrier<T extends { airline: string }>(cards: readonly T[], carrier: string, allianceOf: (airline: string) => Alliance | null): T[] {
  const owner = programmeOwner(carrier);
  const alliance = allianceOf(carrier.trim().toUpperCase());
  const own: T[] = [];
  const partners: T[] = [];
  for (const card of cards) {
    const airline = card.airline.trim().toUpperCase();
    if (programmeOwner(airline) === owner) own.push(card);
    else if (alliance !== null && allianceOf(airline) === alliance) partners.push(card);
  }
  return [...own, ...partners];
}

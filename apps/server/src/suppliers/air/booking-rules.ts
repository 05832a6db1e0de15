import { randomBytes, randomInt } from 'node:crypto';
import { TICKET_PREFIXES, ticketPrefixOf } from '../../modules/reference/ticket-prefixes.ts';
import { hash32 } from './schedule/prng.ts';
import type { SupplierBookingPassenger } from './types.ts';

/**
 * The rules a simulated airline applies when it takes a booking and issues tickets: references, time limits, names
 * and ticket numbers. Pure functions (randomness aside), so each rule can be tested on its own.
 */

/** Record locators avoid letters and digits that read alike on a phone or a printout: no I, O, 0 or 1. */
export const LOCATOR_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function newRecordLocator(): string {
  let out = '';
  for (let i = 0; i < 6; i++) out += LOCATOR_ALPHABET[randomInt(LOCATOR_ALPHABET.length)];
  return out;
}

/** The supplier's own booking id, e.g. "sim-gds-3f9a1c0b7d2e". */
export const newSupplierRef = (supplier: string): string => `${supplier}-${randomBytes(6).toString('hex')}`;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * When an unticketed booking lapses, by the kind of supplier:
 * - GDS: the carriers' usual auto-cancel rule, 72 hours after booking but no later than 3 hours before departure (a
 *   booking made that close still gets 30 minutes);
 * - NDC: the order's "pay by", the offer's own expiry (30 minutes after the quote), and at least 20 minutes;
 * - LCC: instant-purchase carriers hold a fare only while the customer pays, 20 minutes.
 */
export function ticketingTimeLimit(kind: 'gds' | 'ndc' | 'lcc', at: { now: number; firstDepartureUtc: number; quotedExpiresAt: number }): Date {
  const { now } = at;
  switch (kind) {
    case 'gds':
      return new Date(Math.max(now + 30 * MINUTE, Math.min(now + 72 * HOUR, at.firstDepartureUtc - 3 * HOUR)));
    case 'ndc':
      return new Date(Math.max(now + 20 * MINUTE, at.quotedExpiresAt || now + 30 * MINUTE));
    case 'lcc':
      return new Date(now + 20 * MINUTE);
  }
}

/** Letters the name fields of a PNR and a ticket hold: A-Z and single spaces (DOCS and ticket names are A-Z). */
const NAME = /^[A-Z]+( [A-Z]+)*$/i;
/** A GDS name element holds surname and given names in 53 characters; a longer name cannot be ticketed as sent. */
export const MAX_NAME_CHARACTERS = 53;

/** The first passenger whose name the airline would refuse, with its words, or null when all are accepted. */
export function refusedName(passengers: Pick<SupplierBookingPassenger, 'surname' | 'givenNames'>[]): { passengerIndex: number; reason: string } | null {
  for (let i = 0; i < passengers.length; i++) {
    const surname = passengers[i].surname.trim();
    const given = passengers[i].givenNames.trim();
    let reason: string | null = null;
    if (!NAME.test(surname) || (given && !NAME.test(given))) reason = 'names may contain only the letters A-Z and spaces';
    else if (surname.replace(/ /g, '').length < 2) reason = 'the surname must have at least 2 letters';
    else if (!given) reason = 'a given name is required';
    else if (surname.length + given.length > MAX_NAME_CHARACTERS) reason = `surname and given names together exceed ${MAX_NAME_CHARACTERS} characters`;
    if (reason) return { passengerIndex: i, reason };
  }
  return null;
}

const KNOWN_PREFIXES = new Set(Object.values(TICKET_PREFIXES));

/**
 * The validating carrier's accounting code. A carrier without one gets a stand-in derived from its code, stable
 * across processes and never one a listed carrier uses, so its ticket numbers cannot pass for another airline's.
 */
export function ticketPrefix(carrier: string): string {
  const known = ticketPrefixOf(carrier);
  if (known) return known;
  let n = hash32(`ticket-prefix|${carrier.toUpperCase()}`) % 1000;
  for (;;) {
    const candidate = String(n).padStart(3, '0');
    if (candidate !== '000' && !KNOWN_PREFIXES.has(candidate)) return candidate;
    n = (n + 1) % 1000;
  }
}

/** A 13-digit ticket number: the accounting code, then a 10-digit serial (never starting with 0). */
export const newTicketNumber = (prefix: string): string => `${prefix}${randomInt(1_000_000_000, 10_000_000_000)}`;

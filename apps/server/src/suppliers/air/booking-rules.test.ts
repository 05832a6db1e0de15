import { describe, expect, it } from 'vitest';
import { allAirlines } from '../../modules/reference/reference.ts';
import { TICKET_PREFIXES } from '../../modules/reference/ticket-prefixes.ts';
import { LOCATOR_ALPHABET, MAX_NAME_CHARACTERS, newRecordLocator, newTicketNumber, refusedName, ticketingTimeLimit, ticketPrefix } from './booking-rules.ts';

const NOW = Date.parse('2026-12-01T08:00:00Z');
const H = 3_600_000;

describe('booking rules', () => {
  it('record locators: 6 characters, none that reads like another (no I, O, 0, 1)', () => {
    expect(LOCATOR_ALPHABET).not.toMatch(/[IO01]/);
    const seen = new Set<string>();
    for (let i = 0; i < 2_000; i++) {
      const l = newRecordLocator();
      expect(l).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
      seen.add(l);
    }
    expect(seen.size).toBeGreaterThan(1_990);
  });

  it('ticketing time limits by kind of supplier', () => {
    const far = NOW + 30 * 24 * H;
    // GDS: 72 h after booking, no later than 3 h before departure, at least 30 minutes.
    expect(ticketingTimeLimit('gds', { now: NOW, firstDepartureUtc: far, quotedExpiresAt: 0 }).getTime()).toBe(NOW + 72 * H);
    expect(ticketingTimeLimit('gds', { now: NOW, firstDepartureUtc: NOW + 10 * H, quotedExpiresAt: 0 }).getTime()).toBe(NOW + 7 * H);
    expect(ticketingTimeLimit('gds', { now: NOW, firstDepartureUtc: NOW + 2 * H, quotedExpiresAt: 0 }).getTime()).toBe(NOW + H / 2);
    // NDC: the offer's pay-by, at least 20 minutes.
    expect(ticketingTimeLimit('ndc', { now: NOW, firstDepartureUtc: far, quotedExpiresAt: NOW + H / 2 }).getTime()).toBe(NOW + H / 2);
    expect(ticketingTimeLimit('ndc', { now: NOW, firstDepartureUtc: far, quotedExpiresAt: NOW + 60_000 }).getTime()).toBe(NOW + H / 3);
    // LCC: a short hold while paying.
    expect(ticketingTimeLimit('lcc', { now: NOW, firstDepartureUtc: far, quotedExpiresAt: 0 }).getTime()).toBe(NOW + H / 3);
  });

  it('refuses names a PNR cannot hold, saying which passenger and why', () => {
    expect(refusedName([{ surname: 'ZHANG', givenNames: 'SAN' }])).toBeNull();
    expect(refusedName([{ surname: 'NG', givenNames: 'MARY ANN' }])).toBeNull();
    const fits = { surname: 'A'.repeat(30), givenNames: 'B'.repeat(MAX_NAME_CHARACTERS - 30) };
    expect(refusedName([fits])).toBeNull();
    expect(refusedName([fits, { ...fits, givenNames: `${fits.givenNames}C` }])).toMatchObject({ passengerIndex: 1, reason: expect.stringContaining('53') });
    expect(refusedName([{ surname: 'O', givenNames: 'MARY' }])?.reason).toMatch(/2 letters/);
    expect(refusedName([{ surname: 'ZHANG', givenNames: '' }])?.reason).toMatch(/given name/);
    expect(refusedName([{ surname: '张', givenNames: 'SAN' }])?.reason).toMatch(/A-Z/);
    expect(refusedName([{ surname: "O'NEIL", givenNames: 'SAN' }])?.reason).toMatch(/A-Z/);
  });

  it('ticket numbers: 13 digits on the validating carrier\'s accounting code; a stable stand-in for carriers without one', () => {
    expect(ticketPrefix('CA')).toBe('999');
    expect(ticketPrefix('mu')).toBe('781');
    expect(ticketPrefix('CZ')).toBe('784');
    expect(ticketPrefix('SQ')).toBe('618');
    expect(ticketPrefix('AA')).toBe('001');
    const values = Object.values(TICKET_PREFIXES);
    expect(new Set(values).size).toBe(values.length);
    for (const v of values) expect(v).toMatch(/^\d{3}$/);
    // Every carrier of the reference data gets a prefix; the stand-ins never pass for a listed airline.
    const listed = new Set(values);
    for (const a of allAirlines()) {
      const p = ticketPrefix(a.code);
      expect(p).toMatch(/^\d{3}$/);
      expect(p).not.toBe('000');
      if (!TICKET_PREFIXES[a.code]) expect(listed.has(p)).toBe(false);
      expect(ticketPrefix(a.code)).toBe(p);
    }
    for (let i = 0; i < 200; i++) expect(newTicketNumber('784')).toMatch(/^784[1-9]\d{9}$/);
  });
});

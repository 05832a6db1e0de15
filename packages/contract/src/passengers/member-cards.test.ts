import { describe, expect, it } from 'vitest';
import { cardsForCarrier, luhnValid, MEMBER_CARD_PROGRAMMES, memberCardNumberError, type Alliance } from './member-cards.ts';

describe('memberCardNumberError', () => {
  it('accepts any 4-20 letters or digits for an airline without a published format', () => {
    expect(memberCardNumberError('CA', '001234567890')).toBeNull();
    expect(memberCardNumberError('SQ', '8812345678')).toBeNull();
    expect(memberCardNumberError('MU', 'ab12')).toBeNull();
  });

  it('strips spaces and dashes and ignores case before checking', () => {
    expect(memberCardNumberError('CZ', ' 1234-5678 90ab ')).toBeNull();
  });

  it.each(['', 'ABC', 'A'.repeat(21), '1234_5678', '１２３４５', 'ZHANG/SAN'])('refuses %j by the general rule', (n) => {
    expect(memberCardNumberError('CA', n)).toBe('travellers.memberCard.number');
  });

  it('applies the general rule before the programme format', () => {
    expect(memberCardNumberError('LH', '123')).toBe('travellers.memberCard.number');
  });

  describe('Miles & More (15 digits, Luhn)', () => {
    const refused = { key: 'travellers.memberCard.numberFormat', params: { programme: 'Miles & More', example: '992001234567897' } };

    it.each(['992001234567897', '992 0012 3456 7897', '222001234567899'])('accepts %s', (n) => {
      expect(memberCardNumberError('LH', n)).toBeNull();
    });

    it('refuses a number whose check digit is wrong (one digit mistyped)', () => {
      expect(memberCardNumberError('LH', '992001234567898')).toEqual(refused);
      expect(memberCardNumberError('LH', '992001234576897')).toEqual(refused);
    });

    it.each(['99200123456789', '9920012345678970', '99200123456789A'])('refuses the wrong length or a letter: %s', (n) => {
      expect(memberCardNumberError('LH', n)).toEqual(refused);
    });

    it.each(['LX', 'OS', 'SN', 'EW', 'lx'])('checks cards of %s, which credit to Miles & More, the same way', (airline) => {
      expect(memberCardNumberError(airline, '992001234567897')).toBeNull();
      expect(memberCardNumberError(airline, '992001234567898')).toEqual(refused);
    });
  });

  describe('AAdvantage (7 letters or digits)', () => {
    it.each(['AB12C34', '1234567', 'ab12c34'])('accepts %s', (n) => {
      expect(memberCardNumberError('AA', n)).toBeNull();
    });
    it.each(['AB12C3', 'AB12C345'])('refuses %s', (n) => {
      expect(memberCardNumberError('AA', n)).toEqual({ key: 'travellers.memberCard.numberFormat', params: { programme: 'AAdvantage', example: 'AB12C34' } });
    });
  });

  it('gives every programme an example that its own rule accepts', () => {
    for (const [airline, p] of Object.entries(MEMBER_CARD_PROGRAMMES)) expect(memberCardNumberError(airline, p.example), airline).toBeNull();
  });
});

describe('luhnValid', () => {
  it('accepts the textbook number and refuses it with a digit changed or swapped', () => {
    expect(luhnValid('79927398713')).toBe(true);
    expect(luhnValid('79927398710')).toBe(false);
    expect(luhnValid('79927398731')).toBe(false);
    expect(luhnValid('4111111111111111')).toBe(true);
  });
  it('refuses non-digits and the empty string', () => {
    expect(luhnValid('')).toBe(false);
    expect(luhnValid('7992739871A')).toBe(false);
  });
});

describe('cardsForCarrier', () => {
  const alliances: Record<string, Alliance> = {
    CA: 'Star Alliance', LH: 'Star Alliance', LX: 'Star Alliance', SQ: 'Star Alliance', UA: 'Star Alliance',
    MU: 'SkyTeam', AF: 'SkyTeam', KL: 'SkyTeam', DL: 'SkyTeam',
    CX: 'oneworld', BA: 'oneworld',
  };
  const allianceOf = (a: string) => alliances[a] ?? null;
  const card = (airline: string, id: string) => ({ airline, id });
  const ids = (cards: { id: string }[]) => cards.map((c) => c.id);

  it('puts the carrier own card first, then its alliance partners in their order, and leaves the others out', () => {
    const cards = [card('UA', 'ua'), card('MU', 'mu'), card('SQ', 'sq'), card('CA', 'ca'), card('BA', 'ba'), card('HU', 'hu')];
    expect(ids(cardsForCarrier(cards, 'CA', allianceOf))).toEqual(['ca', 'ua', 'sq']);
  });

  it('counts a card of a shared programme as the carrier own', () => {
    const cards = [card('SQ', 'sq'), card('LH', 'lh'), card('DL', 'dl'), card('MU', 'mu'), card('AF', 'af')];
    expect(ids(cardsForCarrier(cards, 'LX', allianceOf))).toEqual(['lh', 'sq']);
    expect(ids(cardsForCarrier(cards, 'FM', allianceOf))).toEqual(['mu']);
    expect(ids(cardsForCarrier(cards, 'KL', allianceOf))).toEqual(['af', 'dl', 'mu']);
  });

  it('offers only the own cards for a carrier in no alliance, never other unaligned airlines', () => {
    const cards = [card('HU', 'hu'), card('9C', '9c'), card('CA', 'ca'), card('HU', 'hu2')];
    expect(ids(cardsForCarrier(cards, 'HU', allianceOf))).toEqual(['hu', 'hu2']);
  });

  it('keeps several own cards in their order and reads codes in any case', () => {
    const cards = [card('ua', 'ua'), card('ca', 'ca1'), card('CA', 'ca2')];
    expect(ids(cardsForCarrier(cards, 'ca', allianceOf))).toEqual(['ca1', 'ca2', 'ua']);
  });

  it('returns the same objects, not copies', () => {
    const c = card('CA', 'ca');
    expect(cardsForCarrier([c], 'CA', allianceOf)[0]).toBe(c);
  });
});

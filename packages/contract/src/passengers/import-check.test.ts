import { describe, expect, it } from 'vitest';
import { ageOn } from './dates.ts';
import { chooseImportDocument, importTypeFlag, type ImportableDocument, type ImportTrip } from './import-check.ts';

const domestic: ImportTrip = { documents: null, international: false, lastFlightDate: '2025-08-10' };
const international: ImportTrip = { ...domestic, international: true };
const doc = (id: string, type: ImportableDocument['type'], expiryDate: string | null = '2030-01-01'): ImportableDocument => ({ id, type, expiryDate });

describe('chooseImportDocument', () => {
  const idcard = doc('id', 'idcard', null);
  const passport = doc('pp', 'chinese-passport');
  const permit = doc('eep', 'eep');

  it('takes the preferred document when it fits', () => {
    expect(chooseImportDocument([idcard, passport], domestic, 'pp')).toEqual({ ok: true, document: passport });
  });

  it('takes the first fitting document without a preference, or when the preferred one does not fit or is unknown', () => {
    expect(chooseImportDocument([idcard, passport], domestic)).toEqual({ ok: true, document: idcard });
    expect(chooseImportDocument([idcard, passport], international, 'id')).toEqual({ ok: true, document: passport });
    expect(chooseImportDocument([idcard, passport], domestic, 'gone')).toEqual({ ok: true, document: idcard });
  });

  it('keeps an ID card for domestic trips: an international trip skips it', () => {
    expect(chooseImportDocument([idcard, permit], international)).toEqual({ ok: true, document: permit });
  });

  it('follows the fare restriction, a passport entry admitting the Chinese passport', () => {
    const trip = { ...domestic, documents: ['passport'] };
    expect(chooseImportDocument([idcard, passport], trip)).toEqual({ ok: true, document: passport });
    expect(chooseImportDocument([idcard, passport], { ...domestic, documents: ['idcard'] }, 'pp')).toEqual({ ok: true, document: idcard });
  });

  it('measures expiry on the last flight date: expiring that day fits, the day before does not', () => {
    expect(chooseImportDocument([doc('a', 'passport', '2025-08-10')], international).ok).toBe(true);
    expect(chooseImportDocument([doc('a', 'passport', '2025-08-09')], international)).toEqual({ ok: false, reason: 'travellers.import.noDocument' });
  });

  it('lets a document without expiry through, for the booking form to ask', () => {
    const noExpiry = doc('pp', 'passport', null);
    expect(chooseImportDocument([noExpiry], international)).toEqual({ ok: true, document: noExpiry });
  });

  describe('when nothing fits', () => {
    it('says the ID card cannot be used on an international trip', () => {
      expect(chooseImportDocument([idcard], international)).toEqual({ ok: false, reason: 'travellers.import.idcardRestricted' });
    });

    it('says the ID card is refused by the fare restriction on a domestic trip', () => {
      expect(chooseImportDocument([idcard], { ...domestic, documents: ['passport'] })).toEqual({ ok: false, reason: 'travellers.import.idcardRestricted' });
    });

    it.each(['passport', 'chinese-passport', 'internationalityPassport'] as const)('says a %s is refused by the restriction', (type) => {
      expect(chooseImportDocument([doc('p', type)], { ...domestic, documents: ['idcard'] })).toEqual({ ok: false, reason: 'travellers.import.passportRestricted' });
    });

    it('speaks of the preferred document when it was the one restricted', () => {
      const trip = { ...international, documents: ['eep'] };
      expect(chooseImportDocument([idcard, passport], trip, 'pp')).toEqual({ ok: false, reason: 'travellers.import.passportRestricted' });
      expect(chooseImportDocument([passport, idcard], trip, 'id')).toEqual({ ok: false, reason: 'travellers.import.idcardRestricted' });
    });

    it('otherwise speaks of the first restricted ID card or passport in the traveller order', () => {
      const trip = { ...international, documents: ['eep'] };
      expect(chooseImportDocument([passport, idcard], trip)).toEqual({ ok: false, reason: 'travellers.import.passportRestricted' });
      expect(chooseImportDocument([idcard, passport], trip)).toEqual({ ok: false, reason: 'travellers.import.idcardRestricted' });
    });

    it('passes over an expired preferred document to name a restricted one', () => {
      const expired = doc('old', 'eep', '2020-01-01');
      expect(chooseImportDocument([expired, idcard], international, 'old')).toEqual({ ok: false, reason: 'travellers.import.idcardRestricted' });
    });

    it('answers noDocument for expired documents, restricted permits, or no document at all', () => {
      expect(chooseImportDocument([doc('p', 'passport', '2024-01-01')], domestic)).toEqual({ ok: false, reason: 'travellers.import.noDocument' });
      expect(chooseImportDocument([permit], { ...domestic, documents: ['passport'] })).toEqual({ ok: false, reason: 'travellers.import.noDocument' });
      expect(chooseImportDocument([], domestic)).toEqual({ ok: false, reason: 'travellers.import.noDocument' });
    });
  });
});

describe('importTypeFlag', () => {
  const flag = (key: string, date: string) => ({ key, params: { date } });

  it('is null when the type by age on the last flight matches the slot', () => {
    expect(importTypeFlag('1985-03-05', 'adult', '2025-08-10')).toBeNull();
    expect(importTypeFlag('2018-01-01', 'child', '2025-08-10')).toBeNull();
    expect(importTypeFlag('2024-12-01', 'infant', '2025-08-10')).toBeNull();
  });

  describe('turning 12', () => {
    const birthday = '2013-08-10';
    it('is still a child the day before the 12th birthday', () => {
      expect(importTypeFlag(birthday, 'child', '2025-08-09')).toBeNull();
      expect(importTypeFlag(birthday, 'adult', '2025-08-09')).toEqual(flag('order.passenger.type.child', '2025-08-09'));
    });
    it('is an adult on the birthday and after: a child slot is flagged', () => {
      expect(importTypeFlag(birthday, 'child', '2025-08-10')).toEqual(flag('order.passenger.type.adult', '2025-08-10'));
      expect(importTypeFlag(birthday, 'child', '2025-08-11')).toEqual(flag('order.passenger.type.adult', '2025-08-11'));
      expect(importTypeFlag(birthday, 'adult', '2025-08-10')).toBeNull();
    });
  });

  describe('an infant turning 2', () => {
    const birthday = '2023-08-10';
    it('is an infant the day before', () => {
      expect(importTypeFlag(birthday, 'infant', '2025-08-09')).toBeNull();
    });
    it('needs a child seat from the birthday on', () => {
      expect(importTypeFlag(birthday, 'infant', '2025-08-10')).toEqual(flag('order.passenger.type.child', '2025-08-10'));
    });
    it('flags an adult slot for an infant', () => {
      expect(importTypeFlag(birthday, 'adult', '2025-01-01')).toEqual(flag('order.passenger.type.infant', '2025-01-01'));
    });
  });

  describe('born on 29 February', () => {
    it('turns 12 on 29 February when the last flight is in a leap year', () => {
      expect(importTypeFlag('2012-02-29', 'child', '2024-02-28')).toBeNull();
      expect(importTypeFlag('2012-02-29', 'child', '2024-02-29')).toEqual(flag('order.passenger.type.adult', '2024-02-29'));
    });
    // ageOn counts the year once 29 February has passed, so in a common year the birthday falls on 1 March.
    it('becomes a year older on 1 March of a common year, not on 28 February', () => {
      expect(ageOn('2024-02-29', '2026-02-28')).toBe(1);
      expect(importTypeFlag('2024-02-29', 'infant', '2026-02-28')).toBeNull();
      expect(importTypeFlag('2024-02-29', 'infant', '2026-03-01')).toEqual(flag('order.passenger.type.child', '2026-03-01'));
    });
  });
});

import { describe, expect, it } from 'vitest';
import { DOCUMENT_TYPES, type DocumentType } from '../api/flight-orders.ts';
import {
  isDocumentAllowed,
  isValidDocumentNumber,
  isValidResidentId,
  maskDocumentNumber,
  mod11_2CheckChar,
  normalizeDocumentNumber,
  normalizeDocumentType,
  residentIdFacts,
} from './documents.ts';

describe('resident identity number (GB 11643-1999)', () => {
  it('accepts the worked examples printed in the standard', () => {
    expect(isValidResidentId('11010519491231002X')).toBe(true);
    expect(isValidResidentId('440524188001010014')).toBe(true);
  });

  it('computes the MOD 11-2 check character, X standing for 10', () => {
    expect(mod11_2CheckChar('11010519491231002')).toBe('X');
    expect(mod11_2CheckChar('44052418800101001')).toBe('4');
  });

  it('accepts a lower-case x and surrounding spaces', () => {
    expect(isValidResidentId('11010519491231002x')).toBe(true);
    expect(isValidResidentId(' 11010519491231002X ')).toBe(true);
  });

  it('refuses a wrong check character', () => {
    expect(isValidResidentId('110105194912310021')).toBe(false);
    expect(isValidResidentId('440524188001010015')).toBe(false);
    expect(isValidResidentId('44052418800101001X')).toBe(false);
  });

  it('refuses a birth date that does not exist, even with a matching check character', () => {
    expect(isValidResidentId('11010519900230001X')).toBe(false);
  });

  it('knows 29 February only in leap years', () => {
    expect(isValidResidentId('310115198402290047')).toBe(true);
  });

  it('refuses wrong lengths and characters', () => {
    expect(isValidResidentId('11010519491231002')).toBe(false);
    expect(isValidResidentId('11010519491231002X1')).toBe(false);
    expect(isValidResidentId('1101051949123100XX')).toBe(false);
    expect(isValidResidentId('')).toBe(false);
  });

  it('reads birth date and sex: the 17th digit is odd for men', () => {
    expect(residentIdFacts('11010519491231002X')).toEqual({ birthday: '1949-12-31', gender: 'female' });
    expect(residentIdFacts('440524188001010014')).toEqual({ birthday: '1880-01-01', gender: 'male' });
    expect(residentIdFacts('110105194912310021')).toBeNull();
  });
});

describe('isValidDocumentNumber', () => {
  const cases: Record<DocumentType, { good: string[]; bad: string[] }> = {
    idcard: {
      good: ['11010519491231002X', '110105199005150010', '11010519491231002x'],
      // wrong check; foreigner's card (first digit 9); 17 digits; 15-digit first-generation numbers are no longer valid
      bad: ['110105199005150011', '911012198503050016', '11010519900515001', '110105900515001'],
    },
    passport: { good: ['E12345678', 'X1234567', 'AB123', '123456789', 'k 1234567'], bad: ['AB12', '1234567890', 'AB-12345', '护照12345'] },
    internationalityPassport: { good: ['X1234567', 'P12345'], bad: ['P123', 'ABCDEFGHIJ', 'P 12-345'] },
    'chinese-passport': {
      good: ['E12345678', 'EA1234567', 'ED7654321', 'G12345678', 'e12345678'],
      bad: ['E1234567', 'E123456789', 'EAB123456', 'X12345678', 'G1234567', 'P1234567'],
    },
    eep: { good: ['C12345678', 'CA1234567', 'W12345678'], bad: ['C1234567', 'C123456789', 'CAB123456', 'H12345678'] },
    tphm: { good: ['H12345678', 'M12345678', 'H1234567801', 'm1234567801'], bad: ['H1234567', 'H123456789', 'C12345678', '12345678'] },
    tptw: { good: ['12345678', '07257456', '1234567890', '1234567890B', 'F290299977'], bad: ['1234567', '123456789', 'H1307098', 'ABCDEFGH', '12345678901'] },
    ttpmr: { good: ['12345678', '00012345'], bad: ['1234567', '123456789', 'T12345678'] },
    fpridcard: {
      good: ['USA123456789012', 'usa 1234 5678 9012', '911012198503050016', '911000840199005156'],
      // new style with a wrong check; 15 characters not 3 letters + 12 digits; 18 digits not starting with 9
      bad: ['911012198503050017', 'US1234567890123', 'USA12345678901', '110105199005150010'],
    },
    rphmt: {
      good: ['810000199005150019', '820000198503050018', '830000198503050028'],
      // wrong check; mainland area; valid shape under another area
      bad: ['810000199005150018', '110105199005150010', '840000198503050011'],
    },
  };

  it('has cases for every document type', () => {
    expect(Object.keys(cases).sort()).toEqual([...DOCUMENT_TYPES].sort());
  });

  for (const [type, { good, bad }] of Object.entries(cases) as [DocumentType, { good: string[]; bad: string[] }][]) {
    it.each(good)(`${type}: accepts %s`, (n) => expect(isValidDocumentNumber(type, n)).toBe(true));
    it.each(bad)(`${type}: refuses %s`, (n) => expect(isValidDocumentNumber(type, n)).toBe(false));
  }
});

describe('normalizing', () => {
  it('upper-cases document numbers and strips every space', () => {
    expect(normalizeDocumentNumber(' e 1234 5678 ')).toBe('E12345678');
  });

  it('reads document types in any case and both spellings of the Chinese passport', () => {
    expect(normalizeDocumentType('chinesePassport')).toBe('chinese-passport');
    expect(normalizeDocumentType('chinese-passport')).toBe('chinese-passport');
    expect(normalizeDocumentType('IDCARD')).toBe('idcard');
    expect(normalizeDocumentType('internationalitypassport')).toBe('internationalityPassport');
    expect(normalizeDocumentType('drivingLicence')).toBeNull();
  });
});

describe('isDocumentAllowed', () => {
  it('accepts anything when the fare lists nothing, all or unlimited', () => {
    expect(isDocumentAllowed('tptw', [])).toBe(true);
    expect(isDocumentAllowed('tptw', null)).toBe(true);
    expect(isDocumentAllowed('tptw', ['ALL'])).toBe(true);
    expect(isDocumentAllowed('tptw', ['idcard', 'unlimited'])).toBe(true);
  });

  it('accepts only listed types, passport covering the Chinese and internationality passports', () => {
    expect(isDocumentAllowed('idcard', ['idcard'])).toBe(true);
    expect(isDocumentAllowed('passport', ['idcard'])).toBe(false);
    expect(isDocumentAllowed('chinese-passport', ['passport'])).toBe(true);
    expect(isDocumentAllowed('internationalityPassport', ['passport'])).toBe(true);
    expect(isDocumentAllowed('passport', ['chinese-passport'])).toBe(false);
    expect(isDocumentAllowed('chinese-passport', ['chinesePassport'])).toBe(true);
    expect(isDocumentAllowed('eep', ['something-new'])).toBe(false);
  });
});

describe('maskDocumentNumber', () => {
  it('hides all but the last 4 characters', () => {
    expect(maskDocumentNumber('E12345678')).toBe('*****5678');
    expect(maskDocumentNumber('11010519491231002X')).toBe('**************002X');
    expect(maskDocumentNumber('12345')).toBe('*2345');
  });

  it('leaves 4 characters or fewer as they are', () => {
    expect(maskDocumentNumber('1234')).toBe('1234');
    expect(maskDocumentNumber('')).toBe('');
  });
});

import { describe, expect, it } from 'vitest';
import { RECOGNITION_CERTAIN } from '@portal/contract/api/travellers';
import { icaoCheckDigit } from './check-digit.ts';
import { readDocumentText } from './read-zone.ts';
import { ocrLines } from './test-lines.ts';

const TODAY = '2026-11-26';
const values = (r: ReturnType<typeof readDocumentText>) => Object.fromEntries(Object.entries(r?.fields ?? {}).map(([k, v]) => [k, v.value]));

/**
 * Specimen zones published by ICAO in Doc 9303 (8th edition, 2021): part 4 (TD3 passport, appendix A), part 5 (TD1
 * card) and part 6 (TD2). The specimen state "UTO" (Utopia) names no real country, so nationality and issuing
 * country stay empty.
 */
const TD3 = 'P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<\nL898902C36UTO7408122F1204159ZE184226B<<<<<10';
const TD1 = 'I<UTOD231458907<<<<<<<<<<<<<<<\n7408122F1204159UTO<<<<<<<<<<<6\nERIKSSON<<ANNA<MARIA<<<<<<<<<<';
const TD2 = 'I<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<\nD231458907UTO7408122F1204159<<<<<<<6';

describe('reading ICAO Doc 9303 specimen zones', () => {
  it('reads the TD3 passport specimen (part 4)', () => {
    const r = readDocumentText(ocrLines(`PASSPORT  PASSEPORT\nUtopia\nSurname ERIKSSON\nGiven names ANNA MARIA\n${TD3}`), TODAY);
    expect(r?.source).toBe('TD3');
    expect(values(r)).toEqual({
      surname: 'ERIKSSON', given_names: 'ANNA MARIA', gender: 'female', birthday: '1974-08-12', expiryDate: '2012-04-15',
      documentNumber: 'L898902C3', documentType: 'passport',
    });
    expect(r?.uncertain).toEqual([]);
  });

  it('reads the TD1 card specimen (part 5) and the TD2 specimen (part 6), leaving the card type to the agent', () => {
    for (const [zone, source] of [[TD1, 'TD1'], [TD2, 'TD2']] as const) {
      const r = readDocumentText(ocrLines(zone), TODAY);
      expect(r?.source).toBe(source);
      expect(values(r)).toEqual({ surname: 'ERIKSSON', given_names: 'ANNA MARIA', gender: 'female', birthday: '1974-08-12', expiryDate: '2012-04-15', documentNumber: 'D23145890' });
    }
  });

  it('repairs OCR confusions by position: O/0, I/1, B/8, S/5, Z/2, K and « for fillers, dropped fillers', () => {
    // What an English model makes of OCR-B: 0 in UTO, O for 0 and I for 1 in dates, 8 for B in a name, K and « for <.
    const noisy = 'P<UT0ERIK5SON<<ANNA<MARIA<K<<<<<<«<<<<<\nL898902C36UTO74O8I22F12O4159ZE184226B<<<<<10';
    const r = readDocumentText(ocrLines(noisy), TODAY);
    expect(values(r)).toMatchObject({ surname: 'ERIKSSON', given_names: 'ANNA MARIA', birthday: '1974-08-12', documentNumber: 'L898902C3' });
    // Repaired characters lower the OCR's word, but the check digits vouch for the dates.
    expect(r!.fields.birthday!.confidence).toBeGreaterThanOrEqual(RECOGNITION_CERTAIN);
  });

  it('marks a field whose check digit fails as uncertain (at most 0.5), keeping the anchored rest', () => {
    // Birth date 740812 read as 740813: its check digit (2) no longer holds; the number's check digit still does.
    const r = readDocumentText(ocrLines('P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<\nL898902C36UTO7408132F1204159ZE184226B<<<<<10'), TODAY);
    expect(r?.fields.birthday?.confidence).toBeLessThanOrEqual(0.5);
    expect(r?.uncertain).toContain('birthday');
    expect(r?.uncertain).not.toContain('documentNumber');
  });

  it('answers nothing when neither the number nor the composite check digit holds', () => {
    expect(readDocumentText(ocrLines('P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<\nL898912C36UTO7408122F1204159ZE184226B<<<<<19'), TODAY)).toBeNull();
    expect(readDocumentText(ocrLines('Hello world\nThis is not a document at all'), TODAY)).toBeNull();
    expect(readDocumentText([], TODAY)).toBeNull();
  });

  it('lowers the confidence of characters the OCR itself doubted, below the certain mark for an unchecked name', () => {
    const lines = ocrLines(`ERIKSSON\nANNA MARIA\n${TD3}`);
    lines[2].confidences[7] = 0.4;
    const r = readDocumentText(lines, TODAY);
    expect(r?.fields.surname?.confidence).toBeLessThan(RECOGNITION_CERTAIN);
    expect(r?.uncertain).toEqual(['surname', 'given_names']);
  });
});

describe('names, which no check digit covers', () => {
  it('keeps a name the printed page confirms and marks one it does not (misread, or not printed at all)', () => {
    expect(readDocumentText(ocrLines(`Surname ERIKSSON\nGiven names ANNA MARIA\n${TD3}`), TODAY)?.uncertain).toEqual([]);
    // The zone's I read as T: the printed line still says MARIA, so the misread name is the agent's to check.
    const misread = readDocumentText(ocrLines(`ERIKSSON\nANNA MARIA\n${TD3.replace('MARIA<', 'MARTA<')}`), TODAY);
    expect(misread?.fields.given_names?.value).toBe('ANNA MARTA');
    expect(misread?.uncertain).toEqual(['given_names']);
    expect(readDocumentText(ocrLines(TD3), TODAY)?.uncertain).toEqual(['surname', 'given_names']);
  });
});

describe('countries, Chinese passports and permits', () => {
  const td3 = (state: string, nat: string, number: string, sex = 'M') => {
    const l2 = `${number}${icaoCheckDigit(number)}${nat}8808085${sex}3001014`;
    const opt = '<'.repeat(14) + '<';
    const body = l2 + opt;
    const composite = icaoCheckDigit(body.slice(0, 10) + body.slice(13, 20) + body.slice(21, 43));
    return `P<${state}ZHANG<<SAN<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<`.slice(0, 44) + '\n' + body + composite;
  };

  it('maps ICAO codes to ISO alpha-2 (CHN, D, GBR, HKG, MAC, TWN) and tells a Chinese passport by state and number', () => {
    const cn = readDocumentText(ocrLines(td3('CHN', 'CHN', 'E12345678')), TODAY);
    expect(values(cn)).toMatchObject({ nationality: 'CN', issuingCountry: 'CN', documentType: 'chinese-passport', gender: 'male', birthday: '1988-08-08', expiryDate: '2030-01-01' });
    for (const [code, iso] of [['D<<', 'DE'], ['GBR', 'GB'], ['HKG', 'HK'], ['MAC', 'MO'], ['TWN', 'TW']]) {
      const r = readDocumentText(ocrLines(td3(code, code, 'K1234567<')), TODAY);
      expect(values(r), code).toMatchObject({ nationality: iso, issuingCountry: iso, documentType: 'passport' });
    }
  });

  it('leaves the gender out when the zone says < or X', () => {
    const r = readDocumentText(ocrLines(td3('GBR', 'GBR', '123456789', '<')), TODAY);
    expect(r?.fields.gender).toBeUndefined();
    expect(r?.fields.documentNumber?.value).toBe('123456789');
  });

  it("reads the HK/Macao permit's one-line zone", () => {
    const body = `CSC12345678${icaoCheckDigit('C12345678')}<300815${icaoCheckDigit('300815')}<880808${icaoCheckDigit('880808')}<`;
    const line = body + icaoCheckDigit(body.slice(2, 12) + body.slice(13, 20) + body.slice(21, 28));
    expect(line).toHaveLength(30);
    const r = readDocumentText(ocrLines(`往来港澳通行证\n${line}`), TODAY);
    expect(r?.source).toBe('permit');
    expect(values(r)).toEqual({ documentNumber: 'C12345678', documentType: 'eep', expiryDate: '2030-08-15', birthday: '1988-08-08', nationality: 'CN', issuingCountry: 'CN' });
    // A wrong digit in the number breaks both its check and the composite: nothing is answered.
    expect(readDocumentText(ocrLines(line.replace('C12345678', 'C12345578')), TODAY)).toBeNull();
  });

  it('reads a mainland resident ID number (GB 11643) with birth date and sex, repairing O for 0', () => {
    // 11010519491231002X is the standard's own worked example (GB 11643-1999, annex A): a woman born 1949-12-31.
    const r = readDocumentText(ocrLines('公民身份号码 11O1O519491231002X'), TODAY);
    expect(r?.source).toBe('idcard');
    expect(values(r)).toEqual({ documentNumber: '11010519491231002X', documentType: 'idcard', birthday: '1949-12-31', gender: 'female', nationality: 'CN', issuingCountry: 'CN' });
    expect(readDocumentText(ocrLines('公民身份号码 110105194912310021'), TODAY)).toBeNull();
  });
});

describe('century pivots', () => {
  it('puts a birth year in the past and an expiry in the 2000s', () => {
    const line2 = (birth: string, expiry: string) => {
      const b = `L898902C36UTO${birth}${icaoCheckDigit(birth)}F${expiry}${icaoCheckDigit(expiry)}ZE184226B<<<<<1`;
      return `P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<\n${b}${icaoCheckDigit(b.slice(0, 10) + b.slice(13, 20) + b.slice(21, 43))}`;
    };
    expect(values(readDocumentText(ocrLines(line2('260101', '360101')), TODAY))).toMatchObject({ birthday: '2026-01-01', expiryDate: '2036-01-01' });
    expect(values(readDocumentText(ocrLines(line2('261231', '991231')), TODAY))).toMatchObject({ birthday: '1926-12-31', expiryDate: '2099-12-31' });
    // 29 February exists only in leap years: 2000 was one.
    expect(values(readDocumentText(ocrLines(line2('000229', '280229')), TODAY))).toMatchObject({ birthday: '2000-02-29', expiryDate: '2028-02-29' });
  });
});

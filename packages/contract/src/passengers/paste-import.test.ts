import { describe, expect, it } from 'vitest';
import { validatePassenger } from './validate.ts';
import { parsePastedPassengers, readExpiry, type PasteImportResult, type PastedPassenger } from './paste-import.ts';

const TODAY = '2025-06-01';
const read = (text: string) => parsePastedPassengers(text, TODAY);
const passengers = (text: string): PastedPassenger[] => {
  const r = read(text);
  if (!r.ok) throw new Error(`refused line ${r.line} (${r.reason}): ${r.text}`);
  return r.passengers;
};
const refusal = (r: PasteImportResult) => (r.ok ? null : { line: r.line, text: r.text, reason: r.reason });

describe('name lines', () => {
  it('reads SURNAME/GIVEN with no title', () => {
    expect(passengers('ZHANG/SAN')).toEqual([{ surname: 'ZHANG', given_names: 'SAN' }]);
  });

  it('reads lower case and extra spaces as the same name', () => {
    expect(passengers('  zhang / san  feng ')).toEqual([{ surname: 'ZHANG', given_names: 'SAN FENG' }]);
  });

  it.each([
    ['ZHANG/SAN MR', { gender: 'male' }],
    ['LI/SI MRS', { gender: 'female' }],
    ['LI/SI MS', { gender: 'female' }],
    ['LI/XIAOMEI MISS', { gender: 'female' }],
    ['SMITH/JOHN PAUL MSTR', { gender: 'male', type: 'child' }],
    ['WANG/XIAOMING CHD', { type: 'child' }],
    ['WANG/BAOBAO INF', { type: 'infant' }],
  ])('takes the title off %s', (line, facts) => {
    const [p] = passengers(line);
    expect(p).toEqual({ surname: line.split('/')[0], given_names: line.split('/')[1].replace(/ (MR|MRS|MS|MISS|MSTR|CHD|INF)$/, ''), ...facts });
  });

  it('keeps a title glued to the name as part of the name', () => {
    expect(passengers('SMITH/JOHNMR')).toEqual([{ surname: 'SMITH', given_names: 'JOHNMR' }]);
  });

  it('reads a numbered PNR name display with several passengers on one line, dropping the record locator', () => {
    expect(passengers('1.ZHANG/SAN MR 2.LI/SI MS HZ8Y2K')).toEqual([
      { surname: 'ZHANG', given_names: 'SAN', gender: 'male' },
      { surname: 'LI', given_names: 'SI', gender: 'female' },
    ]);
    expect(passengers(' 1.ZHANG/SAN 2.LI/SI 3.WANG/WU')).toHaveLength(3);
  });

  it('reads a dash-led name', () => {
    expect(passengers('-ZHANG/SAN')).toEqual([{ surname: 'ZHANG', given_names: 'SAN' }]);
  });

  // Amadeus name entries: https://www.gdshub.pro/ and the Amadeus booking-steps guide ('NM2ALIYU/HAKEEM MR/GRACE MRS').
  it('reads an Amadeus name entry with several given names under one surname', () => {
    expect(passengers('NM2ALIYU/HAKEEM MR/GRACE MRS')).toEqual([
      { surname: 'ALIYU', given_names: 'HAKEEM', gender: 'male' },
      { surname: 'ALIYU', given_names: 'GRACE', gender: 'female' },
    ]);
  });

  it('reads an Amadeus child birth date and an infant on the adult name', () => {
    expect(passengers('NM1SMITH/TOM MSTR(CHD/05MAR18)')).toEqual([{ surname: 'SMITH', given_names: 'TOM', gender: 'male', type: 'child', birthday: '2018-03-05' }]);
    expect(passengers('NM1SMITH/JANE MRS(INFJAMES/12JAN25)')).toEqual([
      { surname: 'SMITH', given_names: 'JANE', gender: 'female' },
      { surname: 'SMITH', given_names: 'JAMES', type: 'infant', birthday: '2025-01-12' },
    ]);
    expect(passengers('NM1LI/NA MS(INFWANG/BAO/12JAN25)')[1]).toEqual({ surname: 'WANG', given_names: 'BAO', type: 'infant', birthday: '2025-01-12' });
    expect(passengers('NM1LI/NA MS(INF)')).toEqual([{ surname: 'LI', given_names: 'NA', gender: 'female' }]);
  });

  it.each(['ZHANG SAN', '张/三', 'ZHANG/', '/SAN', 'ZHANG/SAN3', 'ZHANG/SAN (VIP)'])('refuses %j', (line) => {
    expect(refusal(read(line))).toEqual({ line: 1, text: line.trim(), reason: 'travellers.import.formatLine' });
  });
});

describe('SSR DOCS lines', () => {
  it('reads an eTerm/Amadeus display line with a Chinese passport', () => {
    expect(passengers('SSR DOCS CA HK1 P/CN/E12345678/CN/15MAR85/M/20MAR30/ZHANG/SAN/P1')).toEqual([
      {
        surname: 'ZHANG',
        given_names: 'SAN',
        gender: 'male',
        birthday: '1985-03-15',
        nationality: 'CN',
        travel_document: { type: 'chinese-passport', number: 'E12345678', expiryDate: '2030-03-20', issuingCountry: 'CN' },
      },
    ]);
  });

  it('reads 3-letter countries, an element number in front and the multi-passport flag', () => {
    expect(passengers('3 SSR DOCS MU HK1 P/CHN/G12345678/CHN/01JAN90/F/01JAN28/LI/SI/H/P2')).toEqual([
      {
        surname: 'LI',
        given_names: 'SI',
        gender: 'female',
        birthday: '1990-01-01',
        nationality: 'CN',
        travel_document: { type: 'chinese-passport', number: 'G12345678', expiryDate: '2028-01-01', issuingCountry: 'CN' },
      },
    ]);
  });

  it('reads an Amadeus SRDOCS entry with hyphens', () => {
    expect(passengers('SRDOCS CA HK1-P/US/123456789/US/12JUL72/M/10JUN29/SMITH/JOHN')[0]).toMatchObject({
      surname: 'SMITH',
      given_names: 'JOHN',
      birthday: '1972-07-12',
      travel_document: { type: 'passport', number: '123456789', expiryDate: '2029-06-10', issuingCountry: 'US' },
    });
  });

  // Entry forms published at https://www.gdshub.pro/how-to-add-passport-data-in-amadeus-galileo-sabre/
  describe('published samples (gdshub.pro)', () => {
    const john = {
      surname: 'SMITH',
      given_names: 'JOHN',
      gender: 'male',
      birthday: '1980-01-01',
      nationality: 'US',
      travel_document: { type: 'passport', number: 'US123456', expiryDate: '2030-12-31', issuingCountry: 'US' },
    };
    it('Amadeus', () => {
      expect(passengers('SRDOCSUAHK1-P-US-US123456-US-01JAN80-M-31DEC30-SMITH/JOHN/P1')).toEqual([john]);
    });
    it('Galileo', () => {
      expect(passengers('SI.P1/SSRDOCSUAHK1/P/US/US123456/US/01JAN80/M/31DEC30/SMITH/JOHN')).toEqual([john]);
    });
    it('Sabre, nationality in three letters and a passenger-segment association', () => {
      expect(passengers('3DOCS/P/US/US123456/USA/01JAN80/M/31DEC30/SMITH/JOHN-1.1')).toEqual([john]);
    });
  });

  // Sabre APIS entries with four-digit years, a middle name field and the Secure Flight form:
  // https://zohaibinfo.com/download-additional (Sabre "other additional requirement" sheet).
  describe('published samples (Sabre APIS sheet)', () => {
    it('reads four-digit years and the middle name as part of the given names', () => {
      expect(passengers('3DOCS/P/KW/1234567890/IN/15AUG1947/M/30SEP2021/SMITH/JOHN/THOMAS-1.1')).toEqual([
        {
          surname: 'SMITH',
          given_names: 'JOHN THOMAS',
          gender: 'male',
          birthday: '1947-08-15',
          nationality: 'IN',
          travel_document: { type: 'passport', number: '1234567890', expiryDate: '2021-09-30', issuingCountry: 'KW' },
        },
      ]);
    });
    it('reads the Secure Flight form without a document', () => {
      expect(passengers('3DOCS/DB/15AUG1947/M/SMITH/JOHN/THOMAS-1.1')).toEqual([{ surname: 'SMITH', given_names: 'JOHN THOMAS', gender: 'male', birthday: '1947-08-15' }]);
    });
  });

  it('reads the Amadeus hyphen form with an expired passport (ICAO specimen style)', () => {
    expect(passengers('SRDOCS YY HK1-P-GBR-012345678-GBR-30JUN73-M-14APR09-JOHNSON-SIMON/P1')[0]).toMatchObject({
      birthday: '1973-06-30',
      nationality: 'GB',
      travel_document: { type: 'passport', expiryDate: '2009-04-14', issuingCountry: 'GB' },
    });
  });

  it('reads MI and FI as an infant with its sex', () => {
    expect(passengers('SSR DOCS CA HK1 P/CN/E87654321/CN/10JAN25/FI/10JAN30/ZHANG/XIAOMEI/P1')[0]).toMatchObject({ gender: 'female', type: 'infant', birthday: '2025-01-10' });
    expect(passengers('SSR DOCS CA HK1 P/CN/E87654321/CN/10JAN25/MI/10JAN30/ZHANG/XIAOMING')[0]).toMatchObject({ gender: 'male', type: 'infant' });
  });

  it('maps document codes: a non-E/G Chinese passport is a plain passport, I with CN an ID card', () => {
    expect(passengers('SSR DOCS CA HK1 P/CHN/SE1234567/CHN/15MAR85/M/20MAR30/ZHANG/SAN')[0].travel_document?.type).toBe('passport');
    expect(passengers('SSR DOCS HX HK1 P/HKG/K12345678/HKG/15MAR85/M/20MAR30/CHAN/TAI MAN')[0].travel_document).toMatchObject({ type: 'passport', issuingCountry: 'HK' });
    expect(passengers('SSR DOCS CA HK1 I/CN/110101198503150012/CN/15MAR85/M//ZHANG/SAN')[0].travel_document).toEqual({
      type: 'idcard',
      number: '110101198503150012',
      expiryDate: null,
      issuingCountry: 'CN',
    });
  });

  it('reads Germany written D as in German passports', () => {
    expect(passengers('SSR DOCS LH HK1 P/D/C01X00T47/D/12AUG64/F/31OCT27/MUSTERMANN/ERIKA')[0]).toMatchObject({ nationality: 'DE', travel_document: { issuingCountry: 'DE' } });
  });

  describe('refusals', () => {
    it.each([
      ['SSR DOCS CA HK1 C/CN/123456/CN/15MAR85/M/20MAR30/ZHANG/SAN', 'travellers.paste.documentType'],
      ['SSR DOCS CA HK1 I/US/123456/US/15MAR85/M/20MAR30/SMITH/JOHN', 'travellers.paste.documentType'],
      ['SSR DOCS CA HK1 P/CN/E12345678/CN/15XYZ85/M/20MAR30/ZHANG/SAN', 'travellers.paste.date'],
      ['SSR DOCS CA HK1 P/CN/E12345678/CN/15MAR85/M/31APR30/ZHANG/SAN', 'travellers.paste.date'],
      ['SSR DOCS CA HK1 P/CN/E12345678/CN/15MAR85/X/20MAR30/ZHANG/SAN', 'travellers.paste.gender'],
      ['SSR DOCS CA HK1 P/CN/E12345678/CN/15MAR85/M/20MAR30', 'travellers.paste.docsFields'],
      ['SSR DOCS CA HK1 P/CN/E12345678/CN/15MAR85/M/20MAR30/张/三', 'travellers.paste.name'],
    ])('%s → %s', (line, reason) => {
      expect(refusal(read(`ZHANG/SAN\n\n${line}`))).toEqual({ line: 3, text: line, reason });
    });
  });
});

describe('dates', () => {
  it('reads a birth year above today two-digit year in the 1900s, and up to it in the 2000s', () => {
    const born = (d: string) => passengers(`SSR DOCS CA HK1 P/US/123456789/US/${d}/M/20MAR30/SMITH/JOHN`)[0].birthday;
    expect(born('05MAR85')).toBe('1985-03-05');
    expect(born('05MAR20')).toBe('2020-03-05');
    expect(born('05MAR25')).toBe('2025-03-05');
    expect(born('05MAR26')).toBe('1926-03-05');
  });

  it('reads leap days by the Gregorian rule: 29FEB00 exists, 29FEB01 does not', () => {
    expect(passengers('SSR DOCS CA HK1 P/US/123456789/US/29FEB00/M/20MAR30/SMITH/JOHN')[0].birthday).toBe('2000-02-29');
    expect(refusal(read('SSR DOCS CA HK1 P/US/123456789/US/29FEB01/M/20MAR30/SMITH/JOHN'))?.reason).toBe('travellers.paste.date');
    expect(passengers('SMITH\tJOHN\tM\t1900-03-01')[0].birthday).toBe('1900-03-01');
    expect(refusal(read('SMITH\tJOHN\tM\t1900-02-29'))?.reason).toBe('travellers.paste.date');
  });

  it('reads expiry years forward, within 50 years of today', () => {
    expect(readExpiry('20MAR30', TODAY)).toBe('2030-03-20');
    expect(readExpiry('20MAR75', TODAY)).toBe('2075-03-20');
    expect(readExpiry('20MAR76', TODAY)).toBe('1976-03-20');
    expect(readExpiry('14APR09', TODAY)).toBe('2009-04-14');
    expect(readExpiry('29FEB28', TODAY)).toBe('2028-02-29');
    expect(readExpiry('29FEB27', TODAY)).toBeNull();
    expect(readExpiry('2030/3/20', TODAY)).toBe('2030-03-20');
    expect(readExpiry('20-03-2030', TODAY)).toBeNull();
  });
});

describe('name lines and DOCS together', () => {
  // A PNR display: names first, then the SSR elements.
  const pnr = [
    ' 1.ZHANG/SAN MR 2.LI/SI MS 3.WANG/XIAOMING CHD HZ8Y2K',
    ' 4.CA981 Y TU10AUG PEKJFK HK3 1300 1500',
    '',
  ].join('\n');

  it('refuses a flight segment line with its line number', () => {
    expect(refusal(read(pnr))).toEqual({ line: 2, text: '4.CA981 Y TU10AUG PEKJFK HK3 1300 1500', reason: 'travellers.import.formatLine' });
  });

  it('fills the named passengers from their DOCS, the document deciding the sex', () => {
    const text = [
      '1.ZHANG/SAN MR 2.LI/SI MS',
      '3.WANG/XIAOMING CHD',
      '5 SSR DOCS CA HK1 P/CN/E12345678/CN/15MAR85/M/20MAR30/ZHANG/SAN/P1',
      '6 SSR DOCS CA HK1 P/CN/E23456789/CN/01JUN90/M/01JUN31/LI/SI/P2',
    ].join('\r\n');
    expect(passengers(text)).toEqual([
      {
        surname: 'ZHANG',
        given_names: 'SAN',
        gender: 'male',
        birthday: '1985-03-15',
        nationality: 'CN',
        travel_document: { type: 'chinese-passport', number: 'E12345678', expiryDate: '2030-03-20', issuingCountry: 'CN' },
      },
      {
        surname: 'LI',
        given_names: 'SI',
        gender: 'male',
        birthday: '1990-06-01',
        nationality: 'CN',
        travel_document: { type: 'chinese-passport', number: 'E23456789', expiryDate: '2031-06-01', issuingCountry: 'CN' },
      },
      { surname: 'WANG', given_names: 'XIAOMING', type: 'child' },
    ]);
  });

  it('matches names whatever their spacing, keeping the name line spelling', () => {
    const [p, ...rest] = passengers('ZHANG/SAN FENG MR\rSSR DOCS CA HK1 P/CN/E12345678/CN/15MAR85/M/20MAR30/ZHANG/SANFENG');
    expect(rest).toHaveLength(0);
    expect(p).toMatchObject({ given_names: 'SAN FENG', birthday: '1985-03-15' });
  });

  it('completes a DOCS passenger with a name line that follows it', () => {
    expect(passengers('SSR DOCS CA HK1 P/CN/E12345678/CN/15MAR85//20MAR30/ZHANG/SAN\nZHANG/SAN MR')).toEqual([
      expect.objectContaining({ surname: 'ZHANG', gender: 'male', birthday: '1985-03-15' }),
    ]);
  });

  it('makes a new passenger for a DOCS whose name was not listed, and for a second DOCS of the same name', () => {
    const text = 'ZHANG/SAN\nSSR DOCS CA HK1 P/US/123456789/US/12JUL72/M/10JUN29/SMITH/JOHN\nSSR DOCS CA HK1 P/CN/E12345678/CN/15MAR85/M/20MAR30/ZHANG/SAN\nSSR DOCS CA HK1 P/CN/E99999999/CN/15MAR95/M/20MAR30/ZHANG/SAN';
    const list = passengers(text);
    expect(list.map((p) => `${p.surname}/${p.given_names}/${p.travel_document?.number}`)).toEqual(['ZHANG/SAN/E12345678', 'SMITH/JOHN/123456789', 'ZHANG/SAN/E99999999']);
  });

  it('lets a passport DOCS complete a named passenger whose Secure Flight DOCS came first', () => {
    const text = 'SMITH/JOHN MR\n3DOCS/DB/15AUG1947/M/SMITH/JOHN-1.1\n3DOCS/P/US/123456789/USA/15AUG1947/M/30SEP2030/SMITH/JOHN-1.1';
    expect(passengers(text)).toEqual([expect.objectContaining({ birthday: '1947-08-15', travel_document: expect.objectContaining({ number: '123456789' }) })]);
  });

  it('keeps two people of the same name from two name lines apart', () => {
    expect(passengers('ZHANG/WEI MR\nZHANG/WEI MR')).toHaveLength(2);
  });
});

describe('spreadsheet rows', () => {
  it('reads a row without a header in the fixed order', () => {
    expect(passengers('Zhang\tSan\tM\t1985-03-05\tCN\tpassport\tE12345678\t2030-01-01\tCN')).toEqual([
      {
        surname: 'ZHANG',
        given_names: 'SAN',
        gender: 'male',
        birthday: '1985-03-05',
        nationality: 'CN',
        travel_document: { type: 'chinese-passport', number: 'E12345678', expiryDate: '2030-01-01', issuingCountry: 'CN' },
      },
    ]);
  });

  it('reads a short row without document columns', () => {
    expect(passengers('SMITH\tJOHN\tMale\t1972/07/12')).toEqual([{ surname: 'SMITH', given_names: 'JOHN', gender: 'male', birthday: '1972-07-12' }]);
  });

  it('reads an English header in any order, ignoring unknown columns', () => {
    const text = ['No.\tGiven name(s)\tSurname\tDate of birth (yyyy-mm-dd)\tSex\tPhone', '1\tJohn Paul\tSmith\t1972-07-12\tMale\t+1 555 0100'].join('\n');
    expect(passengers(text)).toEqual([{ surname: 'SMITH', given_names: 'JOHN PAUL', gender: 'male', birthday: '1972-07-12' }]);
  });

  it('reads a Chinese header and Chinese values', () => {
    const text = [
      '姓\t名\t性别\t出生日期\t国籍\t证件类型\t证件号码\t有效期\t签发国',
      'ZHANG\tSAN\t男\t1985/3/5\tCHN\t身份证\t110101198503050012\t长期\tCN',
      'LI\tSI\t女\t05MAR90\tCN\t护照\tE12345678\t2030-03-04\tCHN',
      'WANG\tWU\t男\t1988年8月8日\tCN\t港澳通行证\tC12345678\t2028-01-01\t',
    ].join('\n');
    expect(passengers(text)).toEqual([
      {
        surname: 'ZHANG',
        given_names: 'SAN',
        gender: 'male',
        birthday: '1985-03-05',
        nationality: 'CN',
        travel_document: { type: 'idcard', number: '110101198503050012', expiryDate: null, issuingCountry: 'CN' },
      },
      {
        surname: 'LI',
        given_names: 'SI',
        gender: 'female',
        birthday: '1990-03-05',
        nationality: 'CN',
        travel_document: { type: 'chinese-passport', number: 'E12345678', expiryDate: '2030-03-04', issuingCountry: 'CN' },
      },
      {
        surname: 'WANG',
        given_names: 'WU',
        gender: 'male',
        birthday: '1988-08-08',
        nationality: 'CN',
        travel_document: { type: 'eep', number: 'C12345678', expiryDate: '2028-01-01', issuingCountry: null },
      },
    ]);
  });

  it('reads a traditional Chinese header and a single name column written SURNAME/GIVEN', () => {
    const text = ['英文姓名\t性別\t國籍\t證件號碼\t證件類型', 'CHAN/TAI MAN\t男\tHKG\tK12345678\t護照'].join('\n');
    expect(passengers(text)).toEqual([
      { surname: 'CHAN', given_names: 'TAI MAN', gender: 'male', nationality: 'HK', travel_document: { type: 'passport', number: 'K12345678', expiryDate: null, issuingCountry: null } },
    ]);
  });

  it('reads the passenger type column', () => {
    expect(passengers('Surname\tGiven names\tType\nWANG\tXIAOMING\t儿童\nWANG\tDA\tADT')).toEqual([
      { surname: 'WANG', given_names: 'XIAOMING', type: 'child' },
      { surname: 'WANG', given_names: 'DA', type: 'adult' },
    ]);
  });

  it('reads a one-column sheet of name and DOCS lines as lines', () => {
    expect(passengers('ZHANG/SAN MR\t\t\n\tSSR DOCS CA HK1 P/CN/E12345678/CN/15MAR85/M/20MAR30/ZHANG/SAN\t')).toHaveLength(1);
  });

  it.each([
    ['ZHANG\tSAN\tX', 'travellers.paste.gender'],
    ['ZHANG\tSAN\tM\t03/05/1985', 'travellers.paste.date'],
    ['ZHANG\tSAN\tM\t1985-02-30', 'travellers.paste.date'],
    ['ZHANG\tSAN\tM\t1985-03-05\tCN\tvisa\t123', 'travellers.paste.documentType'],
    ['ZHANG\tSAN\tM\t1985-03-05\tCN\tpassport\tE12345678\tsoon', 'travellers.paste.date'],
    ['张\t三\t男', 'travellers.paste.name'],
    ['\tSAN\tM', 'travellers.paste.name'],
  ])('refuses %j', (row, reason) => {
    expect(refusal(read(`SMITH/JOHN\n${row}`))).toEqual({ line: 2, text: row.trim(), reason });
  });

  it('refuses an unrecognised header as a row', () => {
    expect(refusal(read('乘客\t证件\nZHANG\tSAN'))?.reason).toBe('travellers.paste.name');
  });
});

describe('mixed pastes and the whole text', () => {
  it('reads names, DOCS and rows mixed, ignoring blank lines and any line ending', () => {
    const text = ['ZHANG/SAN MR', '', '   ', 'SMITH\tJOHN\tM\t1972-07-12', 'SSR DOCS CA HK1 P/CN/E12345678/CN/15MAR85/M/20MAR30/ZHANG/SAN/P1', '-LI/SI MS'].join('\r\n').replace(/\r\n(?=-)/, '\r');
    expect(passengers(text).map((p) => `${p.surname}/${p.given_names}`)).toEqual(['ZHANG/SAN', 'SMITH/JOHN', 'LI/SI']);
  });

  it('reports the first unreadable line, 1-based and trimmed, counting blank lines', () => {
    expect(refusal(read('ZHANG/SAN\r\n\r\n  Please book these two  \r\nLI/SI'))).toEqual({ line: 3, text: 'Please book these two', reason: 'travellers.import.formatLine' });
  });

  it('answers the general format error on line 0 when there is nobody to read', () => {
    expect(read('')).toEqual({ ok: false, line: 0, text: '', reason: 'travellers.import.format' });
    expect(read('\n  \r\n\t\n')).toEqual({ ok: false, line: 0, text: '', reason: 'travellers.import.format' });
    expect(read('Surname\tGiven names')).toEqual({ ok: false, line: 0, text: '', reason: 'travellers.import.format' });
  });

  it('produces passengers the booking validation accepts once the agent fills the slot type', () => {
    const [p] = passengers('SSR DOCS CA HK1 P/CN/E12345678/CN/15MAR85/M/20MAR30/ZHANG/SAN/P1');
    const checked = validatePassenger({ ...p, type: 'adult' }, { today: TODAY, lastFlightDate: '2025-08-10', expected: { adult: 1, child: 0, infant: 0 } });
    expect(checked.fields).toEqual({});
    expect(checked.passenger?.document).toEqual({ type: 'chinese-passport', number: 'E12345678', expiryDate: '2030-03-20', issuingCountry: 'CN' });
  });
});

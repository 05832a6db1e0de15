import { describe, expect, it } from 'vitest';
import { connectionMinutes, parsePnr, PnrReadError, readTime, resolveDate, sortSegments } from './pnr-parser.ts';

const today = new Date('2026-11-20T08:00:00Z');

/** The refusal a display gets: line, reason and the token quoted. */
function refusal(text: string, at = today) {
  try {
    parsePnr(text, at);
  } catch (e) {
    if (e instanceof PnrReadError) return { line: e.line, reason: e.reason, text: e.text };
    throw e;
  }
  return null;
}

describe('PNR display parser', () => {
  it('reads an Amadeus display: header locator, names with child and infant, segments with times', () => {
    const text = [
      'RP/PEK1A0980/PEK1A0980            AA/SU  10NOV26/0830Z   ABC123',
      '  1.ZHANG/SAN MR(INFZHANG/BAOBAO/01JAN26)   2.LI/SI MS   3.ZHANG/XIAO MSTR(CHD/01JAN18)',
      '  4  CA 981 Y 15DEC 2 PEKJFK HK3  1300    1430   15DEC  E  CA/NE8XYZ',
      '  5  CA 982 Y 20JAN 3 JFKPEK HK3  1630    1945+1 20JAN  E  CA/NE8XYZ',
      '  6 AP FAX',
    ].join('\n');
    const p = parsePnr(text, today);
    expect(p.recordLocator).toBe('ABC123');
    expect(p.passengers).toEqual([
      { surname: 'ZHANG', givenName: 'SAN', title: 'MR', type: 'adult' },
      { surname: 'ZHANG', givenName: 'BAOBAO', title: null, type: 'infant' },
      { surname: 'LI', givenName: 'SI', title: 'MS', type: 'adult' },
      { surname: 'ZHANG', givenName: 'XIAO', title: 'MSTR', type: 'child' },
    ]);
    expect(p.segments).toHaveLength(2);
    expect(p.segments[0]).toMatchObject({ flightNumber: 'CA981', bookingClass: 'Y', date: '2026-12-15', origin: 'PEK', destination: 'JFK', departureTime: '13:00', arrivalTime: '14:30', status: 'HK', seats: 3, line: 3, skip: null });
    // 20JAN is past in 2026 by November: next year (a Wednesday, as the 3 says). The +1 moves the arrival date.
    expect(p.segments[1]).toMatchObject({ flightNumber: 'CA982', date: '2027-01-20', arrivalDate: '2027-01-21' });
  });

  it("takes the booking's locator, never an airline's: Sabre closing line, eTerm name line, not /DC or RMK CA/", () => {
    const sabre = parsePnr(' 1.1WANG/WU MR\n 1 MU5101Y 15DEC 2 SHAPEK HK1  0800  1010  /DCMU*XYZ789 /E', today);
    expect(sabre.segments[0]).toMatchObject({ flightNumber: 'MU5101', bookingClass: 'Y', origin: 'SHA', destination: 'PEK' });
    // No closing line: the locator is unknown, not the airline's XYZ789.
    expect(sabre.recordLocator).toBeNull();
    expect(sabre.passengers).toEqual([{ surname: 'WANG', givenName: 'WU', title: 'MR', type: 'adult' }]);
    const closed = parsePnr(' 1.1WANG/WU MR\n 1 MU5101Y 15DEC 2 SHAPEK HK1  0800  1010  /DCMU*XYZ789 /E\nSHA1.SHA1*AWS 1200/20NOV26 QWERTY H', today);
    expect(closed.recordLocator).toBe('QWERTY');

    const eterm = parsePnr(' 1.ZHANG/SAN 2.LI/SI CHD HX1234\n 3.  CA1501 Y   TU15DEC  PEKSHA HK2   0800 1010          E T3T2\n 4.  3U8881 C   WE16DEC  SHACTU HX2   0900 1200\n 5.RMK CA/NE8XYZ', today);
    expect(eterm.recordLocator).toBe('HX1234');
    expect(eterm.passengers.map((x) => [x.surname, x.givenName, x.type])).toEqual([
      ['ZHANG', 'SAN', 'adult'],
      ['LI', 'SI', 'child'],
    ]);
    // The cancelled (HX) segment is read but marked, so the caller can say it was left out.
    expect(eterm.segments.map((s) => [s.flightNumber, s.skip])).toEqual([
      ['CA1501', null],
      ['3U8881', 'cancelled'],
    ]);
  });

  it("reads an eTerm locator only where the display shows one, never the last word of a name", () => {
    const seg = (status: string) => ` 2.  CA1501 Y   SU29NOV  PEKSHA ${status}1   0800 1010          E T3T2`;
    const read = (text: string) => {
      const p = parsePnr(text, today);
      return [p.recordLocator, p.passengers.map((x) => `${x.surname}/${x.givenName}`)];
    };
    // Not saved yet (sell codes DK, NN): no locator exists, RAHMAN and MASTER are given names.
    expect(read(` 1.MOHAMMED/ABDUL RAHMAN\n${seg('DK')}`)).toEqual([null, ['MOHAMMED/ABDUL RAHMAN']]);
    expect(read(` 1.LI/SI 2.SMITH/JOHN MASTER\n${seg('NN')}`)).toEqual([null, ['LI/SI', 'SMITH/JOHN MASTER']]);
    expect(read(` 1.GU/MIN JXQRVC\n${seg('DK')}`)).toEqual([null, ['GU/MIN JXQRVC']]);
    // Saved (HK, e-ticket banner): the word after the names is the locator, unless it has A, I, O or U.
    expect(read(` 1.GU/MIN JXQRVC\n${seg('HK')}`)).toEqual(['JXQRVC', ['GU/MIN']]);
    expect(read(`**ELECTRONIC TICKET PNR**\n 1.ZHANG/FU SHENG HMFEES\n${seg('RR')}`)).toEqual(['HMFEES', ['ZHANG/FU SHENG']]);
    expect(read(` 1.MOHAMMED/ABDUL RAHMAN\n${seg('HK')}`)).toEqual([null, ['MOHAMMED/ABDUL RAHMAN']]);
    // A digit, a Chinese name before it, or the RT echo naming it: the locator whatever the segments say.
    expect(read(` 1.SMITH/JOHN MASTER HX7Z2P\n${seg('DK')}`)).toEqual(['HX7Z2P', ['SMITH/JOHN MASTER']]);
    expect(read(` 1.张三 2.李四 KXCEFM\n${seg('DK')}`)).toEqual(['KXCEFM', ['张三/', '李四/']]);
    expect(read(`>RT HMFEES\n 1.ZHANG/FU SHENG HMFEES\n${seg('DK')}`)).toEqual(['HMFEES', ['ZHANG/FU SHENG']]);
    // Wrapped onto its own line: the name line's last word stays a name.
    expect(read(` 1.ZHANG/FU SHENG\n   KXCEFM\n${seg('HK')}`)).toEqual(['KXCEFM', ['ZHANG/FU SHENG']]);
    expect(read(` 1.张三 2.李四\n   KXCEFM\n${seg('DK')}`)).toEqual(['KXCEFM', ['张三/', '李四/']]);
  });

  it('never takes office, phone, TL, RMK, FN, TN, FP or SSR lines for passengers', () => {
    const text = [
      ' 1.张三 2.李四 HX7Z2P',
      ' 3.  CA1501 Y   SU29NOV  PEKSHA HK2   0800 1010          E T3T2',
      ' 4.PEK/T PEK/T 010-12345678/ABC TRAVEL/ZHANG SAN',
      ' 5.TL/1200/25NOV/PEK123',
      ' 6.SSR FOID CA HK1 NI110101199001011234/P1',
      ' 7.RMK CA/NE8XYZ',
      ' 8.FN/A/FCNY1000.00/SCNY1000.00/C3.00/ACNY1050.00',
      ' 9.TN/999-1234567890/P1',
      '10.FP/CASH,CNY',
      '11.PEK123',
    ].join('\n');
    const p = parsePnr(text, today);
    expect(p.passengers).toEqual([
      { surname: '张三', givenName: '', title: null, type: 'adult' },
      { surname: '李四', givenName: '', title: null, type: 'adult' },
    ]);
    expect(p.recordLocator).toBe('HX7Z2P');
  });

  it('reads Sabre names with several given names under one surname, and 12-hour times', () => {
    const p = parsePnr(' 1.2SMITH/JOHN MR/JANE MRS  2.1SMITH/TOM*C08\n 1 UA 888J 10DEC Q SFOPEK*HK3  1130P  515A  12DEC S /DCUA*ABC123 /E', today);
    expect(p.passengers).toEqual([
      { surname: 'SMITH', givenName: 'JOHN', title: 'MR', type: 'adult' },
      { surname: 'SMITH', givenName: 'JANE', title: 'MRS', type: 'adult' },
      { surname: 'SMITH', givenName: 'TOM', title: null, type: 'child' },
    ]);
    expect(p.segments[0]).toMatchObject({ departureTime: '23:30', arrivalTime: '05:15', arrivalDate: '2026-12-12', status: 'HK', seats: 3 });
  });

  it('reads 12-hour and 24-hour times, and refuses the ones that do not exist', () => {
    expect(['800A', '1130P', '1200N', '1200M', '1215A', '1215P', '0000', '2359'].map(readTime)).toEqual([
      '08:00',
      '23:30',
      '12:00',
      '00:00',
      '00:15',
      '12:15',
      '00:00',
      '23:59',
    ]);
    expect(['1365P', '1300A', '2400', '800', '0860', '1100N'].map(readTime)).toEqual([null, null, null, null, null, null]);
  });

  it('accepts CR-only, CRLF and flattened displays alike', () => {
    const lines = [' 1.ZHANG/SAN HX7Z2P', ' 2.  CA1501 Y   SU29NOV  PEKSHA HK1   0800 1010          E T3T2', ' 3.PEK123'];
    const expected = parsePnr(lines.join('\n'), today);
    expect(expected.segments).toHaveLength(1);
    for (const joined of [lines.join('\r'), lines.join('\r\n'), lines.join(' ')]) {
      const p = parsePnr(joined, today);
      expect(p.recordLocator).toBe('HX7Z2P');
      expect(p.passengers).toEqual(expected.passengers);
      expect(p.segments.map(({ line: _l, text: _t, ...s }) => s)).toEqual(expected.segments.map(({ line: _l, text: _t, ...s }) => s));
    }
    // Full-width characters from a Chinese input method fold to their ASCII forms.
    expect(parsePnr(' 1.张三 HX7Z2P\n 2.　CA1501 Y　SU29NOV　PEKSHA HK1　0800 1010', today).segments[0].flightNumber).toBe('CA1501');
  });

  it('uses the weekday shown: a year back for a past leg, a refusal when it fits neither', () => {
    // 15NOV would be 2027 (a Monday); the Sunday it shows is 15 November 2026: already flown, not searched.
    const past = parsePnr(' 1  CA1501 Y 15NOV 7 PEKSHA HK1  0800 1010', today);
    expect(past.segments[0]).toMatchObject({ date: '2026-11-15', skip: 'past' });
    expect(refusal(' 1.张三 HX7Z2P\n 2.  CA1501 Y   MO29NOV  PEKSHA HK1   0800 1010')).toEqual({ line: 2, reason: 'weekday', text: 'MO29NOV' });
    // A year written out wins over the next-occurrence rule and is checked against the weekday too.
    expect(parsePnr(' 1  CA1501 Y 29NOV27 1 PEKSHA HK1  0800 1010', today).segments[0].date).toBe('2027-11-29');
    expect(refusal(' 1  CA1501 Y 29NOV27 2 PEKSHA HK1  0800 1010')).toEqual({ line: 1, reason: 'weekday', text: '29NOV27 2' });
  });

  it('marks flown (FLWN) and open segments, and refuses a flight line it cannot read', () => {
    const p = parsePnr(' 1.ZHANG/SAN MR\n 2  CA1501 Y 18NOV 3 PEKSHA FLWN\n 3  CA1502 Y 30NOV 1 SHAPEK HK1  0800 1010\n 4  CA1503 Y OPEN SHAPEK', today);
    expect(p.segments.map((s) => [s.flightNumber, s.skip])).toEqual([
      ['CA1501', 'flown'],
      ['CA1502', null],
      ['CA1503', 'open'],
    ]);
    expect(refusal(' 1.ZHANG/SAN MR\n 2  CA1501 Y 30NOV 1 PEKSH HK1  0800 1010')).toEqual({ line: 2, reason: 'flight', text: '2  CA1501 Y 30NOV 1 PEKSH HK1  0800 1010' });
    expect(refusal(' 1.ZHANG/SAN MR\n 2  CA1501 Y 30NOV 1 PEKSHA HK1  0800')).toEqual({ line: 2, reason: 'time', text: '0800' });
  });

  it('reads group name lines and keeps the seats they ask for', () => {
    const p = parsePnr(' 0.20BEIJING TOUR NM2 HX7Z2P\n 1.张三 2.李四\n 3.  CA1501 Y   SU29NOV  PEKSHA HK20  0800 1010          E T3T2', today);
    expect(p.group).toEqual({ seats: 20, name: 'BEIJING TOUR', line: 1 });
    expect(p.recordLocator).toBe('HX7Z2P');
    expect(p.passengers).toHaveLength(2);
  });

  it('sets aside a segment whose airport is unknown and keeps the others', () => {
    const p = parsePnr(' 1.ZHANG/SAN MR\n 2  CA1501 Y 30NOV 1 PEKSHA HK1  0800 1010\n 3  CA1502 Y 02DEC 3 SHAQQQ HK1  1200 1400', today);
    const { active, skipped } = sortSegments(p.segments, (c) => c !== 'QQQ');
    expect(active.map((s) => s.flightNumber)).toEqual(['CA1501']);
    expect(skipped.map((k) => [k.segment.flightNumber, k.segment.line, k.reason, k.code])).toEqual([['CA1502', 3, 'unknownAirport', 'QQQ']]);
  });

  it('takes a lone 6-character input as a record locator and ignores unreadable text', () => {
    expect(parsePnr('  abc123 ', today)).toEqual({ recordLocator: 'ABC123', segments: [], passengers: [], group: null });
    expect(parsePnr('hello world', today).segments).toEqual([]);
  });

  it('resolves dates to the next occurrence, leap days included, and measures connections', () => {
    expect(resolveDate(20, 'NOV', undefined, today)).toBe('2026-11-20');
    expect(resolveDate(19, 'NOV', undefined, today)).toBe('2027-11-19');
    expect(resolveDate(29, 'FEB', undefined, today)).toBe('2028-02-29');
    expect(resolveDate(31, 'APR', undefined, today)).toBeNull();
    expect(resolveDate(5, 'JAN', '2027', today)).toBe('2027-01-05');
    const p = parsePnr(' 1 CA 1501 Y 15DEC 2 PEKSHA HK1  0800  1010\n 2 MU 5401 Y 15DEC 2 SHACTU HK1  1200  1500', today);
    expect(connectionMinutes(p.segments[0], p.segments[1])).toBe(110);
  });
});

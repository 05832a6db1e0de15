import { describe, expect, it } from 'vitest';
import { connectionMinutes, parsePnr, resolveDate } from './pnr-parser.ts';

const today = new Date('2026-11-20T08:00:00Z');

describe('PNR display parser', () => {
  it('reads an Amadeus display: header locator, names with child and infant, segments with times', () => {
    const text = [
      'RP/PEK1A0980/PEK1A0980            AA/SU  10NOV26/0830Z   ABC123',
      '  1.ZHANG/SAN MR(INFZHANG/BAOBAO/01JAN26)   2.LI/SI MS   3.ZHANG/XIAO MSTR(CHD/01JAN18)',
      '  4  CA 981 Y 15DEC 2 PEKJFK HK3  1300    1430   15DEC  E  CA/ABC123',
      '  5  CA 982 Y 20JAN 2 JFKPEK HK3  1630    1945+1 20JAN  E  CA/ABC123',
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
    expect(p.segments[0]).toMatchObject({ flightNumber: 'CA981', bookingClass: 'Y', date: '2026-12-15', origin: 'PEK', destination: 'JFK', departureTime: '13:00', arrivalTime: '14:30', status: 'HK' });
    // 20JAN is past in 2026 by November: next year. The +1 moves the arrival date.
    expect(p.segments[1]).toMatchObject({ flightNumber: 'CA982', date: '2027-01-20', arrivalDate: '2027-01-21' });
  });

  it('reads the common short format and Sabre and eTerm variants', () => {
    const p = parsePnr(' 1.ZHANG/SAN MR\n 1 CA 981 Y 15DEC 2 PEKJFK HK1  1300  1430', today);
    expect(p.passengers).toEqual([{ surname: 'ZHANG', givenName: 'SAN', title: 'MR', type: 'adult' }]);
    expect(p.segments[0]).toMatchObject({ flightNumber: 'CA981', bookingClass: 'Y', origin: 'PEK', destination: 'JFK' });

    const sabre = parsePnr(' 1.1WANG/WU MR\n 1 MU5101Y 15DEC 2 SHAPEK HK1  0800  1010  /DCMU*XYZ789 /E', today);
    expect(sabre.segments[0]).toMatchObject({ flightNumber: 'MU5101', bookingClass: 'Y', origin: 'SHA', destination: 'PEK' });
    expect(sabre.recordLocator).toBe('XYZ789');
    expect(sabre.passengers).toEqual([{ surname: 'WANG', givenName: 'WU', title: 'MR', type: 'adult' }]);

    const eterm = parsePnr(' 1.ZHANG/SAN 2.LI/SI CHD HX1234\n 3.  CA1501 Y   MO15DEC  PEKSHA HK2   0800 1010          E T3T2\n 4.  3U8881 C   TU16DEC  SHACTU HX2   0900 1200', today);
    expect(eterm.recordLocator).toBe('HX1234');
    expect(eterm.passengers.map((x) => x.type)).toEqual(['adult', 'child']);
    // The cancelled (HX) segment is left out.
    expect(eterm.segments.map((s) => s.flightNumber)).toEqual(['CA1501']);
  });

  it('takes a lone 6-character input as a record locator and ignores unreadable text', () => {
    expect(parsePnr('  abc123 ', today)).toEqual({ recordLocator: 'ABC123', segments: [], passengers: [] });
    expect(parsePnr('hello world', today).segments).toEqual([]);
  });

  it('resolves dates to the next occurrence, leap days included, and measures connections', () => {
    expect(resolveDate(20, 'NOV', undefined, today)).toBe('2026-11-20');
    expect(resolveDate(19, 'NOV', undefined, today)).toBe('2027-11-19');
    expect(resolveDate(29, 'FEB', undefined, today)).toBe('2028-02-29');
    expect(resolveDate(31, 'APR', undefined, today)).toBeNull();
    const p = parsePnr(' 1 CA 1501 Y 15DEC 2 PEKSHA HK1  0800  1010\n 2 MU 5401 Y 15DEC 2 SHACTU HK1  1200  1500', today);
    expect(connectionMinutes(p.segments[0], p.segments[1])).toBe(110);
  });
});

import { describe, expect, it } from 'vitest';
import { emptyPassenger, type TrainPassengerForm } from './booking';
import { isEmptyRow, placeRows, roomFor, travellerRow } from './traveller-fill';

const DAY = '2030-05-01';
const typed = (surname: string): TrainPassengerForm => ({ ...emptyPassenger(), surname });

describe('rows', () => {
  it('a row with only its defaults is not started', () => {
    expect(isEmptyRow(emptyPassenger())).toBe(true);
    expect(isEmptyRow(undefined)).toBe(true);
    expect(isEmptyRow({ ...emptyPassenger(), travel_document: { type: 'idcard', number: '1' } })).toBe(false);
  });
  it('room: rows not started plus rows that may be added', () => {
    expect(roomFor([emptyPassenger()], 5)).toBe(5);
    expect(roomFor([typed('A'), emptyPassenger(), typed('B')], 5)).toBe(3);
    expect(roomFor([typed('A'), typed('B'), typed('C'), typed('D'), typed('E')], 5)).toBe(0);
  });
  it('fills the rows not started first, then adds rows, never beyond the most', () => {
    const { rows, placed } = placeRows([typed('A'), emptyPassenger()], [typed('X'), typed('Y'), typed('Z'), typed('W'), typed('V')], 5);
    expect(rows.map((r) => r.surname)).toEqual(['A', 'X', 'Y', 'Z', 'W']);
    expect(placed).toEqual([1, 2, 3, 4, null]);
  });
  it('a target row takes the first one, whatever it held', () => {
    expect(placeRows([typed('A'), typed('B')], [typed('X'), typed('Y')], 5, 0)).toEqual({ rows: [typed('X'), typed('B')], placed: [0, null] });
    expect(placeRows([typed('A')], [typed('X')], 5, 3).placed).toEqual([null]);
  });
});

describe('travellerRow', () => {
  const base = { surname: 'zhang', given_names: 'san', localName: '张三', gender: null, birthday: null, nationality: null };
  it('an ID card: the Chinese name, nationality CN, and the birthday and gender its number tells', () => {
    const { values, flag } = travellerRow(base, { type: 'idcard', number: '110105198503050018', expiryDate: null }, DAY);
    expect(values).toEqual({
      ticketType: 'adult',
      surname: '张',
      given_names: '三',
      gender: 'male',
      birthday: '1985-03-05',
      nationality: 'CN',
      travel_document: { type: 'idcard', number: '110105198503050018' },
      seat: null,
    });
    expect(flag).toBeNull();
  });
  it('a passport: Latin names in capitals and the expiry', () => {
    const { values } = travellerRow({ ...base, gender: 'female', birthday: '1990-01-01', nationality: 'GB' }, { type: 'passport', number: 'k1234567', expiryDate: '2035-01-01' }, DAY);
    expect(values).toMatchObject({ surname: 'ZHANG', given_names: 'SAN', nationality: 'GB', travel_document: { type: 'passport', number: 'K1234567', expiryDate: '2035-01-01' } });
  });
});

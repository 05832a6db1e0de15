import { describe, expect, it } from 'vitest';
import { makeLeg, makeSolution } from '../../../components/flight/test-fixtures';
import { makeFare } from '../../../components/flight/test-fixtures';
import type { PassengerSlot } from './booking-form';
import { emptySlotIndexes, filledPaths, importTripFacts, isEmptyPassenger, pastedValues, placeIncoming, travellerValues } from './import-fill';

const seg = makeLeg().segments[0];
const countries: Record<string, string> = { PEK: 'CN', SHA: 'CN', HKG: 'HK', NRT: 'JP' };
const countryOf = (code: string) => countries[code] ?? null;

describe('importTripFacts', () => {
  const fare = makeFare();
  it('a trip within the mainland is domestic; the carrier is the first flight’s', () => {
    const facts = importTripFacts(makeSolution(1), fare, countryOf);
    expect(facts).toEqual({ documents: ['passport'], international: false, lastFlightDate: '2030-01-10', carrier: 'CA' });
  });
  it('Hong Kong counts as international (an ID card does not cross that border)', () => {
    const solution = makeSolution(1, { legs: [makeLeg({ segments: [{ ...seg, destination: 'HKG' }] })] });
    expect(importTripFacts(solution, fare, countryOf).international).toBe(true);
  });
  it('an airport of unknown country counts as international', () => {
    const solution = makeSolution(1, { legs: [makeLeg({ segments: [{ ...seg, destination: 'XXX' }] })] });
    expect(importTripFacts(solution, fare, countryOf).international).toBe(true);
  });
});

describe('slots', () => {
  it('a card with only its default document type is empty', () => {
    expect(isEmptyPassenger({ type: 'adult', travel_document: { type: 'passport' } })).toBe(true);
    expect(isEmptyPassenger({ type: 'adult', surname: 'ZHANG' })).toBe(false);
    expect(emptySlotIndexes([{ type: 'adult', surname: 'A' }, { type: 'adult' }, undefined], 3)).toEqual([1, 2]);
  });
});

describe('placeIncoming', () => {
  const slots: PassengerSlot[] = [
    { type: 'adult', n: 1 },
    { type: 'adult', n: 2 },
    { type: 'child', n: 1 },
  ];
  const LAST = '2030-01-10';
  it('each into a free card of the type their age has on the last flight', () => {
    const child = { birthday: '2022-05-01', type: 'child' as const };
    const adult = { birthday: '1985-03-05', type: 'adult' as const };
    expect(placeIncoming(slots, [0, 1, 2], [child, adult], LAST)).toEqual([
      { slot: 2, flag: null },
      { slot: 0, flag: null },
    ]);
  });
  it('a child who turned 12 goes to the child card only when no adult card is free, flagged', () => {
    const turned12 = { birthday: '2018-01-01', type: 'child' as const };
    expect(placeIncoming(slots, [0, 2], [turned12], LAST)).toEqual([{ slot: 0, flag: null }]);
    expect(placeIncoming(slots, [2], [turned12], LAST)).toEqual([
      { slot: 2, flag: { key: 'order.passenger.type.adult', params: { date: LAST } } },
    ]);
  });
  it('a passenger whose age fits does not lose the card to a flagged one pasted before', () => {
    const turned12 = { birthday: '2018-01-01', type: 'child' as const };
    const child = { birthday: '2022-05-01' };
    expect(placeIncoming(slots, [2, 1], [turned12, child], LAST)).toEqual([
      { slot: 1, flag: null },
      { slot: 2, flag: null },
    ]);
  });
  it('without a birthday: the stated type, else the first free card; null when none is left', () => {
    expect(placeIncoming(slots, [0, 2], [{ type: 'child' }, {}, {}], LAST)).toEqual([{ slot: 2, flag: null }, { slot: 0, flag: null }, null]);
  });
});

describe('values', () => {
  it('a frequent passenger with the full number and the first fitting card; the card keeps its type', () => {
    const v = travellerValues(
      { surname: 'zhang', given_names: 'san', gender: 'male', birthday: '1985-03-05', nationality: 'CN' },
      'adult',
      { type: 'passport', number: 'E12345678', expiryDate: '2035-01-01', issuingCountry: 'CN' },
      { airline: 'CA', number: '123456789012' },
      undefined,
    );
    expect(v).toEqual({
      type: 'adult',
      surname: 'ZHANG',
      given_names: 'SAN',
      gender: 'male',
      birthday: '1985-03-05',
      nationality: 'CN',
      travel_document: { type: 'passport', number: 'E12345678', expiryDate: '2035-01-01', issuingCountry: 'CN' },
      frequentFlyer: { airline: 'CA', number: '123456789012' },
    });
    expect(filledPaths(v)).toContain('travel_document.number');
    expect(filledPaths(v)).not.toContain('type');
  });
  it('no document may be imported: an empty document of the form’s default type', () => {
    const v = travellerValues({ surname: 'LI', given_names: 'LEI', gender: null, birthday: null, nationality: null }, 'adult', null, undefined, 'passport');
    expect(v.travel_document).toEqual({ type: 'passport' });
    expect(v.gender).toBeUndefined();
  });
  it('a pasted document the trip refuses is left out', () => {
    const p = { surname: 'LI', given_names: 'LEI', travel_document: { type: 'idcard', number: '11010519491231002X', expiryDate: null, issuingCountry: null } };
    expect(pastedValues(p, 'adult', false, undefined).travel_document).toEqual({ type: undefined });
    expect(pastedValues(p, 'adult', true, undefined).travel_document).toMatchObject({ type: 'idcard', number: '11010519491231002X' });
  });
});

import { describe, expect, it } from 'vitest';
import type { TrainPassengerInput } from '../api/trains.ts';
import { SMITH, TRAIN_CONTACT as CONTACT, ZHANG } from './train.fixture.ts';
import { validateTrainBooking } from './train.ts';

const rules = { today: '2027-01-01', travelDate: '2027-01-10' };
const check = (passengers: TrainPassengerInput[]) => validateTrainBooking({ passengers, contact: CONTACT }, rules);
const fields = (passengers: TrainPassengerInput[]) => {
  const r = check(passengers);
  return r.ok ? {} : r.fields;
};

describe('train booking rules (validateTrainBooking)', () => {
  it('accepts a Chinese resident with an ID card and a Han name, and a foreigner with a passport', () => {
    const r = check([ZHANG, SMITH]);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.passengers.map((p) => p.ticketName)).toEqual(['张三', 'SMITH JOHN']);
    expect(r.passengers.map((p) => p.ticketType)).toEqual(['adult', 'adult']);
  });

  it('makes Chinese residents use the resident ID card, and keeps others off it', () => {
    expect(fields([{ ...ZHANG, surname: 'Zhang', given_names: 'San', travel_document: { type: 'chinese-passport', number: 'E12345678', expiryDate: '2030-01-01' } }])['passengers.0.travel_document.type']).toBe(
      'train.order.passenger.document.residentId',
    );
    expect(fields([{ ...SMITH, travel_document: { type: 'eep', number: 'C12345678', expiryDate: '2030-01-01' } }])['passengers.0.travel_document.type']).toBe('train.order.passenger.document.notForTrain');
  });

  it('checks the ID card against the birthday and sex (the shared rules)', () => {
    expect(fields([{ ...ZHANG, birthday: '1985-06-16' }])['passengers.0.travel_document.number']).toBe('order.passenger.document.number.birthdayMismatch');
    expect(fields([{ ...ZHANG, surname: '张3' }])['passengers.0.surname']).toBe('train.order.passenger.name.format');
  });

  it('sets the ticket type by age on the travel date: 14 and over adult, 6 to 13 child, under 6 only with a seat of its own', () => {
    const kid = (birthday: string, ticketType: 'adult' | 'child'): TrainPassengerInput => ({ ...SMITH, given_names: 'Amy', gender: 'female', birthday, travel_document: { type: 'passport', number: `K${birthday.replaceAll('-', '')}`.slice(0, 9), expiryDate: '2030-01-01' }, ticketType });
    // 14 on the travel day itself: adult.
    expect(fields([SMITH, kid('2013-01-10', 'child')])['passengers.1.ticketType']).toMatchObject({ key: 'train.order.passenger.ticketType.adult' });
    expect(check([SMITH, kid('2013-01-10', 'adult')]).ok).toBe(true);
    // 13 (14 the day after travel): child.
    expect(fields([SMITH, kid('2013-01-11', 'adult')])['passengers.1.ticketType']).toMatchObject({ key: 'train.order.passenger.ticketType.child' });
    expect(check([SMITH, kid('2013-01-11', 'child')]).ok).toBe(true);
    // 6 on the travel day: child; 5: free on an adult's seat unless booked as a child.
    expect(check([SMITH, kid('2021-01-10', 'child')]).ok).toBe(true);
    expect(fields([SMITH, kid('2021-01-11', 'adult')])['passengers.1.ticketType']).toMatchObject({ key: 'train.order.passenger.under6' });
    expect(check([SMITH, kid('2021-01-11', 'child')]).ok).toBe(true);
  });

  it('books a child only with an adult, and nobody twice', () => {
    const child: TrainPassengerInput = { ...SMITH, given_names: 'Amy', birthday: '2016-03-01', gender: 'female', travel_document: { type: 'passport', number: 'K1234567', expiryDate: '2030-01-01' }, ticketType: 'child' };
    expect(fields([child]).passengers).toBe('train.order.passenger.childAlone');
    expect(fields([SMITH, { ...SMITH, given_names: 'Jack' }]).passengers).toMatchObject({ key: 'order.passenger.list.duplicate' });
  });

  it('validates the contact with the shared rules', () => {
    expect(validateTrainBooking({ passengers: [SMITH], contact: { ...CONTACT, email: 'x' } }, rules)).toMatchObject({ ok: false, fields: { 'contact.email': 'validation.email.format' } });
  });
});

import { describe, expect, it } from 'vitest';
import { validateBooking } from '@portal/contract/passengers/validate';
import { makeFare, makeLeg, makeSolution } from '../../../components/flight/test-fixtures';
import { ApiError } from '../../../lib/api';
import { upperLatin } from '../../../lib/upper-latin';
import { contactFromUser } from '../../../lib/contact-defaults';
import {
  bookingRulesFor,
  createOrderBody,
  displayPath,
  documentTypeOptions,
  namePathOf,
  passengerSlots,
  toBookingInput,
  toPassengerInput,
} from './booking-form';
import { bookedToast, classifyBookingError, isFormPath } from './booking-outcome';

const entry = makeFare().priceList[0];
const family = makeFare({
  priceList: [
    { ...entry, passengerType: 'infant', count: 1 },
    { ...entry, passengerType: 'adult', count: 2 },
    { ...entry, passengerType: 'child', count: 1 },
  ],
});

describe('booking form model', () => {
  it('one slot per priced passenger, adults first, numbered within their type', () => {
    expect(passengerSlots(family)).toEqual([
      { type: 'adult', n: 1 },
      { type: 'adult', n: 2 },
      { type: 'child', n: 1 },
      { type: 'infant', n: 1 },
    ]);
  });

  it('rules: the counts of the fare and the local date of the last flight', () => {
    const solution = makeSolution(1, { legs: [makeLeg(), makeLeg({ segments: [{ ...makeLeg().segments[0], departure: '2030-01-20T23:10' }] })] });
    expect(bookingRulesFor(family, solution, '2029-12-01')).toMatchObject({
      today: '2029-12-01',
      lastFlightDate: '2030-01-20',
      expected: { adult: 2, child: 1, infant: 1 },
    });
  });

  it('document types: the booking list, narrowed by the fare when it names documents', () => {
    expect(documentTypeOptions([])).toEqual(['idcard', 'passport', 'chinese-passport', 'eep']);
    expect(documentTypeOptions(['all'])).toEqual(['idcard', 'passport', 'chinese-passport', 'eep']);
    expect(documentTypeOptions(['idcard', 'eep'])).toEqual(['idcard', 'eep']);
    expect(documentTypeOptions(['passport'])).toEqual(['passport', 'chinese-passport']);
    // Only documents outside the booking list: offer those rather than nothing.
    expect(documentTypeOptions(['tphm'])).toEqual(['tphm']);
  });

  it('contact from the user: the mobile with its own area code, else the favourites region, else 86', () => {
    const user = { username: 'u1', nickname: null, email: 'a@b.example', areaCode: '852', mobile: '91234567', config: { defaultRegion: '65' } };
    expect(contactFromUser({ userInfo: user } as never)).toEqual({ name: 'u1', email: 'a@b.example', areaCode: '852', phone: '91234567' });
    expect(contactFromUser({ userInfo: { ...user, mobile: null } } as never)).toMatchObject({ areaCode: '65', phone: '' });
    expect(contactFromUser(null)).toEqual({ name: '', email: '', areaCode: '86', phone: '' });
  });

  it('upper-cases English letters only, so the rules still refuse other letters', () => {
    expect(upperLatin('van der berg')).toBe('VAN DER BERG');
    expect(upperLatin('straße')).toBe('STRAßE');
  });

  it('form values to the contract: no expiry for an ID card, no empty frequent flyer', () => {
    const p = toPassengerInput({
      type: 'adult',
      surname: ' LI ',
      given_names: 'LEI',
      gender: 'male',
      birthday: '1990-01-01',
      nationality: 'CN',
      travel_document: { type: 'idcard', number: '110105199001010011', expiryDate: '2030-01-01' },
      frequentFlyer: { airline: '', number: ' ' },
    });
    expect(p).toMatchObject({ surname: 'LI', travel_document: { type: 'idcard', expiryDate: null, issuingCountry: null }, frequentFlyer: null });
  });

  it('sends what the shared module normalized', () => {
    const fare = makeFare();
    const rules = bookingRulesFor(fare, makeSolution(1), '2029-12-01');
    const input = toBookingInput({
      passengers: [
        {
          type: 'adult',
          surname: 'LI',
          given_names: 'LEI  MING',
          gender: 'male',
          birthday: '05MAR85',
          nationality: 'CN',
          travel_document: { type: 'passport', number: 'e 1234 5678', expiryDate: '2035-01-01', issuingCountry: 'CN' },
          frequentFlyer: { airline: 'ca', number: '123456789' },
        },
      ],
      contact: { name: 'Li Lei', email: 'li@x.example', areaCode: '+86', phone: '138 0013 8000' },
    });
    const checked = validateBooking(input, rules);
    if (!checked.ok) throw new Error(JSON.stringify(checked.fields));
    expect(createOrderBody({ searchId: 's', fareId: 'f' }, 123456, checked)).toEqual({
      searchId: 's',
      fareId: 'f',
      acceptedTotal: 123456,
      passengers: [
        {
          type: 'adult',
          surname: 'LI',
          given_names: 'LEI MING',
          gender: 'male',
          birthday: '1985-03-05',
          nationality: 'CN',
          travel_document: { type: 'passport', number: 'E12345678', expiryDate: '2035-01-01', issuingCountry: 'CN' },
          frequentFlyer: { airline: 'CA', number: '123456789' },
        },
      ],
      contact: { name: 'Li Lei', email: 'li@x.example', areaCode: '86', phone: '13800138000' },
    });
  });

  it('field paths: a type error shows on the birthday; paths become antd name paths', () => {
    expect(displayPath('passengers.2.type')).toBe('passengers.2.birthday');
    expect(displayPath('passengers.2.surname')).toBe('passengers.2.surname');
    expect(namePathOf('passengers.1.travel_document.number')).toEqual(['passengers', 1, 'travel_document', 'number']);
    expect(isFormPath('passengers.0.frequentFlyer.number')).toBe(true);
    expect(isFormPath('contact.email')).toBe(true);
    expect(isFormPath('passengers')).toBe(true);
    expect(isFormPath('Idempotency-Key')).toBe(false);
  });
});

describe('booking outcome', () => {
  it('sorts the answers', () => {
    expect(classifyBookingError(new ApiError('x', 300001, 409), 'f').kind).toBe('priceChanged');
    expect(classifyBookingError(new ApiError('x', 300002, 409), 'f').kind).toBe('fareGone');
    expect(classifyBookingError(new ApiError('x', 300006, 422), 'f').kind).toBe('fareGone');
    expect(classifyBookingError(new ApiError('x', 300006, 422, { 'passengers.0.surname': 'x' }), 'f').kind).toBe('fields');
    expect(classifyBookingError(new ApiError('x', 300004, 502), 'f').kind).toBe('supplier');
    expect(classifyBookingError(new ApiError('x', 100400, 400, { 'contact.email': 'x' }), 'f').kind).toBe('fields');
    expect(classifyBookingError(new ApiError('Busy', 300003, 402), 'f')).toEqual({ kind: 'other', message: 'Busy' });
    expect(classifyBookingError(new ApiError('offline', -1, 0), 'f').kind).toBe('unanswered');
    expect(classifyBookingError(new TypeError(''), 'fallback')).toEqual({ kind: 'unanswered', message: 'fallback' });
  });

  it('toasts by the new order status', () => {
    expect(bookedToast({ status: 'to_be_paid' })).toEqual({ type: 'success', key: 'order.booked' });
    expect(bookedToast({ status: 'reviewing' })).toEqual({ type: 'info', key: 'order.bookedForReview' });
    expect(bookedToast({ status: 'holding' })).toEqual({ type: 'warning', key: 'order.holding' });
  });
});

import { describe, expect, it } from 'vitest';
import { validateTrainBooking } from './train.ts';
import { TRAIN_CONTACT } from './train.fixture.ts';
import { chooseTrainDocument, trainTicketNames, trainTicketTypeFor, type TrainImportDocument } from './train-import.ts';

const DAY = '2030-05-01';
const idcard: TrainImportDocument = { id: 'id', type: 'idcard', expiryDate: null };
const passport: TrainImportDocument = { id: 'pp', type: 'passport', expiryDate: '2035-01-01' };
const cnPassport: TrainImportDocument = { id: 'cp', type: 'chinese-passport', expiryDate: '2035-01-01' };
const eep: TrainImportDocument = { id: 'eep', type: 'eep', expiryDate: '2035-01-01' };
const tptw: TrainImportDocument = { id: 'tw', type: 'tptw', expiryDate: '2034-01-01' };

describe('chooseTrainDocument', () => {
  it('a Chinese citizen brings the resident ID card, wherever it is filed', () => {
    expect(chooseTrainDocument({ nationality: 'CN', travel_documents: [cnPassport, idcard] }, DAY)).toEqual({ ok: true, document: idcard });
  });
  it('a Chinese citizen without an ID card is refused, even with a passport', () => {
    expect(chooseTrainDocument({ nationality: 'CN', travel_documents: [cnPassport, eep] }, DAY)).toEqual({
      ok: false,
      reason: { key: 'travellers.import.train.residentIdMissing' },
    });
    expect(chooseTrainDocument({ nationality: 'CN', travel_documents: [] }, DAY)).toEqual({ ok: false, reason: { key: 'travellers.import.train.residentIdMissing' } });
  });
  it('an ID card that expires before the travel date is refused with both dates; on the day itself it still serves', () => {
    const old = { ...idcard, expiryDate: '2030-04-30' };
    expect(chooseTrainDocument({ nationality: 'CN', travel_documents: [old] }, DAY)).toEqual({
      ok: false,
      reason: { key: 'travellers.import.train.expired', params: { expiry: '2030-04-30', date: DAY } },
    });
    const lastDay = { ...idcard, expiryDate: DAY };
    expect(chooseTrainDocument({ nationality: 'CN', travel_documents: [lastDay] }, DAY)).toEqual({ ok: true, document: lastDay });
  });
  it('anyone else: the first passport or permit still valid, never an ID card or a document trains refuse', () => {
    expect(chooseTrainDocument({ nationality: 'GB', travel_documents: [idcard, eep, passport] }, DAY)).toEqual({ ok: true, document: passport });
    expect(chooseTrainDocument({ nationality: 'TW', travel_documents: [tptw, passport] }, DAY)).toEqual({ ok: true, document: tptw });
    const expired = { ...passport, expiryDate: '2029-12-31' };
    expect(chooseTrainDocument({ nationality: 'GB', travel_documents: [expired, tptw] }, DAY)).toEqual({ ok: true, document: tptw });
  });
  it('anyone else with no accepted document, or only expired ones, is refused with the reason', () => {
    expect(chooseTrainDocument({ nationality: 'GB', travel_documents: [idcard, eep] }, DAY)).toEqual({ ok: false, reason: { key: 'travellers.import.train.noDocument' } });
    const expired = { ...passport, expiryDate: '2029-12-31' };
    expect(chooseTrainDocument({ nationality: 'US', travel_documents: [expired] }, DAY)).toEqual({
      ok: false,
      reason: { key: 'travellers.import.train.expired', params: { expiry: '2029-12-31', date: DAY } },
    });
  });
  it('no nationality on file: any train document, the booking asks for the nationality', () => {
    expect(chooseTrainDocument({ nationality: null, travel_documents: [eep, idcard] }, DAY)).toEqual({ ok: true, document: idcard });
    expect(chooseTrainDocument({ nationality: null, travel_documents: [eep] }, DAY)).toEqual({ ok: false, reason: { key: 'travellers.import.train.noDocument' } });
  });
});

describe('trainTicketTypeFor', () => {
  it('adult from the 14th birthday on the travel date, child below, flagged under 6', () => {
    expect(trainTicketTypeFor('2016-05-01', DAY)).toEqual({ ticketType: 'adult', flag: null });
    expect(trainTicketTypeFor('2016-05-02', DAY)).toEqual({ ticketType: 'child', flag: null });
    expect(trainTicketTypeFor('2024-05-01', DAY)).toEqual({ ticketType: 'child', flag: null });
    expect(trainTicketTypeFor('2024-05-02', DAY)).toEqual({ ticketType: 'child', flag: { key: 'train.order.passenger.under6', params: { date: DAY } } });
    expect(trainTicketTypeFor(null, DAY)).toEqual({ ticketType: 'adult', flag: null });
  });
});

describe('trainTicketNames', () => {
  const zhang = { surname: 'ZHANG', given_names: 'SAN', localName: '张三' };
  it('the Chinese name on a document printed in Chinese, the Latin one on a passport', () => {
    expect(trainTicketNames(zhang, 'idcard')).toEqual({ surname: '张', given_names: '三', chinese: true });
    expect(trainTicketNames(zhang, 'tptw')).toEqual({ surname: '张', given_names: '三', chinese: true });
    expect(trainTicketNames(zhang, 'passport')).toEqual({ surname: 'ZHANG', given_names: 'SAN', chinese: false });
  });
  it('two-character surnames, and names the railway would refuse fall back to the Latin ones', () => {
    expect(trainTicketNames({ surname: 'OUYANG', given_names: 'XIU', localName: '欧阳修' }, 'idcard')).toEqual({ surname: '欧阳', given_names: '修', chinese: true });
    expect(trainTicketNames({ ...zhang, localName: '张' }, 'idcard').chinese).toBe(false);
    expect(trainTicketNames({ ...zhang, localName: 'Zhang San' }, 'idcard').chinese).toBe(false);
    expect(trainTicketNames({ ...zhang, localName: null }, 'idcard').chinese).toBe(false);
  });
  it('what it fills passes the booking rules', () => {
    const names = trainTicketNames({ surname: 'OUYANG', given_names: 'XIU', localName: '欧阳修' }, 'idcard');
    const check = validateTrainBooking(
      {
        passengers: [{ ...names, gender: 'male', birthday: '1985-06-15', nationality: 'CN', travel_document: { type: 'idcard', number: '110101198506150019' }, ticketType: 'adult' }],
        contact: TRAIN_CONTACT,
      },
      { today: '2030-04-20', travelDate: DAY },
    );
    expect(check.ok && check.passengers[0].ticketName).toBe('欧阳修');
  });
});

import { describe, expect, it } from 'vitest';
import type { FrequentPassenger } from '@portal/contract/api/travellers';
import { checkTraveller, formValuesOf, toTravellerBody } from './traveller-form';

const TODAY = '2025-06-01';
const stored: FrequentPassenger = {
  id: '11111111-1111-4111-8111-111111111111',
  surname: 'ZHANG',
  given_names: 'SAN',
  localName: '张三',
  type: 'adult',
  gender: 'male',
  birthday: '1990-03-07',
  nationality: 'CN',
  areaCode: '86',
  phone: '13800138000',
  email: null,
  travel_document: null,
  travel_documents: [{ id: '22222222-2222-4222-8222-222222222222', type: 'passport', number: '*****5678', expiryDate: '2031-01-01', issuingCountry: 'CN' }],
  memberCards: [],
  remark: null,
  documentImageId: null,
  createdAt: '2025-01-01T00:00:00Z',
  updatedAt: '2025-01-01T00:00:00Z',
};

describe('traveller form', () => {
  it('keeps a stored number untouched: the document id with an empty number, and no number error in the browser', () => {
    const values = formValuesOf(stored, '86');
    expect(values.travel_documents[0]).toMatchObject({ id: stored.travel_documents[0].id, masked: '*****5678', number: '' });
    expect(toTravellerBody(values).travel_documents).toEqual([{ id: stored.travel_documents[0].id, type: 'passport', number: '', expiryDate: '2031-01-01', issuingCountry: 'CN' }]);
    expect(checkTraveller(values, TODAY)).toEqual({});
  });

  it('sends a retyped number with the document id, and asks for the number when the type of a stored document changes', () => {
    const values = formValuesOf(stored, '86');
    values.travel_documents[0].number = 'E87654321';
    expect(toTravellerBody(values).travel_documents?.[0]).toMatchObject({ id: stored.travel_documents[0].id, number: 'E87654321' });
    values.travel_documents[0] = { ...values.travel_documents[0], type: 'idcard', number: '' };
    expect(toTravellerBody(values).travel_documents?.[0]).toMatchObject({ id: null, number: '' });
    expect(checkTraveller(values, TODAY)['travel_documents.0.number']).toBe('order.passenger.document.number.required');
  });

  it("reports the shared rules' field paths: an ID card with a wrong check digit", () => {
    const values = { ...formValuesOf(null, '86'), surname: 'LI', given_names: 'SI', gender: 'male', birthday: '1990-03-07', nationality: 'CN' };
    values.travel_documents = [{ type: 'idcard', number: '110101199003074478' }];
    expect(checkTraveller(values, TODAY)).toEqual({ 'travel_documents.0.number': 'order.passenger.document.number.idcardCheck' });
  });

  it('starts a new traveller with the default area code and one empty document', () => {
    expect(formValuesOf(null, '852')).toEqual({ areaCode: '852', travel_documents: [{}] });
  });
});

import type { FrequentPassenger, FrequentPassengerList } from '@portal/contract/api/travellers';

/** A stored traveller as the server answers it (documents masked); override any field. */
export function makeTraveller(over: Partial<FrequentPassenger> = {}): FrequentPassenger {
  return {
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
    travel_documents: [],
    memberCards: [],
    remark: null,
    documentImageId: null,
    createdAt: '2025-01-01T00:00:00Z',
    updatedAt: '2025-01-01T00:00:00Z',
    ...over,
  };
}

export const PASSPORT = { id: '22222222-2222-4222-8222-222222222222', type: 'passport' as const, number: '*****5678', expiryDate: '2031-01-01', issuingCountry: 'CN' };

export const listOf = (items: FrequentPassenger[], total = items.length): FrequentPassengerList => ({ items, total, max: 30 });

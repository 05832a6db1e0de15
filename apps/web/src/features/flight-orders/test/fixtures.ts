import type { MeAnswer } from '@portal/contract/api/auth';
import type { PaymentConfigAnswer } from '@portal/contract/api/agencies';
import type { FlightOrder, OrderListAnswer, OrderListItem, VoyageRow } from '@portal/contract/api/flight-orders';
import { makeFare, makeLeg } from '../../../components/flight/test-fixtures';

/** Builders of flight order answers for the page tests (not imported by the app). */
export function operatorMe(over: { proxyLevel?: number; roles?: string[] } = {}): MeAnswer {
  return {
    userInfo: { id: 'u1', username: 'operator', roles: over.roles ?? ['operator'], config: { dateFormat: 'yyyy-MM-dd', defaultRegion: '86' } },
    company: {
      id: 'c1',
      code: 'A00001',
      name: 'Demo Travel Agency',
      proxyLevel: over.proxyLevel ?? 1,
      config: { commonConfig: { enableFlightService: true, enableTrainService: true, isShowBill: true, canCreateSubAgency: false, settlementCurrency: 'CNY' } },
    },
    permissions: [],
    embedded: false,
  } as unknown as MeAnswer;
}

export function listItem(over: Partial<OrderListItem> = {}): OrderListItem {
  return {
    id: 'o1',
    bookingNumber: 'FO250306001',
    type: 'origin',
    status: 'issued',
    paymentStatus: 'paid',
    recordLocator: 'ABC123',
    validatingCarrier: 'CA',
    route: 'PEK-SHA',
    flightNumbers: ['CA1501'],
    departure: '2030-01-10T08:30',
    passengers: ['ZHANG/SAN'],
    ticketNumbers: ['9991234567890'],
    total: 123_456_789,
    currency: 'CNY',
    paymentDeadline: null,
    createdAt: '2025-03-06T09:30:00Z',
    createdBy: 'Olivia Operator',
    ...over,
  };
}

export const paged = <T>(items: T[], total = items.length) => ({ items, total, page: 1, pageSize: 20 });
export const orderList = (items: OrderListItem[], total?: number): OrderListAnswer => paged(items, total);

const fare = makeFare();

export function makeOrder(over: Partial<FlightOrder> = {}): FlightOrder {
  return {
    id: 'o1',
    bookingNumber: 'FO250306001',
    type: 'origin',
    originalOrderId: null,
    status: 'to_be_paid',
    paymentStatus: 'unpaid',
    recordLocator: 'ABC123',
    supplier: null,
    validatingCarrier: 'CA',
    cabin: 'economy',
    brand: 'Eco Flex',
    fareBasis: ['YOW'],
    productType: 'fast-standard',
    ticketingPromiseMinutes: 30,
    invoiceType: 'Itinerary',
    baggage: fare.baggage,
    cancellationPolicy: fare.cancellationPolicy,
    restrictions: fare.restrictions,
    legs: [makeLeg()],
    passengers: [
      {
        id: 'p1',
        type: 'adult',
        surname: 'ZHANG',
        givenNames: 'SAN',
        gender: 'male',
        birthday: '1990-01-01',
        nationality: 'CN',
        document: { type: 'passport', number: '*****1234', expiryDate: '2032-01-01', issuingCountry: 'CN' },
        frequentFlyer: null,
        ticketNumber: null,
      },
      {
        id: 'p2',
        type: 'adult',
        surname: 'LI',
        givenNames: 'SI',
        gender: 'female',
        birthday: '1991-02-02',
        nationality: 'CN',
        document: { type: 'passport', number: '*****5678', expiryDate: '2032-01-01', issuingCountry: 'CN' },
        frequentFlyer: null,
        ticketNumber: null,
      },
    ],
    contact: { name: 'Olivia', email: 'olivia@example.com', areaCode: '86', phone: '13800000000' },
    currency: 'CNY',
    priceLines: [
      {
        passengerType: 'adult',
        count: 2,
        ticketPrice: 100_000,
        faceValue: 123_456,
        tax: 23_456,
        airportTax: 5_000,
        fuelSurcharge: 8_000,
        discount: 0,
        serviceFee: 2_000,
        sellingPrice: 125_456,
        costPrice: null,
      },
    ],
    total: 250_912,
    transactionFee: 0,
    costTotal: null,
    paymentDeadline: new Date(Date.now() + 25 * 60_000).toISOString(),
    paymentMethod: null,
    paidAt: null,
    issuedAt: null,
    reviewRemark: null,
    remark: null,
    createdAt: '2025-03-06T09:30:00Z',
    createdBy: { id: 'u1', name: 'Olivia Operator' },
    companyName: 'Demo Travel Agency',
    actions: ['pay', 'cancel'],
    deskActions: [],
    events: [
      { at: '2025-03-06T09:30:00Z', event: 'booked', from: 'holding', to: 'to_be_paid', actor: { kind: 'system', name: null }, remark: null },
    ],
    request: null,
    related: [],
    voidDeadline: null,
    notices: [],
    ...over,
  };
}

export const paymentConfig: PaymentConfigAnswer = {
  disablePayment: false,
  channels: [
    { channel: 'balance', feeBp: 0, currencies: ['CNY'] },
    { channel: 'credit', feeBp: 0, currencies: ['CNY'] },
    { channel: 'alipay', feeBp: 60, currencies: ['CNY'] },
    { channel: 'paypal', feeBp: 340, currencies: ['USD'] },
  ],
  balance: { currency: 'CNY', cash: 100_000, creditLimit: 500_000, usedCredit: 0, availableCredit: 500_000, held: 0, available: 600_000 },
};

export function voyageRow(over: Partial<VoyageRow> = {}): VoyageRow {
  return {
    orderId: 'o1',
    bookingNumber: 'FO250306001',
    passenger: 'ZHANG/SAN',
    passengerType: 'adult',
    flightNumber: 'CA1501',
    origin: 'PEK',
    destination: 'SHA',
    departure: '2030-01-10T08:30',
    arrival: '2030-01-10T10:45',
    cabin: 'economy',
    bookingClass: 'Y',
    recordLocator: 'ABC123',
    ticketNumber: '9991234567890',
    status: 'issued',
    ...over,
  };
}

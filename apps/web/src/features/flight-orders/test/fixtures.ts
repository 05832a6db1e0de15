import type { MeAnswer } from '@portal/contract/api/auth';
import type { AfterSalesOptions, AfterSalesRequest, ChangeOption, RefundQuote, ScheduleNotice } from '@portal/contract/api/after-sales';
import type { FlightOrder, OrderListAnswer, OrderListItem, VoyageRow } from '@portal/contract/api/flight-orders';
import { makeFare, makeLeg, makeSolution } from '../../../components/flight/test-fixtures';

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

export { paymentConfig } from '../../../components/payments/test-fixtures';

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

// ---- after-sales (issue 10) ----------------------------------------------------------------------------------------

export function afterSalesOptions(over: Partial<AfterSalesOptions> = {}): AfterSalesOptions {
  const inAnHour = new Date(Date.now() + 60 * 60_000).toISOString();
  return {
    currency: 'CNY',
    open: [
      { passengerId: 'p1', name: 'ZHANG/SAN', ticketNumber: '9991234567890', legs: [0, 1] },
      { passengerId: 'p2', name: 'LI/SI', ticketNumber: '9991234567891', legs: [0, 1] },
    ],
    paths: [
      {
        kind: 'change',
        available: true,
        blocker: null,
        until: '2030-01-10T00:30:00Z',
        now: { from: null, until: '2030-01-10T00:30:00Z', cost: 24_000, back: 0 },
        steps: [
          { from: null, until: '2030-01-10T00:30:00Z', cost: 24_000, back: 0 },
          { from: '2030-01-10T00:30:00Z', until: null, cost: 44_000, back: 0 },
        ],
      },
      {
        kind: 'refund',
        available: true,
        blocker: null,
        until: null,
        now: { from: null, until: '2030-01-10T00:30:00Z', cost: 64_000, back: 186_912 },
        steps: [{ from: null, until: '2030-01-10T00:30:00Z', cost: 64_000, back: 186_912 }],
      },
      {
        kind: 'void',
        available: true,
        blocker: null,
        until: inAnHour,
        now: { from: null, until: inAnHour, cost: 2_000, back: 248_912 },
        steps: [],
      },
    ],
    cheapest: 'void',
    voidDeadline: inAnHour,
    related: [],
    ...over,
  };
}

/** An issued round trip (two legs) that allows every after-sales request. */
export function issuedOrder(over: Partial<FlightOrder> = {}): FlightOrder {
  const base = makeOrder();
  return makeOrder({
    status: 'issued',
    paymentStatus: 'paid',
    paymentDeadline: null,
    legs: [
      makeLeg(),
      makeLeg({
        segments: [{ ...makeLeg().segments[0], flightNumber: 'CA1502', origin: 'SHA', destination: 'PEK', departure: '2030-01-15T18:00', arrival: '2030-01-15T20:15', departureUtc: '2030-01-15T10:00:00Z', arrivalUtc: '2030-01-15T12:15:00Z' }],
      }),
    ],
    passengers: base.passengers.map((p, i) => ({ ...p, ticketNumber: `999123456789${i}` })),
    actions: ['downloadItinerary', 'downloadTicket', 'requestChange', 'requestRefund', 'requestVoid'],
    voidDeadline: new Date(Date.now() + 60 * 60_000).toISOString(),
    ...over,
  });
}

export function refundQuote(over: Partial<RefundQuote> = {}): RefundQuote {
  return {
    version: 2,
    involuntary: false,
    lines: [
      { passengerId: 'p1', passengerType: 'adult', name: 'ZHANG/SAN', ticketNumber: '9991234567890', paid: 125_456, tax: 23_456, refundFee: 30_000, serviceFee: 2_000, refundAmount: 93_456 },
      { passengerId: 'p2', passengerType: 'adult', name: 'LI/SI', ticketNumber: '9991234567891', paid: 125_456, tax: 23_456, refundFee: null, serviceFee: 2_000, refundAmount: 21_456 },
    ],
    total: 114_912,
    currency: 'CNY',
    expiresAt: new Date(Date.now() + 2 * 60 * 60_000).toISOString(),
    ...over,
  };
}

export function afterSalesRequest(over: Partial<AfterSalesRequest> = {}): AfterSalesRequest {
  return {
    kind: 'refund',
    originalBookingNumber: 'FO250306001',
    reason: 2,
    subReason: 'passenger',
    involuntary: true,
    passengerIds: ['p1', 'p2'],
    legs: [0],
    attachments: [{ id: 'a1', name: 'certificate.pdf', mime: 'application/pdf', size: 345_000 }],
    refundQuote: null,
    changeLines: [],
    scheduleNoticeId: null,
    ...over,
  };
}

/** A refund order (type refund) of the original o1, waiting for its quote to be confirmed. */
export function refundOrder(over: Partial<FlightOrder> = {}): FlightOrder {
  return issuedOrder({
    id: 'r1',
    bookingNumber: 'FR250306002',
    type: 'refund',
    originalOrderId: 'o1',
    status: 'rfd_to_be_confirm',
    total: 114_912,
    actions: ['cancel', 'confirmRefund'],
    voidDeadline: null,
    request: afterSalesRequest({ refundQuote: refundQuote() }),
    related: [{ id: 'o1', bookingNumber: 'FO250306001', type: 'origin', status: 'issued', total: 250_912, createdAt: '2025-03-06T09:30:00Z' }],
    ...over,
  });
}

export function notice(over: Partial<ScheduleNotice> = {}): ScheduleNotice {
  return {
    id: 'n1',
    orderId: 'o1',
    bookingNumber: 'FO250306001',
    recordLocator: 'ABC123',
    kind: 'change',
    status: 'open',
    leg: 0,
    oldFlights: [{ flightNumber: 'CA1501', origin: 'PEK', destination: 'SHA', departure: '2030-01-10T08:30', arrival: '2030-01-10T10:45' }],
    newFlights: [{ flightNumber: 'CA1503', origin: 'PEK', destination: 'SHA', departure: '2030-01-10T11:30', arrival: '2030-01-10T13:45' }],
    deadline: new Date(Date.now() + 5 * 60 * 60_000).toISOString(),
    createdAt: '2025-03-07T09:30:00Z',
    resolvedAt: null,
    actions: ['accept', 'refuse'],
    ...over,
  };
}

export function changeOption(over: Partial<ChangeOption> = {}): ChangeOption {
  return {
    optionId: 'opt-1',
    solution: makeSolution(1, {
      legs: [makeLeg({ segments: [{ ...makeLeg().segments[0], flightNumber: 'CA1519', departure: '2030-01-12T14:00', arrival: '2030-01-12T16:15' }] })],
    }),
    fareId: 'f1',
    lines: [
      { passengerId: 'p1', passengerType: 'adult', name: 'ZHANG/SAN', changeFee: 10_000, fareDifference: 5_000, taxDifference: 0, serviceFee: 2_000, total: 17_000 },
      { passengerId: 'p2', passengerType: 'adult', name: 'LI/SI', changeFee: 10_000, fareDifference: 5_000, taxDifference: 0, serviceFee: 2_000, total: 17_000 },
    ],
    total: 34_000,
    currency: 'CNY',
    ...over,
  };
}

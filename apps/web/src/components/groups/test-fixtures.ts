import type { GroupNames } from '@portal/contract/api/group-names';
import type { GroupDeskItem, GroupOrder, GroupOrderListItem, GroupQuote, GroupRequest } from '@portal/contract/api/group-orders';

/**
 * One group as the group pages' tests (group-orders, group-desk, group-deadlines) start from: 10 adults and 2
 * children PEK-SHA on 2030-01-10, booked by Olivia of the demo agency. Each test overrides what it is about.
 */

/** An ISO instant `h` hours from now (deadlines are judged against the clock). */
export const hoursFromNow = (h: number) => new Date(Date.now() + h * 3600_000).toISOString();

export const groupRequest = (over: Partial<GroupRequest> = {}): GroupRequest => ({
  tripType: 'oneway',
  journeys: [{ origin: 'PEK', destination: 'SHA', date: '2030-01-10', remark: '', isChangeDate: false, acceptChangeFlight: false }],
  passengers: { adult: 10, child: 2, infant: 0 },
  cabin: 'economy',
  contact: { name: 'Olivia', email: 'o@a.test', areaCode: '86', phone: '13800000000' },
  remark: '',
  ...over,
});

/** CA1501, adults 500 + 50 tax, children 200 + 25 tax: CNY 5,950.00 in three instalments. */
export const groupQuote = (over: Partial<GroupQuote> = {}): GroupQuote => ({
  version: 1,
  journeys: [{ journeyIndex: 0, flights: [{ carrier: 'CA', flightNumber: 'CA1501', origin: 'PEK', destination: 'SHA', departure: '2030-01-10T08:30', arrival: '2030-01-10T10:45' }] }],
  prices: [
    { passengerType: 'adult', fare: 50_000, tax: 5_000, currency: 'CNY' },
    { passengerType: 'child', fare: 20_000, tax: 2_500, currency: 'CNY' },
  ],
  total: 595_000,
  currency: 'CNY',
  confirmBy: hoursFromNow(-48),
  seats: 12,
  paymentPlan: [
    { kind: 'deposit1', amount: 175_348, dueAt: hoursFromNow(48) },
    { kind: 'deposit2', amount: 100_000, dueAt: hoursFromNow(96) },
    { kind: 'final', amount: 319_652, dueAt: hoursFromNow(240) },
  ],
  remark: '',
  quotedAt: '2030-01-01T03:00:00Z',
  quotedBy: 'simulator',
  ...over,
});

export const noNames = (over: Partial<GroupNames> = {}): GroupNames => ({
  status: 'not_uploaded',
  uploadedAt: null,
  uploadedBy: null,
  confirmedAt: null,
  expected: { seats: 12, infants: 0 },
  passengers: [],
  ...over,
});

export const groupOrder = (over: Partial<GroupOrder> = {}): GroupOrder => ({
  id: 'g1',
  bookingNumber: 'G2611260001',
  status: 'to_be_quote',
  request: groupRequest(),
  quote: null,
  createdAt: '2030-01-01T02:00:00Z',
  updatedAt: '2030-01-01T02:00:00Z',
  createdBy: { id: 'u1', name: 'Olivia' },
  companyName: 'Demo Travel Agency',
  timeline: [],
  actions: [],
  payments: [],
  nextInstalment: null,
  deskActions: [],
  names: noNames(),
  ...over,
});

export const groupListItem = (over: Partial<GroupOrderListItem> = {}): GroupOrderListItem => ({
  id: 'g1',
  bookingNumber: 'G2611260001',
  status: 'to_be_quote',
  tripType: 'oneway',
  route: 'PEK-SHA',
  departureDate: '2030-01-10',
  passengers: { adult: 10, child: 2, infant: 0 },
  cabin: 'economy',
  total: null,
  currency: null,
  confirmBy: null,
  createdAt: '2030-01-01T02:00:00Z',
  createdBy: 'Olivia',
  ...over,
});

export const groupDeskItem = (over: Partial<GroupDeskItem> = {}): GroupDeskItem => ({
  ...groupListItem(),
  companyName: 'Demo Travel Agency',
  companyCode: 'A00001',
  deskActions: ['quote', 'reject'],
  ...over,
});

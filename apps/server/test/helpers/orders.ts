import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { PassengerInput } from '@portal/contract/api/flight-orders';
import { call, type CallResult, type TestApp } from './app.ts';
import { inDays, pollUntilDone, startSearch, verificationUrl } from './shopping.ts';
import { setFaults } from '../../src/suppliers/air/faults.ts';
import { NO_FAULTS } from '../../src/suppliers/air/types.ts';
import { orderDepsOf } from '../../src/modules/flight-orders/orders.jobs.ts';
import { advanceOrder } from '../../src/modules/flight-orders/work.usecase.ts';

export const ORDERS = '/order/v2/flight/orders';

export interface Fare {
  searchId: string;
  solutionId: string;
  fareId: string;
  total: number;
  currency: string;
  lastFlightDate: string;
}

/** Searches one-way and answers the cheapest fare of `supplier` (direct flights, so tests stay on one segment). */
export async function findFare(
  app: FastifyInstance,
  token: string,
  o: { supplier?: string; origin?: string; destination?: string; days?: number; passengers?: { adult: number; child: number; infant: number } } = {},
): Promise<Fare> {
  const supplier = o.supplier ?? 'sim-gds';
  const searchId = await startSearch(app, token, {
    journeys: [{ origin: o.origin ?? 'PEK', destination: o.destination ?? 'SHA', date: inDays(o.days ?? 12) }],
    passengers: o.passengers ?? { adult: 1, child: 0, infant: 0 },
    directOnly: true,
  });
  const res = await pollUntilDone(app, token, searchId, { pageSize: 200 });
  for (const s of res.data.items) {
    const fare = s.fares.find((f: { fareId: string }) => f.fareId.startsWith(`${supplier}:`));
    if (fare) {
      const segs = s.legs[s.legs.length - 1].segments;
      return { searchId, solutionId: s.id, fareId: fare.fareId, total: fare.totalSalePrice, currency: fare.currency, lastFlightDate: segs[segs.length - 1].departure.slice(0, 10) };
    }
  }
  throw new Error(`no ${supplier} fare in search ${searchId}`);
}

export async function verify(app: FastifyInstance, token: string, fare: Fare): Promise<CallResult> {
  return call(app, 'POST', verificationUrl(fare.solutionId), { token, body: { searchId: fare.searchId, fareId: fare.fareId } });
}

const yearsAgo = (years: number, days = 0) => {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
};

export function adult(surname = 'ZHANG', given = 'SAN', number = 'E12345678'): PassengerInput {
  return {
    type: 'adult',
    surname,
    given_names: given,
    gender: 'male',
    birthday: '1985-03-05',
    nationality: 'CN',
    travel_document: { type: 'passport', number, expiryDate: inDays(3000), issuingCountry: 'CN' },
  };
}

export function child(surname = 'ZHANG', given = 'XIAOMING', number = 'E87654321'): PassengerInput {
  return {
    type: 'child',
    surname,
    given_names: given,
    gender: 'female',
    birthday: yearsAgo(6, 30),
    nationality: 'CN',
    travel_document: { type: 'passport', number, expiryDate: inDays(3000), issuingCountry: 'CN' },
  };
}

export const CONTACT = { name: 'Wang Wu', email: 'wang.wu@example.com', areaCode: '86', phone: '13800138000' };

export function book(app: FastifyInstance, token: string, fare: Fare, o: { passengers?: PassengerInput[]; key?: string | null; acceptedTotal?: number; contact?: object } = {}) {
  return call(app, 'POST', ORDERS, {
    token,
    body: { searchId: fare.searchId, fareId: fare.fareId, acceptedTotal: o.acceptedTotal ?? fare.total, passengers: o.passengers ?? [adult()], contact: o.contact ?? CONTACT },
    headers: o.key === null ? {} : { 'idempotency-key': o.key ?? randomUUID() },
  });
}

export function pay(app: FastifyInstance, token: string, id: string, method: string, key: string = randomUUID()) {
  return call(app, 'POST', `${ORDERS}/${id}/payment`, { token, body: { method }, headers: { 'idempotency-key': key } });
}

export const detail = (app: FastifyInstance, token: string, id: string) => call(app, 'GET', `${ORDERS}/${id}`, { token });

/** Runs the order's next background step now (what the job would do), ignoring its due time. */
export function step(t: TestApp, id: string) {
  return advanceOrder(orderDepsOf(t.app.deps), id, { force: true });
}

/** Every simulated supplier healthy and instant (tests that need a fault switch it on themselves). */
export async function healthySuppliers(t: TestApp): Promise<void> {
  for (const code of ['sim-gds', 'sim-ndc', 'sim-lcc']) await setFaults(t.db, code, { ...NO_FAULTS, ticketingDelaySeconds: 0 });
}

/** A POST with an Idempotency-Key (a fresh one unless given; null sends none). */
export function postKeyed(app: FastifyInstance, path: string, body: object, token: string, key: string | null = randomUUID()) {
  return call(app, 'POST', path, { token, body, headers: key ? { 'idempotency-key': key } : {} });
}

/** Books one order at `supplier` for these passengers, pays it from the balance and tickets it; answers its detail. */
export async function issueOrder(t: TestApp, token: string, o: { passengers?: PassengerInput[]; supplier?: string; days?: number } = {}) {
  const passengers = o.passengers ?? [adult()];
  const count = (type: string) => passengers.filter((p) => p.type === type).length;
  const fare = await findFare(t.app, token, { supplier: o.supplier, days: o.days, passengers: { adult: count('adult'), child: count('child'), infant: count('infant') } });
  const booked = await book(t.app, token, fare, { passengers });
  if (booked.code !== 0) throw new Error(`booking failed: ${booked.message}`);
  const paid = await pay(t.app, token, booked.data.id, 'balance');
  if (paid.code !== 0) throw new Error(`payment failed: ${paid.message}`);
  await step(t, booked.data.id);
  const order = (await detail(t.app, token, booked.data.id)).data;
  if (order.status !== 'issued') throw new Error(`order ${order.bookingNumber} is ${order.status}, not issued`);
  return order;
}


import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { PassengerInput } from '@portal/contract/api/flight-orders';
import type { Db } from '../../src/db/client.ts';
import { companies, flightOrders } from '../../src/db/schema/index.ts';
import * as ledger from '../../src/modules/ledger/ledger.service.ts';
import { DEMO } from './app.ts';
import { adult, CONTACT } from './orders.ts';
import { inDays } from './shopping.ts';

/**
 * Driving a real server process over HTTP (the fault tests of issue 9: the process itself must survive, so app.inject
 * in the test's own process would prove nothing).
 */

export interface LiveAnswer<T = any> {
  status: number;
  code: number;
  data: T;
  message: string;
  retryAfter: string | null;
}

export interface LiveCall {
  token?: string;
  body?: unknown;
  /** Idempotency-Key header. */
  key?: string;
  lang?: string;
  timeoutMs?: number;
}

export async function api<T = any>(server: { url: string }, method: string, path: string, o: LiveCall = {}): Promise<LiveAnswer<T>> {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      'accept-language': o.lang ?? 'en',
      ...(o.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
      ...(o.key ? { 'idempotency-key': o.key } : {}),
    },
    body: o.body === undefined ? undefined : JSON.stringify(o.body),
    signal: AbortSignal.timeout(o.timeoutMs ?? 30_000),
  });
  const text = await res.text();
  let json: { code?: number; data?: unknown; message?: string } = {};
  try {
    json = JSON.parse(text);
  } catch {
    json = { data: text };
  }
  return { status: res.status, code: json.code ?? NaN, data: json.data as T, message: json.message ?? '', retryAfter: res.headers.get('retry-after') };
}

export async function liveLogin(server: { url: string }, username: keyof typeof DEMO): Promise<string> {
  const res = await api(server, 'POST', '/base/v2/login', { body: { username, password: DEMO[username] } });
  if (res.code !== 0) throw new Error(`login as ${username} failed: ${res.status} ${res.message}`);
  return res.data.token;
}

/** Polls /healthz until it answers 200; answers the milliseconds it took, or throws after `withinMs`. */
export async function waitHealthy(server: { url: string }, withinMs: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    const ok = await fetch(`${server.url}/healthz`, { signal: AbortSignal.timeout(3_000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return Date.now() - started;
    if (Date.now() - started > withinMs) throw new Error(`server not healthy within ${withinMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export interface LiveFare {
  searchId: string;
  fareId: string;
  total: number;
}

/** A one-way search polled until done; answers the search's solutions page. */
export async function liveSearch(server: { url: string }, token: string, o: { days?: number; destination?: string; maxMs?: number } = {}) {
  const started = await api(server, 'POST', '/shopping/v2/flight/async-shopping', {
    token,
    body: { journeys: [{ origin: 'PEK', destination: o.destination ?? 'SHA', date: inDays(o.days ?? 12) }], directOnly: true },
  });
  if (started.code !== 0) return { started, page: null };
  const deadline = Date.now() + (o.maxMs ?? 15_000);
  for (;;) {
    const page = await api(server, 'POST', '/shopping/v2/flight/async-shopping/solutions', { token, body: { searchId: started.data.searchId, pageSize: 200 } });
    if (page.code !== 0 || page.data.progress.done || Date.now() > deadline) return { started, page };
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function liveFare(server: { url: string }, token: string, supplier = 'sim-gds', days = 12): Promise<LiveFare> {
  const { started, page } = await liveSearch(server, token, { days });
  if (!page || page.code !== 0) throw new Error(`search failed: ${started.message} ${page?.message}`);
  for (const s of page.data.items) {
    const fare = s.fares.find((f: { fareId: string }) => f.fareId.startsWith(`${supplier}:`));
    if (fare) return { searchId: started.data.searchId, fareId: fare.fareId, total: fare.totalSalePrice };
  }
  throw new Error(`no ${supplier} fare`);
}

/** The i-th distinct passenger (distinct names and documents, so bookings never look like duplicates). */
export function passenger(i: number): PassengerInput {
  const letters = (n: number) => String.fromCharCode(65 + (n % 26)) + String.fromCharCode(65 + (Math.floor(n / 26) % 26));
  return adult(`TEST${letters(i)}`, `PAX${letters(i + 7)}`, `E${String(10_000_000 + i).padStart(8, '0')}`);
}

export function liveBook(server: { url: string }, token: string, fare: LiveFare, pax: PassengerInput, key = randomUUID()) {
  return api(server, 'POST', '/order/v2/flight/orders', {
    token,
    key,
    body: { searchId: fare.searchId, fareId: fare.fareId, acceptedTotal: fare.total, passengers: [pax], contact: CONTACT },
  });
}

/**
 * Books `n` orders to be paid (one search, distinct passengers); answers their ids. Each booking takes seats, so the
 * simulator may sell the next one in a dearer booking class: a price change is accepted and the booking repeated.
 */
export async function bookOrders(server: { url: string }, token: string, n: number, offset = 0): Promise<string[]> {
  let fare = await liveFare(server, token);
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    let res = await liveBook(server, token, fare, passenger(offset + i));
    for (let retry = 0; retry < 3 && res.code !== 0 && typeof res.data?.newTotal === 'number'; retry++) {
      fare = { ...fare, total: res.data.newTotal };
      res = await liveBook(server, token, fare, passenger(offset + i));
    }
    if (res.code !== 0 || res.data.status !== 'to_be_paid') throw new Error(`booking failed: ${res.status} ${res.message} ${JSON.stringify(res.data)}`);
    ids.push(res.data.id);
  }
  return ids;
}

export const companyIdByCode = async (db: Db, code: string) => (await db.select({ id: companies.id }).from(companies).where(eq(companies.code, code)))[0].id;

export async function orderTotals(db: Db, ids: string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const id of ids) {
    const [o] = await db.select({ total: flightOrders.total }).from(flightOrders).where(eq(flightOrders.id, id));
    out.set(id, o.total);
  }
  return out;
}

export const cashOf = async (db: Db, companyId: string) => (await ledger.balances(db, companyId, 'CNY')).cash;

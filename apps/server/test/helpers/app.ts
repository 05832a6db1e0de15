import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { sessionPolicyFrom } from '../../src/config.ts';
import { migrateDatabase, openDatabase, type Database, type Db } from '../../src/db/client.ts';
import { seedDemoData } from '../../src/db/seed/demo.ts';
import { createAirSuppliers, type SupplierRegistry } from '../../src/suppliers/air/registry.ts';
import { createRailSuppliers } from '../../src/suppliers/rail/registry.ts';
import { createPayments, type PaymentsOptions } from '../../src/payments/registry.ts';
import { injectTransport, type CallbackRequest, type CallbackResponse, type CallbackTransport } from '../../src/payments/transport.ts';
import { createWorkQueue } from '../../src/modules/flight-orders/work-queue.ts';
import { createDocumentKeyring } from '../../src/modules/travellers/document-crypto.ts';
import { createHotCaches } from '../../src/modules/cache/hot-caches.ts';
import { databaseUrl, pgliteTemplateBlob, runTemplates, waitForNoSessions } from './db-template.ts';

/** A fixed document key, so a test can open what another app instance on the same database sealed. */
export const TEST_DOCUMENT_KEY = Buffer.alloc(32, 7);

/** The public URL the test app believes it has (payment callback and return URLs are built on it). */
export const TEST_PUBLIC_URL = 'http://portal.test';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  database: Database;
  /** Postgres URL of this test's own database (postgres runs only). */
  url?: string;
  close(): Promise<void>;
}

/**
 * A fresh, migrated and seeded database per test file: in-memory PGlite by default, or a database created on the
 * TEST_DATABASE_URL server (and dropped afterwards) when the postgres project runs. `demoMoney` also seeds A00001's
 * demo credit line and top-up; off by default, so tests count balances from zero.
 */
export async function createTestApp(
  opts: {
    webDist?: string;
    airSuppliers?: (db: Db) => SupplierRegistry;
    demoMoney?: boolean;
    /** Payment channel options; by default callbacks are delivered into this app through app.inject. */
    payments?: Partial<Omit<PaymentsOptions, 'db'>>;
  } = {},
): Promise<TestApp> {
  const kind = process.env.TEST_DB ?? 'pglite';
  const templates = await runTemplates();
  let url: string | undefined;
  let pgliteDump: Blob | undefined;
  let drop = async () => {};
  if (kind === 'postgres') {
    const base = process.env.TEST_DATABASE_URL;
    if (!base) throw new Error('TEST_DATABASE_URL is required for the postgres integration project');
    const name = `portal_test_${randomBytes(6).toString('hex')}`;
    await createPostgresDatabase(base, name, templates.postgres);
    url = databaseUrl(base, name);
    drop = async () => {
      // pool.end() resolves before its sockets have closed; forcing the drop while they close makes them emit
      // FATAL 57P01 with no listener left. Give them a moment to go on their own first.
      await waitForNoSessions(base, name);
      const pg = (await import('pg')).default;
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  } else if (templates.pglite) {
    pgliteDump = pgliteTemplateBlob(templates.pglite);
  }
  const database = await openDatabase({ url, pgliteDump });
  await migrateDatabase(database);
  await database.withStartupLock((db) => seedDemoData(db, { money: opts.demoMoney ?? false }));
  const airSuppliers = opts.airSuppliers?.(database.db) ?? createAirSuppliers({ db: database.db });
  const payments = createPayments({
    publicUrl: TEST_PUBLIC_URL,
    transport: injectTransport(() => app),
    ...opts.payments,
    db: database.db,
  });
  const app: FastifyInstance = await buildApp({
    deps: { db: database.db, sessionPolicy: sessionPolicyFrom({ sessionIdleMinutes: 120, sessionMaxHours: 168 }), airSuppliers, railSuppliers: createRailSuppliers({ db: database.db }), payments, orderWork: createWorkQueue(), documentKeys: createDocumentKeyring(TEST_DOCUMENT_KEY), caches: createHotCaches(database) },
    webDist: opts.webDist,
  });
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    url,
    async close() {
      await app.close();
      app.deps.caches.close();
      await database.close();
      await drop();
    },
  };
}

/**
 * A database of its own for a test: a clone of the run's seeded template when there is one. Cloning refuses while
 * anyone is connected to the template (55006); nobody should be, but a retry costs nothing.
 */
async function createPostgresDatabase(base: string, name: string, template?: string): Promise<void> {
  const pg = (await import('pg')).default;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
        return;
      } catch (e) {
        if ((e as { code?: string }).code !== '55006' || attempt >= 20) throw e;
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  } finally {
    await admin.end();
  }
}

/**
 * A test app whose channels' callbacks pass through `tap` on their way into the app (`deliver` hands one in), so a test
 * can record them, or refuse them like a connection error (the channel keeps them for its retry job) and deliver them
 * itself later, again or out of order.
 */
export async function createTappedTestApp(
  faults: PaymentsOptions['faults'],
  tap: (req: CallbackRequest, deliver: CallbackTransport) => Promise<CallbackResponse>,
): Promise<TestApp> {
  let t: TestApp | undefined;
  const deliver = injectTransport(() => t!.app);
  t = await createTestApp({ payments: { faults, transport: (req) => tap(req, deliver) } });
  return t;
}

/** The usual tap: every callback recorded in `sent`, and refused while `transport.hold` is on. */
export const holdingTap =
  (sent: CallbackRequest[], transport: { hold: boolean }) =>
  async (req: CallbackRequest, deliver: CallbackTransport): Promise<CallbackResponse> => {
    sent.push(req);
    if (transport.hold) throw new Error('connection refused');
    return deliver(req);
  };

export interface CallOptions {
  token?: string;
  body?: unknown;
  lang?: string;
  headers?: Record<string, string>;
  query?: Record<string, string | number | undefined>;
}

export interface CallResult<T = any> {
  status: number;
  code: number;
  data: T;
  message: string;
  headers: Record<string, unknown>;
}

export async function call<T = any>(app: FastifyInstance, method: string, url: string, o: CallOptions = {}): Promise<CallResult<T>> {
  const query = o.query ? Object.fromEntries(Object.entries(o.query).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)])) : undefined;
  const res = await app.inject({
    method: method as never,
    url,
    query,
    headers: {
      'accept-language': o.lang ?? 'en',
      ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
      ...o.headers,
    },
    ...(o.body !== undefined ? { payload: o.body as never } : {}),
  });
  const json = res.headers['content-type']?.toString().includes('json') ? res.json() : { code: NaN, data: res.body, message: '' };
  return { status: res.statusCode, code: json.code, data: json.data, message: json.message, headers: res.headers };
}

export const DEMO = {
  admin: 'Admin@123',
  agency: 'Agency@123',
  operator: 'Operator@123',
  finance: 'Finance@123',
  other: 'Other@123',
} as const;

export async function loginAs(app: FastifyInstance, username: keyof typeof DEMO, opts: { ip?: string } = {}): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/base/v2/login',
    payload: { username, password: DEMO[username] },
    remoteAddress: opts.ip,
  });
  const json = res.json();
  if (json.code !== 0) throw new Error(`login as ${username} failed: ${json.message}`);
  return json.data.token;
}

/** Each demo user logged in, in parallel: their tokens in the order asked. */
export function loginAll(app: FastifyInstance, usernames: Array<keyof typeof DEMO>): Promise<string[]> {
  return Promise.all(usernames.map((u) => loginAs(app, u)));
}

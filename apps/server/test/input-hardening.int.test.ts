import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@portal/contract/codes';
import { buildApp } from '../src/app.ts';
import { loggerOptions } from '../src/plugins/logging.ts';
import { call, createTestApp, DEMO, loginAs, type CallResult, type TestApp } from './helpers/app.ts';
import { adult, book, CONTACT, findFare, healthySuppliers } from './helpers/orders.ts';
import { companyIdOf } from './helpers/tenants.ts';

/**
 * Issue 9, findings 7 and 11: text PostgreSQL cannot hold is refused at the edge with a localized 400 naming the field,
 * nothing is written, and the log never holds a query's parameters, a body or a secret; an empty JSON body is no body;
 * a too-large body says so (not "image"); an API key's allowed hosts cannot be the whole Internet.
 */

let t: TestApp;
let admin: string;
let agency: string;
let operator: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin');
  agency = await loginAs(t.app, 'agency');
  operator = await loginAs(t.app, 'operator');
});
afterAll(async () => {
  await t?.close();
});

/** Rows of every table a refused request could have written to. */
async function footprint() {
  const res = (await t.db.execute(sql`select
      (select count(*) from user_logs)::int as logs,
      (select count(*) from sessions)::int as sessions,
      (select count(*) from rate_limits)::int as counters,
      (select count(*) from flight_orders)::int as orders,
      (select count(*) from companies)::int as companies`)) as unknown as { rows: unknown[] };
  return res.rows[0];
}

function expectRefused(res: CallResult, field: string, kind: 'NUL character' | 'unpaired UTF-16 surrogate' = 'NUL character') {
  expect(res.status, JSON.stringify(res.data)).toBe(400);
  expect(res.code).toBe(Code.VALIDATION);
  expect(res.message).toContain(`"${field}"`);
  expect(res.message).toContain(kind);
  expect(res.data.fields[field]).toBe(res.message);
}

describe('NUL bytes and broken surrogates are refused at the edge', () => {
  it('in a login body: 400 naming the field, no counter, session or log written', async () => {
    const before = await footprint();
    expectRefused(await call(t.app, 'POST', '/base/v2/login', { body: { username: 'adm\u0000in', password: DEMO.admin } }), 'username');
    expectRefused(await call(t.app, 'POST', '/base/v2/login', { body: { username: 'admin', password: 'x\u0000' } }), 'password');
    expect(await footprint()).toEqual(before);
  });

  it('says so in the caller language', async () => {
    const res = await call(t.app, 'POST', '/base/v2/login', { lang: 'zh-CN', body: { username: 'adm\u0000in', password: 'x' } });
    expect(res.status).toBe(400);
    expect(res.message).toBe('字段“username”包含空字符（U+0000），不允许使用');
    const tw = await call(t.app, 'POST', '/base/v2/login', { lang: 'zh-TW', body: { username: 'adm\ud800in', password: 'x' } });
    expect(tw.message).toBe('欄位「username」包含無效字元（未配對的UTF-16代理字元）');
  });

  it('in the query string of list routes', async () => {
    expectRefused(await call(t.app, 'GET', '/base/v2/agencies?keyword=a%00b', { token: admin }), 'query.keyword');
    expectRefused(await call(t.app, 'GET', '/order/v2/flight/orders?passengerName=ZH%00ANG', { token: agency }), 'query.passengerName');
    // The same lists answer normally without it.
    expect((await call(t.app, 'GET', '/base/v2/agencies?keyword=ab', { token: admin })).status).toBe(200);
  });

  it('in a path parameter', async () => {
    expectRefused(await call(t.app, 'GET', '/sandbox/alipay/pay/ab%00c'), 'path.id');
    expectRefused(await call(t.app, 'PUT', '/base/v2/suppliers/sim%00gds', { token: admin, body: { enabled: true } }), 'path.code');
  });

  it('in a header the server reads', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/base/v2/login',
      headers: { 'accept-language': 'en', 'idempotency-key': 'k\u0000' },
      payload: { username: 'admin', password: DEMO.admin },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fields).toHaveProperty(['header.idempotency-key']);
  });

  it('in nested fields and keys of a booking: no order written', async () => {
    await healthySuppliers(t);
    const fare = await findFare(t.app, operator);
    const before = await footprint();
    expectRefused(await book(t.app, operator, fare, { passengers: [adult('ZH\u0000ANG')] }), 'passengers.0.surname');
    expectRefused(await book(t.app, operator, fare, { contact: { ...CONTACT, name: 'Wang\u0000Wu' } }), 'contact.name');
    expectRefused(
      await book(t.app, operator, fare, { passengers: [{ ...adult(), travel_document: { ...adult().travel_document, number: 'E1\udc00' } }] }),
      'passengers.0.travel_document.number',
      'unpaired UTF-16 surrogate',
    );
    // A key is text too (stored verbatim in jsonb columns such as a user's settings).
    const res = await call(t.app, 'PUT', '/base/v2/me/config/passengers', { token: operator, body: { value: { ['a\u0000']: 1 } } });
    expectRefused(res, 'value.a\\u0000');
    expect(await footprint()).toEqual(before);
    // Paired surrogates (emoji) are ordinary text: the guard lets them through.
    const ok = await book(t.app, operator, fare, { contact: { ...CONTACT, name: 'Wang Wu ✈️😀' } });
    expect(ok.status, ok.message).toBe(200);
  });
});

describe('an empty JSON body is no body', () => {
  it('logout with Content-Type: application/json and no body succeeds', async () => {
    const token = await loginAs(t.app, 'finance');
    const res = await call(t.app, 'DELETE', '/base/v2/me', { token, headers: { 'content-type': 'application/json' } });
    expect(res.status, res.message).toBe(200);
    expect(res.code).toBe(Code.OK);
    expect((await call(t.app, 'GET', '/base/v2/me', { token })).status).toBe(401);
  });

  it('a route that needs a body still says which fields are required', async () => {
    const res = await call(t.app, 'POST', '/base/v2/login', { headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.code).toBe(Code.VALIDATION);
  });

  it('malformed JSON is still a 400 envelope, and prototype poisoning is still refused', async () => {
    const bad = await call(t.app, 'POST', '/base/v2/login', { body: '{"username":', headers: { 'content-type': 'application/json' } });
    expect(bad.status).toBe(400);
    expect(bad.code).toBe(Code.VALIDATION);
    const poisoned = await call(t.app, 'POST', '/base/v2/login', { body: '{"__proto__":{"x":1}}', headers: { 'content-type': 'application/json' } });
    expect(poisoned.status).toBe(400);
    expect(poisoned.code).toBe(Code.VALIDATION);
  });
});

describe('a body past the limit', () => {
  it('is answered 413 with the limit, not the image message', async () => {
    const body = JSON.stringify({ username: 'a'.repeat(10 * 1024 * 1024), password: 'x' });
    const res = await call(t.app, 'POST', '/base/v2/login', { body, headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(413);
    expect(res.code).toBe(Code.PAYLOAD_TOO_LARGE);
    expect(res.message).toBe('The request is too large: at most 1 MB may be sent');
    expect(res.message).not.toMatch(/image/i);
    const zh = await call(t.app, 'POST', '/base/v2/login', { body, lang: 'zh-CN', headers: { 'content-type': 'application/json' } });
    expect(zh.message).toBe('请求内容过大：最多可发送1 MB');
  });

  it('of a parser with its own limit does not claim the API limit', async () => {
    const res = await call(t.app, 'POST', '/sandbox/alipay/pay/x', {
      body: `action=pay&lang=${'a'.repeat(8192)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(413);
    expect(res.message).toBe('The request is too large');
  });
});

describe('allowed hosts of the API key', () => {
  let id: string;
  const update = (allowedHosts: string[]) =>
    call(t.app, 'PUT', `/base/v2/agencies/${id}`, {
      token: admin,
      body: {
        name: 'Demo Travel Agency',
        contactName: 'Demo Contact',
        contactEmail: 'contact@demo-agency.example',
        contactPhone: '+86 10 1234 5678',
        allowedHosts,
        status: 'active',
      },
    });

  beforeAll(async () => {
    id = await companyIdOf(t, 'A00001');
  });

  it.each([['0.0.0.0/0'], ['::/0'], ['10.0.0.0/7'], ['::ffff:0:0/96'], ['::/64'], ['2001::/16']])('refuses %s, a range of the whole Internet', async (range) => {
    const res = await update(['203.0.113.7', range]);
    expect(res.status, res.message).toBe(400);
    expect(res.data.fields['allowedHosts.1']).toMatch(/too many addresses.*0\.0\.0\.0\/0/);
  });

  it('keeps accepting addresses, an organisation range and host names', async () => {
    const res = await update(['203.0.113.7', '10.0.0.0/8', '2001:db8::/32', '::ffff:203.0.113.0/120', 'api.example.com', '*.example.net']);
    expect(res.status, res.message).toBe(200);
    expect(res.data.allowedHosts).toContain('10.0.0.0/8');
  });
});

/** Log lines written while `fn` runs, through the server's own logger options. */
function captureLog(): { lines: () => string; stream: Writable } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  return { lines: () => chunks.join(''), stream };
}

describe('the log holds no parameters, bodies or secrets', () => {
  const SECRET = 'E99887766-SECRET';
  let logged: ReturnType<typeof captureLog>;
  let app: FastifyInstance;

  beforeAll(async () => {
    logged = captureLog();
    app = await buildApp({ deps: t.app.deps, logger: loggerOptions({ level: 'info', stream: logged.stream }) });
    // A query failing with a parameter in it: what a database fault on any route looks like to the error handler.
    app.get('/base/v2/test-only/failing-query', async () => {
      await t.db.execute(sql`select ${SECRET}::int as n`);
      return null;
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('a failed query is logged with its SQL, message, code and stack, without its parameters', async () => {
    const res = await call(app, 'GET', '/base/v2/test-only/failing-query');
    expect(res.status).toBe(500);
    const text = logged.lines();
    expect(text).toContain('unhandled error');
    expect(text).toContain('Failed query: select $1::int as n');
    expect(text).toContain('"code":"22P02"');
    expect(text).toContain('"stack":');
    expect(text).not.toContain(SECRET);
  });

  it('no password, username typed with a NUL, token or query value reaches the log', async () => {
    await call(app, 'POST', '/base/v2/login', { body: { username: 'admin', password: 'Wrong-Secret-123' } });
    await call(app, 'POST', '/base/v2/login', { body: { username: 'ZHANG\u0000SAN', password: 'Wrong-Secret-456' } });
    const token = await loginAs(app, 'admin');
    await call(app, 'GET', '/base/v2/agencies?keyword=PASSENGER-LIU', { token });
    // Markers that cannot occur by chance in the request ids (UUIDs) or timestamps of the log lines.
    app.log.info(
      { password: 'PW-MARKER-ONE', user: { token: 'TK-MARKER-TWO', apiKey: 'AK-MARKER-THREE' }, headers: { authorization: 'Bearer TK-MARKER-FOUR' }, body: { name: 'BODY-MARKER-FIVE' } },
      'by hand',
    );
    const text = logged.lines();
    const markers = ['PW-MARKER-ONE', 'TK-MARKER-TWO', 'AK-MARKER-THREE', 'TK-MARKER-FOUR', 'BODY-MARKER-FIVE'];
    for (const secret of ['Wrong-Secret-123', 'Wrong-Secret-456', 'ZHANG', token, 'PASSENGER-LIU', ...markers]) {
      expect(text, secret).not.toContain(secret);
    }
    expect(text).toContain('/base/v2/agencies?keyword=***');
    expect(text).toContain('[redacted]');
  });
});

describe('URLs the router refuses before any hook', () => {
  it('an over-long id answers the 404 envelope, a broken percent-encoding the 400 envelope, in the caller language', async () => {
    const long = await call(t.app, 'GET', `/order/v2/flight/orders/${'a'.repeat(150)}`, { token: operator, lang: 'zh-CN' });
    expect(long.status).toBe(404);
    expect(long.code).toBe(100404);
    expect(long.message).toMatch(/[\u4e00-\u9fff]/);
    const broken = await call(t.app, 'GET', '/order/v2/flight/orders/%E0%A4%A', { token: operator });
    expect(broken.status).toBe(400);
    expect(broken.code).toBe(100400);
    expect(broken.data).toBeNull();
  });
});

import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { loggerOptions } from '../src/plugins/logging.ts';
import { call, createTestApp, loginAs, type TestApp } from './helpers/app.ts';

// Issue 14: one log line per request (Fastify wrote two), at the level LOG_LEVEL sets.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function appLogging(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l));
      done();
    },
  });
  const app = await buildApp({ deps: t.app.deps, logger: loggerOptions({ level, stream }) });
  app.get('/base/v2/test-only/failing', async () => {
    await t.db.execute(sql`select 'x'::int as n`);
    return null;
  });
  await app.ready();
  return { app, lines };
}

async function requests(app: FastifyInstance) {
  const token = await loginAs(app, 'operator');
  await call(app, 'GET', '/base/v2/me', { token });
  await call(app, 'GET', '/base/v2/config/getSiteConfig');
  await call(app, 'GET', '/shopping/v2/locations', { token, query: { q: 'bj' } });
  await call(app, 'GET', '/base/v2/no-such-route');
  await call(app, 'GET', '/base/v2/me');
  await call(app, 'GET', '/base/v2/test-only/failing');
}

describe('request logging', () => {
  let app: FastifyInstance | undefined;
  afterAll(async () => {
    await app?.close();
  });

  it('writes one line per request at info: method, path, status and time; a failure is its one line, at error', async () => {
    const logged = await appLogging('info');
    app = logged.app;
    await requests(app);
    const byRequest = new Map<string, Record<string, unknown>[]>();
    for (const l of logged.lines) if (typeof l.reqId === 'string') byRequest.set(l.reqId, [...(byRequest.get(l.reqId) ?? []), l]);
    expect(byRequest.size).toBe(7);
    for (const [id, ls] of byRequest) expect(ls, id).toHaveLength(1);
    const lines = [...byRequest.values()].map(([l]) => l);
    expect(lines.map((l) => [l.method, l.url, l.statusCode])).toEqual([
      ['POST', '/base/v2/login', 200],
      ['GET', '/base/v2/me', 200],
      ['GET', '/base/v2/config/getSiteConfig', 200],
      ['GET', '/shopping/v2/locations?q=***', 200],
      ['GET', '/base/v2/no-such-route', 404],
      ['GET', '/base/v2/me', 401],
      [undefined, undefined, 500],
    ]);
    for (const l of lines.slice(0, 6)) {
      expect(l).toMatchObject({ level: 30, msg: 'request' });
      expect(typeof l.ms).toBe('number');
    }
    // The failure's line names the request through the req serializer and carries the error.
    expect(lines[6]).toMatchObject({ level: 50, msg: 'unhandled error', statusCode: 500, req: { method: 'GET', url: '/base/v2/test-only/failing' } });
    expect(lines[6].err).toMatchObject({ type: 'DrizzleQueryError' });
  });

  it('writes no request lines at LOG_LEVEL=warn, and still the failure', async () => {
    const logged = await appLogging('warn');
    try {
      await requests(logged.app);
      expect(logged.lines.map((l) => l.msg)).toEqual(['unhandled error']);
    } finally {
      await logged.app.close();
    }
  });
});

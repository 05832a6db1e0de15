import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../../e2e/server.ts';
import { createTestApp, DEMO, type TestApp } from './helpers/app.ts';

// Two real server processes on one PostgreSQL database: nothing a session, a throttle or a cache needs may live in
// one process's memory. PGlite is a single in-process connection, so this runs in the postgres project only.
describe.skipIf(process.env.TEST_DB !== 'postgres')('two server processes behind one database', () => {
  let t: TestApp;
  let a: RunningServer;
  let b: RunningServer;

  beforeAll(async () => {
    t = await createTestApp();
    a = await startServer({ DATABASE_URL: t.url });
    b = await startServer({ DATABASE_URL: t.url });
  }, 180_000);

  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await t?.close();
  });

  const post = (base: string, url: string, body: unknown) =>
    fetch(base + url, { method: 'POST', headers: { 'content-type': 'application/json', 'accept-language': 'en' }, body: JSON.stringify(body) }).then((r) => r.json() as Promise<any>);
  const me = (base: string, token: string) => fetch(`${base}/base/v2/me`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.json() as Promise<any>);

  it('a token issued by one process works on the other, and logout on one ends it on both', async () => {
    const login = await post(a.url, '/base/v2/login', { username: 'operator', password: DEMO.operator });
    expect(login.code).toBe(0);
    const token = login.data.token as string;
    expect((await me(b.url, token)).data.userInfo.username).toBe('operator');
    const out = await fetch(`${b.url}/base/v2/me`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } }).then((r) => r.json() as Promise<any>);
    expect(out.code).toBe(0);
    expect((await me(a.url, token)).code).toBe(200006);
  });

  it('login throttling counts failures across processes', async () => {
    // Five free attempts per account and address (docs/decisions/0013-login-throttling.md), wherever they land.
    for (let i = 0; i < 5; i++) {
      const base = i % 2 === 0 ? a.url : b.url;
      expect((await post(base, '/base/v2/login', { username: 'finance', password: `wrong-${i}` })).code).toBe(200001);
    }
    for (const base of [a.url, b.url]) {
      const res = await fetch(`${base}/base/v2/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-language': 'en' },
        body: JSON.stringify({ username: 'finance', password: DEMO.finance }),
      });
      const body = (await res.json()) as any;
      expect([res.status, body.code]).toEqual([429, 200002]);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(body.message).toMatch(/Please try again in \d+ seconds\./);
    }
  });

  it('a parallel burst spread over both processes gets no more passwords evaluated than one process would', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => post(i % 2 === 0 ? a.url : b.url, '/base/v2/login', { username: 'agency', password: `burst-${i}` })),
    );
    expect(answers.filter((r) => r.code === 200001)).toHaveLength(5);
    expect(answers.filter((r) => r.code === 200002)).toHaveLength(35);
  });
});

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';

// The one process serves the SPA beside the API: client routes get index.html, API paths keep the JSON envelope.
describe('serving the web app', () => {
  let t: TestApp;
  const dist = mkdtempSync(path.join(os.tmpdir(), 'portal-dist-'));

  beforeAll(async () => {
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>spa</title>');
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    t = await createTestApp({ webDist: dist });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it.each(['/', '/terms', '/users', '/some/unknown/page', '/assets/'])('GET %s answers the SPA, revalidated every time', async (url) => {
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>spa</title>');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves hashed assets as immutable, and one added after start-up too', async () => {
    const res = await t.app.inject({ url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    writeFileSync(path.join(dist, 'assets', 'later-def456.js'), 'console.log(2)');
    expect((await t.app.inject({ url: '/assets/later-def456.js' })).statusCode).toBe(200);
  });

  it('keeps the JSON 404 envelope for unknown API paths and non-GET requests', async () => {
    for (const [method, url] of [['GET', '/base/v2/nothing'], ['GET', '/order/v2/nothing'], ['POST', '/users']] as const) {
      const res = await t.app.inject({ method, url, headers: { 'accept-language': 'en' } });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ code: 100404, data: null, message: 'Requested resource not found' });
    }
  });
});

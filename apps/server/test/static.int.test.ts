import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
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
    // The build precompresses index.html too: it must still never be sent as a file (it needs its nonce).
    writeFileSync(path.join(dist, 'index.html.br'), brotliCompressSync('<!doctype html><title>stale</title>'));
    writeFileSync(path.join(dist, 'index.html.gz'), gzipSync('<!doctype html><title>stale</title>'));
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    // What the build's precompression writes beside each file (apps/web/vite.config.ts).
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js.br'), brotliCompressSync('console.log(1)'));
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js.gz'), gzipSync('console.log(1)'));
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

  it('sends the precompressed file the browser accepts, brotli first, and says it varies (issue 14)', async () => {
    const br = await t.app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('console.log(1)');
    const gz = await t.app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe('console.log(1)');
    const plain = await t.app.inject({ url: '/assets/app-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  it('compresses the SPA document too (it carries a fresh nonce, so per response)', async () => {
    for (const url of ['/', '/index.html', '/terms']) {
      const res = await t.app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toContain('<title>spa</title>');
      expect(res.headers['content-security-policy'], url).toContain("script-src 'self'");
    }
    const br = await t.app.inject({ url: '/terms', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('<title>spa</title>');
    const gz = await t.app.inject({ url: '/terms', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toContain('<title>spa</title>');
  });

  it('keeps the JSON 404 envelope for unknown API paths and non-GET requests', async () => {
    for (const [method, url] of [['GET', '/base/v2/nothing'], ['GET', '/order/v2/nothing'], ['POST', '/users']] as const) {
      const res = await t.app.inject({ method, url, headers: { 'accept-language': 'en' } });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ code: 100404, data: null, message: 'Requested resource not found' });
    }
  });
});

import Fastify from 'fastify';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@portal/contract/codes';
import { translate } from '@portal/contract/messages';
import { CommitOutcomeUnknownError } from '../db/connection-errors.ts';
import { registerErrorHandling } from './errors.ts';
import { registerRequestContext } from './request-context.ts';

/** What a client is told when the database is away: 503, Retry-After, and whether to repeat the same request. */
describe('database outage answers', () => {
  const app = Fastify();
  const refused = () => new DrizzleQueryError('select 1 from sessions where token_hash = $1', ['secret-token-hash'], Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }));
  beforeAll(async () => {
    registerRequestContext(app);
    registerErrorHandling(app);
    app.get('/read', async () => {
      throw refused();
    });
    app.post('/write', async () => {
      throw refused();
    });
    app.post('/commit', async () => {
      throw new CommitOutcomeUnknownError(new DrizzleQueryError('rollback', [], new Error('Client has encountered a connection error and is not queryable')));
    });
    app.get('/bug', async () => {
      throw Object.assign(new Error('duplicate key'), { code: '23505' });
    });
    await app.ready();
  });
  afterAll(() => app.close());

  const hit = async (method: 'GET' | 'POST', url: string, lang = 'en') => {
    const res = await app.inject({ method, url, headers: { 'accept-language': lang } });
    return { status: res.statusCode, retryAfter: res.headers['retry-after'], body: res.json() };
  };

  it('a read: 503, the envelope, Retry-After, in the caller language', async () => {
    for (const lang of ['en', 'zh-CN', 'zh-TW'] as const) {
      const r = await hit('GET', '/read', lang);
      expect(r.status).toBe(503);
      expect(Number(r.retryAfter)).toBeGreaterThanOrEqual(1);
      expect(r.body).toEqual({ code: Code.SERVICE_UNAVAILABLE, data: null, message: translate('error.db.unavailable', lang) });
    }
  });

  it('a write: told to repeat the same request (same Idempotency-Key), not to start a new one', async () => {
    const r = await hit('POST', '/write', 'zh-CN');
    expect(r.status).toBe(503);
    expect(r.retryAfter).toBeDefined();
    expect(r.body.message).toBe(translate('error.db.writeInterrupted', 'zh-CN'));
  });

  it('a COMMIT that lost its connection: neither success nor failure, an unknown outcome to learn by repeating', async () => {
    const r = await hit('POST', '/commit');
    expect(r.status).toBe(503);
    expect(r.retryAfter).toBeDefined();
    expect(r.body).toEqual({ code: Code.SERVICE_UNAVAILABLE, data: null, message: translate('error.db.outcomeUnknown', 'en') });
  });

  it('any other database error stays a 500', async () => {
    const r = await hit('GET', '/bug');
    expect(r.status).toBe(500);
    expect(r.retryAfter).toBeUndefined();
  });
});

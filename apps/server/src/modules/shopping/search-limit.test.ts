import { describe, expect, it } from 'vitest';
import type { DbOrTx } from '../../db/client.ts';
import type { AuthContext } from '../auth/session.service.ts';
import { countSearchAttempt, readSearchLimit } from './search-limit.ts';

describe('readSearchLimit', () => {
  it('defaults to 30 searches a minute and reads SEARCH_RATE_PER_MINUTE', () => {
    expect(readSearchLimit({})).toEqual({ perWindow: 30, windowSeconds: 60 });
    expect(readSearchLimit({ SEARCH_RATE_PER_MINUTE: '120' }).perWindow).toBe(120);
    expect(readSearchLimit({ SEARCH_RATE_PER_MINUTE: '0' }).perWindow).toBe(30);
    expect(readSearchLimit({ SEARCH_RATE_PER_MINUTE: 'many' }).perWindow).toBe(30);
  });
});

describe('countSearchAttempt', () => {
  it('leaves API-key callers to their key limit: no counter is touched', async () => {
    const untouchable = new Proxy({}, { get: () => { throw new Error('database touched'); } }) as DbOrTx;
    const auth = { sessionId: 'apikey:0b6f3a8e-0000-4000-8000-000000000000', user: { id: 'u' } } as unknown as AuthContext;
    await expect(countSearchAttempt(untouchable, auth, readSearchLimit({}))).resolves.toBeUndefined();
    const person = { sessionId: '5b1c7a0e-0000-4000-8000-000000000000', user: { id: 'u' } } as unknown as AuthContext;
    await expect(countSearchAttempt(untouchable, person, readSearchLimit({}))).rejects.toThrow('database touched');
  });
});

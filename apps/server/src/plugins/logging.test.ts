import { describe, expect, it } from 'vitest';
import { redactSecrets, safeError, safeUrl } from './logging.ts';

class DrizzleQueryError extends Error {
  constructor(
    readonly query: string,
    readonly params: unknown[],
    cause: unknown,
  ) {
    super(`Failed query: ${query}\nparams: ${params}`);
    this.cause = cause;
  }
}

describe('safeError', () => {
  it("keeps a failed query's SQL, message, code and stack, drops its parameters and the row detail", () => {
    const pg = Object.assign(new Error('duplicate key value violates unique constraint "users_username_uq"'), {
      code: '23505',
      constraint: 'users_username_uq',
      table: 'users',
      detail: 'Key (username)=(zhang.san) already exists.',
    });
    const err = new DrizzleQueryError('insert into users (username, password_hash) values ($1, $2)', ['zhang.san', '$argon2id$secret'], pg);
    const out = safeError(err);
    const text = JSON.stringify(out);
    expect(out.type).toBe('DrizzleQueryError');
    expect(out.message).toBe('Failed query: insert into users (username, password_hash) values ($1, $2)\nparams: [redacted]');
    expect(out.stack).toContain('params: [redacted]');
    expect(out.stack).toMatch(/\n {4}at /);
    expect(out.cause).toMatchObject({ code: '23505', constraint: 'users_username_uq', table: 'users' });
    expect(text).not.toContain('zhang.san');
    expect(text).not.toContain('argon2');
  });

  it("cuts the value PostgreSQL quotes in an invalid-input message", () => {
    const out = safeError(Object.assign(new Error('invalid input syntax for type integer: "E12345678"'), { code: '22P02' }));
    expect(out.message).toBe('invalid input syntax for type integer: [redacted]');
    expect(out.code).toBe('22P02');
  });

  it('logs something that is not an error as text only', () => {
    expect(safeError({ password: 'x' })).toEqual({ type: 'object', message: '[object Object]', stack: '' });
  });
});

describe('safeUrl', () => {
  it('keeps the path and the names of the query, not its values', () => {
    expect(safeUrl('/order/v2/flight/orders?passengerName=ZHANG&page=2')).toBe('/order/v2/flight/orders?passengerName=***&page=***');
    expect(safeUrl('/base/v2/me')).toBe('/base/v2/me');
  });
});

describe('redactSecrets', () => {
  it('replaces secrets three levels deep, header values and travel document numbers, copying only what changes', () => {
    const input = {
      password: 'pw',
      user: { token: 't', name: 'kept', profile: { apiKey: 'k' } },
      headers: { Authorization: 'Bearer x', 'user-agent': 'ua' },
      passenger: { travel_document: { number: 'E123', type: 'passport' } },
      traveller: { travel_documents: [{ number: 'G1' }, { number: 'G2', kind: 'id' }] },
      list: [{ secret: 's' }, 3],
    };
    const before = JSON.stringify(input);
    expect(redactSecrets(input)).toEqual({
      password: '[redacted]',
      user: { token: '[redacted]', name: 'kept', profile: { apiKey: '[redacted]' } },
      headers: { Authorization: '[redacted]', 'user-agent': 'ua' },
      passenger: { travel_document: { number: '[redacted]', type: 'passport' } },
      traveller: { travel_documents: [{ number: '[redacted]' }, { number: '[redacted]', kind: 'id' }] },
      list: [{ secret: '[redacted]' }, 3],
    });
    expect(JSON.stringify(input)).toBe(before);
  });

  it('answers a line without secrets as it is (the request line)', () => {
    const line = { method: 'GET', url: '/base/v2/me', statusCode: 200, ms: 1.5 };
    expect(redactSecrets(line)).toBe(line);
  });
});

import { describe, expect, it } from 'vitest';
import { safeError, safeUrl } from './logging.ts';

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

import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { isUniqueViolation } from './errors.ts';

const pgError = (message: string, code: string, extra: Record<string, unknown> = {}) => Object.assign(new Error(message), { code, ...extra });
const wrapped = (cause: unknown) => new DrizzleQueryError('insert into flight_orders ...', [], cause as Error);

describe('isUniqueViolation', () => {
  const onKey = pgError('duplicate key value violates unique constraint "flight_orders_idempotency_key_uq"', '23505', { constraint: 'flight_orders_idempotency_key_uq' });

  it('finds a unique violation on the named constraint, also down the cause chain', () => {
    expect(isUniqueViolation(onKey, 'idempotency_key')).toBe(true);
    expect(isUniqueViolation(wrapped(onKey), 'idempotency_key')).toBe(true);
    expect(isUniqueViolation(new Error('transaction failed', { cause: wrapped(onKey) }), 'idempotency_key')).toBe(true);
    // Without a constraint field (PGlite), the message names the constraint.
    expect(isUniqueViolation(pgError('duplicate key value violates unique constraint "ledger_movements_idempotency_key_uq"', '23505'), 'idempotency_key')).toBe(true);
  });

  it('any unique violation when no constraint is named', () => {
    expect(isUniqueViolation(wrapped(pgError('duplicate key value violates unique constraint "users_username_uq"', '23505', { constraint: 'users_username_uq' })))).toBe(true);
  });

  it('refuses other constraints, other codes and non-errors', () => {
    expect(isUniqueViolation(pgError('duplicate key value violates unique constraint "users_username_uq"', '23505', { constraint: 'users_username_uq' }), 'idempotency_key')).toBe(false);
    // A check violation naming the same column is not a unique violation.
    expect(isUniqueViolation(pgError('new row violates check constraint "x_idempotency_key_ck"', '23514', { constraint: 'x_idempotency_key_ck' }), 'idempotency_key')).toBe(false);
    expect(isUniqueViolation(new Error('idempotency_key'), 'idempotency_key')).toBe(false);
    for (const v of [undefined, null, 'boom', 23505, {}]) expect(isUniqueViolation(v)).toBe(false);
  });
});

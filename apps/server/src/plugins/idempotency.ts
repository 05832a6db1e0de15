import type { FastifyRequest } from 'fastify';
import { Code } from '@portal/contract/codes';
import { AppError } from './errors.ts';

const KEY_PATTERN = /^[\x21-\x7e]{8,128}$/;

/**
 * The request's `Idempotency-Key` header, scoped to the calling agency so two tenants choosing the same key never
 * meet. Absent header: undefined (the write then simply is not replay-safe). A malformed key is refused before
 * anything changes.
 */
export function idempotencyKeyOf(req: FastifyRequest, scope: string): string | undefined {
  const raw = req.headers['idempotency-key'];
  if (raw === undefined) return undefined;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!KEY_PATTERN.test(key)) throw new AppError(Code.VALIDATION, 'error.idempotency.key');
  return `${scope}:${key}`;
}

/** The answer to a key replayed with a different body (domain facts: refuse, do not guess). */
export const idempotencyConflict = () => new AppError(Code.CONFLICT, 'error.idempotency.conflict');

/** The same, for writes that must be safe to repeat (booking, paying an order): a missing header is refused. */
export function requiredIdempotencyKey(req: FastifyRequest, scope: string): string {
  const key = idempotencyKeyOf(req, scope);
  if (!key) throw new AppError(Code.VALIDATION, 'order.idempotencyKeyRequired', {}, { 'Idempotency-Key': 'order.idempotencyKeyRequired' });
  return key;
}

/** SQLSTATE 23505 unique_violation: an insert or update hit a unique index or constraint. */
export const UNIQUE_VIOLATION = '23505';

/**
 * True when `e` (or an error in its `.cause` chain: drizzle wraps the driver's error in a DrizzleQueryError, a
 * transaction may wrap it again) is a unique violation, and, when `constraintPart` is given, one on a constraint whose
 * name contains it (pg reports the name in `constraint`; PGlite may give only the message, which names it too).
 */
export function isUniqueViolation(e: unknown, constraintPart?: string): boolean {
  for (let cur: any = e; cur; cur = cur.cause) {
    if (cur.code !== UNIQUE_VIOLATION) continue;
    if (constraintPart === undefined || String(cur.constraint ?? cur.message ?? '').includes(constraintPart)) return true;
  }
  return false;
}

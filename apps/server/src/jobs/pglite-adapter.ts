import type { PGlite } from '@electric-sql/pglite';
import type PgBoss from 'pg-boss';

/**
 * pg-boss's database interface over the embedded PGlite instance the portal already has open (pg-boss 10 has no
 * PGlite adapter of its own; issue 14 chose pg-boss 10 because 11 and 12 need Node 22).
 *
 * - PGlite's `query` runs one statement; pg-boss sends its schema creation and migrations as one parameterless
 *   multi-statement block (BEGIN ... COMMIT). Those go through `exec`, and the rows of every statement are kept, so
 *   a RETURNING in the middle of a block is not lost behind the COMMIT (what node-postgres does with such a block).
 * - PGlite has one connection: a statement failing inside such a block would leave it in an aborted transaction
 *   and every later query (the portal's too) would fail. A pool hands out a fresh connection instead; here the
 *   aborted transaction is rolled back before the error goes on.
 * - Both calls wait behind a transaction the portal has open on the instance, so job statements never interleave
 *   with a request's transaction.
 */
export function pgliteDb(pglite: PGlite): PgBoss.Db {
  return {
    async executeSql(text: string, values?: unknown[]) {
      try {
        if (values && values.length > 0) {
          const result = await pglite.query<Record<string, unknown>>(text, values);
          return { rows: result.rows };
        }
        const results = await pglite.exec(text);
        return { rows: results.flatMap((r) => (r.rows ?? []) as Record<string, unknown>[]) };
      } catch (err) {
        // 'E' is PostgreSQL's "in a failed transaction block" status.
        if (pglite.isInTransaction?.()) await pglite.exec('ROLLBACK').catch(() => undefined);
        throw err;
      }
    },
  };
}

import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { isTransaction, type Db, type DbOrTx } from './client.ts';

/**
 * Statements of a hot read path (issue 14, docs/decisions/0020-hot-read-paths.md), built once per database handle:
 * building SQL in drizzle on every call was a third of a cheap request's time. Statements prepared by name are parsed
 * and planned once on each PostgreSQL connection too. Inside a transaction the answer is null and the caller builds
 * the same query as usual (a transaction object lives for one unit of work; its statements are not worth keeping).
 */
export function perHandle<T>(build: (db: Db) => T): (db: DbOrTx) => T | null {
  const built = new WeakMap<Db, T>();
  return (db) => {
    if (isTransaction(db)) return null;
    let statements = built.get(db);
    if (!statements) built.set(db, (statements = build(db)));
    return statements;
  };
}

// Raw SQL needs no schema knowledge (casing, relations) to become text and parameters.
const dialect = new PgDialect();

export interface RawStatement {
  /** The rows as `db.execute` answers them (same driver path), with the placeholders' values filled in. */
  execute(values?: Record<string, unknown>): Promise<{ rows: Record<string, unknown>[] }>;
}

/**
 * A raw statement (values as `sql.placeholder`) prepared under `name` on `db`'s connections; drizzle offers
 * `.prepare()` on its query builders only. Without a name (a transaction's one-off) it is an unnamed statement, as
 * `db.execute` sends.
 */
export function prepareRaw(db: DbOrTx, query: SQL, name?: string): RawStatement {
  const prepared = db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false);
  return { execute: async (values) => (await prepared.execute(values)) as { rows: Record<string, unknown>[] } };
}

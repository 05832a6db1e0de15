import { isTransaction, type DbOrTx } from './client.ts';

type Reads = readonly (() => PromiseLike<unknown> | unknown)[];

/**
 * Independent reads on `db`: together on the pool (each borrows its own connection), one after the other inside a
 * transaction. A transaction holds one connection, which answers one query at a time anyway; node-postgres only
 * queues the overlap, warns that pg@9 will refuse it (issue 14), and the overlap buys nothing.
 */
export async function readsOn<const R extends Reads>(db: DbOrTx, reads: R): Promise<{ -readonly [K in keyof R]: Awaited<ReturnType<R[K]>> }> {
  type Answers = { -readonly [K in keyof R]: Awaited<ReturnType<R[K]>> };
  if (!isTransaction(db)) return (await Promise.all(reads.map((read) => read()))) as Answers;
  const answers: unknown[] = [];
  for (const read of reads) answers.push(await read());
  return answers as Answers;
}

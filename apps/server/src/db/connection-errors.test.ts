import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { CommitOutcomeUnknownError, describeDbError, isCommitOutcomeUnknown, isConnectionError } from './connection-errors.ts';

const withCode = (message: string, code: string, extra: Record<string, unknown> = {}) => Object.assign(new Error(message), { code, ...extra });
const wrapped = (cause: unknown) => new DrizzleQueryError('select * from users where email = $1', ['alice@example.com'], cause as Error);

describe('connection errors', () => {
  it('recognizes a database that cannot be reached or went away', () => {
    const lost = [
      withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED', { syscall: 'connect' }),
      withCode('read ECONNRESET', 'ECONNRESET'),
      withCode('write EPIPE', 'EPIPE'),
      withCode('connect ENOENT /run/postgresql/.s.PGSQL.5432', 'ENOENT', { syscall: 'connect' }),
      // node's happy-eyeballs connect reports every address it tried
      Object.assign(new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], ''), {}),
      withCode('terminating connection due to administrator command', '57P01'),
      withCode('terminating connection due to crash of another server process', '57P02'),
      withCode('the database system is starting up', '57P03'),
      withCode('sorry, too many clients already', '53300'),
      withCode('connection failure', '08006'),
      withCode('protocol violation', '08P01'),
      new Error('Connection terminated unexpectedly'),
      new Error('Connection terminated'),
      new Error('Connection terminated due to connection timeout'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Client has encountered a connection error and is not queryable'),
      new CommitOutcomeUnknownError(new Error('Connection terminated unexpectedly')),
    ];
    for (const err of lost) expect(isConnectionError(err), String(err)).toBe(true);
    // drizzle wraps pg's error; the cause decides
    expect(isConnectionError(wrapped(withCode('terminating connection due to administrator command', '57P01')))).toBe(true);
  });

  it('leaves every other failure alone, so bugs and refusals keep failing loudly', () => {
    const other = [
      withCode('duplicate key value violates unique constraint "users_username_uq"', '23505'),
      withCode('deadlock detected', '40P01'),
      withCode('could not serialize access', '40001'),
      withCode('syntax error at or near "selec"', '42601'),
      withCode('no such file', 'ENOENT', { syscall: 'open' }),
      new Error('Connection to the supplier terminated'),
      new TypeError("Cannot read properties of undefined (reading 'id')"),
      'a string',
      null,
      undefined,
    ];
    for (const err of other) expect(isConnectionError(err), String(err)).toBe(false);
    expect(isConnectionError(wrapped(withCode('value too long', '22001')))).toBe(false);
  });

  it('marks only a lost COMMIT as an unknown outcome', () => {
    expect(isCommitOutcomeUnknown(new CommitOutcomeUnknownError(wrapped(new Error('Connection terminated unexpectedly'))))).toBe(true);
    expect(isCommitOutcomeUnknown(wrapped(new Error('Connection terminated unexpectedly')))).toBe(false);
  });

  it('describes a failed query by its cause and statement, never by its parameters', () => {
    const d = describeDbError(new CommitOutcomeUnknownError(wrapped(withCode('terminating connection due to administrator command', '57P01'))));
    expect(d).toMatchObject({ code: '57P01', message: 'terminating connection due to administrator command', query: 'select * from users where email = $1' });
    expect(JSON.stringify(d)).not.toContain('alice@example.com');
  });
});

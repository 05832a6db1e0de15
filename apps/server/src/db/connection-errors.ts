/**
 * Telling a lost or unreachable database apart from every other failure (issue 9). Such a failure is transient: the
 * request is answered 503 with Retry-After, and the process keeps running while the pool reconnects. Anything else
 * (a constraint, a syntax error, a bug) must keep failing loudly, so the match is on exact codes and pg's own
 * messages, never on "looks like a network word".
 */

/** Socket-level codes of a connection that could not be made or was cut (node's errno names). */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server that is going away or not accepting connections: 57P01 admin_shutdown (pg_terminate_backend,
 * fast shutdown), 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up, shutting down, recovery), 53300
 * too_many_connections (a failover's reconnect storm). Class 08 (connection exception) is matched as a class.
 */
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** What pg and pg-pool throw, without a code, for a connection that died or could not be had in time. */
const PG_MESSAGES = [
  /^Connection terminated( unexpectedly| due to connection timeout)?$/,
  /^timeout exceeded when trying to connect$/,
  /^Client has encountered a connection error and is not queryable$/,
  /^Client was closed and is not queryable$/,
  /^Query read timeout$/,
];

/** A COMMIT whose connection dropped before its answer came: the transaction may or may not have been committed. */
export class CommitOutcomeUnknownError extends Error {
  constructor(cause: unknown) {
    super('connection lost during COMMIT: the outcome is unknown', { cause });
    this.name = 'CommitOutcomeUnknownError';
  }
}

/** The error itself, its causes (drizzle wraps pg's error in DrizzleQueryError.cause) and AggregateError members. */
function* chainOf(err: unknown, depth = 0): Generator<Record<string, unknown>> {
  if (depth > 8 || err === null || typeof err !== 'object') return;
  const e = err as Record<string, unknown>;
  yield e;
  if (Array.isArray(e.errors)) for (const inner of e.errors) yield* chainOf(inner, depth + 1);
  if ('cause' in e) yield* chainOf(e.cause, depth + 1);
}

function isConnectionFault(e: Record<string, unknown>): boolean {
  const code = typeof e.code === 'string' ? e.code : undefined;
  if (code && SOCKET_CODES.has(code)) return true;
  // A unix socket path that does not exist (server not running with host=/run/postgresql).
  if (code === 'ENOENT' && e.syscall === 'connect') return true;
  if (code && /^[0-9A-Z]{5}$/.test(code) && (SQLSTATES.has(code) || code.startsWith('08'))) return true;
  return typeof e.message === 'string' && PG_MESSAGES.some((re) => re.test(e.message as string));
}

/** True when the database could not be reached or the connection was lost (not for errors of the statement itself). */
export function isConnectionError(err: unknown): boolean {
  for (const e of chainOf(err)) {
    if (e instanceof CommitOutcomeUnknownError) return true;
    if (isConnectionFault(e)) return true;
  }
  return false;
}

export function isCommitOutcomeUnknown(err: unknown): boolean {
  for (const e of chainOf(err)) if (e instanceof CommitOutcomeUnknownError) return true;
  return false;
}

/**
 * What to log about a database failure: the root cause's code and message and the statement's text. Never the
 * DrizzleQueryError's own message nor its params: they carry the statement's parameters, which may hold personal
 * data or secrets.
 */
export function describeDbError(err: unknown): { name?: string; code?: string; message: string; query?: string } {
  let query: string | undefined;
  let root: Record<string, unknown> | undefined;
  for (const e of chainOf(err)) {
    if (typeof e.query === 'string' && query === undefined) query = e.query.slice(0, 200);
    // The innermost error is pg's or node's own; outer ones are wrappers.
    if (!('cause' in e) || e.cause === undefined) {
      root = e;
      break;
    }
  }
  root ??= err as Record<string, unknown>;
  const message = typeof root?.message === 'string' && !/^Failed query:/.test(root.message) ? root.message : String(root?.name ?? 'Error');
  return {
    name: typeof root?.name === 'string' ? root.name : undefined,
    code: typeof root?.code === 'string' ? root.code : undefined,
    message: message.slice(0, 300),
    query,
  };
}

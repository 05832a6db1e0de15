import type { FastifyServerOptions } from 'fastify';

/**
 * What the server's log may hold (issue 9, ASVS 16.2 / 14.2): what happened and where, never the data a request carried.
 * A failed query used to be logged whole: drizzle's error message is "Failed query: <sql> params: <values>", and a
 * PostgreSQL error's `detail` repeats the row ("Key (username)=(...)", "Failing row contains (...)"): usernames,
 * passenger names, document numbers, password hashes, tokens. Now:
 *
 * - errors (`err`, `error`) keep their type, message, stack, code and the database's constraint / table / column /
 *   routine names, down their `cause` chain; a query's parameters are cut from message and stack, and every other
 *   property (params, detail, where, the raw error) is left out;
 * - request lines keep the path and the query string's names, not its values (names, PNRs and keywords travel there);
 * - any logged object's passwords, tokens, secrets, API keys, authorization and cookie headers and document numbers,
 *   to three levels deep, are replaced by "[redacted]", and so are `body` and `params` (a request body or query
 *   parameters someone logs by hand).
 */

const SECRET_KEYS = [
  'password',
  'newPassword',
  'oldPassword',
  'currentPassword',
  'passwordHash',
  'token',
  'accessToken',
  'refreshToken',
  'secret',
  'clientSecret',
  'apiKey',
  'authorization',
  'cookie',
  'documentNumber',
  'idNumber',
  'cardNumber',
  'cvv',
  'body',
  'params',
];
const HEADER_KEYS = ['authorization', 'cookie', 'set-cookie', 'x-api-key', 'proxy-authorization'];

const REDACT_PATHS = [
  ...SECRET_KEYS.flatMap((k) => [k, `*.${k}`, `*.*.${k}`]),
  ...HEADER_KEYS.flatMap((h) => [`headers["${h}"]`, `req.headers["${h}"]`, `request.headers["${h}"]`]),
  // Passengers' travel documents (contract PassengerInput): the number, wherever a passenger is logged.
  'travel_document.number',
  '*.travel_document.number',
  '*.*.travel_document.number',
  // A frequent passenger's documents (issue 11), wherever one is logged.
  'travel_documents[*].number',
  '*.travel_documents[*].number',
];

/** Properties of an error (and of pg's DatabaseError) that name things rather than repeat data. */
const SAFE_ERROR_FIELDS = ['code', 'statusCode', 'severity', 'constraint', 'table', 'column', 'schema', 'dataType', 'routine', 'errno', 'syscall'];

const isErrorLike = (v: unknown): v is Error => v instanceof Error || (typeof v === 'object' && v !== null && 'message' in v && 'stack' in v);

/**
 * drizzle's DrizzleQueryError: "Failed query: <sql>\nparams: <values>". The SQL has placeholders only; the values go.
 * PostgreSQL quotes the offending value in a few messages of its own (`invalid input syntax for type integer: "..."`).
 */
function withoutParams(text: string): string {
  return text
    .replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/g, '\nparams: [redacted]')
    .replace(/(invalid input (?:syntax|value) for [^:\n]*): "[^\n]*"/g, '$1: [redacted]');
}

export interface SafeError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

export function safeError(err: unknown, depth = 0): SafeError {
  // Something that is not an error logged as one: its text only, never its properties.
  if (!isErrorLike(err)) return { type: typeof err, message: withoutParams(String(err)), stack: '' };
  const e = err as Error & Record<string, unknown>;
  const message = withoutParams(String(e.message ?? ''));
  const out: SafeError = {
    type: e.constructor?.name && e.constructor.name !== 'Object' ? e.constructor.name : e.name,
    message,
    stack: typeof e.stack === 'string' ? withoutParams(e.stack.replace(String(e.message ?? ''), () => message)) : '',
  };
  for (const k of SAFE_ERROR_FIELDS) {
    const v = e[k];
    if (v !== undefined && v !== null && (typeof v === 'string' || typeof v === 'number')) out[k] = v;
  }
  if (Array.isArray(e.validation)) out.validation = e.validation.map((v: { instancePath?: string; keyword?: string }) => ({ path: v.instancePath, keyword: v.keyword }));
  if (e.cause !== undefined && depth < 5) out.cause = safeError(e.cause, depth + 1);
  return out;
}

/** The request line without the query string's values: `/orders?passengerName=***&page=***`. */
export function safeUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const names = url
    .slice(q + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => `${pair.split('=')[0].slice(0, 64)}=***`);
  return `${url.slice(0, q)}?${names.join('&')}`;
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

export function loggerOptions(o: { level: string; stream?: NodeJS.WritableStream }) {
  return {
    level: o.level,
    ...(o.stream ? { stream: o.stream } : {}),
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: {
      err: (err: unknown) => safeError(err),
      error: (err: unknown) => safeError(err),
      req: (req: LoggedRequest) => ({ method: req.method, url: safeUrl(req.url), host: req.host, remoteAddress: req.ip, remotePort: req.socket?.remotePort }),
    },
  } satisfies FastifyServerOptions['logger'];
}

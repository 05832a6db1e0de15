import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';

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
 *   one line per request (issue 14: Fastify's own pair, "incoming request" and "request completed", cost a sixth of
 *   a cheap request's time): method, path, status and milliseconds when it is answered, at info; a request whose
 *   failure was logged (with the same fields) gets no second line;
 * - any logged object's passwords, tokens, secrets, API keys, authorization and cookie headers and document numbers,
 *   to three levels deep, are replaced by "[redacted]", and so are `body` and `params` (a request body or query
 *   parameters someone logs by hand); a raw request logged as `req` keeps only what the req serializer takes.
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

const SECRET_KEY_SET = new Set(SECRET_KEYS);
const HEADER_KEY_SET = new Set(HEADER_KEYS);
/** Objects whose `number` is a travel document's (contract PassengerInput; a frequent passenger's documents, issue 11). */
const DOCUMENT_KEYS = new Set(['travel_document', 'travel_documents']);
const CENSOR = '[redacted]';

const isPlain = (v: unknown): v is Record<string, unknown> => {
  if (typeof v !== 'object' || v === null) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
};

/**
 * The logged object with secrets replaced by "[redacted]", three levels deep: SECRET_KEYS anywhere, HEADER_KEYS in a
 * `headers` object, `number` of a travel document or of each of a traveller's documents. Copies
 * only what it changes; a line without secrets (the request line) costs a few key look-ups. It replaces pino's path
 * redaction, whose ~60 wildcard paths cost ~0.15 ms a line (issue 14).
 */
export function redactSecrets(obj: Record<string, unknown>, depth = 0, parentKey = ''): Record<string, unknown> {
  let out: Record<string, unknown> | null = null;
  for (const key in obj) {
    const v = obj[key];
    let next = v;
    if (SECRET_KEY_SET.has(key) || (parentKey === 'headers' && HEADER_KEY_SET.has(key.toLowerCase())) || (key === 'number' && DOCUMENT_KEYS.has(parentKey))) {
      next = CENSOR;
    } else if (depth < 3 && typeof v === 'object' && v !== null) {
      if (Array.isArray(v)) {
        let copy: unknown[] | null = null;
        v.forEach((item, i) => {
          if (!isPlain(item)) return;
          const r = redactSecrets(item, depth + 1, key);
          if (r !== item) (copy ??= v.slice())[i] = r;
        });
        if (copy) next = copy;
      } else if (isPlain(v)) {
        next = redactSecrets(v, depth + 1, key);
      } else if (key === 'headers') {
        // Node's headers object has no prototype or a class of its own: redacted in a plain copy.
        next = redactSecrets({ ...(v as Record<string, unknown>) }, depth + 1, 'headers');
      }
    }
    if (next !== v) (out ??= { ...obj })[key] = next;
  }
  return out ?? obj;
}

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
    formatters: { log: (o: Record<string, unknown>) => redactSecrets(o) },
    serializers: {
      err: (err: unknown) => safeError(err),
      error: (err: unknown) => safeError(err),
      req: (req: LoggedRequest) => ({ method: req.method, url: safeUrl(req.url), host: req.host, remoteAddress: req.ip, remotePort: req.socket?.remotePort }),
    },
  } satisfies FastifyServerOptions['logger'];
}

/** Requests that already have their line (an error logged with the request): the request line is not written again. */
const requestsLogged = new WeakSet<FastifyRequest>();

/** Marks a request whose failure was just logged with it (`{ err, req }`): that line is its one line. */
export function requestLogged(req: FastifyRequest): void {
  requestsLogged.add(req);
}

/**
 * Fastify's request lines, made one (app.ts passes it as logController): nothing when a request comes in; method,
 * path (query values masked), status and milliseconds when it has been answered, at info, or at error with the error
 * when the response itself failed. A request whose failure was already logged with it gets no second line.
 */
export class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, req: FastifyRequest, reply: FastifyReply): void {
    if (requestsLogged.has(req)) return;
    const line = { method: req.method, url: safeUrl(req.url), statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request');
  }
}

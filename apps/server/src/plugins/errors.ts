import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { Code, httpStatusOf } from '@portal/contract/codes';
import { isMessageKey, translate, type MessageKey } from '@portal/contract/messages';
import { normalizeLanguage } from '@portal/contract/languages';
import { describeDbError, isCommitOutcomeUnknown, isConnectionError } from '../db/connection-errors.ts';
import { requestLogged } from './logging.ts';

/**
 * The few failures that are thrown rather than returned: they end the request. Business outcomes that a caller is
 * expected to handle (price changed, insufficient balance) are returned as values by services instead.
 */
export class AppError extends Error {
  constructor(
    readonly code: Code,
    readonly key: MessageKey,
    readonly params: Record<string, string | number> = {},
    // A field's message may carry parameters too (e.g. the expected amount of a top-up).
    readonly fields?: Record<string, MessageKey | { key: MessageKey; params: Record<string, string | number> }>,
    // Facts the client needs to handle the refusal (e.g. the new total of a changed price), sent as data.
    readonly extra?: Record<string, unknown>,
  ) {
    super(key);
  }
}

/**
 * A refusal that may succeed later (429 throttles, 503 outages): the handler sends `Retry-After` with it, so every
 * throttled or unavailable answer tells the client when to come back (RFC 9110 10.2.3).
 */
export class RetryLaterError extends AppError {
  constructor(
    code: Code,
    key: MessageKey,
    readonly retryAfterSeconds: number,
    params: Record<string, string | number> = {},
    // Sent as data, for a client that counts down (the login dialog) rather than reading the header.
    extra?: Record<string, unknown>,
  ) {
    super(code, key, params, undefined, extra);
  }
}

/** Seconds for a Retry-After header: a whole number, at least 1 (0 would invite an immediate hammering retry). */
export const retryAfterHeader = (seconds: number) => String(Math.max(1, Math.ceil(seconds)));

export const notFound = () => new AppError(Code.NOT_FOUND, 'error.notFound');
export const forbidden = () => new AppError(Code.FORBIDDEN, 'error.forbidden');
export const invalid = (field: string, key: MessageKey) =>
  new AppError(Code.VALIDATION, key, {}, { [field]: key });

export function ok<T>(req: FastifyRequest, data: T) {
  return { code: Code.OK as number, data, message: translate('common.success', req.lang) };
}

type FieldMessage = string | { key: string; params: Record<string, string | number> };

function fieldMessages(req: FastifyRequest, fields: Record<string, FieldMessage>) {
  return Object.fromEntries(
    Object.entries(fields).map(([k, v]) => {
      const { key, params } = typeof v === 'string' ? { key: v, params: {} } : v;
      return [k, isMessageKey(key) ? translate(key, req.lang, params) : translate('validation.invalid', req.lang)];
    }),
  );
}

function send(reply: FastifyReply, code: Code, message: string, data: unknown = null) {
  return reply.status(httpStatusOf[code]).send({ code, data, message });
}

/** Seconds a client is asked to wait after a 503 of a database outage (a restart or failover takes about that). */
export const DB_OUTAGE_RETRY_SECONDS = 5;

/**
 * A lost or unreachable database is transient: 503 with Retry-After, never a 500 that reads as "this request is
 * wrong". The message depends on what the request may have done: a read simply failed; a write may have done part of
 * its work (an earlier transaction of the request); a write whose COMMIT lost its connection may have taken effect
 * whole. The writes say "repeat the same request", so a client replays with the same Idempotency-Key (the replay
 * answers the first outcome) instead of retrying under a new key and paying twice.
 */
function databaseOutageAnswer(req: FastifyRequest, err: unknown): RetryLaterError | null {
  if (!isConnectionError(err)) return null;
  const unknownOutcome = isCommitOutcomeUnknown(err);
  const write = !['GET', 'HEAD', 'OPTIONS'].includes(req.method);
  // The cause only: a drizzle error's message carries the statement's parameters (personal data, secrets).
  req.log.warn({ db: describeDbError(err), unknownOutcome, req, statusCode: 503 }, 'database unavailable');
  requestLogged(req);
  const key: MessageKey = unknownOutcome ? 'error.db.outcomeUnknown' : write ? 'error.db.writeInterrupted' : 'error.db.unavailable';
  return new RetryLaterError(Code.SERVICE_UNAVAILABLE, key, DB_OUTAGE_RETRY_SECONDS);
}

/** 1048576 -> "1 MB", 65536 -> "64 KB", 500 -> "500 B": unit symbols, the same in every language. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KB`;
  return `${bytes} B`;
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    if (err instanceof AppError) {
      const fields = err.fields || err.extra ? { ...err.extra, ...(err.fields ? { fields: fieldMessages(req, err.fields) } : {}) } : null;
      if (err.code === Code.INTERNAL) {
        req.log.error({ err, req, statusCode: 500 }, 'internal error');
        requestLogged(req);
      }
      if (err instanceof RetryLaterError) reply.header('retry-after', retryAfterHeader(err.retryAfterSeconds));
      return send(reply, err.code, translate(err.key, req.lang, err.params), fields);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const raw: Record<string, FieldMessage> = {};
      for (const v of err.validation) {
        const path = v.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        // A missing field reads better as "required" than as zod's type complaint.
        const missing = v.keyword === 'invalid_type' && /undefined/.test(v.message ?? '');
        // zod's bounds (maximum/minimum) fill the {{max}}/{{min}} placeholders of the message.
        const p = v.params as { maximum?: number | bigint; minimum?: number | bigint };
        const params = { max: Number(p.maximum ?? ''), min: Number(p.minimum ?? '') };
        raw[path] ??= { key: missing ? 'validation.required' : (v.message ?? 'validation.invalid'), params };
      }
      const fields = fieldMessages(req, raw);
      const first = Object.values(fields)[0] ?? translate('validation.invalid', req.lang);
      return send(reply, Code.VALIDATION, first, { fields });
    }
    const fe = err as FastifyError;
    if (fe.code === 'FST_REQ_FILE_TOO_LARGE') {
      return send(reply, Code.PAYLOAD_TOO_LARGE, translate('error.upload.size', req.lang));
    }
    if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      // Any body, not an image. A JSON body's limit is the route's (1 MB for the API); a parser registered with a
      // limit of its own (payment callbacks, the sandbox pages' forms) does not say it, so its message names none.
      const json = /^application\/json\b/i.test(String(req.headers['content-type'] ?? ''));
      if (!json) return send(reply, Code.PAYLOAD_TOO_LARGE, translate('error.body.tooLargeOther', req.lang));
      const limit = formatBytes(req.routeOptions.bodyLimit ?? req.server.initialConfig.bodyLimit ?? 1024 * 1024);
      return send(reply, Code.PAYLOAD_TOO_LARGE, translate('error.body.tooLarge', req.lang, { limit }));
    }
    if (fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || fe.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
      return send(reply, Code.UNSUPPORTED_MEDIA, translate('validation.invalid', req.lang));
    }
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      return send(reply, Code.VALIDATION, translate('validation.request', req.lang, { detail: fe.message }));
    }
    const outage = databaseOutageAnswer(req, err);
    if (outage) {
      reply.header('retry-after', retryAfterHeader(outage.retryAfterSeconds));
      return send(reply, outage.code, translate(outage.key, req.lang, outage.params));
    }
    req.log.error({ err, req, statusCode: 500 }, 'unhandled error');
    requestLogged(req);
    return send(reply, Code.INTERNAL, translate('error.internal', req.lang));
  });
}

/**
 * Fastify's router refuses some URLs before any hook runs (a parameter over maxParamLength, broken percent-encoding)
 * and would answer its own JSON. They get the envelope too: an over-long id names no object (404), a broken URL is a
 * bad request (400).
 */
export function frameworkError(error: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  const lang = normalizeLanguage(req.headers['accept-language']);
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return send(reply, Code.NOT_FOUND, translate('error.notFound', lang));
  return send(reply, Code.VALIDATION, translate('validation.invalid', lang));
}

export function sendNotFound(req: FastifyRequest, reply: FastifyReply) {
  return send(reply, Code.NOT_FOUND, translate('error.notFound', req.lang));
}

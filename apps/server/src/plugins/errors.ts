import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { Code, httpStatusOf } from '@portal/contract/codes';
import { isMessageKey, translate, type MessageKey } from '@portal/contract/messages';

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
  ) {
    super(code, key, params);
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

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    if (err instanceof AppError) {
      const fields = err.fields || err.extra ? { ...err.extra, ...(err.fields ? { fields: fieldMessages(req, err.fields) } : {}) } : null;
      if (err.code === Code.INTERNAL) req.log.error({ err }, 'internal error');
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
    if (fe.code === 'FST_REQ_FILE_TOO_LARGE' || fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return send(reply, Code.PAYLOAD_TOO_LARGE, translate('error.upload.size', req.lang));
    }
    if (fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || fe.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
      return send(reply, Code.UNSUPPORTED_MEDIA, translate('validation.invalid', req.lang));
    }
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      return send(reply, Code.VALIDATION, translate('validation.request', req.lang, { detail: fe.message }));
    }
    req.log.error({ err }, 'unhandled error');
    return send(reply, Code.INTERNAL, translate('error.internal', req.lang));
  });
}

export function sendNotFound(req: FastifyRequest, reply: FastifyReply) {
  return send(reply, Code.NOT_FOUND, translate('error.notFound', req.lang));
}

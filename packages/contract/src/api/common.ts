import { z } from 'zod';

export const Envelope = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number().int(), data, message: z.string() });
export const ErrorEnvelope = z.object({
  code: z.number().int(),
  data: z.object({ fields: z.record(z.string(), z.string()).optional() }).nullable(),
  message: z.string(),
})
  // A named component of the OpenAPI document (apps/server/src/plugins/openapi.ts): every error answer refers to it.
  .meta({ id: 'ErrorEnvelope', description: 'An error answer: a non-zero code, a message in the request language, data null or data.fields' });
export type ApiEnvelope<T> = { code: number; data: T; message: string };

export const Id = z.string().uuid();
export const IdParams = z.object({ id: Id });

export const PageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const Paged = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type PagedResult<T> = { items: T[]; total: number; page: number; pageSize: number };

export const Empty = z.null();

/** Optional free text: trimmed, empty becomes null. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, 'validation.tooLong')
    .nullish()
    .transform((v) => (v ? v : null));

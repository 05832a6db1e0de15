import type { FastifyInstance, RouteOptions } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { SESSION_CODES } from '@portal/contract/codes';
// Imported for its side effect too: ErrorEnvelope carries `.meta({ id })`, which puts it in zod's global registry
// and so in components/schemas.
import { ErrorEnvelope } from '@portal/contract/api/common';

/**
 * Issue 15: the OpenAPI document is written for client generators (openapi-typescript, openapi-generator, ...), and
 * `redocly lint` (recommended ruleset, apps/server/redocly.yaml) passes it without a warning; the proof is
 * apps/server/test/openapi-client.int.test.ts.
 *
 * Route files only declare what is theirs (schemas, summary, `security` when a session is needed, `consumes` for
 * uploads). What holds for every route is added here, once, so no route can forget it:
 *  - operationId: derived from method + path (stable, unique; a route may set its own),
 *  - `security: []` on routes that declare no security (public ones),
 *  - the error answers each route can give (shared components/responses over the ErrorEnvelope schema),
 *  - the body of downloads (binary, with their content type) and multipart uploads (a binary `file` part),
 *  - `servers` from PUBLIC_URL.
 * Named schemas: a zod schema with `.meta({ id })` (zod's global registry) becomes components/schemas/<id> (and
 * <id>Input where it is read from a request), referenced by $ref: fastify-type-provider-zod's supported mechanism.
 */

type Json = Record<string, unknown>;
type Operation = Json & { responses: Record<string, Json>; parameters?: Json[]; requestBody?: Json; security?: unknown[] };

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const PDF = 'application/pdf';
const binary = { type: 'string', format: 'binary' };
const HTML_PAGE = { 'text/html': { schema: { type: 'string', description: 'A self-contained HTML page' } } };

/**
 * Answers that are not the JSON envelope, by "METHOD /path" as in the document. A key naming no operation fails the
 * document build (below), so a renamed route cannot silently lose its entry.
 */
interface RawAnswer {
  description: string;
  content?: Record<string, Json>;
  headers?: Json;
}
const RAW_ANSWERS: Record<string, RawAnswer & { status?: string; optional?: boolean; also?: Record<string, RawAnswer> }> = {
  'POST /base/v2/wallet/entries/export': { description: 'The wallet entries as an Excel workbook', content: { [XLSX]: { schema: binary } } },
  'POST /base/v2/transactions/export': { description: 'The transactions as an Excel workbook', content: { [XLSX]: { schema: binary } } },
  'GET /base/v2/sub/statements/{companyId}/{month}/workbook': { description: 'The statement as an Excel workbook', content: { [XLSX]: { schema: binary } } },
  'POST /order/v2/flight/orders/{id}/ticket-export': { description: 'The tickets as an Excel workbook', content: { [XLSX]: { schema: binary } } },
  'GET /order/v2/flight/group/orders/{id}/names/template': { description: 'The passenger-list template (Excel)', content: { [XLSX]: { schema: binary } } },
  'POST /order/v2/flight/orders/{id}/itinerary': { description: 'The itinerary as a PDF', content: { [PDF]: { schema: binary } } },
  'GET /order/v2/train/orders/{id}/e-ticket': { description: 'The e-ticket as a PDF', content: { [PDF]: { schema: binary } } },
  'GET /base/v2/files/{id}': {
    description: 'The image bytes, with the type detected at upload',
    content: Object.fromEntries(['image/png', 'image/jpeg', 'image/gif', 'image/webp'].map((t) => [t, { schema: binary }])),
  },
  'POST /order/v2/payments/callbacks/{channel}': {
    description: "The channel's own acknowledgement (its format, not the envelope)",
    content: { 'text/plain': { schema: { type: 'string' } } },
  },
  // The sandbox routes exist in sandbox payment mode only.
  'GET /sandbox/paypal/v1/notifications/certs/{name}': {
    description: 'The PEM certificate',
    content: { 'application/x-pem-file': { schema: { type: 'string' } } },
    optional: true,
  },
  'GET /sandbox/{channel}/pay/{id}': {
    description: 'The HTML payment page',
    content: HTML_PAGE,
    optional: true,
    also: { '404': { description: "The channel's HTML page saying the payment does not exist", content: HTML_PAGE } },
  },
  'POST /sandbox/{channel}/pay/{id}': {
    status: '303',
    description: "Back to the merchant's return URL (or the portal) after paying or cancelling",
    headers: { Location: { description: 'Where the browser goes next', schema: { type: 'string', format: 'uri' } } },
    optional: true,
    // The channel's own pages, not the envelope: what the payer's browser shows instead of going back.
    also: {
      '402': {
        description:
          "The card was declined (Stripe's test card; `action=decline`): the payment page again, saying why in the payer's language, " +
          'with the payment still payable; the merchant is sent payment_intent.payment_failed',
        content: HTML_PAGE,
      },
      '404': { description: "The channel's HTML page saying the payment does not exist", content: HTML_PAGE },
      '409': {
        description: 'The payment is no longer open (paid, approved and awaiting capture, canceled or expired), or the channel has no declined card: the HTML page showing its state',
        content: HTML_PAGE,
      },
    },
  },
};

const errorContent = { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } };
const ERROR_RESPONSES: Record<string, { name: string; description: string }> = {
  '400': { name: 'BadRequest', description: 'Invalid input (code 100400, or a business rule code); `data.fields` maps each invalid field to its message' },
  '401': {
    name: 'Unauthorized',
    description:
      `No valid session. \`code\` is ${SESSION_CODES[0]} (session expired), ${SESSION_CODES[1]} (session revoked) or ` +
      `${SESSION_CODES[2]} (no token, or one never issued); the client signs in again`,
  },
  '403': { name: 'Forbidden', description: 'The session may not do this (code 100403)' },
  '404': { name: 'NotFound', description: 'No such resource, or not visible to the caller (code 100404)' },
  '409': { name: 'Conflict', description: 'The resource is not in a state that allows this (codes 100409, 300001, 300002, 300005)' },
  '413': { name: 'PayloadTooLarge', description: 'The upload is too large (code 100413)' },
  '415': { name: 'UnsupportedMediaType', description: 'The upload is not of an accepted type (code 100415)' },
  '429': { name: 'TooManyRequests', description: 'Rate limited (codes 100429, 200002); wait for Retry-After seconds' },
  '500': { name: 'InternalError', description: 'Unexpected server error (code 100500)' },
  '503': { name: 'ServiceUnavailable', description: 'A dependency is unreachable for now (code 100503); retry after Retry-After seconds' },
};
interface RouteInfo {
  secured: boolean;
  multipart: boolean;
}

const openapiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

/** getBaseUsersById, postOrderFlightOrdersByIdPayment: method + path, without version segments. */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .split('/')
    .filter((s) => s && !/^v\d+$/.test(s))
    .flatMap((s) => {
      const param = /^\{(.+)\}$/.exec(s);
      return param ? ['by', param[1]!] : s.split(/[^A-Za-z0-9]+/);
    })
    .filter(Boolean);
  return method.toLowerCase() + words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
}

/** zod's openapi-3.0 output of a tuple is `items: { anyOf: [A, A, A] }`: identical branches collapse to one schema. */
function collapseDuplicateAnyOf(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(collapseDuplicateAnyOf);
  if (!node || typeof node !== 'object') return;
  const obj = node as Json;
  for (const v of Object.values(obj)) collapseDuplicateAnyOf(v);
  const anyOf = obj.anyOf;
  if (Array.isArray(anyOf) && anyOf.length > 1 && anyOf.every((s) => JSON.stringify(s) === JSON.stringify(anyOf[0]))) {
    delete obj.anyOf;
    Object.assign(obj, anyOf[0]);
  }
}

/**
 * A nullable named schema comes out as `{ nullable: true, allOf: [{ $ref }] }`; OpenAPI 3.0 gives `nullable` meaning
 * only beside a `type`, so the referenced component's type is copied beside it (what generators read as `X | null`).
 */
function typeNullableRefs(node: unknown, schemas: Record<string, unknown>): void {
  if (Array.isArray(node)) return node.forEach((n) => typeNullableRefs(n, schemas));
  if (!node || typeof node !== 'object') return;
  const obj = node as Json;
  for (const v of Object.values(obj)) typeNullableRefs(v, schemas);
  const allOf = obj.allOf as Json[] | undefined;
  if (obj.nullable === true && obj.type === undefined && allOf?.length === 1 && typeof allOf[0]!.$ref === 'string') {
    const target = schemas[(allOf[0]!.$ref as string).slice('#/components/schemas/'.length)] as Json | undefined;
    if (typeof target?.type !== 'string') throw new Error(`OpenAPI: nullable ${String(allOf[0]!.$ref)} has no type`);
    obj.type = target.type;
  }
}

/** Components no operation reaches (the registry also yields <id>Input for schemas only ever answered) are dropped. */
function pruneUnusedSchemas(doc: Json & { components: { schemas?: Record<string, unknown> } }): void {
  const schemas = doc.components.schemas ?? {};
  const used = new Set<string>();
  const walk = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object') return;
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string' && v.startsWith('#/components/schemas/')) {
        const name = v.slice('#/components/schemas/'.length);
        if (!used.has(name)) {
          used.add(name);
          walk(schemas[name]);
        }
      } else walk(v);
    }
  };
  walk(doc.paths);
  walk((doc.components as Json).responses);
  for (const name of Object.keys(schemas)) if (!used.has(name)) delete schemas[name];
}

export async function registerOpenApi(app: FastifyInstance, opts: { publicUrl: string }) {
  const routes = new Map<string, RouteInfo>();
  const zodTransform = createJsonSchemaTransform({});
  const zodTransformObject = createJsonSchemaTransformObject({});
  void ErrorEnvelope;

  await app.register(import('@fastify/swagger'), {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Travel portal API',
        version: '2.0.0',
        description:
          'Every JSON answer is the envelope {code, data, message}; code 0 is success. Errors answer an HTTP error status ' +
          'with the same envelope (components/schemas/ErrorEnvelope): a non-zero code, data null or data.fields for field errors.',
      },
      servers: [{ url: opts.publicUrl, description: 'This deployment (PUBLIC_URL)' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: (input) => {
      const route = input.route as RouteOptions & { schema?: { security?: unknown[]; consumes?: string[] } };
      const methods = (Array.isArray(route.method) ? route.method : [route.method]).map((m) => m.toUpperCase());
      const info: RouteInfo = {
        secured: (route.schema?.security?.length ?? 0) > 0,
        multipart: route.schema?.consumes?.includes('multipart/form-data') ?? false,
      };
      for (const m of methods) routes.set(`${m} ${openapiPath(input.url)}`, info);
      return zodTransform(input);
    },
    transformObject: (input) => {
      const doc = zodTransformObject(input) as Json & {
        paths: Record<string, Record<string, Operation>>;
        components: Json & { schemas?: Record<string, unknown>; responses?: Record<string, Json> };
      };
      doc.components.responses = Object.fromEntries(
        Object.values(ERROR_RESPONSES).map(({ name, description }) => [name, { description, content: errorContent }]),
      );
      const ref = (status: string) => ({ $ref: `#/components/responses/${ERROR_RESPONSES[status]!.name}` });
      const seenIds = new Map<string, string>();
      const unused = new Set(Object.keys(RAW_ANSWERS).filter((k) => !RAW_ANSWERS[k]!.optional));
      for (const [path, item] of Object.entries(doc.paths)) {
        for (const [method, op] of Object.entries(item)) {
          const key = `${method.toUpperCase()} ${path}`;
          const route = routes.get(key);
          if (!route) throw new Error(`OpenAPI: no route seen for ${key}`);
          op.operationId ??= operationIdOf(method, path);
          const clash = seenIds.get(op.operationId as string);
          if (clash) throw new Error(`OpenAPI: operationId ${String(op.operationId)} of ${key} is also ${clash}'s`);
          seenIds.set(op.operationId as string, key);
          if (!op.summary) throw new Error(`OpenAPI: ${key} has no summary`);
          if (!route.secured) op.security = [];

          const raw = RAW_ANSWERS[key];
          if (raw) {
            unused.delete(key);
            delete op.responses['200'];
            const answer = ({ description, content, headers }: RawAnswer) => ({ description, ...(headers ? { headers } : {}), ...(content ? { content } : {}) });
            op.responses[raw.status ?? '200'] = answer(raw);
            for (const [status, other] of Object.entries(raw.also ?? {})) op.responses[status] = answer(other);
          }
          if (route.multipart) {
            op.requestBody = {
              required: true,
              content: {
                'multipart/form-data': {
                  schema: { type: 'object', required: ['file'], properties: { file: { ...binary, description: 'The file' } } },
                },
              },
            };
          }

          // Every route can answer 400: the input guard (plugins/input-guard.ts) checks the headers of every request.
          const errors = ['400'];
          if (route.secured) errors.push('401', '403', '429'); // 429: an API key over its rate
          if (path.includes('{')) errors.push('404');
          if (route.secured && method !== 'get') errors.push('409');
          if (route.multipart) errors.push('413', '415');
          if (key === 'POST /base/v2/login' || key === 'POST /base/v2/single-login') errors.push('401', '403', '429');
          errors.push('500', '503'); // 503: the database is unreachable (plugins/errors.ts)
          for (const status of errors) op.responses[status] ??= ref(status);
        }
      }
      if (unused.size) throw new Error(`OpenAPI: RAW_ANSWERS names no operation: ${[...unused].join(', ')}`);
      collapseDuplicateAnyOf(doc.paths);
      collapseDuplicateAnyOf(doc.components.schemas);
      typeNullableRefs(doc.paths, doc.components.schemas ?? {});
      typeNullableRefs(doc.components.schemas, doc.components.schemas ?? {});
      pruneUnusedSchemas(doc);
      return doc;
    },
  });
  await app.register(import('@fastify/swagger-ui'), { routePrefix: '/api/docs' });
}

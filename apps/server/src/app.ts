import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Db } from './db/client.ts';
import type { SessionPolicy } from './config.ts';
import type { SupplierRegistry } from './suppliers/air/registry.ts';
import type { RailSupplierRegistry } from './suppliers/rail/types.ts';
import type { Payments } from './payments/registry.ts';
import type { WorkQueue } from './modules/flight-orders/work-queue.ts';
import type { DocumentKeyring } from './modules/travellers/document-crypto.ts';
import { registerAuth } from './plugins/auth.ts';
import { frameworkError, registerErrorHandling, sendNotFound } from './plugins/errors.ts';
import { registerRequestContext } from './plugins/request-context.ts';
import { registerInputGuard } from './plugins/input-guard.ts';
import { registerSecurityHeaders, sendSpaDocument } from './plugins/security-headers.ts';
import sessionRoutes from './routes/base/session.ts';
import meRoutes from './routes/base/me.ts';
import { routeModules } from './routes/index.ts';

export interface Deps {
  db: Db;
  sessionPolicy: SessionPolicy;
  /** Air suppliers shopping asks (simulated ones in development and tests). */
  airSuppliers: SupplierRegistry;
  /** Rail suppliers train search and booking ask (the simulated railway in development and tests). */
  railSuppliers: RailSupplierRegistry;
  /** External payment channels (built-in sandboxes), their provider side and the portal's public URL. */
  payments: Payments;
  /** Background order steps (pg-boss queue once the job runner attaches it). */
  orderWork: WorkQueue;
  /** Seals and opens frequent passengers' document numbers (TRAVELLER_DOCUMENT_KEY; modules/travellers/document-crypto.ts). */
  documentKeys: DocumentKeyring;
  /** For background work outside a request. */
  log?: { warn(obj: object, msg?: string): void; error(obj: object, msg?: string): void; info(obj: object, msg?: string): void };
}

export interface AppOptions {
  deps: Deps;
  logger?: FastifyServerOptions['logger'];
  /** Built SPA to serve beside the API; omitted in API-only tests. */
  webDist?: string;
  trustProxy?: boolean;
}

const API_PREFIXES = ['/base/', '/order/', '/shopping/', '/sandbox/', '/api/', '/healthz'];

export async function buildApp(opts: AppOptions) {
  const app = Fastify({
    logger: opts.logger ?? false,
    trustProxy: opts.trustProxy ?? false,
    bodyLimit: 1024 * 1024,
    // Ids in logs let one request be followed across its log lines.
    genReqId: () => crypto.randomUUID(),
    frameworkErrors: frameworkError,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', opts.deps);
  registerRequestContext(app);
  registerErrorHandling(app);
  registerAuth(app);
  // Before any route: NUL bytes and broken surrogates never reach a query; an empty JSON body is no body.
  registerInputGuard(app);
  registerSecurityHeaders(app, { publicUrl: opts.deps.payments.publicUrl });

  await app.register(import('@fastify/multipart'), { limits: { fileSize: 2 * 1024 * 1024, files: 1, fields: 5 } });
  await app.register(import('@fastify/swagger'), {
    openapi: {
      info: { title: 'Travel portal API', version: '2.0.0', description: 'Envelope {code, data, message}; code 0 is success.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(import('@fastify/swagger-ui'), { routePrefix: '/api/docs' });

  await app.register(sessionRoutes);
  await app.register(meRoutes);
  for (const mod of routeModules) await app.register(mod);

  const dist = opts.webDist;
  if (dist && existsSync(path.join(dist, 'index.html'))) {
    await app.register(import('@fastify/static'), {
      root: dist,
      // Wildcard lookups (not a file list taken at start) so a rebuilt SPA is served without a restart.
      wildcard: true,
      index: ['index.html'],
      // index.html is never sent as a file, asked for by name or as a directory's index: it carries a per-response
      // CSP nonce, so the not-found handler below sends it (sendSpaDocument).
      allowedPath: (pathName) => !pathName.endsWith('/index.html'),
      setHeaders: (reply, filePath) => {
        // Vite's hashed assets never change under one name; index.html must always be revalidated.
        reply.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    app.setNotFoundHandler((req, reply) => {
      const isApi = API_PREFIXES.some((p) => req.url.startsWith(p));
      if (isApi || (req.method !== 'GET' && req.method !== 'HEAD')) return sendNotFound(req, reply);
      // Client-side routes: the SPA renders its own not-found page for unknown paths.
      return sendSpaDocument(req, reply, path.join(dist, 'index.html'));
    });
  } else {
    app.setNotFoundHandler((req, reply) => sendNotFound(req, reply));
  }
  return app;
}

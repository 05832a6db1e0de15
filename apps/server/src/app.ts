import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Deps } from './deps.ts';
import { registerAuth } from './plugins/auth.ts';
import { frameworkError, registerErrorHandling, sendNotFound } from './plugins/errors.ts';
import { registerRequestContext } from './plugins/request-context.ts';
import { RequestLogController } from './plugins/logging.ts';
import { registerInputGuard } from './plugins/input-guard.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerSecurityHeaders, sendSpaDocument } from './plugins/security-headers.ts';
import { PRERENDER_DIR, spaDocumentFile } from './plugins/landing-prerender.ts';
import { asRouteDocument, routeDocument } from './plugins/route-preload.ts';
import sessionRoutes from './routes/base/session.ts';
import meRoutes from './routes/base/me.ts';
import { routeModules } from './routes/index.ts';

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
    // One line per request instead of Fastify's two (plugins/logging.ts).
    logController: new RequestLogController(),
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
  await registerOpenApi(app, { publicUrl: opts.deps.payments.publicUrl });

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
      // With preCompressed, a directory ("/") would get its index past that check: directories are refused too.
      // The prerendered landing pages (.prerender, plugins/landing-prerender.ts) carry the nonce placeholder too.
      allowedPath: (pathName) => !pathName.endsWith('/index.html') && !pathName.endsWith('/') && !pathName.startsWith(`/${PRERENDER_DIR}/`),
      // Issue 14: the build writes .br and .gz beside every file (apps/web/vite.config.ts); the one the browser's
      // Accept-Encoding allows is sent, with Vary: Accept-Encoding.
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        // Vite's hashed assets never change under one name; index.html must always be revalidated.
        reply.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    app.setNotFoundHandler((req, reply) => {
      const isApi = API_PREFIXES.some((p) => req.url.startsWith(p));
      if (isApi || (req.method !== 'GET' && req.method !== 'HEAD')) return sendNotFound(req, reply);
      // Client-side routes: the SPA renders its own not-found page for unknown paths.
      // "/" gets the landing page prerendered in the visitor's language (plugins/landing-prerender.ts).
      // Any other page gets its own scripts named for preloading and, in the logged-in app, its shell
      // (plugins/route-preload.ts).
      return Promise.all([spaDocumentFile(req, dist), routeDocument(req, dist)]).then(([file, doc]) =>
        sendSpaDocument(req, reply, file, doc === null ? undefined : (html) => asRouteDocument(html, doc)),
      );
    });
  } else {
    app.setNotFoundHandler((req, reply) => sendNotFound(req, reply));
  }
  return app;
}

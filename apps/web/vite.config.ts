import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../../packages/contract/src/languages.ts';
import { messagesFor } from '../../packages/contract/src/messages.ts';
import { PRELOADS_END, PRELOADS_START } from '../../packages/contract/src/route-preloads.ts';
import { routePreloads } from './vite-route-preloads.ts';

const api = process.env.API_URL ?? 'http://localhost:8080';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|xml|webmanifest|wasm|ico)$/;

/**
 * Issue 14: every file of the build also as .br and .gz beside it, written once here at the highest levels, so the
 * server (@fastify/static preCompressed) sends what the browser's Accept-Encoding allows without compressing per
 * request. A variant is kept only when it is smaller than the file.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'portal-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        // Not .vite (the manifest is for the build's tools, never served).
        readdirSync(dir).flatMap((name) => {
          if (name.startsWith('.')) return [];
          const file = path.join(dir, name);
          return statSync(file).isDirectory() ? walk(file) : [file];
        });
      for (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const raw = readFileSync(file);
        const br = brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } });
        const gz = gzipSync(raw, { level: 9 });
        if (br.length < raw.length) writeFileSync(`${file}.br`, br);
        if (gz.length < raw.length) writeFileSync(`${file}.gz`, gz);
      }
    },
  };
}

const MESSAGES = 'virtual:portal-messages/';

/**
 * `virtual:portal-messages/<language>`: the contract's message catalogue of one language, computed here, so a visitor
 * downloads their language's messages only, not the catalogue of all three (lib/i18n.ts, locales/bundles).
 */
function messagesPerLanguage(): Plugin {
  return {
    name: 'portal-messages-per-language',
    resolveId: (id) => (id.startsWith(MESSAGES) ? `\0${id}` : undefined),
    load(id) {
      if (!id.startsWith(`\0${MESSAGES}`)) return undefined;
      const language = LANGUAGES.find((l) => l === id.slice(MESSAGES.length + 1));
      if (!language) throw new Error(`no such language: ${id}`);
      return `export default ${JSON.stringify(messagesFor(language))};`;
    },
  };
}

/**
 * Issue 14: the landing page's chunk and the default language's core texts are fetched beside the entry (modulepreload
 * links in index.html) instead of after it runs; they stay dynamic imports, so other pages do not run them. The server
 * swaps these links for a route's own when it sends the document for another path (vite-route-preloads.ts).
 */
function preloadLanding(): Plugin {
  const wanted = ['src/features/landing/pages/LandingPage.tsx', `src/locales/bundles/${DEFAULT_LANGUAGE}-core.ts`];
  return {
    name: 'portal-preload-landing',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((c) => c.type === 'chunk');
        const entry = chunks.find((c) => c.isEntry);
        const have = new Set([entry?.fileName, ...(entry?.imports ?? [])]);
        const files = new Set<string>();
        const add = (fileName: string) => {
          if (have.has(fileName) || files.has(fileName)) return;
          files.add(fileName);
          const chunk = chunks.find((c) => c.fileName === fileName);
          for (const dep of chunk?.imports ?? []) add(dep);
        };
        for (const id of wanted) {
          const chunk = chunks.find((c) => c.facadeModuleId?.replaceAll('\\', '/').endsWith(id));
          if (chunk) add(chunk.fileName);
        }
        const links = [...files].map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`).join('\n    ');
        return html.replace('</head>', `    ${PRELOADS_START}${links}${PRELOADS_END}\n  </head>`);
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress(), messagesPerLanguage(), preloadLanding(), routePreloads()],
  server: {
    port: 5173,
    proxy: {
      '/base': api,
      '/order': api,
      '/shopping': api,
      '/api': api,
      '/healthz': api,
      // The payment sandboxes' hosted pages live on the API server.
      '/sandbox': api,
    },
  },
  // Every <style>/<script>/<link> in index.html and a <meta property="csp-nonce"> get this placeholder; the server
  // replaces it with a fresh nonce per response (apps/server/src/plugins/security-headers.ts).
  html: { cspNonce: 'PORTAL_CSP_NONCE' },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 1200,
    // dist/.vite/manifest.json: the page-weight budget check reads each page's chunks from it (scripts/bundle-budget.mjs).
    manifest: true,
  },
});

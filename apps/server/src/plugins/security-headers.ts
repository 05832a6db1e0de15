import { createHash, randomBytes } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { framingOf, type Framing } from './frame-ancestors.ts';

/**
 * Browser hardening headers (issue 9, finding 5; decision record docs/decisions/0011-browser-hardening.md).
 *
 * Every response gets the headers that cost nothing to send everywhere. Content-Security-Policy depends on what the
 * response is: the web app's document gets a strict policy with a fresh style nonce (sendSpaDocument), the Swagger UI
 * a looser one, the sandbox channels' hosted pages their own (sandboxPagePolicy, set by that route), and everything
 * else (API JSON, files, scripts, styles) a policy that lets it render nothing and be framed by nobody.
 */

/** What Vite writes where the per-response nonce goes (apps/web/vite.config.ts `html.cspNonce`). */
export const NONCE_PLACEHOLDER = 'PORTAL_CSP_NONCE';

export const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * Swagger UI is a third-party bundle served from /api/docs/static: its scripts are files, but it styles through
 * style attributes and injected <style> elements without a nonce, and shows inline SVG images.
 */
export const SWAGGER_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Powerful features the portal never uses, off for its pages and anything they frame. */
export const PERMISSIONS_POLICY = [
  'accelerometer',
  'autoplay',
  'camera',
  'display-capture',
  'encrypted-media',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'picture-in-picture',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((f) => `${f}=()`)
  .join(', ');

export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The web app's policy. Scripts come only from the app's own files (the build emits no inline script). antd 6 writes
 * its styles at run time as <style> elements, which carry this response's nonce (the app reads it from the
 * csp-nonce meta Vite emits and gives it to antd and to every <style> it creates). Style *attributes* stay allowed:
 * antd's auto-sizing TextArea sets them with setAttribute, and an attribute style can neither run script nor load
 * anything from elsewhere (img-src, font-src), while the <style> elements that could are nonce-only.
 */
export function spaPolicy(nonce: string, frameAncestors: readonly string[]): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    `style-src 'self' 'nonce-${nonce}'`,
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors.length ? frameAncestors.join(' ') : "'none'"}`,
  ].join('; ');
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

function inlineBlocks(html: string, tag: 'script' | 'style'): string[] {
  const re = new RegExp(`<${tag}(\\s[^>]*)?>([\\s\\S]*?)</${tag}>`, 'gi');
  return [...html.matchAll(re)].filter((m) => !/\ssrc\s*=/i.test(m[1] ?? '')).map((m) => m[2]);
}

/**
 * A sandbox channel's hosted pay page (server-rendered, self-contained): exactly its own inline script and style by
 * hash (so nothing else inline runs, not even an injected handler attribute), forms that post to itself and are
 * redirected back to the portal's public URL, and no framing (it has a Pay button).
 */
export function sandboxPagePolicy(html: string, publicUrl: string): string {
  const scripts = inlineBlocks(html, 'script').map(sha256);
  const styles = inlineBlocks(html, 'style').map(sha256);
  const portal = new URL(publicUrl).origin;
  return [
    "default-src 'none'",
    `script-src ${scripts.length ? scripts.join(' ') : "'none'"}`,
    `style-src ${styles.length ? styles.join(' ') : "'none'"}`,
    "img-src 'self' data:",
    `form-action 'self' ${portal}`,
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export interface SecurityHeadersOptions {
  /** The portal's public URL (PUBLIC_URL): HSTS only when it is https. */
  publicUrl: string;
}

export function registerSecurityHeaders(app: FastifyInstance, opts: SecurityHeadersOptions): void {
  const https = new URL(opts.publicUrl).protocol === 'https:';
  app.addHook('onSend', async (req, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    // Origin only to other sites: paths and queries (order and payment ids, a single-login link) never leave, while
    // channels that check the merchant's site from the Referer (WeChat Pay H5) still see it. See the decision record.
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('cross-origin-opener-policy', 'same-origin');
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (https) reply.header('strict-transport-security', HSTS);
    if (!reply.hasHeader('content-security-policy')) {
      reply.header('content-security-policy', req.url.startsWith('/api/docs') ? SWAGGER_POLICY : API_POLICY);
    }
    // For browsers that know only X-Frame-Options; it cannot list origins, so a page some agency may frame omits it.
    const csp = String(reply.getHeader('content-security-policy'));
    if (!/frame-ancestors (?!'none')/.test(csp)) reply.header('x-frame-options', 'DENY');
    return payload;
  });
}

/** index.html and the prerendered landing pages (plugins/landing-prerender.ts), by file. */
const cached = new Map<string, { mtimeMs: number; size: number; html: string }>();

async function readIndex(file: string): Promise<string> {
  // Read again when the SPA is rebuilt, so a new build is served without a restart.
  const s = await stat(file);
  let entry = cached.get(file);
  if (entry?.mtimeMs !== s.mtimeMs || entry.size !== s.size) {
    entry = { mtimeMs: s.mtimeMs, size: s.size, html: await readFile(file, 'utf8') };
    cached.set(file, entry);
  }
  return entry.html;
}

/**
 * The web app's index.html with a nonce of its own and the matching policy. No validators (ETag, Last-Modified):
 * a 304 would pair the cached page's old nonce with a new header and block every style.
 */
export async function sendSpaDocument(req: FastifyRequest, reply: FastifyReply, indexFile: string, transform?: (html: string) => string): Promise<FastifyReply> {
  const read = await readIndex(indexFile);
  const html = transform ? transform(read) : read;
  const nonce = randomBytes(18).toString('base64');
  const { db, sessionPolicy } = req.server.deps;
  let framing: Framing = { origins: [] };
  try {
    framing = await framingOf(req, { db, cookieMaxAgeSeconds: Math.floor(sessionPolicy.maxMs / 1000) });
  } catch (err) {
    // The page must still load (unframeable) when the lookup fails.
    req.log.warn({ err }, 'frame-ancestors lookup failed');
  }
  if (framing.cookie) reply.header('set-cookie', framing.cookie);
  reply.header('content-security-policy', spaPolicy(nonce, framing.origins)).header('cache-control', 'no-cache').type('text/html; charset=utf-8');
  return sendCompressed(req, reply, html.replaceAll(NONCE_PLACEHOLDER, nonce));
}

/** The document differs per response (its nonce): compressed here, quickly, as the static files are at build time. */
function sendCompressed(req: FastifyRequest, reply: FastifyReply, body: string): FastifyReply {
  reply.header('vary', 'accept-encoding');
  const accepts = String(req.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepts)) {
    return reply.header('content-encoding', 'br').send(brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }));
  }
  if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(gzipSync(body));
  return reply.send(body);
}

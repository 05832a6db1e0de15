import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { isEmbedOrigin } from '@portal/contract/api/agency-config';
import { SingleLoginBody } from '@portal/contract/api/auth';
import type { Db } from '../db/client.ts';
import { commonConfigOf } from '../modules/agencies/agency.mapper.ts';
import { verifySingleLoginLink } from '../modules/auth/single-login.service.ts';
import { findCompany } from '../modules/company/company.repository.ts';
import type { CompanyRow } from '../modules/users/user.mapper.ts';

/**
 * Who may frame a page of the web app. Nobody, unless the document request proves it belongs to an agency's embedded
 * (single-login) mode, and then only the origins that agency listed (common config `embedOrigins`):
 *
 * - a signed single-login link in the query (docs/single-login.md): the signature is checked as the login will check
 *   it, without spending the code, so an unsigned or forged `userid` never widens the policy;
 * - afterwards (the app drops the link's parameters from the address bar, so a reload in the frame carries none) a
 *   cookie set on the link's document: company id and expiry, MACed with a key derived from that company's
 *   single-login secret. HttpOnly (script never needs it), Secure + SameSite=None (it is sent inside a cross-site
 *   frame), Partitioned (browsers that block third-party cookies still keep it for that one embedding site), and
 *   __Host- (no Domain, Path=/). Rotating the secret ends these cookies too; the next link sets a new one.
 *
 * The cookie only ever widens framing to the company's own list; it is not a session and grants no API access.
 */
export const FRAME_COOKIE = '__Host-portal-frame';

export interface Framing {
  /** Origins for `frame-ancestors`; empty means 'none'. */
  origins: string[];
  /** A Set-Cookie value keeping the grant for reloads in the frame. */
  cookie?: string;
}

const NONE: Framing = { origins: [] };

const usable = (c: CompanyRow | null | undefined): c is CompanyRow => !!c && !c.deletedAt && c.status !== 'disabled';
const originsOf = (c: CompanyRow) => commonConfigOf(c).embedOrigins.filter(isEmbedOrigin);
const secretsOf = (c: CompanyRow) => [c.singleLoginSecret, c.singleLoginSecretPrev].filter((s): s is string => !!s);

// A key of its own, so a cookie MAC can never stand in for a link signature made with the same company secret.
function cookieMac(secret: string, companyId: string, expires: number): Buffer {
  const key = createHmac('sha256', secret).update('portal frame-ancestors cookie v1').digest();
  return createHmac('sha256', key).update(`${companyId}.${expires}`).digest();
}

function readCookie(req: FastifyRequest, name: string): string | null {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

function frameCookie(company: CompanyRow, maxAgeSeconds: number, nowMs: number): string {
  const expires = Math.floor(nowMs / 1000) + maxAgeSeconds;
  const mac = cookieMac(company.singleLoginSecret, company.id, expires).toString('hex');
  return `${FRAME_COOKIE}=${company.id}.${expires}.${mac}; Max-Age=${maxAgeSeconds}; Path=/; HttpOnly; Secure; SameSite=None; Partitioned`;
}

async function fromLink(db: Db, query: unknown, nowMs: number): Promise<CompanyRow | null> {
  const parsed = SingleLoginBody.safeParse(query);
  if (!parsed.success) return null;
  const found = await verifySingleLoginLink(db, parsed.data, nowMs);
  return found && usable(found.company) ? found.company : null;
}

async function fromCookie(db: Db, value: string, nowMs: number): Promise<CompanyRow | null> {
  const m = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(\d{1,12})\.([0-9a-f]{64})$/.exec(value);
  if (!m) return null;
  const [, companyId, expiresText, macHex] = m;
  const expires = Number(expiresText);
  if (expires * 1000 <= nowMs) return null;
  const company = await findCompany(db, companyId);
  if (!usable(company)) return null;
  const given = Buffer.from(macHex, 'hex');
  return secretsOf(company).some((s) => timingSafeEqual(cookieMac(s, companyId, expires), given)) ? company : null;
}

/** The framing grant of one request for a web-app document. */
export async function framingOf(req: FastifyRequest, opts: { db: Db; cookieMaxAgeSeconds: number; nowMs?: number }): Promise<Framing> {
  const nowMs = opts.nowMs ?? Date.now();
  const linked = await fromLink(opts.db, req.query, nowMs);
  if (linked) {
    const origins = originsOf(linked);
    return origins.length ? { origins, cookie: frameCookie(linked, opts.cookieMaxAgeSeconds, nowMs) } : NONE;
  }
  const cookie = readCookie(req, FRAME_COOKIE);
  if (!cookie) return NONE;
  const company = await fromCookie(opts.db, cookie, nowMs);
  return company ? { origins: originsOf(company) } : NONE;
}

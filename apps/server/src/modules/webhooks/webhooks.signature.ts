import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Webhook signatures, Stripe style (docs/webhooks.md): `X-Portal-Signature: t=<unix seconds>,v1=<hex>` where the hex
 * is HMAC-SHA256 keyed with the agency's whole secret (including its `whsec_` prefix) over `${t}.${rawBody}`.
 */

export const SECRET_PREFIX = 'whsec_';

/** 32 random bytes, base64url, behind a recognisable prefix. */
export function generateWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;
}

export function signPayload(secret: string, timestamp: number, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
}

export function signatureHeader(secret: string, timestamp: number, rawBody: string): string {
  return `t=${timestamp},v1=${signPayload(secret, timestamp, rawBody)}`;
}

/**
 * What a receiver does (the reference for docs/webhooks.md and the tests): parse the header, recompute, compare in
 * constant time, and refuse a timestamp further than `toleranceSeconds` from its own clock (replays).
 */
export function verifySignature(
  secret: string,
  header: string | undefined,
  rawBody: string,
  opts: { nowSeconds?: number; toleranceSeconds?: number } = {},
): boolean {
  if (!header) return false;
  const parts = new Map<string, string[]>();
  for (const item of header.split(',')) {
    const i = item.indexOf('=');
    if (i <= 0) continue;
    const k = item.slice(0, i).trim();
    parts.set(k, [...(parts.get(k) ?? []), item.slice(i + 1).trim()]);
  }
  const t = Number(parts.get('t')?.[0]);
  if (!Number.isInteger(t)) return false;
  const now = opts.nowSeconds ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - t) > (opts.toleranceSeconds ?? 300)) return false;
  const expected = Buffer.from(signPayload(secret, t, rawBody), 'hex');
  return (parts.get('v1') ?? []).some((v) => {
    const got = Buffer.from(v, 'hex');
    return got.length === expected.length && timingSafeEqual(got, expected);
  });
}

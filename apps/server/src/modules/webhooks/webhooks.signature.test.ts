import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generateWebhookSecret, signatureHeader, verifySignature } from './webhooks.signature.ts';

describe('webhook signatures', () => {
  const secret = 'whsec_test';
  const body = '{"id":"d1","event":"order.status_changed"}';

  it('generates 32 random bytes behind the whsec_ prefix', () => {
    const a = generateWebhookSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(a.slice(6), 'base64url')).toHaveLength(32);
    expect(generateWebhookSecret()).not.toBe(a);
  });

  it('signs `${t}.${body}` with HMAC-SHA256 keyed by the whole secret, Stripe style', () => {
    const hex = createHmac('sha256', secret).update(`1700000000.${body}`).digest('hex');
    expect(signatureHeader(secret, 1_700_000_000, body)).toBe(`t=1700000000,v1=${hex}`);
  });

  it('verifies in tolerance only, and refuses changed bodies, other secrets and malformed headers', () => {
    const header = signatureHeader(secret, 1_700_000_000, body);
    expect(verifySignature(secret, header, body, { nowSeconds: 1_700_000_100 })).toBe(true);
    expect(verifySignature(secret, header, body, { nowSeconds: 1_700_000_301 })).toBe(false);
    expect(verifySignature(secret, header, `${body} `, { nowSeconds: 1_700_000_000 })).toBe(false);
    expect(verifySignature('whsec_other', header, body, { nowSeconds: 1_700_000_000 })).toBe(false);
    expect(verifySignature(secret, undefined, body)).toBe(false);
    expect(verifySignature(secret, 'v1=abc', body)).toBe(false);
    expect(verifySignature(secret, 't=1700000000,v1=zz', body, { nowSeconds: 1_700_000_000 })).toBe(false);
    // Any one of several v1 signatures may match (room for rolling secrets later).
    expect(verifySignature(secret, `t=1700000000,v1=${'0'.repeat(64)},${header.split(',')[1]}`, body, { nowSeconds: 1_700_000_000 })).toBe(true);
  });
});

import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { rsaSha256Sign, rsaSha256Verify } from '../wire.ts';
import { paypalAcceptsAmount, paypalAmount, paypalValue } from './paypal.ts';
import { openEnvelope, sealEnvelope } from './yeepay.ts';

describe('PayPal amounts', () => {
  it('writes HUF, JPY and TWD in whole units and the others with their decimals', () => {
    expect(paypalValue(123_400, 'TWD')).toBe('1234');
    expect(paypalValue(1_200, 'JPY')).toBe('1200');
    expect(paypalValue(12_345, 'USD')).toBe('123.45');
    expect(() => paypalValue(123_450, 'TWD')).toThrow(/whole units/);
    expect(paypalAcceptsAmount(123_450, 'TWD')).toBe(false);
    expect(paypalAcceptsAmount(123_400, 'TWD')).toBe(true);
    expect(paypalAcceptsAmount(7, 'JPY')).toBe(true);
    expect(paypalAcceptsAmount(12_345, 'EUR')).toBe(true);
  });

  it('reads them back strictly', () => {
    expect(paypalAmount('1234', 'TWD')).toBe(123_400);
    expect(paypalAmount('1234.00', 'TWD')).toBeNull();
    expect(paypalAmount('1200', 'JPY')).toBe(1_200);
    expect(paypalAmount('123.45', 'USD')).toBe(12_345);
    expect(paypalAmount(1234, 'TWD')).toBeNull();
  });
});

describe("YOP's digital envelope", () => {
  const yop = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const yopPublic = yop.publicKey.export({ type: 'spki', format: 'pem' }).toString();

  it('opens what YOP sealed for the merchant, and nothing else', () => {
    const data = JSON.stringify({ orderId: 'o-1', status: 'SUCCESS', goodsName: 'a $ sign' });
    const sealed = sealEnvelope(data, yop.privateKey, merchant.publicKey);
    expect(sealed.split('$').slice(2)).toEqual(['AES', 'SHA256']);
    expect(openEnvelope(sealed, merchant.privateKey, yopPublic)).toBe(data);
    // Sealed for someone else, signed by someone else, cut, or garbage: refused, never thrown.
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 });
    expect(openEnvelope(sealEnvelope(data, yop.privateKey, other.publicKey), merchant.privateKey, yopPublic)).toBeNull();
    expect(openEnvelope(sealEnvelope(data, other.privateKey, merchant.publicKey), merchant.privateKey, yopPublic)).toBeNull();
    const [key, body] = sealed.split('$');
    expect(openEnvelope(`${key.slice(0, -4)}AAAA$${body}$AES$SHA256`, merchant.privateKey, yopPublic)).toBeNull();
    expect(openEnvelope(`${key}$${body}$AES$MD5`, merchant.privateKey, yopPublic)).toBeNull();
    for (const junk of ['', '$$$', 'a$b$AES$SHA256', `${key}$!!$AES$SHA256`]) expect(openEnvelope(junk, merchant.privateKey, yopPublic)).toBeNull();
  });
});

describe('SHA256withRSA helpers', () => {
  it('verify against a public key or a certificate, and answer false for anything malformed', () => {
    const k = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = k.publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const sig = Buffer.from(rsaSha256Sign(k.privateKey, 'message'), 'base64');
    expect(rsaSha256Verify(pem, 'message', sig)).toBe(true);
    expect(rsaSha256Verify(pem, 'messagE', sig)).toBe(false);
    expect(rsaSha256Verify('not a key', 'message', sig)).toBe(false);
    expect(rsaSha256Verify(pem, 'message', Buffer.from('short'))).toBe(false);
  });
});

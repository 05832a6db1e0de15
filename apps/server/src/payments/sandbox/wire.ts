import { createHmac, createPublicKey, randomBytes, sign, timingSafeEqual, verify, type KeyObject } from 'node:crypto';
import { isCurrency, minorDigits, type Currency } from '@portal/contract/currency';
import type { CallbackHeaders } from '../types.ts';

/** Small pieces the channels' wire formats share: signing, constant-time comparison, amounts, times. */

export const hmacSha256 = (secret: string | Buffer, data: string) => createHmac('sha256', secret).update(data, 'utf8').digest();

/** SHA256withRSA (RSASSA-PKCS1-v1_5 over SHA-256), base64: Alipay's RSA2, WeChat Pay's and PayPal's signatures. */
export const rsaSha256Sign = (key: KeyObject, data: string | Buffer) => sign('sha256', typeof data === 'string' ? Buffer.from(data, 'utf8') : data, key).toString('base64');

/**
 * Checks a SHA256withRSA signature against a configured public key or certificate (PEM). A malformed signature, key or
 * certificate is simply not a match: whatever the callback carries, the answer is a refusal, never an exception.
 */
export function rsaSha256Verify(publicKeyOrCertificate: string, data: string | Buffer, signature: Buffer): boolean {
  try {
    const key = createPublicKey(publicKeyOrCertificate);
    return verify('sha256', typeof data === 'string' ? Buffer.from(data, 'utf8') : data, key, signature);
  } catch {
    return false;
  }
}

/** Strict standard base64 (or base64url when asked) to bytes; null for anything else, so garbage is told from a mismatch. */
export function fromBase64(text: string | null | undefined, url = false): Buffer | null {
  if (!text) return null;
  const pattern = url ? /^[A-Za-z0-9_-]+={0,2}$/ : /^[A-Za-z0-9+/]+={0,2}$/;
  return pattern.test(text) ? Buffer.from(text, url ? 'base64url' : 'base64') : null;
}

/** Constant-time comparison of two encodings of a MAC; a length difference is simply a mismatch. */
export function sameMac(expected: Buffer, given: string, encoding: 'hex' | 'base64'): boolean {
  const pattern = encoding === 'hex' ? /^[0-9a-f]+$/i : /^[A-Za-z0-9+/]+={0,2}$/;
  if (!pattern.test(given)) return false;
  const buf = Buffer.from(given, encoding);
  return buf.length === expected.length && timingSafeEqual(buf, expected);
}

export function header(headers: CallbackHeaders, name: string): string | undefined {
  const v = headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}

export const randomDigits = (n: number) => Array.from(randomBytes(n), (b) => String(b % 10)).join('');
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const randomAlnum = (n: number, alphabet = ALNUM) => Array.from(randomBytes(n), (b) => alphabet[b % alphabet.length]).join('');
export const randomUpperAlnum = (n: number) => randomAlnum(n, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789');

/** Minor units to the decimal string most channels put on the wire ("123.45", "1200" for JPY). */
export function toDecimal(minor: number, currency: Currency): string {
  const digits = minorDigits(currency);
  if (digits === 0) return String(minor);
  const sign = minor < 0 ? '-' : '';
  const abs = String(Math.abs(minor)).padStart(digits + 1, '0');
  return `${sign}${abs.slice(0, -digits)}.${abs.slice(-digits)}`;
}

/** The inverse of toDecimal, strict: anything but a plain non-negative decimal with at most the currency's digits is null. */
export function fromDecimal(text: unknown, currency: Currency): number | null {
  const s = typeof text === 'number' ? String(text) : text;
  if (typeof s !== 'string') return null;
  const digits = minorDigits(currency);
  const m = /^(0|[1-9]\d{0,13})(?:\.(\d+))?$/.exec(s);
  if (!m || (m[2] ?? '').length > digits) return null;
  return Number(m[1]) * 10 ** digits + Number((m[2] ?? '').padEnd(digits, '0') || 0);
}

export function currencyOf(code: unknown): Currency | null {
  if (typeof code !== 'string') return null;
  const upper = code.toUpperCase();
  return isCurrency(upper) ? upper : null;
}

/** "yyyy-MM-dd HH:mm:ss" in China Standard Time (UTC+8, no daylight saving), the style of Chinese channels. */
export function chinaTime(d: Date): string {
  return new Date(d.getTime() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

export function parseChinaTime(s: unknown): Date | null {
  if (typeof s !== 'string' || !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(s)) return null;
  const t = Date.parse(`${s.replace(' ', 'T')}+08:00`);
  return Number.isNaN(t) ? null : new Date(t);
}

/** RFC 3339 with the +08:00 offset, as WeChat Pay writes times. */
export function chinaIso(d: Date): string {
  return `${chinaTime(d).replace(' ', 'T')}+08:00`;
}

export function parseIso(s: unknown): Date | null {
  if (typeof s !== 'string') return null;
  const t = Date.parse(s);
  return Number.isNaN(t) ? null : new Date(t);
}

/** Within `toleranceSeconds` of now, either way (clocks drift; a replay from long ago is refused). */
export const fresh = (at: Date, now: Date, toleranceSeconds: number) => Math.abs(now.getTime() - at.getTime()) <= toleranceSeconds * 1000;

let crcTable: Uint32Array | undefined;
/** CRC-32 (IEEE), which PayPal's webhook signature covers the body with. */
export function crc32(text: string): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (const byte of Buffer.from(text, 'utf8')) crc = crcTable[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

export function parseJson(text: string): Record<string, any> | null {
  try {
    const v = JSON.parse(text);
    return v && typeof v === 'object' && !Array.isArray(v) ? v : null;
  } catch {
    return null;
  }
}

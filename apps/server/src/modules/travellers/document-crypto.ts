import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { normalizeDocumentNumber } from '@portal/contract/passengers/documents';

/**
 * Travellers' document numbers at rest (issue 11, docs/decisions/0015-travellers.md): AES-256-GCM with a random
 * 12-byte IV per value and the 16-byte tag kept, written `v1.<keyId>.<base64(iv | ciphertext | tag)>`. The key id
 * names which secret sealed a value, so a new key can be introduced while older values are still read
 * (TRAVELLER_DOCUMENT_PREVIOUS_KEYS). Exact search uses an HMAC-SHA256 of the normalized number under a key derived
 * from the same secret, never the number itself.
 */

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

interface DocumentKey {
  id: string;
  encryption: Buffer;
  hashing: Buffer;
}

export interface DocumentKeyring {
  seal(number: string): string;
  open(sealed: string): string;
  /** Keyed hash of the normalized number: equal numbers give equal hashes, and it reveals nothing without the key. */
  hash(number: string): string;
}

export class DocumentKeyError extends Error {}

// Separate keys for sealing, hashing and naming, so none of the three uses the secret directly.
const derive = (secret: Buffer, purpose: string) => Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), `portal traveller document ${purpose}`, 32));

function keyFrom(secret: Buffer): DocumentKey {
  return { id: derive(secret, 'key id').subarray(0, 4).toString('hex'), encryption: derive(secret, 'encryption'), hashing: derive(secret, 'hashing') };
}

/** 32 bytes written as 64 hex digits or as base64; anything else is refused rather than stretched. */
export function parseDocumentSecret(text: string, variable: string): Buffer {
  const t = text.trim();
  const bytes = /^[0-9a-fA-F]{64}$/.test(t) ? Buffer.from(t, 'hex') : /^[A-Za-z0-9+/_-]+={0,2}$/.test(t) ? Buffer.from(t, 'base64') : Buffer.alloc(0);
  if (bytes.length !== 32) throw new DocumentKeyError(`${variable} must be 32 bytes written as 64 hex digits or base64`);
  return bytes;
}

export function createDocumentKeyring(current: Buffer, previous: readonly Buffer[] = []): DocumentKeyring {
  const key = keyFrom(current);
  const byId = new Map([key, ...previous.map(keyFrom)].map((k) => [k.id, k]));
  return {
    seal(number) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key.encryption, iv);
      const body = Buffer.concat([cipher.update(number, 'utf8'), cipher.final()]);
      return `${VERSION}.${key.id}.${Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64')}`;
    },
    open(sealed) {
      const [version, id, data] = sealed.split('.');
      const k = byId.get(id);
      if (version !== VERSION || !k || !data) throw new DocumentKeyError(`document sealed with an unknown key (${version}.${id})`);
      const raw = Buffer.from(data, 'base64');
      const decipher = createDecipheriv('aes-256-gcm', k.encryption, raw.subarray(0, IV_BYTES));
      decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
      return Buffer.concat([decipher.update(raw.subarray(IV_BYTES, raw.length - TAG_BYTES)), decipher.final()]).toString('utf8');
    },
    hash: (number) => createHmac('sha256', key.hashing).update(normalizeDocumentNumber(number)).digest('hex'),
  };
}

export const DEV_KEY_FILE = 'traveller-document.key';

/**
 * TRAVELLER_DOCUMENT_KEY, or else a development key generated once into DATA_DIR (readable by its owner only) so a
 * restart still reads what was sealed. The server warns at start-up when it runs on the generated key: on a single
 * machine with PGlite the key sits beside the data it protects, which guards a copied database but not a copied disk.
 * A malformed variable refuses to start rather than run on a guess.
 */
export function loadDocumentKeyring(env: NodeJS.ProcessEnv, dataDir: string): { keyring: DocumentKeyring; source: 'environment' | 'development-file' } {
  const previous = (env.TRAVELLER_DOCUMENT_PREVIOUS_KEYS ?? '')
    .split(',')
    .filter((s) => s.trim())
    .map((s) => parseDocumentSecret(s, 'TRAVELLER_DOCUMENT_PREVIOUS_KEYS'));
  if (env.TRAVELLER_DOCUMENT_KEY) {
    return { keyring: createDocumentKeyring(parseDocumentSecret(env.TRAVELLER_DOCUMENT_KEY, 'TRAVELLER_DOCUMENT_KEY'), previous), source: 'environment' };
  }
  const file = path.join(dataDir, DEV_KEY_FILE);
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    // 'wx': two processes starting together keep the first one's key instead of overwriting it.
    try {
      writeFileSync(file, `${randomBytes(32).toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    chmodSync(file, 0o600);
  }
  return { keyring: createDocumentKeyring(parseDocumentSecret(readFileSync(file, 'utf8'), file), previous), source: 'development-file' };
}

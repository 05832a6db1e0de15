import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDocumentKeyring, DEV_KEY_FILE, DocumentKeyError, loadDocumentKeyring, parseDocumentSecret } from './document-crypto.ts';

const A = Buffer.alloc(32, 1);
const B = Buffer.alloc(32, 2);

describe('document keyring', () => {
  const dirs: string[] = [];
  const tmp = () => {
    const d = mkdtempSync(path.join(os.tmpdir(), 'portal-doc-key-'));
    dirs.push(d);
    return d;
  };
  afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('seals with a fresh IV each time and opens only with the right key', () => {
    const k = createDocumentKeyring(A);
    const sealed = k.seal('E12345678');
    expect(sealed).toMatch(/^v1\.[0-9a-f]{8}\./);
    expect(sealed).not.toContain('E12345678');
    expect(k.seal('E12345678')).not.toBe(sealed);
    expect(k.open(sealed)).toBe('E12345678');
    expect(() => createDocumentKeyring(B).open(sealed)).toThrow(DocumentKeyError);
  });

  it('refuses a tampered value (the GCM tag is checked)', () => {
    const k = createDocumentKeyring(A);
    const [v, id, data] = k.seal('E12345678').split('.');
    const raw = Buffer.from(data, 'base64');
    raw[14] ^= 1;
    expect(() => k.open(`${v}.${id}.${raw.toString('base64')}`)).toThrow();
  });

  it('opens values of a previous key after a rotation, and seals with the new one', () => {
    const old = createDocumentKeyring(A).seal('G12345678');
    const rotated = createDocumentKeyring(B, [A]);
    expect(rotated.open(old)).toBe('G12345678');
    expect(rotated.seal('x').split('.')[1]).not.toBe(old.split('.')[1]);
  });

  it('hashes the normalized number under the key', () => {
    const k = createDocumentKeyring(A);
    expect(k.hash('e1234 5678')).toBe(k.hash('E12345678'));
    expect(k.hash('E12345678')).not.toBe(createDocumentKeyring(B).hash('E12345678'));
    expect(k.hash('E12345678')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('reads TRAVELLER_DOCUMENT_KEY as hex or base64 and refuses anything but 32 bytes', () => {
    expect(parseDocumentSecret(A.toString('hex'), 'X')).toEqual(A);
    expect(parseDocumentSecret(A.toString('base64'), 'X')).toEqual(A);
    expect(() => parseDocumentSecret('short', 'X')).toThrow(DocumentKeyError);
    expect(() => parseDocumentSecret(Buffer.alloc(16).toString('hex'), 'X')).toThrow(/32 bytes/);
    const fromEnv = loadDocumentKeyring({ TRAVELLER_DOCUMENT_KEY: A.toString('hex') }, tmp());
    expect(fromEnv.source).toBe('environment');
    expect(createDocumentKeyring(A).open(fromEnv.keyring.seal('123'))).toBe('123');
  });

  it('generates a development key once into DATA_DIR, readable by its owner only, and reuses it', () => {
    const dir = tmp();
    const first = loadDocumentKeyring({}, dir);
    expect(first.source).toBe('development-file');
    expect(statSync(path.join(dir, DEV_KEY_FILE)).mode & 0o777).toBe(0o600);
    const sealed = first.keyring.seal('E12345678');
    expect(loadDocumentKeyring({}, dir).keyring.open(sealed)).toBe('E12345678');
  });
});

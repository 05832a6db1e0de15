import { createPrivateKey, createPublicKey, generateKeyPair, randomBytes, X509Certificate, type KeyObject } from 'node:crypto';
import { promisify } from 'node:util';
import forge from 'node-forge';

/**
 * The key pairs and certificates the simulated providers sign with (docs/decisions/0019-provider-signatures.md).
 * Real providers sign callbacks with their own RSA keys and the merchant configures their public key or certificate;
 * the sandbox does the same with keys of its own (RSA-2048, as the providers use), handed to the merchant's side as
 * configuration. They are the provider's, not a process's: kept in the database (`sandbox_keys`, migration 0016,
 * payments/sandbox/keys.repository.ts), so a callback signed before a restart, a retry delivered after one, and a
 * second server process on the same database all verify with the same keys.
 */

export interface RsaKeyPair {
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** SubjectPublicKeyInfo PEM, the form the merchant configures ("-----BEGIN PUBLIC KEY-----"). */
  publicKeyPem: string;
}

export interface SandboxCertificate extends RsaKeyPair {
  /** PEM of the self-signed X.509 certificate over publicKey. */
  pem: string;
  /** The serial as WeChat Pay writes it in Wechatpay-Serial: upper-case hex, as X509Certificate reports it. */
  serial: string;
}

/** Every key the sandbox's providers hold, by the name it is stored under. */
export interface SandboxKeyMaterial {
  /** Alipay's RSA2 key pair: Alipay signs notifications with the private key; the merchant configures the public one. */
  alipay: RsaKeyPair;
  /** WeChat Pay's platform certificate: it signs notifications; the merchant keeps it by serial number. */
  wechatPlatform: SandboxCertificate;
  /** PayPal's webhook signing certificate, served at the URL each notification names in PAYPAL-CERT-URL. */
  paypal: SandboxCertificate;
  /** YOP's platform key pair: YeePay signs the notification data with it. */
  yopPlatform: RsaKeyPair;
  /** The merchant's own YOP key pair: YeePay encrypts each notification's random AES key to its public key. */
  yopMerchant: RsaKeyPair;
}

export type SandboxKeyName = keyof SandboxKeyMaterial;

/** The stored form of one key: PKCS#8 PEM of the private key, and the certificate PEM where there is one. */
export interface StoredSandboxKey {
  name: SandboxKeyName;
  privateKeyPem: string;
  certificatePem: string | null;
}

const CERTIFICATES: Partial<Record<SandboxKeyName, { commonName: string; organization: string }>> = {
  wechatPlatform: { commonName: 'Tenpay.com Root CA sandbox platform certificate', organization: 'Tenpay.com' },
  paypal: { commonName: 'messageverificationcerts.sandbox.paypal.com', organization: 'PayPal, Inc.' },
};

export const SANDBOX_KEY_NAMES: readonly SandboxKeyName[] = ['alipay', 'wechatPlatform', 'paypal', 'yopPlatform', 'yopMerchant'];

const generate = promisify(generateKeyPair);

/** A new RSA-2048 key (generated off the event loop's thread). */
async function newPrivateKeyPem(): Promise<string> {
  const { privateKey } = await generate('rsa', { modulusLength: 2048, publicExponent: 0x10001 });
  return privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
}

/**
 * A self-signed certificate over the key. node:crypto reads certificates but cannot write them, so node-forge builds
 * and signs it; node's X509Certificate reads it back when the key is loaded.
 */
function selfSignedCertificate(privateKeyPem: string, commonName: string, organization: string): string {
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(createPublicKey(privateKeyPem).export({ type: 'spki', format: 'pem' }).toString());
  // 20 random bytes, the top bit clear (a DER INTEGER serial must be positive) and the first nibble non-zero so the
  // encoding keeps all 40 hex digits, like WeChat Pay's platform certificate serials.
  const serial = randomBytes(20);
  serial[0] = (serial[0] & 0x7f) | 0x10;
  cert.serialNumber = serial.toString('hex');
  const now = Date.now();
  cert.validity.notBefore = new Date(now - 24 * 3_600_000);
  // Long-lived: the keys now outlive the process (stored), and a sandbox certificate that expired would stop every
  // PayPal and WeChat Pay callback from verifying.
  cert.validity.notAfter = new Date(now + 20 * 365 * 24 * 3_600_000);
  const name = [
    { shortName: 'C', value: 'CN' },
    { shortName: 'O', value: organization },
    { shortName: 'CN', value: commonName },
  ];
  cert.setSubject(name);
  cert.setIssuer(name);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
  ]);
  cert.sign(forge.pki.privateKeyFromPem(privateKeyPem), forge.md.sha256.create());
  return forge.pki.certificateToPem(cert);
}

/** A new key to offer for `name` (with its certificate where the provider publishes one). */
export async function newSandboxKey(name: SandboxKeyName): Promise<StoredSandboxKey> {
  const privateKeyPem = await newPrivateKeyPem();
  const c = CERTIFICATES[name];
  return { name, privateKeyPem, certificatePem: c ? selfSignedCertificate(privateKeyPem, c.commonName, c.organization) : null };
}

/** A fresh set of every key: what a process offers to store when the database has none yet. */
export async function newSandboxKeys(): Promise<StoredSandboxKey[]> {
  return Promise.all(SANDBOX_KEY_NAMES.map(newSandboxKey));
}

let offered: Promise<StoredSandboxKey[]> | undefined;
/**
 * This process's offer, made once: a database without keys stores the first offer to arrive (insert on conflict do
 * nothing), and every process then reads the stored ones. Many test databases in one process take the same offer, so
 * key generation (tens of milliseconds a key) happens once per process, not once per database.
 */
export function processKeyOffer(): Promise<StoredSandboxKey[]> {
  offered ??= newSandboxKeys().catch((err) => {
    offered = undefined;
    throw err;
  });
  return offered;
}

function keyPair(privateKeyPem: string): RsaKeyPair {
  const privateKey = createPrivateKey(privateKeyPem);
  const publicKey = createPublicKey(privateKey);
  return { privateKey, publicKey, publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString() };
}

function certificate(stored: StoredSandboxKey): SandboxCertificate {
  if (!stored.certificatePem) throw new Error(`sandbox key ${stored.name} has no certificate`);
  const keys = keyPair(stored.privateKeyPem);
  const x509 = new X509Certificate(stored.certificatePem);
  if (!x509.checkPrivateKey(keys.privateKey)) throw new Error(`sandbox key ${stored.name}: the certificate is not over its key`);
  return { ...keys, pem: stored.certificatePem, serial: x509.serialNumber.toUpperCase() };
}

/** The stored rows as the keys the providers sign with; every name must be present. */
export function sandboxKeyMaterial(rows: readonly StoredSandboxKey[]): SandboxKeyMaterial {
  const by = new Map(rows.map((r) => [r.name, r]));
  const need = (name: SandboxKeyName) => {
    const r = by.get(name);
    if (!r) throw new Error(`sandbox key ${name} is missing`);
    return r;
  };
  return {
    alipay: keyPair(need('alipay').privateKeyPem),
    wechatPlatform: certificate(need('wechatPlatform')),
    paypal: certificate(need('paypal')),
    yopPlatform: keyPair(need('yopPlatform').privateKeyPem),
    yopMerchant: keyPair(need('yopMerchant').privateKeyPem),
  };
}

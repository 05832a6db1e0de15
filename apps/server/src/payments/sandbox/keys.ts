import { generateKeyPairSync, randomBytes, X509Certificate, type KeyObject } from 'node:crypto';
import forge from 'node-forge';

/**
 * The key pairs and certificates the simulated providers sign with (docs/decisions/0019-provider-signatures.md).
 * Real providers sign callbacks with their own RSA keys and the merchant configures their public key or certificate;
 * the sandbox does the same with keys of its own, generated once per process on first use (RSA-2048, as the providers
 * use) and handed to the merchant's side as configuration. Nothing is persisted: a restart makes new keys, so a form
 * callback queued and signed before it (Alipay, YeePay) no longer verifies afterwards and the portal settles that
 * payment by asking the channel (poll or expiry job), as it does for any callback that never arrives.
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

function rsaKeyPair(): RsaKeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048, publicExponent: 0x10001 });
  return { privateKey, publicKey, publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString() };
}

/**
 * A self-signed certificate for a fresh key pair. node:crypto reads certificates but cannot write them, so node-forge
 * builds and signs it; node's X509Certificate then reads it back, which checks it is well formed and gives the serial
 * in the form verifiers compare.
 */
function selfSignedCertificate(commonName: string, organization: string): SandboxCertificate {
  const keys = rsaKeyPair();
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(keys.publicKeyPem);
  // 20 random bytes, the top bit clear (a DER INTEGER serial must be positive) and the first nibble non-zero so the
  // encoding keeps all 40 hex digits, like WeChat Pay's platform certificate serials.
  const serial = randomBytes(20);
  serial[0] = (serial[0] & 0x7f) | 0x10;
  cert.serialNumber = serial.toString('hex');
  const now = Date.now();
  cert.validity.notBefore = new Date(now - 24 * 3_600_000);
  cert.validity.notAfter = new Date(now + 5 * 365 * 24 * 3_600_000);
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
  cert.sign(forge.pki.privateKeyFromPem(keys.privateKey.export({ type: 'pkcs1', format: 'pem' }).toString()), forge.md.sha256.create());
  const pem = forge.pki.certificateToPem(cert);
  return { ...keys, pem, serial: new X509Certificate(pem).serialNumber.toUpperCase() };
}

/** One lazily made value per process: key generation costs tens of milliseconds each, and most tests need few. */
function once<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

export const sandboxKeys = {
  /** Alipay's RSA2 key pair: Alipay signs notifications with the private key; the merchant configures the public one. */
  alipay: once(rsaKeyPair),
  /** WeChat Pay's platform certificate: it signs notifications; the merchant keeps it by serial number. */
  wechatPlatform: once(() => selfSignedCertificate('Tenpay.com Root CA sandbox platform certificate', 'Tenpay.com')),
  /** PayPal's webhook signing certificate, served at the URL each notification names in PAYPAL-CERT-URL. */
  paypal: once(() => selfSignedCertificate('messageverificationcerts.sandbox.paypal.com', 'PayPal, Inc.')),
  /** YOP's platform key pair: YeePay signs the notification data with it. */
  yopPlatform: once(rsaKeyPair),
  /** The merchant's own YOP key pair: YeePay encrypts each notification's random AES key to its public key. */
  yopMerchant: once(rsaKeyPair),
};

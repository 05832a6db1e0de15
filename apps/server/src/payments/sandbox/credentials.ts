import type { ExternalPaymentChannel } from '@portal/contract/api/agencies';
import type { SandboxKeyMaterial } from './keys.ts';
import type { ChannelCredentials, ProviderCredentials } from './styles/types.ts';

/**
 * Both ends of a sandbox channel. The provider signs with its private keys; the merchant's adapter is configured with
 * the matching public key or certificate, exactly the settings a real adapter would take from the provider's console
 * (Alipay public key, WeChat Pay platform certificate, YOP public key and the merchant's own key pair, PayPal's
 * certificate URL). Shared secrets stay where the providers use them (Stripe, Airwallex, the WeChat Pay APIv3 key).
 */

/** Where the sandbox publishes PayPal's signing certificate, as PayPal does at api.paypal.com/v1/notifications/certs/. */
export const paypalCertificatePath = (serial: string) => `/sandbox/paypal/v1/notifications/certs/CERT-${serial.toLowerCase()}`;

export interface SandboxChannelCredentials {
  provider(): Promise<ProviderCredentials>;
  merchant(): Promise<ChannelCredentials>;
}

/**
 * Each end's configuration, built from the sandbox's stored keys (`keys` loads them from the database once per
 * process: payments/sandbox/keys.repository.ts) when first needed.
 */
export function sandboxCredentials(
  code: ExternalPaymentChannel,
  base: { secret: string; merchantId: string },
  publicUrl: string,
  keys: () => Promise<SandboxKeyMaterial>,
): SandboxChannelCredentials {
  // Stripe and Airwallex share a secret with the merchant and hold no keys: nothing to load.
  if (code === 'stripe' || code === 'airwallex') return { provider: async () => base, merchant: async () => base };
  let ends: Promise<Ends> | undefined;
  const built = () => {
    ends ??= keys().then(
      (k) => bothEnds(code, base, publicUrl, k),
      (err) => {
        ends = undefined;
        throw err;
      },
    );
    return ends;
  };
  return { provider: async () => (await built()).provider, merchant: async () => (await built()).merchant };
}

interface Ends {
  provider: ProviderCredentials;
  merchant: ChannelCredentials;
}

function bothEnds(code: ExternalPaymentChannel, base: { secret: string; merchantId: string }, publicUrl: string, k: SandboxKeyMaterial): Ends {
  switch (code) {
    case 'alipay':
      return {
        provider: { ...base, signingKey: k.alipay.privateKey },
        merchant: { ...base, providerPublicKey: k.alipay.publicKeyPem },
      };
    case 'wechat-pay': {
      const c = k.wechatPlatform;
      return {
        provider: { ...base, signingKey: c.privateKey, certificateId: c.serial, certificatePem: c.pem },
        merchant: { ...base, providerCertificates: { [c.serial]: c.pem } },
      };
    }
    case 'paypal': {
      const c = k.paypal;
      const url = `${publicUrl}${paypalCertificatePath(c.serial)}`;
      return {
        provider: { ...base, signingKey: c.privateKey, certificateId: url, certificatePem: c.pem },
        merchant: { ...base, providerCertificates: { [url]: c.pem } },
      };
    }
    case 'yeepay-alipay':
    case 'yeepay-credit-card':
    case 'yeepay-debit-card':
    case 'yeepay-wechat':
      return {
        provider: { ...base, signingKey: k.yopPlatform.privateKey, merchantPublicKey: k.yopMerchant.publicKey },
        merchant: {
          ...base,
          providerPublicKey: k.yopPlatform.publicKeyPem,
          merchantPrivateKey: k.yopMerchant.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        },
      };
    default:
      return { provider: base, merchant: base };
  }
}

import type { ExternalPaymentChannel } from '@portal/contract/api/agencies';
import { sandboxKeys } from './keys.ts';
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
  provider(): ProviderCredentials;
  merchant(): ChannelCredentials;
}

/** Each end's configuration is built once, on first use (the keys behind it are made then). */
export function sandboxCredentials(code: ExternalPaymentChannel, base: { secret: string; merchantId: string }, publicUrl: string): SandboxChannelCredentials {
  const ends = bothEnds(code, base, publicUrl);
  let provider: ProviderCredentials | undefined;
  let merchant: ChannelCredentials | undefined;
  return { provider: () => (provider ??= ends.provider()), merchant: () => (merchant ??= ends.merchant()) };
}

function bothEnds(code: ExternalPaymentChannel, base: { secret: string; merchantId: string }, publicUrl: string): SandboxChannelCredentials {
  switch (code) {
    case 'alipay':
      return {
        provider: () => ({ ...base, signingKey: sandboxKeys.alipay().privateKey }),
        merchant: () => ({ ...base, providerPublicKey: sandboxKeys.alipay().publicKeyPem }),
      };
    case 'wechat-pay':
      return {
        provider: () => {
          const c = sandboxKeys.wechatPlatform();
          return { ...base, signingKey: c.privateKey, certificateId: c.serial, certificatePem: c.pem };
        },
        merchant: () => {
          const c = sandboxKeys.wechatPlatform();
          return { ...base, providerCertificates: { [c.serial]: c.pem } };
        },
      };
    case 'paypal': {
      const url = () => `${publicUrl}${paypalCertificatePath(sandboxKeys.paypal().serial)}`;
      return {
        provider: () => {
          const c = sandboxKeys.paypal();
          return { ...base, signingKey: c.privateKey, certificateId: url(), certificatePem: c.pem };
        },
        merchant: () => ({ ...base, providerCertificates: { [url()]: sandboxKeys.paypal().pem } }),
      };
    }
    case 'yeepay-alipay':
    case 'yeepay-credit-card':
    case 'yeepay-debit-card':
    case 'yeepay-wechat':
      return {
        provider: () => ({ ...base, signingKey: sandboxKeys.yopPlatform().privateKey, merchantPublicKey: sandboxKeys.yopMerchant().publicKey }),
        merchant: () => ({
          ...base,
          providerPublicKey: sandboxKeys.yopPlatform().publicKeyPem,
          merchantPrivateKey: sandboxKeys.yopMerchant().privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        }),
      };
    default:
      return { provider: () => base, merchant: () => base };
  }
}

import type { ExternalPaymentChannel } from '@portal/contract/api/agencies';
import type { Db } from '../db/client.ts';
import { devSecret, SANDBOX_PROFILES, secretEnvName } from './sandbox/profiles.ts';
import { createSandboxProvider, type SandboxFaults, type SandboxProvider } from './sandbox/provider.ts';
import { createSandboxChannel } from './sandbox/sandbox-channel.ts';
import { fetchTransport, type CallbackTransport } from './transport.ts';
import type { PaymentChannel } from './types.ts';

export interface PaymentChannelRegistry {
  all(): PaymentChannel[];
  get(code: string): PaymentChannel | undefined;
}

/** Everything payments need at run time: the channels, the built-in sandbox behind them, and our public address. */
export interface Payments {
  /** The portal's public base URL, e.g. https://portal.example.com; callback and return URLs are built on it. */
  publicUrl: string;
  channels: PaymentChannelRegistry;
  sandbox: SandboxProvider;
}

export interface PaymentsOptions {
  db: Db;
  publicUrl: string;
  /** Signing secrets by environment variable name (PAYMENT_SECRET_ALIPAY, ...); missing ones use development defaults. */
  secrets?: Record<string, string | undefined>;
  transport?: CallbackTransport;
  faults?: SandboxFaults;
  merchantName?: string;
}

/** Every external channel of the spec, each a built-in sandbox until a real adapter replaces it here. */
export function createPayments(o: PaymentsOptions): Payments {
  const publicUrl = o.publicUrl.replace(/\/+$/, '');
  const credentials = (code: ExternalPaymentChannel) => ({
    secret: o.secrets?.[secretEnvName(code)] || devSecret(code),
    merchantId: SANDBOX_PROFILES.find((p) => p.code === code)!.merchantId,
  });
  const sandbox = createSandboxProvider({
    db: o.db,
    publicUrl,
    profiles: SANDBOX_PROFILES,
    credentials,
    transport: o.transport ?? fetchTransport,
    faults: o.faults,
    merchantName: o.merchantName ?? 'Demo Travel Platform',
  });
  const channels = SANDBOX_PROFILES.map((p) => createSandboxChannel(p, sandbox, credentials(p.code)));
  const byCode = new Map<string, PaymentChannel>(channels.map((c) => [c.code, c]));
  return {
    publicUrl,
    sandbox,
    channels: { all: () => [...channels], get: (code) => byCode.get(code) },
  };
}

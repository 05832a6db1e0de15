import { EXTERNAL_PAYMENT_CHANNELS, type ExternalPaymentChannel } from '@portal/contract/api/agencies';
import type { Db } from '../db/client.ts';
import { assertPaymentSecrets, type PaymentMode } from './mode.ts';
import { devSecret, SANDBOX_PROFILES, secretEnvName } from './sandbox/profiles.ts';
import { sandboxCredentials } from './sandbox/credentials.ts';
import type { SandboxKeyMaterial, StoredSandboxKey } from './sandbox/keys.ts';
import { loadSandboxKeys } from './sandbox/keys.repository.ts';
import { createSandboxProvider, type SandboxFaults, type SandboxProvider } from './sandbox/provider.ts';
import { createSandboxChannel } from './sandbox/sandbox-channel.ts';
import { fetchTransport, type CallbackTransport } from './transport.ts';
import type { PaymentChannel } from './types.ts';

export interface PaymentChannelRegistry {
  all(): PaymentChannel[];
  get(code: string): PaymentChannel | undefined;
}

/** Everything payments need at run time: the mode, the channels, the simulated provider (sandbox mode only), our address. */
export interface Payments {
  mode: PaymentMode;
  /** The portal's public base URL, e.g. https://portal.example.com; callback and return URLs are built on it. */
  publicUrl: string;
  channels: PaymentChannelRegistry;
  /** The built-in simulated provider behind every sandbox channel; null in live mode, where it does not exist. */
  sandbox: SandboxProvider | null;
  /** Live mode: channels the operator enabled that have no real adapter yet, so are not offered (never the sandbox). */
  notLive: ExternalPaymentChannel[];
}

/** What a real channel's adapter is built from (more, such as the merchant account, as adapters arrive). */
export interface LiveAdapterOptions {
  /** The channel's PAYMENT_SECRET_<CHANNEL>, already checked (set, not a development default, not weak). */
  secret: string;
  publicUrl: string;
}
export type LiveAdapterFactory = (o: LiveAdapterOptions) => PaymentChannel;
export type LiveAdapters = Partial<Record<ExternalPaymentChannel, LiveAdapterFactory>>;

/**
 * Real adapters by channel, each in payments/<channel>/ and passing payments/contract.suite.ts. None exists yet, so in
 * live mode every enabled channel is reported not live and the portal takes balance and credit only.
 */
export const LIVE_ADAPTERS: LiveAdapters = {};

export interface PaymentsOptions {
  db: Db;
  publicUrl: string;
  /** `sandbox` (default) or `live`; see payments/mode.ts. */
  mode?: PaymentMode;
  /** The enabled channels; by default every channel of the spec in sandbox mode, none in live mode. */
  channels?: readonly ExternalPaymentChannel[];
  /** Signing secrets by environment variable name (PAYMENT_SECRET_ALIPAY, ...); sandbox mode falls back to development defaults. */
  secrets?: Record<string, string | undefined>;
  transport?: CallbackTransport;
  faults?: SandboxFaults;
  merchantName?: string;
  /** Live mode: the real adapters (LIVE_ADAPTERS unless a test brings its own). */
  liveAdapters?: LiveAdapters;
  /**
   * Sandbox: the keys this process offers to store when the database has none yet (by default one set per process).
   * Tests give two instances different offers to show they agree through the database alone.
   */
  sandboxKeyOffer?: () => Promise<readonly StoredSandboxKey[]>;
}

export function createPayments(o: PaymentsOptions): Payments {
  const publicUrl = o.publicUrl.replace(/\/+$/, '');
  const mode = o.mode ?? 'sandbox';
  const listed = o.channels ?? (mode === 'sandbox' ? EXTERNAL_PAYMENT_CHANNELS : []);
  const enabled = EXTERNAL_PAYMENT_CHANNELS.filter((c) => listed.includes(c));
  return mode === 'live' ? livePayments(o, publicUrl, enabled) : sandboxPayments(o, publicUrl, enabled);
}

function registry(channels: PaymentChannel[]): PaymentChannelRegistry {
  const byCode = new Map<string, PaymentChannel>(channels.map((c) => [c.code, c]));
  return { all: () => [...channels], get: (code) => byCode.get(code) };
}

/** Every enabled channel is a built-in sandbox: the demo, development and the tests. */
function sandboxPayments(o: PaymentsOptions, publicUrl: string, enabled: ExternalPaymentChannel[]): Payments {
  // Both ends of each channel: the simulated provider signs with its own keys, and the merchant's adapter is
  // configured with the matching public key or certificate, as a real adapter is with the provider's.
  // The keys are the simulated providers', kept in the database (payments/sandbox/keys.repository.ts): loaded once
  // per process on first use, so every process on the database, before and after a restart, signs and verifies alike.
  let loading: Promise<SandboxKeyMaterial> | undefined;
  const keys = () => {
    loading ??= loadSandboxKeys(o.db, o.sandboxKeyOffer).catch((err) => {
      loading = undefined;
      throw err;
    });
    return loading;
  };
  const ends = new Map(
    SANDBOX_PROFILES.map((p) => [
      p.code,
      sandboxCredentials(p.code, { secret: o.secrets?.[secretEnvName(p.code)] || devSecret(p.code), merchantId: p.merchantId }, publicUrl, keys),
    ]),
  );
  const sandbox = createSandboxProvider({
    db: o.db,
    publicUrl,
    profiles: SANDBOX_PROFILES,
    credentials: (code) => ends.get(code)!.provider(),
    transport: o.transport ?? fetchTransport,
    faults: o.faults,
    merchantName: o.merchantName ?? 'Demo Travel Platform',
  });
  const channels = SANDBOX_PROFILES.filter((p) => enabled.includes(p.code)).map((p) => createSandboxChannel(p, sandbox, ends.get(p.code)!.merchant));
  return { mode: 'sandbox', publicUrl, sandbox, channels: registry(channels), notLive: [] };
}

/**
 * Only real adapters, with the operator's secrets; no simulated provider at all, so nothing can be paid without money.
 * The secrets are checked here too, so no caller can build a live channel on a development secret.
 */
function livePayments(o: PaymentsOptions, publicUrl: string, enabled: ExternalPaymentChannel[]): Payments {
  const secrets = o.secrets ?? {};
  assertPaymentSecrets({ mode: 'live', channels: enabled }, secrets);
  const adapters = o.liveAdapters ?? LIVE_ADAPTERS;
  const channels: PaymentChannel[] = [];
  const notLive: ExternalPaymentChannel[] = [];
  for (const code of enabled) {
    const adapter = adapters[code];
    if (adapter) channels.push(adapter({ secret: secrets[secretEnvName(code)]!.trim(), publicUrl }));
    else notLive.push(code);
  }
  return { mode: 'live', publicUrl, sandbox: null, channels: registry(channels), notLive };
}

/** The start-up log line's fields: the mode and which channels take payments (and, live, which enabled ones cannot). */
export function paymentsSummary(p: Payments): { payments: PaymentMode; channels: string[]; notLive?: string[] } {
  const channels = p.channels.all().map((c) => c.code);
  return p.mode === 'live' ? { payments: p.mode, channels, notLive: p.notLive } : { payments: p.mode, channels };
}

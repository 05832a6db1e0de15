import { EXTERNAL_PAYMENT_CHANNELS, type ExternalPaymentChannel } from '@portal/contract/api/agencies';
import { devSecret, secretEnvName } from './sandbox/profiles.ts';

/**
 * The payment mode (docs/decisions/0012-payment-mode.md). `sandbox`: every channel is the built-in simulated provider,
 * whose hosted page "pays" without money changing hands. `live`: only real adapters, with secrets the operator set;
 * the simulated provider and its routes do not exist. Nothing here is guessed in production: a choice the server
 * cannot make safely stops it with the variable to set.
 */

export const PAYMENT_MODES = ['sandbox', 'live'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];

export interface PaymentModeSettings {
  mode: PaymentMode;
  /** NODE_ENV=production. With `sandbox` this is a demo deployment, which the start-up log says loudly. */
  production: boolean;
  /** The channels the operator enabled (PAYMENT_CHANNELS), in the spec's order. */
  channels: ExternalPaymentChannel[];
}

export interface PaymentSettingsProblem {
  /** The environment variable to fix. */
  variable: string;
  message: string;
}

/** A payment setting the server must not start with; each problem names its variable. */
export class PaymentSettingsError extends Error {
  constructor(readonly problems: PaymentSettingsProblem[]) {
    super(problems.map((p) => p.message).join('; '));
    this.name = 'PaymentSettingsError';
  }
}

/** The shortest signing secret live mode accepts: 32 characters, as the providers' own keys (WeChat Pay APIv3 key). */
export const MIN_SECRET_LENGTH = 32;
const MIN_DISTINCT_CHARACTERS = 8;

/** The development defaults published in this repository: known to anyone, so never a live secret for any channel. */
export const DEVELOPMENT_SECRETS: readonly string[] = EXTERNAL_PAYMENT_CHANNELS.map(devSecret);

const SECRET_PREFIX = 'PAYMENT_SECRET_';
const KNOWN_SECRET_NAMES = new Map<string, ExternalPaymentChannel>(EXTERNAL_PAYMENT_CHANNELS.map((c) => [secretEnvName(c), c]));

/**
 * PAYMENTS and PAYMENT_CHANNELS. PAYMENTS defaults to `sandbox` only outside production: a production process without
 * it refuses to start rather than guess (a silent sandbox mints money; a silent live quietly drops a demo's channels).
 */
export function readPaymentMode(env: NodeJS.ProcessEnv): PaymentModeSettings {
  const production = env.NODE_ENV === 'production';
  const problems: PaymentSettingsProblem[] = [];
  const raw = env.PAYMENTS?.trim();
  let mode: PaymentMode = 'sandbox';
  if (raw) {
    if ((PAYMENT_MODES as readonly string[]).includes(raw)) mode = raw as PaymentMode;
    else problems.push({ variable: 'PAYMENTS', message: `PAYMENTS must be "sandbox" or "live", not "${raw.slice(0, 40)}"` });
  } else if (production) {
    problems.push({
      variable: 'PAYMENTS',
      message:
        'PAYMENTS is not set and NODE_ENV is production: set PAYMENTS=live (real channels, with PAYMENT_CHANNELS and their PAYMENT_SECRET_<CHANNEL>) ' +
        'or PAYMENTS=sandbox (simulated channels that credit without payment: demo deployments only)',
    });
  }
  const listed = (env.PAYMENT_CHANNELS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = listed.filter((c) => !(EXTERNAL_PAYMENT_CHANNELS as readonly string[]).includes(c));
  if (unknown.length > 0) {
    problems.push({
      variable: 'PAYMENT_CHANNELS',
      message: `PAYMENT_CHANNELS names unknown channels (${unknown.map((c) => c.slice(0, 40)).join(', ')}); known: ${EXTERNAL_PAYMENT_CHANNELS.join(', ')}`,
    });
  }
  if (problems.length > 0) throw new PaymentSettingsError(problems);
  // Unset: the sandbox offers every channel (the demo); live takes real money only on channels the operator named.
  const channels = listed.length > 0 ? EXTERNAL_PAYMENT_CHANNELS.filter((c) => listed.includes(c)) : mode === 'sandbox' ? [...EXTERNAL_PAYMENT_CHANNELS] : [];
  return { mode, production, channels };
}

/** Why a secret is not fit for live use, or null. The value itself never appears in what this answers. */
export function secretWeakness(value: string): string | null {
  const v = value.trim();
  if (DEVELOPMENT_SECRETS.includes(v) || v.toLowerCase().includes('for-development-only')) return 'is a development default published in the source';
  if (v.length < MIN_SECRET_LENGTH) return `is shorter than ${MIN_SECRET_LENGTH} characters`;
  if (new Set(v).size < MIN_DISTINCT_CHARACTERS) return `has fewer than ${MIN_DISTINCT_CHARACTERS} different characters`;
  return null;
}

/**
 * What stops a live start: an enabled channel without its PAYMENT_SECRET_<CHANNEL>, and any set secret variable that
 * is a development default, weak, or names no channel (a misspelt name would leave the real one unset). Nothing in
 * sandbox mode, where the development defaults are the point.
 */
export function paymentSecretProblems(settings: Pick<PaymentModeSettings, 'mode' | 'channels'>, secrets: Record<string, string | undefined>): PaymentSettingsProblem[] {
  if (settings.mode !== 'live') return [];
  const problems: PaymentSettingsProblem[] = [];
  for (const code of settings.channels) {
    const variable = secretEnvName(code);
    if (!secrets[variable]?.trim()) problems.push({ variable, message: `${variable} is not set, and PAYMENT_CHANNELS enables ${code}` });
  }
  for (const [variable, value] of Object.entries(secrets)) {
    if (!variable.startsWith(SECRET_PREFIX) || !value?.trim()) continue;
    if (!KNOWN_SECRET_NAMES.has(variable)) {
      problems.push({ variable, message: `${variable} names no payment channel; the names are ${[...KNOWN_SECRET_NAMES.keys()].join(', ')}` });
      continue;
    }
    const weakness = secretWeakness(value);
    if (weakness) problems.push({ variable, message: `${variable} ${weakness}: live payments need a secret of their own` });
  }
  return problems;
}

/** Throws PaymentSettingsError when paymentSecretProblems finds any. */
export function assertPaymentSecrets(settings: Pick<PaymentModeSettings, 'mode' | 'channels'>, secrets: Record<string, string | undefined>): void {
  const problems = paymentSecretProblems(settings, secrets);
  if (problems.length > 0) throw new PaymentSettingsError(problems);
}

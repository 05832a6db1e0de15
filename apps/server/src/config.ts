import path from 'node:path';
import { readPaymentMode, type PaymentModeSettings } from './payments/mode.ts';

/** Everything the server reads from the environment, read once. */
export interface Settings {
  port: number;
  host: string;
  databaseUrl?: string;
  dataDir: string;
  logLevel: string;
  sessionIdleMinutes: number;
  sessionMaxHours: number;
  webDist?: string;
  /** The portal's public base URL: payment channels call back and send payers back to it. */
  publicUrl: string;
  /** PAYMENTS (sandbox or live) and PAYMENT_CHANNELS; reading throws PaymentSettingsError rather than guess in production. */
  payments: PaymentModeSettings;
  /** Payment channel signing secrets by variable name (PAYMENT_SECRET_ALIPAY, ...); only the sandbox falls back to development defaults. */
  paymentSecrets: Record<string, string>;
  /** Sandbox channel fault switches (PAYMENT_SANDBOX_FAULTS=duplicate,defer): duplicated and late callbacks. */
  paymentSandboxFaults: { duplicateCallbacks: boolean; deferCallbacks: boolean };
}

export function readSettings(env: NodeJS.ProcessEnv = process.env): Settings {
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    logLevel: env.LOG_LEVEL ?? 'info',
    sessionIdleMinutes: Number(env.SESSION_IDLE_MINUTES ?? 120),
    sessionMaxHours: Number(env.SESSION_MAX_HOURS ?? 24 * 7),
    webDist: env.WEB_DIST,
    publicUrl: (env.PUBLIC_URL || `http://localhost:${env.PORT ?? 8080}`).replace(/\/+$/, ''),
    payments: readPaymentMode(env),
    paymentSecrets: Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[0].startsWith('PAYMENT_SECRET_') && !!e[1])),
    paymentSandboxFaults: {
      duplicateCallbacks: (env.PAYMENT_SANDBOX_FAULTS ?? '').split(',').includes('duplicate'),
      deferCallbacks: (env.PAYMENT_SANDBOX_FAULTS ?? '').split(',').includes('defer'),
    },
  };
}

export const sessionPolicyFrom = (s: Pick<Settings, 'sessionIdleMinutes' | 'sessionMaxHours'>) => ({
  idleMs: s.sessionIdleMinutes * 60_000,
  maxMs: s.sessionMaxHours * 3_600_000,
});
export type SessionPolicy = ReturnType<typeof sessionPolicyFrom>;

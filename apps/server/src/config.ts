import path from 'node:path';

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
  };
}

export const sessionPolicyFrom = (s: Pick<Settings, 'sessionIdleMinutes' | 'sessionMaxHours'>) => ({
  idleMs: s.sessionIdleMinutes * 60_000,
  maxMs: s.sessionMaxHours * 3_600_000,
});
export type SessionPolicy = ReturnType<typeof sessionPolicyFrom>;

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

export interface RunningServer {
  url: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts the real server (`node --import tsx`), as `npm start` does, and waits until /healthz answers. The simulated
 * group desk answers after 2 s instead of a minute, so a browser test walks a whole group in its time.
 */
export async function startServer(env: Record<string, string | undefined> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = env.DATABASE_URL ? undefined : mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'apps/server/src/server.ts')], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', WEB_DIST: path.join(ROOT, 'apps/web/dist'), DATA_DIR: dataDir, PUBLIC_URL: url, GROUP_DESK_DELAY_SECONDS: '2', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('server did not become healthy within 120 s');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    process: child,
    async stop() {
      // A child killed by a signal (kill -9 in the fault tests) has signalCode set and exitCode still null.
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      }
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

import { existsSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { buildWebIfNeeded } from '../scripts/web-build.mjs';
import { startServer, type RunningServer } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per browser test worker (BROWSER_WORKERS): a worker's files run one after another on its own. */
    baseURLs: string[];
    chromiumPath: string;
  }
}

export function findChromium(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean) as string[];
  const found = candidates.find((p) => existsSync(p));
  if (!found) {
    throw new Error(
      'Browser tests need Chromium and were not run. Install it with `sudo apt-get install -y chromium fonts-wqy-microhei` ' +
        '(Debian/Ubuntu) or point CHROMIUM_PATH at a Chromium or Chrome binary.',
    );
  }
  return found;
}

let servers: RunningServer[] = [];

export default async function setup(project: TestProject) {
  project.provide('chromiumPath', findChromium());
  buildWebIfNeeded();
  // Each worker gets a server (and database) of its own, so two files never share demo data while they run: a file
  // sees only what the files before it on the same worker left, as when they all ran on one worker.
  const workers = Math.max(1, Number(project.config.maxWorkers) || 1);
  servers = await Promise.all(Array.from({ length: workers }, () => startServer()));
  project.provide('baseURLs', servers.map((s) => s.url));
  return async () => {
    await Promise.all(servers.map((s) => s.stop()));
  };
}

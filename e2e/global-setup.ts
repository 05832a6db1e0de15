import { existsSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { buildWebIfNeeded } from '../scripts/web-build.mjs';
import { startServer, type RunningServer } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
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

let server: RunningServer | undefined;

export default async function setup(project: TestProject) {
  project.provide('chromiumPath', findChromium());
  buildWebIfNeeded();
  server = await startServer();
  project.provide('baseURL', server.url);
  return async () => {
    await server?.stop();
  };
}

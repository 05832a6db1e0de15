import { afterAll } from 'vitest';

/**
 * The server-side test files share their worker's module cache (vitest.config.ts: `isolate: false`, which saves
 * importing the whole server again for every file). What a file sets in process.env (a budget, a rate) must then not
 * reach the next file in the same worker: it is put back as it was when the file started.
 */
const before = { ...process.env };

afterAll(() => {
  for (const key of Object.keys(process.env)) if (!(key in before)) delete process.env[key];
  Object.assign(process.env, before);
});

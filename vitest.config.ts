import { defineConfig } from 'vitest/config';

// One `npm test` runs every tier; each tier is a project so it can be run alone (`vitest run --project web`).
const pg = process.env.TEST_DATABASE_URL;

/**
 * React's scheduler can run one last batch of queued work (on setImmediate) after a web test file's happy-dom
 * environment is torn down; react-dom then reads `window` and throws. By then every test of the file has finished
 * and reported, so the error cannot hide a failure, but vitest counts it and fails the run. Only that exact error is
 * dropped (and still printed); every other unhandled error fails the run as before. apps/web/src/test/setup.ts drains
 * the scheduler and closes antd's toasts, which makes it rare; this makes it harmless.
 */
function isReactWorkAfterTeardown(error: { name?: string; message?: string; stack?: string }): boolean {
  return (
    error.name === 'ReferenceError' &&
    error.message === 'window is not defined' &&
    /performWorkUntilDeadline/.test(error.stack ?? '') &&
    /react-dom-client/.test(error.stack ?? '')
  );
}

/**
 * Server-side files (contract, server units, integration) run one after another in a worker that keeps its module
 * cache: each integration file would otherwise import the whole server (hundreds of modules through vite's
 * transform) again, which took more of a CI run than the tests themselves. Nothing there mocks modules; per-file
 * state lives in each file's own app and database, and setup-env.ts puts back what a file sets in process.env.
 */
const shared = {
  isolate: false,
  setupFiles: ['./apps/server/test/setup-env.ts'],
  // Three workers on two cores: the integration files wait on their PostgreSQL server and on timers much of the time,
  // so a third keeps the cores busy (the server-side tiers took ~6 minutes instead of ~8.5 on the 2-core machine).
  // A group of their own (vitest runs groups one after another; each has one worker count), before the web tier.
  maxWorkers: Number(process.env.TEST_SERVER_WORKERS ?? 3),
  sequence: { groupOrder: 0 },
} as const;

export default defineConfig({
  test: {
    // Vitest's default in a run is one worker fewer than the CPUs: a single worker on the 2-core CI machines, which
    // left one core idle and the whole run near the 30-minute CI budget. Test files are independent (each integration
    // file has its own database), so two workers use both cores; the browser tier stays one file at a time.
    maxWorkers: Number(process.env.TEST_WORKERS ?? 2),
    onUnhandledError(error) {
      if (!isReactWorkAfterTeardown(error)) return;
      console.warn(`ignored: React work after a web test environment was torn down (${error.message})`);
      return false;
    },
    projects: [
      { test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'], environment: 'node', ...shared } },
      {
        test: {
          name: 'server-unit',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          ...shared,
        },
      },
      {
        test: {
          name: 'integration-pglite',
          include: ['apps/server/test/**/*.int.test.ts'],
          environment: 'node',
          env: { TEST_DB: 'pglite' },
          ...shared,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          globalSetup: ['./apps/server/test/global-setup.ts'],
        },
      },
      ...(pg
        ? [
            {
              test: {
                name: 'integration-postgres',
                include: ['apps/server/test/**/*.int.test.ts'],
                environment: 'node' as const,
                env: { TEST_DB: 'postgres' },
                ...shared,
                testTimeout: 60_000,
                hookTimeout: 120_000,
                globalSetup: ['./apps/server/test/global-setup.ts'],
              },
            },
          ]
        : []),
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['./src/test/setup.ts'],
          // CPU-bound (antd rendering in happy-dom): as many workers as cores, after the server-side group.
          maxWorkers: Number(process.env.TEST_WORKERS ?? 2),
          sequence: { groupOrder: 1 },
          // Page tests click through antd dialogs; with two workers on two cores a test can take a few seconds.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'browser',
          include: ['e2e/**/*.e2e.test.ts'],
          environment: 'node',
          testTimeout: 90_000,
          hookTimeout: 300_000,
          // One file at a time by default. BROWSER_WORKERS=2 runs two, each worker on a server of its own
          // (e2e/global-setup.ts): the tier took 5.5 minutes instead of 8 on two cores, but pages then answer late
          // enough that clicks were lost now and then (a logout), so CI keeps the quieter single file.
          maxWorkers: Number(process.env.BROWSER_WORKERS ?? 1),
          sequence: { groupOrder: 2 },
          globalSetup: ['./e2e/global-setup.ts'],
        },
      },
    ],
  },
});

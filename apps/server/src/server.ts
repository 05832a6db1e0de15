import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { readSettings, sessionPolicyFrom } from './config.ts';
import { migrateDatabase, openDatabase } from './db/client.ts';
import { seedDemoData } from './db/seed/demo.ts';
import { startJobRunner } from './jobs/runner.ts';
import { createPayments } from './payments/registry.ts';
import { createAirSuppliers } from './suppliers/air/registry.ts';
import { createWorkQueue } from './modules/flight-orders/work-queue.ts';

const settings = readSettings();
const here = path.dirname(fileURLToPath(import.meta.url));
const webDist = settings.webDist ?? path.resolve(here, '../../web/dist');

const database = await openDatabase({ url: settings.databaseUrl, dataDir: settings.dataDir });
await migrateDatabase(database);
await database.withStartupLock((db) => seedDemoData(db));

const app = await buildApp({
  deps: {
    db: database.db,
    sessionPolicy: sessionPolicyFrom(settings),
    airSuppliers: createAirSuppliers({ db: database.db }),
    payments: createPayments({
      db: database.db,
      publicUrl: settings.publicUrl,
      secrets: settings.paymentSecrets,
      faults: settings.paymentSandboxFaults,
      merchantName: process.env.PAYMENT_MERCHANT_NAME,
    }),
    orderWork: createWorkQueue(),
  },
  logger: { level: settings.logLevel },
  webDist,
  trustProxy: process.env.TRUST_PROXY === '1',
});

app.deps.log = app.log;
// JOBS=off: this process serves requests only (another process, or nobody, runs the scheduled jobs).
const jobRunner = process.env.JOBS === 'off' ? null : await startJobRunner({ database, deps: app.deps, log: app.log });

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  try {
    await jobRunner?.stop();
    await app.close();
    await database.close();
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: settings.port, host: settings.host });
app.log.info({ db: database.kind, dataDir: database.kind === 'pglite' ? settings.dataDir : undefined }, 'portal ready');

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { buildApp } from './app.ts';
import { readSettings, sessionPolicyFrom, type Settings } from './config.ts';
import { migrateDatabase, openDatabase } from './db/client.ts';
import { seedDemoData } from './db/seed/demo.ts';
import { startJobRunner } from './jobs/runner.ts';
import { logStream } from './log-format.ts';
import { loggerOptions } from './plugins/logging.ts';
import { installProcessGuards } from './process-guards.ts';
import { assertPaymentSecrets, PaymentSettingsError } from './payments/mode.ts';
import { createPayments, paymentsSummary } from './payments/registry.ts';
import { createAirSuppliers } from './suppliers/air/registry.ts';
import { createRailSuppliers } from './suppliers/rail/registry.ts';
import { createWorkQueue } from './modules/flight-orders/work-queue.ts';
import { createHotCaches } from './modules/cache/hot-caches.ts';
import { DocumentKeyError, loadDocumentKeyring } from './modules/travellers/document-crypto.ts';

let settings: Settings;
let documentKeys: ReturnType<typeof loadDocumentKeyring>;
try {
  settings = readSettings();
  assertPaymentSecrets(settings.payments, settings.paymentSecrets);
  documentKeys = loadDocumentKeyring(process.env, settings.dataDir);
} catch (err) {
  if (!(err instanceof PaymentSettingsError) && !(err instanceof DocumentKeyError)) throw err;
  // No app logger yet: the same pino lines, one per problem naming its variable (never a secret's value), then exit 1.
  const boot = pino({ name: 'portal' }, pino.destination({ dest: 2, sync: true }));
  const problems = err instanceof PaymentSettingsError ? err.problems : [{ variable: 'TRAVELLER_DOCUMENT_KEY', message: err.message }];
  for (const p of problems) boot.fatal({ variable: p.variable }, `refusing to start: ${p.message}`);
  process.exit(1);
}
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
    railSuppliers: createRailSuppliers({ db: database.db }),
    payments: createPayments({
      db: database.db,
      publicUrl: settings.publicUrl,
      mode: settings.payments.mode,
      channels: settings.payments.channels,
      secrets: settings.paymentSecrets,
      faults: settings.paymentSandboxFaults,
      merchantName: process.env.PAYMENT_MERCHANT_NAME,
    }),
    orderWork: createWorkQueue(),
    documentKeys: documentKeys.keyring,
    caches: createHotCaches(database),
  },
  // Redaction and safe error serializers: no request data, parameters or secrets in the log (plugins/logging.ts).
  // Pretty lines on a terminal, JSON lines otherwise (log-format.ts).
  logger: loggerOptions({ level: settings.logLevel, stream: logStream() }),
  webDist,
  trustProxy: process.env.TRUST_PROXY === '1',
});

app.deps.log = app.log;
if (documentKeys.source === 'development-file') {
  app.log.warn(
    { dataDir: settings.dataDir, variable: 'TRAVELLER_DOCUMENT_KEY' },
    "TRAVELLER_DOCUMENT_KEY is not set: travellers' document numbers are sealed with a development key generated into DATA_DIR; set it in production",
  );
}
app.log.info(paymentsSummary(app.deps.payments), 'payment mode');
if (app.deps.payments.notLive.length > 0) {
  app.log.warn({ notLive: app.deps.payments.notLive }, 'PAYMENT_CHANNELS enables channels that have no live adapter yet: they are not offered');
}
if (settings.payments.mode === 'sandbox' && settings.payments.production) {
  app.log.warn(
    { payments: 'sandbox', NODE_ENV: 'production' },
    'PAYMENTS=sandbox in production: every channel is simulated and its hosted page credits without payment; for demo deployments only',
  );
}
// Lost database connections are logged from here on and never end the process; the pools reconnect (issue 9).
database.useLogger(app.log);
installProcessGuards(app.log);
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
    app.deps.caches.close();
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
// The address to open in a browser (PUBLIC_URL, or this machine's port), so a newcomer need not guess it.
app.log.info(
  { url: `${settings.publicUrl}/`, db: database.kind, dataDir: database.kind === 'pglite' ? settings.dataDir : undefined },
  `portal ready: open ${settings.publicUrl}/`,
);

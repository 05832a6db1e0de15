// A real listening server for the HTTP benchmarks (bench/http.ts starts it as a child process, so the load generator
// never shares its event loop). argv[2]: `bare` (a plain Fastify route returning JSON of /me's size), `pglite` or
// `postgres` (the portal on a fresh seeded database, logging as in production at LOG_LEVEL, default info, to /dev/null).
// Prints one JSON line {port, tokens: {operator, finance}} on stdout once listening; SIGTERM closes it (and drops the postgres database).
import Fastify from 'fastify';
import pino from 'pino';

const kind = process.argv[2];

/** What /me answers, in shape and size, for the bare route. */
const SAMPLE = {
  code: 0,
  message: 'success',
  data: {
    userInfo: { id: '6c1f0e0e-0000-4000-8000-000000000001', username: 'operator', nickname: 'Operator', email: 'operator@example.com', phone: '13800000000', roles: ['operator'], language: 'zh-CN', dateFormat: 'YYYY-MM-DD', config: {} },
    company: { id: '6c1f0e0e-0000-4000-8000-000000000002', code: 'A00001', name: 'Demo Agency', proxyLevel: 1, settlementCurrency: 'CNY', commonConfig: { enableFlightService: true, isShowBill: true } },
    websitePrefix: '/',
    permissions: ['flight:search', 'flight:book'],
    embedded: false,
  },
};

async function main() {
  if (kind === 'bare') {
    const app = Fastify({ logger: false });
    app.get('/bare', async () => SAMPLE);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    process.stdout.write(`${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`);
    process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
    return;
  }
  process.env.TEST_DB = kind;
  // Imported here so the bare server loads none of the portal.
  const { buildApp } = await import('../src/app.ts');
  const { loggerOptions } = await import('../src/plugins/logging.ts');
  const { createTestApp, loginAs } = await import('../test/helpers/app.ts');
  // The demo money (A00001's credit line and top-up), so the wallet rows read a wallet with entries.
  const t = await createTestApp({ demoMoney: true });
  const log = pino.destination({ dest: '/dev/null', sync: false });
  const app = await buildApp({ deps: t.app.deps, logger: loggerOptions({ level: process.env.LOG_LEVEL ?? 'info', stream: log as unknown as NodeJS.WritableStream }) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const tokens = { operator: await loginAs(app, 'operator'), finance: await loginAs(app, 'finance') };
  const address = app.server.address();
  process.stdout.write(`${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0, tokens })}\n`);
  process.on('SIGTERM', () => {
    void (async () => {
      await app.close();
      await t.close();
      process.exit(0);
    })();
  });
}

await main();

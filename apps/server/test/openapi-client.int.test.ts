import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from './helpers/app.ts';

/**
 * Issue 15: the served OpenAPI document is good enough for client generators. It passes `redocly lint` (recommended
 * rules, apps/server/redocly.yaml) without an error or a warning, and a client generated from it (openapi-typescript
 * types + openapi-fetch) compiles with one typed call of every operation, the call file itself generated from the
 * document so no operation can be left out.
 */

type Json = Record<string, any>;
const run = promisify(execFile);
const require = createRequire(import.meta.url);
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

let t: TestApp;
let doc: Json;
let dir: string;
beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
  dir = await mkdtemp(path.join(tmpdir(), 'openapi-client-'));
  await writeFile(path.join(dir, 'openapi.json'), JSON.stringify(doc));
});
afterAll(async () => {
  await t?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const operations = () =>
  Object.entries(doc.paths as Record<string, Json>).flatMap(([p, item]) =>
    Object.entries(item)
      .filter(([m]) => METHODS.includes(m))
      .map(([method, op]) => ({ path: p, method, op: op as Json })),
  );

describe('the OpenAPI document', () => {
  it('passes redocly lint (recommended) with no error and no warning', async () => {
    const pkg = require.resolve('@redocly/cli/package.json');
    const cli = path.join(path.dirname(pkg), 'bin/cli.js');
    // Exit status 1 on any error; the JSON report also counts warnings, which must be zero too.
    const out = await run(
      process.execPath,
      [cli, 'lint', path.join(dir, 'openapi.json'), '--config', path.join(serverDir, 'redocly.yaml'), '--format=json', '--max-problems=1000'],
      { env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' }, maxBuffer: 64 * 1024 * 1024 },
    ).catch((err: { stdout?: string }) => ({ stdout: err.stdout ?? '' }));
    const report = JSON.parse(out.stdout.slice(out.stdout.indexOf('{'))) as { problems: { ruleId: string; message: string; location: { pointer: string }[] }[] };
    expect(report.problems.map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`)).toEqual([]);
  }, 60_000);

  it('names shared shapes, documents errors, downloads, uploads, the redirect and public routes', () => {
    expect(doc.servers).toEqual([expect.objectContaining({ url: TEST_PUBLIC_URL })]);
    const schemas = doc.components.schemas as Json;
    for (const name of ['ErrorEnvelope', 'FlightOrder', 'GroupOrder', 'TrainOrder', 'Solution', 'UserItem', 'MeAnswer']) expect(schemas).toHaveProperty(name);
    expect(doc.components.responses.Unauthorized.description).toMatch(/200005.*200006.*201001/s);
    expect(schemas.ErrorEnvelope.properties.data.properties.fields).toBeDefined();

    const ops = operations();
    const ids = ops.map((o) => o.op.operationId);
    expect(new Set(ids).size).toBe(ops.length);
    for (const { path: p, method, op } of ops) {
      expect(op.summary, `${method} ${p}`).toBeTruthy();
      expect(op.security, `${method} ${p}`).toBeDefined();
      // The ErrorEnvelope answers: 400 everywhere, 401/403 where a session is needed.
      expect(op.responses['400'], `${method} ${p}`).toEqual({ $ref: '#/components/responses/BadRequest' });
      if (op.security.length > 0) expect(op.responses['401']).toEqual({ $ref: '#/components/responses/Unauthorized' });
    }
    const op = (m: string, p: string) => doc.paths[p][m] as Json;
    expect(op('get', '/base/v2/me').operationId).toBe('getBaseMe');
    for (const [m, p] of [
      ['post', '/base/v2/login'],
      ['get', '/base/v2/config/getSiteConfig'],
      ['post', '/order/v2/payments/callbacks/{channel}'],
      ['get', '/sandbox/{channel}/pay/{id}'],
      ['post', '/base/v2/applications'],
    ] as const) {
      expect(op(m, p).security, `${m} ${p}`).toEqual([]);
    }
    const binary = { type: 'string', format: 'binary' };
    const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    expect(op('post', '/base/v2/transactions/export').responses['200'].content).toEqual({ [xlsx]: { schema: binary } });
    expect(op('get', '/order/v2/train/orders/{id}/e-ticket').responses['200'].content).toEqual({ 'application/pdf': { schema: binary } });
    expect(op('post', '/base/v2/me/avatar').requestBody.content['multipart/form-data'].schema.properties.file).toMatchObject(binary);
    const sandboxPost = op('post', '/sandbox/{channel}/pay/{id}').responses;
    expect(sandboxPost['303']).toBeDefined();
    expect(sandboxPost['200']).toBeUndefined();
    // A declined card (Stripe) answers the page again with 402; the channel's pages are HTML, never the envelope.
    const html = { 'text/html': { schema: { type: 'string', description: expect.any(String) } } };
    for (const status of ['402', '404', '409']) expect(sandboxPost[status]?.content, status).toEqual(html);
    expect(sandboxPost['402'].description).toMatch(/declined/);
    expect(op('get', '/sandbox/{channel}/pay/{id}').responses['404'].content).toEqual(html);
  });

  it('generates a typed client that compiles with a call of every operation', async () => {
    const types = astToString(await openapiTS(doc as never));
    await writeFile(path.join(dir, 'schema.d.ts'), types);
    await writeFile(path.join(dir, 'calls.ts'), callFile(doc));

    const program = ts.createProgram([path.join(dir, 'calls.ts')], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      skipLibCheck: true,
      types: [],
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    });
    const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(diagnostics).toEqual([]);
  }, 60_000);
});

/** A literal of the schema's type for a path or query parameter (compile-time only: it is never sent). */
function literal(schema: Json | undefined): string {
  if (!schema) return "'x'";
  if (Array.isArray(schema.enum)) return JSON.stringify(schema.enum[0]);
  if (schema.type === 'integer' || schema.type === 'number') return '1';
  if (schema.type === 'boolean') return 'true';
  if (schema.type === 'array') return `[${literal(schema.items)}]`;
  return JSON.stringify(schema.format === 'uuid' ? '00000000-0000-4000-8000-000000000000' : 'x');
}

/** calls.ts: one typed openapi-fetch call per operation, with its required parameters and body. */
function callFile(document: Json): string {
  const fetchEntry = path.join(path.dirname(require.resolve('openapi-fetch/package.json')), 'dist/index.mjs');
  const lines = [
    `import createClient from ${JSON.stringify(fetchEntry)};`,
    `import type { paths } from './schema';`,
    `const client = createClient<paths>({ baseUrl: ${JSON.stringify(TEST_PUBLIC_URL)} });`,
    `type Body<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends { requestBody?: { content: infer C } } ? C[keyof C] : never;`,
    'export async function callAll(): Promise<number[]> {',
    '  const codes: number[] = [];',
  ];
  for (const [p, item] of Object.entries(document.paths as Record<string, Json>)) {
    for (const [method, op] of Object.entries(item).filter(([m]) => METHODS.includes(m)) as [string, Json][]) {
      const params: Record<string, string[]> = {};
      for (const prm of (op.parameters ?? []) as Json[]) {
        if (prm.in !== 'path' && !prm.required) continue;
        (params[prm.in] ??= []).push(`${JSON.stringify(prm.name)}: ${literal(prm.schema)}`);
      }
      const init: string[] = [];
      const inParams = Object.entries(params).map(([where, fields]) => `${where}: { ${fields.join(', ')} }`);
      if (inParams.length) init.push(`params: { ${inParams.join(', ')} }`);
      if (op.requestBody) init.push(`body: {} as Body<${JSON.stringify(p)}, ${JSON.stringify(method)}>`);
      const json = Object.values(op.responses as Record<string, Json>).some((r) => r.content?.['application/json'] && r !== op.responses['400']);
      const ok = op.responses['200']?.content?.['application/json'];
      if (!json) init.push("parseAs: 'blob'");
      const v = `r_${op.operationId}`;
      lines.push(`  const ${v} = await client.${method.toUpperCase()}(${JSON.stringify(p)}${init.length ? `, { ${init.join(', ')} }` : ''});`);
      // The error answers are typed as the ErrorEnvelope; JSON successes as the envelope. A route that also answers
      // errors as a page of its own (the sandbox's HTML, e.g. 402 for a declined card) types them as text beside it.
      const rawErrors = Object.entries(op.responses as Record<string, Json>).some(([status, r]) => Number(status) >= 400 && r.content && !r.content['application/json']);
      lines.push(rawErrors ? `  if (${v}.error && typeof ${v}.error !== 'string') codes.push(${v}.error.code);` : `  if (${v}.error) codes.push(${v}.error.code);`);
      if (ok) lines.push(`  if (${v}.data) codes.push(${v}.data.code);`);
    }
  }
  lines.push('  return codes;', '}', '');
  return lines.join('\n');
}

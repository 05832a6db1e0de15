// `npm start`: build the SPA if needed, then run one process serving the API and the SPA.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildWebIfNeeded } from './web-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
buildWebIfNeeded();

const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/server.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, WEB_DIST: process.env.WEB_DIST ?? path.join(root, 'apps/web/dist') },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));

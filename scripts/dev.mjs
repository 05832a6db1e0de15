// `npm run dev`: the API with reload on :8080 and Vite's dev server (hot reload, proxying the API) on :5173.
// PUBLIC_URL points at Vite so payment channels send the payer back to the dev app (Vite proxies /sandbox and the API).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const procs = [
  spawn('npx', ['tsx', 'watch', 'apps/server/src/server.ts'], { cwd: root, stdio: 'inherit', env: { PUBLIC_URL: 'http://localhost:5173', ...process.env, WEB_DIST: '' } }),
  spawn('npx', ['vite'], { cwd: path.join(root, 'apps/web'), stdio: 'inherit' }),
];
console.log('API on http://localhost:8080, web app with hot reload on http://localhost:5173');
const stop = () => procs.forEach((p) => p.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
procs.forEach((p) => p.on('exit', (code) => { stop(); process.exitCode = code ?? 0; }));

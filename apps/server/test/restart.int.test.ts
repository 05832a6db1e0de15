import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from '../../../e2e/server.ts';
import { DEMO } from './helpers/app.ts';

// The embedded database must survive a clean stop (SIGTERM) and a start on the same DATA_DIR, as `npm start` does.
describe.skipIf(process.env.TEST_DB === 'postgres')('restart on the embedded database', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-restart-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const json = (r: Response) => r.json() as Promise<any>;

  it('keeps sessions, changes and the seed as they were', async () => {
    const first = await startServer({ DATA_DIR: dataDir });
    let token: string;
    try {
      const login = await fetch(`${first.url}/base/v2/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'operator', password: DEMO.operator }),
      }).then(json);
      token = login.data.token;
      const put = await fetch(`${first.url}/base/v2/me`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ nickname: 'Survives restarts' }),
      }).then(json);
      expect(put.code).toBe(0);
    } finally {
      await first.stop();
    }
    expect(first.process.exitCode).toBe(0);

    const second = await startServer({ DATA_DIR: dataDir });
    try {
      const me = await fetch(`${second.url}/base/v2/me`, { headers: { authorization: `Bearer ${token}` } }).then(json);
      expect(me.code).toBe(0);
      expect(me.data.userInfo.nickname).toBe('Survives restarts');
      const admin = await fetch(`${second.url}/base/v2/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: DEMO.admin }),
      }).then(json);
      const users = await fetch(`${second.url}/base/v2/users?pageSize=100`, { headers: { authorization: `Bearer ${admin.data.token}` } }).then(json);
      expect(users.data.items.map((u: { username: string }) => u.username)).toEqual(['admin']);
    } finally {
      await second.stop();
    }
  }, 120_000);
});

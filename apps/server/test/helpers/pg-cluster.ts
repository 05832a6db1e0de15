import { execFile, execFileSync } from 'node:child_process';
import { appendFileSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from '../../../../e2e/server.ts';

const run = promisify(execFile);

/**
 * A PostgreSQL server of the test's own (issue 9's fault tests): its own data directory under the OS temp dir, its own
 * port, trust authentication on 127.0.0.1 only. The test stops, starts and restarts it at will, which the shared
 * TEST_DATABASE_URL server cannot allow. PostgreSQL refuses to run as root, so as root (here and in CI) every binary
 * runs as the `postgres` OS user, which owns the directory (data and unix socket).
 */
export interface PgCluster {
  port: number;
  /** URL of the test's database on this server. */
  url: string;
  /** URL of another database on this server (the maintenance database `postgres` by default). */
  urlOf(database?: string): string;
  /** Fast shutdown: sessions are terminated (57P01), new connections refused until start(). */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Fast shutdown followed by start, as a PostgreSQL restart or failover does to its clients. */
  restart(): Promise<void>;
  /** pg_terminate_backend of every session on the test's database; answers how many were terminated. */
  terminateBackends(): Promise<number>;
  /** Stops the server (immediately) and removes its directory; safe to call twice and after a failed start. */
  destroy(): Promise<void>;
}

/** The newest installed PostgreSQL's bin directory (PG_BIN overrides; Debian layout /usr/lib/postgresql/<v>/bin). */
export function postgresBinDir(): string | null {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => /^\d+(\.\d+)?$/.test(v) && existsSync(path.join(root, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(root, versions[0], 'bin') : null;
}

export async function startPgCluster(o: { database?: string } = {}): Promise<PgCluster> {
  const bin = postgresBinDir();
  if (!bin) throw new Error('no PostgreSQL binaries found (set PG_BIN to the directory holding initdb and pg_ctl)');
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-pg-'));
  const data = path.join(dir, 'data');
  const logFile = path.join(dir, 'server.log');
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const pgRun = (tool: string, args: string[]) => {
    const [cmd, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args]] : [path.join(bin, tool), args];
    return run(cmd, argv, { timeout: 60_000 });
  };
  const pgCtl = (...args: string[]) => pgRun('pg_ctl', ['-D', data, '-l', logFile, '-w', '-t', '30', ...args]);

  const port = await freePort();
  const database = o.database ?? 'portal';
  const urlOf = (db = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${db}`;
  let destroyed = false;
  const destroySync = () => {
    if (destroyed) return;
    destroyed = true;
    try {
      const args = ['-D', data, '-m', 'immediate', '-w', 'stop'];
      if (asRoot) execFileSync('runuser', ['-u', 'postgres', '--', path.join(bin, 'pg_ctl'), ...args], { stdio: 'ignore' });
      else execFileSync(path.join(bin, 'pg_ctl'), args, { stdio: 'ignore' });
    } catch {
      // not running
    }
    rmSync(dir, { recursive: true, force: true });
  };
  // A worker that dies without running afterAll must not leave a server running.
  process.once('exit', destroySync);

  try {
    // --no-sync and fsync=off: the data is thrown away after the test; durability across a power loss is not tested.
    await pgRun('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync', '--no-instructions']);
    appendFileSync(
      path.join(data, 'postgresql.conf'),
      [
        `port = ${port}`,
        `listen_addresses = '127.0.0.1'`,
        `unix_socket_directories = '${dir}'`,
        'fsync = off',
        'full_page_writes = off',
        'max_connections = 100',
        '',
      ].join('\n'),
    );
    await pgCtl('start');
    const admin = new pg.Client({ connectionString: urlOf() });
    admin.on('error', () => {});
    await admin.connect();
    await admin.query(`create database ${database}`);
    await admin.end();
  } catch (err) {
    destroySync();
    throw err;
  }

  return {
    port,
    url: urlOf(database),
    urlOf,
    stop: async () => void (await pgCtl('-m', 'fast', 'stop')),
    start: async () => void (await pgCtl('start')),
    restart: async () => void (await pgCtl('-m', 'fast', 'restart')),
    async terminateBackends() {
      const c = new pg.Client({ connectionString: urlOf() });
      // Its own connection may be cut too (a stop or restart racing it): the query fails; the 'error' must not throw.
      c.on('error', () => {});
      await c.connect();
      try {
        const { rows } = await c.query('select count(*)::int as n from (select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()) t', [database]);
        return rows[0].n as number;
      } finally {
        await c.end();
      }
    },
    async destroy() {
      process.off('exit', destroySync);
      destroySync();
    },
  };
}

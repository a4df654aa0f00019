// Real processes for fault tests: a Matchtape server process (tsx apps/server/src/main.ts) that can be killed
// with SIGKILL, a private Postgres (own port, own data directory) that can be stopped and started, and a
// database of its own per test on the shared Postgres. Everything is bounded in time and cleaned up.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { sparePort } from '../integration/helpers/nats-server';
import { api, type ApiResult } from '../integration/server-helpers';

export const REPO = resolve(fileURLToPath(new URL('../..', import.meta.url)));
export const SHARED_PG = process.env.MATCHTAPE_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const TEST_SECRET = 'fault-test-secret-0123456789abcdef';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function waitFor(
  what: string,
  check: () => Promise<boolean> | boolean,
  ms = 60_000,
): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await sleep(50);
  }
}

async function adminQuery(url: string, text: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

/** A database of its own on a Postgres server (main.ts takes a URL, so tests isolate by database). */
export async function createDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `mt_fault_${randomBytes(5).toString('hex')}`;
  await adminQuery(serverUrl, `create database "${name}"`);
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: () => adminQuery(serverUrl, `drop database if exists "${name}" with (force)`),
  };
}

export interface ServerProcess {
  base: string;
  port: number;
  proc: ChildProcess;
  /** The process's output so far (pino JSON lines and anything on stderr). */
  logs(): string;
  kill9(): Promise<void>;
  stop(): Promise<void>;
}

/** Starts `tsx apps/server/src/main.ts` and waits for /api/health to answer (any status). */
export async function startServerProcess(opts: {
  databaseUrl: string;
  env?: Record<string, string>;
  roles?: string;
}): Promise<ServerProcess> {
  const port = await sparePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'mt-fault-server-'));
  const proc = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'apps/server/src/main.ts',
      '--port',
      String(port),
      ...(opts.roles ? ['--roles', opts.roles] : []),
    ],
    {
      cwd: REPO,
      env: {
        ...process.env,
        DATABASE_URL: opts.databaseUrl,
        NATS_URL: '',
        MATCHTAPE_HOST: '127.0.0.1',
        MATCHTAPE_DATA_DIR: dataDir,
        MATCHTAPE_SECRET: TEST_SECRET,
        MATCHTAPE_LOG_LEVEL: 'info',
        ...opts.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  proc.stdout!.on('data', (d: Buffer) => (out = (out + d.toString()).slice(-200_000)));
  proc.stderr!.on('data', (d: Buffer) => (out = (out + d.toString()).slice(-200_000)));
  let exited = false;
  const exit = new Promise<void>((r) => proc.once('exit', () => ((exited = true), r())));
  const base = `http://127.0.0.1:${port}`;
  const cleanup = () => rmSync(dataDir, { recursive: true, force: true });
  try {
    await waitFor(
      `the server on ${base}`,
      async () => {
        if (exited) throw new Error(`the server exited while starting:\n${out}`);
        return fetch(`${base}/api/health`, { signal: AbortSignal.timeout(5000) }).then(
          () => true,
          () => false,
        );
      },
      180_000,
    );
  } catch (e) {
    proc.kill('SIGKILL');
    cleanup();
    throw e;
  }
  return {
    base,
    port,
    proc,
    logs: () => out,
    async kill9() {
      proc.kill('SIGKILL');
      await exit;
      cleanup();
    },
    async stop() {
      if (!exited) proc.kill('SIGTERM');
      await Promise.race([exit, sleep(15_000)]);
      if (!exited) proc.kill('SIGKILL');
      await exit;
      cleanup();
    },
  };
}

const PG_BIN = (() => {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const v of versions) if (existsSync(join(root, v, 'bin', 'pg_ctl'))) return join(root, v, 'bin');
  return null;
})();

/**
 * A private Postgres on its own port and data directory (never the shared one on 5432): stop() and start()
 * keep the data, like a restart. Runs as the `postgres` user when the tests run as root (Postgres refuses root).
 */
export class PrivatePostgres {
  private constructor(
    readonly port: number,
    readonly dir: string,
  ) {}

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  private static run(args: string[]): void {
    const asRoot = process.getuid?.() === 0;
    const cmd = asRoot ? 'runuser' : args[0]!;
    const argv = asRoot ? ['-u', 'postgres', '--', ...args] : args.slice(1);
    const r = spawnSync(cmd, argv, { encoding: 'utf8', timeout: 60_000 });
    if (r.status !== 0) throw new Error(`${args.join(' ')} failed (${r.status}): ${r.stderr || r.stdout}`);
  }

  static async create(port?: number): Promise<PrivatePostgres> {
    if (!PG_BIN)
      throw new Error(
        'Postgres binaries are not installed under /usr/lib/postgresql: run infra/start-postgres.sh (apt-get install postgresql)',
      );
    const dir = mkdtempSync(join(tmpdir(), 'mt-fault-pg-'));
    chmodSync(dir, 0o777);
    const data = join(dir, 'data');
    if (process.getuid?.() === 0) spawnSync('chown', ['-R', 'postgres:', dir]);
    PrivatePostgres.run([
      join(PG_BIN, 'initdb'),
      '-D',
      data,
      '-U',
      'postgres',
      '--auth=trust',
      '--encoding=UTF8',
      '--locale=C.UTF-8',
    ]);
    const p = new PrivatePostgres(port ?? (await sparePort()), dir);
    await p.start();
    return p;
  }

  async start(): Promise<void> {
    PrivatePostgres.run([
      join(PG_BIN!, 'pg_ctl'),
      '-D',
      join(this.dir, 'data'),
      '-l',
      join(this.dir, 'server.log'),
      '-w',
      '-t',
      '60',
      '-o',
      `-c listen_addresses=127.0.0.1 -p ${this.port} -k ${this.dir} -c fsync=off -c max_connections=100`,
      'start',
    ]);
  }

  /** `immediate`: no checkpoint, clients cut off at once (a crash as far as they can tell). */
  async stop(mode: 'fast' | 'immediate' = 'immediate'): Promise<void> {
    PrivatePostgres.run([
      join(PG_BIN!, 'pg_ctl'),
      '-D',
      join(this.dir, 'data'),
      '-m',
      mode,
      '-w',
      '-t',
      '60',
      'stop',
    ]);
  }

  log(): string {
    try {
      return readFileSync(join(this.dir, 'server.log'), 'utf8');
    } catch {
      return '';
    }
  }

  async destroy(): Promise<void> {
    try {
      await this.stop('immediate');
    } catch {
      // already stopped
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** One HTTP call that never throws: a refused or cut connection (a killed server) is status 0. */
export async function call(
  base: string,
  path: string,
  init: { body?: unknown; token?: string } = {},
): Promise<ApiResult> {
  try {
    return await api(base, path, init);
  } catch {
    // No answer at all (the server is down): status 0.
    return { status: 0, headers: new Headers(), json: null, text: '' };
  }
}

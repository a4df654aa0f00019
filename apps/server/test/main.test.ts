// The server binary as `npm start` runs it (embedded PGlite, in-process bus): it writes its own organiser token
// where MATCHTAPE_ORGANISER_TOKEN_FILE points (mode 0600), bot matches created with that token play, nobody
// without it creates matches, and a wrong setting stops it at start with the setting named.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer as netServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const MAIN = join(import.meta.dirname, '../src/main.ts');
const dir = mkdtempSync(join(tmpdir(), 'matchtape-main-'));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = netServer().listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

function run(env: Record<string, string>): {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
} {
  const clean = { ...process.env };
  for (const k of Object.keys(clean))
    if (k === 'DATABASE_URL' || k === 'NATS_URL' || k.startsWith('MATCHTAPE_')) delete clean[k];
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: { ...clean, MATCHTAPE_LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  return { child, output: () => out, exited: new Promise((r) => child.once('exit', (code) => r(code))) };
}

describe('the server binary', () => {
  it(
    'mints its own organiser token for local bots; without one nobody creates matches',
    { timeout: 120_000 },
    async () => {
      const port = await freePort();
      const tokenFile = join(dir, 'data/organiser-token');
      const { output } = run({
        MATCHTAPE_PORT: String(port),
        MATCHTAPE_HOST: '127.0.0.1',
        MATCHTAPE_DATA_DIR: join(dir, 'data'),
        MATCHTAPE_ORGANISER_TOKEN_FILE: tokenFile,
        MATCHTAPE_BOT_MIN_MS: '0',
        MATCHTAPE_BOT_MAX_MS: '5',
      });
      const base = `http://127.0.0.1:${port}`;
      for (let i = 0; ; i++) {
        const ok = await fetch(`${base}/api/health`).then(
          (r) => r.ok,
          () => false,
        );
        if (ok) break;
        if (i > 600) throw new Error(`the server did not start: ${output()}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(statSync(tokenFile).mode & 0o777).toBe(0o600);
      const token = readFileSync(tokenFile, 'utf8').trim();
      const body = JSON.stringify({ game: 'alpha-clash', players: [{ bot: 'random' }, { bot: 'greedy' }] });
      const headers = { 'content-type': 'application/json' };
      expect((await fetch(`${base}/api/matches`, { method: 'POST', headers, body })).status).toBe(401);
      const created = await fetch(`${base}/api/matches`, {
        method: 'POST',
        headers: { ...headers, authorization: `Bearer ${token}` },
        body,
      });
      expect(created.status).toBe(201);
      const { matchId } = (await created.json()) as { matchId: string };
      // The bots play it: its public feed (no delay) moves on.
      const seqOf = async () =>
        ((await (await fetch(`${base}/api/matches/${matchId}`)).json()) as { lastSeq: number }).lastSeq;
      const first = await seqOf();
      let later = first;
      for (let i = 0; i < 200 && later <= first + 5; i++) {
        await new Promise((r) => setTimeout(r, 100));
        later = await seqOf();
      }
      expect(later).toBeGreaterThan(first + 5);
    },
  );

  it('refuses to start with a wrong setting and names it', { timeout: 60_000 }, async () => {
    const { exited, output } = run({
      MATCHTAPE_TRUST_PROXY: 'everyone',
      MATCHTAPE_DATA_DIR: join(dir, 'bad'),
    });
    expect(await exited).toBe(1);
    expect(output()).toMatch(/MATCHTAPE_TRUST_PROXY: must be the addresses of your reverse proxies/);
  });
});

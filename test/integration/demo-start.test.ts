// `npm start`'s demo as a newcomer runs it (issue 26, "small things"): its log names each bot match's game in
// words ("started a bot match of Alpha Clash", not "started a alpha-clash bot match"), and its history is bounded —
// finished bot matches beyond the newest MATCHTAPE_DEMO_KEEP are deleted, so `.data/` stops growing (it reached
// 237 MB in 25 minutes). A bad MATCHTAPE_DEMO_KEEP is refused before anything starts. The site is off here
// (MATCHTAPE_SITE=off): this is about the server and the bot-match loop of scripts/start.mjs.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, ROOT, SECRET } from '../e2e/web-stack';

const START = join(ROOT, 'scripts/start.mjs');
const dataDir = mkdtempSync(join(tmpdir(), 'matchtape-demo-start-'));
let child: ChildProcess | null = null;

function demoEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    MATCHTAPE_DATA_DIR: dataDir,
    MATCHTAPE_SECRET: SECRET,
    MATCHTAPE_SITE: 'off',
    MATCHTAPE_BOT_MIN_MS: '5',
    MATCHTAPE_BOT_MAX_MS: '10',
    ...extra,
  };
  // The embedded store and bus, as on a fresh clone.
  delete env.DATABASE_URL;
  delete env.NATS_URL;
  return env;
}

afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((r) => child!.once('exit', r));
    child.kill('SIGTERM');
    const t = setTimeout(() => child?.kill('SIGKILL'), 20_000);
    await exited;
    clearTimeout(t);
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm start: the demo', () => {
  it('refuses a MATCHTAPE_DEMO_KEEP that is not a count or "all", saying what it wants', () => {
    const r = spawnSync(process.execPath, [START], {
      cwd: ROOT,
      env: demoEnv({ MATCHTAPE_DEMO_KEEP: 'lots', MATCHTAPE_PORT: '1' }),
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/MATCHTAPE_DEMO_KEEP must be a whole number .* or "all"; got "lots"/);
  });

  it('names each game in words, and keeps only the newest MATCHTAPE_DEMO_KEEP finished bot matches', async () => {
    const port = await freePort();
    const api = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, [START], {
      cwd: ROOT,
      env: demoEnv({
        MATCHTAPE_PORT: String(port),
        MATCHTAPE_DEMO_MATCHES: '1',
        MATCHTAPE_DEMO_KEEP: '1',
      }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    const started = () => [...out.matchAll(/started a bot match of (.+?): (\S+)/g)];

    // The first round of matches (whatever the log calls them): one per game, each named as its game calls itself.
    await expect
      .poll(() => out.match(/\] started /g)?.length ?? 0, { timeout: 300_000, interval: 500 }) // tsx's cold start
      .toBeGreaterThanOrEqual(4);
    const games = (await (await fetch(`${api}/api/games`)).json()) as { games: { title: string }[] };
    expect(new Set(started().map((m) => m[1]))).toEqual(new Set(games.games.map((g) => g.title)));
    expect(out).not.toMatch(/started an? [a-z]+(?:-[a-z]+)+ bot match/);

    // Matches end and new ones start (a new one only when one of its game has ended). Once two have finished,
    // the older is deleted: some match the demo started is gone. (Which one ends first depends on the games'
    // lengths and the machine's load, so any of them.)
    const gone = async () => {
      let n = 0;
      for (const m of started())
        if ((await fetch(`${api}/api/matches/${encodeURIComponent(m[2]!)}`)).status === 404) n += 1;
      return n;
    };
    try {
      await expect.poll(gone, { timeout: 600_000, interval: 2000 }).toBeGreaterThan(0);
      // At a quiet moment the list holds at most the one kept finished match (each 3-second pass deletes what
      // lies beyond it; a match that ended since the pass read the list waits for the next one).
      await expect
        .poll(
          async () => {
            const { matches } = (await (await fetch(`${api}/api/matches?limit=500`)).json()) as {
              matches: { status: string }[];
            };
            return matches.filter((m) => m.status === 'ended').length;
          },
          { timeout: 300_000, interval: 500 },
        )
        .toBeLessThanOrEqual(1);
    } catch (err) {
      throw new Error(`${(err as Error).message}\nnpm start said:\n${out.slice(-3000)}`);
    }
    expect(out).not.toMatch(/kept finished match/);
  }, 1_500_000);
});

// The real stack for browser tests: the Matchtape server (apps/server main, embedded default: PGlite in a temp
// MATCHTAPE_DATA_DIR, in-process bus) and the built site under `next start`, each on a free port, plus Chromium.
// Builds the site first when apps/web/.next is missing or older than the sources (documented in apps/web/README.md).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const WEB = join(ROOT, 'apps/web');
export const RESULTS = join(ROOT, 'test-results');
/** Where the e2e build lives (apps/web/next.config.ts distDir), apart from the default `.next`. */
export const DIST_DIR = 'dist/next-e2e';
export const SECRET = 'e2e-web-secret-0123456789abcdef-0123456789';

export async function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.once('error', rej);
    s.listen(0, '127.0.0.1', () => {
      const addr = s.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      s.close(() => res(port));
    });
  });
}

function newestMtime(dir: string): number {
  let newest = 0;
  if (!existsSync(dir)) return 0;
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === '.next' || name.startsWith('.')) continue;
    const p = join(dir, name);
    const st = statSync(p);
    newest = Math.max(newest, st.isDirectory() ? newestMtime(p) : st.mtimeMs);
  }
  return newest;
}

/** The server's contract modules the site imports (`@matchtape/server/…-contract`): a change to one is a change to the site. */
function serverContracts(): string[] {
  const server = join(ROOT, 'apps/server');
  const pkg = JSON.parse(readFileSync(join(server, 'package.json'), 'utf8')) as {
    exports: Record<string, string>;
  };
  return Object.entries(pkg.exports)
    .filter(([name]) => name.endsWith('contract'))
    .map(([, file]) => join(server, file));
}

const sleepSync = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Runs `next build` unless a build newer than every source of the site and the packages exists. Test runs in
 * parallel (two workspaces, two engineers) serialise on a lock directory so they never build over each other.
 */
export function ensureWebBuild(): void {
  const buildId = join(WEB, DIST_DIR, 'BUILD_ID');
  const fresh = () => {
    // next.config.ts too (its headers() are compiled into the build), and the proxy and client instrumentation.
    const rootFiles = ['next.config.ts', 'proxy.ts', 'instrumentation-client.ts']
      .map((f) => join(WEB, f))
      .filter(existsSync);
    const sources = Math.max(
      newestMtime(join(WEB, 'app')),
      newestMtime(join(WEB, 'src')),
      newestMtime(join(ROOT, 'packages')),
      ...[...rootFiles, ...serverContracts()].map((f) => statSync(f).mtimeMs),
    );
    return existsSync(buildId) && statSync(buildId).mtimeMs > sources;
  };
  if (fresh()) return;
  const lock = join(WEB, 'dist/next-e2e.lock');
  const until = Date.now() + 600_000;
  mkdirSync(dirname(lock), { recursive: true });
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // Another run is building; a lock older than 10 minutes was left by a killed run.
      if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > 600_000)
        rmSync(lock, { recursive: true, force: true });
      if (Date.now() > until)
        throw new Error(`waited 10 minutes for ${lock}; remove it if no build is running`);
      sleepSync(1000);
    }
  }
  try {
    if (!fresh()) build();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

function build(): void {
  const r = spawnSync(process.execPath, [join(ROOT, 'node_modules/next/dist/bin/next'), 'build'], {
    cwd: WEB,
    stdio: 'pipe',
    encoding: 'utf8',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', MATCHTAPE_WEB_DIST_DIR: DIST_DIR },
    // Ten minutes: a first build took over five on a loaded 2-core machine (load 25+).
    timeout: 600_000,
  });
  if (r.status !== 0)
    throw new Error(
      `next build failed (exit ${r.status}):\n${(r.stdout ?? '').slice(-3000)}\n${(r.stderr ?? '').slice(-3000)}`,
    );
}

// Generous by default: on a shared 2-core machine the server has taken 70 s to answer, more under heavier load.
async function waitFor(
  url: string,
  what: string,
  child: ChildProcess,
  logs: string[],
  timeoutMs = Number(process.env.MATCHTAPE_E2E_START_MS ?? 300_000),
): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null)
      throw new Error(`${what} exited with ${child.exitCode}:\n${logs.join('').slice(-4000)}`);
    try {
      const r = await fetch(url);
      if (r.status < 500) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(
    `${what} did not answer ${url} within ${timeoutMs / 1000}s:\n${logs.join('').slice(-4000)}`,
  );
}

function start(
  cmd: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
): { child: ChildProcess; logs: string[] } {
  const logs: string[] = [];
  const child = spawn(cmd, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: false });
  child.stdout!.on('data', (d: Buffer) => logs.push(d.toString()));
  child.stderr!.on('data', (d: Buffer) => logs.push(d.toString()));
  return { child, logs };
}

export interface WebStack {
  api: string;
  web: string;
  browser: Browser;
  dataDir: string;
  serverLogs: string[];
  webLogs: string[];
  stop(): Promise<void>;
}

export interface StackOptions {
  botMinMs?: number;
  botMaxMs?: number;
  /** Called once the server answers, before the site is built and started (e.g. to start bot matches early). */
  onServer?: (api: string) => Promise<void>;
}

export async function startWebStack(opts: StackOptions = {}): Promise<WebStack> {
  mkdirSync(RESULTS, { recursive: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'matchtape-e2e-'));
  const apiPort = await freePort();
  const webPort = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.DATABASE_URL; // the embedded default: PGlite + in-process bus
  delete env.NATS_URL;
  const server = start(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'apps/server/src/main.ts'), '--port', String(apiPort)],
    ROOT,
    {
      ...env,
      MATCHTAPE_PORT: String(apiPort),
      MATCHTAPE_DATA_DIR: dataDir,
      MATCHTAPE_SECRET: SECRET,
      MATCHTAPE_BOT_MIN_MS: String(opts.botMinMs ?? 40),
      MATCHTAPE_BOT_MAX_MS: String(opts.botMaxMs ?? 80),
      MATCHTAPE_HOST: '127.0.0.1',
      MATCHTAPE_LOG_LEVEL: 'warn',
    },
  );
  const api = `http://127.0.0.1:${apiPort}`;
  try {
    // Four minutes: on a loaded 2-core machine (load 20+) tsx took two minutes to bring the server up.
    await waitFor(`${api}/api/health`, 'the Matchtape server', server.child, server.logs, 240_000);
    await opts.onServer?.(api);
    ensureWebBuild();
  } catch (e) {
    server.child.kill('SIGKILL');
    throw e;
  }
  const web = start(
    process.execPath,
    [join(ROOT, 'node_modules/next/dist/bin/next'), 'start', '-p', String(webPort), '-H', '127.0.0.1'],
    WEB,
    {
      ...env,
      MATCHTAPE_PORT: String(apiPort),
      MATCHTAPE_WEB_DIST_DIR: DIST_DIR,
      NEXT_TELEMETRY_DISABLED: '1',
    },
  );
  const site = `http://127.0.0.1:${webPort}`;
  const stopChildren = async () => {
    for (const c of [web.child, server.child]) {
      if (c.exitCode === null) {
        c.kill('SIGTERM');
        await new Promise((r) => {
          const t = setTimeout(() => {
            c.kill('SIGKILL');
            r(null);
          }, 5000);
          c.once('exit', () => {
            clearTimeout(t);
            r(null);
          });
        });
      }
    }
  };
  try {
    await waitFor(`${site}/`, 'next start', web.child, web.logs);
  } catch (e) {
    await stopChildren();
    throw e;
  }
  const browser = await chromium.launch({
    executablePath: process.env.MATCHTAPE_CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-background-networking', '--disable-gpu'],
  });
  patient(browser);
  return {
    api,
    web: site,
    browser,
    dataDir,
    serverLogs: server.logs,
    webLogs: web.logs,
    async stop() {
      await browser.close().catch(() => undefined);
      await stopChildren();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * An Elemental Clash event of four greedy bots (one Swiss round, best of one, 50 minutes) with its round 1 started,
 * through the organiser API; answers its id.
 */
export async function startBotEvent(
  api: string,
  organiser: string,
  name: string,
  spectatorDelaySeconds: number,
): Promise<string> {
  const { eventId } = await apiJson<{ eventId: string }>(api, '/api/events', {
    token: organiser,
    body: {
      name,
      game: 'elemental-clash',
      swissRounds: 1,
      bestOf: 1,
      roundMinutes: 50,
      spectatorDelaySeconds,
    },
  });
  for (const [player, deck] of [
    ['Ann', 'ember-legion'],
    ['Ben', 'tides-of-jupiter'],
    ['Cid', 'ember-legion'],
    ['Dee', 'tides-of-jupiter'],
  ])
    await apiJson(api, `/api/events/${eventId}/players`, {
      token: organiser,
      body: { name: player, deck, bot: 'greedy' },
    });
  await apiJson(api, `/api/events/${eventId}/rounds`, { token: organiser, method: 'POST' });
  return eventId;
}

export async function apiJson<T = unknown>(
  base: string,
  path: string,
  init: { method?: string; body?: unknown; token?: string } = {},
): Promise<T> {
  const headers: Record<string, string> = {};
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  // A well-behaved client: a 429 is waited out for its Retry-After (a few times), as the server asks; anything else fails.
  let res: Response;
  for (let attempt = 0; ; attempt++) {
    res = await fetch(base + path, {
      method: init.method ?? (init.body !== undefined ? 'POST' : 'GET'),
      headers,
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    });
    if (res.status !== 429 || attempt >= 5) break;
    await res.text();
    await new Promise((r) => setTimeout(r, 1000 * Math.max(1, Number(res.headers.get('retry-after')) || 1)));
  }
  const text = await res.text();
  if (!res.ok)
    throw new Error(
      `${init.method ?? (init.body !== undefined ? 'POST' : 'GET')} ${path} → ${res.status}: ${text.slice(0, 500)}`,
    );
  return JSON.parse(text) as T;
}

/** Polls GET /api/matches/:id until the match has ended (bounded), and returns its list entry. */
export async function waitMatchEnded<T extends { status: string; lastSeq: number }>(
  base: string,
  matchId: string,
  timeoutMs = 120_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const m = await apiJson<T>(base, `/api/matches/${matchId}`);
    if (m.status === 'ended') return m;
    if (Date.now() > until)
      throw new Error(`match ${matchId} did not end within ${timeoutMs / 1000}s (at seq ${m.lastSeq})`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** A new browser page of the stack's Chromium, at `path` of the site. */
export async function openSitePage(
  stack: WebStack,
  path: string,
  viewport = { width: 1280, height: 720 },
): Promise<Page> {
  const page = await stack.browser.newPage({ viewport });
  await page.goto(stack.web + path);
  return page;
}

/**
 * Every page and context of the stack's browser waits up to 45 s (Playwright's own default is 30 s) for what a test
 * asks of it. In CI the browser files run beside the integration lane and the package tests on two cores (load
 * 12–14), where a page that shows its board in one second on a quiet machine took over 30 s.
 */
const PATIENCE_MS = 45_000;

function patient(browser: Browser): void {
  const newContext = browser.newContext.bind(browser);
  const newPage = browser.newPage.bind(browser);
  browser.newContext = async (options) => {
    const ctx = await newContext(options);
    ctx.setDefaultTimeout(PATIENCE_MS);
    return ctx;
  };
  browser.newPage = async (options) => {
    const page = await newPage(options);
    page.setDefaultTimeout(PATIENCE_MS);
    return page;
  };
}

/**
 * Waits until `selector` is shown. On a timeout the error says what the page showed instead (its address and
 * visible text) and a screenshot is kept in test-results, so a failure on a loaded CI machine can be read.
 */
export async function waitShown(page: Page, selector: string, timeout = 60_000): Promise<void> {
  try {
    await page.locator(selector).first().waitFor({ timeout });
  } catch (e) {
    const text = await page
      .locator('body')
      .innerText({ timeout: 2_000 })
      .catch(() => '(no text)');
    const shot = join(RESULTS, `not-shown-${Date.now()}.png`);
    await page.screenshot({ path: shot }).catch(() => undefined);
    throw new Error(
      `${selector} was not shown within ${timeout} ms at ${page.url()} (${shot}); the page showed: ${text.replace(/\s+/g, ' ').slice(0, 800)}`,
      { cause: e },
    );
  }
}

/**
 * The stack with one Alpha Clash bot match (Ada, greedy, against Brook, random), created as soon as the server
 * answers so it plays while the site builds, and waited for until it has ended.
 */
export async function startWebStackWithEndedMatch(
  organiserToken: string,
): Promise<{ stack: WebStack; matchId: string; lastSeq: number }> {
  let matchId = '';
  const stack = await startWebStack({
    onServer: async (api) => {
      const created = await apiJson<{ matchId: string }>(api, '/api/matches', {
        token: organiserToken,
        body: {
          game: 'alpha-clash',
          players: [
            { name: 'Ada', bot: 'greedy' },
            { name: 'Brook', bot: 'random' },
          ],
        },
      });
      matchId = created.matchId;
    },
  });
  try {
    return { stack, matchId, lastSeq: (await waitMatchEnded(stack.api, matchId, 180_000)).lastSeq };
  } catch (e) {
    await stack.stop();
    throw e;
  }
}

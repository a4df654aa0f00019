#!/usr/bin/env node
// `npm start`: the whole product on one machine.
//   1. the server (all roles) on MATCHTAPE_PORT (4000): embedded PGlite + in-process bus unless DATABASE_URL / NATS_URL;
//   2. keeps MATCHTAPE_DEMO_MATCHES (2) bot matches of every implemented game playing, starting a new one when one ends,
//      and a bounded history: finished bot-only matches beyond the newest MATCHTAPE_DEMO_KEEP (40; `all` keeps every
//      one) are deleted (DELETE /api/matches/:id), so `.data/` stops growing;
//   3. the spectator site (apps/web) on PORT (3000), building it first when .next is missing or older than its sources;
//      while it builds, the same port shows the live matches in a plain page (building-page.mjs). MATCHTAPE_SITE=off:
//      the API server and the bot matches only.
// Ctrl-C / SIGTERM stops the children cleanly. If the site cannot be built, the server keeps running and says why.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveBuildingPage } from './building-page.mjs';

// Offline-friendly: Next and turbo would otherwise try to send telemetry.
process.env.NEXT_TELEMETRY_DISABLED ??= '1';
process.env.TURBO_TELEMETRY_DISABLED ??= '1';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.MATCHTAPE_PORT ?? 4000);
const webPort = Number(process.env.PORT ?? 3000);
const perGame = Number(process.env.MATCHTAPE_DEMO_MATCHES ?? 2);
const demoDelay = Number(process.env.MATCHTAPE_DEMO_DELAY_SECONDS ?? 0);
const demoKeep = demoKeepSetting(process.env.MATCHTAPE_DEMO_KEEP);
const api = `http://127.0.0.1:${port}`;
// Creating matches needs an organiser token: the server writes its own here (mode 0600, beside its secret) and
// the bot-match loop below sends it.
const dataDir = resolve(process.env.MATCHTAPE_DATA_DIR ?? join(root, '.data'));
const organiserTokenFile = process.env.MATCHTAPE_ORGANISER_TOKEN_FILE ?? join(dataDir, 'organiser-token');
const children = new Set();
let stopping = false;

const log = (msg) => console.log(`[start] ${msg}`);

/** How many finished demo matches to keep: a whole number (40 when unset), or `all` (Infinity: never delete). */
function demoKeepSetting(raw) {
  if (raw === undefined || raw === '') return 40;
  if (raw === 'all') return Infinity;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) {
    console.error(
      `[start] MATCHTAPE_DEMO_KEEP must be a whole number of finished matches to keep, or "all"; got "${raw}"`,
    );
    process.exit(2);
  }
  return n;
}

function run(name, cmd, args, env = {}) {
  // Its own process group, so stopping reaches what npm starts beneath it (npm → sh → next-server).
  const child = spawn(cmd, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  children.add(child);
  child.on('exit', (code, signal) => {
    children.delete(child);
    if (!stopping) {
      log(`${name} exited (${signal ?? code})`);
      if (name === 'server') stop(1);
    }
  });
  return child;
}

async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  log('stopping…');
  for (const c of children) signalGroup(c, 'SIGTERM');
  const deadline = Date.now() + 10_000;
  while (children.size > 0 && Date.now() < deadline) await sleep(100);
  for (const c of children) signalGroup(c, 'SIGKILL');
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

/** Signals a child's whole process group (it was started detached), else the child alone. */
function signalGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    child.kill(signal);
  }
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function json(path, init) {
  const res = await fetch(api + path, init);
  const body = await res.json().catch(() => ({}));
  if (!res.ok)
    throw new Error(
      `${init?.method ?? 'GET'} ${path} → ${res.status}: ${body.message ?? JSON.stringify(body)}`,
    );
  return body;
}

async function waitForServer() {
  for (let i = 0; i < 600 && !stopping; i++) {
    try {
      await json('/api/health');
      return;
    } catch {
      await sleep(200);
    }
  }
  throw new Error(`the server did not answer on ${api}/api/health`);
}

async function keepBotMatches() {
  const { games } = await json('/api/games');
  for (;;) {
    if (stopping) return;
    try {
      const { matches } = await json('/api/matches?limit=500');
      for (const g of games) {
        const running = matches.filter(
          (m) => m.game === g.id && m.status !== 'ended' && m.players.every((p) => p.bot),
        ).length;
        for (let i = running; i < perGame; i++) {
          const decks = g.presetDecks;
          const m = await json('/api/matches', {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              authorization: `Bearer ${readFileSync(organiserTokenFile, 'utf8').trim()}`,
            },
            body: JSON.stringify({
              game: g.id,
              players: [
                { name: 'Random Bot', bot: 'random', deck: decks[(i * 2) % decks.length] },
                { name: 'Greedy Bot', bot: 'greedy', deck: decks[(i * 2 + 1) % decks.length] },
              ],
              spectatorDelaySeconds: demoDelay,
              revealPolicy: 'reveal-all',
            }),
          });
          log(`started a bot match of ${g.title ?? g.id}: ${m.matchId}`);
        }
      }
      await pruneFinished(matches);
    } catch (err) {
      log(`bot matches: ${err.message}`);
    }
    await sleep(3000);
  }
}

/** Matches the server refused to delete (a game of an event): not asked again. */
const keptAnyway = new Set();

/** Deletes finished bot-only matches (not forks) beyond the newest `demoKeep`; the list is newest first. */
async function pruneFinished(matches) {
  const finished = matches.filter(
    (m) => m.status === 'ended' && !m.forkOf && m.players.every((p) => p.bot) && !keptAnyway.has(m.matchId),
  );
  for (const m of finished.slice(demoKeep)) {
    const res = await fetch(`${api}/api/matches/${encodeURIComponent(m.matchId)}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${readFileSync(organiserTokenFile, 'utf8').trim()}` },
    });
    if (res.ok || res.status === 404) continue;
    const body = await res.json().catch(() => ({}));
    if (res.status === 409) keptAnyway.add(m.matchId);
    log(`kept finished match ${m.matchId}: ${res.status} ${body.message ?? ''}`);
  }
}

function newestMtime(dir) {
  let newest = 0;
  if (!existsSync(dir)) return 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === '.next' || entry.name.startsWith('.')) continue;
    const p = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

/** Whether the site must be built first: no build yet, or sources newer than it. Null when there is no site. */
function siteNeedsBuild() {
  const web = join(root, 'apps/web');
  if (!existsSync(join(web, 'package.json'))) return null;
  const buildId = join(web, '.next/BUILD_ID');
  const sources = Math.max(newestMtime(web), newestMtime(join(root, 'packages')));
  return !existsSync(buildId) || statSync(buildId).mtimeMs < sources;
}

async function startWeb(needsBuild, interim) {
  if (needsBuild === null) {
    log(
      process.env.MATCHTAPE_SITE === 'off'
        ? 'MATCHTAPE_SITE=off: the API server and bot matches run alone'
        : 'apps/web is missing: the API server runs alone',
    );
    return;
  }
  if (needsBuild) {
    log('building the spectator site (npm run build -w @matchtape/web)…');
    // Asynchronously: bot matches keep starting while Next builds.
    const b = spawn('npm', ['run', 'build', '-w', '@matchtape/web'], {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, MATCHTAPE_API_URL: api },
      detached: true,
    });
    children.add(b);
    const status = await new Promise((r) => b.on('exit', (code, signal) => r(signal ?? code)));
    children.delete(b);
    if (stopping) return;
    if (status !== 0) {
      log(
        `the spectator site did not build (exit ${status}); the API server keeps running on ${api} — fix the build and run npm start again`,
      );
      return;
    }
    await interim?.close();
  }
  run('web', 'npm', ['run', 'start', '-w', '@matchtape/web'], {
    PORT: String(webPort),
    MATCHTAPE_API_URL: api,
  });
  log(`spectator site on http://localhost:${webPort}`);
}

const needsBuild = process.env.MATCHTAPE_SITE === 'off' ? null : siteNeedsBuild();
// A first start builds the site (about a minute): meanwhile its port shows the live matches at once, in a plain
// page (scripts/building-page.mjs) that turns into the real site when it is built.
const interim = needsBuild
  ? await serveBuildingPage(webPort, api).catch((err) => {
      log(`could not show the live matches on port ${webPort} while the site builds (${err.message})`);
      return null;
    })
  : null;
if (interim)
  log(
    `live matches on http://localhost:${webPort} while the site builds (it opens there by itself when built)`,
  );
log(
  `server on ${api} (${process.env.DATABASE_URL ? 'Postgres' : `embedded PGlite under ${process.env.MATCHTAPE_DATA_DIR ?? '.data'}/`}, ${process.env.NATS_URL ? 'NATS JetStream' : 'in-process bus'})`,
);
run('server', join(root, 'node_modules/.bin/tsx'), ['apps/server/src/main.ts'], {
  MATCHTAPE_PORT: String(port),
  MATCHTAPE_ORGANISER_TOKEN_FILE: organiserTokenFile,
});
try {
  await waitForServer();
} catch (err) {
  log(err.message);
  await stop(1);
}
void keepBotMatches();
await startWeb(needsBuild, interim);

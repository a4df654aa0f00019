// The producer's desk (/desk, issue 24 "Many boards"): 32 bot tables (8 in the default suite, below) of the four games live at once in one browser
// page over one connection (the site's shared POST /live; no per-match stream from the browser), every table
// moving on, each drawn as the server's public board at the seq it shows, a delayed table never ahead of what the
// server has released to the public, clocks where the match has one, filters, and a click opens the match.
// One test (lean): ≈2–4 min on a busy 2-core machine plus the site build when it is stale.
import { gameIds } from '@matchtape/games';
import { mintToken } from '@matchtape/server';
import type { Request } from 'playwright-core';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiJson, RESULTS, SECRET, startWebStack, type WebStack } from './web-stack';

// The 32 tables run under MATCHTAPE_DEEP (`npm run test:deep`): 64 bots and 32 live boards in one Chromium
// took 5–9 minutes of CI's two cores. The default suite checks the same things with 8 tables (two of each game,
// the same mix of clocks and delays).
const TABLES = process.env.MATCHTAPE_DEEP ? 32 : 8;
const organiser = mintToken({ role: 'organiser', ttlSeconds: 3600 }, { secret: SECRET });
let stack: WebStack;
const tables: { matchId: string; game: string; delay: number; clock: boolean }[] = [];

beforeAll(async () => {
  // Slow bots: 32 matches stay live for minutes on PGlite, and a table moves every second or so.
  stack = await startWebStack({ botMinMs: 700, botMaxMs: 1400 });
  for (let i = 0; i < TABLES; i++) {
    const game = gameIds[i % gameIds.length]!;
    // Every fourth table has a chess clock, every fourth (another) a 3-second spectator delay.
    const clock = i % 4 === 1;
    const delay = i % 4 === 2 ? 3 : 0;
    const body = {
      game,
      players: [
        { name: `Table${i + 1} North`, kind: 'bot', bot: 'greedy' },
        { name: `Table${i + 1} South`, kind: 'bot', bot: 'random' },
      ],
      spectatorDelaySeconds: delay,
      ...(clock
        ? { clock: { kind: 'chess', initialSeconds: 1800, incrementSeconds: 2, onTimeout: 'loss' } }
        : {}),
    };
    const c = await apiJson<{ matchId: string }>(stack.api, '/api/matches', { token: organiser, body });
    tables.push({ matchId: c.matchId, game, delay, clock });
  }
}, 900_000);

afterAll(async () => {
  await stack?.stop();
});

interface Shown {
  id: string;
  seq: number;
  status: string;
  mains: Record<string, string>;
  clocks: number;
}

describe('the desk', () => {
  it(`keeps ${TABLES} live tables moving over one connection, each the public board at its seq; filters; opens a match`, async () => {
    const page = await stack.browser.newPage({ viewport: { width: 1920, height: 1080 } });
    const open = new Set<Request>();
    const muxPosts: Request[] = [];
    const direct: string[] = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (path === '/live' && r.method() === 'POST') {
        muxPosts.push(r);
        open.add(r);
      }
      if (/^\/api\/matches\/[^/]+\/live$/.test(path)) direct.push(path);
    });
    page.on('requestfinished', (r) => open.delete(r));
    page.on('requestfailed', (r) => open.delete(r));

    await page.goto(`${stack.web}/desk`);
    await page
      .locator(`.desk-grid > li[data-seq]`)
      .nth(TABLES - 1)
      .waitFor({ timeout: 300_000 });
    const read = () =>
      page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('.desk-table')].map((el) => ({
          id: el.dataset.match!,
          seq: Number(el.dataset.seq),
          status: el.dataset.status!,
          mains: Object.fromEntries(
            [...el.querySelectorAll<HTMLElement>('tbody tr[data-player]')].map((r) => [
              r.dataset.player!,
              r.querySelector<HTMLElement>('.desk-main')!.dataset.value!,
            ]),
          ),
          clocks: el.querySelectorAll('.desk-clock').length,
        })),
      ) as Promise<Shown[]>;
    // Every table drawn from its window.
    await expect
      .poll(async () => (await read()).filter((t) => t.seq > 0).length, { timeout: 300_000 })
      .toBe(TABLES);
    const first = new Map((await read()).map((t) => [t.id, t.seq]));
    expect([...first.keys()].sort()).toEqual(tables.map((t) => t.matchId).sort());

    // Live: every table moves on (or ends) from what it first showed, through the one shared stream.
    await expect
      .poll(
        async () => (await read()).filter((t) => t.status === 'ended' || t.seq > first.get(t.id)!).length,
        { timeout: 300_000, interval: 1000 },
      )
      .toBe(TABLES);
    await page.screenshot({ path: join(RESULTS, `desk-${TABLES}-tables-1920.png`) });

    // One connection per browser: exactly one multiplexed /live open, no match stream of its own.
    expect(open.size).toBe(1);
    expect(direct).toEqual([]);

    // Each table is the server's public board at the seq it shows; a delayed table is never past the public edge.
    const shown = await read();
    for (const t of shown) {
      const st = await apiJson<{
        seq: number;
        board: { players: { id: string; stats: { key: string; label: string; value: number | string }[] }[] };
      }>(stack.api, `/api/matches/${t.id}/state?as=public&seq=${t.seq}`);
      expect(st.seq, `table ${t.id}`).toBe(t.seq);
      for (const p of st.board.players) {
        const main =
          p.stats.find((s) => /health|life|hp|vitality|influence/i.test(`${s.key} ${s.label}`)) ??
          p.stats[0]!;
        expect(t.mains[p.id], `table ${t.id} ${p.id}`).toBe(String(main.value));
      }
      const spec = tables.find((x) => x.matchId === t.id)!;
      expect(t.clocks, `table ${t.id} clocks`).toBe(spec.clock ? 2 : 0);
      if (spec.delay > 0) {
        // What the server has released to the public now (it only grows): the table cannot be past it.
        const released = await apiJson<{ seq: number }>(stack.api, `/api/matches/${t.id}/state?as=public`);
        expect(t.seq, `delayed table ${t.id}`).toBeLessThanOrEqual(released.seq);
      }
    }

    // Filters: a game, then words; the address bar keeps them.
    await page.locator('.desk-filters select').first().selectOption('the-spoils');
    await expect.poll(async () => (await read()).length).toBe(TABLES / gameIds.length);
    expect(new URL(page.url()).searchParams.get('game')).toBe('the-spoils');
    await page.locator('.desk-filters select').first().selectOption('');
    await page.locator('.desk-filters input[type="search"]').fill('Table7 North');
    await expect.poll(async () => (await read()).map((t) => t.id)).toEqual([tables[6]!.matchId]);

    // A click opens the match.
    await page.locator('.desk-table .desk-link').first().click();
    await page.waitForURL(`**/matches/${tables[6]!.matchId}`);
    await page.locator('.board[data-status]').waitFor();
    console.log(
      `desk: ${TABLES} tables, ${muxPosts.length} POST /live in the whole run (one open at a time at the end)`,
    );
    await page.close();
  }, 1_200_000);
});

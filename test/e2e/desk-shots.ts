// Screenshots of the producer's desk for docs/desk/ (issue 24), from one real stack (server + `next start` +
// Chromium): the many-boards page, the graphs, an embed inside another site's page, a drawing on the board
// overlay, and the event overlays following a featured table, at 1280 and 1920 where the page is not a fixed-size
// OBS source. Run from test/: `npx tsx e2e/desk-shots.ts` (a minute or two once the site is built).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { mintToken } from '@matchtape/server';
import type { Page } from 'playwright-core';
import { apiJson, ROOT, SECRET, startWebStack, waitMatchEnded, startBotEvent } from './web-stack';

const OUT = join(ROOT, 'docs/desk');
const organiser = mintToken({ role: 'organiser', ttlSeconds: 3600 }, { secret: SECRET });
const coverage = mintToken({ role: 'coverage', ttlSeconds: 3600 }, { secret: SECRET });
const judge = mintToken({ role: 'judge', ttlSeconds: 3600 }, { secret: SECRET });
const GAMES = ['alpha-clash', 'grand-archive', 'the-spoils', 'elemental-clash'] as const;
const NAMES = [
  ['Ada', 'Brook'],
  ['Cass', 'Dev'],
  ['Eli', 'Fen'],
  ['Gus', 'Hana'],
] as const;

mkdirSync(OUT, { recursive: true });
const live: string[] = [];
let ended = '';
let eventId = '';
const stack = await startWebStack({
  botMinMs: 300,
  botMaxMs: 600,
  onServer: async (api) => {
    for (let i = 0; i < 12; i++) {
      const game = GAMES[i % 4]!;
      const [a, b] = NAMES[i % 4]!;
      const m = await apiJson<{ matchId: string }>(api, '/api/matches', {
        token: organiser,
        body: {
          game,
          players: [
            { name: `${a} ${i + 1}`, bot: 'greedy' },
            { name: `${b} ${i + 1}`, bot: 'random' },
          ],
          ...(i % 3 === 0 ? { spectatorDelaySeconds: 3 } : {}),
        },
      });
      live.push(m.matchId);
    }
    eventId = await startBotEvent(api, organiser, 'Friday Night Clash', 2);
  },
});

/** Every element that sticks out of the viewport to the right, or is cut by its own box (text overflow). */
async function cuts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const w = document.documentElement.clientWidth;
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || getComputedStyle(el).visibility === 'hidden') continue;
      if (r.right > w + 1 && !el.closest('[data-overlay]'))
        out.push(`${el.tagName.toLowerCase()}.${el.className} right ${Math.round(r.right)} > ${w}`);
    }
    return out.slice(0, 10);
  });
}

async function shot(page: Page, name: string): Promise<void> {
  const c = await cuts(page);
  if (c.length > 0) console.log(`${name}: sticks out: ${c.join('; ')}`);
  await page.screenshot({ path: join(OUT, name) });
  console.log(`wrote docs/desk/${name}`);
}

try {
  // An ended match for the graphs, the embed and the drawing (bots play it out at their pace: ~a minute).
  const e = await apiJson<{ matchId: string }>(stack.api, '/api/matches', {
    token: organiser,
    body: {
      game: 'alpha-clash',
      players: [
        { name: 'Ada', bot: 'greedy' },
        { name: 'Brook', bot: 'greedy' },
      ],
    },
  });
  ended = e.matchId;

  for (const [w, h] of [
    [1280, 800],
    [1920, 1080],
  ] as const) {
    const page = await stack.browser.newPage({ viewport: { width: w, height: h } });
    // With a coverage token: the event's tables carry the producer's Feature control.
    await page.goto(`${stack.web}/desk?token=${encodeURIComponent(coverage)}`);
    await page.locator('.desk-grid > li[data-seq]').nth(11).waitFor({ timeout: 300_000 });
    await page.waitForFunction(
      () => {
        const boards = [...document.querySelectorAll<HTMLElement>('.desk-table')];
        return (
          boards.every((el) => Number(el.dataset.seq) > 0) &&
          boards.filter((el) => Number(el.dataset.seq) > 20).length >= 8
        );
      },
      undefined,
      { timeout: 300_000 },
    );
    await shot(page, `desk-many-boards-${w}.png`);
    await page.close();
  }

  // The event: feature table 2 from the event page, then the board and scorebar overlays follow it.
  const desk = await stack.browser.newPage({ viewport: { width: 1280, height: 800 } });
  await desk.goto(`${stack.web}/events/${eventId}?token=${encodeURIComponent(coverage)}`);
  await desk.getByRole('button', { name: 'Feature table 2' }).click();
  await desk.getByRole('button', { name: 'Stop featuring table 2' }).waitFor({ timeout: 30_000 });
  await shot(desk, 'event-page-producer-1280.png');
  const ov = await stack.browser.newPage({ viewport: { width: 1920, height: 1080 } });
  const featured = (
    await apiJson<{ rounds: { pairings: { table: number; games: { matchId: string | null }[] }[] }[] }>(
      stack.api,
      `/api/events/${eventId}`,
    )
  ).rounds[0]!.pairings.find((p) => p.table === 2)!.games.at(-1)!.matchId!;
  for (const kind of ['board', 'scorebar']) {
    await ov.goto(`${stack.web}/overlay/event/${eventId}/${kind}`);
    // Settled: the overlay follows the featured match and has drawn it at a seq of that match (after the delay).
    await ov
      .locator(
        `[data-event-overlay="${kind}"][data-match="${featured}"] [data-overlay="${kind}"][data-match="${featured}"][data-ready="true"]:not([data-seq="0"])`,
      )
      .waitFor({ timeout: 300_000 });
    await ov
      .locator(kind === 'board' ? '.ov-board .board .tile' : '.ov-scorebar .ov-player')
      .first()
      .waitFor({ timeout: 60_000 });
    const seq = await ov.locator(`[data-overlay="${kind}"]`).getAttribute('data-seq');
    // The overlay is a transparent OBS source: a dark backdrop behind it (as a stream would be) so it can be seen.
    await ov.addStyleTag({
      content: 'html { background: linear-gradient(135deg, #141a26, #252b3a) !important; }',
    });
    await ov.screenshot({ path: join(OUT, `featured-overlay-${kind}-1920.png`) });
    console.log(`wrote docs/desk/featured-overlay-${kind}-1920.png (match ${featured}, seq ${seq})`);
  }

  const last = (await waitMatchEnded<{ status: string; lastSeq: number }>(stack.api, ended, 600_000)).lastSeq;
  // Graphs under the timeline.
  for (const [w, h] of [
    [1280, 800],
    [1920, 1080],
  ] as const) {
    const page = await stack.browser.newPage({ viewport: { width: w, height: h }, reducedMotion: 'reduce' });
    await page.goto(`${stack.web}/matches/${ended}`);
    await page.locator('.board[data-status]').waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Graphs' }).click();
    await page.locator('.graphs').waitFor();
    const fit = await page.evaluate(() => ({
      inner: window.innerHeight,
      scroll: document.documentElement.scrollHeight,
      bottom: Math.max(
        ...[...document.querySelectorAll('.graph')].map((g) => g.getBoundingClientRect().bottom),
      ),
    }));
    console.log(`graphs at ${w}×${h}: ${JSON.stringify(fit)}`);
    const cols = page.locator('.graph-turn');
    await cols.nth(Math.floor((await cols.count()) / 2)).hover();
    await shot(page, `graphs-${w}.png`);
    await page.close();
  }

  // A drawing on the board overlay: a circle on a card and an arrow from it to the other player's zone.
  const state = await apiJson<{
    board: {
      players: {
        id: string;
        zones: { key: string; layout: string; cards: { id: string; hidden?: boolean }[] }[];
      }[];
    };
  }>(stack.api, `/api/matches/${ended}/state?as=judge&seq=${last}`, { token: judge });
  const p1 = state.board.players[0]!;
  const p2 = state.board.players[1]!;
  const card = [...p1.zones, ...p2.zones]
    .filter((z) => z.key !== 'hand' && z.layout !== 'pile')
    .flatMap((z) => z.cards)
    .find((c) => !c.hidden);
  if (card) {
    await apiJson(stack.api, `/api/matches/${ended}/drawings`, {
      token: coverage,
      body: {
        authorName: 'Desk',
        seq: last,
        shape: { kind: 'circle', at: { kind: 'card', cardId: card.id } },
        color: 'yellow',
      },
    });
    await apiJson(stack.api, `/api/matches/${ended}/drawings`, {
      token: coverage,
      body: {
        authorName: 'Desk',
        seq: last,
        shape: {
          kind: 'arrow',
          from: { kind: 'card', cardId: card.id },
          to: { kind: 'zone', player: p2.id, zone: p2.zones[0]!.key },
        },
        color: 'red',
      },
    });
  } else console.log('no card in play at the end: no drawing');
  await ov.goto(`${stack.web}/overlay/${ended}/board`);
  await ov.locator('[data-overlay="board"][data-ready="true"] .board').waitFor({ timeout: 60_000 });
  if (card) await ov.locator('.draw-layer [data-kind="arrow"]').waitFor({ timeout: 30_000 });
  await ov.screenshot({ path: join(OUT, 'drawing-overlay-1920.png'), omitBackground: true });
  console.log('wrote docs/desk/drawing-overlay-1920.png');

  // The embed inside another site's page (localhost is another site than 127.0.0.1).
  const oembed = await apiJson<{ html: string }>(
    stack.web,
    `/api/oembed?url=${encodeURIComponent(`${stack.web}/matches/${ended}?seq=${Math.floor(last / 2)}`)}&maxwidth=900`,
  );
  const host = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><title>Match report</title><body style="font:18px Georgia,serif;max-width:940px;margin:24px auto;color:#222"><h1>Match report: Ada and Brook</h1><p>The turn that decided it, in the player below (step with ← and →).</p>${oembed.html}<p>…the article goes on.</p></body>`,
    );
  });
  await new Promise<void>((r) => host.listen(0, '127.0.0.1', r));
  const article = await stack.browser.newPage({ viewport: { width: 1280, height: 800 } });
  await article.goto(`http://localhost:${(host.address() as AddressInfo).port}/`);
  await article.frameLocator('iframe[src*="/embed/"]').locator('.embed .board').waitFor({ timeout: 60_000 });
  await shot(article, 'embed-foreign-1280.png');
  host.close();
} finally {
  await stack.stop();
}

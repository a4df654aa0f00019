// Coverage tools in the browser (real server, `next start`, Debian Chromium): each stream overlay rendered at
// 1920×1080 on a transparent page (screenshots with no background; the pixels are checked to be transparent
// where nothing is drawn), and the editor flow of a coverage token (A at the current event, tag, glyph, save,
// edit, delete); the event overlays following the featured table a producer switches twice, never ahead of their
// delay. Screenshots go to test-results/coverage-*.png.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { mintToken } from '@matchtape/server';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiJson, RESULTS, SECRET, startWebStack, type WebStack, startBotEvent } from './web-stack';

const GAME = 'elemental-clash';
let stack: WebStack;
let matchId: string;
/** An event of four bots at two tables, every table 3 s behind (made by the featured-table walk). */
let eventId: string;
const EVENT_DELAY_S = 3;
const coverageToken = () => mintToken({ role: 'coverage', ttlSeconds: 3600 }, { secret: SECRET });
/** Removes a match's annotations by the token's author. */
async function removeAnnotations(api: string, matchId: string, token: string): Promise<void> {
  const path = `/api/matches/${matchId}/annotations`;
  const left = await apiJson<{ annotations: { annotationId: string }[] }>(api, path, { token });
  for (const a of left.annotations)
    await apiJson(api, `${path}/${a.annotationId}`, { token, method: 'DELETE' });
}
/** The annotating desk's one token, so a retried attempt is the same author and may remove what it left. */
const DESK_TOKEN = coverageToken();
const organiserToken = () => mintToken({ role: 'organiser', ttlSeconds: 3600 }, { secret: SECRET });

beforeAll(async () => {
  stack = await startWebStack({
    // Bots a little slower than the default, so the event's games (started by the featured-table test) still play
    // while the producer switches and draws.
    botMinMs: 150,
    botMaxMs: 250,
    onServer: async (api) => {
      const m = await apiJson<{ matchId: string }>(api, '/api/matches', {
        token: organiserToken(),
        body: {
          game: GAME,
          players: [
            { name: 'Ada', bot: 'greedy' },
            { name: 'Bo', bot: 'random' },
          ],
        },
      });
      matchId = m.matchId;
    },
  });
  // Let the bots play a while so the board has cards on it.
  for (let i = 0; i < 300; i++) {
    const m = await apiJson<{ lastSeq: number; status: string }>(stack.api, `/api/matches/${matchId}`);
    if (m.lastSeq > 60 || m.status === 'ended') break;
    await new Promise((r) => setTimeout(r, 100));
  }
}, 600_000);
afterAll(() => stack?.stop());

async function overlayPage(browser: Browser): Promise<Page> {
  const ctx = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  return ctx.newPage();
}

/** The alpha channel of an 8-bit RGBA, non-interlaced PNG (what Chromium's screenshots are), decoded here. */
export function pngAlpha(png: Buffer): { width: number; height: number; alpha: Uint8Array } {
  if (png.readUInt32BE(0) !== 0x89504e47) throw new Error('not a PNG');
  let width = 0;
  let height = 0;
  const idat: Buffer[] = [];
  for (let off = 8; off < png.length;) {
    const len = png.readUInt32BE(off);
    const type = png.toString('latin1', off + 4, off + 8);
    const data = png.subarray(off + 8, off + 8 + len);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      if (data[8] !== 8 || data[9] !== 6 || data[12] !== 0)
        throw new Error(`PNG is not 8-bit RGBA non-interlaced (depth ${data[8]}, colour type ${data[9]})`);
    } else if (type === 'IDAT') idat.push(data);
    off += 12 + len;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const bpp = 4;
  const stride = width * bpp;
  const out = Buffer.alloc(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x++) {
      const a = x >= bpp ? out[y * stride + x - bpp]! : 0;
      const b = y > 0 ? out[(y - 1) * stride + x]! : 0;
      const c = x >= bpp && y > 0 ? out[(y - 1) * stride + x - bpp]! : 0;
      let v = line[x]!;
      if (filter === 1) v += a;
      else if (filter === 2) v += b;
      else if (filter === 3) v += (a + b) >> 1;
      else if (filter === 4) {
        const p = a + b - c;
        const pa = Math.abs(p - a);
        const pb = Math.abs(p - b);
        const pc = Math.abs(p - c);
        v += pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      out[y * stride + x] = v & 0xff;
    }
  }
  const alpha = new Uint8Array(width * height);
  for (let i = 0; i < alpha.length; i++) alpha[i] = out[i * 4 + 3]!;
  return { width, height, alpha };
}

/** Share of fully transparent pixels in a screenshot, share of (nearly) opaque ones, and the top-left alpha. */
function transparency(png: Buffer): {
  transparent: number;
  opaque: number;
  corner: number;
  width: number;
  height: number;
} {
  const { width, height, alpha } = pngAlpha(png);
  let transparent = 0;
  let opaque = 0;
  for (const a of alpha) {
    if (a === 0) transparent++;
    else if (a > 200) opaque++;
  }
  return {
    transparent: transparent / alpha.length,
    opaque: opaque / alpha.length,
    corner: alpha[0]!,
    width,
    height,
  };
}

async function shoot(page: Page, name: string): Promise<Buffer> {
  const png = await page.screenshot({ omitBackground: true, fullPage: false });
  writeFileSync(join(RESULTS, name), png);
  return png;
}

describe('stream overlays', () => {
  it('board, scorebar, hand and card render at 1920×1080 on a transparent page', async () => {
    const cov = coverageToken();
    const page = await overlayPage(stack.browser);
    const shots: Record<string, ReturnType<typeof transparency>> = {};

    for (const kind of ['board', 'scorebar']) {
      await page.goto(`${stack.web}/overlay/${matchId}/${kind}`);
      await page.locator(`[data-overlay="${kind}"][data-ready="true"]`).waitFor({ timeout: 60_000 });
      await page
        .locator(kind === 'board' ? '.ov-board .board' : '.ov-scorebar .ov-player')
        .first()
        .waitFor();
      shots[kind] = transparency(await shoot(page, `coverage-overlay-${kind}.png`));
    }
    // Scorebar: both players and the turn line.
    await page.goto(`${stack.web}/overlay/${matchId}/scorebar`);
    await page.locator('.ov-scorebar .ov-player').nth(1).waitFor({ timeout: 60_000 });
    expect(await page.locator('.ov-name').allTextContents()).toEqual(['Ada', 'Bo']);
    expect(await page.locator('.ov-turn').textContent()).toMatch(/Turn \d+|Final|Setup/);

    // Hand: refused without a coverage token, shown with one.
    await page.goto(`${stack.web}/overlay/${matchId}/hand/p1`);
    await expect(page.locator('.ov-problem').textContent()).resolves.toContain('coverage token');
    await page.goto(
      `${stack.web}/overlay/${matchId}/hand/p1?token=${encodeURIComponent(mintToken({ role: 'judge', ttlSeconds: 60 }, { secret: SECRET }))}`,
    );
    await expect(page.locator('.ov-problem').textContent()).resolves.toContain('coverage feed');
    await page.goto(`${stack.web}/overlay/${matchId}/hand/p1?token=${encodeURIComponent(cov)}`);
    await page.locator('[data-overlay="hand"][data-ready="true"] .ov-hand').waitFor({ timeout: 60_000 });
    shots.hand = transparency(await shoot(page, 'coverage-overlay-hand.png'));

    // Card: the producer points at a card (a card on the public board); the overlay shows it.
    const state = await apiJson<{
      board: {
        players: {
          zones: { layout: string; cards: { id: string; hidden?: boolean; face?: { name: string } }[] }[];
        }[];
        shared: { cards: { id: string; hidden?: boolean; face?: { name: string } }[] }[];
      };
      seq: number;
    }>(stack.api, `/api/matches/${matchId}/state`);
    const tiles = [
      ...state.board.players.flatMap((p) =>
        p.zones.filter((z) => z.layout !== 'pile').flatMap((z) => z.cards),
      ),
      ...state.board.shared.flatMap((z) => z.cards),
    ].filter((c) => !c.hidden);
    expect(tiles.length, 'a card on the public board').toBeGreaterThan(0);
    await apiJson(stack.api, `/api/matches/${matchId}/focus`, {
      method: 'PUT',
      token: cov,
      body: { cardId: tiles[0]!.id, seq: state.seq },
    });
    await page.goto(`${stack.web}/overlay/${matchId}/card`);
    await page.locator('.ov-card').waitFor({ timeout: 60_000 });
    expect(await page.locator('.ov-card-head strong').textContent()).toBe(tiles[0]!.face!.name);
    shots.card = transparency(await shoot(page, 'coverage-overlay-card.png'));

    for (const [kind, s] of Object.entries(shots)) {
      expect([s.width, s.height], `${kind}: 1920×1080`).toEqual([1920, 1080]);
      expect(s.corner, `${kind}: the top-left pixel is transparent`).toBe(0);
      expect(s.transparent, `${kind}: most of the frame is transparent`).toBeGreaterThan(0.3);
      expect(s.opaque, `${kind}: the overlay drew something`).toBeGreaterThan(0.001);
    }
    await page.context().close();
  }, 300_000);
});

/**
 * Hovers a face-up card of the live board until the match's focus is the card under the pointer; returns that card
 * and the focus read last (the caller asserts they agree).
 */
async function hoverACard(
  page: Page,
  focusedCard: () => Promise<string | null>,
): Promise<{ cardId: string | null; cardName: string | null; focused: string | null }> {
  // The match is live: the board can change between reading a tile and hovering it, so the tile is hovered by
  // its id, and picked again if the card left the board meanwhile.
  let cardId: string | null = null;
  let cardName: string | null = null;
  let focused: string | null = null;
  for (let attempt = 0; attempt < 5 && (cardId === null || focused !== cardId); attempt++) {
    const first = page.locator('.board .tile[data-card]:not([data-hidden])').first();
    cardId = await first.getAttribute('data-id');
    expect(cardId).toBeTruthy();
    const tile = page.locator(`.board .tile[data-id="${cardId}"]`).first();
    // boundingBox waits for the tile to exist: a card that left the board meanwhile would hold it 45 s (a
    // clean-clone CI run's failure), so a short wait, then pick again.
    const box = await tile.boundingBox({ timeout: 2_000 }).catch(() => null);
    if (!box) continue; // the card left the board meanwhile
    const at = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    // In from outside the board, as a hand moves. A live board may move another card under a still pointer (a
    // card played, a zone grown); the browser sends no mouseover for it, and a move to where the pointer already
    // rests sends none either, so the pointer comes in again now and then: the focus follows the card under it,
    // which is the one this test follows too.
    const enter = async () => {
      await page.mouse.move(2, 2);
      await page.mouse.move(at.x, at.y, { steps: 4 });
    };
    await enter();
    for (let i = 0; i < 40; i++) {
      if (i > 0 && i % 10 === 0) await enter();
      const under = await page.evaluate(({ x, y }) => {
        const t = document.elementFromPoint(x, y)?.closest<HTMLElement>('.tile[data-card]');
        return t
          ? { id: t.dataset.id ?? null, name: t.querySelector('.tile-name')?.textContent ?? null }
          : null;
      }, at);
      if (under?.id) {
        cardId = under.id;
        cardName = under.name;
      }
      focused = await focusedCard();
      if (focused === cardId) break;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return { cardId, cardName, focused };
}

describe('coverage editor', () => {
  it('adds an annotation at the current event with A, tags it, edits and deletes it; markers and layers follow', async () => {
    const cov = DESK_TOKEN;
    // A retry (CI gives a browser test one) starts where the first attempt did: with no annotations.
    await removeAnnotations(stack.api, matchId, cov);
    const ctx = await stack.browser.newContext({ viewport: { width: 1600, height: 900 } });
    const page = await ctx.newPage();
    await page.goto(`${stack.web}/matches/${matchId}?as=coverage&seq=20&token=${encodeURIComponent(cov)}`);
    await page.locator('.ann-panel').waitFor({ timeout: 60_000 });
    await page.locator('.match-page[data-seq="20"]').waitFor({ timeout: 60_000 });
    await page.locator('.board').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('a');
    const editor = page.locator('form.ann-editor');
    await editor.waitFor();
    await editor.getByPlaceholder('e.g. Ana (desk)').fill('Desk One');
    await editor
      .getByLabel('Text (Markdown)')
      .fill('**Huge** swing: the whole board trades <script>alert(1)</script>');
    await editor.getByRole('button', { name: 'lethal' }).click();
    await editor.getByRole('radio', { name: /blunder/ }).click();
    await editor.getByPlaceholder('(leave empty: not a chapter)').fill('The swing');
    await page.screenshot({ path: join(RESULTS, 'coverage-editor-new.png') });
    await editor.getByLabel('Text (Markdown)').press('Control+Enter');
    const item = page.locator('.ann-item').first();
    await item.waitFor({ timeout: 20_000 });
    await expect(item.locator('.ann-go').textContent()).resolves.toBe('#20');
    await expect(item.locator('strong').textContent()).resolves.toBe('Huge');
    expect(await item.locator('script').count()).toBe(0);
    await expect(item.locator('.ann-glyph').textContent()).resolves.toBe('??');
    await page.locator('.ann-marker').first().waitFor();
    await page.screenshot({ path: join(RESULTS, 'coverage-editor-list.png') });

    // Stored as typed, for this author, at event 20.
    const list = await apiJson<{
      annotations: {
        seq: { to: number };
        tags: string[];
        quality: string;
        chapter: string;
        author: { name: string };
      }[];
    }>(stack.api, `/api/matches/${matchId}/annotations`, { token: cov });
    expect(list.annotations).toHaveLength(1);
    expect(list.annotations[0]).toMatchObject({
      seq: { to: 20 },
      tags: ['lethal'],
      quality: 'blunder',
      chapter: 'The swing',
      author: { name: 'Desk One' },
    });

    // Click to seek: from elsewhere, the marker brings the playhead back to 20.
    await page.keyboard.press('Home');
    await page.locator('.match-page[data-seq="0"]').waitFor();
    await page.locator('.ann-marker').first().click();
    await page.locator('.match-page[data-seq="20"]').waitFor();

    // Hovering a card in the coverage view points the card overlay at it (the producer's focus). At the last
    // event, so the overlay (which draws its own latest board) holds the same card.
    await page.locator('.board').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('End');
    await page.waitForFunction(() => {
      const m = document.querySelector<HTMLElement>('.match-page');
      return !!m && m.dataset.seq === m.dataset.length;
    });
    // Wait for this card: the pointer crossed other tiles on the way here (Home, the marker), and an earlier
    // focus may still be the stored one for a moment (the page debounces the pointer by 150 ms).
    const focusedCard = async (): Promise<string | null> =>
      (
        await apiJson<{ focus: { cardId: string | null } | null }>(
          stack.api,
          `/api/matches/${matchId}/focus?as=coverage`,
          { token: cov },
        )
      ).focus?.cardId ?? null;
    const { cardId, cardName, focused } = await hoverACard(page, focusedCard);
    expect(focused, 'the hovered card became the focus').toBe(cardId);
    const overlay = await ctx.newPage();
    await overlay.goto(`${stack.web}/overlay/${matchId}/card?token=${encodeURIComponent(cov)}`);
    await expect(overlay.locator('.ov-card-head strong').textContent({ timeout: 60_000 })).resolves.toBe(
      cardName,
    );
    await overlay.close();

    // Edit, then hide the layer, show it, delete.
    await item.getByRole('button', { name: 'Edit' }).click();
    await editor.getByLabel('Text (Markdown)').fill('Edited: *still* a blunder');
    await editor.getByRole('button', { name: /Save/ }).click();
    await page
      .locator('.ann-item em', { hasText: 'still' })
      .or(page.locator('.ann-problem'))
      .first()
      .waitFor({ timeout: 20_000 });
    expect(
      await page.locator('.ann-problem').count(),
      (await page.locator('.ann-problem').allTextContents()).join(' '),
    ).toBe(0);
    await page.locator('.ann-layer input').uncheck();
    await page.locator('.ann-empty', { hasText: 'Every layer is hidden' }).waitFor();
    await page.locator('.ann-layer input').check();
    await page.locator('.ann-item').first().getByRole('button', { name: 'Delete' }).click();
    await page.locator('.ann-empty', { hasText: 'No annotations yet' }).waitFor({ timeout: 20_000 });
    expect(
      (
        await apiJson<{ annotations: unknown[] }>(stack.api, `/api/matches/${matchId}/annotations`, {
          token: cov,
        })
      ).annotations,
    ).toHaveLength(0);
    await ctx.close();
  }, 300_000);
});

/** What the event board overlay showed at a moment: its match and seq (0 while the feed is not that match's). */
type Sample = { match: string; seq: number; t: number };
type Card = { id: string; hidden?: boolean };
type Live = {
  board: {
    status: string;
    players: { id: string; zones: { key: string; layout: string; cards: Card[] }[] }[];
  };
  seq: number;
};

/** Starts the bot event (module-level eventId); its table numbers to their game's match. */
async function startFeaturedEvent(): Promise<Map<number, string | null>> {
  eventId = await startBotEvent(stack.api, organiserToken(), 'Featured Night', EVENT_DELAY_S);
  const tables = (
    await apiJson<{ rounds: { pairings: { table: number; games: { matchId: string | null }[] }[] }[] }>(
      stack.api,
      `/api/events/${eventId}`,
    )
  ).rounds[0]!.pairings;
  const matchOf = new Map(tables.map((p) => [p.table, p.games[0]?.matchId ?? null]));
  expect(
    [...matchOf.values()].every((m) => m !== null),
    'both tables have their game',
  ).toBe(true);
  return matchOf;
}

/**
 * The producer's desk and the event board overlay; the desk features tables 1, 2, 1 and the overlay follows each,
 * sampled all along (the samples are judged against the delay at the end).
 */
async function followSwitches(cov: string, matchOf: Map<number, string | null>) {
  const deskCtx = await stack.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const desk = await deskCtx.newPage();
  await desk.goto(`${stack.web}/events/${eventId}?token=${encodeURIComponent(cov)}`);
  await desk.getByRole('region', { name: 'Featured table' }).waitFor({ timeout: 60_000 });
  const overlay = await overlayPage(stack.browser);
  // The switches come over the featured table's stream: no asking GET /featured (the fallback while it is down).
  const featuredReads: string[] = [];
  const featuredStreams: string[] = [];
  overlay.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path === `/api/events/${eventId}/featured`) featuredReads.push(r.url());
    if (path === `/api/events/${eventId}/featured/live`) featuredStreams.push(r.url());
  });
  await overlay.goto(`${stack.web}/overlay/event/${eventId}/board`);
  await overlay
    .locator('[data-event-overlay="board"] [data-overlay="board"][data-ready="true"]')
    .waitFor({ timeout: 60_000 });
  const samples: Sample[] = [];
  const sample = async (): Promise<Sample> => {
    const s = await overlay.evaluate(() => {
      const root = document.querySelector<HTMLElement>('[data-event-overlay="board"]');
      const feed = root?.querySelector<HTMLElement>('[data-overlay="board"]');
      return {
        match: root?.dataset.match ?? '',
        inner: feed?.dataset.match ?? '',
        seq: Number(feed?.dataset.seq ?? 0),
      };
    });
    // Taken after the read: whatever was on screen was there by then.
    const x = { match: s.match, seq: s.match && s.inner === s.match ? s.seq : 0, t: Date.now() };
    samples.push(x);
    return x;
  };
  expect((await sample()).match, 'nothing featured yet').toBe('');

  for (const table of [1, 2, 1]) {
    await desk.getByRole('button', { name: `Feature table ${table}` }).click();
    await desk.getByRole('button', { name: `Stop featuring table ${table}` }).waitFor({ timeout: 30_000 });
    for (let i = 0; ; i++) {
      const s = await sample();
      if (s.match === matchOf.get(table) && s.seq > 0) break;
      if (i > 600) throw new Error(`the overlay never followed table ${table}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  await shoot(overlay, 'coverage-overlay-event-board.png');
  expect(featuredReads, 'the overlay asked GET /featured while its stream was up').toEqual([]);
  expect(featuredStreams.length, 'the overlay opened the featured table stream').toBeGreaterThan(0);
  return { deskCtx, overlay, samples };
}

/**
 * Drawings reach the overlay over its live stream (no more reads of the list), after its delay, and never one at a
 * card its public feed does not show. A judge (live) circles a card in play and one in p1's hand at the live seq,
 * while the overlay (3 s behind) stays open on the featured table.
 */
async function expectDrawingsDelayed(overlay: Page, featured: string, judge: string): Promise<void> {
  const drawingReads: string[] = [];
  overlay.on('request', (r) => {
    if (r.url().includes('/drawings')) drawingReads.push(r.url());
  });
  let live = await apiJson<Live>(stack.api, `/api/matches/${featured}/state?as=judge`, { token: judge });
  // A card the public already sees (its feed, 3 s behind) and that is still there at the live seq.
  const publicCards = async () => {
    const pub = await apiJson<Live>(stack.api, `/api/matches/${featured}/state?as=public`);
    return new Set(
      pub.board.players.flatMap((p) =>
        p.zones
          .filter((z) => z.key !== 'hand')
          .flatMap((z) => z.cards.filter((c) => !c.hidden).map((c) => c.id)),
      ),
    );
  };
  let seen = await publicCards();
  const inPlayOf = (l: Live) =>
    l.board.players
      .flatMap((p) => p.zones)
      .filter((z) => z.key !== 'hand' && z.layout !== 'pile')
      .flatMap((z) => z.cards)
      .find((c) => seen.has(c.id));
  for (let i = 0; i < 120 && !inPlayOf(live) && live.board.status !== 'ended'; i++) {
    await new Promise((r) => setTimeout(r, 500));
    seen = await publicCards();
    live = await apiJson<Live>(stack.api, `/api/matches/${featured}/state?as=judge`, { token: judge });
  }
  expect(live.board.status, 'the featured game still plays (drawings come over its live stream)').not.toBe(
    'ended',
  );
  const inPlay = inPlayOf(live);
  const inHand = live.board.players[0]!.zones.find((z) => z.key === 'hand')?.cards[0];
  expect(inPlay && inHand, `a card in play and one in p1's hand at seq ${live.seq}`).toBeTruthy();
  for (const card of [inPlay!, inHand!])
    await apiJson(stack.api, `/api/matches/${featured}/drawings`, {
      token: judge,
      body: {
        authorName: 'Desk',
        seq: live.seq,
        shape: { kind: 'circle', at: { kind: 'card', cardId: card.id } },
        color: 'red',
      },
    });
  const board = overlay.locator(`[data-overlay="board"][data-match="${featured}"]`);
  await overlay
    .locator(`[data-overlay="board"][data-match="${featured}"][data-drawings="1"]`)
    .waitFor({ timeout: 60_000 })
    .catch(async (e: unknown) => {
      throw new Error(
        `${String(e)}\noverlay: ${await board.evaluate((el) => JSON.stringify((el as HTMLElement).dataset)).catch(() => 'gone')}; public list: ${JSON.stringify(await apiJson(stack.api, `/api/matches/${featured}/drawings`))}`,
      );
    });
  const heldAt = Date.now();
  const drawnAt = Date.parse(
    (
      await apiJson<{ events: { at: string }[] }>(
        stack.api,
        `/api/matches/${featured}/events?as=judge&from=${live.seq}&to=${live.seq}`,
        { token: judge },
      )
    ).events[0]!.at,
  );
  expect(
    drawnAt,
    'the drawing reached the overlay no sooner than its delayed feed reached the drawing’s event',
  ).toBeLessThanOrEqual(heldAt - EVENT_DELAY_S * 1000);
  await overlay.locator('.draw-layer [data-kind="circle"]').waitFor({ timeout: 30_000 });
  // Once the overlay's feed is past the drawings' seq (both were sent together if at all), the hand card's never came.
  await overlay
    .waitForFunction(
      (seq) =>
        Number(document.querySelector<HTMLElement>('[data-overlay="board"]')?.dataset.seq ?? 0) > seq + 2,
      live.seq,
      { timeout: 30_000 },
    )
    .catch(() => undefined);
  expect(await board.getAttribute('data-drawings')).toBe('1');
  expect(drawingReads, 'the drawing came over the live stream, not a read of the list').toEqual([]);
  await shoot(overlay, 'coverage-overlay-event-drawing.png');
}

/** The switches as the stream recorded them, and each shown event's time, judged against every sample. */
async function expectNeverAhead(samples: Sample[], matchOf: Map<number, string | null>, judge: string) {
  const stream = await fetch(`${stack.api}/api/events/${eventId}/stream.jsonl`, {
    headers: { authorization: `Bearer ${organiserToken()}` },
  });
  const switches = (await stream.text())
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => JSON.parse(l) as { type: string; at: string; payload: { table: number | null } })
    .filter((e) => e.type === 'FeaturedTableChanged')
    .map((e) => ({ at: Date.parse(e.at), match: matchOf.get(e.payload.table ?? 0) ?? null }));
  expect(switches.map((s) => s.match)).toEqual([matchOf.get(1), matchOf.get(2), matchOf.get(1)]);
  const times = new Map<string, number[]>();
  for (const m of new Set(samples.map((s) => s.match).filter(Boolean))) {
    const r = await apiJson<{ events: { seq: number; at: string }[] }>(
      stack.api,
      `/api/matches/${m}/events?as=judge&from=1&to=100000`,
      { token: judge },
    );
    times.set(
      m,
      r.events.map((e) => Date.parse(e.at)),
    );
  }
  let last = -1;
  for (const s of samples) {
    const edge = s.t - EVENT_DELAY_S * 1000;
    if (!s.match) {
      expect(last, `at ${s.t}: the overlay went blank after showing a table`).toBe(-1);
      continue;
    }
    // The latest switch to this table that its delay had reached: none means the overlay was ahead.
    let k = -1;
    switches.forEach((w, i) => {
      if (w.match === s.match && w.at <= edge) k = i;
    });
    expect(
      k,
      `at ${s.t}: the overlay showed ${s.match} before the switch to it was ${EVENT_DELAY_S} s old`,
    ).toBeGreaterThanOrEqual(0);
    expect(k, `at ${s.t}: the overlay went back to an earlier switch`).toBeGreaterThanOrEqual(last);
    last = k;
    if (s.seq > 0)
      expect(
        times.get(s.match)![s.seq - 1]!,
        `at ${s.t}: ${s.match} event ${s.seq} is younger than the delay`,
      ).toBeLessThanOrEqual(edge);
  }
  expect(last, 'the overlay reached the third switch').toBe(2);
}

describe('event overlays follow the featured table', () => {
  it('the producer switches tables twice on the event page; the board overlay follows, never ahead of its delay', async () => {
    const cov = coverageToken();
    const judge = mintToken({ role: 'judge', ttlSeconds: 3600 }, { secret: SECRET });
    const matchOf = await startFeaturedEvent();
    const { deskCtx, overlay, samples } = await followSwitches(cov, matchOf);
    const featured = matchOf.get(1)!;
    await expectDrawingsDelayed(overlay, featured, judge);

    await overlay.goto(`${stack.web}/overlay/event/${eventId}/scorebar`);
    await overlay
      .locator(`[data-event-overlay="scorebar"][data-match="${featured}"] .ov-scorebar`)
      .waitFor({ timeout: 60_000 });
    await shoot(overlay, 'coverage-overlay-event-scorebar.png');
    // The hand overlay of the featured table follows the same switch on the coverage feed.
    await overlay.goto(`${stack.web}/overlay/event/${eventId}/hand/p1?token=${encodeURIComponent(cov)}`);
    await overlay
      .locator(
        `[data-event-overlay="hand"][data-match="${matchOf.get(1)}"] [data-overlay="hand"][data-ready="true"] .ov-hand`,
      )
      .waitFor({ timeout: 60_000 });

    await expectNeverAhead(samples, matchOf, judge);
    await overlay.context().close();
    await deskCtx.close();
  }, 300_000);
});

// Coverage tools in the browser (real server, `next start`, Debian Chromium): each stream overlay rendered at
// 1920×1080 on a transparent page (screenshots with no background; the pixels are checked to be transparent
// where nothing is drawn), and the editor flow of a coverage token (A at the current event, tag, glyph, save,
// edit, delete). Screenshots go to test-results/coverage-*.png.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { mintToken } from '@matchtape/server';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiJson, RESULTS, SECRET, startWebStack, type WebStack } from './web-stack';

const GAME = 'elemental-clash';
let stack: WebStack;
let matchId: string;
const coverageToken = () => mintToken({ role: 'coverage', ttlSeconds: 3600 }, { secret: SECRET });
const organiserToken = () => mintToken({ role: 'organiser', ttlSeconds: 3600 }, { secret: SECRET });

beforeAll(async () => {
  stack = await startWebStack({
    onServer: async (api) => {
      const m = await apiJson<{ matchId: string }>(api, '/api/matches', { token: organiserToken(), body: { game: GAME, players: [{ name: 'Ada', bot: 'greedy' }, { name: 'Bo', bot: 'random' }] } });
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
  for (let off = 8; off < png.length; ) {
    const len = png.readUInt32BE(off);
    const type = png.toString('latin1', off + 4, off + 8);
    const data = png.subarray(off + 8, off + 8 + len);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      if (data[8] !== 8 || data[9] !== 6 || data[12] !== 0) throw new Error(`PNG is not 8-bit RGBA non-interlaced (depth ${data[8]}, colour type ${data[9]})`);
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
function transparency(png: Buffer): { transparent: number; opaque: number; corner: number; width: number; height: number } {
  const { width, height, alpha } = pngAlpha(png);
  let transparent = 0;
  let opaque = 0;
  for (const a of alpha) {
    if (a === 0) transparent++;
    else if (a > 200) opaque++;
  }
  return { transparent: transparent / alpha.length, opaque: opaque / alpha.length, corner: alpha[0]!, width, height };
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
      await page.locator(kind === 'board' ? '.ov-board .board' : '.ov-scorebar .ov-player').first().waitFor();
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
    await page.goto(`${stack.web}/overlay/${matchId}/hand/p1?token=${encodeURIComponent(mintToken({ role: 'judge', ttlSeconds: 60 }, { secret: SECRET }))}`);
    await expect(page.locator('.ov-problem').textContent()).resolves.toContain('coverage feed');
    await page.goto(`${stack.web}/overlay/${matchId}/hand/p1?token=${encodeURIComponent(cov)}`);
    await page.locator('[data-overlay="hand"][data-ready="true"] .ov-hand').waitFor({ timeout: 60_000 });
    shots.hand = transparency(await shoot(page, 'coverage-overlay-hand.png'));

    // Card: the producer points at a card (a card on the public board); the overlay shows it.
    const state = await apiJson<{ board: { players: { zones: { layout: string; cards: { id: string; hidden?: boolean; face?: { name: string } }[] }[] }[]; shared: { cards: { id: string; hidden?: boolean; face?: { name: string } }[] }[] }; seq: number }>(stack.api, `/api/matches/${matchId}/state`);
    const tiles = [...state.board.players.flatMap((p) => p.zones.filter((z) => z.layout !== 'pile').flatMap((z) => z.cards)), ...state.board.shared.flatMap((z) => z.cards)].filter((c) => !c.hidden);
    expect(tiles.length, 'a card on the public board').toBeGreaterThan(0);
    await apiJson(stack.api, `/api/matches/${matchId}/focus`, { method: 'PUT', token: cov, body: { cardId: tiles[0]!.id, seq: state.seq } });
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

describe('coverage editor', () => {
  it('adds an annotation at the current event with A, tags it, edits and deletes it; markers and layers follow', async () => {
    const cov = coverageToken();
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
    await editor.getByLabel('Text (Markdown)').fill('**Huge** swing: the whole board trades <script>alert(1)</script>');
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
    const list = await apiJson<{ annotations: { seq: { to: number }; tags: string[]; quality: string; chapter: string; author: { name: string } }[] }>(stack.api, `/api/matches/${matchId}/annotations`, { token: cov });
    expect(list.annotations).toHaveLength(1);
    expect(list.annotations[0]).toMatchObject({ seq: { to: 20 }, tags: ['lethal'], quality: 'blunder', chapter: 'The swing', author: { name: 'Desk One' } });

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
    const tile = page.locator('.board .tile[data-card]:not([data-hidden])').first();
    const cardName = await tile.locator('.tile-name').textContent();
    const cardId = await tile.getAttribute('data-id');
    expect(cardId).toBeTruthy();
    await tile.hover();
    // Wait for this card: the pointer crossed other tiles on the way here (Home, the marker), and an earlier
    // focus may still be the stored one for a moment (the page debounces the pointer by 150 ms).
    const focusedCard = async (): Promise<string | null> =>
      (await apiJson<{ focus: { cardId: string | null } | null }>(stack.api, `/api/matches/${matchId}/focus?as=coverage`, { token: cov })).focus?.cardId ?? null;
    let focused = await focusedCard();
    for (let i = 0; i < 100 && focused !== cardId; i++) {
      await new Promise((r) => setTimeout(r, 100));
      focused = await focusedCard();
    }
    expect(focused, 'the hovered card became the focus').toBe(cardId);
    const overlay = await ctx.newPage();
    await overlay.goto(`${stack.web}/overlay/${matchId}/card?token=${encodeURIComponent(cov)}`);
    await expect(overlay.locator('.ov-card-head strong').textContent({ timeout: 60_000 })).resolves.toBe(cardName);
    await overlay.close();

    // Edit, then hide the layer, show it, delete.
    await item.getByRole('button', { name: 'Edit' }).click();
    await editor.getByLabel('Text (Markdown)').fill('Edited: *still* a blunder');
    await editor.getByRole('button', { name: /Save/ }).click();
    await page.locator('.ann-item em', { hasText: 'still' }).or(page.locator('.ann-problem')).first().waitFor({ timeout: 20_000 });
    expect(await page.locator('.ann-problem').count(), (await page.locator('.ann-problem').allTextContents()).join(' ')).toBe(0);
    await page.locator('.ann-layer input').uncheck();
    await page.locator('.ann-empty', { hasText: 'Every layer is hidden' }).waitFor();
    await page.locator('.ann-layer input').check();
    await page.locator('.ann-item').first().getByRole('button', { name: 'Delete' }).click();
    await page.locator('.ann-empty', { hasText: 'No annotations yet' }).waitFor({ timeout: 20_000 });
    expect((await apiJson<{ annotations: unknown[] }>(stack.api, `/api/matches/${matchId}/annotations`, { token: cov })).annotations).toHaveLength(0);
    await ctx.close();
  }, 300_000);
});

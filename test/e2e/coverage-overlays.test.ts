// Coverage tools in the browser (real server, `next start`, Debian Chromium): each stream overlay rendered at
// 1920×1080 on a transparent page (screenshots with no background; the pixels are checked to be transparent
// where nothing is drawn), and the editor flow of a coverage token (A at the current event, tag, glyph, save,
// edit, delete). Screenshots go to test-results/coverage-*.png.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
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

/** Share of fully transparent pixels in a PNG, and whether anything opaque was drawn, read in the browser. */
async function transparency(page: Page, png: Buffer): Promise<{ transparent: number; opaque: number; corner: number }> {
  return page.evaluate(async (b64) => {
    const blob = await (await fetch(`data:image/png;base64,${b64}`)).blob();
    const bmp = await createImageBitmap(blob);
    const c = new OffscreenCanvas(bmp.width, bmp.height);
    const g = c.getContext('2d')!;
    g.drawImage(bmp, 0, 0);
    const d = g.getImageData(0, 0, bmp.width, bmp.height).data;
    let transparent = 0;
    let opaque = 0;
    for (let i = 3; i < d.length; i += 4) {
      if (d[i] === 0) transparent++;
      else if (d[i]! > 200) opaque++;
    }
    const n = d.length / 4;
    return { transparent: transparent / n, opaque: opaque / n, corner: d[3]! };
  }, png.toString('base64'));
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
    const shots: Record<string, { transparent: number; opaque: number; corner: number }> = {};

    for (const kind of ['board', 'scorebar']) {
      await page.goto(`${stack.web}/overlay/${matchId}/${kind}`);
      await page.locator(`[data-overlay="${kind}"][data-ready="true"]`).waitFor({ timeout: 60_000 });
      await page.locator(kind === 'board' ? '.ov-board .board' : '.ov-scorebar .ov-player').first().waitFor();
      shots[kind] = await transparency(page, await shoot(page, `coverage-overlay-${kind}.png`));
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
    shots.hand = await transparency(page, await shoot(page, 'coverage-overlay-hand.png'));

    // Card: the producer points at a card (a card on the public board); the overlay shows it.
    const state = await apiJson<{ board: { players: { zones: { layout: string; cards: { id: string; hidden?: boolean; face?: { name: string } }[] }[] }[]; shared: { cards: { id: string; hidden?: boolean; face?: { name: string } }[] }[] }; seq: number }>(stack.api, `/api/matches/${matchId}/state`);
    const tiles = [...state.board.players.flatMap((p) => p.zones.filter((z) => z.layout !== 'pile').flatMap((z) => z.cards)), ...state.board.shared.flatMap((z) => z.cards)].filter((c) => !c.hidden);
    expect(tiles.length, 'a card on the public board').toBeGreaterThan(0);
    await apiJson(stack.api, `/api/matches/${matchId}/focus`, { method: 'PUT', token: cov, body: { cardId: tiles[0]!.id, seq: state.seq } });
    await page.goto(`${stack.web}/overlay/${matchId}/card`);
    await page.locator('.ov-card').waitFor({ timeout: 60_000 });
    expect(await page.locator('.ov-card-head strong').textContent()).toBe(tiles[0]!.face!.name);
    shots.card = await transparency(page, await shoot(page, 'coverage-overlay-card.png'));

    for (const [kind, s] of Object.entries(shots)) {
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

    // Edit, then hide the layer, show it, delete.
    await item.getByRole('button', { name: 'Edit' }).click();
    await editor.getByLabel('Text (Markdown)').fill('Edited: *still* a blunder');
    await editor.getByRole('button', { name: /Save/ }).click();
    await page.locator('.ann-item em', { hasText: 'still' }).waitFor({ timeout: 20_000 });
    await page.locator('.ann-layer input').uncheck();
    await page.locator('.ann-empty', { hasText: 'Every layer is hidden' }).waitFor();
    await page.locator('.ann-layer input').check();
    await page.locator('.ann-item').first().getByRole('button', { name: 'Delete' }).click();
    await page.locator('.ann-empty', { hasText: 'No annotations yet' }).waitFor({ timeout: 20_000 });
    expect((await apiJson<{ annotations: unknown[] }>(stack.api, `/api/matches/${matchId}/annotations`, { token: cov })).annotations).toHaveLength(0);
    await ctx.close();
  }, 300_000);
});

// Embeds and drawings in Chromium (issue 24). The replay player /embed/ID runs inside an iframe of another site (a tiny
// page served on localhost while the site is 127.0.0.1), built from the site's own oEmbed answer, and steps with its
// keys; the same page's frame of the match page is refused (frame-ancestors 'none', X-Frame-Options), as are the
// other pages. A live match with a spectator delay shows only what its public feed has released. The casters'
// drawings: drawn in the coverage view with the mouse and the keyboard, shown on the board overlay.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { mintToken } from '@matchtape/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiJson, RESULTS, SECRET, startWebStackWithEndedMatch, type WebStack } from './web-stack';

let stack: WebStack;
let matchId = '';
let lastSeq = 0;
let foreign: Server;
let foreignBase = '';
let hostPage = '';
const organiser = mintToken({ role: 'organiser', ttlSeconds: 3600 }, { secret: SECRET });
const coverage = mintToken({ role: 'coverage', ttlSeconds: 3600 }, { secret: SECRET });

beforeAll(async () => {
  ({ stack, matchId, lastSeq } = await startWebStackWithEndedMatch(organiser));
  foreign = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(hostPage);
  });
  await new Promise<void>((r) => foreign.listen(0, '127.0.0.1', r));
  // localhost, not 127.0.0.1: another origin and another site than the Matchtape site.
  foreignBase = `http://localhost:${(foreign.address() as AddressInfo).port}`;
}, 600_000);

afterAll(async () => {
  await stack?.stop();
  await new Promise((r) => foreign?.close(r));
});

const frameAncestors = (csp: string | null) =>
  (csp ?? '')
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith('frame-ancestors'));

describe('embeds', () => {
  it('only /embed may be framed: its CSP allows any ancestor, every other page refuses frames', async () => {
    const embed = await fetch(`${stack.web}/embed/${matchId}`);
    expect(embed.status).toBe(200);
    expect(frameAncestors(embed.headers.get('content-security-policy'))).toBe('frame-ancestors *');
    expect(embed.headers.get('x-frame-options')).toBeNull();
    for (const path of ['/', `/matches/${matchId}`, `/overlay/${matchId}/board`, '/coverage', '/embedded']) {
      const r = await fetch(stack.web + path);
      expect(frameAncestors(r.headers.get('content-security-policy')), path).toBe("frame-ancestors 'none'");
      expect(r.headers.get('x-frame-options'), path).toBe('DENY');
    }
    expect((await fetch(`${stack.web}/embed/no-such-match`)).status).toBe(404);
  });

  it('a match link unfurls (oEmbed discovery, then the answer) into a player that works inside another site; the match page refuses the frame', async () => {
    const html = await (await fetch(`${stack.web}/matches/${matchId}`)).text();
    const link = /<link rel="alternate" type="application\/json\+oembed" href="([^"]+)"/.exec(html);
    expect(link, 'the discovery link').not.toBeNull();
    const oembedUrl = link![1]!.replace(/&amp;/g, '&');
    expect(oembedUrl.startsWith(`${stack.web}/api/oembed?url=`)).toBe(true);
    const oembed = await apiJson<{ type: string; html: string; width: number; height: number }>(
      stack.web,
      `/api/oembed?url=${encodeURIComponent(`${stack.web}/matches/${matchId}?seq=5`)}&maxwidth=900`,
    );
    expect(oembed.type).toBe('rich');
    expect(oembed.html).toContain(`src="${stack.web}/embed/${matchId}?seq=5"`);

    hostPage = `<!doctype html><title>An article</title><h1>Match report</h1>${oembed.html}<h2>Not embeddable</h2><iframe id="refused" src="${stack.web}/matches/${matchId}" width="600" height="300"></iframe>`;
    const page = await stack.browser.newPage({ viewport: { width: 1000, height: 1000 } });
    const consoleLines: string[] = [];
    page.on('console', (m) => consoleLines.push(m.text()));
    await page.goto(foreignBase + '/');
    const frame = page.frameLocator('iframe[src*="/embed/"]');
    await frame.locator('.embed[data-seq="5"] .board').waitFor({ timeout: 60_000 });
    expect(await frame.locator('.topbar').isVisible()).toBe(false);
    // Step keys once the frame has focus.
    await frame.locator('.embed-head').click();
    await page.keyboard.press('ArrowRight');
    await frame.locator('.embed[data-seq="6"]').waitFor({ timeout: 10_000 });
    await page.keyboard.press('End');
    await frame.locator(`.embed[data-seq="${lastSeq}"]`).waitFor({ timeout: 10_000 });
    await page.keyboard.press('Home');
    await frame.locator('.embed[data-seq="0"]').waitFor({ timeout: 10_000 });
    // Shift+→ goes from turn start to turn start: two of them pass the first turn's start.
    await page.keyboard.press('Shift+ArrowRight');
    const turn1 = Number(await frame.locator('.embed').getAttribute('data-seq'));
    expect(turn1).toBeGreaterThan(0);
    await page.keyboard.press('Shift+ArrowRight');
    expect(Number(await frame.locator('.embed').getAttribute('data-seq'))).toBeGreaterThan(turn1);
    await page.screenshot({ path: join(RESULTS, 'embed-foreign.png') });

    // The match page in the same article: Chromium refuses to show it (no match page ever renders in that frame).
    await page.waitForLoadState('networkidle').catch(() => undefined);
    const refused = page.frames().find((f) => f !== page.mainFrame() && !f.url().includes('/embed/'));
    expect(refused, 'the refused frame').toBeDefined();
    expect(await refused!.locator('.match-page').count()).toBe(0);
    expect(consoleLines.some((l) => /frame-ancestors|X-Frame-Options/.test(l))).toBe(true);
    await page.close();
  }, 180_000);

  it('a live match is shown at its delayed position: nothing the public feed has not released', async () => {
    const created = await apiJson<{ matchId: string }>(stack.api, '/api/matches', {
      token: organiser,
      body: { game: 'alpha-clash', players: [{ name: 'Ada' }, { name: 'Bo' }], spectatorDelaySeconds: 3600 },
    });
    const judge = mintToken({ role: 'judge', ttlSeconds: 600 }, { secret: SECRET });
    const truth = await apiJson<{ lastSeq: number }>(stack.api, `/api/matches/${created.matchId}`, {
      token: judge,
    });
    expect(truth.lastSeq).toBeGreaterThan(0);
    const page = await stack.browser.newPage({ viewport: { width: 800, height: 500 } });
    await page.goto(`${stack.web}/embed/${created.matchId}?seq=${truth.lastSeq}`);
    await page.locator('.embed[data-length="0"]').waitFor({ timeout: 60_000 });
    expect(await page.locator('.board').count()).toBe(0);
    await page.close();
  }, 120_000);
});

describe('drawings on the board', () => {
  it('a caster circles a card with the mouse and draws an arrow with the keyboard; the board overlay shows both', async () => {
    const page = await stack.browser.newPage({ viewport: { width: 1600, height: 1000 } });
    await page.goto(`${stack.web}/matches/${matchId}?as=coverage&seq=${lastSeq}&token=${coverage}`);
    await page.locator('.draw-tools').waitFor({ timeout: 60_000 });
    await page.locator('.match-page .board').waitFor();
    await page.keyboard.press('d');
    await page.locator('.draw-tools[data-on="true"]').waitFor();
    // Mouse: the circle tool, then a click on a card.
    await page.getByRole('radio', { name: '◯ circle' }).click();
    const tiles = page.locator('.draw-host .tile[data-id]');
    const first = await tiles.first().getAttribute('data-id');
    await tiles.first().click();
    await page.locator('.draw-layer [data-kind="circle"]').waitFor({ timeout: 15_000 });
    // Keyboard: the arrow tool, Enter on a focused card, then Enter on a focused zone.
    await page.getByRole('radio', { name: '➜ arrow' }).click();
    await tiles.nth(1).focus();
    await page.keyboard.press('Enter');
    await page.locator('.draw-layer .draw-pending').waitFor();
    await page.locator('.draw-host [data-player] [data-zone][tabindex]').first().focus();
    await page.keyboard.press('Enter');
    await page.locator('.draw-layer [data-kind="arrow"]').waitFor({ timeout: 15_000 });
    // The board did not move: picking a target is not stepping the match.
    expect(await page.locator('.match-page').getAttribute('data-seq')).toBe(String(lastSeq));
    const listed = await apiJson<{ drawings: { shape: { kind: string; at?: { cardId?: string } } }[] }>(
      stack.api,
      `/api/matches/${matchId}/drawings`,
    );
    expect(listed.drawings.map((d) => d.shape.kind).sort()).toEqual(['arrow', 'circle']);
    expect(listed.drawings.find((d) => d.shape.kind === 'circle')!.shape.at!.cardId).toBe(first);
    await page.close();

    const overlay = await stack.browser.newPage({ viewport: { width: 1920, height: 1080 } });
    await overlay.goto(`${stack.web}/overlay/${matchId}/board`);
    await overlay
      .locator('[data-overlay="board"][data-ready="true"] .draw-layer [data-kind="arrow"]')
      .waitFor({ timeout: 60_000 });
    expect(await overlay.locator('.draw-layer [data-drawing]').count()).toBe(2);
    await overlay.screenshot({ path: join(RESULTS, 'drawing-overlay.png') });
    await overlay.close();
  }, 180_000);
});

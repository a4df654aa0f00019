// The producer's desk in Chromium, the parts that change what others see (issue 24): the Feature control on /desk
// for a coverage token (the event's featured table switched from the desk, as the event page does), and a
// caster's drawing on an ended match reaching another caster's open match page and the board overlay without a
// reload (their live stream follows the side frames after the match's end).
import { mintToken } from '@matchtape/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiJson, SECRET, startWebStack, waitMatchEnded, type WebStack, startBotEvent } from './web-stack';

const organiser = mintToken({ role: 'organiser', ttlSeconds: 3600 }, { secret: SECRET });
const coverage = () => mintToken({ role: 'coverage', ttlSeconds: 3600 }, { secret: SECRET });
let stack: WebStack;
let eventId = '';
let ended = '';

beforeAll(async () => {
  stack = await startWebStack({
    // Slow bots: the event's tables (134–265 bot commands in Elemental Clash) stay live for two minutes or more
    // while the producer switches; the desk lists only live tables.
    botMinMs: 800,
    botMaxMs: 1200,
    onServer: async (api) => {
      // Two people (no bots) so the match ends at once by a concession.
      const m = await apiJson<{ matchId: string; seats: Record<string, string> }>(api, '/api/matches', {
        token: organiser,
        body: { game: 'elemental-clash', players: [{ name: 'Ada' }, { name: 'Brook' }] },
      });
      ended = m.matchId;
      for (const [seat, token] of Object.entries(m.seats)) {
        const r = await fetch(`${api}/api/matches/${ended}/commands`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ type: 'Concede', commandId: `concede-${seat}` }),
        });
        if (r.ok && ((await r.json()) as { status?: string }).status === 'accepted') break;
      }
    },
  });
}, 900_000);

afterAll(async () => {
  await stack?.stop();
});

const featuredNow = async () =>
  (await apiJson<{ featured: { round: number; table: number } | null }>(stack.api, `/api/events/${eventId}`))
    .featured;

describe('the Feature control on the desk', () => {
  it('a coverage token features a table from /desk, switches to another and back to none; the public desk has no control', async () => {
    // The event starts here, not with the server: its tables are live when the desk opens however long the site
    // took to start, and a retry starts clean (a new event, nothing featured).
    eventId = await startBotEvent(stack.api, organiser, 'Desk Night', 2);
    const pub = await stack.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await pub.goto(`${stack.web}/desk?event=${eventId}`);
    await pub.locator('.desk-grid > li[data-seq]').nth(1).waitFor({ timeout: 120_000 });
    expect(await pub.getByRole('button', { name: /Feature table/ }).count()).toBe(0);
    await pub.close();

    const page = await stack.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${stack.web}/desk?event=${eventId}&token=${encodeURIComponent(coverage())}`);
    await page.locator('.desk-grid > li[data-seq]').nth(1).waitFor({ timeout: 120_000 });
    expect(await featuredNow()).toBeNull();
    for (const table of [2, 1]) {
      await page.getByRole('button', { name: `Feature table ${table}, round 1` }).click();
      await page
        .getByRole('button', { name: `Stop featuring table ${table}, round 1` })
        .waitFor({ timeout: 30_000 });
      expect(await featuredNow()).toEqual({ round: 1, table });
      // The featured table is marked on its board; the other is not.
      const marked = await page.evaluate(() =>
        [
          ...document.querySelectorAll<HTMLElement>('.desk-table[data-featured="yes"] .desk-feature-event'),
        ].map((e) => e.textContent),
      );
      expect(marked).toEqual([`Desk Night · table ${table}`]);
    }
    await page.getByRole('button', { name: 'Stop featuring table 1, round 1' }).click();
    await page.getByRole('button', { name: 'Feature table 1, round 1' }).waitFor({ timeout: 30_000 });
    expect(await featuredNow()).toBeNull();
    await page.close();
  }, 300_000);
});

describe('drawings on an ended match', () => {
  it("caster A's drawing reaches caster B's open match page and the board overlay without a reload", async () => {
    const last = (await waitMatchEnded<{ status: string; lastSeq: number }>(stack.api, ended, 300_000))
      .lastSeq;
    const b = await stack.browser.newPage({ viewport: { width: 1600, height: 900 } });
    await b.goto(`${stack.web}/matches/${ended}?as=coverage&token=${encodeURIComponent(coverage())}`);
    await b
      .locator(`.match-page[data-status="ended"][data-seq="${last}"] .board`)
      .waitFor({ timeout: 60_000 });
    const overlay = await stack.browser.newPage({ viewport: { width: 1920, height: 1080 } });
    await overlay.goto(`${stack.web}/overlay/${ended}/board`);
    await overlay.locator('[data-overlay="board"][data-ready="true"] .board').waitFor({ timeout: 60_000 });
    // Opened, and read whatever they read on opening: from here on nothing may be fetched for the drawing.
    await new Promise((r) => setTimeout(r, 1500));
    const loads: string[] = [];
    for (const p of [b, overlay])
      p.on('request', (r) => {
        if (r.url().includes('/drawings')) loads.push(r.url());
      });
    const navigations: string[] = [];
    for (const p of [b, overlay])
      p.on('framenavigated', (f) => f === p.mainFrame() && navigations.push(f.url()));
    expect(await b.locator('.draw-layer [data-drawing]').count()).toBe(0);

    const drawn = await apiJson<{ drawing: { drawingId: string } }>(
      stack.api,
      `/api/matches/${ended}/drawings`,
      {
        token: coverage(),
        body: {
          authorName: 'Caster A',
          seq: last,
          shape: { kind: 'circle', at: { kind: 'zone', player: 'p1', zone: 'hand' } },
          color: 'yellow',
        },
      },
    );
    expect(drawn.drawing.drawingId).toBeTruthy();
    await b.locator('.draw-layer [data-kind="circle"]').waitFor({ timeout: 30_000 });
    await overlay.locator('.draw-layer [data-kind="circle"]').waitFor({ timeout: 30_000 });
    expect(navigations, 'no reload').toEqual([]);
    expect(loads, 'the drawing came over the live stream, not a read of the list').toEqual([]);
    await b.close();
    await overlay.close();
  }, 400_000);
});

// Browser end-to-end tests of the spectator site against the real server (embedded default) and `next start`,
// in Debian's Chromium. Screenshots of each page go to test-results/ (gitignored). Performance figures are
// logged, never asserted (see apps/web/README.md).
import { join } from 'node:path';
import type { BoardModel } from '@matchtape/engine';
import { getGame } from '@matchtape/games';
import { mintToken } from '@matchtape/server';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiJson,
  openSitePage,
  RESULTS,
  SECRET,
  startWebStack,
  waitMatchEnded,
  waitShown,
  type WebStack,
} from './web-stack';
import { allEvents } from '../integration/server-helpers';

const GAME = process.env.MATCHTAPE_E2E_GAME ?? 'alpha-clash';

interface Created {
  matchId: string;
  seats: Record<string, string>;
}
interface ListItem {
  matchId: string;
  status: string;
  lastSeq: number;
}

/** What the page shows of a board, and the same read from a BoardModel, so the two compare exactly. */
interface Shown {
  turn: number;
  phase: string;
  players: {
    id: string;
    stats: Record<string, string>;
    zones: Record<string, { count: number; cards: string[] }>;
  }[];
}

function shownOf(b: BoardModel): Shown {
  return {
    turn: b.turn,
    phase: b.phase,
    players: b.players.map((p) => ({
      id: p.id,
      stats: Object.fromEntries(p.stats.map((s) => [s.key, String(s.value)])),
      zones: Object.fromEntries(
        p.zones.map((z) => [
          z.key,
          {
            count: z.count,
            cards: z.layout === 'pile' ? [] : z.cards.map((c) => (c.hidden ? '?' : c.cardId)),
          },
        ]),
      ),
    })),
  };
}

async function shownOnPage(page: Page): Promise<Shown> {
  return page.evaluate(() => {
    const board = document.querySelector<HTMLElement>('.board')!;
    const players = [...document.querySelectorAll<HTMLElement>('.player')].map((p) => ({
      id: p.dataset.player!,
      stats: Object.fromEntries(
        [...p.querySelectorAll<HTMLElement>('[data-stat]')].map((s) => [s.dataset.stat!, s.dataset.value!]),
      ),
      zones: Object.fromEntries(
        [...p.querySelectorAll<HTMLElement>('[data-zone]')].map((z) => [
          z.dataset.zone!,
          {
            count: Number(z.dataset.count),
            cards: z.classList.contains('zone-pile')
              ? []
              : [...z.querySelectorAll<HTMLElement>('.zone-cards > .tile')].map((t) =>
                  t.dataset.hidden ? '?' : t.dataset.card!,
                ),
          },
        ]),
      ),
    }));
    players.sort((a, b) => a.id.localeCompare(b.id));
    return { turn: Number(board.dataset.turn), phase: board.dataset.phase!, players };
  });
}

function sortPlayers(s: Shown): Shown {
  return { ...s, players: [...s.players].sort((a, b) => a.id.localeCompare(b.id)) };
}

async function seqOf(page: Page): Promise<number> {
  return Number(await page.locator('.match-page').getAttribute('data-seq'));
}

async function serverBoard(
  stack: WebStack,
  matchId: string,
  seq: number,
  as: string,
  token?: string,
): Promise<{ seq: number; board: BoardModel }> {
  return apiJson(stack.api, `/api/matches/${matchId}/state?seq=${seq}&as=${as}`, token ? { token } : {});
}

let stack: WebStack;
let finished: Created;
let finishedLength = 0;
const judge = mintToken({ role: 'judge', ttlSeconds: 3600 }, { secret: SECRET });

/** Creating a match needs an organiser token (issue 9). */
const organiserToken = (): string => mintToken({ role: 'organiser', ttlSeconds: 3600 }, { secret: SECRET });

async function createBotMatch(names: [string, string], api = stack.api): Promise<Created> {
  return apiJson<Created>(api, '/api/matches', {
    token: organiserToken(),
    body: {
      game: GAME,
      players: [
        { name: names[0], bot: 'greedy' },
        { name: names[1], bot: 'random' },
      ],
    },
  });
}

const waitEnded = (matchId: string, timeoutMs = 120_000, api = stack.api): Promise<ListItem> =>
  waitMatchEnded<ListItem>(api, matchId, timeoutMs);

const openPage = (path: string, viewport = { width: 1280, height: 720 }): Promise<Page> =>
  openSitePage(stack, path, viewport);

beforeAll(async () => {
  // The match to replay plays itself while the site builds and starts.
  stack = await startWebStack({
    onServer: async (api) => {
      finished = await createBotMatch(['Ada', 'Brook'], api);
    },
  });
  finishedLength = (await waitEnded(finished.matchId)).lastSeq;
}, 420_000);

afterAll(async () => {
  await stack?.stop();
});

describe('spectator site (browser): the match list, live and scrubbing', () => {
  it('lists live and finished matches on / and filters them', async () => {
    const live = await createBotMatch(['Cato', 'Dana']);
    const page = await openPage('/');
    await page.locator(`tr[data-match="${live.matchId}"]`).waitFor();
    await page.locator(`tr[data-match="${finished.matchId}"][data-status="ended"]`).waitFor();
    expect(await page.locator(`tr[data-match="${finished.matchId}"]`).textContent()).toContain(
      'Ada vs Brook',
    );
    // Health / life figures come from each match's public board.
    await page.locator(`tr[data-match="${finished.matchId}"] .figure`).first().waitFor();
    await page.screenshot({ path: join(RESULTS, 'web-home.png') });
    // The list's own status filter (the home page has other forms now: practice, new match).
    await page.locator('.filters select').nth(1).selectOption('ended');
    await page
      .locator(`tr[data-match="${live.matchId}"]`)
      .waitFor({ state: 'detached', timeout: 10_000 })
      .catch(async () => {
        // the live match may have ended meanwhile: then it is legitimately still listed
        expect((await apiJson<ListItem>(stack.api, `/api/matches/${live.matchId}`)).status).toBe('ended');
      });
    expect(await page.locator('tr[data-status="playing"]').count()).toBe(0);
    await page.close();
  });

  it('follows a live bot match: events arrive, the stream resumes after a drop, scrub back then back to live', async () => {
    const live = await createBotMatch(['Eli', 'Fox']);
    const page = await stack.browser.newPage({ viewport: { width: 1280, height: 720 } });
    // The first live connection (the browser's shared stream, POST /live) is cut; the page must reconnect by
    // itself, resuming after the last seq it holds.
    const resumes: number[] = [];
    await page.route('**/live', async (route) => {
      const body = route.request().postDataJSON() as { subs: { matchId: string; lastSeq: number }[] };
      resumes.push(body.subs.find((x) => x.matchId === live.matchId)?.lastSeq ?? -1);
      if (resumes.length === 1) await route.abort('connectionreset');
      else await route.continue();
    });
    // From the list to the match, as a spectator would.
    await page.goto(`${stack.web}/`);
    await page.locator(`tr[data-match="${live.matchId}"] a.match-link`).click();
    await page.waitForURL(`**/matches/${live.matchId}`);
    await page.locator('.board').waitFor();
    const first = Number(await page.locator('.match-page').getAttribute('data-length'));
    await page.waitForFunction(
      (n) => Number(document.querySelector('.match-page')?.getAttribute('data-length')) > n,
      first,
      { timeout: 30_000 },
    );
    expect(resumes.length).toBeGreaterThanOrEqual(2);
    expect(resumes[1]).toBeGreaterThan(0);
    if ((await page.locator('.match-page').getAttribute('data-status')) === 'ended')
      throw new Error('the bot match ended before the live checks; slow the bots (MATCHTAPE_BOT_MIN_MS)');
    await page.locator('.badge-live').waitFor();
    await page.screenshot({ path: join(RESULTS, 'web-match-live.png') });
    // The header keeps its place and its one line when LIVE becomes "Back to live".
    const head = async () =>
      page.evaluate(() => {
        const h = document.querySelector<HTMLElement>('.match-head')!.getBoundingClientRect();
        const sw = document.querySelector<HTMLElement>('[role="radiogroup"]')!.getBoundingClientRect();
        return { height: h.height, switchX: sw.x, switchY: sw.y };
      });
    const before = await head();
    // Scrub back while live: the board holds that moment (the server's public view of it) while events arrive.
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await page.getByRole('button', { name: /Back to live/ }).waitFor();
    expect(await head()).toEqual(before);
    expect(before.height).toBeLessThan(70);
    const seq = await seqOf(page);
    // The address bar holds the moment at once (well within 200 ms), so a reload right after a step keeps it.
    await page.waitForFunction((n) => new URL(location.href).searchParams.get('seq') === String(n), seq, {
      timeout: 200,
    });
    const server = await serverBoard(stack, live.matchId, seq, 'public');
    expect(await shownOnPage(page)).toEqual(sortPlayers(shownOf(server.board)));
    const behind = Number(await page.locator('.match-page').getAttribute('data-length'));
    await page.waitForFunction(
      (n) => Number(document.querySelector('.match-page')?.getAttribute('data-length')) > n,
      behind,
      { timeout: 30_000 },
    );
    expect(await seqOf(page)).toBe(seq);
    await page.keyboard.press('l');
    await page.waitForFunction(() => {
      const el = document.querySelector('.match-page');
      return el && el.getAttribute('data-seq') === el.getAttribute('data-length');
    });
    await page.close();
  }, 90_000);

  it('scrubbing a finished match shows the state the API returns for that seq', async () => {
    const page = await openPage(`/matches/${finished.matchId}`);
    await page.locator('.board').waitFor();
    expect(await seqOf(page)).toBe(finishedLength);
    const bar = (await page.locator('.scrubber').boundingBox())!;
    const y = bar.y + bar.height / 2;
    await page.mouse.move(bar.x + bar.width * 0.15, y);
    await page.mouse.down();
    // Nothing animates while the playhead is dragged: a transition a frame starts (a stat bar, a player's border,
    // a stat's flash) would repaint every frame after it (README "Performance", scrub frame work).
    const animating: string[] = [];
    for (let i = 1; i <= 20; i++) {
      await page.mouse.move(bar.x + bar.width * (0.15 + (0.4 * i) / 20), y);
      await page.evaluate(
        () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(null)))),
      );
      if (i < 2) continue;
      animating.push(
        ...(await page.evaluate(() =>
          document
            .getAnimations()
            .map(
              (a) =>
                `${(a.effect as KeyframeEffect | null)?.target?.className ?? '?'}: ${a instanceof CSSTransition ? a.transitionProperty : (a as CSSAnimation).animationName}`,
            ),
        )),
      );
    }
    expect(await page.locator('.match-page').getAttribute('class')).toContain('is-scrubbing');
    expect(animating, 'animations running while scrubbing').toEqual([]);
    await page.mouse.up();
    const seq = await seqOf(page);
    expect(seq).toBeGreaterThan(0);
    expect(seq).toBeLessThan(finishedLength);
    const server = await serverBoard(stack, finished.matchId, seq, 'public');
    expect(server.seq).toBe(seq);
    expect(await shownOnPage(page)).toEqual(sortPlayers(shownOf(server.board)));
    // The log follows: the line at the playhead is highlighted.
    expect(await page.locator('.log-current').getAttribute('data-seq')).toBe(String(seq));
    await page.screenshot({ path: join(RESULTS, 'web-match-replay.png') });
    await page.close();
  });
});

describe('spectator site (browser): deep links, keys and perspectives', () => {
  it('a deep link opens that seq in that perspective, and the copy-link button gives it back', async () => {
    const n = Math.floor(finishedLength / 2);
    const page = await openPage(`/matches/${finished.matchId}?seq=${n}&as=p1&token=${finished.seats.p1}`);
    await page.locator(`.match-page[data-seq="${n}"][data-perspective="p1"]`).waitFor();
    expect(page.url()).not.toContain('token=');
    const server = await serverBoard(stack, finished.matchId, n, 'p1', finished.seats.p1);
    expect(await shownOnPage(page)).toEqual(sortPlayers(shownOf(server.board)));
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.web });
    await page.getByRole('button', { name: 'Copy link to this moment' }).click();
    await page.locator('.toast').waitFor();
    const copied = await page.evaluate(() =>
      navigator.clipboard.readText().catch(() => document.querySelector('.toast')?.textContent ?? ''),
    );
    const link =
      copied === 'Link copied' ? await page.evaluate(() => navigator.clipboard.readText()) : copied;
    expect(new URL(link).searchParams.get('seq')).toBe(String(n));
    expect(new URL(link).searchParams.get('as')).toBe('p1');
    await page.screenshot({ path: join(RESULTS, 'web-match-p1.png') });
    // Without a token, the p1 link keeps the board (the public view) and says how to get the seat's token.
    const stranger = await stack.browser.newPage({ viewport: { width: 1280, height: 720 } });
    await stranger.goto(`${stack.web}/matches/${finished.matchId}?seq=${n}&as=p1`);
    await stranger.locator('.match-page[data-perspective="public"] .board').waitFor();
    expect(await stranger.locator('[data-needs-token="p1"]').innerText()).toMatch(
      /Ada's seat.*public view.*--role seat --match .* --seat p1/,
    );
    expect(await stranger.getByRole('dialog').count()).toBe(0);
    await stranger.close();
    await page.close();
  });

  it('keyboard: ←/→ by event, Shift+←/→ by turn, Home/End, Space plays', async () => {
    const n = Math.floor(finishedLength / 3);
    const page = await openPage(`/matches/${finished.matchId}?seq=${n}`);
    // The keys walk the whole history (End is its last event): wait until the page holds all of it.
    await waitShown(page, `.match-page[data-seq="${n}"][data-complete="true"]`);
    await page.keyboard.press('ArrowRight');
    expect(await seqOf(page)).toBe(n + 1);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    expect(await seqOf(page)).toBe(n - 1);
    const tl = await apiJson<{ timeline: { turns: { turn: number; fromSeq: number; toSeq: number }[] } }>(
      stack.api,
      `/api/matches/${finished.matchId}/timeline?as=public`,
    );
    const cur = tl.timeline.turns.findIndex((t) => t.fromSeq <= n - 1 && n - 1 <= t.toSeq);
    const nextStart = tl.timeline.turns[cur + 1]?.fromSeq ?? finishedLength;
    await page.keyboard.press('Shift+ArrowRight');
    expect(await seqOf(page)).toBe(nextStart);
    await page.keyboard.press('Shift+ArrowLeft');
    expect(await seqOf(page)).toBe(tl.timeline.turns[cur]!.fromSeq);
    await page.keyboard.press('Shift+ArrowLeft');
    expect(await seqOf(page)).toBe(tl.timeline.turns[cur - 1]?.fromSeq ?? 0);
    await page.keyboard.press('End');
    expect(await seqOf(page)).toBe(finishedLength);
    await page.keyboard.press('Home');
    expect(await seqOf(page)).toBe(0);
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: /Pause/ }).waitFor();
    await page.waitForFunction(
      () => Number(document.querySelector('.match-page')?.getAttribute('data-seq')) >= 3,
    );
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: /^Play/ }).waitFor();
    await page.close();
  });

  it('perspective switch: a pasted judge token opens the judge view; jump to a turn', async () => {
    const n = Math.floor(finishedLength / 2);
    const page = await openPage(`/matches/${finished.matchId}?seq=${n}`);
    await page.locator(`.match-page[data-seq="${n}"][data-perspective="public"]`).waitFor();
    await page.locator('[data-perspective="judge"]').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox').fill('not a token');
    await dialog.getByRole('button', { name: 'Use token' }).click();
    await dialog.getByRole('alert').waitFor();
    await dialog.getByRole('textbox').fill(judge);
    await dialog.getByRole('button', { name: 'Use token' }).click();
    await page.locator(`.match-page[data-seq="${n}"][data-perspective="judge"] .board`).waitFor();
    const server = await serverBoard(stack, finished.matchId, n, 'judge', judge);
    expect(await shownOnPage(page)).toEqual(sortPlayers(shownOf(server.board)));
    expect(await page.locator('.board [data-hidden]').count()).toBe(0);
    // Back to public: hidden cards are backs again.
    await page.locator('[data-perspective="public"]').click();
    await page.locator(`.match-page[data-perspective="public"] .board`).waitFor();
    expect(await page.locator('.board [data-hidden]').count()).toBeGreaterThan(0);
    const tl = await apiJson<{ timeline: { turns: { turn: number; fromSeq: number }[] } }>(
      stack.api,
      `/api/matches/${finished.matchId}/timeline?as=public`,
    );
    const target = tl.timeline.turns[Math.floor(tl.timeline.turns.length / 2)]!;
    await page.getByRole('spinbutton', { name: 'Jump to turn' }).fill(String(target.turn));
    await page.getByRole('button', { name: 'Go to that turn' }).click();
    // The public history before the opening window may still be loading: the page goes there when it arrives.
    await waitShown(page, `.match-page[data-seq="${target.fromSeq}"]`);
    await page.close();
  });

  it("a public viewer's page and network responses contain no hidden card identity", async () => {
    const game = getGame(GAME);
    const all = await allEvents(stack.api, finished.matchId, 'judge', judge);
    expect(all.length).toBe(finishedLength);
    const n = Math.floor(finishedLength * 0.6);
    // Secrets at n, and those hidden from the public at every seq once any card was hidden (never revealed).
    let state = game.initial();
    let secretsAtN: string[] = [];
    let never: Set<string> | null = null;
    for (const e of all) {
      state = game.evolve(state, e);
      const sec = game.secrets(state, 'public');
      if (e.seq === n) secretsAtN = sec;
      if (never === null) {
        if (sec.length > 0) never = new Set(sec);
      } else {
        const now = new Set(sec);
        for (const x of never) if (!now.has(x)) never.delete(x);
      }
    }
    const secretsAtEnd = [...(never ?? [])];
    expect(secretsAtN.length).toBeGreaterThan(0);
    expect(secretsAtEnd.length).toBeGreaterThan(0);
    const page = await stack.browser.newPage({ viewport: { width: 1280, height: 720 } });
    const bodies: string[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/api/'))
        void r
          .text()
          .then((t) => bodies.push(t))
          .catch(() => undefined);
    });
    await page.goto(`${stack.web}/matches/${finished.matchId}?seq=${n}`);
    await page.locator(`.match-page[data-seq="${n}"]`).waitFor();
    await page.waitForLoadState('networkidle');
    // The whole replay is public, so the log and the timeline may name cards revealed later; the board at seq n
    // must show nothing hidden at n, and cards never revealed must appear nowhere (page or network).
    const boardHtml = await page.locator('.board').evaluate((el) => el.outerHTML);
    const html = await page.content();
    const shows = (text: string, secret: string) =>
      new RegExp(`(?<![\\w-])${secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`).test(text);
    expect(secretsAtN.filter((s) => shows(boardHtml, s))).toEqual([]);
    expect(secretsAtEnd.filter((s) => shows(html, s))).toEqual([]);
    expect(secretsAtEnd.filter((s) => bodies.some((b) => b.includes(`"${s}"`)))).toEqual([]);
    expect(bodies.join('').length).toBeGreaterThan(1000);
    await page.close();
  });
});

describe('spectator site (browser): match tabs, words and turns', () => {
  it('ten match tabs in one browser all load and go live over one shared connection', async () => {
    // Nine matches waiting for a human seat stay live as long as needed; the tenth is a bot match whose events
    // must arrive through the shared stream.
    const waiting = await Promise.all(
      Array.from({ length: 9 }, (_, i) =>
        apiJson<Created>(stack.api, '/api/matches', {
          token: organiserToken(),
          body: {
            game: GAME,
            players: [{ name: `Host ${i + 1}`, bot: 'greedy' }, { name: `Guest ${i + 1}` }],
          },
        }),
      ),
    );
    const ctx = await stack.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const direct: string[] = [];
    const shared: string[] = [];
    ctx.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (/^\/api\/matches\/[^/]+\/live$/.test(path)) direct.push(path);
      if (path === '/live') shared.push(r.method());
    });
    const pages: Page[] = [];
    for (const m of waiting) {
      const p = await ctx.newPage();
      await p.goto(`${stack.web}/matches/${m.matchId}`);
      await p.locator('.match-status[data-live="live"]').waitFor({ timeout: 20_000 });
      pages.push(p);
    }
    const bots = await createBotMatch(['Ivy', 'Jun']);
    const tenth = await ctx.newPage();
    await tenth.goto(`${stack.web}/matches/${bots.matchId}`);
    await tenth.locator('.board').waitFor({ timeout: 20_000 });
    pages.push(tenth);
    const first = Number(await tenth.locator('.match-page').getAttribute('data-length'));
    await tenth.waitForFunction(
      (n) => Number(document.querySelector('.match-page')?.getAttribute('data-length')) > n,
      first,
      { timeout: 30_000 },
    );
    // Every tab is still live, the list still loads beside them, and no tab opened a stream of its own.
    for (const p of pages.slice(0, 9))
      expect(await p.locator('.match-status').getAttribute('data-live')).toBe('live');
    const home = await ctx.newPage();
    await home.goto(`${stack.web}/`);
    await home.locator(`tr[data-match="${waiting[0]!.matchId}"]`).waitFor({ timeout: 15_000 });
    expect(direct).toEqual([]);
    expect(shared.length).toBeGreaterThan(0);
    expect(shared.every((m) => m === 'POST')).toBe(true);
    await ctx.close();
  });

  it('speaks of players by name and in words: no seat ids, no machine names, no bare instance ids', async () => {
    const page = await openPage(`/matches/${finished.matchId}`, { width: 1280, height: 800 });
    // The key moments come from the whole timeline: the board is up from the window before every page is in.
    await page.locator('.match-page[data-complete="true"] .board').waitFor();
    const banner = await page.locator('.banner-end').textContent();
    expect(banner).toMatch(/^(Ada|Brook) wins|^Match ended/);
    const bad = /\b(?:[pP][1-4](?:-\w+)?|[a-z]+[A-Z][A-Za-z]*|s\d+)\b|\(s\)/;
    for (const sel of ['.match-head', '.board', '.log', '.controls .position']) {
      const text = (await page.locator(sel).innerText()).replace(/\s+/g, ' ');
      expect({ sel, hit: bad.exec(text)?.[0] ?? null }).toEqual({ sel, hit: null });
    }
    const keyLabels = await page
      .locator('.tl-keys button')
      .evaluateAll((bs) => bs.map((b) => b.getAttribute('aria-label') ?? ''));
    expect(keyLabels.length).toBeGreaterThan(0);
    expect(keyLabels.filter((l) => /\bp[1-4]-\w+/.test(l.replace(/^Event \d+, turn \d+: /, '')))).toEqual([]);
    // Every line of every turn in words.
    await page.locator('.log select').selectOption('all');
    const logText = await page.locator('.log').innerText();
    expect(bad.exec(logText)?.[0] ?? null).toBeNull();
    await page.close();
  });

  it('turns: ?turn=N opens the start of turn N, and a turn the match does not have says so', async () => {
    const tl = await apiJson<{ timeline: { turns: { turn: number; fromSeq: number }[] } }>(
      stack.api,
      `/api/matches/${finished.matchId}/timeline?as=public`,
    );
    const target = tl.timeline.turns[Math.floor(tl.timeline.turns.length / 2)]!;
    const page = await openPage(`/matches/${finished.matchId}?turn=${target.turn}`);
    await page.locator(`.match-page[data-seq="${target.fromSeq}"]`).waitFor();
    await page.waitForURL(
      (u) => u.searchParams.get('seq') === String(target.fromSeq) && !u.searchParams.has('turn'),
    );
    expect(await page.locator('.board').getAttribute('data-turn')).toBe(String(target.turn));
    await page.goto(`${stack.web}/matches/${finished.matchId}?turn=999`);
    await page.getByRole('alert').filter({ hasText: 'There is no turn 999' }).waitFor();
    await page.getByRole('spinbutton', { name: 'Jump to turn' }).fill('500');
    await page.getByRole('button', { name: 'Go to that turn' }).click();
    await page.getByRole('alert').filter({ hasText: 'There is no turn 500' }).waitFor();
    await page.close();
  });
});

describe('spectator site (browser): layout, accessibility and connection state', () => {
  it('layout at 1280×800: both fields in view, the judge hand clear of the stats, whole card names, labelled stats, a favicon', async () => {
    const at = Math.floor(finishedLength * 0.6);
    const measure = (page: Page) =>
      page.evaluate(() => {
        const r = (el: Element) =>
          el.getBoundingClientRect().toJSON() as {
            x: number;
            y: number;
            width: number;
            height: number;
            bottom: number;
            right: number;
          };
        const wrap = r(document.querySelector('.board-wrap')!);
        const players = [...document.querySelectorAll('.player')].map((p) => ({
          player: r(p),
          hand: p.querySelector('.player-hand, .zone-fan')
            ? r(p.querySelector('.player-hand, .zone-fan')!)
            : null,
          stats: r(p.querySelector('.player-stats')!),
        }));
        const clipped = [...document.querySelectorAll<HTMLElement>('.tile-name')]
          .filter((n) => n.scrollWidth > n.clientWidth + 1 || n.scrollHeight > n.clientHeight + 1)
          .map((n) => n.textContent);
        return {
          wrap,
          players,
          clipped,
          statLabels: document.querySelectorAll('.player .tile .stat-k').length,
        };
      });
    // Public view: both players' fields on screen without scrolling.
    const page = await stack.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${stack.web}/matches/${finished.matchId}?seq=${at}`);
    await page.locator(`.match-page[data-seq="${at}"] .board`).waitFor();
    const pub = await measure(page);
    expect(pub.players).toHaveLength(2);
    for (const p of pub.players) {
      expect(p.player.y).toBeGreaterThanOrEqual(pub.wrap.y - 1);
      expect(p.player.bottom).toBeLessThanOrEqual(pub.wrap.bottom + 1);
    }
    expect(pub.clipped).toEqual([]);
    expect(pub.statLabels).toBeGreaterThan(0);
    await page.screenshot({ path: join(RESULTS, 'web-match-1280x800.png') });
    expect(await page.locator('link[rel="icon"]').count()).toBeGreaterThan(0);
    const icon = await fetch(
      `${stack.web}${await page.locator('link[rel="icon"]').first().getAttribute('href')}`,
    );
    expect(icon.status).toBe(200);
    // Judge view: each hand of faces (a row among the zones) clear of the player's stats.
    await page.goto(`${stack.web}/matches/${finished.matchId}?seq=${at}&token=${judge}&as=judge`);
    await page.locator('.match-page[data-perspective="judge"] .board').waitFor();
    const jv = await measure(page);
    for (const p of jv.players) {
      expect(p.hand).not.toBeNull();
      const h = p.hand!;
      expect(h.x < p.stats.right && p.stats.x < h.right && h.y < p.stats.bottom && p.stats.y < h.bottom).toBe(
        false,
      );
    }
    expect(jv.clipped).toEqual([]);
    await page.screenshot({ path: join(RESULTS, 'web-match-judge-1280x800.png') });
    await page.close();
  });

  it('keyboard and screen readers: one-stop perspective radios, skip to the timeline, focusable key moments, polite announcements', async () => {
    const n = Math.floor(finishedLength / 2);
    const page = await openPage(`/matches/${finished.matchId}?seq=${n}`);
    await page.locator(`.match-page[data-seq="${n}"][data-complete="true"]`).waitFor();
    await page.locator('[role="radio"][aria-checked="true"]').focus();
    expect(await page.locator('[role="radiogroup"] [tabindex="0"]').count()).toBe(1);
    await page.keyboard.press('ArrowRight');
    expect(await seqOf(page)).toBe(n);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('radio');
    await page.locator('.skip-local').focus();
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('timeline');
    const marker = page.locator('.tl-keys button[tabindex="0"]');
    expect(await page.locator('.tl-keys button[tabindex="0"]').count()).toBe(1);
    await marker.focus();
    await page.keyboard.press('ArrowRight');
    const target = Number(await page.evaluate(() => document.activeElement?.getAttribute('data-seq')));
    expect(await seqOf(page)).toBe(n);
    await page.keyboard.press('Enter');
    expect(await seqOf(page)).toBe(target);
    const region = page.locator('[aria-live="polite"][data-testid="announcer"]');
    expect(await region.count()).toBe(1);
    await page.close();
    // Live: new events are announced; the mute setting silences them and is remembered.
    const live = await createBotMatch(['Kit', 'Lou']);
    const lp = await openPage(`/matches/${live.matchId}`);
    await lp.locator('.match-status[data-live="live"]').waitFor();
    await lp.waitForFunction(
      () => (document.querySelector('[data-testid="announcer"]')?.textContent ?? '').length > 0,
      null,
      { timeout: 30_000 },
    );
    expect(await lp.locator('[data-testid="announcer"]').textContent()).not.toMatch(/\bp[12]\b/);
    const toggle = lp.getByRole('button', { name: 'Announce new events' });
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    await toggle.click();
    await lp.locator('button[aria-label="Announce new events"][aria-pressed="false"]').waitFor();
    expect(await lp.locator('[data-testid="announcer"]').textContent()).toBe('');
    expect(await lp.evaluate(() => localStorage.getItem('matchtape.announce'))).toBe('off');
    await lp.close();
  }, 90_000);

  it('connection state: LIVE is not lit while disconnected; ?seq past the end follows live', async () => {
    const live = await apiJson<Created>(stack.api, '/api/matches', {
      token: organiserToken(),
      body: { game: GAME, players: [{ name: 'Mo', bot: 'greedy' }, { name: 'Nia' }] },
    });
    const cut = await stack.browser.newPage({ viewport: { width: 1280, height: 720 } });
    await cut.route('**/live', (route) => route.abort('connectionrefused'));
    await cut.goto(`${stack.web}/matches/${live.matchId}`);
    await waitShown(cut, '.match-status[data-live="disconnected"]');
    expect(await cut.locator('.badge-live').count()).toBe(0);
    expect(
      await cut
        .getByRole('status')
        .filter({ hasText: /Disconnected/ })
        .count(),
    ).toBeGreaterThan(0);
    await cut.close();
    const page = await openPage(`/matches/${live.matchId}?seq=999999`);
    await waitShown(page, '.match-status[data-live="live"]');
    const el = page.locator('.match-page');
    expect(await el.getAttribute('data-seq')).toBe(await el.getAttribute('data-length'));
    await page.close();
  });
});

describe('spectator site (browser): missing pages, phones and security headers', () => {
  it('a missing match is an HTTP 404 page for people; a seat the match lacks says so', async () => {
    const res = await fetch(`${stack.web}/matches/no-such-match-here`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('Match not found');
    const missing = await openPage('/matches/no-such-match-here');
    const words = await missing.locator('#content').innerText();
    expect(words).toContain('Match not found');
    expect(words).not.toMatch(/\/api\/|GET |openapi/);
    await missing.close();
    const page = await openPage(`/matches/${finished.matchId}?as=p7`);
    await page.getByRole('alert').filter({ hasText: 'No seat p7 in this match' }).waitFor();
    expect(await page.getByRole('alert').filter({ hasText: 'No seat p7' }).textContent()).toMatch(
      /Ada \(p1\), Brook \(p2\)/,
    );
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.getByRole('button', { name: 'Watch as public' }).click();
    await page.locator('.match-page[data-perspective="public"] .board').waitFor();
    await page.close();
  });

  it('the match list is usable on a phone', async () => {
    const page = await openPage('/', { width: 390, height: 844 });
    const row = page.locator(`tr[data-match="${finished.matchId}"]`);
    await row.waitFor();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    const link = (await row.locator('a.match-link').boundingBox())!;
    expect(link.x).toBeGreaterThanOrEqual(0);
    expect(link.x + link.width).toBeLessThanOrEqual(390);
    expect(link.height).toBeGreaterThanOrEqual(24);
    expect(await row.locator('td[data-label="Health / life"]').isVisible()).toBe(true);
    await page.screenshot({ path: join(RESULTS, 'web-home-phone.png'), fullPage: true });
    await page.close();
  });

  it('screenshots of the live page at 390, 1280 and 1920 px', async () => {
    // MATCHTAPE_SCREENSHOT_TAG (e.g. "before") keeps earlier shots beside new ones for a before/after comparison.
    const tag = process.env.MATCHTAPE_SCREENSHOT_TAG ? `-${process.env.MATCHTAPE_SCREENSHOT_TAG}` : '';
    const live = await createBotMatch(['Gwen', 'Hal']);
    for (const [width, height] of [
      [390, 844],
      [1280, 800],
      [1920, 1080],
    ] as const) {
      const page = await openPage(`/matches/${live.matchId}`, { width, height });
      await waitShown(page, '.board');
      await page.screenshot({ path: join(RESULTS, `web-live-${width}${tag}.png`) });
      await page.close();
    }
  }, 200_000);

  it('sends security headers and a CSP the pages run under without violations', async () => {
    const res = await fetch(`${stack.web}/matches/${finished.matchId}`);
    expect(res.headers.get('content-security-policy')).toMatch(/default-src 'self'.*frame-ancestors 'none'/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    await res.arrayBuffer();
    const page = await stack.browser.newPage();
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy|Refused to (load|execute|connect|apply)/i.test(m.text()))
        violations.push(m.text());
    });
    await page.goto(`${stack.web}/matches/${finished.matchId}?seq=${Math.floor(finishedLength / 2)}`);
    await page.locator('.board').waitFor();
    await page.goto(`${stack.web}/`);
    await page.locator(`tr[data-match="${finished.matchId}"]`).waitFor();
    expect(violations).toEqual([]);
    await page.close();
  });

  it('works on a phone-sized screen: no sideways scrolling at any point of the match', async () => {
    const page = await openPage(`/matches/${finished.matchId}?seq=${Math.floor(finishedLength / 2)}`, {
      width: 390,
      height: 844,
    });
    await waitShown(page, '.board');
    await page.screenshot({ path: join(RESULTS, 'web-match-phone.png'), fullPage: true });
    // Boards differ from match to match (long names, many cards in a zone), so walk the whole match, not one seq:
    // from seq 1, turn by turn (Shift+→, the page's own seek, no reload) to the end.
    await page.goto(`${stack.web}/matches/${finished.matchId}?seq=1`);
    // The walk goes turn by turn to the last event: wait until the page holds the whole history (opened at seq 1, it
    // shows the first board while later pages are still loading, and Shift+→ stops at the end of what it holds).
    await waitShown(page, `.match-page[data-seq="1"][data-complete="true"] .board`);
    const problems: string[] = [];
    const visited: number[] = [];
    for (let seq = 1; ;) {
      visited.push(seq);
      // Settled layout: a loaded CI machine once measured 199 px mid-load that no rerun saw again.
      await page
        .waitForFunction(() => document.documentElement.scrollWidth <= window.innerWidth, null, {
          timeout: 5_000,
        })
        .catch(() => undefined);
      // What sticks out past the right edge, innermost first, so a failure names the element to fix.
      const wide = await page.evaluate(() => {
        const w = window.innerWidth;
        if (document.documentElement.scrollWidth <= w) return [];
        return [...document.querySelectorAll<HTMLElement>('body *')]
          .filter(
            (el) =>
              el.getBoundingClientRect().right > w + 0.5 &&
              ![...el.children].some((c) => c.getBoundingClientRect().right > w + 0.5),
          )
          .slice(0, 5)
          .map(
            (el) =>
              `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} right=${Math.round(el.getBoundingClientRect().right)} "${(el.textContent ?? '').slice(0, 40)}"`,
          );
      });
      if (wide.length) problems.push(`seq ${seq}: ${wide.join('; ')}`);
      if (seq >= finishedLength) break;
      await page.keyboard.press('Shift+ArrowRight');
      const next = await seqOf(page);
      expect(next, `Shift+→ moves on from seq ${seq}`).toBeGreaterThan(seq);
      seq = next;
    }
    // Every turn of the match was seen, not just its first and last boards.
    expect(visited.length).toBeGreaterThan(5);
    expect(visited.at(-1)).toBe(finishedLength);
    expect(problems, 'elements wider than a 390 px screen').toEqual([]);
    await page.close();
  }, 240_000);
});

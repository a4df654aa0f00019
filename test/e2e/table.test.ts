// The player's table in real Chromium against the real server (embedded default) and `next start`: a practice
// match against the bot from the home page played to its end by clicking; for each of the four games an organiser
// creates a match in the "New match" form, two browser contexts open the invite links, choose decks and play the
// whole match only through what the table offers while a spectator page follows live; keyboard-only play with a
// confirmed concede; closing a tab and opening the table again resumes the seat. Screenshots of the table at
// 1280×800 and 1920×1080 per game go to test-results/table-*.png. Timings are logged, never asserted.
import { join } from 'node:path';
import { mintToken } from '@matchtape/server';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wordFit } from '../../apps/web/src/components/Tile';
import { playToEnd, player, shown, step } from './table-player';
import { apiJson, RESULTS, SECRET, startWebStack, type WebStack } from './web-stack';

// The default run plays one game between two browsers (Elemental Clash, the shortest) and The Spoils against the bot
// (the practice match, which also orders the start-of-turn triggers by dragging); `npm run test:deep`
// (MATCHTAPE_DEEP) plays all four between two browsers, Alpha Clash's and Grand Archive's being the longest (4–5
// min each), so the default suite stays inside its time budget.
const DEFAULT_GAMES = process.env.MATCHTAPE_DEEP
  ? ['elemental-clash', 'alpha-clash', 'grand-archive', 'the-spoils']
  : ['elemental-clash'];
const GAMES = (process.env.MATCHTAPE_E2E_TABLE_GAMES?.split(',') ?? DEFAULT_GAMES) as readonly string[];
/** The longest words a tile shows in the four pools: Alpha Clash's longest name word, The Spoils' longest cost. */
const LONG_WORDS: [string, string][] = [
  ['Torque, the Uncontrollable', '2 [Obsession]'],
  ['Intercepting Something', '12 [Deception]'],
];
const PRACTICE_GAME = process.env.MATCHTAPE_E2E_TABLE_GAME ?? 'the-spoils';
/**
 * How long one two-browser match may take (a loaded machine plays slower; the figure is logged, never asserted).
 * An Elemental Clash match by clicking runs until a spellbook is empty, about 60 turns and 300 clicks: 214 s at
 * load 20–40 once, but 420 s was not enough at load 13–28 (1.4 s a click), so ten minutes.
 */
const MATCH_MS = Number(process.env.MATCHTAPE_E2E_TABLE_MS ?? 600_000);
const organiserToken = () => mintToken({ role: 'organiser', ttlSeconds: 3600 }, { secret: SECRET });

interface MatchItem {
  matchId: string;
  status: string;
  lastSeq: number;
  winner: string | null;
  practice?: boolean;
}

let stack: WebStack;

beforeAll(async () => {
  stack = await startWebStack({ botMinMs: 20, botMaxMs: 40 });
}, 600_000);

afterAll(async () => {
  await stack?.stop();
});

async function newContext(viewport = { width: 1280, height: 800 }): Promise<BrowserContext> {
  return stack.browser.newContext({ viewport });
}

async function tableReady(page: Page): Promise<void> {
  await page.locator('.table-page').waitFor({ timeout: 60_000 });
}

async function endedOnServer(matchId: string): Promise<MatchItem> {
  const until = Date.now() + 20_000;
  for (;;) {
    const m = await apiJson<MatchItem>(stack.api, `/api/matches/${matchId}`);
    if (m.status === 'ended' || Date.now() > until) return m;
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('the player table', () => {
  it('"Play against a bot" from the home page: a practice match played to its end by clicking, marked practice in the list', async () => {
    const ctx = await newContext();
    const page = await ctx.newPage();
    await page.goto(stack.web + '/');
    await page.locator('#practice-game').selectOption(PRACTICE_GAME);
    await page.locator('#practice-name').fill('Ada');
    const t0 = Date.now();
    await page.locator('.practice-start').click();
    await page.waitForURL(/\/matches\/[^/]+\/play$/, { timeout: 30_000 });
    await tableReady(page);
    const firstTableMs = Date.now() - t0;
    const matchId = decodeURIComponent(page.url().split('/matches/')[1]!.split('/')[0]!);
    // The opponent's status line is always said.
    await expect
      .poll(async () => (await page.locator('.opp-status').textContent())?.trim() ?? '', { timeout: 30_000 })
      .not.toBe('');
    const me = player(page, 'Ada');
    const started = Date.now();
    if (PRACTICE_GAME === 'the-spoils') await orderByDragging(page, matchId, me);
    await playToEnd([me], 240_000);
    const m = await endedOnServer(matchId);
    expect(m.status).toBe('ended');
    expect(m.practice).toBe(true);
    await expect.poll(() => page.locator('.opp-status').textContent()).toMatch(/win|ended/);
    expect(me.refusals).toEqual([]);
    console.log(
      `[table] practice ${PRACTICE_GAME}: first table ${firstTableMs} ms after the click; ${me.actions} actions by clicking, ${((Date.now() - started) / 1000).toFixed(1)} s, ${m.lastSeq} events`,
    );
    await ctx.close();
  }, 300_000);
});

/**
 * The Spoils asks the active player to order the faction's start-of-turn triggers (Restore and Develop Rules, 602.2)
 * every turn: the first time the list shows, the last trigger is dragged to the top, moved down and up again with
 * Alt+↓ / Alt+↑ (the focus stays on it), the order confirmed, and the server resolves the dragged trigger first.
 */
async function orderByDragging(page: Page, matchId: string, me: ReturnType<typeof player>): Promise<void> {
  const ids = () =>
    page.locator('.order-item').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.id ?? ''));
  for (let i = 0; i < 200; i++) {
    const s = await shown(page);
    if (s?.status === 'ended')
      throw new Error('the practice match ended before the table asked for an order of triggers');
    if (s && s.order >= 2) break;
    if ((await step(me)) === 'idle') await page.waitForTimeout(60);
  }
  const before = await ids();
  expect(before.length).toBeGreaterThanOrEqual(2);
  const last = before[before.length - 1]!;
  await page.locator('.order-item').last().dragTo(page.locator('.order-item').first());
  expect(await ids()).toEqual([last, ...before.slice(0, -1)]);
  await page.locator(`.order-item[data-id="${last}"]`).focus();
  await page.keyboard.press('Alt+ArrowDown');
  expect((await ids())[1]).toBe(last);
  expect(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.id)).toBe(last);
  await page.keyboard.press('Alt+ArrowUp');
  expect(await ids()).toEqual([last, ...before.slice(0, -1)]);
  await page.screenshot({ path: join(RESULTS, 'table-order-the-spoils-1280x800.png') });
  // The Spoils' long costs ("2 [Deception]") are shown whole in the small tiles of the board and the hand.
  const chips = await costChips(page);
  expect(chips.some((c) => c.text.includes('['))).toBe(true);
  expect(chips.filter((c) => c.cut).map((c) => c.text)).toEqual([]);
  // Long words are set smaller, never split across two lines of a tile: the board's own tiles, and a copy of one
  // of its tiles given the longest words of the pools ("Uncontrollable", "[Obsession]") the way Tile.tsx sets them.
  await addLongWordTiles(page);
  expect(await page.locator('.long-word-copy .tile-name-xlong').count()).toBe(1);
  expect(await brokenWords(page)).toEqual([]);
  await page.locator('.long-word-copy').evaluateAll((els) => els.forEach((e) => e.remove()));
  const seq = Number(await page.locator('.table-page').getAttribute('data-seq'));
  await page.locator('.order-confirm').click();
  await expect
    .poll(
      async () => {
        const { events } = await apiJson<{
          events: { seq: number; type: string; payload: { tid?: string } }[];
        }>(stack.api, `/api/matches/${matchId}/events?as=public&from=${seq + 1}`);
        return events.find((e) => e.type === 'TriggerHappened')?.payload.tid ?? null;
      },
      { timeout: 20_000 },
    )
    .toBe(last);
}

/**
 * Every cost chip on the board: its text, and whether any of it is cut (the text wider or taller than the chip,
 * or the chip reaching out of its tile).
 */
async function costChips(page: Page): Promise<{ text: string; cut: boolean }[]> {
  return page.locator('.board .tile-cost').evaluateAll((els) =>
    els.map((e) => {
      const r = e.getBoundingClientRect();
      const t = (e.closest('.tile') ?? e).getBoundingClientRect();
      return {
        text: e.textContent ?? '',
        cut:
          e.scrollWidth > e.clientWidth ||
          e.scrollHeight > e.clientHeight ||
          r.left < t.left - 0.5 ||
          r.right > t.right + 0.5,
      };
    }),
  );
}

/** Copies of the board's first tile with a cost, in the same zone, named and costed with the pools' longest words. */
async function addLongWordTiles(page: Page): Promise<void> {
  const tiles = LONG_WORDS.map(([name, cost]) => ({
    name: { text: name, ...wordFit('name', name) },
    cost: { text: cost, ...wordFit('cost', cost) },
  }));
  await page
    .locator('.board .tile:has(.tile-cost)')
    .first()
    .evaluate((src, list) => {
      for (const t of list) {
        const copy = src.cloneNode(true) as HTMLElement;
        copy.classList.add('long-word-copy');
        const parts = [
          [copy.querySelector<HTMLElement>('.tile-name')!, t.name],
          [copy.querySelector<HTMLElement>('.tile-cost')!, t.cost],
        ] as const;
        for (const [el, word] of parts) {
          el.textContent = word.text;
          el.className = word.className;
          if (word.chars !== null) el.style.setProperty('--chars', String(word.chars));
        }
        src.parentElement!.appendChild(copy);
      }
    }, tiles);
}

/** Each word of a tile's name or cost on the board that the browser laid out over more than one line. */
async function brokenWords(page: Page): Promise<string[]> {
  return page.locator('.board .tile-name, .board .tile-cost').evaluateAll((els) => {
    const broken: string[] = [];
    for (const el of els) {
      const text = el.firstChild;
      if (!text || text.nodeType !== Node.TEXT_NODE) continue;
      for (const m of (text.textContent ?? '').matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(text, m.index);
        range.setEnd(text, m.index + m[0].length);
        const lines = new Set(
          [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)),
        );
        if (lines.size > 1) broken.push(`${m[0]} (in "${el.textContent}")`);
      }
    }
    return broken;
  });
}

/** The organiser's "New match" form on the home page: the invite link of each seat, in seat order. */
async function createInBrowser(
  page: Page,
  game: string,
  names: [string, string],
): Promise<{ matchId: string; invites: string[] }> {
  await page.goto(stack.web + '/');
  await page.locator('.new-match summary').click();
  const tokenField = page.locator('.organiser-token');
  if (await tokenField.isVisible()) await tokenField.fill(organiserToken());
  await page.locator('#new-game').selectOption(game);
  for (const [i, name] of names.entries()) await page.getByLabel(`Seat p${i + 1} name`).fill(name);
  await page.locator('.create-match').click();
  await page.locator('.invite-link').nth(1).waitFor({ timeout: 30_000 });
  const invites = await page
    .locator('.invite-link')
    .evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
  const href = await page.locator('.invites a').first().getAttribute('href');
  return { matchId: decodeURIComponent(href!.split('/matches/')[1]!), invites };
}

/** Opens an invite link and answers the deck step with the first preset; `badDeck` first tries a deck that is refused. */
async function takeSeat(page: Page, invite: string, badDeck = false): Promise<void> {
  await page.goto(invite);
  await page.waitForURL(/\/matches\/[^/]+\/play$/, { timeout: 30_000 });
  // The code is out of the address bar, and the history holds no entry with it.
  expect(page.url()).not.toContain('/join/');
  await page.locator('.deck-step').waitFor({ timeout: 30_000 });
  if (badDeck) {
    await page.locator('#deck-text').fill('3 No Such Card Anywhere\n');
    await page.locator('.deck-form button[type="submit"]').click();
    await page.locator('.deck-lines .deck-bad').first().waitFor({ timeout: 15_000 });
  }
  await page.locator('.deck-preset').first().click();
}

describe.each(GAMES)('%s: two players at their tables, a spectator following', (game) => {
  it(
    'plays the whole match only through what the tables offer, to its end, while the spectator follows live',
    async () => {
      const org = await newContext();
      const orgPage = await org.newPage();
      const { matchId, invites } = await createInBrowser(orgPage, game, ['Ada', 'Bo']);
      expect(invites).toHaveLength(2);
      const ctxA = await newContext();
      const ctxB = await newContext();
      const a = await ctxA.newPage();
      const b = await ctxB.newPage();
      await takeSeat(a, invites[0]!, game === GAMES[0]);
      // Until both decks are in, the first player waits and is told so.
      await a.locator('[data-waiting="deck"]').waitFor({ timeout: 30_000 });
      await takeSeat(b, invites[1]!);
      await Promise.all([tableReady(a), tableReady(b)]);
      const spectator = await (await newContext()).newPage();
      await spectator.goto(`${stack.web}/matches/${encodeURIComponent(matchId)}`);
      await spectator.locator('.board').waitFor({ timeout: 60_000 });

      const players: [Page, Page] = [a, b];
      if (game === GAMES[0]) {
        // A dropped opponent is shown; closing the tab and opening the table again resumes the seat.
        await b.close();
        await a.locator('.table-opp[data-connected="false"]').waitFor({ timeout: 30_000 });
        const b2 = await ctxB.newPage();
        await b2.goto(`${stack.web}/matches/${encodeURIComponent(matchId)}/play`);
        await tableReady(b2);
        expect(await b2.locator('.table-page').getAttribute('data-seat')).toBe('p2');
        await a.locator('.table-opp[data-connected="true"]').waitFor({ timeout: 30_000 });
        players[1] = b2;
      }

      const ada = player(players[0], 'Ada');
      const bo = player(players[1], 'Bo');
      let shot = false;
      const started = Date.now();
      await playToEnd([ada, bo], MATCH_MS, async (total) => {
        if (shot || total < 24) return;
        shot = true;
        for (const size of [
          { width: 1280, height: 800 },
          { width: 1920, height: 1080 },
        ]) {
          await players[0].setViewportSize(size);
          await players[0].screenshot({
            path: join(RESULTS, `table-${game}-${size.width}x${size.height}.png`),
          });
        }
        await players[0].setViewportSize({ width: 1280, height: 800 });
      });
      const m = await endedOnServer(matchId);
      expect(m.status).toBe('ended');
      // The spectator's page reached the same end, live (no reload).
      await spectator.locator('.board[data-status="ended"]').waitFor({ timeout: 30_000 });
      await expect
        .poll(async () => Number(await spectator.locator('.match-page').getAttribute('data-seq')), {
          timeout: 30_000,
        })
        .toBe(m.lastSeq);
      expect([...ada.refusals, ...bo.refusals]).toEqual([]);
      console.log(
        `[table] ${game}: ${ada.actions} + ${bo.actions} actions by clicking in ${((Date.now() - started) / 1000).toFixed(1)} s, ${m.lastSeq} events, winner ${m.winner ?? 'none'}`,
      );
      await Promise.all([org.close(), ctxA.close(), ctxB.close(), spectator.context().close()]);
    },
    MATCH_MS + 180_000,
  );
});

async function tabTo(page: Page, selector: string, max = 300): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await page.evaluate((sel) => !!document.activeElement?.matches(sel), selector)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`${max} Tab presses never reached ${selector}`);
}

describe('keyboard only', () => {
  it('starts a practice match, picks a card and its action, passes with one key and concedes, never touching the mouse', async () => {
    const ctx = await newContext();
    const page = await ctx.newPage();
    await page.goto(stack.web + '/');
    // The games are read from the server first (the form cannot start a match before).
    await page.locator('#practice-game option').first().waitFor({ state: 'attached', timeout: 30_000 });
    await tabTo(page, '#practice-name');
    await page.keyboard.type('Kim');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/matches\/[^/]+\/play$/, { timeout: 30_000 });
    await tableReady(page);
    const matchId = decodeURIComponent(page.url().split('/matches/')[1]!.split('/')[0]!);
    let picked = 0;
    let passed = 0;
    let chosen = 0;
    for (let i = 0; i < 80 && (picked === 0 || passed === 0); i++) {
      const s = await shown(page);
      if (!s || s.status === 'ended') break;
      if (s.busy) {
        await page.waitForTimeout(50);
        continue;
      }
      const before = s.actionsSeq;
      if (s.sources.length > 0 && picked === 0) {
        await tabTo(page, '.board [data-role="source"]');
        await page.keyboard.press('Enter');
        await page.locator('.panel-picked').waitFor();
        picked++;
        await tabTo(page, '.offer-group, .cancel-pick');
        await page.keyboard.press('Enter');
      } else if (s.order > 0) {
        // Triggers to order, by keyboard only: the second moved to the top with Alt+↑, then confirmed.
        await tabTo(page, '.order-item');
        await page.keyboard.press('Tab');
        await tabTo(page, '.order-item');
        await page.keyboard.press('Alt+ArrowUp');
        await tabTo(page, '.order-confirm');
        await page.keyboard.press('Enter');
        chosen++;
      } else if (s.groups.length > 0 && !s.pass) {
        await tabTo(page, '.offer-group');
        await page.keyboard.press('Enter');
        chosen++;
      } else if (s.pass) {
        // The one key: focus on nothing that answers Space itself.
        const onControl = await page.evaluate(
          () => !!document.activeElement?.closest('button, a, input, select, textarea, [role="button"]'),
        );
        if (onControl) await page.keyboard.press('Escape');
        if (onControl) await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
        await page.keyboard.press('Space');
        passed++;
      } else {
        await page.waitForTimeout(50);
        continue;
      }
      await page
        .waitForFunction(
          (seq) => {
            const r = document.querySelector<HTMLElement>('.table-page');
            return (
              !!r &&
              (r.dataset.status === 'ended' ||
                !!document.querySelector('.panel-picked, [data-role="target"]') ||
                (r.dataset.busy === 'false' && Number(r.dataset.actionsSeq) !== seq))
            );
          },
          before,
          { timeout: 20_000 },
        )
        .catch(() => undefined);
      // A target to choose after the action: Tab to it and Enter.
      if (await page.locator('.board [data-role="target"]').count()) {
        await tabTo(page, '.board [data-role="target"]');
        await page.keyboard.press('Enter');
      }
    }
    expect(picked).toBeGreaterThan(0);
    expect(passed + chosen).toBeGreaterThan(0);
    await tabTo(page, '.concede-btn');
    await page.keyboard.press('Enter');
    // The confirmation takes the focus: Enter confirms.
    await page.locator('.concede-yes').waitFor();
    expect(await page.evaluate(() => document.activeElement?.classList.contains('concede-yes'))).toBe(true);
    await page.keyboard.press('Enter');
    await page.locator('.table-page[data-status="ended"]').waitFor({ timeout: 30_000 });
    const m = await endedOnServer(matchId);
    expect(m.status).toBe('ended');
    expect(m.winner).toBe('p2');
    await ctx.close();
  }, 300_000);
});

/** An Elemental Clash table started from a position (the judges' start-position route): p1's main phase, Enggar in hand. */
async function enggarTable(): Promise<{ matchId: string; seats: Record<string, string> }> {
  const book = (top: (string | Record<string, unknown>)[]) => [
    ...top,
    ...Array.from({ length: 20 - top.length }, () => 'mars-stone'),
  ];
  return apiJson<{ matchId: string; seats: Record<string, string> }>(stack.api, '/api/matches', {
    token: organiserToken(),
    body: {
      game: 'elemental-clash',
      position: {
        players: { p1: { name: 'Ada' }, p2: { name: 'Bo' } },
        start: {
          turn: 3,
          turnPlayer: 'p1',
          phase: 'main',
          step: null,
          players: {
            p1: {
              zones: {
                hand: [{ card: 'enggar-master-of-colors', id: 'en' }],
                stack1: ['mars-stone', 'mars-stone', 'mars-stone'],
                spellbook: book([
                  { card: 'mars-stone', id: 'top1' },
                  { card: 'venus-stone', id: 'top2' },
                  { card: 'jupiter-stone', id: 'top3' },
                ]),
              },
            },
            p2: { zones: { spellbook: book([]) } },
          },
        },
      },
    },
  });
}

describe('Elemental Clash: arranging the top of the spellbook (Future Sight, 7.0)', () => {
  it("Enggar's Future Sight 3 is answered by dragging and by keyboard; the server keeps the order confirmed", async () => {
    const { matchId, seats } = await enggarTable();
    const ctx = await newContext();
    const page = await ctx.newPage();
    await page.goto(`${stack.web}/join/${encodeURIComponent(seats.p1!)}`);
    await page.waitForURL(/\/matches\/[^/]+\/play$/, { timeout: 30_000 });
    await tableReady(page);
    // Play Enggar from the hand: its play effect looks at the top three cards.
    await page.locator('.board [data-role="source"][data-id="en"]').first().click();
    await page.locator('.panel-picked').waitFor({ timeout: 15_000 });
    const play = page.locator('.offer-group[data-kind="play"]').first();
    await play.click();
    for (let i = 0; i < 20 && (await page.locator('.order-item').count()) === 0; i++) {
      const pick = page.locator('.board [data-role="pay"], .board [data-role="target"]').first();
      if (await pick.count()) await pick.click();
      else await page.waitForTimeout(100);
    }
    await page.locator('.order-confirm:not([disabled])').waitFor({ timeout: 30_000 });
    expect(await page.locator('.order-choice').getAttribute('data-type')).toBe('ArrangeTop');
    const ids = () =>
      page.locator('.order-item').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.id ?? ''));
    const labels = await page.locator('.order-item .order-label').allTextContents();
    expect(labels.map((l) => l.trim())).toEqual(['Mars Stone', 'Venus Stone', 'Jupiter Stone']);
    expect(await ids()).toEqual(['top1', 'top2', 'top3']);
    // Dragged: the third to the top.
    await page.locator('.order-item').last().dragTo(page.locator('.order-item').first());
    expect(await ids()).toEqual(['top3', 'top1', 'top2']);
    // By keyboard: the (now) last one up one place with Alt+↑, the focus staying on it.
    await page.locator('.order-item[data-id="top2"]').focus();
    await page.keyboard.press('Alt+ArrowUp');
    expect(await ids()).toEqual(['top3', 'top2', 'top1']);
    expect(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.id)).toBe(
      'top2',
    );
    await page.locator('.order-confirm').focus();
    await page.keyboard.press('Enter');
    const judge = mintToken({ role: 'judge', ttlSeconds: 600 }, { secret: SECRET });
    await expect
      .poll(
        async () => {
          const { state } = await apiJson<{
            state: { players: Record<string, { spellbook: { id: string }[] }> };
          }>(stack.api, `/api/matches/${encodeURIComponent(matchId)}/state?as=judge`, { token: judge });
          return state.players.p1!.spellbook.slice(0, 3).map((c) => c.id);
        },
        { timeout: 20_000 },
      )
      .toEqual(['top3', 'top2', 'top1']);
    await page.locator('.order-item').first().waitFor({ state: 'detached', timeout: 20_000 });
    await ctx.close();
  }, 180_000);
});

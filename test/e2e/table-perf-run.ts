// The player's table measured in Chromium (used by `npx matchtape bench --peers --suite table` and by
// table-perf.ts): two seats at their tables and a spectator page, on the real stack (web-stack.ts). For each action
// a player takes by clicking: the time from the click until the opponent's table, and until the spectator's page,
// shows the new seq (read with requestAnimationFrame polling, so a frame's wait is included); and the time from
// opening a seat's table until it is interactive (the first offers shown). Nothing is asserted.
import { mintToken } from '@matchtape/server';
import type { Page } from 'playwright-core';
import { player, step, type Player } from './table-player';
import { apiJson, SECRET, startWebStack } from './web-stack';

export interface TableMeasure {
  when: string;
  game: string;
  viewport: string;
  /** Raw samples (ms). */
  firstInteractiveTable: number[];
  actionToOpponentTable: number[];
  actionToSpectator: number[];
}

export const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
  return s.length === 0
    ? { n: 0 }
    : { n: s.length, p50: Math.round(q(0.5)), p95: Math.round(q(0.95)), max: Math.round(s[s.length - 1]!) };
};

const seqOf = (page: Page, sel: string) =>
  page.evaluate((s) => Number(document.querySelector<HTMLElement>(s)?.dataset.seq ?? 0), sel);
/** Resolves with the time the page first shows a seq above `seq`. */
const seen = (page: Page, sel: string, seq: number) =>
  page
    .waitForFunction(
      ([s, n]) => Number(document.querySelector<HTMLElement>(s as string)?.dataset.seq ?? 0) > (n as number),
      [sel, seq] as const,
      { polling: 'raf', timeout: 30_000 },
    )
    .then(
      () => performance.now(),
      () => null,
    );

export async function measureTable(o: {
  game: string;
  actions: number;
  progress?: (line: string) => void;
}): Promise<TableMeasure> {
  const GAME = o.game;
  const ACTIONS = o.actions;
  const stack = await startWebStack({ botMinMs: 20, botMaxMs: 40 });
  try {
    const created = await apiJson<{ matchId: string; invites: Record<string, string> }>(
      stack.api,
      '/api/matches',
      {
        token: mintToken({ role: 'organiser', ttlSeconds: 3600 }, { secret: SECRET }),
        body: {
          game: GAME,
          players: [
            { name: 'Ada', kind: 'person' },
            { name: 'Bo', kind: 'person' },
          ],
        },
      },
    );
    const games = await apiJson<{ games: { id: string; presetDecks: string[] }[] }>(stack.api, '/api/games');
    const preset = games.games.find((g) => g.id === GAME)!.presetDecks[0]!;
    const pages: Page[] = [];
    const interactiveMs: number[] = [];
    for (const seat of ['p1', 'p2']) {
      const page = await (
        await stack.browser.newContext({ viewport: { width: 1280, height: 800 } })
      ).newPage();
      await page.goto(stack.web + created.invites[seat]!);
      await page.locator('.deck-preset', { hasText: preset }).first().click();
      pages.push(page);
    }
    // First interactive table: a fresh tab on the seat (deck in, match started) until its first offers show.
    await Promise.all(pages.map((p) => p.locator('.table-page').waitFor({ timeout: 60_000 })));
    for (const p of pages) {
      const t0 = performance.now();
      await p.reload();
      await p.locator('.table-page[data-busy="false"]').waitFor({ timeout: 60_000 });
      interactiveMs.push(performance.now() - t0);
    }
    const spectator = await (
      await stack.browser.newContext({ viewport: { width: 1280, height: 800 } })
    ).newPage();
    await spectator.goto(`${stack.web}/matches/${created.matchId}`);
    await spectator.locator('.board').waitFor({ timeout: 60_000 });

    const players: Player[] = [player(pages[0]!, 'Ada'), player(pages[1]!, 'Bo')];
    const toOpponent: number[] = [];
    const toSpectator: number[] = [];
    let measured = 0;
    const until = Date.now() + 600_000;
    while (measured < ACTIONS && Date.now() < until) {
      let any = false;
      for (const [i, p] of players.entries()) {
        const opp = players[1 - i]!.page;
        const before = await seqOf(p.page, '.table-page');
        const t0 = performance.now();
        const oppSeen = seen(opp, '.table-page', before);
        const specSeen = seen(spectator, '.match-page', before);
        const r = await step(p);
        if (r === 'ended') measured = ACTIONS;
        if (r !== 'acted') continue;
        any = true;
        if ((await seqOf(p.page, '.table-page')) <= before) continue; // a card picked, nothing sent yet
        const [atOpp, atSpec] = await Promise.all([oppSeen, specSeen]);
        if (atOpp !== null) toOpponent.push(atOpp - t0);
        if (atSpec !== null) toSpectator.push(atSpec - t0);
        measured += 1;
        if (measured % 10 === 0) o.progress?.(`table ${GAME}: ${measured}/${ACTIONS} actions measured`);
      }
      if (!any) await new Promise((r) => setTimeout(r, 50));
    }
    return {
      when: new Date().toISOString(),
      game: GAME,
      viewport: '1280x800',
      firstInteractiveTable: interactiveMs,
      actionToOpponentTable: toOpponent,
      actionToSpectator: toSpectator,
    };
  } finally {
    await stack.stop();
  }
}

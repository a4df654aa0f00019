// Accessibility of the site, checked by axe-core in Chromium (issue 26): 0 serious and 0 critical violations on
// the list, the match page of each game in each perspective, the review page, the coverage search and the stream
// overlays, and no duplicate landmarks on the list, the match pages and the review page; and the keyboard reaches the timeline in
// a handful of Tab stops (one stop per zone, arrows within), without the skip link. Lean: one stack, one browser,
// one page per game reused across perspectives.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gameIds } from '@matchtape/games';
import { mintToken } from '@matchtape/server';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiJson, SECRET, startWebStack, type WebStack } from './web-stack';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const judge = mintToken({ role: 'judge', ttlSeconds: 3600 }, { secret: SECRET });
const coverage = mintToken({ role: 'coverage', ttlSeconds: 3600 }, { secret: SECRET });
const organiser = mintToken({ role: 'organiser', ttlSeconds: 3600 }, { secret: SECRET });
const PERSPECTIVES = ['public', 'p1', 'p2', 'judge', 'coverage'] as const;

let stack: WebStack;
const matches = new Map<string, string>();

/** A page of the stack's browser; two minutes per wait, for a 2-core machine shared with other test runs. */
async function newPage(opts: Parameters<WebStack['browser']['newPage']>[0]): Promise<Page> {
  const page = await stack.browser.newPage(opts);
  page.setDefaultTimeout(120_000);
  return page;
}

/**
 * axe's serious and critical violations on the page and, with `landmarks`, its duplicate landmarks, each as
 * "rule: target (summary)".
 */
export async function axeProblems(page: Page, landmarks = false): Promise<string[]> {
  // Evaluated over the DevTools protocol, which the page's CSP does not govern (a <script> tag would be refused).
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (landmarks) => {
    const axe = (
      window as unknown as {
        axe: {
          run(
            ctx: Document,
            opts: object,
          ): Promise<{
            violations: {
              id: string;
              impact?: string;
              nodes: { target: unknown[]; failureSummary?: string }[];
            }[];
          }>;
        };
      }
    ).axe;
    const r = await axe.run(document, {
      resultTypes: ['violations'],
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
    return (
      r.violations
        // Duplicate landmarks are axe's "moderate" rules, so named here (issue 26: 17 on the review page).
        .filter(
          (v) =>
            v.impact === 'serious' ||
            v.impact === 'critical' ||
            (landmarks && (v.id === 'landmark-unique' || v.id.startsWith('landmark-no-duplicate-'))),
        )
        .flatMap((v) =>
          v.nodes.map(
            (n) =>
              `${v.id} (${v.impact}): ${JSON.stringify(n.target)} ${(n.failureSummary ?? '').split('\n').slice(1, 2).join(' ').trim()}`,
          ),
        )
    );
  }, landmarks);
}

beforeAll(async () => {
  stack = await startWebStack({
    botMinMs: 5,
    botMaxMs: 10,
    onServer: async (api) => {
      for (const game of gameIds) {
        const c = await apiJson<{ matchId: string }>(api, '/api/matches', {
          token: organiser,
          body: {
            game,
            players: [
              { name: 'Greedy Bot', bot: 'greedy' },
              { name: 'Random Bot', bot: 'random' },
            ],
          },
        });
        matches.set(game, c.matchId);
      }
    },
  });
  // Cards on both sides: a while into each match (or its end).
  for (const id of matches.values()) {
    for (let i = 0; i < 600; i++) {
      const m = await apiJson<{ lastSeq: number; status: string }>(stack.api, `/api/matches/${id}`);
      if (m.lastSeq > 80 || m.status === 'ended') break;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}, 900_000);

afterAll(async () => {
  await stack?.stop();
});

describe('axe-core: no serious or critical violations', () => {
  it('the match list', async () => {
    const page = await newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${stack.web}/`);
    await page.locator('table.matches tbody tr').first().waitFor();
    const problems = await axeProblems(page, true);
    await page.close();
    expect(problems).toEqual([]);
  }, 240_000);

  it.each(gameIds)(
    'the %s match page in each perspective',
    async (game) => {
      const id = matches.get(game)!;
      const page = await newPage({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
      // The judge's token opens public, each seat and the judge's view (switched on the page); the coverage view
      // needs a coverage token.
      await page.goto(`${stack.web}/matches/${id}?as=public&seq=60&token=${judge}`);
      await page.locator('.board[data-status]').waitFor();
      const problems: string[] = [];
      for (const p of PERSPECTIVES) {
        if (p === 'coverage')
          await page.goto(`${stack.web}/matches/${id}?as=coverage&seq=60&token=${coverage}`);
        else await page.locator(`[role="radio"][data-perspective="${p}"]`).click();
        await page.locator(`[role="radio"][data-perspective="${p}"][aria-checked="true"]`).waitFor();
        await page.locator('.board[data-status]').waitFor();
        problems.push(...(await axeProblems(page, true)).map((x) => `${p}: ${x}`));
      }
      await page.close();
      expect(problems).toEqual([]);
    },
    720_000,
  );

  it('the review page, the coverage search and the overlays', async () => {
    const id = matches.get('grand-archive')!;
    await apiJson(stack.api, `/api/matches/${id}/disputes`, {
      token: judge,
      body: { atSeq: 40, claim: 'Random Bot says Greedy Bot attacked twice', against: 'p1' },
    });
    const page = await newPage({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
    const problems: string[] = [];
    const pages: [string, string][] = [
      [`/matches/${id}/review?dispute=d1&window=5&token=${judge}`, 'ul.diff[data-count]'],
      [`/coverage?token=${coverage}`, '.ann-search'],
      [`/overlay/${id}/scorebar`, '.ov-scorebar .ov-name'],
      [`/overlay/${id}/board`, '.board, .ov-problem'],
      [`/overlay/${id}/card?token=${coverage}`, '.ov-root'],
      [`/overlay/${id}/hand/p1?token=${coverage}`, '.ov-root'],
    ];
    for (const [path, ready] of pages) {
      // The overlays are drawn for a 1920×1080 browser source.
      if (path.startsWith('/overlay/')) await page.setViewportSize({ width: 1920, height: 1080 });
      await page.goto(stack.web + path);
      await page.locator(ready).first().waitFor();
      // The review page is held to no duplicate landmarks too (17 in issue 26; its three boards each named the
      // same two player regions until each region said whose view it is in).
      problems.push(
        ...(await axeProblems(page, path.includes('/review'))).map((x) => `${path.split('?')[0]}: ${x}`),
      );
      // The scorebar keeps each name and the turn/phase on one line, whole.
      if (path.includes('/scorebar'))
        problems.push(
          ...(await page
            .locator('.ov-name, .ov-turn')
            .evaluateAll((els) =>
              els
                .filter(
                  (el) =>
                    el.scrollWidth > el.clientWidth + 1 ||
                    el.getBoundingClientRect().height > parseFloat(getComputedStyle(el).fontSize) * 1.8,
                )
                .map((el) => `scorebar: "${el.textContent}" wraps or is cut`),
            )),
        );
    }
    await page.close();
    expect(problems).toEqual([]);
  }, 720_000);
});

describe('the list page (1280×800)', () => {
  it('health / life filled on a first visit, "Started" not cut, no aborted requests while it polls', async () => {
    // Two more bot matches, so some rows are live (moving on every poll) when the page opens.
    for (const game of gameIds.slice(0, 2))
      await apiJson(stack.api, '/api/matches', {
        token: organiser,
        body: {
          game,
          players: [
            { name: 'Ada Lovelace-Byron', bot: 'greedy' },
            { name: 'Brook Montgomery', bot: 'random' },
          ],
        },
      });
    const page = await newPage({ viewport: { width: 1280, height: 800 } });
    const aborted: string[] = [];
    page.on('requestfailed', (r) => aborted.push(`${r.url()} ${r.failure()?.errorText ?? ''}`));
    await page.goto(`${stack.web}/`);
    await page.locator('table.matches tbody tr').first().waitFor();
    const live = await page.locator('tbody tr[data-status="playing"]').count();
    // Every row's figures arrive (each was "—" for live matches: every poll aborted the read).
    await page.waitForFunction(
      () => [...document.querySelectorAll('td.cell-figures')].every((td) => td.querySelector('.figure')),
      null,
      { timeout: 60_000 },
    );
    // Four polls' worth of the page's life: nothing it asked for was thrown away.
    await page.waitForTimeout(12_000);
    const fit = await page.evaluate(() => {
      const wrap = document.querySelector('.table-wrap')!;
      const right = wrap.getBoundingClientRect().right;
      return {
        overflow: wrap.scrollWidth - wrap.clientWidth,
        cut: [...document.querySelectorAll('td.cell-started, th')]
          .filter((c) => c.getBoundingClientRect().right > right + 1)
          .map((c) => c.textContent),
      };
    });
    await page.close();
    expect({ aborted, ...fit }).toEqual({ aborted: [], overflow: 0, cut: [] });
    expect(live).toBeGreaterThan(0);
  }, 600_000);
});

describe('keyboard', () => {
  it('one Tab stop per zone: the timeline is reached without the skip link, arrows move within a zone', async () => {
    const id = matches.get('alpha-clash')!;
    const page = await newPage({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
    await page.goto(`${stack.web}/matches/${id}?as=judge&seq=60&token=${judge}`);
    await page.locator('.board[data-status]').waitFor();
    const zones = await page
      .locator('.board [data-zone] .tile')
      .evaluateAll((tiles) => new Set(tiles.map((t) => t.closest('[data-zone]')!)).size);
    // Tab from the top of the page until the timeline's slider has focus; count the stops on the way.
    let stops = 0;
    let onTimeline = false;
    for (; stops < 200 && !onTimeline; stops++) {
      await page.keyboard.press('Tab');
      onTimeline = await page.evaluate(() => document.activeElement?.getAttribute('role') === 'slider');
    }
    expect(onTimeline).toBe(true);
    // Header controls, one stop per zone with cards, the log as one stop, the playback buttons: far fewer than
    // one per card and log line (88 before).
    expect(stops).toBeLessThanOrEqual(zones + 30);
    // Within a zone, an arrow key moves to the next card (and the page does not step the match).
    const zone = page.locator('.board [data-zone]:has(.tile[tabindex="0"] + .tile)').first();
    await zone.locator('.tile[tabindex="0"]').focus();
    const before = await page.evaluate(
      () => document.activeElement?.getAttribute('data-id') ?? document.activeElement?.textContent,
    );
    const seq = await page.locator('[data-testid="seq"]').textContent();
    await page.keyboard.press('ArrowRight');
    const after = await page.evaluate(
      () => document.activeElement?.getAttribute('data-id') ?? document.activeElement?.textContent,
    );
    expect(after).not.toBe(before);
    expect(await page.locator('[data-testid="seq"]').textContent()).toBe(seq);
    await page.close();
  }, 480_000);
});

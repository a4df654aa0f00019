// Graphs under the timeline (issue 24): for a bot match of each game, the public page's graph points are exactly
// @matchtape/projections' turnFiguresOfEvents over the public events the server serves (the viewer's own
// information, no more), hovering a turn shows its values, and clicking a turn seeks to its last event.
import { join } from 'node:path';
import { gameIds, getGame } from '@matchtape/games';
import type { EventEnvelope } from '@matchtape/engine';
import { turnFiguresOfEvents } from '@matchtape/projections';
import { mintToken } from '@matchtape/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiJson, RESULTS, SECRET, startWebStack, waitMatchEnded, type WebStack } from './web-stack';

let stack: WebStack;
const organiser = mintToken({ role: 'organiser', ttlSeconds: 3600 }, { secret: SECRET });
const matches = new Map<string, string>();

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
              { name: 'Ada', bot: 'greedy' },
              { name: 'Brook', bot: 'random' },
            ],
          },
        });
        matches.set(game, c.matchId);
      }
    },
  });
  for (const id of matches.values()) await waitMatchEnded(stack.api, id, 300_000);
}, 900_000);

afterAll(async () => {
  await stack?.stop();
});

async function publicEvents(matchId: string): Promise<EventEnvelope[]> {
  const out: EventEnvelope[] = [];
  for (let from = 1; ; from += 1000) {
    const page = await apiJson<{ events: EventEnvelope[] }>(
      stack.api,
      `/api/matches/${matchId}/events?as=public&from=${from}&to=${from + 999}`,
    );
    out.push(...page.events);
    if (page.events.length < 1000) return out;
  }
}

describe.each(gameIds)('the %s graphs', (game) => {
  it('are the projection of the public events; hover shows a turn, a click seeks to its end', async () => {
    const matchId = matches.get(game)!;
    const expected = turnFiguresOfEvents(getGame(game), await publicEvents(matchId));
    const page = await stack.browser.newPage({
      viewport: { width: 1920, height: 1080 },
      reducedMotion: 'reduce',
    });
    await page.goto(`${stack.web}/matches/${matchId}`);
    await page.locator('.board[data-status]').waitFor();
    await page.getByRole('button', { name: 'Graphs' }).click();
    await page.locator('.graphs').waitFor();
    const points = await page.evaluate(() =>
      [...document.querySelectorAll<SVGElement>('.graph-point')].map((p) => ({
        kind: p.closest<HTMLElement>('.graph')!.dataset.kind!,
        player: p.dataset.player!,
        turn: Number(p.dataset.turn),
        seq: Number(p.dataset.seq),
        value: Number(p.dataset.value),
      })),
    );
    const want = expected.turns.flatMap((t) =>
      Object.entries(t.players).flatMap(([player, f]) =>
        Object.entries(f)
          .filter(([, v]) => v !== null)
          .map(([kind, v]) => ({ kind, player, turn: t.turn, seq: t.seq, value: v as number })),
      ),
    );
    const key = (p: { kind: string; player: string; turn: number }) =>
      `${p.kind}/${p.player}/${String(p.turn).padStart(4, '0')}`;
    expect(points.length).toBeGreaterThan(10);
    expect([...points].sort((a, b) => key(a).localeCompare(key(b)))).toEqual(
      [...want].sort((a, b) => key(a).localeCompare(key(b))),
    );

    // Hover the middle turn: its values; click it: the playhead goes to its last event.
    const mid = expected.turns[Math.floor(expected.turns.length / 2)]!;
    const column = page.locator(`.graph-turn[data-turn="${mid.turn}"]`);
    await column.hover();
    await expect
      .poll(() => page.getByTestId('graph-readout').textContent())
      .toContain(`Turn ${mid.turn} · Ada:`);
    await page.screenshot({ path: join(RESULTS, `graphs-${game}-1920.png`) });
    await column.click();
    await expect.poll(() => page.getByTestId('seq').textContent()).toBe(String(mid.seq));
    await page.close();
  }, 120_000);
});

describe('the graphs fit the window', () => {
  it.each([
    [1280, 800],
    [1920, 1080],
  ])(
    'at %i×%i the page does not scroll and every graph ends above the window’s bottom edge',
    async (w, h) => {
      const page = await stack.browser.newPage({
        viewport: { width: w, height: h },
        reducedMotion: 'reduce',
      });
      await page.goto(`${stack.web}/matches/${matches.get('alpha-clash')!}`);
      await page.locator('.board[data-status]').waitFor();
      await page.getByRole('button', { name: 'Graphs' }).click();
      await page.locator('.graph svg').nth(2).waitFor();
      const fit = await page.evaluate(() => ({
        inner: window.innerHeight,
        scroll: document.documentElement.scrollHeight,
        bottoms: [...document.querySelectorAll('.graph')].map((g) =>
          Math.ceil(g.getBoundingClientRect().bottom),
        ),
      }));
      await page.screenshot({ path: join(RESULTS, `graphs-fit-${w}.png`) });
      expect(fit.bottoms, 'three graphs').toHaveLength(3);
      expect(fit.scroll, `the page scrolls (${JSON.stringify(fit)})`).toBeLessThanOrEqual(fit.inner);
      for (const b of fit.bottoms)
        expect(b, `a graph ends under the edge (${JSON.stringify(fit)})`).toBeLessThanOrEqual(fit.inner);
      await page.close();
    },
    120_000,
  );
});

// The graphs' per-turn figures over a bot match of each game: each value is the game's own board stat at the
// turn's last event, for the viewer whose events were folded; a public viewer's series is the same whether it is
// folded from the public events or read from the judge's state through the public view (no hidden input).
import { describe, expect, it } from 'vitest';
import type { AnyGameModule, EventEnvelope } from '@matchtape/engine';
import { playMatch } from '@matchtape/engine/testing/harness';
import { alphaClash } from '@matchtape/alpha-clash';
import { grandArchive } from '@matchtape/grand-archive';
import { theSpoils } from '@matchtape/the-spoils';
import { elementalClash } from '@matchtape/elemental-clash';
import { buildTimeline } from './timeline';
import { figuresOf, turnFigures, turnFiguresOfEvents } from './turn-figures';

const GAMES: AnyGameModule[] = [alphaClash, grandArchive, theSpoils, elementalClash];
// The stat each game's board names for its main figure and its resources (what the graph must pick).
const EXPECTED: Record<string, { main: string; resources: string }> = {
  'alpha-clash': { main: 'health', resources: 'resources' },
  'grand-archive': { main: 'life', resources: 'memory' },
  'the-spoils': { main: 'influence', resources: 'resources' },
  'elemental-clash': { main: 'spellbook', resources: 'stones' },
};

describe.each(GAMES.map((g) => [g.id, g] as const))('turn figures: %s', (_id, game) => {
  const m = playMatch<unknown>(game, {
    seed: 'figures-1',
    bots: { p1: 'greedy', p2: 'random' },
    recordStates: false,
  });
  const pub = m.events.map((e) => game.viewEvent(e, 'public') as EventEnvelope);

  it("reads the game's main figure, hand and resources at each turn's last event", () => {
    const series = turnFiguresOfEvents(game, pub);
    const turns = buildTimeline(game, pub).turns.filter((t) => t.turn > 0);
    expect(series.turns.map((t) => t.turn)).toEqual(turns.map((t) => t.turn));
    expect(series.turns.length).toBeGreaterThan(2);
    for (const t of series.turns) {
      let s: unknown = game.initial();
      for (const e of pub.slice(0, t.seq)) s = game.evolve(s, e);
      const board = game.board(s);
      for (const p of board.players) {
        const stat = (k: string) => p.stats.find((x) => x.key === k)?.value;
        expect(t.players[p.id], `turn ${t.turn} ${p.id}`).toEqual({
          main: stat(EXPECTED[game.id]!.main),
          hand: stat('hand'),
          resources: stat(EXPECTED[game.id]!.resources),
        });
      }
    }
    for (const p of ['p1', 'p2'])
      expect(Object.values(series.labels[p]!).every((l) => typeof l === 'string')).toBe(true);
  });

  it("a public viewer's series is the public view's, never the judge's", () => {
    // The judge's fold read through game.view(…, 'public') gives the same boards: nothing hidden goes in.
    const judgeStates: unknown[] = [];
    let s: unknown = game.initial();
    for (const e of m.events) judgeStates.push((s = game.evolve(s, e)));
    const turns = buildTimeline(game, pub).turns;
    const viaView = turnFigures(turns, (seq) => game.board(game.view(judgeStates[seq - 1], 'public')));
    expect(turnFiguresOfEvents(game, pub)).toEqual(viaView);
  });
});

describe('figuresOf', () => {
  it('counts the hand zone when the board has no hand stat, and leaves a missing figure null', () => {
    expect(
      figuresOf({
        id: 'p1',
        name: 'A',
        stats: [{ key: 'influence', label: 'Influence', value: 7 }],
        zones: [{ key: 'hand', label: 'Hand', layout: 'fan', count: 4, cards: [] }],
      }),
    ).toEqual({ main: 7, hand: 4, resources: null });
  });
});

// Every word the site and the judges' case files show comes from this present layer: for a bot match of each
// game, the log, banners, the phase strip, key moments, card states, the winner's line, the diff and zone names
// carry no internal id (seat ids, card instance ids, engine step ids, event type names, zone paths).
import type { BoardModel, EventEnvelope } from '@matchtape/engine';
import { playMatch } from '@matchtape/engine/testing';
import { diffBoards } from '@matchtape/projections';
import { describe, expect, it } from 'vitest';
import { gameIds, getGame } from './games';
import { cardNames, diffWords, humanText, positionWords, seatNames, winnerLine, zoneWords } from './present';
import { internalIds } from './present.ids';

describe.each(gameIds)('words of a %s bot match', (id) => {
  const game = getGame(id);
  const match = playMatch(game, { seed: `words-${id}`, bots: { p1: 'greedy', p2: 'random' } });
  const events = match.events as EventEnvelope[];
  const seats = seatNames([
    { id: 'p1', name: 'Greedy Bot' },
    { id: 'p2', name: 'Random Bot' },
  ]);
  // Step and phase ids of this game: none may be shown as they are.
  const stepIds = new Set<string>();
  for (const e of events) {
    stepIds.add(e.phase);
    if (e.step) stepIds.add(e.step);
  }
  const bad = (where: string, text: string, out: string[]) => {
    const ids = internalIds(text, stepIds);
    if (ids.length) out.push(`${where}: "${text}" shows ${ids.join(', ')}`);
  };

  it('the log, banners, phase strip, key moments, card states and the winner are in words', () => {
    const out: string[] = [];
    let s = game.initial();
    let prev = '';
    const boards: BoardModel[] = [];
    for (const e of events) {
      s = game.evolve(s, e);
      const b = game.board(s);
      boards.push(b);
      const cards = cardNames([b]);
      const line = humanText(game.describe(e), cards, seats);
      bad(`log ${e.seq}`, line, out);
      // A rules action printed twice in a row says nothing new (Alpha Clash's "Continuous Effect Created."); a
      // player doing the same thing twice is two lines.
      if (line === prev && !('player' in e.cause)) out.push(`log ${e.seq}: "${line}" twice in a row`);
      prev = line;
      const w = positionWords(game.id, b.phase, b.step);
      bad(`phase ${e.seq}`, `${w.phase} ${w.step ?? ''}`, out);
      if (b.banner) bad(`banner ${e.seq}`, humanText(b.banner, cards, seats), out);
      const k = game.keyMoment(e);
      if (k) bad(`key moment ${e.seq}`, humanText(k.label, cards, seats), out);
      for (const p of b.players)
        for (const z of p.zones) {
          bad(`zone ${e.seq}`, z.label, out);
          for (const c of z.cards)
            if (!c.hidden) for (const t of c.tags ?? []) bad(`tag ${e.seq}`, humanText(t, cards, seats), out);
        }
    }
    const end = boards.at(-1)!;
    expect(end.status).toBe('ended');
    const won = humanText(winnerLine(end.winner, end.result), cardNames([end]), seats);
    bad('winner', won, out);
    expect(won.match(/ wins/g)?.length ?? 0).toBeLessThanOrEqual(1);
    // Every phase and step of the machine, not only the ones this match went through.
    for (const [ph, st] of machinePositions(game.machine)) {
      const w = positionWords(game.id, ph, st);
      bad(`strip ${ph}/${st}`, `${w.phase} · ${w.step ?? ''}`, out);
    }
    // The judges' diff across each stretch of 20 events.
    for (let i = 20; i < boards.length; i += 20) {
      const cards = cardNames([boards[i - 20]!, boards[i]!]);
      for (const item of diffBoards(boards[i - 20]!, boards[i]!).items)
        bad(`diff ${i}`, diffWords(item, game.id, cards, seats), out);
    }
    expect(out.slice(0, 15)).toEqual([]);
  });

  it('zone paths of the read models are in words', () => {
    expect(zoneWords('players.p1.materialDeck', seats)).toBe('Greedy Bot’s material deck'.replace('’', "'"));
    expect(internalIds(zoneWords('players.p2.hand', seats), stepIds)).toEqual([]);
  });
});

interface Node {
  meta?: { phase?: unknown; step?: unknown };
  states?: Record<string, Node>;
}
/** Every (phase, step) a machine's states name in their meta. */
function machinePositions(machine: unknown): [string, string | null][] {
  const out: [string, string | null][] = [];
  const walk = (n: Node | undefined): void => {
    for (const child of Object.values(n?.states ?? {})) {
      if (typeof child.meta?.phase === 'string') {
        const ph = child.meta.phase;
        out.push([ph, typeof child.meta.step === 'string' ? child.meta.step : null]);
        stepIdsOfMachines.add(ph);
        if (typeof child.meta.step === 'string') stepIdsOfMachines.add(child.meta.step);
      }
      walk(child);
    }
  };
  walk((machine as { root?: Node }).root);
  return out;
}
const stepIdsOfMachines = new Set<string>();

describe('the id finder itself', () => {
  it('finds each kind of internal id and passes plain words', () => {
    const steps = new Set(['window-a', 'start-of-turn', 'main']);
    expect(internalIds('p2 has Opportunity', steps)).toEqual(['p2']);
    expect(internalIds('s7 resolved', steps)).toEqual(['s7']);
    expect(internalIds('Ridge Warden (p2-c42) entered', steps)).toEqual(['p2-c42']);
    expect(internalIds('battle – window-a', steps)).toEqual(['window-a']);
    expect(internalIds('2 · main', steps)).toEqual(['main']);
    expect(internalIds('took 3 s (ReserveSelected)', steps)).toEqual(['ReserveSelected']);
    expect(internalIds('players.p1.materialDeck', steps)).toEqual(['players.p1.materialDeck']);
    expect(internalIds('to choose: putUnder', steps)).toEqual(['putUnder']);
    expect(internalIds('Ada attacks Mean-Streak, Ready to Brawl in the Main Phase', steps)).toEqual([]);
    expect(internalIds('Ada was forced to draw from an empty spellbook', new Set(['draw']))).toEqual([]);
    expect(internalIds('Battle – attackers', new Set(['attackers']))).toEqual(['attackers']);
  });
});

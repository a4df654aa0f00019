// The browser's fold against the real games: a viewer's tape, fed only that viewer's redacted events, draws at
// every seq the board of the server's view of the full state (ARCHITECTURE.md §1, redaction commutes).
import { fold, jsonEqual, type EventEnvelope, type Viewer } from '@matchtape/engine';
import { playMatch } from '@matchtape/engine/testing';
import { gameIds, getGame } from '@matchtape/games';
import { describe, expect, it } from 'vitest';
import { MatchTape } from './tape';

describe.each(gameIds)('MatchTape with %s', (id) => {
  const game = getGame(id);
  const match = playMatch(game, { seed: `web-${id}`, bots: { p1: 'greedy', p2: 'random' } });
  const events = match.events as EventEnvelope[];

  it.each<Viewer>(['public', 'p1', 'judge'])(
    'as %s, boardAt(seq) = board(view(fold(events ≤ seq))) at every seq',
    (viewer) => {
      const tape = new MatchTape(game);
      tape.append(events.map((e) => (viewer === 'judge' ? e : game.viewEvent(e, viewer))));
      let full = game.initial();
      const bad: number[] = [];
      for (let seq = 1; seq <= events.length; seq++) {
        full = game.evolve(full, events[seq - 1]!);
        if (!jsonEqual(tape.boardAt(seq), game.board(game.view(full, viewer)))) bad.push(seq);
        if (bad.length > 3) break;
      }
      expect(bad).toEqual([]);
      // Seeking backwards from the end lands on the same boards (keyframes).
      const mid = Math.floor(events.length / 2);
      expect(tape.boardAt(mid)).toEqual(game.board(game.view(fold(game, events.slice(0, mid)), viewer)));
    },
  );

  it('timeline: turns cover every seq once, in order, and key moments sit inside them', () => {
    const tape = new MatchTape(game);
    tape.append(events);
    const turns = tape.timeline.turns;
    expect(turns[0]!.fromSeq).toBe(1);
    expect(turns[turns.length - 1]!.toSeq).toBe(events.length);
    for (let i = 1; i < turns.length; i++) expect(turns[i]!.fromSeq).toBe(turns[i - 1]!.toSeq + 1);
    expect(tape.timeline.keys.length).toBeGreaterThan(0);
    for (const k of tape.timeline.keys)
      expect(tape.timeline.turnAt(k.seq)!.turn).toBe(events[k.seq - 1]!.turn);
  });
});

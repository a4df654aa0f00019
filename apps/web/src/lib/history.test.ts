// History and playback against the real games: a history opened from a server window (the viewer's keyframe and
// the events after it) and then filled from the start gives, at every seq, the same state as a fold of the
// viewer's events from zero — and so does the scrubber's board, whatever order the playhead moves in.
import { fold, jsonEqual, type EventEnvelope, type Viewer } from '@matchtape/engine';
import { playMatch } from '@matchtape/engine/testing';
import { buildTimeline } from '@matchtape/projections';
import { gameIds, getGame } from '@matchtape/games';
import { describe, expect, it } from 'vitest';
import { MatchHistory } from './history';
import { MatchTape } from './tape';

describe.each(gameIds)('history and scrubber with %s', (id) => {
  const game = getGame(id);
  const match = playMatch(game, {
    seed: `history-${id}`,
    bots: { p1: 'greedy', p2: 'random' },
    recordStates: false,
  });
  const events = match.events as EventEnvelope[];
  const n = events.length;

  it.each<Viewer>(['public', 'p1', 'judge'])(
    'as %s: fold from the window keyframe == fold from zero at every seq',
    (viewer) => {
      const redacted = events.map((e) => (viewer === 'judge' ? e : game.viewEvent(e, viewer)));
      // The reference: the viewer's events folded from zero, state after every seq.
      const ref: unknown[] = [game.initial()];
      for (const e of redacted) ref.push(game.evolve(ref[ref.length - 1], e));
      // The server's window at the middle: view(fold(full events to the keyframe)), then events past the playhead.
      const playhead = Math.floor(n / 2);
      const key = playhead - (playhead % 50);
      const keyState = game.view(fold(game, events.slice(0, key)), viewer);
      const tape = new MatchTape(game);
      expect(tape.seed(key, keyState, redacted.slice(key, playhead + 100))).toEqual({
        added: Math.min(n, playhead + 100) - key,
        missingFrom: null,
      });
      expect(tape.length).toBe(Math.min(n, playhead + 100));
      const bad: number[] = [];
      for (let s = key; s <= tape.length; s++) if (!jsonEqual(tape.stateAt(s), ref[s])) bad.push(s);
      expect(bad, 'window seqs').toEqual([]);
      // A playhead in the range still loading shows the nearest held seq.
      expect(tape.history.canShow(key - 1)).toBe(key <= 1);
      if (key > 10) expect(tape.scrubber.shownSeq(key - 3)).toBe(key);
      // Live events past the end with a gap are refused and the gap reported.
      if (tape.length + 2 <= n)
        expect(tape.append([redacted[tape.length + 1]!])).toEqual({ added: 0, missingFrom: tape.length + 1 });
      // The rest fills in behind, in pages from the start (as useMatchTape loads it).
      for (let from = 0; from < n; from += 300) tape.append(redacted.slice(from, from + 300));
      expect(tape.length).toBe(n);
      expect(tape.complete).toBe(true);
      expect(tape.timeline.index).toEqual(buildTimeline(game, redacted));
      // Every seq, scrubbed backwards then in a stride (neither the order the events came in nor the keyframes').
      const order = [
        ...Array.from({ length: n + 1 }, (_, s) => n - s),
        ...Array.from({ length: n + 1 }, (_, s) => (s * 37) % (n + 1)),
      ];
      // The scrubber keeps boards per seq and steps one event from the last state drawn: each board it hands out
      // along the scrub must be the board of its own seq.
      const badBoards: number[] = [];
      for (const [i, s] of order.entries()) {
        if (!jsonEqual(tape.stateAt(s), ref[s])) bad.push(s);
        if (i % 5 === 0 && !jsonEqual(tape.boardAt(s), game.board(ref[s]))) badBoards.push(s);
        if (bad.length > 3 || badBoards.length > 3) break;
      }
      expect(bad, 'every seq').toEqual([]);
      expect(badBoards, 'boards along the scrub').toEqual([]);
      for (const s of [0, 1, key, playhead, n - 1, n]) expect(tape.boardAt(s)).toEqual(game.board(ref[s]));
    },
  );

  it('a window opened at seq 1 is not the whole match until the pages after it are held', () => {
    // The window's own range 1..W is contiguous; the match goes on to n. "Complete" (data-complete, the graphs)
    // must wait for the rest, or a walk to the next turn stops at W while the later pages still load.
    const tape = new MatchTape(game);
    tape.expect(n);
    const w = Math.min(n - 1, 201);
    tape.seed(0, game.initial(), events.slice(0, w));
    expect(tape.length).toBe(w);
    expect(tape.complete).toBe(false);
    tape.append(events.slice(w));
    expect(tape.complete).toBe(true);
  });

  it('a history loaded from the start has keyframes every K and answers every seq', () => {
    const h = new MatchHistory(game, 20);
    h.append(events);
    expect(h.complete).toBe(true);
    const ref: unknown[] = [game.initial()];
    for (const e of events) ref.push(game.evolve(ref[ref.length - 1], e));
    const bad: number[] = [];
    for (let s = n; s >= 0; s -= 7) if (!jsonEqual(h.stateAt(s), ref[s])) bad.push(s);
    expect(bad).toEqual([]);
  });
});

import { fold, type EventEnvelope } from '@matchtape/engine';
import { describe, expect, it } from 'vitest';
import { fixtureGame, fixtureMatch } from '../test/fixture-game';
import { MatchTape } from './tape';

describe('MatchTape', () => {
  it('gives, at every seq, the board of the fold of the events up to it (keyframes or not)', () => {
    const events = fixtureMatch();
    const tape = new MatchTape(fixtureGame, 4);
    tape.append(events);
    for (let seq = 0; seq <= events.length; seq++) {
      expect(tape.boardAt(seq)).toEqual(fixtureGame.board(fold(fixtureGame, events.slice(0, seq))));
    }
    // Seeking backwards after forwards still folds from the right keyframe.
    expect(tape.boardAt(3)).toEqual(fixtureGame.board(fold(fixtureGame, events.slice(0, 3))));
  });

  it('skips events it already holds and reports a gap without appending past it', () => {
    const events = fixtureMatch();
    const tape = new MatchTape(fixtureGame);
    expect(tape.append(events.slice(0, 5))).toEqual({ added: 5, missingFrom: null });
    expect(tape.append(events.slice(3, 7))).toEqual({ added: 2, missingFrom: null });
    expect(tape.append(events.slice(9))).toEqual({ added: 0, missingFrom: 8 });
    expect(tape.length).toBe(7);
    expect(tape.append([events[8]!, events[7]!])).toEqual({ added: 2, missingFrom: null });
    expect(tape.timeline.length).toBe(9);
  });

  it("folds a viewer's redacted events: the opponent's drawn card stays hidden on the public board", () => {
    const redacted: EventEnvelope[] = fixtureMatch().map((e) => fixtureGame.viewEvent(e, 'public'));
    const tape = new MatchTape(fixtureGame);
    tape.append(redacted);
    const hand = tape
      .boardAt(9)
      .players.find((p) => p.id === 'p2')!
      .zones.find((z) => z.key === 'hand')!;
    expect(hand.count).toBe(1);
    expect(hand.cards[0]).toEqual({ id: 'x-c2', hidden: true });
    expect(JSON.stringify(tape.boardAt(9))).not.toContain('bear');
  });
});

import { describe, expect, it } from 'vitest';
import { normalizeMatch } from './api';

describe('normalizeMatch', () => {
  it("reads the server's list item", () => {
    const m = normalizeMatch({
      matchId: 'm1',
      game: 'alpha-clash',
      status: 'playing',
      players: [
        { id: 'p1', name: 'Ann', bot: null },
        { id: 'p2', name: 'Bot 2', bot: 'random' },
      ],
      turn: 3,
      phase: 'expansion',
      step: null,
      winner: null,
      lastSeq: 42,
      spectatorDelaySeconds: 30,
      spectatorsWatching: 2,
      createdAt: '2026-11-22T00:00:00.000Z',
    });
    expect(m).toMatchObject({
      matchId: 'm1',
      status: 'playing',
      turn: 3,
      phase: 'expansion',
      lastSeq: 42,
      spectators: 2,
      spectatorDelaySeconds: 30,
    });
    expect(m.players).toEqual([
      { id: 'p1', name: 'Ann' },
      { id: 'p2', name: 'Bot 2' },
    ]);
  });

  it('reads fields kept in a summary and says when the id is missing', () => {
    expect(
      normalizeMatch({ id: 'x', game: 'g', summary: { turn: 2, players: [{ id: 'p1' }] } }),
    ).toMatchObject({ matchId: 'x', turn: 2, players: [{ id: 'p1', name: 'p1' }] });
    expect(() => normalizeMatch({ game: 'g' })).toThrow(/no matchId/);
    expect(() => normalizeMatch({ matchId: 'x' })).toThrow();
  });
});

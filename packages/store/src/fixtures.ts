// Well-formed events for tests and benchmarks that exercise the store without a game.
import type { NewEvent } from '@matchtape/engine';

/** `count` events numbered from `from`, each with a small payload; `at` is fixed so runs are reproducible. */
export function sampleEvents(count: number, from = 1, tag = 'sample'): NewEvent[] {
  return Array.from({ length: count }, (_, i) => ({
    type: 'CounterAdvanced',
    at: new Date(Date.UTC(2026, 10, 22, 10, 0, 0, from + i)).toISOString(),
    turn: 1 + Math.floor((from + i) / 10),
    phase: 'main',
    step: null,
    cause: { system: true as const },
    rule: null,
    payload: {
      n: from + i,
      tag,
      ratio: (from + i) / 3,
      nested: { list: [1, 2, 3], text: 'é ✓ "quoted"', none: null },
    },
  }));
}

export function sampleMatch(matchId: string, game = 'fixture') {
  return {
    matchId,
    game,
    status: 'playing' as const,
    config: { players: ['p1', 'p2'] },
    seed: 'seed-for-' + matchId,
    spectatorDelaySeconds: 0,
    coverageDelaySeconds: 0,
    summary: {},
  };
}

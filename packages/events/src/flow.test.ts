import { describe, expect, it } from 'vitest';
import {
  decideEvent,
  foldEvent,
  initialEvent,
  metBefore,
  pairKey,
  type Actor,
  type EventCommand,
  type EventState,
  type TournamentEvent,
} from './index';

const organiser: Actor = { role: 'organiser', id: 'org' };
const system: Actor = { role: 'system' };
let clock = 0;
let log: TournamentEvent[] = [];

function run(s: EventState, c: EventCommand, actor: Actor = organiser): EventState {
  const d = decideEvent(s, c, {
    at: new Date(Date.UTC(2026, 10, 26, 10, 0, clock++)).toISOString(),
    actor,
    commandId: `c${clock}`,
  });
  if (!d.ok) throw new Error(`${c.type} refused: ${d.reason}`);
  log.push(...d.events);
  return d.state;
}

/** A deterministic stand-in for a game's result: the lower player number wins unless (round + table + game) is odd. */
const winnerOf = (a: string, b: string, k: number): string =>
  k % 2 === 1 ? b : Number(a.slice(1)) < Number(b.slice(1)) ? a : b;

function newEvent(
  players: number,
  opts: { swissRounds: number; topCut: 0 | 2 | 4 | 8; bestOf: 1 | 3 | 5; policy?: 'loser' | 'game' },
): EventState {
  clock = 0;
  log = [];
  let s = run(initialEvent(), {
    type: 'CreateEvent',
    eventId: 'ev1',
    seed: 'a-fixed-seed',
    nextGameFirst: { policy: opts.policy ?? 'loser', rule: opts.policy === 'game' ? null : '1.4.7.b' },
    options: {
      name: 'Test',
      game: 'grand-archive',
      format: 'swiss',
      swissRounds: opts.swissRounds,
      topCut: opts.topCut,
      bestOf: opts.bestOf,
      roundMinutes: 50,
      extraTurns: 3,
      spectatorDelaySeconds: 0,
      revealPolicy: 'hidden',
    },
  });
  for (let i = 0; i < players; i++)
    s = run(s, { type: 'RegisterPlayer', name: `Player ${i + 1}`, deck: { preset: 'x' }, bot: null });
  return s;
}

/** Plays the current round to its end: each pairing's games started and reported as the server would. */
function playRound(s: EventState): EventState {
  const r = s.rounds.at(-1)!;
  for (const p of r.pairings) {
    if (p.p2 === null) continue;
    for (let game = 1; ; game++) {
      const cur = s.rounds.at(-1)!.pairings.find((x) => x.table === p.table)!;
      if (cur.result) break;
      s = run(
        s,
        {
          type: 'StartGame',
          round: r.round,
          table: p.table,
          game,
          matchId: `m-${r.round}-${p.table}-${game}`,
        },
        system,
      );
      s = run(
        s,
        {
          type: 'ReportGame',
          round: r.round,
          table: p.table,
          game,
          winner: winnerOf(p.p1, p.p2, r.round + p.table + game) as never,
          cause: 'match-ended',
        },
        system,
      );
    }
  }
  return s;
}

describe('a whole event, pure', () => {
  it('13 players, 4 Swiss rounds, top 8, best of 3: no rematch, one bye each at most, pairing by points, a winner', () => {
    let s = newEvent(13, { swissRounds: 4, topCut: 8, bestOf: 3 });
    for (let round = 1; !s.finished; round++) {
      const before = metBefore(s);
      s = run(s, { type: 'StartRound', round });
      const r = s.rounds.at(-1)!;
      if (r.stage === 'swiss') {
        expect(r.pairings.filter((p) => p.p2 === null)).toHaveLength(1);
        for (const p of r.pairings)
          if (p.p2)
            expect(before.has(pairKey(p.p1, p.p2)), `round ${round} table ${p.table} is a rematch`).toBe(
              false,
            );
      }
      s = playRound(s);
      expect(s.rounds.at(-1)!.standingsPublished).toBe(true);
    }
    const byes = s.rounds.flatMap((r) => r.pairings.filter((p) => p.p2 === null).map((p) => p.p1));
    expect(new Set(byes).size).toBe(byes.length);
    expect(s.rounds.map((r) => `${r.stage}:${r.pairings.length}`)).toEqual([
      'swiss:7',
      'swiss:7',
      'swiss:7',
      'swiss:7',
      'top:4',
      'top:2',
      'top:1',
    ]);
    expect(s.finished?.winner).toBe(s.rounds.at(-1)!.pairings[0]!.result!.winner);
    // The stream folds back to the same state (what the standings projection rebuilds from).
    expect(foldEvent(log)).toEqual(s);
  });

  it('pairs by points: after round 1 the winners meet winners', () => {
    let s = newEvent(8, { swissRounds: 3, topCut: 0, bestOf: 1 });
    s = playRound(run(s, { type: 'StartRound', round: 1 }));
    const winners = new Set(s.rounds[0]!.pairings.map((p) => p.result!.winner));
    s = run(s, { type: 'StartRound', round: 2 });
    for (const p of s.rounds[1]!.pairings) expect(winners.has(p.p1)).toBe(winners.has(p.p2!));
  });

  it('the loser of a game sits first in the next (games whose rules say the loser chooses)', () => {
    let s = newEvent(2, { swissRounds: 1, topCut: 0, bestOf: 3 });
    s = run(s, { type: 'StartRound', round: 1 });
    const p = s.rounds[0]!.pairings[0]!;
    s = run(s, { type: 'StartGame', round: 1, table: 1, game: 1, matchId: 'g1' }, system);
    s = run(
      s,
      { type: 'ReportGame', round: 1, table: 1, game: 1, winner: p.p1, cause: 'match-ended' },
      system,
    );
    s = run(s, { type: 'StartGame', round: 1, table: 1, game: 2, matchId: 'g2' }, system);
    expect(s.rounds[0]!.pairings[0]!.games[1]).toMatchObject({ first: p.p2 });
    expect(log.at(-1)).toMatchObject({ type: 'GameStarted', rule: '1.4.7.b' });
  });

  it('time: games in progress end as draws after their extra turns; the pairing counts what was played', () => {
    let s = newEvent(2, { swissRounds: 1, topCut: 0, bestOf: 3 });
    s = run(s, { type: 'StartRound', round: 1 });
    const p = s.rounds[0]!.pairings[0]!;
    s = run(s, { type: 'StartGame', round: 1, table: 1, game: 1, matchId: 'g1' }, system);
    s = run(
      s,
      { type: 'ReportGame', round: 1, table: 1, game: 1, winner: p.p2, cause: 'match-ended' },
      system,
    );
    s = run(s, { type: 'StartGame', round: 1, table: 1, game: 2, matchId: 'g2' }, system);
    s = run(s, { type: 'CallTime', round: 1 });
    expect(s.rounds[0]!.timeCalled).toMatchObject({ extraTurns: 3 });
    expect(s.rounds[0]!.pairings[0]!.result).toBeNull();
    s = run(s, { type: 'ReportGame', round: 1, table: 1, game: 2, winner: null, cause: 'time' }, system);
    expect(s.rounds[0]!.pairings[0]!.result).toEqual({
      p1Wins: 0,
      p2Wins: 1,
      draws: 1,
      winner: p.p2,
      by: 'time',
    });
    expect(s.finished?.winner).toBe(p.p2);
  });

  it('refuses late registration after round 1, a second drop, and commands from the wrong role', () => {
    let s = newEvent(4, { swissRounds: 2, topCut: 0, bestOf: 1 });
    s = run(s, { type: 'DropPlayer', player: 'p4' }, { role: 'player', id: 'x', player: 'p4' });
    expect(
      decideEvent(
        s,
        { type: 'DropPlayer', player: 'p3' },
        { at: 't', actor: { role: 'player', id: 'x', player: 'p4' }, commandId: 'z' },
      ),
    ).toMatchObject({ ok: false, code: 'forbidden' });
    s = run(s, { type: 'StartRound', round: 1 });
    expect(s.rounds[0]!.pairings.flatMap((p) => [p.p1, p.p2])).not.toContain('p4');
    const late = decideEvent(
      s,
      { type: 'RegisterPlayer', name: 'Late', deck: {}, bot: null },
      { at: 't', actor: organiser, commandId: 'y' },
    );
    expect(late).toMatchObject({ ok: false, code: 'conflict' });
    expect(
      decideEvent(
        s,
        { type: 'StartRound', round: 1 },
        { at: 't', actor: { role: 'judge', id: 'j' }, commandId: 'w' },
      ),
    ).toMatchObject({ ok: false, code: 'forbidden' });
  });
});

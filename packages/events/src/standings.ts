// Swiss standings and tiebreakers, following the Magic Tournament Rules (Appendix C), the convention most card
// game organisers use:
//   match points: win 3, draw 1, loss 0; a bye is a match win (3) and two game wins (6 game points);
//   MW% = match points / (3 × rounds played), at least 1/3 (the customary 33 % floor);
//   GW% = game points / (3 × games played), at least 1/3; a game win is 3 game points, a drawn game 1;
//   OMW% / OGW% = the mean of each opponent's MW% / GW% (floored as above); byes are not opponents, and a player
//   with no opponent has 0. Order: points, OMW%, GW%, OGW%, then registration order (deterministic; the MTR
//   leaves the last tie to chance).
// Only Swiss rounds with a result count; the top cut places players but does not change these numbers.
import type { StandingRow } from './events';
import type { EventState, Pairing, PlayerId } from './model';

export const FLOOR = 1 / 3;

interface Tally {
  points: number;
  rounds: number;
  wins: number;
  losses: number;
  draws: number;
  gamePoints: number;
  games: number;
  opponents: PlayerId[];
}

function emptyTally(): Tally {
  return { points: 0, rounds: 0, wins: 0, losses: 0, draws: 0, gamePoints: 0, games: 0, opponents: [] };
}

function count(t: Tally, p: Pairing, me: 'p1' | 'p2'): void {
  const r = p.result!;
  t.rounds += 1;
  const myWins = me === 'p1' ? r.p1Wins : r.p2Wins;
  const theirWins = me === 'p1' ? r.p2Wins : r.p1Wins;
  if (p.p2 === null) {
    t.points += 3;
    t.wins += 1;
    t.gamePoints += 6;
    t.games += 2;
    return;
  }
  t.opponents.push(me === 'p1' ? p.p2 : p.p1);
  const mine = me === 'p1' ? p.p1 : p.p2;
  if (r.winner === mine) {
    t.points += 3;
    t.wins += 1;
  } else if (r.winner === null) {
    t.points += 1;
    t.draws += 1;
  } else t.losses += 1;
  t.gamePoints += 3 * myWins + r.draws;
  t.games += myWins + theirWins + r.draws;
}

/** Each player's tally over the Swiss rounds with a result. */
function tallies(s: EventState): Map<PlayerId, Tally> {
  const out = new Map<PlayerId, Tally>(s.players.map((p) => [p.id, emptyTally()]));
  for (const round of s.rounds) {
    if (round.stage !== 'swiss') continue;
    for (const p of round.pairings) {
      if (!p.result) continue;
      count(out.get(p.p1)!, p, 'p1');
      if (p.p2 !== null) count(out.get(p.p2)!, p, 'p2');
    }
  }
  return out;
}

const mwp = (t: Tally): number => (t.rounds === 0 ? FLOOR : Math.max(FLOOR, t.points / (3 * t.rounds)));
const gwp = (t: Tally): number => (t.games === 0 ? FLOOR : Math.max(FLOOR, t.gamePoints / (3 * t.games)));
const mean = (xs: number[]): number => (xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length);

/** The standings now (all Swiss results so far), best first. */
export function standings(s: EventState): StandingRow[] {
  const t = tallies(s);
  const rows = s.players.map((p, index) => {
    const me = t.get(p.id)!;
    return {
      index,
      row: {
        rank: 0,
        player: p.id,
        name: p.name,
        points: me.points,
        rounds: me.rounds,
        record: `${me.wins}-${me.losses}-${me.draws}`,
        mwp: mwp(me),
        omwp: mean(me.opponents.map((o) => mwp(t.get(o)!))),
        gwp: gwp(me),
        ogwp: mean(me.opponents.map((o) => gwp(t.get(o)!))),
        dropped: p.dropped,
      },
    };
  });
  // Equal within 1e-9: tiebreakers are ratios computed in floating point.
  const cmp = (a: number, b: number): number => (Math.abs(a - b) < 1e-9 ? 0 : b - a);
  rows.sort(
    (a, b) =>
      cmp(a.row.points, b.row.points) ||
      cmp(a.row.omwp, b.row.omwp) ||
      cmp(a.row.gwp, b.row.gwp) ||
      cmp(a.row.ogwp, b.row.ogwp) ||
      a.index - b.index,
  );
  return rows.map((r, i) => ({ ...r.row, rank: i + 1 }));
}

/** Opponents each player has met (any stage), for the no-rematch rule. */
export function metBefore(s: EventState): Set<string> {
  const met = new Set<string>();
  for (const r of s.rounds) for (const p of r.pairings) if (p.p2 !== null) met.add(pairKey(p.p1, p.p2));
  return met;
}

export const pairKey = (a: PlayerId, b: PlayerId): string => (a < b ? `${a}|${b}` : `${b}|${a}`);

/** Players who have had a bye. */
export function hadBye(s: EventState): Set<PlayerId> {
  return new Set(s.rounds.flatMap((r) => r.pairings.filter((p) => p.p2 === null).map((p) => p.p1)));
}

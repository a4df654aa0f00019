// Swiss pairing (by points, no rematch, byes) and the single-elimination top cut. Deterministic: round 1 orders
// players by a hash of the event's seed (drawn by the host), later rounds by the standings.
//
// Why not the npm package `tournament-pairings` (2.0.1): it is GPL-3.0-or-later, which would bind Matchtape's
// licence, and it pairs by maximum-weight matching over ratings where we want the plain rule organisers
// announce: the best-placed unpaired player meets the best-placed player of the same or nearest score they have
// not met (a depth-first search with backtracking, so a lower group is paired only when the upper cannot be).
import type { EventState, PlayerId } from './model';
import { hadBye, metBefore, pairKey, standings } from './standings';

export interface SwissPairs {
  pairs: [PlayerId, PlayerId][];
  bye: PlayerId | null;
  rematches: boolean;
}

/** FNV-1a (32 bit) of the seed and the id: a stable, seed-dependent order for round 1 (fairness, not secrecy). */
function seededKey(seed: string, id: string): number {
  let h = 0x811c9dc5;
  for (const ch of `${seed}:${id}`) {
    h ^= ch.codePointAt(0)!;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** Backtracking budget: beyond it the search gives up on no-rematch (events of thousands would need matching). */
const BUDGET = 200_000;

function pairUp(
  order: readonly PlayerId[],
  met: Set<string>,
  allowRematch: boolean,
): [PlayerId, PlayerId][] | null {
  let steps = 0;
  const go = (rest: readonly PlayerId[]): [PlayerId, PlayerId][] | null => {
    if (rest.length === 0) return [];
    if (++steps > BUDGET) return null;
    const [a, ...others] = rest as [PlayerId, ...PlayerId[]];
    for (let i = 0; i < others.length; i++) {
      const b = others[i]!;
      if (!allowRematch && met.has(pairKey(a, b))) continue;
      const tail = go([...others.slice(0, i), ...others.slice(i + 1)]);
      if (tail) return [[a, b], ...tail];
    }
    return null;
  };
  return go(order);
}

/** The pairing order of the active players: round 1 by seed, later rounds by the current standings. */
export function pairingOrder(s: EventState): PlayerId[] {
  const active = s.players.filter((p) => !p.dropped).map((p) => p.id);
  if (s.rounds.length === 0)
    return [...active].sort((a, b) => seededKey(s.seed, a) - seededKey(s.seed, b) || (a < b ? -1 : 1));
  const activeSet = new Set(active);
  return standings(s)
    .map((r) => r.player)
    .filter((p) => activeSet.has(p));
}

/**
 * Pairs the next Swiss round. With an odd number of players the bye goes to the lowest-placed player who has not
 * had one (MTR 2.9 / common practice); if no rematch-free pairing exists with that bye, the next candidate gets it;
 * if none works at all, rematches are allowed (reported in the event).
 */
export function pairSwiss(s: EventState): SwissPairs {
  const order = pairingOrder(s);
  const met = metBefore(s);
  const byes = hadBye(s);
  const attempt = (allowRematch: boolean): SwissPairs | null => {
    if (order.length % 2 === 0) {
      const pairs = pairUp(order, met, allowRematch);
      return pairs ? { pairs, bye: null, rematches: allowRematch } : null;
    }
    const candidates = [...order].reverse();
    const ranked = [...candidates.filter((p) => !byes.has(p)), ...candidates.filter((p) => byes.has(p))];
    for (const bye of ranked) {
      const pairs = pairUp(
        order.filter((p) => p !== bye),
        met,
        allowRematch,
      );
      if (pairs) return { pairs, bye, rematches: allowRematch };
    }
    return null;
  };
  return attempt(false) ?? attempt(true)!;
}

/** Bracket order of seeds for a cut of n (1 meets n; 1 and 2 can only meet in the final). */
export function bracketSeeds(n: number): number[] {
  let seeds = [1];
  while (seeds.length < n) {
    const size = seeds.length * 2;
    seeds = seeds.flatMap((x) => [x, size + 1 - x]);
  }
  return seeds;
}

/** The first round of the top cut: the best `n` active players of the Swiss standings, in bracket order. */
export function pairTopCut(s: EventState, n: number): [PlayerId, PlayerId | null][] {
  const top = standings(s)
    .filter((r) => !r.dropped)
    .slice(0, n)
    .map((r) => r.player);
  const seeds = bracketSeeds(n);
  const out: [PlayerId, PlayerId | null][] = [];
  for (let i = 0; i < seeds.length; i += 2) {
    const a = top[seeds[i]! - 1];
    const b = top[seeds[i + 1]! - 1] ?? null;
    if (a) out.push([a, b]);
  }
  return out;
}

/** The next round of the cut: winners of tables 1 and 2 meet, 3 and 4, … */
export function pairNextCut(winners: readonly PlayerId[]): [PlayerId, PlayerId | null][] {
  const out: [PlayerId, PlayerId | null][] = [];
  for (let i = 0; i < winners.length; i += 2) out.push([winners[i]!, winners[i + 1] ?? null]);
  return out;
}

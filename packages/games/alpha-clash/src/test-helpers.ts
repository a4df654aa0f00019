// Shared by the property, fuzz and coverage tests: seeded bot matches and probe commands (random and malformed).
import { describe, expect, it } from 'vitest';
import {
  fold,
  jsonEqual,
  Rng,
  verifyChain,
  verifyRandom,
  type Command,
  type PlayerId,
} from '@matchtape/engine';
import {
  checkLegalEquivalence,
  DEEP,
  firstDifference,
  playMatch,
  type PlayedMatch,
} from '@matchtape/engine/testing';
import { alphaClash } from './index';
import type { AlphaClashState } from './types';

export { DEEP };
// Re-exports for tests (kept out of the module's public surface).
export { Rng, seedCommitment } from '@matchtape/engine';

export const PAIRINGS: Record<PlayerId, 'random' | 'greedy'>[] = [
  { p1: 'random', p2: 'random' },
  { p1: 'greedy', p2: 'greedy' },
  { p1: 'random', p2: 'greedy' },
  { p1: 'greedy', p2: 'random' },
];

const TYPES = [
  'CutDeck',
  'DeclineCut',
  'KeepHand',
  'Mulligan',
  'PlaceResource',
  'SkipResource',
  'PlayCard',
  'SetTrap',
  'ActivateTrap',
  'ActivateEffect',
  'AttachWeapon',
  'UnattachWeapon',
  'ActivatePortal',
  'DeclareAttack',
  'EndCounterStep',
  'DeclareObstructors',
  'EngageResource',
  'PassPriority',
  'ChooseBarrage',
  'Discard',
  'SearchDeck',
  'EndTurn',
  'Concede',
  'Shuffle',
  'DrawCard',
  '',
];

function idsIn(s: AlphaClashState): string[] {
  const out = ['nope', 'p1-99', 'h00000000', 'p1-contender', 'p2-contender'];
  for (const p of s.order) {
    const ps = s.players[p]!;
    for (const r of [...ps.hand, ...ps.deck.slice(0, 3), ...ps.oblivion.slice(0, 2)]) out.push(r.id);
    for (const x of [...ps.clash, ...ps.accessory, ...ps.resources.slice(0, 2)]) out.push(x.card.id);
  }
  for (const o of s.standby) out.push(o.sid);
  return out;
}

/** Commands a confused or hostile client might send: plausible ids in the wrong place, bad shapes, junk. */
export function probes(s: AlphaClashState, rng: Rng, n: number): Command[] {
  const ids = idsIn(s);
  const pick = <T>(xs: readonly T[]): T => xs[rng.int(xs.length)]!;
  const value = (): unknown =>
    pick<() => unknown>([
      () => pick(ids),
      () => rng.int(60) - 5,
      () => [pick(ids)],
      () => [pick(ids), pick(ids)],
      () => [],
      () => null,
      () => ({ x: 1 }),
      () => 'p1',
      () => 'p2',
      () => true,
    ])();
  const out: Command[] = [];
  for (let i = 0; i < n; i++) {
    // The seat is set by the caller (checkLegalEquivalence, the fuzz test); p1 until then.
    const c: Command = { type: pick(TYPES), player: 'p1' };
    for (const f of [
      'cardId',
      'card',
      'targets',
      'x',
      'trap',
      'source',
      'weapon',
      'to',
      'attacker',
      'target',
      'deck',
      'at',
      'cards',
      'division',
      'resource',
    ])
      if (rng.int(4) === 0) c[f] = value();
    if (rng.int(10) === 0) c.extra = 'field';
    out.push(c);
  }
  return out;
}

export interface MatchCheck {
  match: PlayedMatch<AlphaClashState>;
  failures: string[];
}

/**
 * Plays one match and checks: ended by the rules with MatchEnded last; the hash chain and random outcomes;
 * fold(events) = live final state; redaction commutes at the final state for every viewer; and invariant 4
 * (listed ⇒ accepted, probes not listed ⇒ rejected with a rule, nothing changed) at `legalChecks` sampled seqs.
 */
export function checkMatch(
  seed: string,
  bots: Record<PlayerId, 'random' | 'greedy'>,
  legalChecks = 3,
): MatchCheck {
  const m = playMatch<AlphaClashState>(alphaClash, { seed, bots, maxCommands: 20_000 });
  const failures: string[] = [];
  if (!m.endedByRules) failures.push('did not end by the rules');
  const last = m.events[m.events.length - 1]!;
  if (last.type !== 'MatchEnded') failures.push(`last event is ${last.type}`);
  const chain = verifyChain(m.events);
  if (!chain.ok) failures.push(`chain: ${chain.reason} at ${chain.seq}`);
  const random = verifyRandom(m.events, seed);
  if (!random.ok) failures.push(`random: ${random.reason} at ${random.seq}`);
  const folded = fold<AlphaClashState>(alphaClash, m.events);
  if (!jsonEqual(folded, m.final)) failures.push(`fold ≠ live: ${firstDifference(folded, m.final)}`);
  for (const v of ['public', 'p1', 'p2'] as const) {
    const redacted = fold<AlphaClashState>(
      alphaClash,
      m.events.map((e) => alphaClash.viewEvent(e, v)),
    );
    const expected = alphaClash.view(m.final, v);
    if (!jsonEqual(redacted, expected))
      failures.push(`redaction for ${v}: ${firstDifference(expected, redacted)}`);
  }
  for (const e of m.events) {
    if (e.cause && 'system' in e.cause && !e.rule)
      failures.push(`automatic ${e.type} at ${e.seq} has no rule`);
  }
  const rng = new Rng(`probe:${seed}`);
  for (let k = 0; k < legalChecks; k++) {
    const i = rng.int(m.states.length);
    const s = m.states[i]!;
    if (s.status === 'ended') continue;
    const before = JSON.stringify(s);
    const ps = probes(s, rng, 40);
    for (const f of checkLegalEquivalence(alphaClash, s, seed, s.rng, ps))
      failures.push(`seq ${i + 1}: ${f}`);
    if (JSON.stringify(s) !== before) failures.push(`seq ${i + 1}: decide changed its input state`);
  }
  return { match: m, failures };
}

const PER_PAIRING = (DEEP ? 2000 : 160) / PAIRINGS.length;

/**
 * The property suite over seeded bot matches for the pairings at `indices`: the matches are split over two
 * files (property-a, property-b) so they run in parallel. CI: 160 matches over all four pairings; MATCHTAPE_DEEP=1: 2,000.
 */
export function describeBotMatches(indices: readonly number[]): void {
  describe.each(
    indices.map((i) => ({ i, bots: PAIRINGS[i]!, name: `${PAIRINGS[i]!.p1} vs ${PAIRINGS[i]!.p2}` })),
  )('bot matches: $name', ({ i, bots }) => {
    it(`${PER_PAIRING} seeded matches end by the rules and keep the invariants`, () => {
      const endings: Record<string, number> = {};
      for (let k = 0; k < PER_PAIRING; k++) {
        const { match, failures } = checkMatch(`prop-${i}-${k}`, bots, 2);
        expect(failures, `seed prop-${i}-${k}`).toEqual([]);
        const r = String(match.events[match.events.length - 1]!.rule);
        endings[r] = (endings[r] ?? 0) + 1;
      }
      // Health (104.3b), deck-out (104.3c), both at 0 (104.2c / 104.4a) or the turn limit (104.6): nothing else.
      expect(
        Object.keys(endings).filter((r) => !['104.3b', '104.3c', '104.6', '104.2c', '104.4a'].includes(r)),
      ).toEqual([]);
    }, 3_600_000); // long synchronous loop: the shared 60 s per-test limit is for single checks
  });
}

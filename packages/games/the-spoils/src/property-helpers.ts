// The seeded bot matches of the property tests, shared by properties.test.ts and properties-2.test.ts so vitest
// runs the two halves in parallel workers. Each match: ends by the rules; at every seq and for every viewer the
// fold of the redacted events equals the view of the live state and no event shows a card the viewer cannot see
// (everySeq, below); the fold of all events equals the live state; chain and random outcomes verify; every event cites
// a rule. 150 matches in CI, 2,000 with MATCHTAPE_DEEP=1.
import { expect, it } from 'vitest';
import { botsFor, DEEP, playMatch } from '@matchtape/engine/testing';
import {
  jsonEqual,
  verifyChain,
  verifyRandom,
  type EventEnvelope,
  type GameModule,
  type Viewer,
} from '@matchtape/engine';
import { theSpoils } from './index';
import type { SpoilsState } from './types';

const MATCHES = DEEP ? 2000 : 150;
const CHUNK = 50;
export { botsFor, DEEP };
const RULE = /^(\d{3}(\.\d+[a-z]?)?|command)$/;

/** Registers the chunks of matches of one half (0 or 1) as tests. */
export function botMatchChunks(half: 0 | 1): void {
  for (let from = half * CHUNK; from < MATCHES; from += 2 * CHUNK) {
    it(
      `matches ${from}–${from + CHUNK - 1} end by the rules; redaction commutes and nothing leaks at every seq; chain, randomness, fold`,
      { timeout: 600_000 },
      () => {
        const results = new Map<string, number>();
        for (let i = from; i < from + CHUNK; i++) {
          const m = playMatch<SpoilsState>(theSpoils, {
            seed: `sp-${i}`,
            bots: botsFor(i),
            recordStates: false,
          });
          expect(m.endedByRules, `seed sp-${i} did not end`).toBe(true);
          const last = m.events[m.events.length - 1]!;
          expect(last.type).toBe('MatchEnded');
          const rule = String(last.rule);
          results.set(rule, (results.get(rule) ?? 0) + 1);
          for (const e of m.events) expect(e.rule, `${e.type} at seq ${e.seq} of sp-${i}`).toMatch(RULE);
          expect(everySeq(m.events), `sp-${i}`).toEqual([]);
          expect(verifyChain(m.events)).toEqual({ ok: true });
          expect(verifyRandom(m.events, m.seed).ok).toBe(true);
          let s = theSpoils.initial();
          for (const e of m.events) s = theSpoils.evolve(s, e);
          expect(jsonEqual(s, m.final)).toBe(true);
        }
        // Most matches end with a faction at 0 influence (102.1), not at the turn limit (104).
        expect(results.get('102.1') ?? 0).toBeGreaterThan(CHUNK * 0.8);
      },
    );
  }
}

// A lighter every-seq check for the 150 / 2,000 property matches (the kit's checkInvariants serialises every view
// at every seq, seconds per match): at every seq and for every viewer, the fold of the redacted events equals the
// view of the live state (structural comparison, no serialisation), and no redacted event names a card the viewer
// could not see before and still cannot see after it. The kit's full checks run on a subset (module/invariants tests).
/** Structural equality without allocating (undefined fields count as absent, like JSON). */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (
    a === null ||
    b === null ||
    a === undefined ||
    b === undefined ||
    typeof a !== 'object' ||
    typeof b !== 'object'
  )
    return (a ?? null) === (b ?? null);
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!same(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  let n = 0;
  for (const k in x) {
    if (x[k] === undefined) continue;
    n++;
    if (!same(x[k], y[k])) return false;
  }
  for (const k in y) if (y[k] !== undefined) n--;
  return n === 0;
}

/** Failures (empty = every seq holds) for the seats and the public. */
export function everySeq(
  events: readonly EventEnvelope[],
  viewers: readonly Viewer[] = ['p1', 'p2', 'public'],
  game: GameModule<SpoilsState> = theSpoils,
): string[] {
  const out: string[] = [];
  let live: SpoilsState = game.initial();
  const folds = new Map<Viewer, SpoilsState>(viewers.map((v) => [v, game.initial()]));
  let before = new Map<Viewer, string[]>(viewers.map((v) => [v, []]));
  for (const e of events) {
    live = game.evolve(live, e);
    const after = new Map<Viewer, string[]>();
    for (const v of viewers) {
      const ve = game.viewEvent(e, v);
      const f = game.evolve(folds.get(v)!, ve);
      folds.set(v, f);
      if (!same(f, game.view(live, v)))
        out.push(`seq ${e.seq} ${e.type}: fold of ${v}'s events ≠ ${v}'s view`);
      const now = game.secrets(live, v);
      after.set(v, now);
      const still = before.get(v)!.filter((x) => now.includes(x));
      if (still.length > 0) {
        const shown = JSON.stringify(ve.payload);
        for (const x of still)
          if (shown.includes(`"${x}"`)) out.push(`seq ${e.seq} ${e.type}: ${v} is shown hidden ${x}`);
      }
    }
    before = after;
    if (out.length > 10) break;
  }
  return out;
}

// Property-test harness shared by every game package: plays seeded bot matches through the real engine and
// checks the invariants (docs/architecture.md §6) at every seq. Pure: no I/O, synthetic clock.
import { canonicalJson, jsonEqual } from '../canonical';
import { redactCopy, verifyCopy, type EventEnvelope } from '../envelope';
import { commitKey, viewersOfSeal } from '../seal';
import type { AnyGameModule, Command, DeckList, MatchConfig } from '../game';
import type { PlayerId, Viewer } from '../ids';
import { MatchSession } from '../kit/session';
import { cursorAfter, Rng, verifyRandom } from '../rng';

export interface PlayOptions {
  seed: string;
  bots: Partial<Record<PlayerId, 'random' | 'greedy'>>;
  decks?: Partial<Record<PlayerId, DeckList>>;
  /** Safety net against an engine bug that never ends; a correct engine ends by its own rules. */
  maxCommands?: number;
  /** Called after every accepted command with the live state, for per-step checks. */
  onStep?: (state: unknown, events: readonly EventEnvelope[]) => void;
  /** Called with the setup's events (command null), then with each accepted command and its events. */
  onBatch?: (events: readonly EventEnvelope[], command: Command | null) => void;
  /** Default `m-<seed>`. */
  matchId?: string;
  /**
   * Keep the state after every event in `states` (default true: the invariant checks need it). Hosts that only
   * want the events (the CLI's simulate and bench) turn it off: half the evolve calls and no per-event memory.
   */
  recordStates?: boolean;
  /** ISO time for the n-th stamped batch; default a synthetic clock (1 s per command from 2026-01-01). */
  clock?: (n: number) => string;
}

export interface PlayedMatch<S> {
  config: MatchConfig;
  seed: string;
  events: EventEnvelope[];
  /** Live engine state after each event: states[i] is after events[i] (empty when recordStates is false). */
  states: S[];
  final: S;
  commands: number;
  endedByRules: boolean;
}

const CLOCK0 = Date.UTC(2026, 0, 1);

export function defaultConfig(
  game: AnyGameModule,
  matchId: string,
  decks?: Partial<Record<PlayerId, DeckList>>,
): MatchConfig {
  const presets = Object.values(game.presetDecks);
  return {
    matchId,
    players: (['p1', 'p2'] as PlayerId[]).map((id, i) => ({
      id,
      name: `Bot ${i + 1}`,
      deck: decks?.[id] ?? presets[i % presets.length]!,
    })),
  };
}

export function playMatch<S>(game: AnyGameModule, opts: PlayOptions): PlayedMatch<S> {
  const matchId = opts.matchId ?? `m-${opts.seed}`;
  const record = opts.recordStates !== false;
  const config = defaultConfig(game, matchId, opts.decks);
  let tick = 0;
  const at = opts.clock ? () => opts.clock!(tick++) : () => new Date(CLOCK0 + 1000 * tick++).toISOString();
  const started = MatchSession.start<S>(game, config, { seed: opts.seed, at: at() });
  if (!started.ok) throw new Error(`setup rejected: ${started.rule} ${started.reason}`);
  const session = started.session;
  const states: S[] = [];
  // Every event's own state: refold each batch to record intermediate states (the live state is the session's).
  const recordStates = (batch: readonly EventEnvelope[], from: S) => {
    let s = from;
    for (const e of batch) {
      s = game.evolve(s, e) as S;
      states.push(s);
    }
  };
  if (record) recordStates(started.events, game.initial() as S);
  opts.onBatch?.(started.events, null);
  const botRng = new Rng(`bot:${opts.seed}`);
  const max = opts.maxCommands ?? 20_000;
  let commands = 0;
  while (!session.ended && commands < max) {
    const state = session.state;
    const actors = game.actors(state);
    if (actors.length === 0)
      throw new Error(`no player can act at seq ${session.lastSeq} but the match has not ended`);
    const player = actors[0]!;
    const legal = game.legalCommands(state, player);
    if (legal.length === 0)
      throw new Error(`${player} must act at seq ${session.lastSeq} but has no legal command`);
    const kind = opts.bots[player] ?? 'random';
    const choice = game.bots[kind].choose(state, player, legal, botRng);
    const cmd: Command = { ...choice, player, commandId: `c${commands}` };
    const res = session.play(cmd, at());
    if (!res.ok)
      throw new Error(
        `bot ${kind} chose a listed command that was rejected: ${JSON.stringify(cmd)} → ${res.rule} ${res.reason}`,
      );
    if (record) recordStates(res.events, state);
    opts.onBatch?.(res.events, cmd);
    commands += 1;
    opts.onStep?.(session.state, session.events);
  }
  return {
    config,
    seed: opts.seed,
    events: [...session.events],
    states,
    final: session.state,
    commands,
    endedByRules: session.ended,
  };
}

/** The rng cursor after the last event that drew randomness (kept for callers; the kernel's is `cursorAfter`). */
export function rngCursorOf(events: readonly { payload: Record<string, unknown> }[]): number {
  return cursorAfter(events);
}

export interface InvariantFailure {
  invariant: string;
  seq: number;
  detail: string;
}

/**
 * Checks invariants 1, 2, 3 and 6 on a played match; `viewers` defaults to judge, public and each seat.
 * Returns failures (empty = all hold). Invariant 4 is `checkLegalEquivalence`.
 */
export function checkInvariants<S>(
  game: AnyGameModule,
  m: PlayedMatch<S>,
  viewers?: Viewer[],
): InvariantFailure[] {
  const failures: InvariantFailure[] = [];
  const vs: Viewer[] = viewers ?? ['judge', 'public', ...m.config.players.map((p) => p.id)];
  // 1: the fold of the stored events equals the live state after every command.
  let folded = game.initial() as S;
  const redactedFolds = new Map<Viewer, S>(vs.map((v) => [v, game.initial() as S]));
  for (let i = 0; i < m.events.length; i++) {
    const e = m.events[i]!;
    folded = game.evolve(folded, e) as S;
    if (!sameJson(folded, m.states[i]))
      failures.push({ invariant: '1 fold = live', seq: e.seq, detail: 'fold differs from live state' });
    for (const v of vs) {
      const ve = game.viewEvent(e, v);
      if (ve.seq !== e.seq || ve.type !== e.type)
        failures.push({
          invariant: '2 redaction',
          seq: e.seq,
          detail: `viewEvent changed seq/type for ${v}`,
        });
      const rf = game.evolve(redactedFolds.get(v), ve) as S;
      redactedFolds.set(v, rf);
      const expected = game.view(folded, v);
      // Serialised once: compared for invariant 2 and scanned for secrets for invariant 3.
      const shown = JSON.stringify(expected);
      if (JSON.stringify(rf) !== shown && !jsonEqual(rf, expected))
        failures.push({
          invariant: '2 redaction commutes',
          seq: e.seq,
          detail: `view(fold) ≠ fold(viewEvent) for ${v}: ${firstDifference(expected, rf)}`,
        });
      if (v !== 'judge') {
        const before = i === 0 ? [] : game.secrets(m.states[i - 1], v);
        const after = new Set(game.secrets(folded, v));
        const stillHidden = before.filter((x) => after.has(x));
        const shownEvent = JSON.stringify(ve);
        // One pass over each serialisation (its quoted strings), not one scan per secret.
        const inView = quotedStrings(shown);
        const inEvent = quotedStrings(shownEvent);
        for (const secret of after)
          if (inView.has(secret))
            failures.push({
              invariant: '3 no leak (view)',
              seq: e.seq,
              detail: `${v} sees hidden ${secret}`,
            });
        for (const secret of stillHidden)
          if (inEvent.has(secret))
            failures.push({
              invariant: '3 no leak (event)',
              seq: e.seq,
              detail: `${v} event shows hidden ${secret}`,
            });
      }
    }
    if (failures.length > 20) break;
  }
  // 6: hash chain and random outcomes from the revealed seed.
  // The full copy opens every commitment with the key; each viewer's redacted copy verifies by itself.
  const viewEvent = game.viewEvent.bind(game);
  const key = commitKey(m.seed);
  const chain = verifyCopy(m.events, { copy: 'full' }, viewEvent, key);
  if (!chain.ok) failures.push({ invariant: '6 hash chain', seq: chain.seq, detail: chain.reason });
  const first = m.events[0]?.seal;
  for (const v of first ? viewersOfSeal(first) : []) {
    if (v === 'judge') continue;
    const copy = verifyCopy(
      redactCopy(m.events, v, viewEvent, key),
      { copy: 'redacted', viewer: v },
      viewEvent,
      null,
    );
    if (!copy.ok)
      failures.push({ invariant: '6 redacted copy', seq: copy.seq, detail: `${v}: ${copy.reason}` });
  }
  const random = verifyRandom(m.events, m.seed);
  if (!random.ok) failures.push({ invariant: '6 random', seq: random.seq, detail: random.reason });
  return failures;
}

/**
 * Invariant 4 at one state: every listed command is accepted, and each of `probes` (commands not listed) is
 * rejected with a rule. Returns failures.
 */
export function checkLegalEquivalence<S>(
  game: AnyGameModule,
  state: S,
  seed: string,
  cursor: number,
  probes: Command[] = [],
): string[] {
  const out: string[] = [];
  for (const p of game.actors(state).concat(game.status(state).status === 'ended' ? [] : [])) {
    const legal = game.legalCommands(state, p);
    const listed = new Set(legal.map((c) => canonicalJson(c)));
    for (const c of legal) {
      const r = game.decide(state, { ...c, player: p }, { rng: new Rng(seed, cursor) });
      if (!r.ok) out.push(`listed but rejected: ${canonicalJson(c)} → ${r.rule} ${r.reason}`);
    }
    for (const c of probes) {
      if (listed.has(canonicalJson({ ...c, player: p }))) continue;
      const r = game.decide(state, { ...c, player: p }, { rng: new Rng(seed, cursor) });
      if (r.ok) out.push(`not listed but accepted: ${canonicalJson(c)}`);
      else if (!r.rule) out.push(`rejection without a rule: ${canonicalJson(c)}`);
    }
  }
  return out;
}

/** Every JSON string (key or value) of a serialised value, as written between its quotes. */
function quotedStrings(json: string): Set<string> {
  const out = new Set<string>();
  for (const m of json.matchAll(/"((?:[^"\\]|\\.)*)"/g)) out.add(m[1]!);
  return out;
}

/** jsonEqual with a fast path: equal plain serialisations (same key order) need no canonical sort. */
function sameJson(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b) || jsonEqual(a, b);
}

/** A short pointer to where two JSON values first differ, for failure messages. */
export function firstDifference(a: unknown, b: unknown, path = '$'): string {
  if (jsonEqual(a, b)) return '(equal)';
  if (
    typeof a !== 'object' ||
    typeof b !== 'object' ||
    a === null ||
    b === null ||
    Array.isArray(a) !== Array.isArray(b)
  )
    return `${path}: ${JSON.stringify(a)?.slice(0, 120)} vs ${JSON.stringify(b)?.slice(0, 120)}`;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) {
    const av = (a as Record<string, unknown>)[k];
    const bv = (b as Record<string, unknown>)[k];
    if (!jsonEqual(av ?? null, bv ?? null)) return firstDifference(av, bv, `${path}.${k}`);
  }
  return path;
}

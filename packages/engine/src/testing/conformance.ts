// The conformance suite every game runs: `describeGameModule(game)` in the game's module test. It plays bot
// matches through the one command loop (MatchSession) and checks the contract (docs/architecture.md,
// "Invariants"): setup, fold = live, redaction commutes at every seq for every viewer, no hidden identity leaks,
// accepted ⇔ listed, hash chain and random outcomes verify, machine meta complete and matching every event's
// position, schemas validate every emitted event and listed command, presets valid, bots finish, scenario hooks.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { canonicalJson } from '../canonical';
import type { AnyGameModule, Command, DeckList } from '../game';
import type { PlayerId } from '../ids';
import { checkMachineMeta, machineLocations } from '../kit/machine';
import { Rng } from '../rng';
import { parseScenario, runScenario } from '../scenario';
import { checkInvariants, playMatch, rngCursorOf, type PlayedMatch } from './harness';

export interface ConformanceOptions {
  /** Bot matches to play (default: env MATCHTAPE_CONFORMANCE_MATCHES, else 6). Pairings cycle random/greedy. */
  matches?: number;
  /** Seed prefix (default the game id). */
  seed?: string;
  maxCommands?: number;
  /** Deck pairs to play besides the presets (by seat). */
  decks?: Partial<Record<PlayerId, DeckList>>[];
  /** Check accepted ⇔ listed at every n-th state of each match (default 7; 1 = every state). */
  legalEvery?: number;
  /** Extra commands (without player) to probe as "not listed ⇒ rejected with a rule". */
  probes?: Omit<Command, 'player'>[];
  /** A scenario (file content) with a start position: it must pass, and its events must keep the invariants. */
  startScenario?: unknown;
  /** Also validate every event as each non-judge viewer receives it (viewEvent) against the event schema. */
  redactedSchemas?: boolean;
  /** Event types whose rule may be null (e.g. a purely informational event); every other automatic event cites a rule. */
  uncitedEvents?: readonly string[];
}

const PAIRINGS: Record<PlayerId, 'random' | 'greedy'>[] = [
  { p1: 'random', p2: 'random' },
  { p1: 'greedy', p2: 'random' },
  { p1: 'random', p2: 'greedy' },
  { p1: 'greedy', p2: 'greedy' },
];

function envMatches(): number | undefined {
  const raw = typeof process !== 'undefined' ? process.env.MATCHTAPE_CONFORMANCE_MATCHES : undefined;
  const n = raw === undefined ? NaN : Number(raw);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

/** Commands every seat may send or not at `state`, checked against decide (invariant 4). */
export function checkListedEquivalence(
  game: AnyGameModule,
  state: unknown,
  seed: string,
  cursor: number,
  seats: readonly PlayerId[],
  probes: readonly Omit<Command, 'player'>[] = [],
): string[] {
  const out: string[] = [];
  const listedBy = new Map<PlayerId, Command[]>(seats.map((p) => [p, game.legalCommands(state, p)]));
  const shapes = new Map<string, Omit<Command, 'player'>>();
  for (const cs of listedBy.values())
    for (const { player: _p, ...rest } of cs) shapes.set(canonicalJson(rest), rest);
  for (const p of probes) shapes.set(canonicalJson(p), p);
  for (const p of seats) {
    const listed = new Set(listedBy.get(p)!.map(({ player: _p, ...rest }) => canonicalJson(rest)));
    for (const [key, shape] of shapes) {
      const r = game.decide(state, { ...shape, player: p } as Command, { rng: new Rng(seed, cursor) });
      if (listed.has(key) && !r.ok) out.push(`${p}: listed but rejected: ${key} → ${r.rule} ${r.reason}`);
      if (!listed.has(key) && r.ok) out.push(`${p}: not listed but accepted: ${key}`);
      if (!r.ok && (!r.rule || r.rule === 'match'))
        out.push(`${p}: rejection of ${key} cites no specific rule ("${r.rule}")`);
    }
  }
  return out;
}

/** Registers the conformance tests of `game` in the current vitest file. */
export function describeGameModule(game: AnyGameModule, opts: ConformanceOptions = {}): void {
  const matches = conformanceMatches(game, opts);
  describe(`${game.id}: game module conformance`, () => {
    declarationTests(game, matches);
    playedMatchTests(game, opts, matches);
    scenarioHookTests(game, opts, matches);
  });
}

/** The matches the conformance tests play (bots against bots over the preset decks), played once when first asked for. */
function conformanceMatches(game: AnyGameModule, opts: ConformanceOptions): () => PlayedMatch<unknown>[] {
  const n = opts.matches ?? envMatches() ?? 6;
  const prefix = opts.seed ?? game.id;
  const presets = Object.entries(game.presetDecks);
  let played: PlayedMatch<unknown>[] | null = null;
  const matches = (): PlayedMatch<unknown>[] => {
    if (played) return played;
    played = [];
    for (let i = 0; i < n; i++) {
      const extra =
        opts.decks && opts.decks.length > 0 && i % 2 === 1
          ? opts.decks[(i >> 1) % opts.decks.length]
          : undefined;
      const decks =
        extra ??
        (presets.length > 0
          ? { p1: presets[i % presets.length]![1], p2: presets[(i + 1) % presets.length]![1] }
          : undefined);
      played.push(
        playMatch(game, {
          seed: `${prefix}-conf-${i}`,
          bots: PAIRINGS[i % PAIRINGS.length]!,
          ...(decks ? { decks } : {}),
          ...(opts.maxCommands ? { maxCommands: opts.maxCommands } : {}),
        }),
      );
    }
    return played;
  };
  return matches;
}

/** The module's declarations: fields, preset decks, machine meta, the setup's first event, bots that finish. */
function declarationTests(game: AnyGameModule, matches: () => PlayedMatch<unknown>[]): void {
  const presets = Object.entries(game.presetDecks);
  it('declares the module fields hosts rely on', () => {
    expect(game.id).toMatch(/^[a-z0-9-]+$/);
    expect(game.title.length).toBeGreaterThan(0);
    expect(game.rulesVersion.length).toBeGreaterThan(0);
    expect(game.cards.length).toBeGreaterThan(0);
    expect(new Set(game.cards.map((c) => c.id)).size).toBe(game.cards.length);
    expect(Object.keys(game.bots).sort()).toEqual(['greedy', 'random']);
    expect(game.coverage.sections.length).toBeGreaterThan(0);
  });

  it('preset decks are valid decks', () => {
    expect(presets.length).toBeGreaterThan(0);
    for (const [name, deck] of presets)
      expect({ name, errors: game.validateDeck(deck) }).toEqual({ name, errors: [] });
  });

  it('machine meta is complete: every state has a phase and a rule, every transition a rule, positions unique', () => {
    expect(checkMachineMeta(game.machine)).toEqual([]);
  });

  it('setup starts with MatchStarted (seed commitment, game id) and every event stands at a machine position', () => {
    const positions = new Set(machineLocations(game.machine).map((l) => `${l.phase}/${l.step ?? ''}`));
    for (const m of matches()) {
      expect(m.events[0]!.type).toBe('MatchStarted');
      expect(typeof m.events[0]!.payload.seedCommitment).toBe('string');
      expect(m.events[0]!.payload.game).toBe(game.id);
      const off = m.events
        .filter((e) => !positions.has(`${e.phase}/${e.step ?? ''}`))
        .map((e) => `${e.seq}:${e.type} at ${e.phase}/${e.step ?? ''}`);
      expect(off.slice(0, 5)).toEqual([]);
    }
  });

  it('bots finish every match by the rules, ending with MatchEnded', () => {
    for (const m of matches()) {
      expect(m.endedByRules).toBe(true);
      expect(m.events[m.events.length - 1]!.type).toBe('MatchEnded');
    }
  });
}

/** What every played match must hold: fold, redaction, legality, rule citations, schemas. */
function playedMatchTests(
  game: AnyGameModule,
  opts: ConformanceOptions,
  matches: () => PlayedMatch<unknown>[],
): void {
  it('fold = live, redaction commutes at every seq for every viewer, no leaks, chain and random verify', () => {
    for (const m of matches()) expect(checkInvariants(game, m).slice(0, 5)).toEqual([]);
  });

  it('accepted ⇔ listed for every seat (with probes), and every rejection cites a rule', () => {
    const every = Math.max(1, opts.legalEvery ?? 7);
    for (const m of matches().slice(0, 2)) {
      const seats = m.config.players.map((p) => p.id);
      let cursor = 0;
      const problems: string[] = [];
      for (let i = 0; i < m.states.length && problems.length === 0; i++) {
        const r = m.events[i]!.payload.random as { to?: number } | undefined;
        if (r && typeof r.to === 'number') cursor = r.to;
        if (i % every !== 0 && i !== m.states.length - 1) continue;
        problems.push(
          ...checkListedEquivalence(game, m.states[i], m.seed, cursor, seats, [
            { type: 'NoSuchCommand' },
            ...(opts.probes ?? []),
          ]).map((x) => `after seq ${i + 1}: ${x}`),
        );
      }
      expect(problems.slice(0, 5)).toEqual([]);
    }
  });

  it('automatic events cite a rule; no event cites a placeholder', () => {
    const uncited = new Set(opts.uncitedEvents ?? []);
    for (const m of matches()) {
      const bad = m.events
        .filter(
          (e) =>
            ('system' in e.cause && e.rule === null && !uncited.has(e.type)) ||
            e.rule === 'match' ||
            e.rule === '',
        )
        .map((e) => `${e.seq}:${e.type} rule=${String(e.rule)}`);
      expect(bad.slice(0, 5)).toEqual([]);
    }
  });

  it('the event schema validates every emitted event and is typed per event (JSON Schema names them)', () => {
    const seen = new Set<string>();
    for (const m of matches())
      for (const e of m.events) {
        seen.add(e.type);
        const r = game.eventSchema.safeParse({ type: e.type, payload: e.payload });
        if (!r.success)
          expect({ seq: e.seq, type: e.type, issues: r.error.issues.slice(0, 3) }).toEqual({
            seq: e.seq,
            type: e.type,
            issues: [],
          });
      }
    if (opts.redactedSchemas)
      for (const m of matches().slice(0, 2))
        for (const v of ['public', ...m.config.players.map((p) => p.id)] as const)
          for (const e of m.events) {
            const r = game.eventSchema.safeParse(game.viewEvent({ type: e.type, payload: e.payload }, v));
            if (!r.success)
              expect({ as: v, seq: e.seq, type: e.type, issues: r.error.issues.slice(0, 3) }).toEqual({
                as: v,
                seq: e.seq,
                type: e.type,
                issues: [],
              });
          }
    const json = JSON.stringify(z.toJSONSchema(game.eventSchema, { io: 'input', unrepresentable: 'any' }));
    for (const t of seen) expect(json, `JSON Schema of the events does not name ${t}`).toContain(`"${t}"`);
  });

  it('the command schema accepts every listed command', () => {
    for (const m of matches().slice(0, 2)) {
      const seats = m.config.players.map((p) => p.id);
      for (let i = 0; i < m.states.length; i += 5)
        for (const p of seats)
          for (const { player: _p, ...c } of game.legalCommands(m.states[i], p)) {
            const r = game.commandSchema.safeParse(c);
            if (!r.success)
              expect({ command: c, issues: r.error.issues.slice(0, 2) }).toEqual({
                command: c,
                issues: [],
              });
          }
    }
  });
}

/** The hooks scenarios and the review page use (start position, test cards, priority, derived stats). */
function scenarioHookTests(
  game: AnyGameModule,
  opts: ConformanceOptions,
  matches: () => PlayedMatch<unknown>[],
): void {
  it('has the scenario hooks (start position, test cards, priority, derived stats)', () => {
    const h = game.scenario;
    expect(h, `${game.id} has no GameModule.scenario hooks`).toBeDefined();
    expect(typeof h!.start).toBe('function');
    expect(typeof h!.priority).toBe('function');
    expect(typeof h!.stats).toBe('function');
    expect(h!.cardTypes.length).toBeGreaterThan(0);
    // The priority holder is nobody or a seat of the match, at every state.
    for (const m of matches().slice(0, 2)) {
      const seats = new Set<string | null>([null, ...m.config.players.map((p) => p.id)]);
      const bad = m.states.map((st, i) => [i + 1, h!.priority(st)] as const).filter(([, p]) => !seats.has(p));
      expect(bad.slice(0, 3)).toEqual([]);
    }
  });

  if (opts.startScenario !== undefined)
    it('a scenario from a start position passes and keeps the invariants', () => {
      const r = runScenario(game, opts.startScenario);
      expect(r.failures).toEqual([]);
      const states: unknown[] = [];
      let s = game.initial();
      for (const e of r.events) states.push((s = game.evolve(s, e)));
      const seats = [
        ...new Set(
          r.events.flatMap((e) =>
            e.type === 'MatchStarted' && Array.isArray(e.payload.players)
              ? (e.payload.players as { id: PlayerId }[]).map((p) => p.id)
              : [],
          ),
        ),
      ];
      const parsed = parseScenario(opts.startScenario);
      const seed = parsed.ok ? String(parsed.scenario.seed) : '';
      const m: PlayedMatch<unknown> = {
        config: {
          matchId: r.events[0]!.matchId,
          players: seats.map((id) => ({ id, name: id, deck: { main: [] } })),
        },
        seed,
        events: r.events,
        states,
        final: s,
        commands: 0,
        endedByRules: false,
      };
      expect(checkInvariants(game, m)).toEqual([]);
    });
}

/**
 * Invariant 4 for one fuzzed command at state `k` of a played match: `decide` either rejects it with a rule
 * matching `rule` and a reason (and the state is untouched), or accepts it and `legalCommands` lists it.
 * The games' fuzz tests call this from their fast-check properties.
 */
export function expectRejectedOrListed<S>(
  game: AnyGameModule,
  match: PlayedMatch<S>,
  k: number,
  command: Command,
  rule: RegExp,
): void {
  const s = match.states[k]!;
  const before = canonicalJson(s);
  const r = game.decide(s, command, { rng: new Rng(match.seed, rngCursorOf(match.events.slice(0, k + 1))) });
  expect(canonicalJson(s)).toBe(before);
  if (!r.ok) {
    expect(r.rule, r.reason).toMatch(rule);
    expect(r.reason.length).toBeGreaterThan(5);
  } else {
    const listed = game.legalCommands(s, command.player).map((c: Command) => canonicalJson(c));
    expect(listed).toContain(canonicalJson(command));
  }
}

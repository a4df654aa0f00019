// Scripted scenarios (docs/architecture.md, "Scenarios"): a match from a fixed seed and stacked decks, or from a
// start position the game builds through its scenario hook, driven command by command through the one command
// loop (MatchSession), with expectations on rejections, events, viewer states, priority and derived stats.
// Pure: a synthetic clock, the scenario's seed, no I/O (the CLI reads the files).
import { z } from 'zod';
import { canonicalJson, jsonEqual } from './canonical';
import type { EventEnvelope } from './envelope';
import type { AnyGameModule, Command, MatchConfig, SeatConfig } from './game';
import { PlayerIdSchema, ViewerSchema, type PlayerId, type Viewer } from './ids';
import { machineLocations } from './kit/machine';
import { MatchSession } from './kit/session';
import type { SetupFn } from './runner';
import {
  keywordName,
  ScenarioStartSchema,
  startCards,
  TestCardSchema,
  type ScenarioStart,
  type TestCard,
} from './kit/start';

const CardList = z.array(z.string().min(1));

/** A seat: `deck` is the main deck; any other card list (contender, material…) goes to DeckList.extra. */
export const ScenarioSeatSchema = z
  .object({ name: z.string().optional(), deck: CardList.min(1, 'a deck needs at least one card').optional() })
  .catchall(CardList);

export const ScenarioCommandStepSchema = z
  .object({
    /** A name later steps use to say "from here" / "to here" (expectNoEvent). */
    label: z.string().min(1).optional(),
    command: z.looseObject({ type: z.string().min(1), player: PlayerIdSchema }),
    /** Defaults to "accepted". */
    expect: z
      .union([
        z.literal('accepted'),
        z
          .object({
            rejected: z
              .object({
                rule: z.string().min(1),
                /** Words the rejection's reason must contain (case-insensitive). */
                reason: z.string().min(1).optional(),
              })
              .strict(),
          })
          .strict(),
      ])
      .default('accepted'),
  })
  .strict();

export const ScenarioEventStepSchema = z
  .object({
    expectEvent: z
      .object({
        type: z.string().min(1),
        payload: z.record(z.string(), z.unknown()).optional(),
        /** The rule the event cites (its envelope's `rule`). */
        rule: z.string().min(1).optional(),
        /** Who caused it: "system" for an automatic action, or the player whose command it followed from. */
        cause: z.union([z.literal('system'), PlayerIdSchema]).optional(),
      })
      .strict(),
  })
  .strict();

const EventWantSchema = z
  .object({ type: z.string().min(1), payload: z.record(z.string(), z.unknown()).optional() })
  .strict();

/** Several events since the previous command, in any order (each a different event). */
export const ScenarioEventsStepSchema = z
  .object({ expectEvents: z.object({ anyOrder: z.array(EventWantSchema).min(1) }).strict() })
  .strict();

/**
 * Names an id the engine made (a token, a trigger, a drawn card) so later steps can use it as "$name" in any
 * string: the value at `path` of the payload of the first `event` since the previous command matching `payload`
 * ("last": true — the latest such event of the whole match, e.g. the last token).
 */
export const ScenarioCaptureStepSchema = z
  .object({
    capture: z
      .object({
        as: z.string().regex(/^[A-Za-z][\w-]*$/, 'a name of letters, digits, - and _'),
        event: z.string().min(1),
        payload: z.record(z.string(), z.unknown()).optional(),
        path: z.string().min(1),
        last: z.literal(true).optional(),
      })
      .strict(),
  })
  .strict();

/** No event of `type` (with payload ⊇ `payload`) between two labelled steps (default: since the last command, up to now). */
export const ScenarioNoEventStepSchema = z
  .object({
    expectNoEvent: z
      .object({
        type: z.string().min(1),
        payload: z.record(z.string(), z.unknown()).optional(),
        from: z.string().min(1).optional(),
        to: z.string().min(1).optional(),
      })
      .strict(),
  })
  .strict();

/** Exactly one of equals / length / absent / matches / contains; a path segment `[id=x]` picks a list entry by id. */
export const ScenarioStateStepSchema = z
  .object({
    expectState: z
      .object({
        as: ViewerSchema,
        path: z.string(),
        equals: z.unknown().optional(),
        /** The value at `path` is a list (or string) of this length. */
        length: z.number().int().nonnegative().optional(),
        /** The path does not exist in this view (a key the viewer must not get at all). */
        absent: z.literal(true).optional(),
        /** The value has everything this has (objects may carry more keys). */
        matches: z.unknown().optional(),
        /** The value is a list with an entry that matches this (as `matches`). */
        contains: z.unknown().optional(),
      })
      .strict()
      .refine(
        (x) => ['equals', 'length', 'absent', 'matches', 'contains'].filter((k) => k in x).length === 1,
        'expectState needs exactly one of equals, length, absent, matches, contains',
      ),
  })
  .strict();

/** Who holds priority / Opportunity now (GameModule.scenario.priority); null for nobody. */
export const ScenarioPriorityStepSchema = z
  .object({ expectPriority: z.object({ holder: PlayerIdSchema.nullable() }).strict() })
  .strict();

/** Current (derived) stats of a card in the judge view (GameModule.scenario.stats): only the listed ones are compared. */
export const ScenarioStatsStepSchema = z
  .object({
    expectStats: z
      .object({
        card: z.string().min(1),
        stats: z.record(z.string(), z.union([z.number(), z.string(), z.null()])),
      })
      .strict(),
  })
  .strict();

/** Where the match is (GameModule.position): only the given fields are compared. */
export const ScenarioPositionStepSchema = z
  .object({
    expectPosition: z
      .object({
        turn: z.number().int().optional(),
        phase: z.string().optional(),
        step: z.string().nullable().optional(),
        activePlayer: PlayerIdSchema.nullable().optional(),
      })
      .strict(),
  })
  .strict();

/** A label on the event stream here, for expectNoEvent's from/to. */
export const ScenarioMarkStepSchema = z.object({ mark: z.string().min(1) }).strict();

export const ScenarioStepSchema = z.union([
  ScenarioCommandStepSchema,
  ScenarioEventStepSchema,
  ScenarioEventsStepSchema,
  ScenarioCaptureStepSchema,
  ScenarioNoEventStepSchema,
  ScenarioStateStepSchema,
  ScenarioPriorityStepSchema,
  ScenarioStatsStepSchema,
  ScenarioPositionStepSchema,
  ScenarioMarkStepSchema,
]);

export const ScenarioSchema = z
  .object({
    game: z.string().min(1),
    seed: z.union([z.string().min(1), z.number().int()]),
    /** The rule the scenario is about, e.g. "506.2" (documentation; reported with failures). */
    rule: z.string().optional(),
    description: z.string().optional(),
    matchId: z.string().min(1).optional(),
    /** Passed to setup as MatchConfig.options (e.g. a turn limit). */
    options: z.record(z.string(), z.unknown()).optional(),
    players: z
      .record(PlayerIdSchema, ScenarioSeatSchema)
      .refine((p) => Object.keys(p).length >= 1, 'at least one player'),
    stack: z
      .record(PlayerIdSchema, z.object({ deck: CardList.optional(), hand: CardList.optional() }).strict())
      .optional(),
    /** Start here instead of the game's setup: built by the game's scenario.start hook. */
    start: ScenarioStartSchema.optional(),
    /** Test cards for rules no pool card exercises; usable in `start` like pool cards. */
    cards: z.array(TestCardSchema).optional(),
    /** The setup (or start position) must be refused, e.g. an illegal deck: then no step runs. */
    expectSetup: z
      .object({
        rejected: z.object({ rule: z.string().min(1), reason: z.string().min(1).optional() }).strict(),
      })
      .strict()
      .optional(),
    steps: z.array(ScenarioStepSchema),
  })
  .strict()
  .superRefine((s, ctx) => {
    for (const [id, seat] of Object.entries(s.players))
      if (!s.start && seat.deck === undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['players', id, 'deck'],
          message: 'a deck is needed unless the scenario has a start position',
        });
    if (s.start && s.stack)
      ctx.addIssue({
        code: 'custom',
        path: ['stack'],
        message: 'stack is for setup; with a start position put the cards in start.players.<p>.zones',
      });
    if (s.expectSetup && s.steps.length > 0)
      ctx.addIssue({
        code: 'custom',
        path: ['steps'],
        message: 'a scenario whose setup is expected rejected has no steps to run',
      });
    if (s.cards && !s.start)
      ctx.addIssue({
        code: 'custom',
        path: ['cards'],
        message: 'test cards need a start position to place them',
      });
  });

export type Scenario = z.infer<typeof ScenarioSchema>;
export type ScenarioInput = z.input<typeof ScenarioSchema>;
export type ScenarioStep = z.infer<typeof ScenarioStepSchema>;

export interface ScenarioResult {
  ok: boolean;
  failures: string[];
  /** The events of the scripted match, chained, for inspection or export. */
  events: EventEnvelope[];
}

const CLOCK0 = Date.UTC(2026, 0, 1);

/** Builds the MatchConfig a scenario describes (seats in p1, p2… order). */
export function scenarioConfig(s: Scenario): MatchConfig {
  const players: SeatConfig[] = Object.entries(s.players)
    .sort(([a], [b]) => Number(a.slice(1)) - Number(b.slice(1)))
    .map(([id, seat]) => {
      const { name, deck, ...rest } = seat;
      const extra = Object.fromEntries(
        Object.entries(rest).filter((e): e is [string, string[]] => Array.isArray(e[1])),
      );
      const main = deck ?? [];
      return {
        id: id as PlayerId,
        name: name ?? id,
        deck: Object.keys(extra).length > 0 ? { main, extra } : { main },
      };
    });
  const config: MatchConfig = { matchId: s.matchId ?? `scenario-${String(s.seed)}`, players };
  if (s.stack) config.stack = s.stack;
  if (s.options) config.options = s.options;
  return config;
}

/** Parses a scenario, with every problem named by its path (for files written by hand). */
export function parseScenario(
  input: unknown,
): { ok: true; scenario: Scenario } | { ok: false; errors: string[] } {
  const r = ScenarioSchema.safeParse(input);
  if (r.success) return { ok: true, scenario: r.data };
  return {
    ok: false,
    errors: r.error.issues.map(
      (i) =>
        `scenario${i.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('')}: ${i.message}`,
    ),
  };
}

/**
 * True when `actual` has everything `expected` has: objects may carry more keys, arrays must have the same
 * length with each element matching, anything else is equal.
 */
export function partialMatch(actual: unknown, expected: unknown): boolean {
  if (Array.isArray(expected)) {
    return (
      Array.isArray(actual) &&
      actual.length === expected.length &&
      expected.every((e, i) => partialMatch(actual[i], e))
    );
  }
  if (expected !== null && typeof expected === 'object') {
    if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) return false;
    return Object.entries(expected).every(([k, v]) =>
      partialMatch((actual as Record<string, unknown>)[k], v),
    );
  }
  return jsonEqual(actual ?? null, expected ?? null);
}

/**
 * Reads `a.b[0].c`, `a.b.0.c` or `a.b[id=x].c` (the entry of list `b` whose `id` is "x"; any key or key path
 * works, `[card.id=x]`) from a value; `found` is false when a segment is missing.
 */
export function readPath(
  value: unknown,
  path: string,
): { found: true; value: unknown } | { found: false; at: string } {
  const segments = [...path.matchAll(/\[([\w.]+)=([^\]]+)\]|\[(\d+)\]|([^.[\]]+)/g)].map(
    (m): { text: string; pick?: { key: string; is: string } } =>
      m[1] !== undefined
        ? { text: `[${m[1]}=${m[2]}]`, pick: { key: m[1], is: m[2]! } }
        : { text: m[3] ?? m[4]! },
  );
  let cur: unknown = value;
  const walked: string[] = [];
  for (const seg of segments) {
    walked.push(seg.text);
    if (cur === null || typeof cur !== 'object') return { found: false, at: walked.join('.') };
    if (seg.pick) {
      // A list entry picked by a field, so a scenario need not know where the engine put it.
      const { key, is } = seg.pick;
      const hit = Array.isArray(cur)
        ? cur.find((x: unknown) => {
            const v = readPath(x, key);
            return v.found && String(v.value) === is;
          })
        : undefined;
      if (hit === undefined) return { found: false, at: walked.join('.') };
      cur = hit;
      continue;
    }
    const seg1 = seg.text;
    if (Array.isArray(cur)) {
      if (!/^\d+$/.test(seg1)) return { found: false, at: walked.join('.') };
      const i = Number(seg1);
      if (i >= cur.length) return { found: false, at: walked.join('.') };
      cur = cur[i];
    } else {
      if (!Object.prototype.hasOwnProperty.call(cur, seg1)) return { found: false, at: walked.join('.') };
      cur = (cur as Record<string, unknown>)[seg1];
    }
  }
  return { found: true, value: cur };
}

function short(x: unknown, max = 300): string {
  const s = x === undefined ? 'undefined' : canonicalJson(x);
  return s.length > max ? `${s.slice(0, max)}…` : s;
}

/**
 * Checks a start position and test cards against the game before its hook runs: seats, phase/step against the
 * machine's meta, card ids (pool or test card), unique instance ids, attachments, test-card types and keywords.
 */
export function checkStart(game: AnyGameModule, s: Scenario): string[] {
  const start = s.start;
  if (!start) return [];
  const errors: string[] = [];
  const hooks = game.scenario;
  if (!hooks)
    return [
      `game "${game.id}" has no scenario hooks (GameModule.scenario), so it cannot start from a position`,
    ];
  const seats = Object.keys(s.players);
  const seat = (p: string, where: string) => {
    if (!seats.includes(p))
      errors.push(`${where}: "${p}" is not a seat of this scenario (seats: ${seats.join(', ')})`);
  };
  seat(start.turnPlayer, 'start.turnPlayer');
  if (start.priority) seat(start.priority, 'start.priority');
  for (const p of Object.keys(start.players)) seat(p, `start.players.${p}`);
  const step = start.step ?? null;
  const locs = machineLocations(game.machine);
  if (!locs.some((l) => l.phase === start.phase && l.step === step)) {
    const known = locs.map((l) => (l.step ? `${l.phase}/${l.step}` : l.phase)).join(', ');
    errors.push(
      `start: phase "${start.phase}"${step ? ` step "${step}"` : ''} is not a position of the ${game.id} machine (positions: ${known})`,
    );
  }
  const pool = new Set(game.cards.map((c) => c.id));
  const test = new Map<string, TestCard>();
  (s.cards ?? []).forEach((c, i) => {
    if (pool.has(c.id))
      errors.push(`cards[${i}]: id "${c.id}" is a pool card of ${game.id}; give the test card its own id`);
    if (test.has(c.id)) errors.push(`cards[${i}]: id "${c.id}" is defined twice`);
    test.set(c.id, c);
    if (!hooks.cardTypes.includes(c.type))
      errors.push(`cards[${i}] (${c.id}): type "${c.type}" is not one of ${hooks.cardTypes.join(', ')}`);
    for (const k of c.keywords ?? [])
      if (!hooks.keywords.includes(keywordName(k)))
        errors.push(
          `cards[${i}] (${c.id}): keyword "${keywordName(k)}" is not in the ${game.id} keyword table`,
        );
  });
  const ids = new Set<string>();
  const placed = startCards(start);
  for (const { where, zone, card } of placed) {
    const at = `start ${where}.${zone} ${card.card}`;
    if (!pool.has(card.card) && !test.has(card.card))
      errors.push(
        `${at}: unknown card "${card.card}" (neither a ${game.id} card nor a test card of this scenario)`,
      );
    if (card.id !== undefined) {
      if (ids.has(card.id)) errors.push(`${at}: instance id "${card.id}" is used twice`);
      ids.add(card.id);
    }
    if (card.controller) seat(card.controller, `${at}.controller`);
  }
  for (const { where, zone, card } of placed)
    if (card.attachedTo !== undefined && !ids.has(card.attachedTo))
      errors.push(
        `start ${where}.${zone} ${card.card}: attachedTo "${card.attachedTo}" names no card with that id`,
      );
  return errors;
}

function eventMatches(
  e: EventEnvelope,
  want: { type: string; payload?: Record<string, unknown> | undefined },
): boolean {
  return e.type === want.type && (want.payload === undefined || partialMatch(e.payload, want.payload));
}

function causeOf(e: EventEnvelope): string {
  return 'system' in e.cause ? 'system' : e.cause.player;
}

/**
 * A scenario being run, one step at a time: what `runScenario` loops over, and what games' scenario writers use
 * to build a file while checking each step against the engine (so files and runner can never disagree).
 */
export class ScenarioRun {
  /** The match, in the one command loop. */
  readonly session: MatchSession<unknown>;
  private tick = 0;
  // expectEvent looks from here on: events since the previous command, in order.
  private eventCursor = 0;
  // Where the last accepted command's events begin (expectNoEvent's default start).
  private commandStart = 0;
  private marks = new Map<string, number>();
  /** Names bound by capture steps, used as "$name" in later steps. */
  private readonly aliases = new Map<string, string | number>();
  private readonly about: string;

  private constructor(
    readonly game: AnyGameModule,
    readonly scenario: Scenario,
    session: MatchSession<unknown>,
  ) {
    this.session = session;
    this.tick = 1;
    this.about = scenario.rule ? ` [rule ${scenario.rule}]` : '';
  }

  /** Parses and starts `input` (setup or start position); failures say why it could not start. */
  static start(
    game: AnyGameModule,
    input: unknown,
  ): { ok: true; run: ScenarioRun } | { ok: false; failures: string[]; setupRejectedAsExpected?: true } {
    const parsed = parseScenario(input);
    if (!parsed.ok) return { ok: false, failures: parsed.errors };
    const s = parsed.scenario;
    if (s.game !== game.id)
      return { ok: false, failures: [`scenario is for game "${s.game}" but was run with "${game.id}"`] };
    const startErrors = checkStart(game, s);
    if (startErrors.length > 0) return { ok: false, failures: startErrors };
    const start: ScenarioStart | undefined = s.start;
    const hooks = game.scenario;
    const setup: SetupFn | undefined =
      start && hooks ? (c, ctx) => hooks.start(c, start, { ...ctx, cards: s.cards ?? [] }) : undefined;
    let started;
    try {
      started = MatchSession.start<unknown>(
        game,
        scenarioConfig(s),
        { seed: String(s.seed), at: new Date(CLOCK0).toISOString() },
        setup ? { setup } : {},
      );
    } catch (err) {
      return {
        ok: false,
        failures: [`${start ? 'start position' : 'setup'} threw: ${(err as Error).message}`],
      };
    }
    const what = start ? 'the start position' : "the scenario's setup";
    if (s.expectSetup) {
      const want = s.expectSetup.rejected;
      if (started.ok)
        return { ok: false, failures: [`${what} was accepted, expected rejected by rule ${want.rule}`] };
      const wrong = rejectionMismatch(started, want);
      return wrong
        ? {
            ok: false,
            failures: [`${what} was rejected by rule ${started.rule} (${started.reason}), expected ${wrong}`],
          }
        : { ok: false, failures: [], setupRejectedAsExpected: true };
    }
    if (!started.ok)
      return {
        ok: false,
        failures: [
          `${start ? 'the start position was rejected' : "setup rejected the scenario's match"} (${started.rule}): ${started.reason}`,
        ],
      };
    return { ok: true, run: new ScenarioRun(game, s, started.session) };
  }

  private at(): string {
    return new Date(CLOCK0 + 1000 * this.tick++).toISOString();
  }

  /** Runs one step (`i` names it in failures). `stop` is true when later steps cannot run meaningfully. */
  step(written: ScenarioStep, i: number): { failures: string[]; stop: boolean } {
    const failures: string[] = [];
    const label = `step ${i}`;
    const unknown: string[] = [];
    const step = substitute(written, this.aliases, unknown) as ScenarioStep;
    if (unknown.length > 0) {
      failures.push(
        `${label}: names ${unknown.map((n) => `$${n}`).join(', ')}, which no earlier capture step defined`,
      );
      return { failures, stop: true };
    }
    if ('command' in step) {
      if (this.commandStep(step, i, label, failures)) return { failures, stop: true };
    } else if ('expectEvent' in step) {
      if (this.expectEventStep(step, label, failures)) return { failures, stop: true };
    } else if ('expectEvents' in step) {
      const all = this.session.events;
      const used = new Set<number>();
      const missing: string[] = [];
      for (const want of step.expectEvents.anyOrder) {
        let k = this.eventCursor;
        while (k < all.length && (used.has(k) || !eventMatches(all[k]!, want))) k++;
        if (k < all.length) used.add(k);
        else missing.push(`${want.type}${want.payload ? ` with payload ⊇ ${short(want.payload)}` : ''}`);
      }
      if (missing.length > 0) {
        const seen =
          all
            .slice(this.eventCursor)
            .map((e) => `${e.seq}:${e.type}`)
            .join(', ') || 'no events';
        failures.push(
          `${label}: expected (in any order) ${missing.join('; ')} after seq ${this.eventCursor}; saw ${seen}${this.about}`,
        );
      } else this.eventCursor = Math.max(...used) + 1;
    } else if ('capture' in step) {
      const c = step.capture;
      const all = this.session.events;
      const pool = c.last ? all : all.slice(this.eventCursor);
      const hits = pool.filter((e) => eventMatches(e, { type: c.event, payload: c.payload }));
      const hit = c.last ? hits[hits.length - 1] : hits[0];
      const got = hit ? readPath(hit.payload, c.path) : null;
      if (!hit || !got?.found || (typeof got.value !== 'string' && typeof got.value !== 'number')) {
        failures.push(
          `${label}: capture ${c.as}: ${hit ? `${c.event} seq ${hit.seq} has no string or number at "${c.path}" (${short(hit.payload, 200)})` : `no ${c.event}${c.payload ? ` with payload ⊇ ${short(c.payload)}` : ''} ${c.last ? 'in the match' : `after seq ${this.eventCursor}`}`}${this.about}`,
        );
        return { failures, stop: true };
      }
      this.aliases.set(c.as, got.value);
    } else if ('expectNoEvent' in step) {
      const want = step.expectNoEvent;
      const from = want.from === undefined ? this.commandStart : this.marks.get(want.from);
      const to = want.to === undefined ? this.session.events.length : this.marks.get(want.to);
      if (from === undefined || to === undefined) {
        failures.push(
          `${label}: expectNoEvent names label "${from === undefined ? want.from : want.to}", which no earlier step has (mark it with { "mark": … } or a command's "label")`,
        );
        return { failures, stop: false };
      }
      const hit = this.session.events.slice(from, to).find((e) => eventMatches(e, want));
      if (hit)
        failures.push(
          `${label}: expected no ${want.type}${want.payload ? ` with payload ⊇ ${short(want.payload)}` : ''} between seq ${from + 1} and ${to}, but seq ${hit.seq} is one: ${short(hit.payload, 200)}${this.about}`,
        );
    } else if ('mark' in step) {
      this.marks.set(step.mark, this.session.events.length);
    } else if ('expectPriority' in step) {
      if (!this.game.scenario) {
        failures.push(
          `${label}: game "${this.game.id}" has no scenario this.game.scenario, so expectPriority cannot be checked`,
        );
        return { failures, stop: false };
      }
      const holder = this.game.scenario.priority(this.session.state);
      if (holder !== step.expectPriority.holder)
        failures.push(
          `${label}: priority is held by ${holder ?? 'nobody'}, expected ${step.expectPriority.holder ?? 'nobody'}${this.about}`,
        );
    } else if ('expectStats' in step) {
      if (!this.game.scenario) {
        failures.push(
          `${label}: game "${this.game.id}" has no scenario this.game.scenario, so expectStats cannot be checked`,
        );
        return { failures, stop: false };
      }
      const { card, stats } = step.expectStats;
      const got = this.game.scenario.stats(this.game.view(this.session.state, 'judge'), card);
      if (got === null) {
        failures.push(`${label}: card ${card} is not where stats can be read (not in play?)${this.about}`);
        return { failures, stop: false };
      }
      for (const [k, v] of Object.entries(stats))
        if (!(k in got))
          failures.push(
            `${label}: ${card} has no stat "${k}" (stats: ${Object.keys(got).join(', ')})${this.about}`,
          );
        else if (got[k] !== v)
          failures.push(`${label}: ${card} ${k} is ${String(got[k])}, expected ${String(v)}${this.about}`);
    } else if ('expectPosition' in step) {
      const pos = this.game.position(this.session.state);
      const want = step.expectPosition;
      for (const k of ['turn', 'phase', 'step', 'activePlayer'] as const)
        if (k in want && want[k] !== pos[k])
          failures.push(
            `${label}: position ${k} is ${String(pos[k])}, expected ${String(want[k])}${this.about}`,
          );
    } else {
      if (this.expectStateStep(step, label, failures)) return { failures, stop: true };
    }
    return { failures, stop: false };
  }

  /** A command step: plays it and checks it was accepted, or rejected by the expected rule. True: stop the run. */
  private commandStep(
    step: Extract<ScenarioStep, { command: unknown }>,
    i: number,
    label: string,
    failures: string[],
  ): boolean {
    if (step.label) this.marks.set(step.label, this.session.events.length);
    const command = { ...step.command, commandId: step.command.commandId ?? `s${i}` } as Command;
    const what = `${command.type} by ${command.player}`;
    const before = this.session.events.length;
    let res;
    try {
      res = this.session.play(command, this.at());
    } catch (err) {
      failures.push(`${label}: ${what} threw: ${(err as Error).message}${this.about}`);
      return true;
    }
    const expect = step.expect;
    if (expect === 'accepted') {
      if (!res.ok) {
        failures.push(
          `${label}: ${what} was rejected (${res.rule}: ${res.reason}), expected accepted${this.about}`,
        );
        return true;
      }
    } else if (res.ok) {
      failures.push(
        `${label}: ${what} was accepted, expected rejected by rule ${expect.rejected.rule}${this.about}`,
      );
      return true;
    } else {
      const wrong = rejectionMismatch(res, expect.rejected);
      if (wrong)
        failures.push(
          `${label}: ${what} was rejected by rule ${res.rule} (${res.reason}), expected ${wrong}${this.about}`,
        );
    }
    if (res.ok) {
      this.eventCursor = before;
      this.commandStart = before;
    }
    return false;
  }

  /** An expectEvent step: an event of the type (and payload) stands where the step says. True: stop the run. */
  private expectEventStep(
    step: Extract<ScenarioStep, { expectEvent: unknown }>,
    label: string,
    failures: string[],
  ): boolean {
    const want = step.expectEvent;
    const all = this.session.events;
    let found = -1;
    for (let k = this.eventCursor; k < all.length; k++) {
      const e = all[k]!;
      if (
        eventMatches(e, want) &&
        (want.rule === undefined || e.rule === want.rule) &&
        (want.cause === undefined || causeOf(e) === want.cause)
      ) {
        found = k;
        break;
      }
    }
    if (found < 0) {
      const since = all.slice(this.eventCursor);
      const sameType = since.filter((e) => eventMatches(e, want));
      const seen = since.length === 0 ? 'no events' : since.map((e) => `${e.seq}:${e.type}`).join(', ');
      const extra = [want.rule ? `rule ${want.rule}` : '', want.cause ? `cause ${want.cause}` : '']
        .filter(Boolean)
        .join(', ');
      failures.push(
        `${label}: expected event ${want.type}${want.payload ? ` with payload ⊇ ${short(want.payload)}` : ''}${extra ? ` (${extra})` : ''} after seq ${this.eventCursor}; ` +
          (sameType.length > 0 && extra
            ? `${want.type} events there cite ${sameType.map((e) => `rule ${e.rule ?? 'none'}, cause ${causeOf(e)}`).join(' | ')}`
            : all.slice(this.eventCursor).some((e) => e.type === want.type)
              ? `${want.type} events there have payloads ${all
                  .slice(this.eventCursor)
                  .filter((e) => e.type === want.type)
                  .map((e) => short(e.payload, 200))
                  .join(' | ')}`
              : `saw ${seen}`) +
          this.about,
      );
    } else this.eventCursor = found + 1;
    return false;
  }

  /** An expectState step: a path of the state as one viewer sees it (absent, length, contains, matches, equals). */
  private expectStateStep(
    step: Extract<ScenarioStep, { expectState: unknown }>,
    label: string,
    failures: string[],
  ): boolean {
    const st = step.expectState;
    const { as, path } = st;
    let viewed: unknown;
    try {
      viewed = this.game.view(this.session.state, as as Viewer);
    } catch (err) {
      failures.push(`${label}: view as ${as} threw: ${(err as Error).message}`);
      return false;
    }
    const got = readPath(viewed, path);
    if (st.absent) {
      if (got.found)
        failures.push(
          `${label}: state path "${path}" exists in the ${as} view (${short(got.value)}), expected it absent${this.about}`,
        );
    } else if (!got.found)
      failures.push(
        `${label}: state path "${path}" does not exist in the ${as} view (missing at "${got.at}")${this.about}`,
      );
    else if (st.length !== undefined) {
      const v = got.value;
      const len = Array.isArray(v) || typeof v === 'string' ? v.length : null;
      if (len === null)
        failures.push(
          `${label}: state ${path} as ${as} is ${short(v)}, not a list; expected length ${st.length}${this.about}`,
        );
      else if (len !== st.length)
        failures.push(
          `${label}: state ${path} as ${as} has length ${len}, expected ${st.length}${this.about}`,
        );
    } else if ('contains' in st) {
      const v = got.value;
      if (!Array.isArray(v) || !v.some((x) => partialMatch(x, st.contains)))
        failures.push(
          `${label}: state ${path} as ${as} is ${short(v)}, expected a list with an entry matching ${short(st.contains)}${this.about}`,
        );
    } else if ('matches' in st) {
      if (!partialMatch(got.value, st.matches))
        failures.push(
          `${label}: state ${path} as ${as} is ${short(got.value)}, expected to match ${short(st.matches)}${this.about}`,
        );
    } else if (!jsonEqual(got.value ?? null, st.equals ?? null))
      failures.push(
        `${label}: state ${path} as ${as} is ${short(got.value)}, expected ${short(st.equals)}${this.about}`,
      );
    return false;
  }
}

/** What is wrong with a rejection against an expected one (rule, and words of the reason), or null. */
function rejectionMismatch(
  got: { rule: string; reason: string },
  want: { rule: string; reason?: string | undefined },
): string | null {
  if (got.rule !== want.rule) return `rule ${want.rule}`;
  if (want.reason !== undefined && !got.reason.toLowerCase().includes(want.reason.toLowerCase()))
    return `rule ${want.rule} with a reason containing "${want.reason}"`;
  return null;
}

/**
 * Replaces "$name" in every string of a step by its captured value: a string that is only "$name" takes the
 * value itself (a number stays a number), "$name" inside a longer string is replaced as text. Names no capture
 * defined are collected into `unknown`.
 */
function substitute(x: unknown, aliases: ReadonlyMap<string, string | number>, unknown: string[]): unknown {
  if (typeof x === 'string') {
    const whole = /^\$([A-Za-z][\w-]*)$/.exec(x);
    if (whole) {
      const v = aliases.get(whole[1]!);
      if (v === undefined) unknown.push(whole[1]!);
      return v ?? x;
    }
    return x.replace(/\$([A-Za-z][\w-]*)/g, (m, name: string) => {
      const v = aliases.get(name);
      if (v === undefined) {
        unknown.push(name);
        return m;
      }
      return String(v);
    });
  }
  if (Array.isArray(x)) return x.map((v) => substitute(v, aliases, unknown));
  if (x !== null && typeof x === 'object')
    return Object.fromEntries(Object.entries(x).map(([k, v]) => [k, substitute(v, aliases, unknown)]));
  return x;
}

/** Runs a scenario through `game` with the kernel's command loop. Never throws for a bad scenario: it reports. */
export function runScenario(game: AnyGameModule, input: unknown): ScenarioResult {
  const started = ScenarioRun.start(game, input);
  if (!started.ok)
    return { ok: started.setupRejectedAsExpected === true, failures: started.failures, events: [] };
  const { run } = started;
  const steps = run.scenario.steps;
  const failures: string[] = [];
  for (let i = 0; i < steps.length; i++) {
    const r = run.step(steps[i]!, i);
    failures.push(...r.failures);
    if (r.stop) {
      if (i + 1 < steps.length)
        failures.push(`step ${i}: stopped; ${steps.length - i - 1} later step(s) not run`);
      break;
    }
  }
  return { ok: failures.length === 0, failures, events: [...run.session.events] };
}

/**
 * Writes a scenario file while playing it: every step is run through the same `ScenarioRun` as the runner and
 * throws on the first failure, so a written file always passes. Games' scenario scripts build on it (their
 * own helpers — pass until a phase, reach a main phase — read `state` and call `command`).
 */
export class ScenarioWriter {
  private readonly run: ScenarioRun;
  private readonly written: z.input<typeof ScenarioStepSchema>[] = [];
  /** Set by a failed step: the match may have moved without the step being written, so nothing more is added. */
  private failed: string | null = null;

  constructor(
    readonly game: AnyGameModule,
    private readonly header: Omit<ScenarioInput, 'steps'>,
  ) {
    const started = ScenarioRun.start(game, { ...header, steps: [] });
    if (!started.ok)
      throw new Error(`scenario ${header.description ?? header.rule ?? ''}: ${started.failures.join('; ')}`);
    this.run = started.run;
  }

  /** The live (judge) state after the steps so far. */
  get state(): unknown {
    return this.run.session.state;
  }
  get events(): readonly EventEnvelope[] {
    return this.run.session.events;
  }
  /** How many steps are written so far. */
  get stepCount(): number {
    return this.written.length;
  }

  /** Adds a step after checking it holds; throws with the runner's own failure message otherwise. */
  step(step: z.input<typeof ScenarioStepSchema>): this {
    if (this.failed)
      throw new Error(`this writer stopped at a failed step (${this.failed}); start a new one`);
    const parsed = ScenarioStepSchema.safeParse(step);
    if (!parsed.success)
      throw new Error(`step ${this.written.length}: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
    const r = this.run.step(parsed.data, this.written.length);
    if (r.failures.length > 0) {
      this.failed = r.failures[0]!;
      throw new Error(r.failures.join('\n'));
    }
    this.written.push(step);
    return this;
  }

  /** A command step; `expect` defaults to accepted. */
  command(
    player: PlayerId,
    type: string,
    args: Record<string, unknown> = {},
    expect: 'accepted' | { rejected: { rule: string } } = 'accepted',
  ): this {
    return this.step({ command: { type, player, ...args }, expect });
  }

  /** The scenario file's content. */
  toJSON(): ScenarioInput {
    return { ...this.header, steps: [...this.written] };
  }
}

/**
 * A game's scenario script: a named ScenarioWriter with the steps every game's scripts write (commands, expected
 * events, state, stats and priority), each failure prefixed with the scenario's name. A game's script adds its own
 * finders (a card in hand, a card in play) and writes `text()` to its file: the engine does no I/O.
 */
export class ScenarioScript<S> {
  protected readonly writer: ScenarioWriter;

  constructor(
    game: AnyGameModule,
    readonly name: string,
    readonly scenario: Omit<ScenarioInput, 'steps'>,
  ) {
    this.writer = new ScenarioWriter(game, scenario);
  }

  /** The live judge state (the writer's session runs this game's module, so its state is an S). */
  get state(): S {
    return this.writer.state as S;
  }

  /** How many steps are written so far. */
  get stepCount(): number {
    return this.writer.stepCount;
  }

  do(
    player: PlayerId,
    type: string,
    args: Record<string, unknown> = {},
    expect: 'accepted' | { rejected: { rule: string } } = 'accepted',
  ): this {
    return this.wrap(() => this.writer.command(player, type, args, expect));
  }

  /** A command the rules refuse, citing `rule`. */
  reject(player: PlayerId, type: string, args: Record<string, unknown>, rule: string): this {
    return this.do(player, type, args, { rejected: { rule } });
  }

  event(type: string, payload?: Record<string, unknown>): this {
    return this.wrap(() =>
      this.writer.step({ expectEvent: payload === undefined ? { type } : { type, payload } }),
    );
  }

  /** An event with the rule its envelope cites. */
  eventRule(type: string, rule: string, payload?: Record<string, unknown>): this {
    return this.wrap(() =>
      this.writer.step({ expectEvent: payload === undefined ? { type, rule } : { type, rule, payload } }),
    );
  }

  /** No event of this type since the last command. */
  noEvent(type: string): this {
    return this.wrap(() => this.writer.step({ expectNoEvent: { type } }));
  }

  expectState(path: string, equals: unknown, as: Viewer = 'judge'): this {
    return this.wrap(() => this.writer.step({ expectState: { as, path, equals } }));
  }

  stats(card: string, stats: Record<string, number | string | null>): this {
    return this.wrap(() => this.writer.step({ expectStats: { card, stats } }));
  }

  priority(holder: PlayerId | null): this {
    return this.wrap(() => this.writer.step({ expectPriority: { holder } }));
  }

  /** The scenario file's text: the JSON the runner reads, two-space indented, with a final newline. */
  text(): string {
    return `${JSON.stringify(this.writer.toJSON(), null, 2)}\n`;
  }

  /** Throws with the scenario's name in front, so a script that writes dozens says which one failed. */
  protected fail(message: string): never {
    throw new Error(`${this.name}: ${message}`);
  }

  protected wrap(f: () => unknown): this {
    try {
      f();
    } catch (err) {
      this.fail((err as Error).message);
    }
    return this;
  }
}

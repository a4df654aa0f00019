// Scripted scenarios (ARCHITECTURE.md §5): a match from a fixed seed and stacked decks, driven command by
// command through the real kernel runner, with expectations on rejections, events and viewer states.
// Pure: a synthetic clock, the scenario's seed, no I/O (the CLI reads the files).
import { z } from 'zod';
import { canonicalJson, jsonEqual } from './canonical';
import { chainEvents, GENESIS_HASH, type EventEnvelope } from './envelope';
import type { AnyGameModule, Command, MatchConfig, SeatConfig } from './game';
import { PlayerIdSchema, ViewerSchema, type PlayerId, type Viewer } from './ids';
import { cursorAfter, RngSource } from './rng';
import { applyCommand, startMatch } from './runner';

const CardList = z.array(z.string().min(1));

/** A seat: `deck` is the main deck; any other card list (contender, material…) goes to DeckList.extra. */
export const ScenarioSeatSchema = z
  .object({ name: z.string().optional(), deck: CardList.min(1, 'a deck needs at least one card') })
  .catchall(CardList);

export const ScenarioCommandStepSchema = z
  .object({
    command: z.looseObject({ type: z.string().min(1), player: PlayerIdSchema }),
    /** Defaults to "accepted". */
    expect: z
      .union([z.literal('accepted'), z.object({ rejected: z.object({ rule: z.string().min(1) }).strict() }).strict()])
      .default('accepted'),
  })
  .strict();

export const ScenarioEventStepSchema = z
  .object({
    expectEvent: z
      .object({ type: z.string().min(1), payload: z.record(z.string(), z.unknown()).optional() })
      .strict(),
  })
  .strict();

export const ScenarioStateStepSchema = z
  .object({ expectState: z.object({ as: ViewerSchema, path: z.string(), equals: z.unknown() }).strict() })
  .strict();

export const ScenarioStepSchema = z.union([ScenarioCommandStepSchema, ScenarioEventStepSchema, ScenarioStateStepSchema]);

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
    players: z.record(PlayerIdSchema, ScenarioSeatSchema).refine((p) => Object.keys(p).length >= 1, 'at least one player'),
    stack: z
      .record(PlayerIdSchema, z.object({ deck: CardList.optional(), hand: CardList.optional() }).strict())
      .optional(),
    steps: z.array(ScenarioStepSchema),
  })
  .strict();

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
      const extra = Object.fromEntries(Object.entries(rest).filter((e): e is [string, string[]] => Array.isArray(e[1])));
      return {
        id: id as PlayerId,
        name: name ?? id,
        deck: Object.keys(extra).length > 0 ? { main: deck, extra } : { main: deck },
      };
    });
  const config: MatchConfig = { matchId: s.matchId ?? `scenario-${String(s.seed)}`, players };
  if (s.stack) config.stack = s.stack;
  if (s.options) config.options = s.options;
  return config;
}

/** Parses a scenario, with every problem named by its path (for files written by hand). */
export function parseScenario(input: unknown): { ok: true; scenario: Scenario } | { ok: false; errors: string[] } {
  const r = ScenarioSchema.safeParse(input);
  if (r.success) return { ok: true, scenario: r.data };
  return { ok: false, errors: r.error.issues.map((i) => `scenario${i.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('')}: ${i.message}`) };
}

/**
 * True when `actual` has everything `expected` has: objects may carry more keys, arrays must have the same
 * length with each element matching, anything else is equal.
 */
export function partialMatch(actual: unknown, expected: unknown): boolean {
  if (Array.isArray(expected)) {
    return Array.isArray(actual) && actual.length === expected.length && expected.every((e, i) => partialMatch(actual[i], e));
  }
  if (expected !== null && typeof expected === 'object') {
    if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) return false;
    return Object.entries(expected).every(([k, v]) => partialMatch((actual as Record<string, unknown>)[k], v));
  }
  return jsonEqual(actual ?? null, expected ?? null);
}

/** Reads `a.b[0].c` or `a.b.0.c` from a value; `found` is false when a segment is missing. */
export function readPath(value: unknown, path: string): { found: true; value: unknown } | { found: false; at: string } {
  const segments = path
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .filter((x) => x !== '');
  let cur: unknown = value;
  const walked: string[] = [];
  for (const seg of segments) {
    walked.push(seg);
    if (cur === null || typeof cur !== 'object') return { found: false, at: walked.join('.') };
    if (Array.isArray(cur)) {
      if (!/^\d+$/.test(seg)) return { found: false, at: walked.join('.') };
      const i = Number(seg);
      if (i >= cur.length) return { found: false, at: walked.join('.') };
      cur = cur[i];
    } else {
      if (!Object.prototype.hasOwnProperty.call(cur, seg)) return { found: false, at: walked.join('.') };
      cur = (cur as Record<string, unknown>)[seg];
    }
  }
  return { found: true, value: cur };
}

function short(x: unknown, max = 300): string {
  const s = x === undefined ? 'undefined' : canonicalJson(x);
  return s.length > max ? `${s.slice(0, max)}…` : s;
}

/** Runs a scenario through `game` with the kernel runner. Never throws for a bad scenario: it reports. */
export function runScenario(game: AnyGameModule, input: unknown): ScenarioResult {
  const parsed = parseScenario(input);
  if (!parsed.ok) return { ok: false, failures: parsed.errors, events: [] };
  const s = parsed.scenario;
  const failures: string[] = [];
  const about = s.rule ? ` [rule ${s.rule}]` : '';
  if (s.game !== game.id) return { ok: false, failures: [`scenario is for game "${s.game}" but was run with "${game.id}"`], events: [] };

  const seed = String(s.seed);
  const config = scenarioConfig(s);
  let tick = 0;
  const at = () => new Date(CLOCK0 + 1000 * tick++).toISOString();
  let started;
  try {
    started = startMatch<unknown>(game, config, { seed, at: at() });
  } catch (err) {
    return { ok: false, failures: [`setup threw: ${(err as Error).message}`], events: [] };
  }
  if (!started.ok) return { ok: false, failures: [`setup rejected the scenario's match (${started.rule}): ${started.reason}`], events: [] };
  let events = chainEvents(config.matchId, 0, GENESIS_HASH, started.events);
  let state = started.state;
  const rng = new RngSource(seed);
  // expectEvent looks from here on: events since the previous command, in order.
  let eventCursor = 0;

  for (let i = 0; i < s.steps.length; i++) {
    const step = s.steps[i]!;
    const label = `step ${i}`;
    if ('command' in step) {
      const command = { ...step.command, commandId: step.command.commandId ?? `s${i}` } as Command;
      const what = `${command.type} by ${command.player}`;
      let res;
      try {
        res = applyCommand<unknown>(game, state, command, rng.at(cursorAfter(events)), { seed, at: at() });
      } catch (err) {
        failures.push(`${label}: ${what} threw: ${(err as Error).message}${about}`);
        break;
      }
      const expect = step.expect;
      if (expect === 'accepted') {
        if (!res.ok) {
          failures.push(`${label}: ${what} was rejected (${res.rule}: ${res.reason}), expected accepted${about}`);
          if (i + 1 < s.steps.length) failures.push(`${label}: stopped; ${s.steps.length - i - 1} later step(s) not run`);
          break;
        }
      } else if (res.ok) {
        failures.push(`${label}: ${what} was accepted, expected rejected by rule ${expect.rejected.rule}${about}`);
        if (i + 1 < s.steps.length) failures.push(`${label}: stopped; ${s.steps.length - i - 1} later step(s) not run`);
        break;
      } else if (res.rule !== expect.rejected.rule) {
        failures.push(`${label}: ${what} was rejected by rule ${res.rule} (${res.reason}), expected rule ${expect.rejected.rule}${about}`);
      }
      if (res.ok) {
        eventCursor = events.length;
        const last = events[events.length - 1];
        events = events.concat(chainEvents(config.matchId, events.length, last ? last.hash : GENESIS_HASH, res.events));
        state = res.state;
      }
    } else if ('expectEvent' in step) {
      const want = step.expectEvent;
      let found = -1;
      for (let k = eventCursor; k < events.length; k++) {
        const e = events[k]!;
        if (e.type === want.type && (want.payload === undefined || partialMatch(e.payload, want.payload))) {
          found = k;
          break;
        }
      }
      if (found < 0) {
        const since = events.slice(eventCursor);
        const sameType = since.filter((e) => e.type === want.type);
        const seen = since.length === 0 ? 'no events' : since.map((e) => `${e.seq}:${e.type}`).join(', ');
        failures.push(
          `${label}: expected event ${want.type}${want.payload ? ` with payload ⊇ ${short(want.payload)}` : ''} after seq ${eventCursor}; ` +
            (sameType.length > 0
              ? `${want.type} events there have payloads ${sameType.map((e) => short(e.payload, 200)).join(' | ')}`
              : `saw ${seen}`) +
            about,
        );
      } else eventCursor = found + 1;
    } else {
      const { as, path, equals } = step.expectState;
      let viewed: unknown;
      try {
        viewed = game.view(state, as as Viewer);
      } catch (err) {
        failures.push(`${label}: view as ${as} threw: ${(err as Error).message}`);
        continue;
      }
      const got = readPath(viewed, path);
      if (!got.found) failures.push(`${label}: state path "${path}" does not exist in the ${as} view (missing at "${got.at}")${about}`);
      else if (!jsonEqual(got.value ?? null, equals ?? null))
        failures.push(`${label}: state ${path} as ${as} is ${short(got.value)}, expected ${short(equals)}${about}`);
    }
  }
  return { ok: failures.length === 0, failures, events };
}

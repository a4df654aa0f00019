// Path coverage of a game's machine, for tests only (the engine must not need xstate/graph at runtime).
// `machineCoverage` compares what played matches visited with every state node and
// transition of the machine; `shortestEventPaths` says how to reach each state, to write the missing test.
import { getShortestPaths } from 'xstate/graph';
import type { AnyStateMachine, EventObject } from 'xstate';
import { listStatePaths, listTransitions, machineEventTypes, stateValuePaths } from '../machine';
import { pathOf } from '../kit/machine';
import { ScenarioRun } from '../scenario';
import type { AnyGameModule, Command } from '../game';
import { playMatch, type PlayOptions } from './harness';
import { readScenarioFiles } from './suites';

export interface CoverageList {
  total: number;
  covered: string[];
  uncovered: string[];
  /** covered / total, 1 when there is nothing to cover. */
  ratio: number;
}

export interface MachineCoverage {
  states: CoverageList;
  transitions: CoverageList;
}

function list(all: string[], covered: Set<string>): CoverageList {
  const c = all.filter((x) => covered.has(x));
  return {
    total: all.length,
    covered: c,
    uncovered: all.filter((x) => !covered.has(x)),
    ratio: all.length === 0 ? 1 : c.length / all.length,
  };
}

/** "source --event--> " key of a transition, as listed in coverage reports ("" source is the root). */
export function transitionKey(t: { source: string; event: string }): string {
  return `${t.source || '(root)'} --${t.event || '(always)'}-->`;
}

/**
 * Coverage of the machine's state nodes and transitions by observed state paths (dotted; a visited leaf
 * covers its ancestors) and observed transitions (e.g. from `visitMachine`).
 */
export function machineCoverage(
  machine: AnyStateMachine,
  observed: { states: Iterable<string>; transitions?: Iterable<{ source: string; event: string }> },
): MachineCoverage {
  const seen = new Set<string>();
  for (const p of observed.states) {
    const parts = p.split('.');
    for (let k = 1; k <= parts.length; k++) seen.add(parts.slice(0, k).join('.'));
  }
  const states = listStatePaths(machine).map((s) => s.path);
  const transitions = [...new Set(listTransitions(machine).map(transitionKey))];
  const takenKeys = new Set([...(observed.transitions ?? [])].map(transitionKey));
  return { states: list(states, seen), transitions: list(transitions, takenKeys) };
}

export interface EventPath {
  /** Dotted leaf paths of the state reached. */
  state: string[];
  /** Event types that reach it from the initial state, shortest first. */
  events: string[];
}

/**
 * Shortest event sequences (by the machine's own event types, without payloads) to every state the machine
 * reaches; states whose guards need payloads or context may not be reached this way. `limit` bounds the
 * traversal for machines with large contexts.
 */
export interface TraverseOptions {
  /** Events to try in every state (default: one of each event type the machine handles, without payload). */
  events?: EventObject[];
  /** Bound on traversed transitions (default 10 000). */
  limit?: number;
  /**
   * Treat snapshots with different contexts as different vertices (default false: by state value only).
   * Needed when guards read context; keep `limit` small when the context holds counters.
   */
  byContext?: boolean;
}

export function shortestEventPaths(machine: AnyStateMachine, opts: TraverseOptions = {}): EventPath[] {
  const events = opts.events ?? machineEventTypes(machine).map((type) => ({ type }));
  const paths = getShortestPaths(machine, {
    events,
    limit: opts.limit ?? 10_000,
    // Structure, not data: two snapshots in the same state value are the same vertex.
    serializeState: (s) =>
      JSON.stringify(
        opts.byContext
          ? [(s as { value: unknown }).value, (s as { context: unknown }).context]
          : (s as { value: unknown }).value,
      ),
  });
  return paths.map((p) => ({
    state: stateValuePaths((p.state as { value: unknown }).value),
    events: p.steps.slice(1).map((s) => s.event.type),
  }));
}

/** State paths no event sequence reaches from the initial state (dead states in the chart). */
export function unreachableStates(machine: AnyStateMachine, opts: TraverseOptions = {}): string[] {
  const reached = new Set<string>();
  for (const p of shortestEventPaths(machine, opts))
    for (const leaf of p.state) {
      const parts = leaf.split('.');
      for (let k = 1; k <= parts.length; k++) reached.add(parts.slice(0, k).join('.'));
    }
  return listStatePaths(machine)
    .map((s) => s.path)
    .filter((p) => !reached.has(p));
}

/** The machine event a game event takes from the leaf `from` to the leaf `to` (ADVANCE, GAME_OVER…), or null. */
export type MachineEventOf = (event: { type: string }, from: string, to: string) => string | null;

/**
 * What a machine test records while it drives matches: the leaf paths the game stood in and the transitions
 * taken, each credited to the node that handles the event (the leaf itself or its nearest ancestor). Events
 * place the game by their own phase and step (the position after the event); `eventOf` says which machine event
 * each one takes, and an accepted command takes its own type. Feed `states` and `transitions.values()` to
 * `machineCoverage`.
 */
export class TransitionTrace {
  readonly states = new Set<string>();
  readonly transitions = new Map<string, { source: string; event: string }>();
  private readonly owners: { source: string; event: string; targets: string[] }[];
  // A nested final state → the done event its parent raises on entering it (the parent's onDone).
  private readonly doneOf = new Map<string, string>();
  // Where the match being traced stands; null until its first event.
  private at: string | null = null;

  constructor(
    private readonly machine: AnyStateMachine,
    private readonly eventOf: MachineEventOf = () => null,
  ) {
    this.owners = listTransitions(machine);
    const nodes = listStatePaths(machine);
    const idOf = new Map(nodes.map((n) => [n.path, n.id]));
    for (const n of nodes) {
      const parent = n.path.split('.').slice(0, -1).join('.');
      if (n.type === 'final' && parent !== '')
        this.doneOf.set(n.path, `xstate.done.state.${idOf.get(parent)}`);
    }
  }

  /** The node that handles `event` from the leaf `path` (itself or its nearest ancestor), or null. */
  handler(path: string, event: string): string | null {
    const parts = path.split('.');
    for (let k = parts.length; k >= 0; k--) {
      const source = parts.slice(0, k).join('.');
      if (this.owners.some((t) => t.source === source && t.event === event)) return source;
    }
    return null;
  }

  /**
   * Records that `event` was taken from the leaf `path`. A transition into a nested final state also enters that
   * state and takes its parent's onDone at once, so no event ever stands there: both are recorded here.
   */
  take(path: string, event: string): void {
    const source = this.handler(path, event);
    if (source === null) return;
    this.transitions.set(`${source}|${event}`, { source, event });
    const targets = new Set(
      this.owners.filter((t) => t.source === source && t.event === event).flatMap((t) => t.targets),
    );
    const [target] = targets;
    const done = targets.size === 1 ? this.doneOf.get(target!) : undefined;
    if (done === undefined) return;
    this.states.add(target!);
    this.take(target!, done);
  }

  /** Records a batch of events (a new match's first batch after `begin`). */
  events(batch: readonly { type: string; phase: string; step: string | null }[]): void {
    for (const e of batch) {
      const to = pathOf(this.machine, e.phase, e.step);
      const taken = this.at === null ? null : this.eventOf(e, this.at, to);
      if (taken !== null) this.take(this.at!, taken);
      this.at = to;
      this.states.add(to);
    }
  }

  /** Records an accepted command, from where the game stood when it was played (before its events). */
  command(type: string): void {
    if (this.at !== null) this.take(this.at, type);
  }

  /** A new match begins: its first event places it. */
  begin(): void {
    this.at = null;
  }

  /** The machine's states and transitions this trace reached, and those it did not. */
  coverage(): MachineCoverage {
    return machineCoverage(this.machine, { states: this.states, transitions: this.transitions.values() });
  }
}

/** Plays a seeded bot match (the harness's `playMatch`) and records it in `trace`. */
export function traceBotMatch(trace: TransitionTrace, game: AnyGameModule, opts: PlayOptions): void {
  trace.begin();
  playMatch(game, {
    ...opts,
    recordStates: false,
    onBatch: (events, command) => {
      if (command) trace.command(command.type);
      trace.events(events);
    },
  });
}

/**
 * Plays a scenario file's commands from its setup or start position and records the accepted ones (the
 * scenario's own expectations are `runScenario`'s business). A scenario about a refused setup covers nothing.
 */
export function traceScenario(trace: TransitionTrace, game: AnyGameModule, input: unknown): void {
  const started = ScenarioRun.start(game, input);
  if (!started.ok && started.setupRejectedAsExpected) return;
  if (!started.ok) throw new Error(started.failures.join('; '));
  const { session, scenario } = started.run;
  trace.begin();
  trace.events(session.events);
  for (const step of scenario.steps) {
    if (!('command' in step)) continue;
    const res = session.play(step.command as Command, '2026-01-01T00:00:00.000Z');
    if (!res.ok) continue;
    trace.command(step.command.type);
    trace.events(res.events);
  }
}

/** Traces every scenario file (`*.json`) in `dir`, in name order. */
export function traceScenarioFiles(trace: TransitionTrace, game: AnyGameModule, dir: string): void {
  for (const { input } of readScenarioFiles(dir)) traceScenario(trace, game, input);
}

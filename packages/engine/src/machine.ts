// Generic reading of a game's XState machine (the one definition of its turn / phase / step structure):
// state paths for timelines and coverage, transitions, and a JSON config the Stately visualiser opens.
// Static structure only; no actor is started. Path coverage over xstate/graph lives in ./testing/graph.
import {
  initialTransition,
  transition,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type EventObject,
} from 'xstate';

type NodeLike = AnyStateNode;
type TransitionLike = AnyTransitionDefinition;

function rootOf(machine: AnyStateMachine): NodeLike {
  return machine.root;
}

function walk(node: NodeLike, visit: (n: NodeLike) => void): void {
  visit(node);
  for (const child of Object.values(node.states)) walk(child, visit);
}

export interface StatePathInfo {
  /** Dotted path from the root, e.g. "turn.main.standby"; the root itself is not listed. */
  path: string;
  id: string;
  type: NodeLike['type'];
  depth: number;
  description?: string;
  tags: string[];
}

/** Every state node of the machine (depth-first, document order), root excluded. */
export function listStatePaths(
  machine: AnyStateMachine,
  opts: { leavesOnly?: boolean } = {},
): StatePathInfo[] {
  const out: StatePathInfo[] = [];
  walk(rootOf(machine), (n) => {
    if (n.path.length === 0) return;
    const isLeaf = Object.keys(n.states).length === 0;
    if (opts.leavesOnly && !isLeaf) return;
    const info: StatePathInfo = {
      path: n.path.join('.'),
      id: n.id,
      type: n.type,
      depth: n.path.length,
      tags: [...n.tags],
    };
    if (n.description) info.description = n.description;
    out.push(info);
  });
  return out;
}

/** The dotted leaf paths of an XState state value: "a" | { a: "b" } | { a: { b: "c", d: "e" } } (parallel). */
export function stateValuePaths(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix ? `${prefix}.${value}` : value];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => {
    const here = prefix ? `${prefix}.${k}` : k;
    const below = stateValuePaths(v, here);
    return below.length > 0 ? below : [here];
  });
}

export interface TransitionInfo {
  /** Dotted source path ("" for the root). */
  source: string;
  /** Event type; "" for eventless (always) transitions. */
  event: string;
  /** Dotted target paths; empty for a targetless (internal) transition. */
  targets: string[];
  guard: string | null;
}

function nameOf(x: unknown): string {
  if (typeof x === 'function') return x.name || 'inline';
  if (typeof x === 'string') return x;
  if (x && typeof x === 'object' && typeof (x as { type?: unknown }).type === 'string')
    return (x as { type: string }).type;
  return 'inline';
}

/** Every transition of the machine, with guards named (inline functions by their function name). */
export function listTransitions(machine: AnyStateMachine): TransitionInfo[] {
  const out: TransitionInfo[] = [];
  walk(rootOf(machine), (n) => {
    const add = (t: TransitionLike, event: string) =>
      out.push({
        source: n.path.join('.'),
        event,
        targets: (t.target ?? []).map((x) => x.path.join('.')),
        guard: t.guard === undefined ? null : nameOf(t.guard),
      });
    for (const [event, ts] of n.transitions) for (const t of ts) add(t, event);
    for (const t of n.always ?? []) add(t, '');
  });
  return out;
}

/** Event types the machine reacts to anywhere. */
export function machineEventTypes(machine: AnyStateMachine): string[] {
  return [
    ...new Set(
      listTransitions(machine)
        .map((t) => t.event)
        .filter((e) => e !== ''),
    ),
  ].sort();
}

type JsonObject = { [k: string]: JsonValue };
type JsonValue = null | boolean | number | string | JsonValue[] | JsonObject;

function jsonSafe(x: unknown): JsonValue | undefined {
  if (x === undefined || typeof x === 'function' || typeof x === 'symbol' || typeof x === 'bigint')
    return undefined;
  try {
    return JSON.parse(JSON.stringify(x)) as JsonValue;
  } catch {
    return undefined;
  }
}

function transitionConfig(t: TransitionLike): JsonObject | string {
  const targets = (t.target ?? []).map((x) => `#${x.id}`);
  const meta = jsonSafe(t.meta);
  const hasMore =
    t.guard !== undefined ||
    t.actions.length > 0 ||
    t.reenter ||
    t.description ||
    (meta !== undefined && meta !== null);
  if (!hasMore && targets.length === 1) return targets[0]!;
  const out: JsonObject = {};
  if (targets.length === 1) out.target = targets[0]!;
  else if (targets.length > 1) out.target = targets;
  if (t.guard !== undefined) out.guard = nameOf(t.guard);
  if (t.actions.length > 0) out.actions = t.actions.map(nameOf);
  if (t.reenter) out.reenter = true;
  if (t.description) out.description = t.description;
  if (meta !== undefined && meta !== null) out.meta = meta;
  return out;
}

function nodeConfig(n: NodeLike): JsonObject {
  const out: JsonObject = {};
  if (n.path.length === 0) out.id = n.id;
  if (n.type === 'parallel' || n.type === 'final' || n.type === 'history') out.type = n.type;
  if (n.type === 'history' && n.history) out.history = n.history;
  if (n.description) out.description = n.description;
  if (n.tags.length > 0) out.tags = [...n.tags];
  const meta = jsonSafe(n.meta);
  if (meta !== undefined && meta !== null) out.meta = meta;
  if (n.entry.length > 0) out.entry = n.entry.map(nameOf);
  if (n.exit.length > 0) out.exit = n.exit.map(nameOf);
  if (n.type === 'compound' && n.initial.target.length > 0) out.initial = n.initial.target[0]!.key;
  const on: JsonObject = {};
  for (const [event, ts] of n.transitions) {
    const configs = ts.map((t) => transitionConfig(t));
    on[event] = configs.length === 1 ? configs[0]! : configs;
  }
  if (Object.keys(on).length > 0) out.on = on;
  if (n.always && n.always.length > 0) out.always = n.always.map((t) => transitionConfig(t));
  const children = Object.entries(n.states);
  if (children.length > 0) out.states = Object.fromEntries(children.map(([k, c]) => [k, nodeConfig(c)]));
  return out;
}

/**
 * The machine as a plain XState config (JSON): paste it into `createMachine(…)` in the Stately visualiser
 * (stately.ai/viz) or the VS Code extension. Targets are absolute (`#id`), guards and actions are named.
 */
export function machineToJson(machine: AnyStateMachine): JsonObject {
  const config = nodeConfig(rootOf(machine));
  // A static initial context is shown by the visualiser; a context factory (function) is left out.
  const context = jsonSafe((machine.config as { context?: unknown }).context);
  if (context !== undefined && context !== null && typeof context === 'object')
    return { id: config.id!, context, ...config };
  return config;
}

/**
 * Drives the machine (pure `transition`, no actor, actions not executed) with a sequence of events and
 * returns the dotted leaf state paths visited and the transitions taken, for coverage. Useful for machines
 * whose transitions are keyed by the game's event types; `input` is the machine's input if it needs one.
 */
export function visitMachine(
  machine: AnyStateMachine,
  events: readonly EventObject[],
  input?: unknown,
): { states: string[]; transitions: { source: string; event: string }[]; final: string[] } {
  const seen = new Set<string>();
  const taken = new Map<string, { source: string; event: string }>();
  let [snap] = (initialTransition as (m: AnyStateMachine, i?: unknown) => [{ value: unknown }, unknown[]])(
    machine,
    input,
  );
  for (const p of stateValuePaths(snap.value)) seen.add(p);
  const step = transition as (
    m: AnyStateMachine,
    s: unknown,
    e: EventObject,
  ) => [{ value: unknown }, unknown[]];
  for (const e of events) {
    const before = stateValuePaths(snap.value);
    [snap] = step(machine, snap, e);
    const after = stateValuePaths(snap.value);
    // A transition was taken when the event is handled by an active node or one of its ancestors.
    for (const leaf of before) {
      const parts = leaf.split('.');
      for (let k = parts.length; k >= 0; k--) {
        const source = parts.slice(0, k).join('.');
        if (handles(machine, source, e.type)) {
          taken.set(`${source}\u0000${e.type}`, { source, event: e.type });
          break;
        }
      }
    }
    for (const p of after) seen.add(p);
  }
  return { states: [...seen], transitions: [...taken.values()], final: stateValuePaths(snap.value) };
}

function handles(machine: AnyStateMachine, source: string, event: string): boolean {
  let n: NodeLike | undefined = rootOf(machine);
  for (const k of source === '' ? [] : source.split('.')) n = n?.states[k];
  return n !== undefined && (n.transitions.get(event)?.length ?? 0) > 0;
}

// The machine adapter: a game's XState machine is the one definition of where a match can be. State nodes carry
// `meta: { phase, step, rule }` (a child inherits its ancestors' phase and rule), transitions `meta: { rule }`.
// Everything else reads them: the position stamped on events, the next step, the phase order of timelines, step
// labels, and the machine part of rules coverage, so machine, events, timeline and coverage agree by construction.
import {
  getNextSnapshot,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type EventObject,
} from 'xstate';
import type { CoverageEntry } from '../game';

/** What a state node declares in `meta`. Phase and step names are the rules document's, used verbatim in events. */
export interface NodeMeta {
  phase?: string;
  /** Null or absent: the phase has no steps (or this node is the phase itself). */
  step?: string | null;
  /** The most specific rule that defines this phase or step, e.g. "502.1a". */
  rule?: string;
}

/** A leaf of the machine and the position it stands for. */
export interface MachineLocation {
  /** Dotted machine path, e.g. "turn.primary.clash.counter". */
  path: string;
  phase: string;
  step: string | null;
  rule: string | null;
  /** The node's description (its label on timelines), or its key. */
  label: string;
  final: boolean;
}

function metaOf(n: AnyStateNode): NodeMeta {
  const m: unknown = n.meta;
  return m !== null && typeof m === 'object' ? (m as NodeMeta) : {};
}

function children(n: AnyStateNode): AnyStateNode[] {
  return Object.values(n.states as Record<string, AnyStateNode>);
}

const cache = new WeakMap<AnyStateMachine, MachineLocation[]>();

/** Every leaf state of the machine in document order, with its phase, step and rule (inherited from ancestors). */
export function machineLocations(machine: AnyStateMachine): MachineLocation[] {
  const hit = cache.get(machine);
  if (hit) return hit;
  const out: MachineLocation[] = [];
  const walk = (n: AnyStateNode, phase: string | null, rule: string | null): void => {
    const m = metaOf(n);
    const here = m.phase ?? phase;
    const r = m.rule ?? rule;
    const kids = children(n).filter((c) => c.type !== 'history');
    if (kids.length === 0 && n.path.length > 0) {
      out.push({
        path: n.path.join('.'),
        phase: here ?? n.path[0]!,
        step: m.step ?? null,
        rule: r,
        label: n.description ?? n.key,
        final: n.type === 'final',
      });
      return;
    }
    for (const c of kids) walk(c, here, r);
  };
  walk(machine.root, null, null);
  cache.set(machine, out);
  return out;
}

/** The location of a dotted machine path (a leaf). Throws on a path the machine does not have. */
export function locationOf(machine: AnyStateMachine, path: string): MachineLocation {
  const l = machineLocations(machine).find((x) => x.path === path);
  if (!l)
    throw new Error(
      `the machine ${machine.id} has no leaf state "${path}"; known: ${machineLocations(machine)
        .map((x) => x.path)
        .join(', ')}`,
    );
  return l;
}

/** The leaf whose (phase, step) is given: the inverse of `locationOf` for machines whose positions are unique. */
export function pathOf(machine: AnyStateMachine, phase: string, step: string | null): string {
  const l = machineLocations(machine).find((x) => x.phase === phase && x.step === step);
  if (!l)
    throw new Error(
      `the machine ${machine.id} has no state for phase "${phase}"${step ? ` step "${step}"` : ''}`,
    );
  return l.path;
}

/** Phase names in the order the machine declares them (what a timeline orders its phase bands by). */
export function phaseOrder(machine: AnyStateMachine): string[] {
  return [...new Set(machineLocations(machine).map((l) => l.phase))];
}

/** Step names of a phase in declaration order (empty for a phase without steps). */
export function stepOrder(machine: AnyStateMachine, phase: string): string[] {
  return machineLocations(machine)
    .filter((l) => l.phase === phase && l.step !== null)
    .map((l) => l.step!);
}

/** Human labels: "phase" and "phase/step" → the node's description (first node wins). */
export function positionLabels(machine: AnyStateMachine): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (n: AnyStateNode, phase: string | null): void => {
    const m = metaOf(n);
    const here = m.phase ?? phase;
    if (n.path.length > 0 && here !== null) {
      const k = m.step ? `${here}/${m.step}` : here;
      if (!(k in out) && (m.phase !== undefined || m.step !== undefined)) out[k] = n.description ?? n.key;
    }
    for (const c of children(n)) walk(c, here);
  };
  walk(machine.root, null);
  return out;
}

type Value = string | { [k: string]: Value };
/** "a.b.c" → { a: { b: "c" } }. */
export function pathToValue(path: string): Value {
  const parts = path.split('.');
  let v: Value = parts[parts.length - 1]!;
  for (let i = parts.length - 2; i >= 0; i--) v = { [parts[i]!]: v };
  return v;
}

/** { a: { b: "c" } } → "a.b.c" (the first region of a parallel state). */
export function valueToPath(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || typeof value !== 'object')
    throw new Error(`not a state value: ${JSON.stringify(value)}`);
  const [k, v] = Object.entries(value as Record<string, unknown>)[0]!;
  return `${k}.${valueToPath(v)}`;
}

/** The snapshot of `machine` standing at `path` with `context` (pure; no actor). */
export function snapshotAt(machine: AnyStateMachine, path: string, context: unknown): AnyMachineSnapshot {
  return machine.resolveState({ value: pathToValue(path), context });
}

interface TransitionMeta {
  rule?: string;
}
function ruleOfTransition(t: { meta?: unknown; guard?: unknown }): string | null {
  const m = t.meta as TransitionMeta | undefined;
  if (m && typeof m.rule === 'string') return m.rule;
  const g = t.guard as { params?: { rule?: unknown } } | undefined;
  if (g && typeof g === 'object' && g.params && typeof g.params.rule === 'string') return g.params.rule;
  return null;
}

export interface StepTaken extends MachineLocation {
  /** The rule of the transition taken (its meta.rule, else its guard's params.rule, else the target's rule). */
  transitionRule: string | null;
}

/**
 * Where the machine goes from `path` on `event` (guards read `context`), with the rule of the transition taken;
 * null when the machine does not move. Final states' `onDone` transitions are followed, as XState does.
 */
export function stepAfter(
  machine: AnyStateMachine,
  path: string,
  event: EventObject,
  context: unknown,
): StepTaken | null {
  const snap = snapshotAt(machine, path, context);
  const taken = machine.getTransitionData(snap, event);
  const next = getNextSnapshot(machine, snap, event);
  const to = valueToPath(next.value);
  if (taken.length === 0 || taken.every((t) => !t.target || t.target.length === 0)) return null;
  const loc = locationOf(machine, to);
  return { ...loc, transitionRule: ruleOfTransition(taken[0]!) ?? loc.rule };
}

/**
 * Whether the machine accepts `event` at `path` (a targetless gating transition counts). When it does not,
 * the rule of the nearest transition for that event type that a guard refused, or null when no node on the path
 * knows the event at all.
 */
export function gate(
  machine: AnyStateMachine,
  path: string,
  event: EventObject,
  context: unknown,
): { ok: true } | { ok: false; rule: string | null; guard: string | null; params?: Record<string, unknown> } {
  const snap = snapshotAt(machine, path, context);
  if (machine.getTransitionData(snap, event).length > 0) return { ok: true };
  const parts = path.split('.');
  let n: AnyStateNode = machine.root;
  const chain: AnyStateNode[] = [n];
  for (const k of parts) {
    const next = (n.states as Record<string, AnyStateNode>)[k];
    if (!next) break;
    chain.push((n = next));
  }
  for (const node of chain.reverse()) {
    const ts = node.transitions.get(event.type);
    if (ts && ts.length > 0) {
      const g: unknown = ts[0]!.guard;
      const name =
        typeof g === 'string'
          ? g
          : g && typeof g === 'object' && typeof (g as { type?: unknown }).type === 'string'
            ? (g as { type: string }).type
            : null;
      // The refusing guard's params (e.g. which prompt it waits for), so the game can say why in its own words.
      const params = g && typeof g === 'object' ? (g as { params?: unknown }).params : undefined;
      return {
        ok: false,
        rule: ruleOfTransition(ts[0]!),
        guard: name,
        ...(params && typeof params === 'object' ? { params: params as Record<string, unknown> } : {}),
      };
    }
  }
  return { ok: false, rule: null, guard: null };
}

/** Problems with the machine's meta: leaves without a phase or rule, targeted transitions without a rule. */
export function checkMachineMeta(machine: AnyStateMachine): string[] {
  const problems: string[] = [];
  const walk = (n: AnyStateNode, phase: string | null, rule: string | null): void => {
    const m = metaOf(n);
    const here = m.phase ?? phase;
    const r = m.rule ?? rule;
    const where = n.path.length === 0 ? '(root)' : n.path.join('.');
    if (m.phase !== undefined && typeof m.phase !== 'string')
      problems.push(`${where}: meta.phase must be a string`);
    if (m.rule !== undefined && typeof m.rule !== 'string')
      problems.push(`${where}: meta.rule must be a string`);
    const kids = children(n).filter((c) => c.type !== 'history');
    if (kids.length === 0 && n.path.length > 0) {
      if (here === null) problems.push(`${where}: no meta.phase on the node or an ancestor`);
      if (r === null) problems.push(`${where}: no meta.rule on the node or an ancestor`);
    }
    for (const [event, ts] of n.transitions)
      for (const t of ts)
        if (t.target && t.target.length > 0 && ruleOfTransition(t) === null && !event.startsWith('xstate.'))
          problems.push(
            `${where} --${event}--> ${t.target.map((x) => x.path.join('.')).join(',')}: no meta.rule (or guard params.rule)`,
          );
    for (const c of kids) walk(c, here, r);
  };
  walk(machine.root, null, null);
  const seen = new Map<string, string>();
  for (const l of machineLocations(machine)) {
    const k = `${l.phase}/${l.step ?? ''}`;
    if (seen.has(k))
      problems.push(`${l.path}: same phase/step (${k}) as ${seen.get(k)}; positions must be unique`);
    else seen.set(k, l.path);
  }
  return problems;
}

/**
 * The machine part of rules coverage: one entry per state node that names a rule, titled by its description.
 * `tests` are the files that exercise the machine (e.g. the game's machine test and conformance suite).
 */
export function machineRulesCoverage(machine: AnyStateMachine, tests: string[]): CoverageEntry[] {
  const out = new Map<string, CoverageEntry>();
  const walk = (n: AnyStateNode): void => {
    const m = metaOf(n);
    if (n.path.length > 0 && typeof m.rule === 'string' && !out.has(m.rule)) {
      const name =
        [m.phase, m.step].filter((x): x is string => typeof x === 'string' && x !== '').join(' / ') ||
        n.path.join('.');
      out.set(m.rule, {
        rule: m.rule,
        title: n.description ? `${name}: ${n.description}` : name,
        status: 'implemented',
        tests: [...tests],
      });
    }
    for (const c of children(n)) walk(c);
  };
  walk(machine.root);
  return [...out.values()];
}

/** One hand-written coverage entry; `reason` says why a rule is partial or not implemented. */
export function coverageEntry(
  rule: string,
  title: string,
  tests: string[],
  status: CoverageEntry['status'] = 'implemented',
  reason?: string,
): CoverageEntry {
  return reason ? { rule, title, status, tests, reason } : { rule, title, status, tests };
}

/** Coverage sections: the machine's generated entries, with hand-written entries replacing any of the same rule. */
export function mergeCoverage(
  generated: readonly CoverageEntry[],
  written: readonly CoverageEntry[],
): CoverageEntry[] {
  const own = new Set(written.map((e) => e.rule));
  return [...generated.filter((e) => !own.has(e.rule)), ...written];
}

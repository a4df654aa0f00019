// Read models the projector keeps, as pure per-match folds over the event log: `init` starts a match's
// document, `apply` folds one event into it (events arrive in seq order, each once). The projector stores the
// documents (packages/store read-models) and the HTTP routes serve them when they are complete. A new read
// model is one more entry in `readModels`.
import { MATCH_ENDED, type AnyGameModule, type EventEnvelope } from '@matchtape/engine';
import {
  packKnowledge,
  startKnowledge,
  stepKnowledge,
  unpackKnowledge,
  type KnowledgeFold,
  type PackedKnowledge,
} from './knowledge';
import { matchStats, type MatchStats } from './stats';
import { appendToTimeline, type TimelineIndex } from './timeline';

export interface ReadModelDefinition<D = unknown> {
  /** Lowercase name, used by `matchtape rebuild --projection NAME` and as the storage key. */
  readonly name: string;
  readonly description: string;
  init(matchId: string, game: AnyGameModule): D;
  /**
   * Set when the fold reads the game state: the projector then keeps each match's state (the judge truth) across
   * events and batches and passes the state after `event` to `apply`. Others get none (it costs an evolve per event).
   */
  readonly needsState?: true;
  /**
   * Built by the projector only when asked for (`MATCHTAPE_READ_MODELS`, `projector.models`): a model whose fold
   * costs enough per event that an event without judges should not pay it. `matchtape rebuild` builds it any time.
   */
  readonly optIn?: true;
  /** Pure: no I/O, no clock. May mutate and return `doc`. */
  apply(doc: D, event: EventEnvelope, game: AnyGameModule, state?: unknown): D;
}

/** Views a read model keeps per match: the judge truth and the public redaction (what most readers ask for). */
export const READ_MODEL_VIEWS = ['judge', 'public'] as const;
export type ReadModelView = (typeof READ_MODEL_VIEWS)[number];

/** Last event folded, so a reader can tell whether the document covers what it may see. */
interface Covered {
  lastSeq: number;
  lastAt: string | null;
}

export interface TimelineDoc extends Covered {
  views: Record<ReadModelView, TimelineIndex>;
}

export interface StatsDoc extends Covered {
  views: Record<ReadModelView, MatchStats>;
  /** The command whose events came last (a command's events are contiguous, so distinct commands are runs). */
  lastCommand: string | null;
}

export interface MatchListDoc extends Covered {
  game: string;
  turn: number;
  phase: string;
  step: string | null;
  ended: boolean;
  winner: string | null;
  result: string | null;
  events: number;
}

const viewOf = (game: AnyGameModule, e: EventEnvelope, v: ReadModelView): EventEnvelope =>
  v === 'judge' ? e : (game.viewEvent(e, v) as EventEnvelope);

export const timelineReadModel: ReadModelDefinition<TimelineDoc> = {
  name: 'timeline',
  description:
    'timeline index (turns, phases, steps, attacks, key moments) per match, judge and public views',
  init: (_id, game) => ({
    lastSeq: 0,
    lastAt: null,
    views: {
      judge: { game: game.id, lastSeq: 0, turns: [], phases: [], steps: [], attacks: [], keyMoments: [] },
      public: { game: game.id, lastSeq: 0, turns: [], phases: [], steps: [], attacks: [], keyMoments: [] },
    },
  }),
  apply(doc, e, game) {
    for (const v of READ_MODEL_VIEWS) appendToTimeline(game, doc.views[v], viewOf(game, e, v));
    doc.lastSeq = e.seq;
    doc.lastAt = e.at;
    return doc;
  },
};

const emptyStats = (): MatchStats => ({
  events: 0,
  eventsByType: {},
  cardsPlayedBy: {},
  damageDealtBy: {},
  damageTakenBy: {},
  commandsBy: {},
});

function addInto(total: MatchStats, one: MatchStats, countCommands: boolean): void {
  total.events += one.events;
  for (const k of [
    'eventsByType',
    'cardsPlayedBy',
    'damageDealtBy',
    'damageTakenBy',
    ...(countCommands ? (['commandsBy'] as const) : []),
  ] as const) {
    for (const [who, n] of Object.entries(one[k])) total[k][who] = (total[k][who] ?? 0) + n;
  }
}

export const statsReadModel: ReadModelDefinition<StatsDoc> = {
  name: 'stats',
  description:
    'match statistics (events by type, cards played, damage, commands) per match, judge and public views',
  init: () => ({
    lastSeq: 0,
    lastAt: null,
    lastCommand: null,
    views: { judge: emptyStats(), public: emptyStats() },
  }),
  apply(doc, e, game) {
    // matchStats of one event, added up; a command counts once, at the first event of its run.
    // JSON text, not a NUL-joined key: jsonb cannot hold U+0000.
    const cmd =
      'commandId' in e.cause && 'player' in e.cause
        ? JSON.stringify([e.cause.player, e.cause.commandId])
        : null;
    const newCommand = cmd !== null && cmd !== doc.lastCommand;
    for (const v of READ_MODEL_VIEWS) addInto(doc.views[v], matchStats([viewOf(game, e, v)]), newCommand);
    if (cmd !== null) doc.lastCommand = cmd;
    doc.lastSeq = e.seq;
    doc.lastAt = e.at;
    return doc;
  },
};

export const matchListReadModel: ReadModelDefinition<MatchListDoc> = {
  name: 'match-list',
  description: 'one row per match for lists: position (turn, phase, step), ended, winner, last seq and time',
  init: (_id, game) => ({
    game: game.id,
    lastSeq: 0,
    lastAt: null,
    turn: 0,
    phase: '',
    step: null,
    ended: false,
    winner: null,
    result: null,
    events: 0,
  }),
  apply(doc, e) {
    doc.turn = e.turn;
    doc.phase = e.phase;
    doc.step = e.step;
    doc.events += 1;
    if (e.type === MATCH_ENDED) {
      doc.ended = true;
      const p = e.payload as { winner?: unknown; result?: unknown };
      doc.winner = typeof p.winner === 'string' ? p.winner : null;
      doc.result = typeof p.result === 'string' ? p.result : null;
    }
    doc.lastSeq = e.seq;
    doc.lastAt = e.at;
    return doc;
  },
};

/** Knowledge checkpoints of one match: the fold's memory every `every` events, and at the last event to go on from. */
export interface KnowledgeDoc extends Covered {
  game: string;
  every: number;
  /** At seqs every, 2·every, … (not the game state: a reader folds the events to the checkpoint for it). */
  checkpoints: PackedKnowledge[];
  /** At lastSeq: where the next batch continues. */
  current: PackedKnowledge;
}

/** Events between knowledge checkpoints: a query folds at most this many views past its checkpoint. */
export const KNOWLEDGE_EVERY = 200;

// The unpacked fold behind the `current` this model last wrote, so within a batch (the projector passes the same
// document on) only the first event unpacks. Keyed by that packed object: a document loaded or changed elsewhere
// misses and unpacks. `current` is still repacked each event, as any event may end a batch.
const unpacked = new WeakMap<PackedKnowledge, KnowledgeFold>();

export const knowledgeReadModel: ReadModelDefinition<KnowledgeDoc> = {
  name: 'knowledge',
  description: `who knew what: each player's card memory every ${KNOWLEDGE_EVERY} events per match, for the judges' knowledge route and case file`,
  init: (_id, game) => ({
    game: game.id,
    lastSeq: 0,
    lastAt: null,
    every: KNOWLEDGE_EVERY,
    checkpoints: [],
    current: packKnowledge(startKnowledge()),
  }),
  needsState: true,
  // An evolve and a view per seat per event (0.2–0.7 ms): on for events where judges review disputes.
  optIn: true,
  apply(doc, e, game, state) {
    if (state === undefined)
      throw new TypeError(
        'the knowledge read model folds the game state: the projector must pass it (needsState)',
      );
    const fold = unpacked.get(doc.current) ?? unpackKnowledge(game, doc.current);
    stepKnowledge(fold, game, state, e);
    doc.current = packKnowledge(fold);
    if (fold.seq % doc.every === 0) doc.checkpoints.push(doc.current);
    unpacked.set(doc.current, fold);
    doc.lastSeq = e.seq;
    doc.lastAt = e.at;
    return doc;
  },
};

/** The latest fold of a knowledge document at or before `seq` (a checkpoint, or the current one), or null. */
export function knowledgeCheckpoint<C extends { seq: number }>(
  doc: { checkpoints: readonly C[]; current: C },
  seq: number,
): C | null {
  let best: C | null = null;
  for (const c of [...doc.checkpoints, doc.current])
    if (c.seq <= seq && c.seq > 0 && (best === null || c.seq > best.seq)) best = c;
  return best;
}

const registry = new Map<string, ReadModelDefinition>();

/** Adds a read model the projector builds and `matchtape rebuild --projection NAME` knows. */
export function registerReadModel<D>(def: ReadModelDefinition<D>): void {
  if (registry.has(def.name)) throw new Error(`a read model named ${def.name} is already registered`);
  registry.set(def.name, def as ReadModelDefinition);
}

/** The registered read models, in registration order. */
export function readModels(): ReadModelDefinition[] {
  return [...registry.values()];
}

/** What the projector builds unless told otherwise: every registered model that is not opt-in. */
export function defaultReadModels(): ReadModelDefinition[] {
  return readModels().filter((m) => !m.optIn);
}

export function readModel(name: string): ReadModelDefinition {
  const def = registry.get(name);
  if (!def) throw new Error(`no read model named "${name}"; read models: ${[...registry.keys()].join(', ')}`);
  return def;
}

registerReadModel(matchListReadModel);
registerReadModel(timelineReadModel);
registerReadModel(statsReadModel);
registerReadModel(knowledgeReadModel);

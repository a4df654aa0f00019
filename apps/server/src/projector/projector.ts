// The projector: folds the event log (store.readAll, commit order) into read-model documents, batch by batch,
// each batch committed with its generation's checkpoint. It only reads events and writes read-model tables:
// it publishes nothing and sends no NOTIFY, so a rebuild from zero has no side effects.
//   - `buildGeneration` runs one generation until it has caught up with the log (a rebuild, or the first build);
//   - `Projector` (the `projector` role) keeps every registered read model's live generation caught up, and
//     builds and promotes a first generation for a read model that has none.
import { MATCH_ENDED, type AnyGameModule, type EventEnvelope } from '@matchtape/engine';
import { defaultReadModels, type ReadModelDefinition } from '@matchtape/projections';
import {
  beginGeneration,
  countEventsAfter,
  generationStatus,
  loadDocs,
  promoteGeneration,
  readModelGenerations,
  saveBatch,
  StaleGenerationError,
  type EventStore,
  type GenerationInfo,
  type ReadModelDoc,
  type StoredEvent,
} from '@matchtape/store';
import type { GameRegistry } from '../games';

export interface BuildProgress {
  name: string;
  generation: number;
  position: number;
  /** Events folded by this run (not counting what a resumed generation had before). */
  events: number;
  /** Events folded into the generation altogether. */
  total: number;
  seconds: number;
  eventsPerSecond: number;
}

export interface BuildOptions {
  /** Events per batch (one transaction each). Default 500 (REBUILD_BATCH for rebuildReadModel). */
  batchSize?: number;
  /** Called between batches and awaited: the next batch waits for it (a test reads the models half-built). */
  onProgress?: (p: BuildProgress) => void | Promise<void>;
  /** Stops after the current batch. */
  signal?: AbortSignal;
  /** Game states kept between calls, for read models that need them (a fresh cache per call otherwise). */
  states?: GameStates;
}

/** The game of each match, read once (a match's game never changes). */
class Games {
  private byMatch = new Map<string, AnyGameModule | null>();
  constructor(
    private readonly store: EventStore,
    private readonly games: GameRegistry,
  ) {}
  /** Looks up the matches not yet known all at once (one round trip each, concurrently, not one after another). */
  async preload(matchIds: Iterable<string>): Promise<void> {
    await Promise.all([...matchIds].filter((id) => !this.byMatch.has(id)).map((id) => this.of(id)));
  }
  async of(matchId: string): Promise<AnyGameModule | null> {
    if (this.byMatch.has(matchId)) return this.byMatch.get(matchId)!;
    const rec = await this.store.getMatch(matchId);
    let game: AnyGameModule | null = null;
    if (rec) {
      try {
        game = this.games.get(rec.game);
      } catch {
        game = null; // a game this build does not have: its matches get no documents
      }
    }
    if (this.byMatch.size > 10_000) this.byMatch.clear();
    this.byMatch.set(matchId, game);
    return game;
  }
}

/**
 * Game states of matches a state-reading read model (knowledge) is folding, kept between batches and ticks so
 * each event is evolved once. A miss (a restart, another writer moved the match on, an evicted match) folds the
 * match's events up to the seq asked. Ended matches are dropped; the count is capped.
 */
export class GameStates {
  private byMatch = new Map<string, { seq: number; state: unknown }>();
  constructor(
    private readonly store: EventStore,
    private readonly max = 256,
  ) {}
  /** The state after event `seq` of the match. */
  async at(matchId: string, game: AnyGameModule, seq: number): Promise<unknown> {
    const kept = this.byMatch.get(matchId);
    if (kept && kept.seq === seq) return kept.state;
    let state: unknown = game.initial();
    if (seq > 0)
      for (const e of await this.store.readStream(matchId, { to: seq })) state = game.evolve(state, e);
    return state;
  }
  keep(matchId: string, seq: number, state: unknown, ended: boolean): void {
    this.byMatch.delete(matchId); // re-inserted last: the oldest-touched match is evicted first
    if (ended) return;
    if (this.byMatch.size >= this.max) this.byMatch.delete(this.byMatch.keys().next().value!);
    this.byMatch.set(matchId, { seq, state });
  }
}

/**
 * Folds one batch of events into generation `gen`: the documents to write and the position they bring it to.
 * Events a document already has (seq ≤ its lastSeq) are skipped. `writing` is the previous batch's write, still
 * in flight: documents not carried from it are read from the table only once it has committed.
 */
async function foldBatch(
  store: EventStore,
  def: ReadModelDefinition,
  gen: GenerationInfo,
  batch: StoredEvent[],
  games: Games,
  states: GameStates,
  carried: CarriedDocs,
  writing: Promise<void> | null,
): Promise<{ docs: ReadModelDoc[]; to: number }> {
  const byMatch = new Map<string, EventEnvelope[]>();
  for (const e of batch) {
    let list = byMatch.get(e.matchId);
    if (!list) byMatch.set(e.matchId, (list = []));
    list.push(e);
  }
  // Documents this build wrote in its earlier batches are what the table holds (each batch's write is guarded by
  // the checkpoint it started from), so only the others are read.
  const unknown = [...byMatch.keys()].filter((id) => !carried.has(id));
  // Its failure is the build's, reported where it is awaited (settle): here it only has to be over.
  if (writing && unknown.length > 0) await writing.catch(() => undefined);
  const [existing] = await Promise.all([
    loadDocs(store, def.name, gen.generation, unknown),
    games.preload(byMatch.keys()),
  ]);
  for (const id of byMatch.keys()) {
    const c = carried.get(id);
    if (c) existing.set(id, c);
  }
  const docs: ReadModelDoc[] = [];
  for (const [matchId, events] of byMatch) {
    const game = await games.of(matchId);
    if (!game) continue;
    const prior = existing.get(matchId);
    let doc = prior ? prior.doc : def.init(matchId, game);
    let lastSeq = prior?.lastSeq ?? 0;
    let state: unknown = def.needsState ? await states.at(matchId, game, lastSeq) : undefined;
    let ended = false;
    for (const e of events.sort((a, b) => a.seq - b.seq)) {
      if (e.seq <= lastSeq) continue;
      if (e.seq !== lastSeq + 1) {
        // A writer that loaded its generation before a rebuild switched it out finds that generation's documents
        // deleted (retired, then dropped): not a gap in the log, just a stale writer. Docs are only dropped after
        // their generation is retired, so a generation still live or building here had them all when loaded.
        const status = await generationStatus(store, def.name, gen.generation);
        if (status !== 'live' && status !== 'building')
          throw new StaleGenerationError(
            `read model ${def.name} generation ${gen.generation} was retired while this batch was folded; reload it`,
          );
        throw new Error(
          `read model ${def.name}: match ${matchId} jumps from seq ${lastSeq} to ${e.seq}; the log is not gap-free or the checkpoint is wrong`,
        );
      }
      if (def.needsState) state = game.evolve(state, e);
      doc = def.apply(doc, e, game, state);
      lastSeq = e.seq;
      ended ||= e.type === MATCH_ENDED;
    }
    if (def.needsState) states.keep(matchId, lastSeq, state, ended);
    docs.push({ matchId, lastSeq, doc });
  }
  // Carried at once: the next batch is folded while this one is written.
  for (const d of docs) carried.keep(d);
  return { docs, to: batch[batch.length - 1]!.position };
}

/** The documents one build wrote last, by match (the most recently written kept, up to `max`). */
class CarriedDocs {
  private readonly byMatch = new Map<string, ReadModelDoc>();
  constructor(private readonly max = 1_000) {}
  has(matchId: string): boolean {
    return this.byMatch.has(matchId);
  }
  get(matchId: string): ReadModelDoc | undefined {
    return this.byMatch.get(matchId);
  }
  keep(d: ReadModelDoc): void {
    this.byMatch.delete(d.matchId);
    if (this.byMatch.size >= this.max) this.byMatch.delete(this.byMatch.keys().next().value!);
    this.byMatch.set(d.matchId, d);
  }
}

/** Runs generation `gen` until readAll has nothing more (caught up); returns it at its final position. */
export async function buildGeneration(
  store: EventStore,
  games: GameRegistry,
  def: ReadModelDefinition,
  gen: GenerationInfo,
  opts: BuildOptions = {},
): Promise<GenerationInfo> {
  const batchSize = opts.batchSize ?? 500;
  const g = new Games(store, games);
  const states = opts.states ?? new GameStates(store);
  const carried = new CarriedDocs();
  const t0 = performance.now();
  let events = 0;
  let current = { ...gen };
  const read = (after: number): Promise<StoredEvent[]> => {
    const page = store.readAll({ after, limit: batchSize });
    page.catch(() => undefined); // awaited below; a build that stops first must not leave it unhandled
    return page;
  };
  // The next page is read while this one is folded and written: reading is most of a rebuild's wait on
  // Postgres, and it needs nothing from the write (readAll's cursor is the position, not the checkpoint).
  let next = read(current.position);
  // The write of a batch runs while the next one is folded; one write at a time, each from the checkpoint the
  // one before it left. saveBatch serialises the documents when called, so folding on into them is safe.
  let writing: { done: Promise<void>; count: number; position: number } | null = null;
  const settle = async (): Promise<void> => {
    if (!writing) return;
    const w = writing;
    writing = null;
    await w.done;
    events += w.count;
    current = { ...current, position: w.position, events: current.events + w.count };
    const seconds = (performance.now() - t0) / 1000;
    await opts.onProgress?.({
      name: def.name,
      generation: current.generation,
      position: w.position,
      events,
      total: current.events,
      seconds,
      eventsPerSecond: seconds > 0 ? events / seconds : 0,
    });
  };
  try {
    for (;;) {
      if (opts.signal?.aborted) break;
      const batch = await next;
      if (batch.length === 0) break;
      next = read(batch[batch.length - 1]!.position);
      const folded = await foldBatch(store, def, current, batch, g, states, carried, writing?.done ?? null);
      await settle();
      if (opts.signal?.aborted) break;
      const done = saveBatch(store, current, current.position, folded.to, batch.length, folded.docs);
      done.catch(() => undefined); // awaited in settle
      writing = { done, count: batch.length, position: folded.to };
    }
  } finally {
    // A build that fails still waits for its last write, so nothing of it runs on after it returns.
    if (writing) await (writing as { done: Promise<void> }).done.catch(() => undefined);
  }
  await settle();
  return current;
}

/** Events per batch of a rebuild (readAll's page limit is 10,000). */
export const REBUILD_BATCH = 5_000;

export interface RebuildResult {
  name: string;
  generation: number;
  /** The generation it replaced (now retired and deleted), or null. */
  replaced: number | null;
  /** True when an unfinished build of an earlier run was continued from its checkpoint. */
  resumed: boolean;
  events: number;
  total: number;
  seconds: number;
  eventsPerSecond: number;
}

/**
 * Rebuilds a read model from zero into a new generation while the live one keeps serving, then switches
 * atomically. An unfinished build left by a killed run is continued from its checkpoint (`fresh` discards it).
 */
export async function rebuildReadModel(
  store: EventStore,
  games: GameRegistry,
  def: ReadModelDefinition,
  opts: BuildOptions & { fresh?: boolean } = {},
): Promise<RebuildResult> {
  const t0 = performance.now();
  const gens = await readModelGenerations(store, def.name);
  const live = gens.find((g) => g.status === 'live') ?? null;
  let building =
    gens.find((g) => g.status === 'building' && (live === null || g.generation > live.generation)) ?? null;
  if (building && opts.fresh) building = null;
  const resumed = building !== null;
  const startEvents = building?.events ?? 0;
  const gen = building ?? (await beginGeneration(store, def.name));
  // A rebuild reads the whole log: bigger batches mean fewer round trips and each document written fewer times.
  const run = {
    ...opts,
    batchSize: opts.batchSize ?? REBUILD_BATCH,
    states: opts.states ?? new GameStates(store),
  };
  let done = await buildGeneration(store, games, def, gen, run);
  if (opts.signal?.aborted)
    throw new Error(
      `rebuild of ${def.name} stopped at position ${done.position}; run it again to continue from there`,
    );
  // Whatever committed while the build ran is folded in before the switch.
  done = await buildGeneration(store, games, def, done, { ...run, onProgress: undefined });
  const { retired } = await promoteGeneration(store, def.name, done.generation);
  const seconds = (performance.now() - t0) / 1000;
  const events = done.events - startEvents;
  return {
    name: def.name,
    generation: done.generation,
    replaced: retired,
    resumed,
    events,
    total: done.events,
    seconds,
    eventsPerSecond: seconds > 0 ? events / seconds : 0,
  };
}

export interface ProjectorOptions {
  pollMs?: number;
  batchSize?: number;
  /** Read models to keep (default: every registered one that is not opt-in). */
  models?: readonly ReadModelDefinition[];
  onError?: (name: string, err: unknown) => void;
}

export interface ProjectorStatus {
  name: string;
  generation: number | null;
  status: 'building' | 'live' | 'none';
  position: number;
  /** Committed events not yet folded in (capped count), or null when unknown. */
  backlog: number | null;
  error: string | null;
}

/** The projector role: keeps every read model's live generation caught up with the log. */
export class Projector {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;
  private readonly errors = new Map<string, string | null>();
  private readonly models: readonly ReadModelDefinition[];
  /** Per read model: its generations fold each match at their own pace. */
  private readonly states = new Map<string, GameStates>();

  constructor(
    private readonly store: EventStore,
    private readonly games: GameRegistry,
    private readonly opts: ProjectorOptions = {},
  ) {
    this.models = opts.models ?? defaultReadModels();
  }

  start(): void {
    const loop = async (): Promise<void> => {
      if (this.stopped) return;
      this.running = this.tick();
      await this.running;
      if (!this.stopped) this.timer = setTimeout(() => void loop(), this.opts.pollMs ?? 1000);
    };
    void loop();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  /** One pass over every read model: catch the live generation up, or build and promote a first one. */
  async tick(): Promise<void> {
    for (const def of this.models) {
      if (this.stopped) return;
      try {
        const gens = await readModelGenerations(this.store, def.name);
        const live = gens.find((g) => g.status === 'live');
        // With a live generation, a build in progress beside it is a `matchtape rebuild` (running, or killed and
        // waiting to be run again): left to it. Without one, the first build is ours (continued if it was cut short).
        let states = this.states.get(def.name);
        if (!states && def.needsState) this.states.set(def.name, (states = new GameStates(this.store)));
        const opts = { batchSize: this.opts.batchSize ?? 500, ...(states ? { states } : {}) };
        if (live) await buildGeneration(this.store, this.games, def, live, opts);
        else await rebuildReadModel(this.store, this.games, def, opts);
        this.errors.set(def.name, null);
      } catch (err) {
        if (err instanceof StaleGenerationError) continue; // another projector or a switch moved it: next tick reloads
        // Reported once per new error, not on every retry.
        const message = (err as Error).message;
        if (this.errors.get(def.name) !== message) this.opts.onError?.(def.name, err);
        this.errors.set(def.name, message);
      }
    }
  }

  async status(): Promise<ProjectorStatus[]> {
    const out: ProjectorStatus[] = [];
    for (const def of this.models) {
      const gens = await readModelGenerations(this.store, def.name);
      const g = gens[0];
      const position = g?.position ?? 0;
      out.push({
        name: def.name,
        generation: g?.generation ?? null,
        status: g?.status === 'live' || g?.status === 'building' ? g.status : 'none',
        position,
        backlog: await countEventsAfter(this.store, position),
        error: this.errors.get(def.name) ?? null,
      });
    }
    return out;
  }
}

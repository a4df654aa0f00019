// The engine host: runs matches through their game module and the event store. Any instance can serve any
// match: state is cached per match per instance, but every command first catches up with the stream's tail,
// appends with optimistic concurrency (expectedSeq) and on a ConcurrencyError reloads and decides again.
import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import {
  canonicalJson,
  MatchSession,
  type AnyGameModule,
  type Command,
  type DeckList,
  type DraftEvent,
  type EventEnvelope,
  type MatchConfig,
  type PlayerId,
  type Proposal,
  type RoundTimeEnd,
  ROUND_TIME_CALLED,
  roundTimeCalledDraft,
  roundTimeEndDrafts,
} from '@matchtape/engine';
import { summarize, type MatchSummary } from '@matchtape/projections';
import { ConcurrencyError, nodeSealHashes, type EventStore, type MatchRecord } from '@matchtape/store';
import type { GameRegistry } from '../games';

/** A command as a seat sends it: the player comes from the seat token. */
export interface CommandBody {
  type: string;
  commandId: string;
  [arg: string]: unknown;
}

export type RevealPolicy = 'hidden' | 'reveal-all';

/** What the server keeps in MatchRecord.config (judges and hosts only). */
export interface HostedMatchConfig {
  matchConfig: MatchConfig;
  /** Seats played by a bot of the game, by bot kind. */
  bots: Partial<Record<PlayerId, 'random' | 'greedy'>>;
  /** After the match ends (and the spectator delay has passed its last event): may everyone see everything? */
  revealPolicy: RevealPolicy;
  [k: string]: unknown;
}

export interface CreateMatchInput {
  game: string;
  players: { name: string; deck: DeckList; bot?: 'random' | 'greedy' | null }[];
  spectatorDelaySeconds: number;
  coverageDelaySeconds: number;
  revealPolicy: RevealPolicy;
  matchId?: string;
  /** More hosted configuration kept with the match (a player table's clock, practice…). */
  extra?: Record<string, unknown>;
  /** The game's match options (MatchConfig.options), e.g. a tournament game's `firstPlayer`. */
  options?: Record<string, unknown>;
}

export type CommandOutcome =
  | { status: 'stale'; commandId: string; player: string; lastSeq: number }
  | {
      status: 'accepted';
      commandId: string;
      player: string;
      fromSeq: number;
      toSeq: number;
      events: { seq: number; type: string }[];
      replayed: boolean;
    }
  | {
      status: 'rejected';
      commandId: string;
      player: string;
      rule: string;
      reason: string;
      replayed: boolean;
    };

export class HostError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

interface Loaded {
  record: MatchRecord;
  hosted: HostedMatchConfig;
  game: AnyGameModule;
  /** The match in the one command loop: state, seq, hash and generator cursor after the last event. */
  session: MatchSession;
  /** Accepted commands: `${player}\0${commandId}` → seq range, for the events this instance read or wrote. */
  accepted: Map<string, { fromSeq: number; toSeq: number; events: { seq: number; type: string }[] }>;
  /** Rejected commands already recorded: same key → rule, reason and the command's body (see `bodyOf`). */
  rejected: Map<string, { rule: string; reason: string; body?: string }>;
  /** Bodies of accepted commands (the stream keeps only their ids; the store's command bodies have the rest). */
  bodies: Map<string, string>;
  /** Key of the command whose append the last indexed event belongs to. */
  lastCommand: string | null;
  /** Events up to this seq were not read (the match was loaded from a snapshot): look their commands up in the store. */
  indexedAfter: number;
  /** When this instance last wrote the list summary. */
  summaryWrittenAt: number;
  /** A tournament game's round time, once its stream has RoundTimeCalled (turnAtTime: that event's turn). */
  roundTime: RoundTimeEnd | null;
}

/** The round's time as a tournament game's stream recorded it (MTR 2.5: the turn in progress is "turn 0"). */
function roundTimeOf(e: EventEnvelope): RoundTimeEnd {
  const p = e.payload as { eventId: string; round: number; extraTurns: number };
  return { eventId: p.eventId, round: p.round, extraTurns: p.extraTurns, turnAtTime: e.turn };
}

/**
 * Indexes an event under the command that appended it. Every append after setup comes from one command, so
 * the automatic (system) events that follow a command's own events belong to that command's outcome.
 */
function index(m: Loaded, e: EventEnvelope): void {
  if (e.type === ROUND_TIME_CALLED) m.roundTime = roundTimeOf(e);
  const k = 'commandId' in e.cause ? key(e.cause.player, e.cause.commandId) : m.lastCommand;
  if (k === null) return;
  m.lastCommand = k;
  const prior = m.accepted.get(k);
  if (prior) {
    prior.toSeq = e.seq;
    prior.events.push({ seq: e.seq, type: e.type });
  } else m.accepted.set(k, { fromSeq: e.seq, toSeq: e.seq, events: [{ seq: e.seq, type: e.type }] });
}

export interface HostOptions {
  /** Snapshot every K events. */
  snapshotEvery?: number;
  /** Bounded re-decides on ConcurrencyError. */
  maxRetries?: number;
  now?: () => Date;
  /** Called after each successful append with its duration (metrics). */
  onAppend?: (seconds: number, events: number) => void;
  /**
   * Matches whose state stays cached (least recently used first out): a long-running instance serves many more
   * matches than it holds. Default 256.
   */
  maxCachedMatches?: number;
}

export interface HostEvents {
  appended: [matchId: string, events: EventEnvelope[]];
  created: [matchId: string];
}

const key = (player: string, commandId: string): string => `${player}\u0000${commandId}`;

export function parseHostedConfig(record: MatchRecord): HostedMatchConfig {
  const c = record.config as Partial<HostedMatchConfig>;
  if (!c.matchConfig)
    throw new HostError(500, 'corrupt_match', `match ${record.matchId} has no stored configuration`);
  return { ...c, matchConfig: c.matchConfig, bots: c.bots ?? {}, revealPolicy: c.revealPolicy ?? 'hidden' };
}

export class EngineHost extends EventEmitter<HostEvents> {
  private cache = new Map<string, Loaded>();
  /** One command at a time per match in this instance (other instances are kept out by expectedSeq). */
  private locks = new Map<string, Promise<unknown>>();
  readonly snapshotEvery: number;
  private readonly maxRetries: number;
  private readonly now: () => Date;
  private readonly onAppend: ((seconds: number, events: number) => void) | undefined;
  private readonly maxCached: number;

  constructor(
    readonly store: EventStore,
    readonly games: GameRegistry,
    opts: HostOptions = {},
  ) {
    super();
    this.snapshotEvery = opts.snapshotEvery ?? 50;
    this.maxRetries = opts.maxRetries ?? 8;
    this.now = opts.now ?? (() => new Date());
    this.onAppend = opts.onAppend;
    this.maxCached = opts.maxCachedMatches ?? 256;
  }

  async createMatch(input: CreateMatchInput): Promise<{ matchId: string; record: MatchRecord }> {
    const game = this.game(input.game);
    if (input.players.length < 2)
      throw new HostError(400, 'bad_request', `${game.id} needs at least two players`);
    const matchId = input.matchId ?? `m_${randomBytes(9).toString('base64url')}`;
    const seed = randomBytes(32).toString('hex');
    const matchConfig: MatchConfig = {
      matchId,
      players: input.players.map((p, i) => ({ id: `p${i + 1}` as PlayerId, name: p.name, deck: p.deck })),
      ...(input.options ? { options: input.options } : {}),
    };
    const bots: HostedMatchConfig['bots'] = {};
    input.players.forEach((p, i) => {
      if (p.bot) bots[`p${i + 1}` as PlayerId] = p.bot;
    });
    const at = this.now().toISOString();
    // Native hashes for sealing (seal.ts): byte-identical to the engine's pure-JS ones, several times faster.
    const started = MatchSession.start(
      game,
      matchConfig,
      { seed, at },
      { keepEvents: false, sealHashes: nodeSealHashes },
    );
    if (!started.ok)
      throw new HostError(
        422,
        'setup_rejected',
        `the game refused this setup (rule ${started.rule}): ${started.reason}`,
      );
    const state = started.session.state;
    const hosted: HostedMatchConfig = { ...input.extra, matchConfig, bots, revealPolicy: input.revealPolicy };
    const summary = summarize(game, matchId, playersOf(hosted), state, { seq: started.events.length, at });
    await this.store.createMatch({
      matchId,
      game: game.id,
      status: game.status(state).status,
      config: hosted as unknown as Record<string, unknown>,
      seed,
      spectatorDelaySeconds: input.spectatorDelaySeconds,
      coverageDelaySeconds: input.coverageDelaySeconds,
      summary: summary as unknown as Record<string, unknown>,
    });
    const appended = await this.store.appendToStream(matchId, 0, started.stamped, {
      sealer: started.session.sealer,
      fromEngine: true,
    });
    await this.store.saveSnapshot({
      matchId,
      seq: appended.length,
      state,
      hash: appended[appended.length - 1]!.hash,
      cursor: started.session.cursor,
    });
    const record = (await this.store.getMatch(matchId))!;
    this.emit('created', matchId);
    this.emit('appended', matchId, appended);
    return { matchId, record };
  }

  /** The game module, or a 404 naming the implemented games. */
  game(id: string): AnyGameModule {
    try {
      return this.games.get(id);
    } catch (err) {
      throw new HostError(404, 'unknown_game', (err as Error).message);
    }
  }

  /** Drops the cached state of a match (tests, memory pressure). */
  forget(matchId: string): void {
    this.cache.delete(matchId);
  }

  /** Current state (judge truth) of a match, caught up with the store. */
  async current(matchId: string): Promise<{
    game: AnyGameModule;
    state: unknown;
    lastSeq: number;
    record: MatchRecord;
    hosted: HostedMatchConfig;
  }> {
    const m = await this.catchUp(matchId);
    return {
      game: m.game,
      state: m.session.state,
      lastSeq: m.session.lastSeq,
      record: m.record,
      hosted: m.hosted,
    };
  }

  /** Runs a command for `player` (from the seat token). Idempotent by (player, commandId). */
  submit(
    matchId: string,
    player: PlayerId,
    command: CommandBody,
    opts: { ifLastSeq?: number } = {},
  ): Promise<CommandOutcome> {
    return this.serialised(matchId, () => this.submitNow(matchId, player, command, opts.ifLastSeq));
  }

  /** The cached state without a store round trip (bots decide on it and submit with `ifLastSeq`). */
  async peek(matchId: string): Promise<{
    game: AnyGameModule;
    state: unknown;
    lastSeq: number;
    record: MatchRecord;
    hosted: HostedMatchConfig;
  }> {
    const m = this.cache.get(matchId) ?? (await this.catchUp(matchId));
    return {
      game: m.game,
      state: m.session.state,
      lastSeq: m.session.lastSeq,
      record: m.record,
      hosted: m.hosted,
    };
  }

  private async submitNow(
    matchId: string,
    player: PlayerId,
    command: CommandBody,
    ifLastSeq?: number,
  ): Promise<CommandOutcome> {
    const k = key(player, command.commandId);
    for (let attempt = 0; ; attempt++) {
      // A bot's guarded submit skips the catch-up read: if another instance appended, the append fails with a
      // ConcurrencyError, the retry catches up and answers stale.
      const cached = attempt === 0 && ifLastSeq !== undefined ? this.cache.get(matchId) : undefined;
      const m = cached ?? (await this.catchUp(matchId));
      let prior = m.accepted.get(k);
      if (!prior && ifLastSeq === undefined && attempt === 0 && m.indexedAfter > 0) {
        // A retry of a command from before the snapshot this instance loaded from.
        const found = await this.store.findAccepted(matchId, player, command.commandId, m.indexedAfter);
        if (found) m.accepted.set(k, (prior = found));
      }
      if (prior) {
        sameBodyOrThrow(command, await this.firstBody(m, player, command.commandId));
        return { status: 'accepted', commandId: command.commandId, player, ...prior, replayed: true };
      }
      let priorRejection = m.rejected.get(k);
      if (!priorRejection && ifLastSeq === undefined && attempt === 0) {
        // Rejections are not events: one recorded by another instance is only in the store.
        const r = await this.store.findRejection(matchId, player, command.commandId);
        if (r)
          m.rejected.set(k, (priorRejection = { rule: r.rule, reason: r.reason, body: bodyOf(r.command) }));
      }
      if (priorRejection) {
        sameBodyOrThrow(command, priorRejection.body);
        return {
          status: 'rejected',
          commandId: command.commandId,
          player,
          rule: priorRejection.rule,
          reason: priorRejection.reason,
          replayed: true,
        };
      }
      // Decided on an older state (a bot): the caller decides again on the new one.
      if (ifLastSeq !== undefined && m.session.lastSeq !== ifLastSeq)
        return { status: 'stale', commandId: command.commandId, player, lastSeq: m.session.lastSeq };
      if (!m.hosted.matchConfig.players.some((p) => p.id === player))
        throw new HostError(403, 'not_a_seat', `${player} is not a seat of match ${matchId}`);

      const cmd: Command = { ...command, player };
      // Decide at the cursor and stamp; nothing changes until the append succeeds (then commit).
      const applied = m.session.propose(cmd, this.now().toISOString());
      if (!applied.ok) {
        await this.store.recordRejection({
          matchId,
          commandId: command.commandId,
          player,
          command: cmd as Record<string, unknown>,
          rule: applied.rule,
          reason: applied.reason,
          at: this.now().toISOString(),
        });
        m.rejected.set(k, { rule: applied.rule, reason: applied.reason, body: bodyOf(command) });
        return {
          status: 'rejected',
          commandId: command.commandId,
          player,
          rule: applied.rule,
          reason: applied.reason,
          replayed: false,
        };
      }
      // Past a tournament game's last extra turn the game ends instead, in this same append.
      const bounded = this.atRoundTime(m, applied);
      // Idempotency is read back from the stream: a command whose events are all automatic still marks
      // the first of them as its own (it did cause it), so a retry finds it.
      const events = bounded.events.some((e) => 'commandId' in e.cause)
        ? bounded.events
        : bounded.events.map((e, i) =>
            i === 0 ? { ...e, cause: { commandId: command.commandId, player } } : e,
          );
      if (events.length === 0)
        return {
          status: 'accepted',
          commandId: command.commandId,
          player,
          fromSeq: m.session.lastSeq + 1,
          toSeq: m.session.lastSeq,
          events: [],
          replayed: false,
        };
      try {
        // The body goes into the append's own transaction (bots' ids derive from the seq and never carry another body).
        const body = bodyOf(command);
        const t0 = performance.now();
        const appended = await this.store.appendToStream(matchId, m.session.lastSeq, events, {
          expectedHash: m.session.lastHash,
          sealer: m.session.sealer,
          fromEngine: true,
          ...(ifLastSeq === undefined ? { command: { player, commandId: command.commandId, body } } : {}),
        });
        this.onAppend?.((performance.now() - t0) / 1000, appended.length);
        const before = m.session.lastSeq;
        this.absorb(m, appended, bounded.state);
        m.bodies.set(k, body);
        const outcome = m.accepted.get(k) ?? {
          fromSeq: appended[0]!.seq,
          toSeq: appended[appended.length - 1]!.seq,
          events: appended.map((e) => ({ seq: e.seq, type: e.type })),
        };
        await this.afterAppend(m, before, appended);
        this.emit('appended', matchId, appended);
        return { status: 'accepted', commandId: command.commandId, player, ...outcome, replayed: false };
      } catch (err) {
        if (err instanceof ConcurrencyError && attempt < this.maxRetries) continue; // another instance appended: catch up and decide again
        if (err instanceof ConcurrencyError)
          throw new HostError(
            503,
            'busy',
            `match ${matchId} is changing too fast to apply this command; retry it with the same commandId`,
          );
        throw err;
      }
    }
  }

  /**
   * Appends events the host records itself, with a system cause (a clock that ran out, time a judge added).
   * `build` sees the caught-up state and answers the drafts, or null when there is nothing to record any more (the
   * match ended, another instance recorded it first): the decision is taken again after a concurrent append.
   */
  appendSystem(
    matchId: string,
    build: (
      state: unknown,
      game: AnyGameModule,
      lastSeq: number,
      known: { roundTime: RoundTimeEnd | null },
    ) => DraftEvent[] | null,
  ): Promise<EventEnvelope[]> {
    return this.serialised(matchId, async () => {
      for (let attempt = 0; ; attempt++) {
        const m = await this.catchUp(matchId);
        const drafts = m.session.ended
          ? null
          : build(m.session.state, m.game, m.session.lastSeq, { roundTime: m.roundTime });
        if (!drafts || drafts.length === 0) return [];
        const p = m.session.proposeSystem(drafts, this.now().toISOString());
        if (!p.ok) return [];
        try {
          const appended = await this.store.appendToStream(matchId, m.session.lastSeq, p.events, {
            expectedHash: m.session.lastHash,
            sealer: m.session.sealer,
            fromEngine: true,
          });
          const before = m.session.lastSeq;
          this.absorb(m, appended, p.state);
          await this.afterAppend(m, before, appended);
          this.emit('appended', matchId, appended);
          return appended;
        } catch (err) {
          if (err instanceof ConcurrencyError && attempt < this.maxRetries) continue;
          throw err;
        }
      }
    });
  }

  /**
   * Records on a tournament game's stream that its round's time was called (RoundTimeCalled, stamped with the turn
   * in progress), once: from then on every command is cut at the boundary after the last extra turn. Answers the
   * game's round time as recorded (by this call or an earlier one), or null when the match has ended.
   */
  async callRoundTime(matchId: string, x: Omit<RoundTimeEnd, 'turnAtTime'>): Promise<RoundTimeEnd | null> {
    await this.appendSystem(matchId, (_s, _g, _seq, known) =>
      known.roundTime ? null : [roundTimeCalledDraft(x)],
    );
    return (await this.catchUp(matchId)).roundTime;
  }

  /** The proposal, or for a tournament game whose round time was called, the proposal ended at its last turn. */
  private atRoundTime(m: Loaded, p: Proposal<unknown>): Proposal<unknown> {
    const t = m.roundTime;
    if (!t) return p;
    const seats = m.hosted.matchConfig.players.map((x) => x.id);
    const end = roundTimeEndDrafts(seats, t, m.game.endOnTimeFields?.bind(m.game));
    return m.session.endAtTurn(p, t.turnAtTime + t.extraTurns, end);
  }

  /** The body an accepted command was first sent with: known here, else recorded by the instance that accepted it. */
  private async firstBody(m: Loaded, player: PlayerId, commandId: string): Promise<string | undefined> {
    const k = key(player, commandId);
    let body = m.bodies.get(k);
    if (body === undefined) {
      body = (await this.store.commandBody(m.record.matchId, player, commandId)) ?? undefined;
      if (body !== undefined) m.bodies.set(k, body);
    }
    return body;
  }

  private async afterAppend(m: Loaded, before: number, appended: EventEnvelope[]): Promise<void> {
    const after = m.session.lastSeq;
    const state = m.session.state;
    if (
      Math.floor(after / this.snapshotEvery) > Math.floor(before / this.snapshotEvery) ||
      m.game.status(state).status === 'ended'
    )
      await this.store.saveSnapshot({
        matchId: m.record.matchId,
        seq: after,
        state,
        hash: appended[appended.length - 1]!.hash,
        cursor: m.session.cursor,
      });
    const summary = summarize(m.game, m.record.matchId, playersOf(m.hosted), state, {
      seq: after,
      at: m.session.lastAt ?? '',
    });
    const status = m.game.status(state).status;
    // The list summary changes with the position, not with every event: write it only then.
    const prev = m.record.summary as Partial<MatchSummary>;
    // …and at most once a second per match unless the status changes (lists may lag a second).
    const t = this.now().getTime();
    const moved =
      status !== m.record.status ||
      (t - m.summaryWrittenAt >= 1000 &&
        (prev.turn !== summary.turn ||
          prev.phase !== summary.phase ||
          prev.step !== summary.step ||
          prev.activePlayer !== summary.activePlayer ||
          prev.winner !== summary.winner));
    if (moved) {
      await this.store.updateMatch(m.record.matchId, {
        status,
        summary: summary as unknown as Record<string, unknown>,
      });
      m.summaryWrittenAt = t;
    }
    m.record = {
      ...m.record,
      status,
      summary: moved ? (summary as unknown as Record<string, unknown>) : m.record.summary,
      lastSeq: after,
    };
  }

  /** Folds events into the cached match and indexes them; `after` is the state they lead to when the caller has it. */
  private absorb(m: Loaded, events: readonly EventEnvelope[], after?: unknown): void {
    m.session.commit(events, after);
    for (const e of events) index(m, e);
  }

  /** Loads (snapshot + fold) or catches the cached match up with the stream's tail. */
  async catchUp(matchId: string): Promise<Loaded> {
    let m = this.cache.get(matchId);
    if (!m) {
      m = await this.load(matchId);
      this.cache.set(matchId, m);
      // Least recently loaded or used first out (a re-load costs a snapshot plus its tail).
      while (this.cache.size > this.maxCached) this.cache.delete(this.cache.keys().next().value!);
      return m;
    }
    this.cache.delete(matchId);
    this.cache.set(matchId, m);
    const tail = await this.store.readStream(matchId, { from: m.session.lastSeq + 1 });
    if (tail.length > 0) {
      this.absorb(m, tail);
      const rec = await this.store.getMatch(matchId);
      if (rec) m.record = rec;
    }
    return m;
  }

  private async load(matchId: string): Promise<Loaded> {
    const record = await this.store.getMatch(matchId);
    if (!record)
      throw new HostError(404, 'match_not_found', `no match ${matchId}; list matches with GET /api/matches`);
    const game = this.game(record.game);
    const hosted = parseHostedConfig(record);
    const match = { matchId, seed: record.seed };
    // A fork's MatchEnded withholds its seed: it opens the copied prefix, a live parent's hidden cards (judges/copy.ts
    // gives it once the parent's secrets are public).
    const withholdSeed = typeof hosted.forkOf === 'object' && hosted.forkOf !== null;
    const opts = { keepEvents: false, checkShape: true, sealHashes: nodeSealHashes, withholdSeed };
    // The latest snapshot (it keeps the generator cursor) plus the tail from the snapshot's own event. Commands
    // before it are looked up by id when a retry asks (store.findAccepted), not indexed here.
    const snap = await this.store.loadSnapshot(matchId);
    let session: MatchSession | null = null;
    let events: EventEnvelope[] = [];
    if (snap?.cursor !== undefined) {
      events = await this.store.readStream(matchId, { from: snap.seq });
      // A snapshot whose hash is not its event's is not trusted: the whole stream below decides.
      if (events[0]?.seq === snap.seq && events[0].hash === snap.hash)
        session = MatchSession.resume(game, { ...match, events, snapshot: snap }, opts);
    }
    if (!session) {
      events = await this.store.readStream(matchId);
      session = MatchSession.resume(game, { ...match, events, snapshot: snap }, opts);
    }
    const m: Loaded = {
      record,
      hosted,
      game,
      session,
      accepted: new Map(),
      rejected: new Map(),
      bodies: new Map(),
      lastCommand: null,
      indexedAfter: (events[0]?.seq ?? 1) - 1,
      summaryWrittenAt: 0,
      roundTime: null,
    };
    for (const e of events) index(m, e);
    // A tournament game's round time may be recorded before the snapshot it was loaded from: look for it there.
    if (m.indexedAfter > 0 && 'tournament' in hosted && !m.session.ended)
      for (const e of await this.store.readStream(matchId, { to: m.indexedAfter }))
        if (e.type === ROUND_TIME_CALLED) m.roundTime = roundTimeOf(e);
    for (const r of await this.store.listRejections(matchId))
      if (r.commandId)
        m.rejected.set(key(r.player, r.commandId), {
          rule: r.rule,
          reason: r.reason,
          body: bodyOf(r.command),
        });
    return m;
  }

  private async serialised<T>(matchId: string, fn: () => Promise<T>): Promise<T> {
    const prev = this.locks.get(matchId) ?? Promise.resolve();
    const run = prev.then(fn, fn);
    const tail = run.catch(() => undefined);
    this.locks.set(matchId, tail);
    try {
      return await run;
    } finally {
      if (this.locks.get(matchId) === tail) this.locks.delete(matchId);
    }
  }
}

/** A command's body for the reuse check: everything but its id and player (the seat token's), key order aside. */
function bodyOf(command: Record<string, unknown>): string {
  const { commandId: _id, player: _player, ...rest } = command;
  return canonicalJson(rest);
}

/**
 * A commandId names one command: a retry with the same body gets the first outcome again, a different body under
 * the same id is a client bug (409, nothing applied). An unknown first body (a bot's command, or one whose body
 * write failed) is answered as a replay.
 */
function sameBodyOrThrow(command: CommandBody, first: string | undefined): void {
  if (first === undefined || first === bodyOf(command)) return;
  throw new HostError(
    409,
    'command_id_reused',
    `commandId "${command.commandId}" was already used for a different command (${first.length > 200 ? `${first.slice(0, 200)}…` : first}); send a new commandId for a new command, or the same body to retry`,
  );
}

export function playersOf(hosted: HostedMatchConfig): MatchSummary['players'] {
  return hosted.matchConfig.players.map((p) => ({ id: p.id, name: p.name, bot: hosted.bots[p.id] ?? null }));
}

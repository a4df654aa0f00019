// The one command loop. Every host that runs a match — the server, the scenario runner, the property harness,
// the CLI and the games' scenario builders — goes through a MatchSession: start (setup, or a scenario's start
// position), decide each command with the match generator at the state's cursor, stamp the drafts (position,
// cause, rule, seed in MatchEnded), chain them, and apply. The server splits the last steps (propose → append
// with optimistic concurrency → commit); everyone else calls `play`.
import { chainEvents, GENESIS_HASH, type EventEnvelope, type NewEvent, type Sealer } from '../envelope';
import type { Viewer } from '../ids';
import { sealerFor, viewersOfSeal, type SealHashes } from '../seal';
import {
  MATCH_ENDED,
  reject,
  type AnyGameModule,
  type Command,
  type DraftEvent,
  type MatchConfig,
  type Rejection,
} from '../game';
import { isRandomRecord, Rng, RngSource } from '../rng';
import { applyCommand, stampDrafts, startMatch, type HostContext, type SetupFn } from '../runner';

export interface SessionOptions {
  /** Keep every event in `events` (default true). The server keeps only the tail position. */
  keepEvents?: boolean;
  /** Reject commands the game's commandSchema refuses, with rule "command", before decide (the server's HTTP input). */
  checkShape?: boolean;
  /** The hashes sealing uses (seal.ts): the engine's pure-JS ones by default; a server passes native ones. */
  sealHashes?: SealHashes;
  /** MatchEnded carries `seed: ""` (a fork: runner.ts HostContext.withholdSeed). */
  withholdSeed?: boolean;
}

/** What a command would do: stamped events (not yet chained) and the state they lead to. */
export interface Proposal<S> {
  ok: true;
  command: Command;
  events: NewEvent[];
  state: S;
}

export class MatchSession<S = unknown> {
  private source: RngSource;
  private _state: S;
  private _events: EventEnvelope[] | null;
  private _lastSeq = 0;
  private _lastHash = GENESIS_HASH;
  private _lastAt: string | null = null;
  private _cursor = 0;
  private endedBy: EventEnvelope | null = null;
  /** Seals new events (v2) for these viewers; null continues an unsealed (v1) match as it was. */
  private _sealer: Sealer | null = null;

  private constructor(
    readonly game: AnyGameModule,
    readonly matchId: string,
    readonly seed: string,
    private readonly opts: SessionOptions,
  ) {
    this.source = new RngSource(seed);
    this._state = game.initial() as S;
    this._events = opts.keepEvents === false ? null : [];
  }

  /**
   * Starts a match: the game's setup (or `setup`) with the generator at 0, stamped as system events and chained
   * from seq 1 (`stamped`: the same events before chaining, for a store that chains them itself). A rejected
   * setup returns the rejection; nothing is created.
   */
  static start<S>(
    game: AnyGameModule,
    config: MatchConfig,
    host: HostContext,
    opts: SessionOptions & { setup?: SetupFn } = {},
  ): { ok: true; session: MatchSession<S>; events: EventEnvelope[]; stamped: NewEvent[] } | Rejection {
    const session = new MatchSession<S>(game, config.matchId, host.seed, opts);
    session.sealFor(['public', ...config.players.map((p) => p.id)]);
    const started = startMatch<S>(game, config, host, opts.setup);
    if (!started.ok) return started;
    const events = session.chain(started.events);
    session.commit(events, started.state);
    return { ok: true, session, events, stamped: started.events };
  }

  /**
   * A session over a stored match: folds `events` (from `snapshot` when given: the state after its seq, whose
   * hash must be that event's), and continues the chain after the last one. With a snapshot that carries the
   * generator `cursor`, `events` may start at the snapshot's own seq (the snapshot plus the tail: what a server
   * loads); otherwise they start at seq 1.
   */
  static resume<S>(
    game: AnyGameModule,
    match: {
      matchId: string;
      seed: string;
      events: readonly EventEnvelope[];
      snapshot?: { seq: number; state: S; hash: string; cursor?: number } | null;
    },
    opts: SessionOptions = {},
  ): MatchSession<S> {
    const session = new MatchSession<S>(game, match.matchId, match.seed, opts);
    const firstSeal = match.events[0]?.seal;
    if (firstSeal) session.sealFor(viewersOfSeal(firstSeal));
    const first = match.events[0]?.seq ?? 1;
    const s = match.snapshot;
    const snap = s && s.seq >= first && match.events[s.seq - first]?.hash === s.hash ? s : null;
    if (first > 1 && (snap === null || snap.cursor === undefined)) {
      throw new Error(
        `match ${match.matchId}: the events start at seq ${first}, so a snapshot of one of them with its generator cursor is needed; read the stream from seq 1 instead`,
      );
    }
    if (snap) {
      for (const e of match.events.slice(0, snap.seq - first + 1)) session.track(e);
      if (snap.cursor !== undefined) session._cursor = snap.cursor;
      session._state = snap.state;
      session.commit(match.events.slice(snap.seq - first + 1));
    } else session.commit(match.events);
    return session;
  }

  /** Seals events chained after this session's tail (a store's AppendOptions.sealer); undefined for a v1 match. */
  get sealer(): Sealer | undefined {
    return this._sealer ?? undefined;
  }

  private sealFor(viewers: readonly Viewer[]): void {
    this._sealer = sealerFor(this.game, viewers, this.seed, this.opts.sealHashes);
  }

  get state(): S {
    return this._state;
  }
  /** Every event so far (empty when the session was made with keepEvents: false). */
  get events(): readonly EventEnvelope[] {
    return this._events ?? [];
  }
  get lastSeq(): number {
    return this._lastSeq;
  }
  get lastHash(): string {
    return this._lastHash;
  }
  get lastAt(): string | null {
    return this._lastAt;
  }
  /** The generator cursor after the last event (where the next decision draws from). */
  get cursor(): number {
    return this._cursor;
  }
  get ended(): boolean {
    return this.game.status(this._state).status === 'ended';
  }

  /** A generator at the state's cursor (for bots' look-ahead or legality probes; decide uses its own). */
  rngAtCursor(): Rng {
    return new Rng(this.seed, this._cursor);
  }

  /**
   * Decides `command` on the current state with the generator at the cursor and stamps the drafts. Changes
   * nothing: `commit` the (chained) events, or drop the proposal.
   */
  propose(command: Command, at: string): Proposal<S> | Rejection {
    if (this.ended) {
      // The game's own rejection names its rule; a game that would still accept gets the rule that ended the match.
      const late = this.game.decide(this._state, command, { rng: this.rngAtCursor() });
      if (!late.ok) return late;
      const rule = this.endedBy?.rule ?? 'command';
      return reject(rule, `the match has ended (rule ${rule}); no more commands are accepted`);
    }
    if (this.opts.checkShape) {
      const shape = commandShapeError(this.game, command);
      if (shape) return reject('command', shape);
    }
    const applied = applyCommand<S>(
      this.game,
      this._state,
      command,
      this.source.at(this._cursor),
      this.host(at),
    );
    if (!applied.ok) return applied;
    return { ok: true, command, events: applied.events, state: applied.state };
  }

  /**
   * Stamps events the host itself records with a system cause (a clock that ran out, time a judge added): no
   * command, no decision, no draw. Changes nothing until `commit`, like `propose`. Refused once the match ended.
   */
  proposeSystem(
    drafts: readonly DraftEvent[],
    at: string,
  ): { ok: true; events: NewEvent[]; state: S } | Rejection {
    if (this.ended)
      return reject(this.endedBy?.rule ?? 'command', 'the match has ended; nothing more is recorded');
    const out = stampDrafts<S>(this.game, this._state, drafts, { system: true }, this.host(at));
    return { ok: true, ...out };
  }

  /**
   * `p` cut where its events would enter a turn after `lastTurn`: its events up to that boundary, then the `end`
   * drafts stamped (system cause) on the state those reach, all in the one append. A tournament game at its round's
   * time ends so, exactly when its last extra turn ends (MTR 2.5), in the same commit as the turn change that would
   * have followed. A proposal that stays within `lastTurn` comes back as it is.
   */
  endAtTurn(p: Proposal<S>, lastTurn: number, end: readonly DraftEvent[]): Proposal<S> {
    const cut = p.events.findIndex((e) => e.turn > lastTurn);
    if (cut < 0) return p;
    const kept = p.events.slice(0, cut);
    let s = this._state;
    for (const e of kept) s = this.game.evolve(s, { type: e.type, payload: e.payload }) as S;
    const out = stampDrafts<S>(this.game, s, end, { system: true }, this.host(p.events[0]!.at));
    return { ...p, events: [...kept, ...out.events], state: out.state };
  }

  private host(at: string): HostContext {
    return { seed: this.seed, at, ...(this.opts.withholdSeed ? { withholdSeed: true } : {}) };
  }

  /** Gives stamped events their seq and hash after the current tail (what a store's append does). */
  chain(events: readonly NewEvent[]): EventEnvelope[] {
    return chainEvents(this.matchId, this._lastSeq, this._lastHash, events, undefined, this.sealer);
  }

  /**
   * Applies chained events that continue this session's stream: folds them (or takes `after`, the state the
   * proposal computed) and moves seq, hash and cursor. Throws on a gap.
   */
  commit(events: readonly EventEnvelope[], after?: S): void {
    let s = this._state;
    for (const e of events) {
      if (e.seq !== this._lastSeq + 1)
        throw new Error(`match ${this.matchId}: expected seq ${this._lastSeq + 1}, got ${e.seq}`);
      if (after === undefined) s = this.game.evolve(s, e);
      this.track(e);
    }
    this._state = after ?? s;
  }

  private track(e: EventEnvelope): void {
    this._lastSeq = e.seq;
    this._lastHash = e.hash;
    this._lastAt = e.at;
    const r = e.payload.random;
    if (isRandomRecord(r)) this._cursor = r.to;
    if (e.type === MATCH_ENDED) this.endedBy = e;
    this._events?.push(e);
  }

  /** propose + chain + commit: what every in-memory host does with a command. */
  play(command: Command, at: string): { ok: true; events: EventEnvelope[] } | Rejection {
    const p = this.propose(command, at);
    if (!p.ok) return p;
    const events = this.chain(p.events);
    this.commit(events, p.state);
    return { ok: true, events };
  }
}

/** Null when the game's command schema accepts the command (with or without commandId), else what is wrong. */
export function commandShapeError(
  game: AnyGameModule,
  command: { type: string; commandId?: string; [k: string]: unknown },
): string | null {
  const { commandId, player: _player, ...rest } = command;
  // Parsed once (twice only for a schema that wants the commandId too); the first result names the issue.
  const r = game.commandSchema.safeParse(rest);
  if (r.success) return null;
  if (commandId !== undefined && game.commandSchema.safeParse({ ...rest, commandId }).success) return null;
  const issue = r.error.issues[0];
  const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
  return `"${command.type}" is not a valid ${game.id} command${where}: ${issue?.message ?? 'invalid'}; see GET /api/openapi.json and \`matchtape schema --game ${game.id}\``;
}

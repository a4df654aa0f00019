// The event host: runs commands against a tournament stream (decide at the head, append with optimistic
// concurrency, retry on a race), keeps the standings projection with the head, and reacts to what happens: each
// pairing's next game becomes a Matchtape match at its own table, ended matches are reported, the round clock
// calls time and games still running after their extra turns end as draws. Everything it does is a command to the
// pure core (@matchtape/events), so the stream alone says what happened.
import { randomBytes } from 'node:crypto';
import {
  ROUND_TIME_ENDED,
  type DeckList,
  type EventEnvelope,
  type NewEvent,
  type PlayerId,
} from '@matchtape/engine';
import {
  decideEvent,
  foldEvent,
  type Actor,
  type EventCommand,
  type EventState,
  type TournamentEvent,
} from '@matchtape/events';
import {
  appendToTournament,
  ConcurrencyError,
  getTournament,
  linkTournamentGame,
  listTournaments,
  readTournament,
  saveTournamentDoc,
  tournamentGameOf,
  type MatchRecord,
} from '@matchtape/store';
import type { RouteContext } from '../http/context';
import { HostError } from '../host/engine-host';
import { EventTable } from './contract';
import { firstPlayerOptions } from './first-player';

const STATUS = { forbidden: 403, not_found: 404, conflict: 409, invalid: 422 } as const;

export const toNewEvent = (e: TournamentEvent): NewEvent => ({
  type: e.type,
  at: e.at,
  turn: e.round,
  phase: 'event',
  step: null,
  cause: e.cause as NewEvent['cause'],
  rule: e.rule,
  payload: e.payload,
});
export const fromEnvelope = (e: EventEnvelope): TournamentEvent => ({
  type: e.type,
  at: e.at,
  round: e.turn,
  cause: e.cause as TournamentEvent['cause'],
  rule: e.rule,
  payload: e.payload,
});

/** The event table a match is a game of, from its hosted config (null for a match outside any event). */
export function eventTableOf(r: MatchRecord): EventTable | null {
  const t = EventTable.safeParse((r.config as { tournament?: unknown }).tournament);
  return t.success ? t.data : null;
}

export type EventStatus = 'registration' | 'running' | 'finished';
export const statusOf = (s: EventState): EventStatus =>
  s.finished ? 'finished' : s.rounds.length > 0 ? 'running' : 'registration';

/** The standings projection: what the stream says is published. Rebuilt by folding the stream (rebuild()). */
export function projectionOf(s: EventState): Record<string, unknown> {
  return {
    status: statusOf(s),
    winner: s.finished?.winner ?? null,
    standingsRound: s.published?.round ?? 0,
    standings: s.published?.standings ?? [],
  };
}

interface Loaded {
  state: EventState;
  lastSeq: number;
  /** The stream as read for this state (for folds as of an earlier moment: the featured table). */
  events: TournamentEvent[];
}

export class EventService {
  private readonly cache = new Map<string, Loaded>();
  private readonly locks = new Map<string, Promise<unknown>>();
  /** Open games' match ids → their event, so an append to one of them wakes its event at once. */
  private readonly openGames = new Map<string, string>();
  /** Open games whose stream already has its round's RoundTimeCalled (the host ends them after the extra turns). */
  private readonly timed = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private stopListening: (() => Promise<void>) | null = null;
  private readonly active = new Set<string>();
  /** Told of every append this process makes to an event's stream (the featured table's live stream). */
  private readonly committed = new Set<(eventId: string) => void>();

  constructor(
    private readonly ctx: RouteContext,
    private readonly onError: (eventId: string, e: unknown) => void,
  ) {}

  /** Calls `f` with the event's id after each append this process makes; returns the unsubscribe. */
  onCommitted(f: (eventId: string) => void): () => void {
    this.committed.add(f);
    return () => this.committed.delete(f);
  }

  /** The event's state at its head (one read of the head; the stream is read again only when it moved). */
  async load(eventId: string): Promise<Loaded> {
    const rec = await getTournament(this.ctx.store, eventId);
    if (!rec)
      throw new HostError(404, 'event_not_found', `no event ${eventId}; GET /api/events lists the events`);
    const cached = this.cache.get(eventId);
    if (cached && cached.lastSeq === rec.lastSeq) return cached;
    const stream = await readTournament(this.ctx.store, eventId);
    const events = stream.map(fromEnvelope);
    const loaded = { state: foldEvent(events), lastSeq: stream.length, events };
    this.cache.set(eventId, loaded);
    return loaded;
  }

  /** One command through the core, serialised per event in this process and retried when another writer won. */
  async command(
    eventId: string,
    cmd: EventCommand,
    actor: Actor,
  ): Promise<{ state: EventState; events: EventEnvelope[] }> {
    return this.serial(eventId, async () => {
      for (let attempt = 0; ; attempt++) {
        const { state, lastSeq, events: before } = await this.load(eventId);
        const d = decideEvent(state, cmd, {
          at: this.ctx.now().toISOString(),
          actor,
          commandId: randomBytes(8).toString('hex'),
        });
        if (!d.ok)
          throw new HostError(
            STATUS[d.code],
            d.code === 'not_found' ? 'not_found' : `event_${d.code}`,
            d.reason,
          );
        try {
          const events = await appendToTournament(
            this.ctx.store,
            eventId,
            lastSeq,
            d.events.map(toNewEvent),
            projectionOf(d.state),
          );
          this.cache.set(eventId, {
            state: d.state,
            lastSeq: lastSeq + events.length,
            events: [...before, ...events.map(fromEnvelope)],
          });
          if (!d.state.finished) this.active.add(eventId);
          for (const f of this.committed) f(eventId);
          return { state: d.state, events };
        } catch (e) {
          if (!(e instanceof ConcurrencyError) || attempt >= 5) throw e;
          this.cache.delete(eventId);
        }
      }
    });
  }

  private async serial<T>(eventId: string, f: () => Promise<T>): Promise<T> {
    const prev = this.locks.get(eventId) ?? Promise.resolve();
    const next = prev.then(f, f);
    const tail = next.catch(() => undefined);
    this.locks.set(eventId, tail);
    try {
      return await next;
    } finally {
      if (this.locks.get(eventId) === tail) this.locks.delete(eventId);
    }
  }

  /** Folds the stream from nothing and stores the projection it gives (the rebuild the live one must equal). */
  async rebuild(eventId: string): Promise<Record<string, unknown>> {
    const stream = await readTournament(this.ctx.store, eventId);
    const doc = projectionOf(foldEvent(stream.map(fromEnvelope)));
    await saveTournamentDoc(this.ctx.store, eventId, stream.length, doc);
    return doc;
  }

  // ---- reactions ----

  start(pollMs = 500): void {
    void listTournaments(this.ctx.store, 1000)
      .then((list) =>
        list.filter((t) => t.doc.status !== 'finished').forEach((t) => this.active.add(t.eventId)),
      )
      .catch((e: unknown) => this.onError('*', e));
    void this.ctx.store
      .onAppended((matchId) => {
        const eventId = this.openGames.get(matchId);
        if (eventId) void this.react(eventId);
      })
      .then((stop) => (this.stopListening = stop))
      .catch((e: unknown) => this.onError('*', e));
    this.timer = setInterval(() => {
      for (const id of this.active) void this.react(id);
    }, pollMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.stopListening?.();
  }

  private reacting = new Map<string, Promise<void>>();
  /** Events woken while their step ran: they step once more right after (a game may have moved past its extra turns). */
  private readonly again = new Set<string>();

  /** Brings an event forward: time, reports, next games. Runs once at a time per event; callers may await it. */
  react(eventId: string): Promise<void> {
    const running = this.reacting.get(eventId);
    if (running) {
      this.again.add(eventId);
      return running;
    }
    const p = this.step(eventId)
      .catch((e: unknown) => this.onError(eventId, e))
      .finally(() => {
        this.reacting.delete(eventId);
        if (this.again.delete(eventId)) void this.react(eventId);
      });
    this.reacting.set(eventId, p);
    return p;
  }

  private async step(eventId: string): Promise<void> {
    let { state } = await this.load(eventId);
    if (state.finished) {
      this.active.delete(eventId);
      return;
    }
    const round = state.rounds.at(-1);
    if (!round) return;
    const now = this.ctx.now().getTime();
    if (
      round.clock &&
      !round.timeCalled &&
      new Date(round.clock.endsAt).getTime() <= now &&
      round.pairings.some((p) => !p.result)
    )
      state = (await this.command(eventId, { type: 'CallTime', round: round.round }, { role: 'system' }))
        .state;
    for (const p of state.rounds.at(-1)!.pairings) {
      if (p.result || p.p2 === null) continue;
      const open = p.games.find((g) => g.outcome === null);
      if (open)
        await this.checkGame(eventId, state, round.round, p.table, open.game, open.matchId!, open.first);
      else if (!state.rounds.at(-1)!.timeCalled)
        await this.startGame(eventId, round.round, p.table, p.games.length + 1);
    }
  }

  private async startGame(eventId: string, round: number, table: number, game: number): Promise<void> {
    const matchId = `m_${randomBytes(9).toString('base64url')}`;
    const { state } = await this.command(
      eventId,
      { type: 'StartGame', round, table, game, matchId },
      { role: 'system' },
    );
    const p = state.rounds.find((r) => r.round === round)!.pairings.find((x) => x.table === table)!;
    await this.ensureMatch(eventId, state, round, table, game, matchId, p.games.at(-1)!.first);
  }

  /** Creates the game's match unless it exists (a crash between StartGame and the match leaves it to the next step). */
  private async ensureMatch(
    eventId: string,
    state: EventState,
    round: number,
    table: number,
    game: number,
    matchId: string,
    first: string,
  ): Promise<void> {
    this.openGames.set(matchId, eventId);
    if (await this.ctx.store.getMatch(matchId)) return;
    const p = state.rounds.find((r) => r.round === round)!.pairings.find((x) => x.table === table)!;
    const seats = first === p.p1 ? [p.p1, p.p2!] : [p.p2!, p.p1];
    const players = seats.map((id) => state.players.find((x) => x.id === id)!);
    await linkTournamentGame(this.ctx.store, {
      matchId,
      eventId,
      round,
      table,
      game,
      seats: { p1: seats[0]!, p2: seats[1]! },
    });
    const options = firstPlayerOptions(state.options.game, game);
    await this.ctx.host.createMatch({
      matchId,
      game: state.options.game,
      players: players.map((x) => ({ name: x.name, deck: x.deck as unknown as DeckList, bot: x.bot })),
      spectatorDelaySeconds: state.options.spectatorDelaySeconds,
      coverageDelaySeconds: state.options.spectatorDelaySeconds,
      revealPolicy: state.options.revealPolicy,
      ...(options ? { options } : {}),
      extra: {
        table: {
          players: players.map((x) => ({ name: x.name, kind: x.bot ? 'bot' : 'person', bot: x.bot })),
          clock: { kind: 'none' },
          practice: false,
        },
        tournament: { eventId, round, table, game },
      },
    });
  }

  /** Reports an open game whose match ended, or which ran out of extra turns after time. */
  private async checkGame(
    eventId: string,
    state: EventState,
    round: number,
    table: number,
    game: number,
    matchId: string,
    first: string,
  ): Promise<void> {
    const rec = await this.ctx.store.getMatch(matchId);
    if (!rec) return this.ensureMatch(eventId, state, round, table, game, matchId, first);
    this.openGames.set(matchId, eventId);
    const link = await tournamentGameOf(this.ctx.store, matchId);
    const summary = rec.summary as { winner?: PlayerId | null; turn?: number };
    if (rec.status === 'ended') {
      const winner = summary.winner ? (link?.seats[summary.winner] ?? null) : null;
      const cause =
        winner === null && (await this.endedAtRoundTime(matchId, rec.lastSeq)) ? 'time' : 'match-ended';
      await this.command(
        eventId,
        { type: 'ReportGame', round, table, game, winner, cause },
        { role: 'system' },
      );
      this.openGames.delete(matchId);
      this.timed.delete(matchId);
      return;
    }
    const called = state.rounds.find((r) => r.round === round)?.timeCalled;
    if (!called || this.timed.has(matchId)) return;
    // Time reaches the table: its own stream records RoundTimeCalled at the turn in progress (MTR 2.5's "turn 0"),
    // and from then on the host ends the game as a draw in the very append that would start the turn after the
    // last extra turn (RoundTimeEnded, MatchEnded). The report follows from the ended match (above).
    const recorded = await this.ctx.host.callRoundTime(matchId, {
      eventId,
      round,
      extraTurns: called.extraTurns,
    });
    if (recorded) this.timed.add(matchId);
  }

  /** Whether the match ended by its round's time (its stream ends with RoundTimeEnded, MatchEnded). */
  private async endedAtRoundTime(matchId: string, lastSeq: number): Promise<boolean> {
    const tail = await this.ctx.store.readStream(matchId, { from: Math.max(1, lastSeq - 1) });
    return tail.some((e) => e.type === ROUND_TIME_ENDED);
  }
}

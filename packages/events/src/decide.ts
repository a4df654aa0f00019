// decide(state, command, ctx) → the events it causes, or a refusal saying what was wrong and what to do instead.
// Pure: the host passes the time (`ctx.at`), who commands (`ctx.actor`) and the command's id. Automatic
// consequences (a pairing's result once its games are in, standings at the end of a round, the event's end) are
// emitted by the same call, as system events, folded one by one so each sees the state before it.
import type { EventType, PayloadOf } from './events';
import { evolveEvent } from './evolve';
import type {
  Actor,
  EventCommand,
  EventState,
  Pairing,
  PairingResult,
  PlayerId,
  RoundState,
  TournamentEvent,
} from './model';
import { pairNextCut, pairSwiss, pairTopCut } from './pairing';
import { standings } from './standings';

export interface DecideContext {
  at: string;
  actor: Actor;
  commandId: string;
}

export type Refusal = { ok: false; code: 'forbidden' | 'not_found' | 'conflict' | 'invalid'; reason: string };
export type Decision = { ok: true; events: TournamentEvent[]; state: EventState } | Refusal;

const refuse = (code: Refusal['code'], reason: string): Refusal => ({ ok: false, code, reason });

/** Builds the events of one decision, folding each into `state` as it goes. */
class Emitter {
  readonly events: TournamentEvent[] = [];
  constructor(
    public state: EventState,
    private readonly ctx: DecideContext,
  ) {}
  private push<T extends EventType>(
    type: T,
    payload: PayloadOf<T>,
    system: boolean,
    rule: string | null,
  ): void {
    const e: TournamentEvent = {
      type,
      at: this.ctx.at,
      round: this.state.rounds.length,
      cause: system ? { system: true } : { commandId: this.ctx.commandId, actor: this.ctx.actor },
      rule,
      payload: payload as Record<string, unknown>,
    };
    this.state = evolveEvent(this.state, e);
    this.events.push(e);
  }
  get at(): string {
    return this.ctx.at;
  }
  emit<T extends EventType>(type: T, payload: PayloadOf<T>, rule: string | null = null): void {
    this.push(type, payload, false, rule);
  }
  auto<T extends EventType>(type: T, payload: PayloadOf<T>, rule: string | null = null): void {
    this.push(type, payload, true, rule);
  }
}

const needWins = (bestOf: number): number => Math.ceil(bestOf / 2);

/** Wins and draws of a pairing's decided games, counted from its first-named player. */
export function tally(p: Pairing): { p1Wins: number; p2Wins: number; draws: number } {
  let p1Wins = 0;
  let p2Wins = 0;
  let draws = 0;
  for (const g of p.games) {
    if (g.outcome === p.p1) p1Wins++;
    else if (g.outcome === 'draw') draws++;
    else if (g.outcome !== null) p2Wins++;
  }
  return { p1Wins, p2Wins, draws };
}

/** The pairing's result if its games decide it now (or time has been called and no game is in progress). */
export function resultOf(s: EventState, round: RoundState, p: Pairing): PairingResult | null {
  const t = tally(p);
  const need = needWins(s.options.bestOf);
  const winner = (): PlayerId | null =>
    t.p1Wins > t.p2Wins ? p.p1 : t.p2Wins > t.p1Wins ? p.p2 : round.stage === 'top' ? p.p1 : null;
  if (t.p1Wins >= need) return { ...t, winner: p.p1, by: 'games' };
  if (t.p2Wins >= need) return { ...t, winner: p.p2, by: 'games' };
  const inProgress = p.games.some((g) => g.outcome === null);
  // Single elimination has no draws: drawn games are replayed until time (then the higher seed advances).
  const played = round.stage === 'top' ? t.p1Wins + t.p2Wins : p.games.length;
  if (!inProgress && played >= s.options.bestOf) return { ...t, winner: winner(), by: 'games' };
  if (round.timeCalled && !inProgress) return { ...t, winner: winner(), by: 'time' };
  return null;
}

/** Who sits first in the pairing's next game, and the rule that says so. */
export function nextFirst(s: EventState, p: Pairing): { first: PlayerId; rule: string | null } {
  const last = p.games[p.games.length - 1];
  if (!last || p.p2 === null) return { first: p.p1, rule: null };
  const other = (x: PlayerId): PlayerId => (x === p.p1 ? p.p2! : p.p1);
  if (s.nextGameFirst.policy === 'loser') {
    // The loser chooses and goes first; after a draw the previous chooser chooses again.
    if (last.outcome === 'draw' || last.outcome === null)
      return { first: last.first, rule: s.nextGameFirst.rule };
    return { first: other(last.outcome), rule: s.nextGameFirst.rule };
  }
  // The game decides who goes first itself; seats alternate so neither player keeps seat 1.
  return { first: other(last.first), rule: null };
}

function currentRound(s: EventState): RoundState | undefined {
  return s.rounds[s.rounds.length - 1];
}

function findPairing(s: EventState, round: number, table: number): { r: RoundState; p: Pairing } | Refusal {
  const r = s.rounds.find((x) => x.round === round);
  if (!r)
    return refuse('not_found', `round ${round} has not been paired (rounds so far: ${s.rounds.length})`);
  const p = r.pairings.find((x) => x.table === table);
  if (!p) return refuse('not_found', `round ${round} has no table ${table} (tables 1–${r.pairings.length})`);
  return { r, p };
}

/** After a pairing may have changed: its result, the round's end (standings), the event's end. */
function settle(em: Emitter, round: number, table: number): void {
  const r = em.state.rounds.find((x) => x.round === round)!;
  const p = r.pairings.find((x) => x.table === table)!;
  if (!p.result) {
    const result = resultOf(em.state, r, p);
    if (result) em.auto('PairingResultRecorded', { round, table, result });
  }
  settleRound(em, round);
}

function settleRound(em: Emitter, round: number): void {
  const r = em.state.rounds.find((x) => x.round === round)!;
  if (r.standingsPublished || r.pairings.some((p) => !p.result)) return;
  em.auto('StandingsPublished', { round, standings: standings(em.state) });
  const s = em.state;
  const lastSwiss = r.stage === 'swiss' && round === s.options.swissRounds;
  if (lastSwiss && s.options.topCut === 0) {
    const placings = standings(s).map((x) => x.player);
    em.auto('EventFinished', { winner: placings[0] ?? null, placings });
  } else if (r.stage === 'top' && r.pairings.length === 1) {
    em.auto('EventFinished', { winner: r.pairings[0]!.result!.winner, placings: placingsAfterCut(s) });
  }
}

/** Final placings: the cut by the round each player went out in (later is better), then the Swiss standings. */
function placingsAfterCut(s: EventState): PlayerId[] {
  const outIn = new Map<PlayerId, number>();
  for (const r of s.rounds.filter((x) => x.stage === 'top'))
    for (const p of r.pairings) {
      if (!p.result) continue;
      const loser = p.result.winner === p.p1 ? p.p2 : p.p1;
      if (loser) outIn.set(loser, r.round);
      if (p.result.winner) outIn.set(p.result.winner, r.round + 1);
    }
  const swiss = standings(s).map((x) => x.player);
  return [...swiss].sort(
    (a, b) => (outIn.get(b) ?? 0) - (outIn.get(a) ?? 0) || swiss.indexOf(a) - swiss.indexOf(b),
  );
}

function minutesAfter(at: string, minutes: number): string {
  return new Date(new Date(at).getTime() + minutes * 60_000).toISOString();
}

function startRound(em: Emitter, round: number): Refusal | null {
  const s = em.state;
  if (s.finished) return refuse('conflict', 'the event has finished; there are no more rounds');
  if (round !== s.rounds.length + 1)
    return refuse('conflict', `the next round is round ${s.rounds.length + 1}, not ${round}`);
  const prev = currentRound(s);
  if (prev && prev.pairings.some((p) => !p.result))
    return refuse(
      'conflict',
      `round ${prev.round} still has tables without a result (${prev.pairings
        .filter((p) => !p.result)
        .map((p) => p.table)
        .join(', ')}); wait for them or have a judge record them`,
    );
  let pairs: [PlayerId, PlayerId | null][];
  let stage: 'swiss' | 'top' = 'swiss';
  let rematches = false;
  if (round <= s.options.swissRounds) {
    if (s.players.filter((p) => !p.dropped).length < 2)
      return refuse(
        'conflict',
        'a round needs at least two players who have not dropped; register more players',
      );
    const sw = pairSwiss(s);
    pairs = [...sw.pairs, ...(sw.bye ? [[sw.bye, null] as [PlayerId, null]] : [])];
    rematches = sw.rematches;
  } else {
    stage = 'top';
    if (s.options.topCut === 0)
      return refuse('conflict', `the event has ${s.options.swissRounds} Swiss rounds and no top cut`);
    if (prev?.stage === 'top') pairs = pairNextCut(prev.pairings.map((p) => p.result!.winner!));
    else pairs = pairTopCut(s, s.options.topCut);
  }
  em.emit('RoundPaired', {
    round,
    stage,
    pairings: pairs.map(([p1, p2], i) => ({ table: i + 1, p1, p2 })),
    rematches,
  });
  em.auto('RoundClockStarted', {
    round,
    startedAt: em.at,
    endsAt: minutesAfter(em.at, s.options.roundMinutes),
    minutes: s.options.roundMinutes,
  });
  for (const p of em.state.rounds.at(-1)!.pairings)
    if (p.p2 === null)
      em.auto('PairingResultRecorded', {
        round,
        table: p.table,
        result: { p1Wins: 2, p2Wins: 0, draws: 0, winner: p.p1, by: 'bye' },
      });
  settleRound(em, round);
  return null;
}

/** A ruling on a round whose standings are out: the latest published standings again, corrected. */
function republish(em: Emitter, wasPublished: boolean): void {
  const latest = [...em.state.rounds].reverse().find((x) => x.standingsPublished);
  if (wasPublished && latest)
    em.auto('StandingsPublished', { round: latest.round, standings: standings(em.state) });
}

function recordResult(
  em: Emitter,
  c: Extract<EventCommand, { type: 'RecordResult' }>,
  judge: Actor,
): Refusal | null {
  const found = findPairing(em.state, c.round, c.table);
  if ('ok' in found) return found;
  const { r, p } = found;
  if (p.p2 === null)
    return refuse('conflict', `table ${c.table} of round ${c.round} is a bye; there is no match to rule on`);
  const players = [p.p1, p.p2];
  if ((c.ruling === 'game-loss' || c.ruling === 'match-loss') && (!c.player || !players.includes(c.player)))
    return refuse('invalid', `a ${c.ruling} names the penalised player: one of ${players.join(', ')}`);
  if (c.ruling === 'correction' && !c.result)
    return refuse(
      'invalid',
      'a correction gives the result: { p1Wins, p2Wins, draws } counted from the first-named player',
    );
  if (
    r.stage === 'top' &&
    (c.ruling === 'draw' || (c.ruling === 'correction' && c.result!.p1Wins === c.result!.p2Wins))
  )
    return refuse(
      'invalid',
      'single elimination has no draws; record a game loss, a match loss or a correction with a winner',
    );
  const before = p.result;
  const need = needWins(em.state.options.bestOf);
  const base = {
    round: c.round,
    table: c.table,
    ruling: c.ruling,
    player: c.player ?? null,
    reason: c.reason,
    judge,
    before,
  };
  if (c.ruling === 'game-loss') {
    const open = p.games.find((g) => g.outcome === null);
    const game = open ? open.game : p.games.length + 1;
    const winner = c.player === p.p1 ? p.p2 : p.p1;
    const t = tally(p);
    const after = {
      ...t,
      p1Wins: t.p1Wins + (winner === p.p1 ? 1 : 0),
      p2Wins: t.p2Wins + (winner === p.p2 ? 1 : 0),
    };
    const decided = after.p1Wins >= need || after.p2Wins >= need || before !== null;
    const result: PairingResult | null = decided
      ? {
          ...after,
          winner: after.p1Wins > after.p2Wins ? p.p1 : after.p2Wins > after.p1Wins ? p.p2 : null,
          by: 'ruling',
        }
      : null;
    em.emit('ResultOverridden', { ...base, after: result, game });
    republish(em, r.standingsPublished);
    settle(em, c.round, c.table);
    return null;
  }
  const t = tally(p);
  let after: PairingResult;
  if (c.ruling === 'match-loss') {
    const winner = c.player === p.p1 ? p.p2 : p.p1;
    after = {
      p1Wins: winner === p.p1 ? need : 0,
      p2Wins: winner === p.p2 ? need : 0,
      draws: 0,
      winner,
      by: 'ruling',
    };
  } else if (c.ruling === 'draw') after = { ...t, winner: null, by: 'ruling' };
  else {
    const x = c.result!;
    after = { ...x, winner: x.p1Wins > x.p2Wins ? p.p1 : x.p2Wins > x.p1Wins ? p.p2 : null, by: 'ruling' };
  }
  em.emit('ResultOverridden', { ...base, after, game: null });
  republish(em, r.standingsPublished);
  settleRound(em, c.round);
  return null;
}

function featureTable(em: Emitter, c: Extract<EventCommand, { type: 'FeatureTable' }>): Refusal | null {
  const s = em.state;
  const previous = s.featured;
  if (c.table === null) {
    if (!previous) return refuse('conflict', 'no table is featured; there is nothing to clear');
  } else {
    const found = findPairing(s, c.round, c.table);
    if ('ok' in found) return found;
    if (found.p.p2 === null)
      return refuse(
        'conflict',
        `table ${c.table} of round ${c.round} is a bye; nothing is played there to feature`,
      );
    if (previous?.round === c.round && previous.table === c.table)
      return refuse('conflict', `table ${c.table} of round ${c.round} is already the featured table`);
  }
  em.emit('FeaturedTableChanged', { round: c.round, table: c.table, previous });
  return null;
}

function can(actor: Actor, ...roles: Actor['role'][]): boolean {
  return roles.includes(actor.role);
}

function run(em: Emitter, c: EventCommand, ctx: DecideContext): Refusal | null {
  const s = em.state;
  if (c.type !== 'CreateEvent' && !s.created) return refuse('not_found', 'no such event; create it first');
  switch (c.type) {
    case 'CreateEvent':
      if (!can(ctx.actor, 'organiser')) return refuse('forbidden', 'only an organiser creates events');
      if (s.created) return refuse('conflict', `event ${s.eventId} exists already`);
      em.emit('EventCreated', {
        eventId: c.eventId,
        options: c.options,
        nextGameFirst: c.nextGameFirst,
        seed: c.seed,
      });
      return null;
    case 'RegisterPlayer':
      if (!can(ctx.actor, 'organiser')) return refuse('forbidden', 'only the organiser registers players');
      if (s.rounds.length > 0)
        return refuse('conflict', 'round 1 has been paired; players can only be added before it');
      em.emit('PlayerRegistered', {
        player: `p${s.players.length + 1}`,
        name: c.name,
        deck: c.deck,
        bot: c.bot,
      });
      return null;
    case 'DropPlayer': {
      const self = ctx.actor.role === 'player' && ctx.actor.player === c.player;
      if (!self && !can(ctx.actor, 'organiser', 'judge'))
        return refuse('forbidden', 'a player drops only themselves; organisers and judges may drop anyone');
      const pl = s.players.find((p) => p.id === c.player);
      if (!pl) return refuse('not_found', `no player ${c.player} (players p1–p${s.players.length})`);
      if (pl.dropped) return refuse('conflict', `${pl.name} has already dropped`);
      if (s.finished) return refuse('conflict', 'the event has finished');
      em.emit('PlayerDropped', { player: c.player, afterRound: s.rounds.length, reason: c.reason ?? null });
      return null;
    }
    case 'StartRound':
      if (!can(ctx.actor, 'organiser', 'system'))
        return refuse('forbidden', 'only the organiser starts rounds');
      return startRound(em, c.round);
    case 'StartGame': {
      if (!can(ctx.actor, 'system'))
        return refuse(
          'forbidden',
          "games are started by the server when a pairing's previous game has ended",
        );
      const found = findPairing(s, c.round, c.table);
      if ('ok' in found) return found;
      const { p } = found;
      if (p.result || p.p2 === null)
        return refuse(
          'conflict',
          `table ${c.table} of round ${c.round} has its result; it plays no more games`,
        );
      if (p.games.some((g) => g.outcome === null))
        return refuse('conflict', `table ${c.table} is still playing game ${p.games.length}`);
      if (c.game !== p.games.length + 1)
        return refuse('conflict', `table ${c.table}'s next game is game ${p.games.length + 1}`);
      const { first, rule } = nextFirst(s, p);
      em.emit(
        'GameStarted',
        { round: c.round, table: c.table, game: c.game, matchId: c.matchId, first, rule },
        rule,
      );
      return null;
    }
    case 'ReportGame': {
      if (!can(ctx.actor, 'system'))
        return refuse(
          'forbidden',
          'games are reported by the server from the match; judges use RecordResult',
        );
      const found = findPairing(s, c.round, c.table);
      if ('ok' in found) return found;
      const g = found.p.games.find((x) => x.game === c.game);
      if (!g) return refuse('not_found', `table ${c.table} has no game ${c.game}`);
      if (g.outcome !== null)
        return refuse('conflict', `game ${c.game} of table ${c.table} is already reported`);
      if (c.winner !== null && c.winner !== found.p.p1 && c.winner !== found.p.p2)
        return refuse('invalid', `${c.winner} does not play at table ${c.table}`);
      em.emit('GameReported', {
        round: c.round,
        table: c.table,
        game: c.game,
        matchId: g.matchId,
        outcome: c.winner ?? 'draw',
        cause: c.cause,
      });
      settle(em, c.round, c.table);
      return null;
    }
    case 'CallTime': {
      if (!can(ctx.actor, 'organiser', 'judge', 'system'))
        return refuse('forbidden', 'time is called by the round clock, an organiser or a judge');
      const r = currentRound(s);
      if (!r || r.round !== c.round) return refuse('conflict', `round ${c.round} is not the current round`);
      if (r.timeCalled) return refuse('conflict', `time was already called in round ${c.round}`);
      em.emit('RoundTimeCalled', { round: c.round, extraTurns: s.options.extraTurns });
      for (const p of r.pairings) if (!p.result) settle(em, c.round, p.table);
      return null;
    }
    case 'RecordResult':
      if (!can(ctx.actor, 'judge')) return refuse('forbidden', 'only judges record rulings and results');
      return recordResult(em, c, ctx.actor);
    case 'FeatureTable':
      if (!can(ctx.actor, 'coverage', 'organiser'))
        return refuse(
          'forbidden',
          'the featured table is chosen by a producer (coverage token) or the organiser',
        );
      return featureTable(em, c);
  }
}

export function decideEvent(s: EventState, c: EventCommand, ctx: DecideContext): Decision {
  const em = new Emitter(s, ctx);
  const refusal = run(em, c, ctx);
  return refusal ?? { ok: true, events: em.events, state: em.state };
}

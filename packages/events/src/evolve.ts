// The pure fold of a tournament stream: one small handler per event type. No randomness, no clock.
import { isEventType, parsePayload, type EventType, type PayloadOf } from './events';
import type { EventState, Pairing, RoundState, TournamentEvent } from './model';

export function initialEvent(): EventState {
  return {
    eventId: '',
    created: false,
    options: {
      name: '',
      game: '',
      format: 'swiss',
      swissRounds: 1,
      topCut: 0,
      bestOf: 1,
      roundMinutes: 50,
      extraTurns: 0,
      spectatorDelaySeconds: 0,
      revealPolicy: 'hidden',
    },
    nextGameFirst: { policy: 'game', rule: null },
    seed: '',
    players: [],
    rounds: [],
    published: null,
    finished: null,
    featured: null,
  };
}

function withRound(s: EventState, round: number, f: (r: RoundState) => RoundState): EventState {
  return { ...s, rounds: s.rounds.map((r) => (r.round === round ? f(r) : r)) };
}

function withPairing(s: EventState, round: number, table: number, f: (p: Pairing) => Pairing): EventState {
  return withRound(s, round, (r) => ({
    ...r,
    pairings: r.pairings.map((p) => (p.table === table ? f(p) : p)),
  }));
}

type Handlers = { [T in EventType]: (s: EventState, p: PayloadOf<T>, e: TournamentEvent) => EventState };

const handlers: Handlers = {
  EventCreated: (s, p) => ({
    ...s,
    eventId: p.eventId,
    created: true,
    options: p.options,
    nextGameFirst: p.nextGameFirst,
    seed: p.seed,
  }),
  PlayerRegistered: (s, p) => ({
    ...s,
    players: [
      ...s.players,
      {
        id: p.player,
        name: p.name,
        deck: p.deck,
        bot: p.bot,
        dropped: false,
        registeredBeforeRound: s.rounds.length + 1,
      },
    ],
  }),
  PlayerDropped: (s, p) => ({
    ...s,
    players: s.players.map((x) => (x.id === p.player ? { ...x, dropped: true } : x)),
  }),
  RoundPaired: (s, p) => ({
    ...s,
    rounds: [
      ...s.rounds,
      {
        round: p.round,
        stage: p.stage,
        pairings: p.pairings.map((x) => ({ ...x, games: [], result: null })),
        clock: null,
        timeCalled: null,
        standingsPublished: false,
      },
    ],
  }),
  RoundClockStarted: (s, p) =>
    withRound(s, p.round, (r) => ({ ...r, clock: { startedAt: p.startedAt, endsAt: p.endsAt } })),
  GameStarted: (s, p) =>
    withPairing(s, p.round, p.table, (x) => ({
      ...x,
      games: [...x.games, { game: p.game, matchId: p.matchId, first: p.first, outcome: null, cause: null }],
    })),
  GameReported: (s, p) =>
    withPairing(s, p.round, p.table, (x) => ({
      ...x,
      games: x.games.map((g) => (g.game === p.game ? { ...g, outcome: p.outcome, cause: p.cause } : g)),
    })),
  PairingResultRecorded: (s, p) => withPairing(s, p.round, p.table, (x) => ({ ...x, result: p.result })),
  ResultOverridden: (s, p) =>
    withPairing(s, p.round, p.table, (x) => {
      if (p.ruling !== 'game-loss' || p.game === null) return { ...x, result: p.after };
      const loser = p.player;
      const winner = loser === x.p1 ? x.p2 : x.p1;
      const outcome = winner ?? 'draw';
      const exists = x.games.some((g) => g.game === p.game);
      const games = exists
        ? x.games.map((g) => (g.game === p.game ? { ...g, outcome, cause: 'ruling' as const } : g))
        : [...x.games, { game: p.game, matchId: null, first: x.p1, outcome, cause: 'ruling' as const }];
      return { ...x, games, result: p.after };
    }),
  RoundTimeCalled: (s, p, e) =>
    withRound(s, p.round, (r) => ({ ...r, timeCalled: { at: e.at, extraTurns: p.extraTurns } })),
  StandingsPublished: (s, p) => ({
    ...withRound(s, p.round, (r) => ({ ...r, standingsPublished: true })),
    published: { round: p.round, standings: p.standings },
  }),
  EventFinished: (s, p) => ({ ...s, finished: { winner: p.winner } }),
  FeaturedTableChanged: (s, p) => ({
    ...s,
    featured: p.table === null ? null : { round: p.round, table: p.table },
  }),
};

export function evolveEvent(s: EventState, e: TournamentEvent): EventState {
  if (!isEventType(e.type))
    throw new TypeError(
      `unknown tournament event type "${e.type}"; this stream was written by a newer Matchtape`,
    );
  const handler = handlers[e.type] as (s: EventState, p: unknown, e: TournamentEvent) => EventState;
  return handler(s, parsePayload(e.type, e.payload), e);
}

export function foldEvent(events: readonly TournamentEvent[], from: EventState = initialEvent()): EventState {
  return events.reduce(evolveEvent, from);
}

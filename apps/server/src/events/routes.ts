// Events (tournaments) over HTTP, declared as data (contract.ts lists the routes). Organisers run the event,
// judges rule, a player's token shows their own pairing and table, everyone sees pairings and standings (tables
// keep their own spectator delay). Decklists stay with organisers, judges and the player.
import { randomBytes } from 'node:crypto';
import { canonicalJson } from '@matchtape/engine';
import {
  EVENT_STREAM_FORMAT,
  eventAsOf,
  featuredGame,
  pairingsCsv,
  standingsCsv,
  type Actor,
  type EventState,
  type TournamentEvent,
} from '@matchtape/events';
import {
  createTournament,
  getTournament,
  listTournaments,
  readTournament,
  saveTournamentInvite,
  tournamentInvites,
} from '@matchtape/store';
import { mintToken, type TokenClaims } from '../auth/tokens';
import type { RouteContext, RouteModule } from '../http/context';
import { route, type Route } from '../http/route';
import { ErrorBody } from '../http/schemas';
import { HostError } from '../host/engine-host';
import { deckInput, resolveDeck } from '../table/decks';
import * as C from './contract';
import { FeaturedLive } from './featured-live';
import { nextGameFirstFor } from './first-player';
import { EventService, statusOf } from './service';

const PLAYER_TOKEN_TTL = 30 * 24 * 3600;
const err = (description: string) => ({ description, schema: ErrorBody });
const refusals = {
  400: err('invalid request'),
  401: err('missing or bad token'),
  403: err('not allowed for this token'),
  404: err('no such event'),
  409: err('not now (see message)'),
  422: err('refused (see message)'),
  429: err('rate limited'),
};

function need(claims: TokenClaims | null, roles: TokenClaims['role'][], what: string): TokenClaims {
  if (!claims)
    throw new HostError(
      401,
      'missing_token',
      `${what} needs a token (${roles.join(' or ')}) as "Authorization: Bearer <token>"`,
    );
  if (!roles.includes(claims.role))
    throw new HostError(
      403,
      `not_${roles[0]}`,
      `${what} needs a ${roles.join(' or ')} token; this is a ${claims.role} token`,
    );
  return claims;
}

const actorOf = (c: TokenClaims): Actor =>
  c.role === 'judge'
    ? { role: 'judge', id: c.jti }
    : c.role === 'coverage'
      ? { role: 'coverage', id: c.jti }
      : { role: 'organiser', id: c.jti };

/**
 * The featured table as the event's overlays may show it: the stream folded up to now − the event's delay (every
 * table of an event runs at that delay, for spectators and coverage alike), so a switch, or the table's next game,
 * reaches an overlay no sooner than the feed it follows reaches the same moment.
 */
export function featuredView(
  eventId: string,
  state: EventState,
  events: readonly TournamentEvent[],
  now: Date,
): C.FeaturedView {
  const delaySeconds = state.options.spectatorDelaySeconds;
  const asOf = new Date(now.getTime() - delaySeconds * 1000).toISOString();
  return { eventId, delaySeconds, asOf, featured: featuredGame(eventAsOf(events, asOf)) };
}

/** The event as everyone may see it (no decks, no seed). */
export function eventView(s: EventState, lastSeq: number, now: Date): C.EventView {
  return {
    eventId: s.eventId,
    name: s.options.name,
    game: s.options.game,
    options: { ...s.options },
    status: statusOf(s),
    players: s.players.map((p) => ({ id: p.id, name: p.name, dropped: p.dropped, bot: p.bot !== null })),
    rounds: s.rounds.map((r) => ({
      round: r.round,
      stage: r.stage,
      pairings: r.pairings,
      clock: r.clock,
      timeCalled: r.timeCalled,
    })),
    standings: s.published?.standings ?? [],
    standingsRound: s.published?.round ?? 0,
    winner: s.finished?.winner ?? null,
    lastSeq,
    featured: s.featured,
    now: now.toISOString(),
  };
}

async function createEvent(
  ctx: RouteContext,
  svc: EventService,
  claims: TokenClaims,
  body: C.CreateEventBody,
): Promise<{ eventId: string; page: string }> {
  const game = ctx.host.game(body.game);
  const eventId = `e_${randomBytes(9).toString('base64url')}`;
  await createTournament(ctx.store, {
    eventId,
    game: game.id,
    name: body.name,
    createdAt: ctx.now().toISOString(),
  });
  const options = { ...body, game: game.id, format: 'swiss' as const };
  await svc.command(
    eventId,
    {
      type: 'CreateEvent',
      eventId,
      options,
      nextGameFirst: nextGameFirstFor(game.id),
      seed: randomBytes(16).toString('hex'),
    },
    actorOf(claims),
  );
  return { eventId, page: `/events/${eventId}` };
}

async function register(
  ctx: RouteContext,
  svc: EventService,
  id: string,
  claims: TokenClaims,
  body: C.RegisterBody,
): Promise<{ status: 201 | 422; body: unknown }> {
  const { state } = await svc.load(id);
  const game = ctx.host.game(state.options.game);
  const parsed = resolveDeck(game, deckInput(game, body.deck));
  if (!parsed.ok)
    return {
      status: 422,
      body: {
        error: 'invalid_deck',
        message: `the deck is not legal for ${game.title}; see lines`,
        lines: parsed.lines,
      },
    };
  const out = await svc.command(
    id,
    {
      type: 'RegisterPlayer',
      name: body.name,
      deck: parsed.deck as unknown as Record<string, unknown>,
      bot: body.bot ?? null,
    },
    actorOf(claims),
  );
  const player = out.state.players.at(-1)!;
  const token = await inviteToken(ctx, id, player.id);
  return {
    status: 201,
    body: { player: player.id, name: player.name, token, invite: inviteLink(id, token) },
  };
}

// The token rides in the fragment: browsers never send it to a server or a log; the page keeps it and drops it.
const inviteLink = (id: string, token: string): string => `/events/${id}#player=${token}`;

/** Mints a player's token and keeps it for the organiser (GET …/invites); the first one kept stays the player's. */
async function inviteToken(ctx: RouteContext, id: string, player: string): Promise<string> {
  const token = mintToken({ role: 'seat', matchId: id, seat: player, ttlSeconds: PLAYER_TOKEN_TTL });
  await saveTournamentInvite(ctx.store, { eventId: id, player, token, createdAt: ctx.now().toISOString() });
  return (await tournamentInvites(ctx.store, id)).find((x) => x.player === player)?.token ?? token;
}

/**
 * The invite links the server keeps: every player's for an organiser, a player's own for their token. A player
 * registered before links were kept (or whose link was lost between the registration and its write) gets one now.
 */
async function invites(ctx: RouteContext, svc: EventService, id: string, claims: TokenClaims | null) {
  const c = need(claims, ['organiser', 'seat'], 'the invite links');
  const own = c.role === 'seat' ? playerOf(c, id) : null;
  const { state } = await svc.load(id);
  const kept = new Map((await tournamentInvites(ctx.store, id)).map((x) => [x.player, x.token]));
  const out: C.Invite[] = [];
  for (const p of state.players) {
    if (own !== null && p.id !== own) continue;
    const token = kept.get(p.id) ?? (await inviteToken(ctx, id, p.id));
    out.push({ player: p.id, name: p.name, dropped: p.dropped, invite: inviteLink(id, token) });
  }
  return out;
}

function playerOf(claims: TokenClaims | null, id: string): string {
  if (!claims)
    throw new HostError(
      401,
      'missing_token',
      'send your player token (from your invite link) as "Authorization: Bearer <token>"',
    );
  if (claims.role !== 'seat' || claims.matchId !== id || !claims.seat)
    throw new HostError(
      403,
      'not_a_player',
      `this ${claims.role} token is not a player token of event ${id}`,
    );
  return claims.seat;
}

async function mine(svc: EventService, id: string, player: string): Promise<C.MyEvent> {
  const { state } = await svc.load(id);
  const me = state.players.find((p) => p.id === player);
  if (!me) throw new HostError(404, 'player_not_found', `event ${id} has no player ${player}`);
  const round = state.rounds.at(-1);
  const pairing = round?.pairings.find((p) => p.p1 === player || p.p2 === player) ?? null;
  const opp = pairing ? (pairing.p1 === player ? pairing.p2 : pairing.p1) : null;
  const open = pairing?.games.find((g) => g.outcome === null && g.matchId);
  let table: C.MyEvent['table'] = null;
  if (open?.matchId) {
    const seat = open.first === player ? 'p1' : 'p2';
    const seatToken = mintToken({ role: 'seat', matchId: open.matchId, seat, ttlSeconds: 24 * 3600 });
    table = { matchId: open.matchId, seat, seatToken, join: `/join/${seatToken}` };
  }
  return {
    player,
    name: me.name,
    dropped: me.dropped,
    round: round?.round ?? 0,
    pairing,
    opponent: opp ? (state.players.find((p) => p.id === opp)?.name ?? opp) : null,
    table,
  };
}

export const eventRoutes: RouteModule = (ctx) => {
  const svc = new EventService(ctx, (eventId, e) =>
    ctx.log.error({ eventId, err: e }, 'event runner step failed; it tries again on the next tick'),
  );
  const featuredLive = new FeaturedLive(svc, {
    now: () => ctx.now(),
    view: featuredView,
    onError: (eventId, e) =>
      ctx.log.error({ eventId, err: e }, 'featured table stream: reading the event failed'),
  });
  ctx.onReady(() => svc.start());
  ctx.onClose(async () => {
    featuredLive.stop();
    await svc.stop();
  });
  const view = async (id: string) => {
    const { state, lastSeq } = await svc.load(id);
    return eventView(state, lastSeq, ctx.now());
  };
  const k: EventRouteKit = { ctx, svc, view, featuredLive };
  return [
    ...eventSetupRoutes(k),
    ...eventRoundRoutes(k),
    ...eventPlayerRoutes(k),
    ...featuredRoutes(k),
    ...eventExportRoutes(k),
  ];
};

/** What the event routes share: the service, the event's view now, and the featured table's live streams. */
interface EventRouteKit {
  ctx: RouteContext;
  svc: EventService;
  view: (id: string) => Promise<ReturnType<typeof eventView>>;
  featuredLive: FeaturedLive;
}

const P = C.EventIdParams;

/** Creating and listing events, and their players. */
function eventSetupRoutes({ ctx, svc, view }: EventRouteKit): Route[] {
  return [
    route({
      method: 'POST',
      path: '/api/events',
      summary: 'Create an event (tournament): game, Swiss rounds, top cut, best-of-N, round time, delay',
      limit: 'create',
      auth: 'organiser token',
      body: C.CreateEventBody,
      responses: { 201: { description: 'created', schema: C.EventCreatedResponse }, ...refusals },
      async handle({ claims, body, reply }) {
        return reply
          .status(201)
          .send(await createEvent(ctx, svc, need(claims, ['organiser'], 'creating an event'), body));
      },
    }),
    route({
      method: 'GET',
      path: '/api/events',
      summary: 'Events, newest first',
      limit: 'reads',
      responses: {
        200: { description: 'events', schema: C.EventListItem.array() },
        429: err('rate limited'),
      },
      handle: async () =>
        (await listTournaments(ctx.store, 100)).map((t) => ({
          eventId: t.eventId,
          name: t.name,
          game: t.game,
          createdAt: t.createdAt,
          status: String(t.doc.status ?? 'registration'),
        })),
    }),
    route({
      method: 'GET',
      path: '/api/events/:id',
      summary: 'The event: players, rounds, pairings, results, published standings, round clock',
      limit: 'reads',
      params: P,
      responses: { 200: { description: 'event', schema: C.EventView }, ...refusals },
      handle: async ({ params }) => view(params.id),
    }),
    route({
      method: 'POST',
      path: '/api/events/:id/players',
      summary:
        'Register a player with a decklist (checked line by line) before round 1; answers their invite link',
      limit: 'commands',
      auth: 'organiser token',
      params: P,
      body: C.RegisterBody,
      responses: { 201: { description: 'registered', schema: C.Registered }, ...refusals },
      async handle({ params, claims, body, reply }) {
        const out = await register(
          ctx,
          svc,
          params.id,
          need(claims, ['organiser'], 'registering players'),
          body,
        );
        return reply.status(out.status).send(out.body);
      },
    }),
    route({
      method: 'POST',
      path: '/api/events/:id/players/:player/drop',
      summary: 'Drop a player from the next pairings (organiser, judge, or the player themselves)',
      limit: 'commands',
      auth: 'organiser, judge or that player',
      params: C.EventPlayerParams,
      body: C.DropBody,
      responses: { 200: { description: 'the event after', schema: C.EventView }, ...refusals },
      async handle({ params, claims, body }) {
        const c = need(claims, ['organiser', 'judge', 'seat'], 'dropping a player');
        const actor: Actor =
          c.role === 'seat' ? { role: 'player', id: c.jti, player: playerOf(c, params.id) } : actorOf(c);
        await svc.command(
          params.id,
          { type: 'DropPlayer', player: params.player, ...(body.reason ? { reason: body.reason } : {}) },
          actor,
        );
        return view(params.id);
      },
    }),
  ];
}

/** Running the rounds: start one, call time, record a result. */
function eventRoundRoutes({ svc, view }: EventRouteKit): Route[] {
  return [
    route({
      method: 'POST',
      path: '/api/events/:id/rounds',
      summary: 'Pair and start the next round (Swiss, then the top cut); its tables start at once',
      limit: 'commands',
      auth: 'organiser token',
      params: P,
      responses: { 200: { description: 'the event after', schema: C.EventView }, ...refusals },
      async handle({ params, claims }) {
        const c = need(claims, ['organiser'], 'starting a round');
        const { state } = await svc.load(params.id);
        await svc.command(params.id, { type: 'StartRound', round: state.rounds.length + 1 }, actorOf(c));
        await svc.react(params.id);
        return view(params.id);
      },
    }),
    route({
      method: 'POST',
      path: '/api/events/:id/time',
      summary:
        'Call time in the current round now (the round clock does it at its end): extra turns, then draws',
      limit: 'commands',
      auth: 'organiser or judge token',
      params: P,
      responses: { 200: { description: 'the event after', schema: C.EventView }, ...refusals },
      async handle({ params, claims }) {
        const c = need(claims, ['organiser', 'judge'], 'calling time');
        const { state } = await svc.load(params.id);
        await svc.command(params.id, { type: 'CallTime', round: state.rounds.length }, actorOf(c));
        await svc.react(params.id);
        return view(params.id);
      },
    }),
    route({
      method: 'POST',
      path: '/api/events/:id/results',
      summary: "A judge's ruling on a pairing (game loss, match loss, draw, correction), with its reason",
      limit: 'commands',
      auth: 'judge token',
      params: P,
      body: C.RulingBody,
      responses: { 200: { description: 'the event after', schema: C.EventView }, ...refusals },
      async handle({ params, claims, body }) {
        const c = need(claims, ['judge'], 'recording a ruling');
        await svc.command(params.id, { type: 'RecordResult', ...body }, actorOf(c));
        await svc.react(params.id);
        return view(params.id);
      },
    }),
  ];
}

/** A player's own view of the event, and the organiser's invites. */
function eventPlayerRoutes({ ctx, svc }: EventRouteKit): Route[] {
  return [
    route({
      method: 'GET',
      path: '/api/events/:id/me',
      summary: "The player's own pairing and table (with the seat's join link)",
      limit: 'reads',
      auth: 'player token',
      params: P,
      responses: { 200: { description: 'your event', schema: C.MyEvent }, ...refusals },
      handle: async ({ params, claims }) => mine(svc, params.id, playerOf(claims, params.id)),
    }),
    route({
      method: 'GET',
      path: '/api/events/:id/invites',
      summary:
        "The players' invite links (organiser: all of them, from any browser; a player's token: their own)",
      limit: 'reads',
      auth: 'organiser token, or a player token for their own',
      params: P,
      responses: { 200: { description: 'invite links', schema: C.Invite.array() }, ...refusals },
      async handle({ params, claims, reply }) {
        reply.header('cache-control', 'no-store');
        return invites(ctx, svc, params.id, claims);
      },
    }),
  ];
}

/** The featured table: read it, follow it live (SSE), choose it. */
function featuredRoutes({ ctx, svc, featuredLive }: EventRouteKit): Route[] {
  return [
    route({
      method: 'GET',
      path: '/api/events/:id/featured',
      summary:
        "The featured table and its current game as of now − the event's delay (what the event overlays follow)",
      limit: 'reads',
      params: P,
      responses: { 200: { description: 'featured table', schema: C.FeaturedView }, ...refusals },
      async handle({ params, reply }) {
        const { state, events } = await svc.load(params.id);
        reply.header('cache-control', 'no-store');
        return featuredView(params.id, state, events, ctx.now());
      },
    }),
    route({
      method: 'GET',
      path: '/api/events/:id/featured/live',
      summary:
        "Server-sent events: `event: featured` with the FeaturedView now and at each change, each sent when now − the event's delay reaches it (as GET /featured would answer then)",
      limit: 'reads',
      stream: true,
      params: P,
      responses: {
        200: { description: 'event stream', contentType: 'text/event-stream' },
        404: err('no such event'),
        429: err('too many live streams for this address (Retry-After)'),
      },
      async handle({ params, req, reply }) {
        await svc.load(params.id); // 404 before the stream opens
        const slot = ctx.gateway.admit({ address: req.ip, token: null });
        if (!slot.ok) {
          reply.header('retry-after', String(slot.retryAfterSeconds));
          throw new HostError(429, 'too_many_streams', slot.message);
        }
        reply.raw.on('close', slot.release);
        reply.hijack();
        await featuredLive.serve(reply.raw, params.id);
      },
    }),
    route({
      method: 'POST',
      path: '/api/events/:id/featured',
      summary: 'Feature a table (the event overlays follow it after the delay); table null features none',
      limit: 'commands',
      auth: 'coverage or organiser token',
      params: P,
      body: C.FeatureBody,
      responses: {
        200: {
          description: 'the featured table after the switch, as the overlays will show it',
          schema: C.FeaturedView,
        },
        ...refusals,
      },
      async handle({ params, claims, body }) {
        const c = need(claims, ['coverage', 'organiser'], 'featuring a table');
        await svc.command(
          params.id,
          { type: 'FeatureTable', round: body.round, table: body.table },
          actorOf(c),
        );
        const { state, events } = await svc.load(params.id);
        return featuredView(params.id, state, events, ctx.now());
      },
    }),
  ];
}

/** Standings, pairings and the event's stream as files; rebuilding its projection. */
function eventExportRoutes({ ctx, svc, view }: EventRouteKit): Route[] {
  return [
    route({
      method: 'GET',
      path: '/api/events/:id/standings.csv',
      summary: 'The published standings as CSV',
      limit: 'reads',
      params: P,
      responses: { 200: { description: 'CSV', contentType: 'text/csv' }, ...refusals },
      async handle({ params, reply }) {
        const { state } = await svc.load(params.id);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .send(standingsCsv(state.published?.standings ?? []));
      },
    }),
    route({
      method: 'GET',
      path: '/api/events/:id/pairings.csv',
      summary: 'Every round’s pairings and results as CSV',
      limit: 'reads',
      params: P,
      responses: { 200: { description: 'CSV', contentType: 'text/csv' }, ...refusals },
      async handle({ params, reply }) {
        const { state } = await svc.load(params.id);
        return reply.header('content-type', 'text/csv; charset=utf-8').send(pairingsCsv(state));
      },
    }),
    route({
      method: 'GET',
      path: '/api/events/:id/standings.json',
      summary: 'The published standings as JSON',
      limit: 'reads',
      params: P,
      responses: { 200: { description: 'standings', schema: C.StandingView.array() }, ...refusals },
      handle: async ({ params }) => (await view(params.id)).standings,
    }),
    route({
      method: 'GET',
      path: '/api/events/:id/pairings.json',
      summary: 'Every round’s pairings and results as JSON',
      limit: 'reads',
      params: P,
      responses: { 200: { description: 'rounds', schema: C.RoundView.array() }, ...refusals },
      handle: async ({ params }) => (await view(params.id)).rounds,
    }),
    route({
      method: 'GET',
      path: '/api/events/:id/stream.jsonl',
      summary: 'The event stream (hash-chained; `matchtape verify` checks it)',
      limit: 'meta',
      auth: 'organiser or judge token',
      params: P,
      responses: {
        200: { description: 'one event per line', contentType: 'application/x-ndjson' },
        ...refusals,
      },
      async handle({ params, claims, reply }) {
        need(claims, ['organiser', 'judge'], 'the event stream (it holds decklists)');
        if (!(await getTournament(ctx.store, params.id)))
          throw new HostError(404, 'event_not_found', `no event ${params.id}`);
        const events = await readTournament(ctx.store, params.id);
        reply.header('content-type', 'application/x-ndjson; charset=utf-8');
        return reply.send(
          [
            JSON.stringify({ format: EVENT_STREAM_FORMAT, eventId: params.id }),
            ...events.map((e) => JSON.stringify(e)),
          ].join('\n') + '\n',
        );
      },
    }),
    route({
      method: 'POST',
      path: '/api/events/:id/projection/rebuild',
      summary: 'Rebuild the standings projection from the stream; answers whether it equals the live one',
      limit: 'meta',
      auth: 'organiser token',
      params: P,
      responses: { 200: { description: 'live and rebuilt' }, ...refusals },
      async handle({ params, claims }) {
        need(claims, ['organiser'], 'rebuilding the projection');
        const live = (await getTournament(ctx.store, params.id))?.doc;
        if (!live) throw new HostError(404, 'event_not_found', `no event ${params.id}`);
        const rebuilt = await svc.rebuild(params.id);
        // jsonb keeps keys in its own order: compare canonical JSON.
        return { live, rebuilt, equal: canonicalJson(live) === canonicalJson(rebuilt) };
      },
    }),
  ];
}

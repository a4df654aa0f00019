// The player's table over HTTP (contract.ts lists the routes). Tables whose seats all have decks are created as
// matches at once; the others wait in a lobby (store: table_lobbies) until the last deck comes in.
import { timeAddedDraft, type AnyGameModule, type DeckList, type PlayerId } from '@matchtape/engine';
import { claimLobbyStart, createLobby, getLobby, setLobbyDeck, type MatchRecord } from '@matchtape/store';
import { mintToken, verifyToken, type TokenClaims } from '../auth/tokens';
import type { RouteContext, RouteModule } from '../http/context';
import { route } from '../http/route';
import { HostError, parseHostedConfig } from '../host/engine-host';
import { coverageDelayOf } from '../http/refusals';
import { ErrorBody, MatchIdParams, ViewQuery } from '../http/schemas';
import { resolveAccess, type Access } from '../viewers';
import { ClockKeeper, matchClock } from './clock-keeper';
import * as C from './contract';
import { deckInput, deckText, resolveDeck } from './decks';
import { tableActions } from './offers';
import { tableOf, type TableConfig } from './table-config';

const SEAT_TTL_SECONDS = 7 * 24 * 3600;

interface LobbyDoc {
  table: TableConfig;
  decks: Partial<Record<string, DeckList>>;
  spectatorDelaySeconds: number;
  coverageDelaySeconds: number;
  revealPolicy: 'hidden' | 'reveal-all';
  started?: true;
}

/** True when a POST /api/matches body asks for a player table (contract.ts): a player `kind` or a `clock`. */
export function isTableRequest(body: unknown): boolean {
  if (body === null || typeof body !== 'object') return false;
  const b = body as { clock?: unknown; players?: unknown };
  return (
    b.clock !== undefined ||
    (Array.isArray(b.players) && b.players.some((p) => p !== null && typeof p === 'object' && 'kind' in p))
  );
}

const seatId = (i: number): PlayerId => `p${i + 1}` as PlayerId;

function deckOrThrow(game: AnyGameModule, deck: string, seat: string): DeckList {
  const parsed = resolveDeck(game, deckInput(game, deck));
  if (parsed.ok) return parsed.deck;
  const bad = parsed.lines
    .filter((l) => !l.ok)
    .map((l) => (l.line ? `line ${l.line}: ${l.message}` : l.message));
  throw Object.assign(
    new HostError(422, 'invalid_deck', `the deck of ${seat} is not legal for ${game.id}: ${bad.join('; ')}`),
    { lines: parsed.lines },
  );
}

/** Starts the match of a lobby whose seats all have decks (once, whoever calls). */
async function startIfReady(
  ctx: RouteContext,
  matchId: string,
  doc: LobbyDoc,
  game: AnyGameModule,
): Promise<boolean> {
  const decks = doc.table.players.map((_, i) => doc.decks[seatId(i)]);
  if (decks.some((d) => d === undefined)) return false;
  if (!(await claimLobbyStart(ctx.store, matchId))) return true;
  await ctx.host.createMatch({
    matchId,
    game: game.id,
    players: doc.table.players.map((p, i) => ({ name: p.name, deck: decks[i]!, bot: p.bot })),
    spectatorDelaySeconds: doc.spectatorDelaySeconds,
    coverageDelaySeconds: doc.coverageDelaySeconds,
    revealPolicy: doc.revealPolicy,
    extra: { table: doc.table },
  });
  return true;
}

function newMatchId(): string {
  return `m_${Buffer.from(crypto.getRandomValues(new Uint8Array(9))).toString('base64url')}`;
}

/** Creates a table: POST /api/matches with a table body (the organiser check is the caller's). */
export async function createTable(
  ctx: RouteContext,
  rawBody: unknown,
  opts: { practice?: boolean } = {},
): Promise<C.CreateTableResponse> {
  const body = C.CreateTableBody.parse(rawBody);
  const game = ctx.host.game(body.game);
  const presets = Object.keys(game.presetDecks);
  const coverage = coverageDelayOf(body);
  const decks: LobbyDoc['decks'] = {};
  const table: TableConfig = {
    players: body.players.map((p, i) => {
      if (p.kind === 'person' && p.bot)
        throw new HostError(
          400,
          'bad_request',
          `players[${i}] is a person and names a bot; drop "bot" or say kind: "bot"`,
        );
      const deck = p.deck ?? (p.kind === 'bot' ? presets[i % presets.length] : undefined);
      if (deck !== undefined) decks[seatId(i)] = deckOrThrow(game, deck, seatId(i));
      return { name: p.name, kind: p.kind, bot: p.kind === 'bot' ? (p.bot ?? 'greedy') : null };
    }),
    clock: body.clock,
    practice: opts.practice ?? false,
  };
  const matchId = newMatchId();
  const doc: LobbyDoc = {
    table,
    decks,
    spectatorDelaySeconds: body.spectatorDelaySeconds,
    coverageDelaySeconds: coverage,
    revealPolicy: body.revealPolicy,
  };
  await createLobby(ctx.store, {
    matchId,
    game: game.id,
    doc: doc as unknown as Record<string, unknown>,
    createdAt: ctx.now().toISOString(),
  });
  const started = await startIfReady(ctx, matchId, doc, game);
  const seats: Record<string, string> = {};
  const invites: Record<string, string> = {};
  table.players.forEach((p, i) => {
    const token = mintToken({ role: 'seat', matchId, seat: seatId(i), ttlSeconds: SEAT_TTL_SECONDS });
    seats[seatId(i)] = token;
    // The seat token is the invite code: unguessable and self-verifying; the join page moves it out of the URL.
    if (p.kind === 'person') invites[seatId(i)] = `/join/${token}`;
  });
  return {
    matchId,
    game: game.id,
    seats,
    invites,
    status: started ? 'playing' : 'waiting-deck',
    spectatorDelaySeconds: body.spectatorDelaySeconds,
    coverageDelaySeconds: coverage,
  };
}

/** The seat a seat token names, for this match. */
function seatOf(claims: TokenClaims | null, id: string): { claims: TokenClaims; seat: PlayerId } {
  if (!claims)
    throw new HostError(
      401,
      'missing_token',
      'send your seat token as "Authorization: Bearer <token>" (the join page keeps it)',
    );
  if (claims.role !== 'seat' || !claims.seat)
    throw new HostError(
      403,
      'not_a_seat',
      `a ${claims.role} token has no seat; use the seat token from your invite`,
    );
  if (claims.matchId !== id)
    throw new HostError(403, 'wrong_match', `this seat token is for match ${claims.matchId}, not ${id}`);
  return { claims, seat: claims.seat as PlayerId };
}

/** Where a table stands: its lobby while it waits for decks, its match once it runs. */
async function tableState(
  ctx: RouteContext,
  id: string,
): Promise<{
  game: AnyGameModule;
  lobby: LobbyDoc | null;
  record: MatchRecord | null;
  table: TableConfig | null;
  names: string[];
  bots: boolean[];
}> {
  const record = await ctx.store.getMatch(id);
  if (record) {
    const hosted = parseHostedConfig(record);
    return {
      game: ctx.host.game(record.game),
      lobby: null,
      record,
      table: tableOf(record),
      names: hosted.matchConfig.players.map((p) => p.name),
      bots: hosted.matchConfig.players.map((p) => hosted.bots[p.id] !== undefined),
    };
  }
  const lobby = await getLobby<LobbyDoc>(ctx.store, id);
  if (!lobby)
    throw new HostError(404, 'match_not_found', `no match ${id}; ask the organiser for a new invite`);
  return {
    game: ctx.host.game(lobby.game),
    lobby: lobby.doc,
    record: null,
    table: lobby.doc.table,
    names: lobby.doc.table.players.map((p) => p.name),
    bots: lobby.doc.table.players.map((p) => p.kind === 'bot'),
  };
}

/** A table's clock as a viewer sees the match: a delayed spectator's clock stands where their board stands. */
export async function clockForViewer(
  ctx: Pick<RouteContext, 'store' | 'host' | 'sight' | 'now'>,
  rec: MatchRecord,
  access: Access,
): Promise<C.ClockState | null> {
  if ((tableOf(rec)?.clock.kind ?? 'none') === 'none') return null;
  const now = ctx.now().getTime() - access.delaySeconds * 1000;
  return matchClock(ctx.store, ctx.host, rec, now, await ctx.sight.events(rec, access));
}

const err = (description: string) => ({ description, schema: ErrorBody });
const seatRefusals = {
  400: err('invalid request'),
  401: err('missing or bad token'),
  403: err('not a seat token of this match'),
  404: err('no such match'),
  429: err('rate limited'),
};

/** The seat's actions now (contract.ts TableActions): the deck step while the table waits, else one offer per legal command. */
async function actionsOf(ctx: RouteContext, id: string, seat: PlayerId): Promise<C.TableActions> {
  const t = await tableState(ctx, id);
  if (!t.record) {
    const submitted = t.lobby!.decks[seat] !== undefined;
    const waiting = t.names
      .map((_, i) => seatId(i))
      .find((s) => s !== seat && t.lobby!.decks[s] === undefined);
    const name = waiting ? t.names[Number(waiting.slice(1)) - 1]! : '';
    return {
      seq: 0,
      status: 'waiting-deck',
      you: seat,
      waitingFor: waiting ? { seat: waiting, name, text: `Waiting for ${name} to submit a deck` } : null,
      prompt: submitted ? null : { kind: 'deck', text: 'Submit your deck' },
      offers: [],
    };
  }
  const { game, state, lastSeq } = await ctx.host.current(id);
  return tableActions(game, state, seat, lastSeq);
}

/** The bearer's seat: opponents (connected or not), the deck step, status and clock. */
async function seatInfo(ctx: RouteContext, id: string, seat: PlayerId): Promise<C.SeatInfo> {
  const t = await tableState(ctx, id);
  const status: C.TableStatus = t.record
    ? t.record.status === 'ended'
      ? 'ended'
      : 'playing'
    : 'waiting-deck';
  const seats = t.names.map((_, i) => seatId(i));
  const hasDeck = (s: string): boolean => (t.lobby ? t.lobby.decks[s] !== undefined : true);
  const out: C.SeatInfo = {
    matchId: id,
    game: t.game.id,
    seat,
    name: t.names[seats.indexOf(seat)] ?? seat,
    opponents: seats
      .filter((s) => s !== seat)
      .map((s) => ({
        seat: s,
        name: t.names[seats.indexOf(s)]!,
        bot: t.bots[seats.indexOf(s)]!,
        connected: t.bots[seats.indexOf(s)]! || ctx.gateway.seatConnected(id, s),
        deckSubmitted: hasDeck(s),
      })),
    deck: {
      submitted: hasDeck(seat),
      presets: Object.keys(t.game.presetDecks),
      presetTexts: Object.fromEntries(
        Object.entries(t.game.presetDecks).map(([name, d]) => [name, deckText(t.game, d)]),
      ),
    },
    status,
    practice: t.table?.practice ?? false,
  };
  const clock = t.record ? await matchClock(ctx.store, ctx.host, t.record, ctx.now().getTime()) : null;
  return clock ? { ...out, clock } : out;
}

/** A judge adds time to a seat's clock: a TimeAdded event on the match stream, counted by matchClock. */
async function addTime(
  ctx: RouteContext,
  keeper: ClockKeeper,
  id: string,
  claims: TokenClaims | null,
  body: C.AddTimeBody,
): Promise<C.ClockState> {
  if (claims?.role !== 'judge')
    throw new HostError(
      claims ? 403 : 401,
      claims ? 'not_a_judge' : 'missing_token',
      'adding time needs a judge token ("Authorization: Bearer <token>")',
    );
  const rec = await ctx.record(id);
  const table = tableOf(rec);
  if (!table || table.clock.kind === 'none') throw new HostError(409, 'no_clock', `match ${id} has no clock`);
  if (rec.status === 'ended') throw new HostError(409, 'match_ended', `match ${id} has ended`);
  if (Number(body.seat.slice(1)) > table.players.length)
    throw new HostError(400, 'bad_request', `match ${id} has no seat ${body.seat}`);
  const added = await ctx.host.appendSystem(id, () => [
    timeAddedDraft(body.seat as PlayerId, body.addSeconds * 1000, claims.jti),
  ]);
  if (added.length === 0) throw new HostError(409, 'match_ended', `match ${id} has ended`);
  await keeper.arm(id);
  return (await matchClock(ctx.store, ctx.host, rec, ctx.now().getTime()))!;
}

/** Practice: the caller is p1 against a greedy bot, no token needed. */
async function practice(ctx: RouteContext, body: C.PracticeBody): Promise<C.PracticeResponse> {
  const deck = body.deck ?? Object.keys(ctx.host.game(body.game).presetDecks)[0];
  const created = await createTable(
    ctx,
    {
      game: body.game,
      players: [
        { name: body.name, kind: 'person', ...(deck ? { deck } : {}) },
        { name: 'Greedy', kind: 'bot', bot: 'greedy' },
      ],
    },
    { practice: true },
  );
  return { matchId: created.matchId, seat: 'p1', seatToken: created.seats.p1!, practice: true };
}

/** An invite code (the seat token) → the seat it names; idempotent. */
async function join(ctx: RouteContext, code: string): Promise<C.JoinResponse> {
  const v = verifyToken(code);
  if (!v.ok || v.claims.role !== 'seat' || !v.claims.matchId || !v.claims.seat)
    throw new HostError(
      404,
      'unknown_invite',
      `this invite link is not valid (${v.ok ? 'not a seat invite' : v.reason}); ask the organiser for the link again`,
    );
  const t = await tableState(ctx, v.claims.matchId);
  const index = Number(v.claims.seat.slice(1)) - 1;
  return {
    matchId: v.claims.matchId,
    seat: v.claims.seat,
    seatToken: code,
    name: t.names[index] ?? v.claims.seat,
  };
}

/** A seat's deck before the match: refused line by line (422), or kept; the match starts when every seat has one. */
async function submitDeck(
  ctx: RouteContext,
  id: string,
  seat: PlayerId,
  body: C.DeckBody,
): Promise<{ status: 200 | 422; body: C.DeckAccepted | C.DeckRefused }> {
  const t = await tableState(ctx, id);
  if (!t.lobby)
    throw new HostError(409, 'match_started', `match ${id} has started; decks can no longer change`);
  const parsed = resolveDeck(t.game, body);
  if (!parsed.ok) return { status: 422, body: { ok: false, lines: parsed.lines } };
  const lobby = await setLobbyDeck<LobbyDoc>(ctx.store, id, seat, parsed.deck);
  if (!lobby) throw new HostError(404, 'match_not_found', `no match ${id}`);
  if (lobby.doc.started)
    throw new HostError(409, 'match_started', `match ${id} has started; decks can no longer change`);
  const started = await startIfReady(ctx, id, lobby.doc, t.game);
  return { status: 200, body: { ok: true, status: started ? 'playing' : 'waiting-deck' } };
}

export const tableRoutes: RouteModule = (ctx) => {
  const keeper = new ClockKeeper(ctx, (matchId, e) =>
    ctx.log.error({ matchId, err: e }, 'clock keeper failed; it tries again on the next append'),
  );
  ctx.onReady(() => keeper.start());
  ctx.onClose(async () => keeper.stop());
  const seat = 'seat token';
  return [
    route({
      method: 'GET',
      path: '/api/matches/:id/clock',
      summary: "The match's clock as the caller sees the match (its view and delay)",
      limit: 'reads',
      params: MatchIdParams,
      query: ViewQuery,
      responses: { 200: { description: 'clock', schema: C.ClockState }, ...seatRefusals },
      async handle({ params, query, claims }) {
        const rec = await ctx.record(params.id);
        return (
          (await clockForViewer(ctx, rec, resolveAccess(rec, claims, query.as, ctx.now().getTime()))) ?? {
            kind: 'none',
            remainingMs: {},
            running: null,
            asOf: ctx.now().toISOString(),
          }
        );
      },
    }),
    route({
      method: 'POST',
      path: '/api/matches/:id/clock',
      summary: "Add time to a seat's clock",
      limit: 'commands',
      auth: 'judge token',
      params: MatchIdParams,
      body: C.AddTimeBody,
      responses: {
        200: { description: 'the clock after', schema: C.ClockState },
        409: err('no clock, or the match has ended'),
        ...seatRefusals,
      },
      handle: async ({ params, claims, body }) => addTime(ctx, keeper, params.id, claims, body),
    }),
    route({
      method: 'POST',
      path: '/api/practice',
      summary: 'Start a practice match against a greedy bot (no token; rate-limited per address)',
      limit: 'create',
      body: C.PracticeBody,
      responses: {
        201: { description: 'seated as p1', schema: C.PracticeResponse },
        400: err('invalid request'),
        404: err('unknown game'),
        422: err('invalid deck'),
        429: err('rate limited'),
      },
      handle: async ({ body, reply }) => reply.status(201).send(await practice(ctx, body)),
    }),
    route({
      method: 'POST',
      path: '/api/join',
      summary: 'Claim the seat of an invite code (idempotent: the same code always seats the same seat)',
      limit: 'reads',
      body: C.JoinBody,
      responses: {
        200: { description: 'seated', schema: C.JoinResponse },
        400: err('invalid request'),
        404: err('unknown invite'),
        429: err('rate limited'),
      },
      handle: async ({ body }) => join(ctx, body.code),
    }),
    route({
      method: 'GET',
      path: '/api/matches/:id/seat',
      summary: 'The seat of the bearer: opponents, deck step, status, clock',
      limit: 'reads',
      auth: seat,
      params: MatchIdParams,
      responses: { 200: { description: 'seat', schema: C.SeatInfo }, ...seatRefusals },
      handle: async ({ params, claims }) => seatInfo(ctx, params.id, seatOf(claims, params.id).seat),
    }),
    route({
      method: 'POST',
      path: '/api/matches/:id/deck',
      summary:
        "Submit the seat's deck (text or preset) before the match; the match starts when every seat has one",
      limit: 'commands',
      auth: seat,
      params: MatchIdParams,
      body: C.DeckBody,
      responses: {
        200: { description: 'accepted', schema: C.DeckAccepted },
        409: err('the match has started'),
        422: { description: 'refused, line by line', schema: C.DeckRefused },
        ...seatRefusals,
      },
      async handle({ params, claims, body, reply }) {
        const out = await submitDeck(ctx, params.id, seatOf(claims, params.id).seat, body);
        return reply.status(out.status).send(out.body);
      },
    }),
    route({
      method: 'GET',
      path: '/api/matches/:id/actions',
      summary: 'What the seat may do now: one offer per legal command, in words',
      limit: 'reads',
      auth: seat,
      params: MatchIdParams,
      responses: { 200: { description: 'actions', schema: C.TableActions }, ...seatRefusals },
      handle: async ({ params, claims }) => actionsOf(ctx, params.id, seatOf(claims, params.id).seat),
    }),
  ];
};

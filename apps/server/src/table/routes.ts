// The player's table over HTTP (contract.ts lists the routes). Tables whose seats all have decks are created as
// matches at once; the others wait in a lobby (store: table_lobbies) until the last deck comes in.
import type { FastifyRequest } from 'fastify';
import type { AnyGameModule, DeckList, PlayerId } from '@matchtape/engine';
import { claimLobbyStart, createLobby, getLobby, setLobbyDeck, type MatchRecord } from '@matchtape/store';
import { mintToken, verifyToken, type TokenClaims } from '../auth/tokens';
import type { RouteContext, RouteModule } from '../http/context';
import { HostError, parseHostedConfig } from '../host/engine-host';
import { MatchIdParams } from '../http/schemas';
import * as C from './contract';
import { deckInput, resolveDeck } from './decks';
import { tableActions } from './offers';

const SEAT_TTL_SECONDS = 7 * 24 * 3600;

/** What a table keeps, in its lobby while it waits and in the match's hosted config once it runs. */
export interface TableConfig {
  players: { name: string; kind: 'person' | 'bot'; bot: 'greedy' | 'random' | null }[];
  clock: C.ClockOption;
  practice: boolean;
}
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
  return b.clock !== undefined || (Array.isArray(b.players) && b.players.some((p) => p !== null && typeof p === 'object' && 'kind' in p));
}

/** The table part of a match's hosted config (absent for matches made before tables or without one). */
export function tableOf(r: MatchRecord): TableConfig | null {
  const t = (r.config as { table?: TableConfig }).table;
  return t && Array.isArray(t.players) ? t : null;
}

const seatId = (i: number): PlayerId => `p${i + 1}` as PlayerId;

function deckOrThrow(game: AnyGameModule, deck: string, seat: string): DeckList {
  const parsed = resolveDeck(game, deckInput(game, deck));
  if (parsed.ok) return parsed.deck;
  const bad = parsed.lines.filter((l) => !l.ok).map((l) => (l.line ? `line ${l.line}: ${l.message}` : l.message));
  throw Object.assign(new HostError(422, 'invalid_deck', `the deck of ${seat} is not legal for ${game.id}: ${bad.join('; ')}`), { lines: parsed.lines });
}

/** Starts the match of a lobby whose seats all have decks (once, whoever calls). */
async function startIfReady(ctx: RouteContext, matchId: string, doc: LobbyDoc, game: AnyGameModule): Promise<boolean> {
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
export async function createTable(ctx: RouteContext, rawBody: unknown, opts: { practice?: boolean } = {}): Promise<C.CreateTableResponse> {
  const body = C.CreateTableBody.parse(rawBody);
  const game = ctx.host.game(body.game);
  const presets = Object.keys(game.presetDecks);
  const coverage = body.coverageDelaySeconds ?? body.spectatorDelaySeconds;
  if (coverage > body.spectatorDelaySeconds)
    throw new HostError(400, 'bad_request', `coverageDelaySeconds (${coverage}) must not exceed spectatorDelaySeconds (${body.spectatorDelaySeconds})`);
  const decks: LobbyDoc['decks'] = {};
  const table: TableConfig = {
    players: body.players.map((p, i) => {
      if (p.kind === 'person' && p.bot) throw new HostError(400, 'bad_request', `players[${i}] is a person and names a bot; drop "bot" or say kind: "bot"`);
      const deck = p.deck ?? (p.kind === 'bot' ? presets[i % presets.length] : undefined);
      if (deck !== undefined) decks[seatId(i)] = deckOrThrow(game, deck, seatId(i));
      return { name: p.name, kind: p.kind, bot: p.kind === 'bot' ? (p.bot ?? 'greedy') : null };
    }),
    clock: body.clock,
    practice: opts.practice ?? false,
  };
  const matchId = newMatchId();
  const doc: LobbyDoc = { table, decks, spectatorDelaySeconds: body.spectatorDelaySeconds, coverageDelaySeconds: coverage, revealPolicy: body.revealPolicy };
  await createLobby(ctx.store, { matchId, game: game.id, doc: doc as unknown as Record<string, unknown>, createdAt: ctx.now().toISOString() });
  const started = await startIfReady(ctx, matchId, doc, game);
  const seats: Record<string, string> = {};
  const invites: Record<string, string> = {};
  table.players.forEach((p, i) => {
    const token = mintToken({ role: 'seat', matchId, seat: seatId(i), ttlSeconds: SEAT_TTL_SECONDS });
    seats[seatId(i)] = token;
    // The seat token is the invite code: unguessable and self-verifying; the join page moves it out of the URL.
    if (p.kind === 'person') invites[seatId(i)] = `/join/${token}`;
  });
  return { matchId, game: game.id, seats, invites, status: started ? 'playing' : 'waiting-deck', spectatorDelaySeconds: body.spectatorDelaySeconds, coverageDelaySeconds: coverage };
}

/** The seat a seat token names, for this match. */
function seatOf(ctx: RouteContext, req: FastifyRequest, id: string): { claims: TokenClaims; seat: PlayerId } {
  const claims = ctx.claimsFor(req, {});
  if (!claims) throw new HostError(401, 'missing_token', 'send your seat token as "Authorization: Bearer <token>" (the join page keeps it)');
  if (claims.role !== 'seat' || !claims.seat) throw new HostError(403, 'not_a_seat', `a ${claims.role} token has no seat; use the seat token from your invite`);
  if (claims.matchId !== id) throw new HostError(403, 'wrong_match', `this seat token is for match ${claims.matchId}, not ${id}`);
  return { claims, seat: claims.seat as PlayerId };
}

/** Where a table stands: its lobby while it waits for decks, its match once it runs. */
async function tableState(ctx: RouteContext, id: string): Promise<{ game: AnyGameModule; lobby: LobbyDoc | null; record: MatchRecord | null; table: TableConfig | null; names: string[]; bots: boolean[] }> {
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
  if (!lobby) throw new HostError(404, 'match_not_found', `no match ${id}; ask the organiser for a new invite`);
  return { game: ctx.host.game(lobby.game), lobby: lobby.doc, record: null, table: lobby.doc.table, names: lobby.doc.table.players.map((p) => p.name), bots: lobby.doc.table.players.map((p) => p.kind === 'bot') };
}

export const tableRoutes: RouteModule = (app, ctx) => {
  app.post('/api/practice', async (req, reply) => {
    ctx.limit(req, reply, null, 'create');
    const body = C.PracticeBody.parse(req.body ?? {});
    const created = await createTable(
      ctx,
      { game: body.game, players: [{ name: body.name, kind: 'person', ...(body.deck ? { deck: body.deck } : { deck: Object.keys(ctx.host.game(body.game).presetDecks)[0] }) }, { name: 'Greedy', kind: 'bot', bot: 'greedy' }] },
      { practice: true },
    );
    const out: C.PracticeResponse = { matchId: created.matchId, seat: 'p1', seatToken: created.seats.p1!, practice: true };
    return reply.status(201).send(out);
  });

  app.post('/api/join', async (req, reply) => {
    ctx.limit(req, reply, null, 'reads');
    const { code } = C.JoinBody.parse(req.body ?? {});
    const v = verifyToken(code);
    if (!v.ok || v.claims.role !== 'seat' || !v.claims.matchId || !v.claims.seat)
      throw new HostError(404, 'unknown_invite', `this invite link is not valid (${v.ok ? 'not a seat invite' : v.reason}); ask the organiser for the link again`);
    const t = await tableState(ctx, v.claims.matchId);
    const index = Number(v.claims.seat.slice(1)) - 1;
    const out: C.JoinResponse = { matchId: v.claims.matchId, seat: v.claims.seat, seatToken: code, name: t.names[index] ?? v.claims.seat };
    return out;
  });

  app.get('/api/matches/:id/seat', async (req, reply) => {
    const { id } = MatchIdParams.parse(req.params);
    const { claims, seat } = seatOf(ctx, req, id);
    ctx.limit(req, reply, claims, 'reads');
    const t = await tableState(ctx, id);
    const status: C.TableStatus = t.record ? (t.record.status === 'ended' ? 'ended' : 'playing') : 'waiting-deck';
    const seats = t.names.map((_, i) => seatId(i));
    const hasDeck = (s: string): boolean => (t.lobby ? t.lobby.decks[s] !== undefined : true);
    const out: C.SeatInfo = {
      matchId: id,
      game: t.game.id,
      seat,
      name: t.names[seats.indexOf(seat)] ?? seat,
      opponents: seats
        .filter((s) => s !== seat)
        .map((s) => ({ seat: s, name: t.names[seats.indexOf(s)]!, bot: t.bots[seats.indexOf(s)]!, connected: t.bots[seats.indexOf(s)]! || ctx.gateway.seatConnected(id, s), deckSubmitted: hasDeck(s) })),
      deck: { submitted: hasDeck(seat), presets: Object.keys(t.game.presetDecks) },
      status,
      practice: t.table?.practice ?? false,
    };
    return out;
  });

  app.post('/api/matches/:id/deck', async (req, reply) => {
    const { id } = MatchIdParams.parse(req.params);
    const { claims, seat } = seatOf(ctx, req, id);
    ctx.limit(req, reply, claims, 'commands');
    const body = C.DeckBody.parse(req.body ?? {});
    const t = await tableState(ctx, id);
    if (!t.lobby) throw new HostError(409, 'match_started', `match ${id} has started; decks can no longer change`);
    const parsed = resolveDeck(t.game, body);
    if (!parsed.ok) return reply.status(422).send({ ok: false, lines: parsed.lines } satisfies C.DeckRefused);
    const lobby = await setLobbyDeck<LobbyDoc>(ctx.store, id, seat, parsed.deck);
    if (!lobby) throw new HostError(404, 'match_not_found', `no match ${id}`);
    if (lobby.doc.started) throw new HostError(409, 'match_started', `match ${id} has started; decks can no longer change`);
    const started = await startIfReady(ctx, id, lobby.doc, t.game);
    const out: C.DeckAccepted = { ok: true, status: started ? 'playing' : 'waiting-deck' };
    return out;
  });

  app.get('/api/matches/:id/actions', async (req, reply) => {
    const { id } = MatchIdParams.parse(req.params);
    const { claims, seat } = seatOf(ctx, req, id);
    ctx.limit(req, reply, claims, 'reads');
    const t = await tableState(ctx, id);
    if (!t.record) {
      const submitted = t.lobby!.decks[seat] !== undefined;
      const waiting = t.names.map((_, i) => seatId(i)).find((s) => s !== seat && t.lobby!.decks[s] === undefined);
      const name = waiting ? t.names[Number(waiting.slice(1)) - 1]! : '';
      const out: C.TableActions = {
        seq: 0,
        status: 'waiting-deck',
        you: seat,
        waitingFor: waiting ? { seat: waiting, name, text: `Waiting for ${name} to submit a deck` } : null,
        prompt: submitted ? null : { kind: 'deck', text: 'Submit your deck' },
        offers: [],
      };
      return out;
    }
    const { game, state, lastSeq } = await ctx.host.current(id);
    return tableActions(game, state, seat, lastSeq);
  });
};

// The site's client of the server's HTTP API (ARCHITECTURE.md §5), reached through the /api proxy.
// Responses are checked at the boundary with zod; anything unexpected becomes an ApiError that says what.
import { ViewEnvelopeSchema as ViewEnvelope, type EventEnvelope } from '@matchtape/engine';
import type { MatchSummary } from '@matchtape/projections';
// The server's response types, from its contract module (types only: nothing of the server is bundled).
import type {
  EventsResponse,
  MatchListItemResponse,
  StateResponse,
  WindowResponse,
} from '@matchtape/server/contract';
import { z } from 'zod';
import type { Perspective } from './viewer';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

const PlayerSchema = z
  .object({ id: z.string(), name: z.string().optional().nullable(), bot: z.string().optional().nullable() })
  .loose();

/** A match as lists show it. The server's shape is read leniently: fields may sit at the top or in `summary`. */
export interface MatchListItem extends Pick<
  MatchSummary,
  'matchId' | 'game' | 'status' | 'step' | 'activePlayer' | 'winner' | 'result' | 'lastSeq' | 'lastAt'
> {
  gameTitle: string | null;
  players: { id: string; name: string }[];
  /** Null where the server did not send them (read leniently, top level or `summary`). */
  turn: number | null;
  phase: string | null;
  createdAt: string | null;
  spectators: number | null;
  spectatorDelaySeconds: number | null;
  /** A practice match (a player against the bot, from "Play against a bot"). */
  practice: boolean;
  /** The event (tournament) the match is a table of, when the server says so. */
  eventId: string | null;
  /** The event's round, table and game this match is (its round clock is the event's), when it is one. */
  eventTable: EventTable | null;
  /** Marked as its event's featured table, when the server says so. */
  featured: boolean;
  /** A judge's fork: the match it was forked from and at which seq (null for a match that is not a fork). */
  forkOf: { matchId: string; seq: number } | null;
}

const ForkOfSchema = z.object({ matchId: z.string(), seq: z.number() }).loose();

const RawMatchSchema = z
  .object({
    matchId: z.string().optional(),
    id: z.string().optional(),
    game: z.string(),
    status: z.enum(['setup', 'playing', 'ended']).optional(),
    summary: z.record(z.string(), z.unknown()).optional().nullable(),
  })
  .loose() satisfies z.ZodType<Partial<MatchListItemResponse>, unknown>;

function num(x: unknown): number | null {
  return typeof x === 'number' && Number.isFinite(x) ? x : null;
}
function str(x: unknown): string | null {
  return typeof x === 'string' ? x : null;
}

export function normalizeMatch(raw: unknown): MatchListItem {
  const m = RawMatchSchema.parse(raw);
  const top = m as Record<string, unknown>;
  const sum = (m.summary ?? {}) as Record<string, unknown>;
  const pick = (k: string): unknown => (top[k] !== undefined ? top[k] : sum[k]);
  const matchId = m.matchId ?? m.id ?? str(sum.matchId);
  if (!matchId) throw new Error('a match in the server response has no matchId');
  const playersRaw = pick('players');
  const players = Array.isArray(playersRaw)
    ? playersRaw.flatMap((p) => {
        const r = PlayerSchema.safeParse(p);
        return r.success ? [{ id: r.data.id, name: r.data.name ?? r.data.id }] : [];
      })
    : [];
  const status = (m.status ?? sum.status ?? 'playing') as MatchListItem['status'];
  return {
    matchId,
    game: m.game,
    gameTitle: str(pick('gameTitle')),
    status,
    players,
    turn: num(pick('turn')),
    phase: str(pick('phase')),
    step: str(pick('step')),
    activePlayer: str(pick('activePlayer')),
    winner: str(pick('winner')),
    result: str(pick('result')),
    lastSeq: num(pick('lastSeq')) ?? 0,
    lastAt: str(pick('lastAt')),
    createdAt: str(pick('createdAt')),
    spectators: num(pick('spectatorsWatching')) ?? num(pick('spectators')),
    spectatorDelaySeconds: num(pick('spectatorDelaySeconds')) ?? num(pick('delaySeconds')),
    practice: pick('practice') === true,
    eventId: str(pick('eventId')),
    eventTable: eventTableOf(pick('eventTable')),
    featured: pick('featured') === true,
    forkOf: forkOfOf(pick('forkOf')),
  };
}

const EventTableSchema = z
  .object({ eventId: z.string(), round: z.number(), table: z.number(), game: z.number() })
  .loose();
export interface EventTable {
  eventId: string;
  round: number;
  table: number;
  game: number;
}

function eventTableOf(x: unknown): EventTable | null {
  const r = EventTableSchema.safeParse(x);
  return r.success
    ? { eventId: r.data.eventId, round: r.data.round, table: r.data.table, game: r.data.game }
    : null;
}

function forkOfOf(x: unknown): MatchListItem['forkOf'] {
  const r = ForkOfSchema.safeParse(x);
  return r.success ? { matchId: r.data.matchId, seq: r.data.seq } : null;
}

export interface Auth {
  token: string | null;
}

function headers(auth: Auth, extra: Record<string, string> = {}): Record<string, string> {
  return auth.token ? { ...extra, authorization: `Bearer ${auth.token}` } : extra;
}

async function getJson(url: string, auth: Auth, signal?: AbortSignal): Promise<unknown> {
  return requestJson(url, auth, { signal });
}

/** A JSON request to the API (GET unless a method is given; `body` is sent as JSON); errors as ApiError. */
export async function requestJson(
  url: string,
  auth: Auth,
  init: { method?: string; body?: unknown; signal?: AbortSignal | undefined } = {},
): Promise<unknown> {
  let res: Response;
  try {
    const extra: Record<string, string> =
      init.body === undefined
        ? { accept: 'application/json' }
        : { accept: 'application/json', 'content-type': 'application/json' };
    res = await fetch(url, {
      method: init.method ?? 'GET',
      headers: headers(auth, extra),
      signal: init.signal,
      cache: 'no-store',
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    });
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw new ApiError('The server cannot be reached. Check that it is running; retrying…', 0);
  }
  const text = await res.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (!res.ok) {
    const msg =
      body && typeof body === 'object'
        ? (str((body as Record<string, unknown>).message) ?? str((body as Record<string, unknown>).error))
        : null;
    throw new ApiError(
      msg ?? `${res.status} ${res.statusText || 'error'} from ${url.split('?')[0]}`,
      res.status,
    );
  }
  return body;
}

/** Features a table of an event (or none): the event overlays follow it after the event's delay. */
export async function featureTable(
  eventId: string,
  token: string,
  round: number,
  table: number | null,
): Promise<void> {
  await requestJson(
    `/api/events/${encodeURIComponent(eventId)}/featured`,
    { token },
    { method: 'POST', body: { round, table } },
  );
}

export async function listMatches(
  filter: { game?: string; status?: string },
  signal?: AbortSignal,
): Promise<MatchListItem[]> {
  const q = new URLSearchParams();
  if (filter.game) q.set('game', filter.game);
  if (filter.status) q.set('status', filter.status);
  const body = await getJson(`/api/matches${q.size ? `?${q}` : ''}`, { token: null }, signal);
  const list = Array.isArray(body) ? body : ((body as Record<string, unknown> | null)?.matches ?? []);
  if (!Array.isArray(list)) throw new ApiError('the server sent a match list that is not a list', 500);
  return list.map(normalizeMatch);
}

export async function getMatch(matchId: string, auth: Auth, signal?: AbortSignal): Promise<MatchListItem> {
  const body = await getJson(`/api/matches/${encodeURIComponent(matchId)}`, auth, signal);
  const inner =
    body && typeof body === 'object' && 'match' in body ? (body as { match: unknown }).match : body;
  return normalizeMatch(inner);
}

/**
 * A redacted envelope as the site needs it: the engine's view envelope, with the payload only checked to be an
 * object (payloads are game data, folded by the game): a record schema costs several times more on a 5,000-event
 * replay.
 */
const ViewEnvelopeSchema = ViewEnvelope.extend({
  payload: z.custom<Record<string, unknown>>(
    (v) => typeof v === 'object' && v !== null && !Array.isArray(v),
    'payload must be an object',
  ),
});

// The site's checks read only what it uses; `satisfies` holds each to the server's contract type, so a field the
// server renames or retypes fails the web's typecheck instead of a spectator's page.
const EventsBodySchema = z
  .object({
    events: z.array(ViewEnvelopeSchema),
    delaySeconds: z.number().optional(),
    next: z.number().nullable().optional(),
  })
  .loose() satisfies z.ZodType<Partial<EventsResponse>, unknown>;

export interface EventsPage {
  events: EventEnvelope[];
  /** The delay the server applies to this viewer. */
  delaySeconds: number | null;
  /** Where the next page starts when the server cut this one at its page size; null when the range is whole. */
  next: number | null;
}

export async function getEvents(
  matchId: string,
  as: Perspective,
  range: { from: number; to?: number },
  auth: Auth,
  signal?: AbortSignal,
): Promise<EventsPage> {
  const q = new URLSearchParams({ as, from: String(range.from) });
  if (range.to !== undefined) q.set('to', String(range.to));
  const body = EventsBodySchema.parse(
    await getJson(`/api/matches/${encodeURIComponent(matchId)}/events?${q}`, auth, signal),
  );
  return {
    events: body.events as unknown as EventEnvelope[],
    delaySeconds: body.delaySeconds ?? null,
    next: body.next ?? null,
  };
}

const StateBodySchema = z
  .object({ seq: z.number(), state: z.unknown(), board: z.unknown().optional() })
  .loose() satisfies z.ZodType<Partial<StateResponse>, unknown>;

/** The server's view at a seq: { seq, state, board } (board drawn by the server from the same view). */
export async function getState(
  matchId: string,
  as: Perspective,
  seq: number | null,
  auth: Auth,
  signal?: AbortSignal,
): Promise<{ seq: number; state: unknown; board?: unknown }> {
  const q = new URLSearchParams({ as });
  if (seq !== null) q.set('seq', String(seq));
  return StateBodySchema.parse(
    await getJson(`/api/matches/${encodeURIComponent(matchId)}/state?${q}`, auth, signal),
  );
}

/** `follow`: the stream stays open after the match's end for its side frames (drawings on an ended match). */
export function liveUrl(matchId: string, as: Perspective, follow = false): string {
  return `/api/matches/${encodeURIComponent(matchId)}/live?as=${encodeURIComponent(as)}${follow ? '&follow=side' : ''}`;
}

export function authHeaders(auth: Auth): Record<string, string> {
  return headers(auth);
}

const WindowBodySchema = z
  .object({
    seq: z.number(),
    keyframe: z.object({ seq: z.number(), state: z.unknown() }),
    events: z.array(ViewEnvelopeSchema),
    delaySeconds: z.number().optional(),
  })
  .loose() satisfies z.ZodType<Partial<WindowResponse>, unknown>;

/** The replay's first board: the viewer's keyframe at or before `seq` and the events after it (GET …/window). */
export async function getWindow(
  matchId: string,
  as: Perspective,
  seq: number | null,
  auth: Auth,
  signal?: AbortSignal,
): Promise<{
  seq: number;
  keyframe: { seq: number; state: unknown };
  events: EventEnvelope[];
  delaySeconds: number | null;
}> {
  const q = new URLSearchParams({ as });
  if (seq !== null) q.set('seq', String(seq));
  const body = WindowBodySchema.parse(
    await getJson(`/api/matches/${encodeURIComponent(matchId)}/window?${q}`, auth, signal),
  );
  return {
    seq: body.seq,
    keyframe: body.keyframe,
    events: body.events as unknown as EventEnvelope[],
    delaySeconds: body.delaySeconds ?? null,
  };
}

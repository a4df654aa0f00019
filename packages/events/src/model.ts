// The tournament ("event") as data: its options, commands and events as zod schemas, and the folded state.
// Names follow the common tournament vocabulary (Magic Tournament Rules): a *pairing* is two players at a table
// for one round, playing best-of-N *games*; each game is one Matchtape match.
import { z } from 'zod';
import type { StandingRow } from './events';

export const PlayerId = z.string().regex(/^p[1-9][0-9]*$/, 'player ids are p1, p2, … in registration order');
export type PlayerId = z.infer<typeof PlayerId>;

/** Who plays first in game 2+ of a pairing, from the game's rules document (host table: first-player.ts). */
export const NextGameFirst = z
  .object({
    /** 'loser': the loser of the previous game chooses (and goes first); after a draw the previous chooser again. 'game': the game's own setup decides. */
    policy: z.enum(['loser', 'game']),
    rule: z.string().nullable(),
  })
  .strict();
export type NextGameFirst = z.infer<typeof NextGameFirst>;

export const EventOptions = z
  .object({
    name: z.string().trim().min(1).max(120),
    game: z.string().min(1).max(60),
    format: z.literal('swiss').default('swiss'),
    swissRounds: z.number().int().min(1).max(15),
    /** Single elimination among the best N of the Swiss standings (0: none). */
    topCut: z.union([z.literal(0), z.literal(2), z.literal(4), z.literal(8)]).default(0),
    bestOf: z.union([z.literal(1), z.literal(3), z.literal(5)]).default(3),
    roundMinutes: z.number().int().min(1).max(240).default(50),
    /** At time: this many more turns in each unfinished game, then the game is a draw. */
    extraTurns: z.number().int().min(0).max(10).default(3),
    spectatorDelaySeconds: z.number().int().min(0).max(3600).default(0),
    revealPolicy: z.enum(['hidden', 'reveal-all']).default('hidden'),
  })
  .strict();
export type EventOptions = z.infer<typeof EventOptions>;
export type EventOptionsInput = z.input<typeof EventOptions>;

export const Actor = z.discriminatedUnion('role', [
  z.object({ role: z.literal('organiser'), id: z.string() }).strict(),
  z.object({ role: z.literal('judge'), id: z.string() }).strict(),
  z.object({ role: z.literal('player'), id: z.string(), player: PlayerId }).strict(),
  z.object({ role: z.literal('system') }).strict(),
  /** A producer of the event's coverage: features a table for the stream overlays. */
  z.object({ role: z.literal('coverage'), id: z.string() }).strict(),
]);
export type Actor = z.infer<typeof Actor>;

const Deck = z.record(z.string(), z.unknown());
const Round = z.number().int().min(1);
const Table = z.number().int().min(1);

export const Ruling = z.enum(['game-loss', 'match-loss', 'draw', 'correction']);
/** A judge's ruling on a pairing (RecordResult without its round and table; the HTTP body has the same fields). */
export const RulingFields = {
  ruling: Ruling,
  /** The penalised player (game-loss, match-loss). */
  player: PlayerId.optional(),
  /** A correction's result, counted from the pairing's first-named player. */
  result: z
    .object({
      p1Wins: z.number().int().min(0).max(5),
      p2Wins: z.number().int().min(0).max(5),
      draws: z.number().int().min(0).max(5),
    })
    .strict()
    .optional(),
  reason: z.string().trim().min(1, 'a judge ruling needs a reason').max(1000),
};
export type Ruling = z.infer<typeof Ruling>;

export const EventCommand = z.discriminatedUnion('type', [
  z
    .object({
      type: z.literal('CreateEvent'),
      eventId: z.string().min(1),
      options: EventOptions,
      nextGameFirst: NextGameFirst,
      seed: z.string().min(8),
    })
    .strict(),
  z
    .object({
      type: z.literal('RegisterPlayer'),
      name: z.string().trim().min(1).max(60),
      /** The decklist as the host validated it (the game's DeckList). */
      deck: Deck,
      /** A bot plays this player's games (tests, practice events); null: a person. */
      bot: z.enum(['greedy', 'random']).nullable().default(null),
    })
    .strict(),
  z
    .object({ type: z.literal('DropPlayer'), player: PlayerId, reason: z.string().max(500).optional() })
    .strict(),
  z.object({ type: z.literal('StartRound'), round: Round }).strict(),
  z
    .object({
      type: z.literal('StartGame'),
      round: Round,
      table: Table,
      game: z.number().int().min(1),
      matchId: z.string().min(1),
    })
    .strict(),
  z
    .object({
      type: z.literal('ReportGame'),
      round: Round,
      table: Table,
      game: z.number().int().min(1),
      winner: PlayerId.nullable(),
      cause: z.enum(['match-ended', 'time']),
    })
    .strict(),
  z.object({ type: z.literal('CallTime'), round: Round }).strict(),
  z
    .object({
      type: z.literal('RecordResult'),
      round: Round,
      table: Table,
      ...RulingFields,
    })
    .strict(),
  /** The producer puts a table on the stream (the event overlays follow it); table null: no featured table. */
  z.object({ type: z.literal('FeatureTable'), round: Round, table: Table.nullable() }).strict(),
]);
export type EventCommand = z.infer<typeof EventCommand>;

// ---- state ----
export interface PlayerState {
  id: PlayerId;
  name: string;
  deck: Record<string, unknown>;
  bot: 'greedy' | 'random' | null;
  dropped: boolean;
  /** Rounds already paired when they registered (late players join before round 1 only). */
  registeredBeforeRound: number;
}

export interface GameRecord {
  game: number;
  matchId: string | null;
  /** The player seated first (p1 at the table). */
  first: PlayerId;
  /** null while playing; 'draw' or a player once reported or ruled. */
  outcome: PlayerId | 'draw' | null;
  cause: 'match-ended' | 'time' | 'ruling' | null;
}

export interface PairingResult {
  p1Wins: number;
  p2Wins: number;
  draws: number;
  /** The pairing's winner, null for a draw. */
  winner: PlayerId | null;
  by: 'games' | 'bye' | 'time' | 'ruling';
}

export interface Pairing {
  table: number;
  p1: PlayerId;
  /** null: a bye. */
  p2: PlayerId | null;
  games: GameRecord[];
  result: PairingResult | null;
}

export interface RoundState {
  round: number;
  stage: 'swiss' | 'top';
  pairings: Pairing[];
  clock: { startedAt: string; endsAt: string } | null;
  timeCalled: { at: string; extraTurns: number } | null;
  standingsPublished: boolean;
}

export interface EventState {
  eventId: string;
  created: boolean;
  options: EventOptions;
  nextGameFirst: NextGameFirst;
  seed: string;
  players: PlayerState[];
  rounds: RoundState[];
  /** The standings as last published (end of a round, or a ruling after it). */
  published: { round: number; standings: StandingRow[] } | null;
  finished: { winner: PlayerId | null } | null;
  /** The table the producer featured (the event overlays follow its current game); null: none. */
  featured: FeaturedTable | null;
}

export interface FeaturedTable {
  round: number;
  table: number;
}

/** An event of the tournament stream, before the store gives it seq and hash. */
export interface TournamentEvent {
  type: string;
  at: string;
  /** The round the event belongs to (0 before round 1): stored in the envelope's `turn`. */
  round: number;
  /** Automatic events: system. Commanded ones: who commanded (with the command's id for idempotency). */
  cause: { system: true } | { commandId: string; actor: Actor };
  rule: string | null;
  payload: Record<string, unknown>;
}

// Kysely table types. JSON columns are written as JSON text and read back parsed (pg and PGlite both parse jsonb).
import type { ColumnType, Generated } from 'kysely';

/** A jsonb column: select gives the parsed value, insert/update take JSON text. */
export type Json = ColumnType<unknown, string, string>;
/** int8 columns come back as string (pg) or number (PGlite); callers convert with Number(). */
export type Int8 = ColumnType<string | number | bigint, number | string, number | string>;

export interface MatchesTable {
  match_id: string;
  game: string;
  status: 'setup' | 'playing' | 'ended';
  config: Json;
  seed: string;
  spectator_delay_seconds: number;
  coverage_delay_seconds: number;
  created_at: ColumnType<Date | string, string, never>;
  last_seq: Generated<number>;
  last_hash: Generated<string>;
  summary: Json;
}

export interface EventsTable {
  match_id: string;
  seq: number;
  position: ColumnType<string | number | bigint, never, never>;
  tx_id: ColumnType<string, never, never>;
  type: string;
  payload: Json;
  at: string;
  turn: number;
  phase: string;
  step: string | null;
  cause: Json;
  rule: string | null;
  prev_hash: string;
  hash: string;
  /** Sealed (v2) events' seal (what the hash commits to instead of the payload); null for v1. */
  seal: ColumnType<Json | null, Json | null | undefined, Json | null>;
}

export interface SnapshotsTable {
  match_id: string;
  seq: number;
  state: Json;
  hash: string;
  /** The match generator's cursor after `seq` (null in snapshots written before migration 0003). */
  cursor: number | null;
  created_at: ColumnType<Date | string, never, never>;
}

export interface RejectedCommandsTable {
  id: Generated<string | number>;
  match_id: string;
  command_id: string | null;
  player: string;
  command: Json;
  rule: string;
  reason: string;
  at: ColumnType<Date | string, string, never>;
}

export interface CommandBodiesTable {
  match_id: string;
  player: string;
  command_id: string;
  body: string;
}

export interface CheckpointsTable {
  name: string;
  position: Int8;
  updated_at: ColumnType<Date | string, string | undefined, string>;
}

export interface ReadModelGenerationsTable {
  name: string;
  generation: number;
  status: 'building' | 'live' | 'retired';
  position: Int8;
  events: Int8;
  started_at: ColumnType<Date | string, never, never>;
  live_at: ColumnType<Date | string | null, never, string | null>;
  updated_at: ColumnType<Date | string, never, string>;
}

export interface ReadModelDocsTable {
  name: string;
  generation: number;
  match_id: string;
  last_seq: number;
  doc: Json;
}

export interface SideEventsTable {
  match_id: string;
  stream: 'annotations' | 'disputes' | 'drawings';
  seq: number;
  position: ColumnType<string | number | bigint, never, never>;
  type: string;
  at: string;
  author: Json;
  payload: Json;
}

export interface TableLobbiesTable {
  match_id: string;
  game: string;
  doc: Json;
  created_at: string;
}

export interface TournamentsTable {
  event_id: string;
  game: string;
  name: string;
  created_at: string;
  last_seq: Generated<number>;
  last_hash: Generated<string>;
  /** The standings projection (read model) as of `doc_seq`. */
  doc: ColumnType<unknown, string | undefined, string>;
  doc_seq: Generated<number>;
}

export interface TournamentEventsTable {
  event_id: string;
  seq: number;
  type: string;
  at: string;
  turn: number;
  phase: string;
  step: string | null;
  cause: Json;
  rule: string | null;
  payload: Json;
  prev_hash: string;
  hash: string;
}

export interface TournamentGamesTable {
  match_id: string;
  event_id: string;
  round: number;
  table_no: number;
  game_no: number;
  /** Seat → tournament player id ({ p1: 'p7', p2: 'p3' }). */
  seats: Json;
}

export interface TournamentInvitesTable {
  event_id: string;
  player: string;
  /** The player's token (their invite link's fragment). */
  token: string;
  created_at: string;
}

export interface Database {
  matches: MatchesTable;
  events: EventsTable;
  snapshots: SnapshotsTable;
  rejected_commands: RejectedCommandsTable;
  command_bodies: CommandBodiesTable;
  side_events: SideEventsTable;
  relay_checkpoints: CheckpointsTable;
  projection_checkpoints: CheckpointsTable;
  read_model_generations: ReadModelGenerationsTable;
  read_model_docs: ReadModelDocsTable;
  table_lobbies: TableLobbiesTable;
  tournaments: TournamentsTable;
  tournament_events: TournamentEventsTable;
  tournament_games: TournamentGamesTable;
  tournament_invites: TournamentInvitesTable;
}

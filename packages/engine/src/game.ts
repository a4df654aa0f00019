// The GameModule contract (docs/architecture.md §3). Every game package exports one object of this type; hosts
// (server, CLI, site) know nothing else about a game.
import type { AnyStateMachine } from 'xstate';
import type { z } from 'zod';
import type { Cause, EventEnvelope } from './envelope';
import type { PlayerId, Viewer } from './ids';
import type { RandomRecord, Rng } from './rng';
import type { BoardModel, CardFace } from './board';
import type { ScenarioStart, TestCard } from './kit/start';

/** A command as a player sends it. `player` is set by the host from the seat token, never trusted from the body. */
export interface Command {
  type: string;
  player: PlayerId;
  commandId?: string;
  [arg: string]: unknown;
}

/** An event as `decide` produces it. The host stamps time, turn/phase/step and cause, then appends. */
export interface DraftEvent<
  T extends string = string,
  P extends Record<string, unknown> = Record<string, unknown>,
> {
  type: T;
  payload: P;
  /** The rule behind an automatic action (or the rule a player action follows). */
  rule?: string;
  /** A turn-based / state-based / triggered action the rules perform, not the player: cause becomes {system:true}. */
  auto?: boolean;
}

/** What a fold works on: envelopes carry more, games may only rely on these. */
export interface GameEvent {
  type: string;
  payload: Record<string, unknown>;
}

export type Decision = { ok: true; events: DraftEvent[] } | Rejection;
export interface Rejection {
  ok: false;
  /** Rule number of the game's rules document, e.g. "504.2c" (or "command" for a malformed command). */
  rule: string;
  /** What was wrong and what to do instead. */
  reason: string;
}

export function reject(rule: string, reason: string): Rejection {
  return { ok: false, rule, reason };
}

/** Where the game is: stamped on every event. Names come from the rules document. */
export interface Position {
  turn: number;
  phase: string;
  step: string | null;
  activePlayer: PlayerId | null;
}

export interface DeckList {
  /** Name of the deck, e.g. a preset's. */
  name?: string;
  /** Card ids with multiplicity, in any order. Game-specific extra sections (contender, material deck…) go in `extra`. */
  main: string[];
  extra?: Record<string, string[]>;
}

export interface SeatConfig {
  id: PlayerId;
  name: string;
  deck: DeckList;
}

export interface MatchConfig {
  matchId: string;
  players: SeatConfig[];
  /** Scripted scenarios: per-player deck order (top first) and opening hand, to skip shuffles. */
  stack?: Record<string, { deck?: string[]; hand?: string[] }>;
  options?: Record<string, unknown>;
}

export interface DecideContext {
  /** The match's generator, already at `state`'s cursor. Whatever is drawn must be recorded with `rng.take()`. */
  rng: Rng;
}

export interface CardDefinition {
  id: string;
  name: string;
  /** Set code / number as printed, when the document gives one. */
  printed?: string;
  /** True when the rules documents give no stats and we chose plausible ones. */
  sample: boolean;
  face: CardFace;
}

export type CoverageStatus = 'implemented' | 'partial' | 'not-implemented';
export interface CoverageEntry {
  rule: string;
  title: string;
  status: CoverageStatus;
  /** Test files (or scenario files) that check it. */
  tests: string[];
  /** Why it is partial or not implemented. */
  reason?: string;
}
export interface RulesCoverage {
  sections: CoverageEntry[];
  keywords: CoverageEntry[];
}

export interface Bot<S> {
  name: string;
  /** Picks one command among `legalCommands(state, player)`; `rng` is the bot's own, not the match's. */
  choose(state: S, player: PlayerId, legal: Command[], rng: Rng): Command;
}

export interface GameModule<S = unknown> {
  id: string;
  title: string;
  rulesVersion: string;
  /** XState v5 machine of turn / phase / step: the one definition the timeline, UI and coverage read. */
  machine: AnyStateMachine;
  /** The empty state before the first event. fold starts here. */
  initial(): S;
  /** Events that start a match: MatchStarted (with seedCommitment), reveals, first player, shuffles, draws. */
  setup(config: MatchConfig, ctx: DecideContext & { seedCommitment: string }): Decision;
  decide(state: S, command: Command, ctx: DecideContext): Decision;
  evolve(state: S, event: GameEvent): S;
  legalCommands(state: S, player: PlayerId): Command[];
  /**
   * Matchtape's fork reshuffle, not a rule of the game: the events that reshuffle every hidden, randomly ordered
   * zone of every player (the zones the rules keep in secret random order, e.g. main decks) with draws from `rng`,
   * using the game's own shuffle event. Every card gets a fresh opaque id and loses what anyone knew of its place.
   * Pure: same state and generator position, same events. Drafts carry no rule (the host records them with the
   * cause FORK_RESHUFFLE_CAUSE). A fork of a live match appends them after the copied prefix, so the fork's draws
   * are not the live parent's secret deck order (apps/server judges/replay.ts).
   */
  reshuffleHidden(state: S, rng: Rng): DraftEvent[];
  /** Players who may act now (priority holder, players who must answer a prompt). Bots and hosts poll these. */
  actors(state: S): PlayerId[];
  position(state: S): Position;
  /** Status of the match; `ended` once MatchEnded has been folded. */
  status(state: S): { status: 'setup' | 'playing' | 'ended'; winner: PlayerId | null; result: string | null };
  view(state: S, viewer: Viewer): S;
  viewEvent<E extends GameEvent>(event: E, viewer: Viewer): E;
  /**
   * Strings that must appear nowhere in what `viewer` is shown at this state: the real instance ids and the
   * card ids of cards hidden from it (a card id is only listed when no copy of it is visible to the viewer).
   * The leak tests scan views, redacted events, HTTP and SSE output for them.
   */
  secrets(state: S, viewer: Viewer): string[];
  /** A picture of the state for the site, from any view of it. */
  board(state: S): BoardModel;
  /** One line in plain words for the log. */
  describe(event: GameEvent): string;
  /**
   * Phase and step as the rules document names them ("Clash Phase", "Attacker's Clash Buff Step"), for the site's
   * phase strip, banners and case files; `step` is null when the rules name no step there. Optional: a game
   * without it is shown with its ids written as words.
   */
  positionWords?(phase: string, step: string | null): { phase: string; step: string | null };
  /** Events worth a marker on the timeline (attacks, damage, deaths, level ups…). */
  keyMoment(event: GameEvent): null | { kind: string; label: string };
  cards: readonly CardDefinition[];
  presetDecks: Readonly<Record<string, DeckList>>;
  validateDeck(deck: DeckList): string[];
  commandSchema: z.ZodType<Omit<Command, 'player'>>;
  eventSchema: z.ZodType<GameEvent>;
  bots: Readonly<Record<'random' | 'greedy', Bot<S>>>;
  coverage: RulesCoverage;
  /** Hooks scenario files need (start positions, test cards, priority and derived-stat assertions). */
  scenario?: ScenarioHooks<S>;
  /**
   * The player's table: one legal command in the words a player reads ("Play Ridge Warden", "Pass priority"),
   * naming cards only through `name` (which knows them as `viewer` does). Null: the host's generic label.
   */
  describeCommand?(state: S, command: Command, viewer: PlayerId, name: (id: string) => string): string | null;
  /** What `player` is asked now, in the game's words (null: the host derives it from the offers). */
  prompt?(state: S, player: PlayerId): TablePrompt | null;
  /** The game's own MatchEnded fields when the host ends a match on time (kit/clock.ts `clockExpiryDrafts`). */
  endOnTimeFields?(winner: PlayerId | null, losers: PlayerId[]): Record<string, unknown>;
}

/** A question the table puts to a player (the kinds the site answers in place). */
export interface TablePrompt {
  kind:
    | 'choice'
    | 'mulligan'
    | 'attackers'
    | 'blockers'
    | 'targets'
    | 'order'
    | 'division'
    | 'priority'
    | 'other';
  text: string;
}

/** "A", "A and B", "A, B and C" — for command labels. */
export function listWords(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? 'nothing';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** Labels per command type for GameModule.describeCommand (a game's table of phrases). */
export type CommandPhrases = Readonly<Record<string, (c: Command, name: (id: string) => string) => string>>;

/** Phrases that read the state: the trigger a command names by its id is said by its source and text. */
export type StatePhrases<S> = Readonly<
  Record<string, (s: S, c: Command, name: (id: string) => string) => string | null>
>;

/**
 * describeCommand from a table of phrases (types not in the table get the host's generic label); a phrase of
 * `withState`, when it says something, comes first.
 */
export function phrasesToDescribe<S = unknown>(
  phrases: CommandPhrases,
  withState: StatePhrases<S> = {},
): (state: unknown, command: Command, viewer: PlayerId, name: (id: string) => string) => string | null {
  return (state, command, _viewer, name) =>
    (Object.hasOwn(withState, command.type) ? withState[command.type]!(state as S, command, name) : null) ??
    (Object.hasOwn(phrases, command.type) ? phrases[command.type]!(command, name) : null);
}

/** A trigger in words for the seat that orders it: its source as the seat knows it, then its text ("Rage: …"). */
export function triggerWords(
  t: { source: string | null; label: string },
  name: (id: string) => string,
): string {
  const cut = t.label.indexOf(': ');
  return t.source !== null && cut > 0 ? `${name(t.source)}: ${t.label.slice(cut + 2)}` : t.label;
}

/**
 * What a game implements so scenario files can state any ruling (packages/engine/README.md, "Scenario files").
 * The runner validates the generic shape first (seats, phase/step against the machine, card ids, keywords).
 */
export interface ScenarioHooks<S> {
  /** The game's keyword table: test cards may only use these names. */
  keywords: readonly string[];
  /** Card types a test card may have, as the game names them. */
  cardTypes: readonly string[];
  /**
   * What is wrong with a test card (or an organiser card set's card, cardset.ts) as a card of this game — its
   * cost, stats, keywords and effect vocabulary — or null when the game can play it.
   */
  checkCard?(card: TestCard): string | null;
  /**
   * The events that put a match straight into `start` (instead of setup): MatchStarted first (with the seed
   * commitment and the test cards, so a fold knows them), then whatever state events the game needs. Reject
   * (with the game's rule or "scenario") what the game cannot place, naming the field.
   */
  start(
    config: MatchConfig,
    start: ScenarioStart,
    ctx: DecideContext & { seedCommitment: string; cards: readonly TestCard[] },
  ): Decision;
  /** Who holds priority / Opportunity now; null while nobody does (a prompt is pending, the match is over). */
  priority(state: S): PlayerId | null;
  /** Current (derived) stats of a card instance in `state` (a judge view): ATK/DEF/power/life/level…; null if absent. */
  stats(state: S, card: string): Record<string, number | string | null> | null;
}

export type AnyGameModule = GameModule<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Events of every game that the kernel itself relies on. */
export const MATCH_STARTED = 'MatchStarted';
export const MATCH_ENDED = 'MatchEnded';
/** The cause (`{ system: true, host }`) of a fork's reshuffle events: a Matchtape action, no rule of any game. */
export const FORK_RESHUFFLE_CAUSE = "fork: hidden zones reshuffled from the fork's own seed";

export interface MatchStartedPayload {
  seedCommitment: string;
  /** The game's id; the runner fills it in when the game does not (so files name the module that folds them). */
  game?: string;
  [k: string]: unknown;
}
export interface MatchEndedPayload {
  seed: string;
  winner: PlayerId | null;
  /** e.g. "p2 reached 0 health (706.1a)" or "draw: turn limit". */
  result: string;
  [k: string]: unknown;
}

export type { Cause, EventEnvelope, RandomRecord };

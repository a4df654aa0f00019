// defineGame: the parts of a GameModule that every game spells the same way, supplied once. A game states what
// is its own (rules, machine, views, cards, bots…); position and status are read from the common state fields
// when the game keeps them under the usual names, card definitions are built from the pool and the face renderer.
// fromFiles takes the rest from the game's standard files, each under the name GameFiles gives it.
import type { BoardModel, CardFace } from '../board';
import {
  MATCH_ENDED,
  type CardDefinition,
  type DeckList,
  type GameEvent,
  type GameModule,
  type Position,
} from '../game';

/** The state fields `position` is read from when a game does not supply its own. */
export type PositionFields = Position;
/** The state fields `status` is read from when a game does not supply its own. */
export type StatusFields = ReturnType<GameModule['status']>;

type PositionPart<S> = S extends PositionFields
  ? { position?: GameModule<S>['position'] }
  : { position: GameModule<S>['position'] };
type StatusPart<S> = S extends StatusFields
  ? { status?: GameModule<S>['status'] }
  : { status: GameModule<S>['status'] };

/** A GameModule without the parts `defineGame` can supply; `validateDeck` may take further optional arguments. */
export type GameDefinition<S> = Omit<GameModule<S>, 'position' | 'status' | 'validateDeck'> &
  PositionPart<S> &
  StatusPart<S> & {
    /** Called with the deck alone (a game's own format argument keeps its default). */
    validateDeck(deck: DeckList): string[];
  };

export function defineGame<S>(def: GameDefinition<S>): GameModule<S> {
  const { validateDeck } = def;
  return {
    ...def,
    // The conditional parts guarantee the fields exist whenever the game leaves these out.
    position: def.position ?? ((s) => positionOf(s as PositionFields)),
    status: def.status ?? ((s) => statusOf(s as StatusFields)),
    validateDeck: (deck) => validateDeck(deck),
  };
}

/**
 * What each standard file of a game package exports, under the same names in every game (docs/architecture.md
 * §8). A game's index passes its files as modules (`import * as decide from './decide'`), so a file that misses
 * one of its names is a compile error, and a reader finds each part of the GameModule in the file named here.
 */
export interface GameFiles<S> {
  /** decide.ts: the match's opening events, the commands' decisions and their offers, who may act. */
  decide: Pick<GameModule<S>, 'setup' | 'decide' | 'legalCommands' | 'actors'> & { RULES_VERSION: string };
  /** evolve.ts: the empty state and the fold. */
  evolve: Pick<GameModule<S>, 'evolve'> & { initialState(): S };
  /** view.ts: what each viewer may see. */
  view: Pick<GameModule<S>, 'view' | 'viewEvent' | 'secrets'>;
  /** reshuffle.ts: a fork's reshuffle of the hidden zones. */
  reshuffle: Pick<GameModule<S>, 'reshuffleHidden'>;
  /** present.ts: the board, the log's words, the timeline's moments, the table's words. */
  present: Required<
    Pick<GameModule<S>, 'board' | 'describe' | 'keyMoment' | 'positionWords' | 'describeCommand' | 'prompt'>
  >;
  /** schemas.ts: the command union and the events. */
  schemas: Pick<GameModule<S>, 'commandSchema' | 'eventSchema'>;
  /** cards/decks.ts */
  decks: { PRESET_DECKS: GameModule<S>['presetDecks']; validateDeck(deck: DeckList): string[] };
  /** bots/index.ts */
  bots: Pick<GameModule<S>, 'bots'>;
  /** coverage.ts */
  coverage: { COVERAGE: GameModule<S>['coverage'] };
  /** start.ts: the scenario files' hooks. */
  start: { scenarioHooks: NonNullable<GameModule<S>['scenario']> };
}

/** The GameModule parts a game's files supply; the index adds the id, the title, the machine and the cards. */
export type FileParts<S> = Omit<
  GameModule<S>,
  'id' | 'title' | 'machine' | 'cards' | 'position' | 'status' | 'endOnTimeFields'
>;

/**
 * The GameModule parts a game's standard files supply, for `defineGame({ ...fromFiles(files), … })`. The state type
 * is read from evolve.ts's `initialState` alone, so the index needs no type argument.
 */
export function fromFiles<S>(f: GameFiles<NoInfer<S>> & { evolve: { initialState(): S } }): FileParts<S> {
  return {
    rulesVersion: f.decide.RULES_VERSION,
    initial: f.evolve.initialState,
    setup: f.decide.setup,
    decide: f.decide.decide,
    evolve: f.evolve.evolve,
    legalCommands: f.decide.legalCommands,
    reshuffleHidden: f.reshuffle.reshuffleHidden,
    actors: f.decide.actors,
    view: f.view.view,
    viewEvent: f.view.viewEvent,
    secrets: f.view.secrets,
    board: f.present.board,
    describe: f.present.describe,
    positionWords: f.present.positionWords,
    describeCommand: f.present.describeCommand,
    prompt: f.present.prompt,
    keyMoment: f.present.keyMoment,
    presetDecks: f.decks.PRESET_DECKS,
    validateDeck: f.decks.validateDeck,
    commandSchema: f.schemas.commandSchema,
    eventSchema: f.schemas.eventSchema,
    bots: f.bots.bots,
    coverage: f.coverage.COVERAGE,
    scenario: f.start.scenarioHooks,
  };
}

function positionOf(s: PositionFields): Position {
  return { turn: s.turn, phase: s.phase, step: s.step, activePlayer: s.activePlayer };
}

function statusOf(s: StatusFields): StatusFields {
  return { status: s.status, winner: s.winner, result: s.result };
}

/**
 * A keyword ability as a game's cards/keywords.ts lists it (KEYWORDS, one entry per keyword): the name the rules
 * document gives it and the rule that defines it. A game adds what it needs beside them (how the engine applies
 * it, its sample cards, whether it is numbered…).
 */
export interface KeywordEntry<K extends string = string> {
  keyword: K;
  rule: string;
}

/** What a pool entry needs for the site's card list. */
export interface PoolCard {
  id: string;
  name: string;
  printed?: string;
  sample: boolean;
}

/** The card definitions of a pool: id, name, printed code when there is one, sample flag and the rendered face. */
export function cardDefinitions<D extends PoolCard>(
  pool: readonly D[],
  face: (card: D) => CardFace,
): CardDefinition[] {
  return pool.map((d) => ({
    id: d.id,
    name: d.name,
    ...(d.printed ? { printed: d.printed } : {}),
    sample: d.sample,
    face: face(d),
  }));
}

/** What a game draws on its board; the frame around it comes from the common state fields. */
export type BoardParts = Pick<BoardModel, 'acting' | 'players' | 'shared' | 'banner'>;

/**
 * A game's board: the frame (game, status, turn, position, active player, result) from the state, the position
 * as the game names it (`s` itself when the state keeps `phase` and `step`), and the game's own parts.
 */
export function boardModel(
  game: string,
  s: Pick<PositionFields, 'turn' | 'activePlayer'> & StatusFields,
  position: Pick<PositionFields, 'phase' | 'step'>,
  parts: BoardParts,
): BoardModel {
  return {
    game,
    status: s.status,
    turn: s.turn,
    phase: position.phase,
    step: position.step,
    activePlayer: s.activePlayer,
    acting: parts.acting,
    players: parts.players,
    shared: parts.shared,
    banner: parts.banner,
    winner: s.winner,
    result: s.result,
  };
}

/** An id in words, lower case, for a phase or step a game's table misses: "window-a" → "window a". */
function idWords(id: string): string {
  return id
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]/g, ' ')
    .toLowerCase();
}

/**
 * `positionWords` from the game's tables of rule-book names. A step mapped to null is not a step the rules
 * name (the phase alone is shown).
 */
export function positionNames(
  phases: Readonly<Record<string, string>>,
  steps: Readonly<Record<string, string | null>>,
): NonNullable<GameModule['positionWords']> {
  return (phase, step) => ({
    phase: phases[phase] ?? idWords(phase),
    step: step === null ? null : steps[step] === undefined ? idWords(step) : steps[step],
  });
}

/**
 * GameModule.describe from a game's own log lines: MatchEnded reads as its result (the kernel's field, written the
 * same way in every game), and a type the game has no line for (null) reads as its name.
 */
export function describeEvents(line: (e: GameEvent) => string | null): GameModule['describe'] {
  return (e) => (e.type === MATCH_ENDED ? String(e.payload.result) : (line(e) ?? e.type));
}

/** A key moment's kind for an event type: a fixed kind, or one that depends on the event (null: not a key moment). */
export type KeyMomentKind = string | ((e: GameEvent) => string | null);

/**
 * GameModule.keyMoment from a table of the event types that mark the timeline, each labelled by `label` (the
 * game's log line, usually): a game lists its moments instead of writing the same switch.
 */
export function keyMoments(
  kinds: Readonly<Record<string, KeyMomentKind>>,
  label: (e: GameEvent) => string,
): GameModule['keyMoment'] {
  return (e) => {
    const k = Object.hasOwn(kinds, e.type) ? kinds[e.type]! : null;
    const kind = typeof k === 'function' ? k(e) : k;
    return kind === null ? null : { kind, label: label(e) };
  };
}

// defineGame: the parts of a GameModule that every game spells the same way, supplied once. A game states what
// is its own (rules, machine, views, cards, bots…); position and status are read from the common state fields
// when the game keeps them under the usual names, card definitions are built from the pool and the face renderer.
import type { BoardModel, CardFace } from '../board';
import type { CardDefinition, DeckList, GameEvent, GameModule, Position } from '../game';

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

function positionOf(s: PositionFields): Position {
  return { turn: s.turn, phase: s.phase, step: s.step, activePlayer: s.activePlayer };
}

function statusOf(s: StatusFields): StatusFields {
  return { status: s.status, winner: s.winner, result: s.result };
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

// A tiny two-player card game for unit tests of the site's models: hidden hands, a public deck count, life,
// three phases, attacks as key moments. Only the GameModule members the site reads are real; the rest throw.
import { createMachine } from 'xstate';
import type { AnyGameModule, BoardModel, EventEnvelope, GameEvent, Tile, Viewer } from '@matchtape/engine';

interface Card {
  id: string;
  cardId: string;
}
interface Seat {
  life: number;
  deck: number;
  hand: (Card | { id: string; hidden: true })[];
  play: Card[];
}
export interface FixtureState {
  turn: number;
  phase: string;
  active: string | null;
  seats: Record<string, Seat>;
  ended: boolean;
  winner: string | null;
}

const machine = createMachine({
  id: 'fixture',
  initial: 'setup',
  states: { setup: {}, turn: { initial: 'start', states: { start: {}, main: {}, end: {} } }, over: {} },
});

function evolve(s: FixtureState, e: GameEvent): FixtureState {
  const p = e.payload as Record<string, unknown>;
  const seats = structuredClone(s.seats);
  switch (e.type) {
    case 'MatchStarted':
      return {
        ...s,
        phase: 'setup',
        seats: {
          p1: { life: 5, deck: 10, hand: [], play: [] },
          p2: { life: 5, deck: 10, hand: [], play: [] },
        },
      };
    case 'TurnStarted':
      return { ...s, turn: p.turn as number, active: p.player as string, phase: 'start' };
    case 'PhaseBegan':
      return { ...s, phase: p.phase as string };
    case 'CardDrawn': {
      const seat = seats[p.player as string]!;
      seat.deck -= 1;
      seat.hand.push(p.card as Card);
      return { ...s, seats };
    }
    case 'CardPlayed': {
      const seat = seats[p.player as string]!;
      const card = p.card as Card;
      seat.hand = seat.hand.filter((c) => c.id !== (p.fromId as string));
      seat.play.push(card);
      return { ...s, seats };
    }
    case 'DamageDealt':
      seats[p.to as string]!.life -= p.amount as number;
      return { ...s, seats };
    case 'MatchEnded':
      return { ...s, ended: true, winner: p.winner as string };
    default:
      return s;
  }
}

const NAMES: Record<string, string> = { bolt: 'Lightning Bolt', bear: 'Grizzly Bear' };

function board(s: FixtureState): BoardModel {
  const tile = (c: Card | { id: string; hidden: true }): Tile =>
    'hidden' in c
      ? { id: c.id, hidden: true }
      : {
          id: c.id,
          cardId: c.cardId,
          face: { name: NAMES[c.cardId] ?? c.cardId, cost: '1', types: ['Creature'], stats: { power: 2 } },
        };
  return {
    game: 'fixture',
    status: s.ended ? 'ended' : s.turn > 0 ? 'playing' : 'setup',
    turn: s.turn,
    phase: s.phase,
    step: null,
    activePlayer: s.active,
    acting: s.active ? [s.active] : [],
    players: Object.entries(s.seats).map(([id, seat]) => ({
      id,
      name: id === 'p1' ? 'Alice' : 'Bob',
      stats: [{ key: 'life', label: 'Life', value: seat.life, max: 5 }],
      zones: [
        { key: 'deck', label: 'Deck', layout: 'pile', count: seat.deck, cards: [] },
        { key: 'hand', label: 'Hand', layout: 'fan', count: seat.hand.length, cards: seat.hand.map(tile) },
        { key: 'play', label: 'In play', layout: 'row', count: seat.play.length, cards: seat.play.map(tile) },
      ],
    })),
    shared: [],
    banner: null,
    winner: s.winner,
    result: null,
  };
}

function viewEvent<E extends GameEvent>(e: E, v: Viewer): E {
  if (e.type !== 'CardDrawn' || v === 'judge' || v === (e.payload as { player: string }).player) return e;
  const card = (e.payload as { card: Card }).card;
  return { ...e, payload: { ...e.payload, card: { id: `x-${card.id}`, hidden: true } } };
}

const unused = (name: string) => () => {
  throw new Error(`fixture game: ${name} is not used by the site`);
};

export const fixtureGame = {
  id: 'fixture',
  title: 'Fixture Game',
  rulesVersion: 'test',
  machine,
  initial: (): FixtureState => ({
    turn: 0,
    phase: 'setup',
    active: null,
    seats: {},
    ended: false,
    winner: null,
  }),
  evolve,
  board,
  viewEvent,
  describe: (e: GameEvent) => {
    const p = e.payload as Record<string, unknown>;
    if (e.type === 'DamageDealt') return `${String(p.to)} takes ${String(p.amount)} damage`;
    if (e.type === 'CardDrawn') return `${String(p.player)} draws a card`;
    return e.type;
  },
  keyMoment: (e: GameEvent) =>
    e.type === 'DamageDealt'
      ? { kind: 'attack', label: `hit for ${String((e.payload as { amount: number }).amount)}` }
      : null,
  setup: unused('setup'),
  decide: unused('decide'),
  legalCommands: unused('legalCommands'),
  actors: unused('actors'),
  position: unused('position'),
  status: unused('status'),
  view: unused('view'),
  secrets: unused('secrets'),
} as unknown as AnyGameModule;

/** A short match: 2 turns, draws (hidden from the opponent), a play, two attacks, the end. */
export function fixtureMatch(): EventEnvelope[] {
  const drafts: [string, number, string, Record<string, unknown>][] = [
    ['MatchStarted', 0, 'setup', { seedCommitment: 'x' }],
    ['TurnStarted', 1, 'start', { turn: 1, player: 'p1' }],
    ['CardDrawn', 1, 'start', { player: 'p1', card: { id: 'c1', cardId: 'bolt' } }],
    ['PhaseBegan', 1, 'main', { phase: 'main' }],
    ['CardPlayed', 1, 'main', { player: 'p1', fromId: 'c1', card: { id: 'c1', cardId: 'bolt' } }],
    ['DamageDealt', 1, 'main', { to: 'p2', amount: 2 }],
    ['PhaseBegan', 1, 'end', { phase: 'end' }],
    ['TurnStarted', 2, 'start', { turn: 2, player: 'p2' }],
    ['CardDrawn', 2, 'start', { player: 'p2', card: { id: 'c2', cardId: 'bear' } }],
    ['PhaseBegan', 2, 'main', { phase: 'main' }],
    ['DamageDealt', 2, 'main', { to: 'p1', amount: 1 }],
    ['MatchEnded', 2, 'main', { winner: 'p1', seed: 's', result: 'test' }],
  ];
  return drafts.map(([type, turn, phase, payload], i) => ({
    matchId: 'm-fixture',
    seq: i + 1,
    type,
    at: new Date(Date.UTC(2026, 0, 1, 0, 0, i * 2)).toISOString(),
    turn,
    phase,
    step: null,
    cause: { system: true },
    rule: i === 2 ? '502.1' : null,
    payload,
    prevHash: '',
    hash: '',
  }));
}

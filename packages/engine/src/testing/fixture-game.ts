// TEST FIXTURE, not a product game: "Coin Race", the smallest GameModule that exercises everything the kernel
// and the hosts rely on (setup with shuffles, hidden hands, random outcomes in events, rejections with rules,
// a turn machine, MatchEnded with the seed). Kernel tests, scenario tests and CLI tests run against it so they
// do not depend on a real game being finished.
//
// Rules (numbers are this fixture's own, cited by rejections):
//   1.1 Each player shuffles their deck and draws 2 cards. p1 goes first.
//   2.1 Only the active player acts.            2.2 At most one card is played per turn.
//   2.3 A played card must be in your hand; it scores its value (one=1, two=2, three=3); you then draw 1.
//   2.4 Flip ends your turn: heads (1) scores 1 point.
//   3.1 First to `target` points (option, default 6) wins.  3.2 After `turnLimit` turns (default 40) it is a draw.
//   3.3 A player may concede at any time during play.
import { setup as xsetup } from 'xstate';
import { z } from 'zod';
import type { BoardModel, CardTile, ZoneModel } from '../board';
import {
  reject,
  type Command,
  type Decision,
  type DraftEvent,
  type GameEvent,
  type GameModule,
  type MatchConfig,
  type Position,
} from '../game';
import type { PlayerId, Viewer } from '../ids';
import type { Rng } from '../rng';

export interface CoinRacePlayer {
  id: PlayerId;
  name: string;
  /** Instance ids ("p1#3:two"), top first; null where the viewer may not see the card. */
  deck: (string | null)[];
  hand: (string | null)[];
  played: string[];
  score: number;
}

export interface CoinRaceState {
  status: 'setup' | 'playing' | 'ended';
  turn: number;
  active: PlayerId | null;
  playedThisTurn: boolean;
  players: CoinRacePlayer[];
  target: number;
  turnLimit: number;
  /** The match generator's cursor (the seed never enters the state). */
  cursor: number;
  lastFlip: null | { player: PlayerId; heads: boolean };
  winner: PlayerId | null;
  result: string | null;
}

const VALUES: Record<string, number> = { one: 1, two: 2, three: 3 };

export const coinRaceCommandSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('PlayCard'), index: z.number().int().nonnegative(), commandId: z.string().optional() }),
  z.object({ type: z.literal('Flip'), commandId: z.string().optional() }),
  z.object({ type: z.literal('Concede'), commandId: z.string().optional() }),
]);

const randomSchema = z.object({ from: z.number(), to: z.number(), draws: z.array(z.unknown()).nullable() });
export const coinRaceEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('MatchStarted'), payload: z.object({ game: z.literal('coin-race').optional(), seedCommitment: z.string(), players: z.array(z.object({ id: z.string(), name: z.string() })), target: z.number(), turnLimit: z.number() }) }),
  z.object({ type: z.literal('DeckShuffled'), payload: z.object({ player: z.string(), order: z.array(z.string().nullable()), random: randomSchema.optional() }) }),
  z.object({ type: z.literal('CardDrawn'), payload: z.object({ player: z.string(), card: z.string().nullable() }) }),
  z.object({ type: z.literal('TurnStarted'), payload: z.object({ player: z.string(), turn: z.number() }) }),
  z.object({ type: z.literal('CardPlayed'), payload: z.object({ player: z.string(), index: z.number(), card: z.string(), points: z.number() }) }),
  z.object({ type: z.literal('CoinFlipped'), payload: z.object({ player: z.string(), heads: z.boolean(), random: randomSchema }) }),
  z.object({ type: z.literal('MatchEnded'), payload: z.object({ winner: z.string().nullable(), result: z.string(), seed: z.string() }) }),
]);

export const coinRaceMachine = xsetup({}).createMachine({
  id: 'coin-race',
  initial: 'setup',
  states: {
    setup: { on: { TurnStarted: 'playing' } },
    playing: {
      initial: 'main',
      states: { main: { on: { CardPlayed: 'main', CoinFlipped: 'main' } } },
      on: { MatchEnded: '#coin-race.ended' },
    },
    ended: { type: 'final' },
  },
});

function other(p: PlayerId): PlayerId {
  return p === 'p1' ? 'p2' : 'p1';
}

function cardOf(instance: string): string {
  return instance.slice(instance.indexOf(':') + 1);
}

function player(s: CoinRaceState, id: string): CoinRacePlayer {
  const p = s.players.find((x) => x.id === id);
  if (!p) throw new Error(`coin-race: no player ${id}`);
  return p;
}

function withPlayer(s: CoinRaceState, id: string, f: (p: CoinRacePlayer) => CoinRacePlayer): CoinRaceState {
  return { ...s, players: s.players.map((p) => (p.id === id ? f(p) : p)) };
}

function drawDraft(s: CoinRaceState, id: PlayerId): DraftEvent | null {
  const p = player(s, id);
  if (p.deck.length === 0) return null;
  return { type: 'CardDrawn', payload: { player: id, card: p.deck[0]! }, rule: '2.3', auto: true };
}

function endDraft(winner: PlayerId | null, result: string, rule: string): DraftEvent {
  return { type: 'MatchEnded', payload: { winner, result }, rule, auto: true };
}

function initial(): CoinRaceState {
  return { status: 'setup', turn: 0, active: null, playedThisTurn: false, players: [], target: 6, turnLimit: 40, cursor: 0, lastFlip: null, winner: null, result: null };
}

function evolve(s: CoinRaceState, e: GameEvent): CoinRaceState {
  const p = e.payload as Record<string, unknown>;
  const random = p.random as { to: number } | undefined;
  const cursor = random ? random.to : s.cursor;
  switch (e.type) {
    case 'MatchStarted': {
      const players = p.players as { id: PlayerId; name: string }[];
      return { ...s, cursor, target: p.target as number, turnLimit: p.turnLimit as number, players: players.map((x) => ({ id: x.id, name: x.name, deck: [], hand: [], played: [], score: 0 })) };
    }
    case 'DeckShuffled':
      return withPlayer({ ...s, cursor }, p.player as string, (x) => ({ ...x, deck: [...(p.order as (string | null)[])] }));
    case 'CardDrawn':
      return withPlayer(s, p.player as string, (x) => ({ ...x, deck: x.deck.slice(1), hand: [...x.hand, p.card as string | null] }));
    case 'TurnStarted':
      return { ...s, status: 'playing', turn: p.turn as number, active: p.player as PlayerId, playedThisTurn: false };
    case 'CardPlayed': {
      const i = p.index as number;
      return withPlayer({ ...s, playedThisTurn: true }, p.player as string, (x) => ({
        ...x,
        hand: [...x.hand.slice(0, i), ...x.hand.slice(i + 1)],
        played: [...x.played, p.card as string],
        score: x.score + (p.points as number),
      }));
    }
    case 'CoinFlipped': {
      const heads = p.heads as boolean;
      const next = { ...s, cursor, lastFlip: { player: p.player as PlayerId, heads } };
      return heads ? withPlayer(next, p.player as string, (x) => ({ ...x, score: x.score + 1 })) : next;
    }
    case 'MatchEnded':
      return { ...s, status: 'ended', active: null, winner: p.winner as PlayerId | null, result: p.result as string };
    default:
      return s;
  }
}

/** After points change: the win / turn-limit check, else the next turn. */
function afterScoring(s: CoinRaceState, who: PlayerId, endTurn: boolean): DraftEvent[] {
  if (player(s, who).score >= s.target) return [endDraft(who, `${who} reached ${s.target} points (3.1)`, '3.1')];
  if (!endTurn) return [];
  if (s.turn >= s.turnLimit) return [endDraft(null, `draw: turn limit ${s.turnLimit} (3.2)`, '3.2')];
  return [{ type: 'TurnStarted', payload: { player: other(who), turn: s.turn + 1 }, rule: '2.4', auto: true }];
}

function decide(s: CoinRaceState, c: Command, ctx: { rng: Rng }): Decision {
  const parsed = coinRaceCommandSchema.safeParse(c);
  if (!parsed.success) return reject('command', `not a Coin Race command: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  if (s.status !== 'playing') return reject('3.1', 'the match is not in play');
  const cmd = parsed.data;
  if (cmd.type === 'Concede') {
    const winner = other(c.player);
    return { ok: true, events: [{ type: 'MatchEnded', payload: { winner, result: `${c.player} conceded (3.3)` }, rule: '3.3' }] };
  }
  if (c.player !== s.active) return reject('2.1', `it is ${s.active}'s turn; wait for it`);
  if (cmd.type === 'PlayCard') {
    if (s.playedThisTurn) return reject('2.2', 'you already played a card this turn; Flip to end it');
    const me = player(s, c.player);
    const card = me.hand[cmd.index];
    if (card === undefined || card === null) return reject('2.3', `there is no card at hand index ${cmd.index}; your hand has ${me.hand.length}`);
    const points = VALUES[cardOf(card)] ?? 0;
    const events: DraftEvent[] = [{ type: 'CardPlayed', payload: { player: c.player, index: cmd.index, card, points }, rule: '2.3' }];
    let next = evolve(s, events[0]!);
    const ending = afterScoring(next, c.player, false);
    if (ending.length === 0) {
      const d = drawDraft(next, c.player);
      if (d) {
        events.push(d);
        next = evolve(next, d);
      }
    }
    return { ok: true, events: [...events, ...ending] };
  }
  const heads = ctx.rng.int(2) === 1;
  const flip: DraftEvent = { type: 'CoinFlipped', payload: { player: c.player, heads, random: ctx.rng.take() }, rule: '2.4' };
  return { ok: true, events: [flip, ...afterScoring(evolve(s, flip), c.player, true)] };
}

function setupMatch(config: MatchConfig, ctx: { rng: Rng; seedCommitment: string }): Decision {
  if (config.players.length !== 2) return reject('1.1', `Coin Race is for 2 players, got ${config.players.length}`);
  const target = typeof config.options?.target === 'number' ? config.options.target : 6;
  const turnLimit = typeof config.options?.turnLimit === 'number' ? config.options.turnLimit : 40;
  const events: DraftEvent[] = [
    { type: 'MatchStarted', payload: { game: 'coin-race', seedCommitment: ctx.seedCommitment, players: config.players.map((p) => ({ id: p.id, name: p.name })), target, turnLimit }, rule: '1.1', auto: true },
  ];
  let s = evolve(initial(), events[0]!);
  for (const seat of config.players) {
    const errors = validateDeck(seat.deck);
    if (errors.length) return reject('1.1', `${seat.id}'s deck: ${errors.join('; ')}`);
    const instances = seat.deck.main.map((card, i) => `${seat.id}#${i}:${card}`);
    const stacked = config.stack?.[seat.id];
    let order: string[];
    let random: ReturnType<Rng['take']> | undefined;
    if (stacked) {
      // Scenario: hand first, then the stacked deck top, then the rest in list order; no shuffle.
      const wanted = [...(stacked.hand ?? []), ...(stacked.deck ?? [])];
      const pool = [...instances];
      order = [];
      for (const card of wanted) {
        const i = pool.findIndex((x) => cardOf(x) === card);
        if (i < 0) return reject('1.1', `${seat.id}'s stack names ${card}, which is not (or no longer) in the deck`);
        order.push(pool.splice(i, 1)[0]!);
      }
      order.push(...pool);
    } else {
      order = ctx.rng.shuffle(instances);
      random = ctx.rng.take();
    }
    const shuffled: DraftEvent = { type: 'DeckShuffled', payload: random ? { player: seat.id, order, random } : { player: seat.id, order }, rule: '1.1', auto: true };
    events.push(shuffled);
    s = evolve(s, shuffled);
    for (let k = 0; k < 2; k++) {
      const d = drawDraft(s, seat.id);
      if (d) {
        events.push({ ...d, rule: '1.1' });
        s = evolve(s, d);
      }
    }
  }
  events.push({ type: 'TurnStarted', payload: { player: 'p1', turn: 1 }, rule: '1.1', auto: true });
  return { ok: true, events };
}

function validateDeck(deck: { main: string[] }): string[] {
  const errors: string[] = [];
  if (deck.main.length < 3) errors.push(`a deck needs at least 3 cards, has ${deck.main.length}`);
  for (const c of deck.main) if (!(c in VALUES)) errors.push(`unknown card "${c}" (cards: ${Object.keys(VALUES).join(', ')})`);
  return errors;
}

function legalCommands(s: CoinRaceState, p: PlayerId): Command[] {
  if (s.status !== 'playing') return [];
  const out: Command[] = [{ type: 'Concede', player: p }];
  if (p !== s.active) return out;
  if (!s.playedThisTurn) player(s, p).hand.forEach((c, index) => c !== null && out.push({ type: 'PlayCard', player: p, index }));
  out.push({ type: 'Flip', player: p });
  return out;
}

function canSeeHand(owner: PlayerId, v: Viewer): boolean {
  return v === 'judge' || v === owner;
}

function view(s: CoinRaceState, v: Viewer): CoinRaceState {
  if (v === 'judge') return s;
  return { ...s, players: s.players.map((p) => ({ ...p, deck: p.deck.map(() => null), hand: canSeeHand(p.id, v) ? p.hand : p.hand.map(() => null) })) };
}

function viewEvent<E extends GameEvent>(e: E, v: Viewer): E {
  if (v === 'judge') return e;
  const p = e.payload;
  const random = p.random as { from: number; to: number } | undefined;
  const redactedRandom = random ? { random: { from: random.from, to: random.to, draws: null } } : {};
  if (e.type === 'DeckShuffled') return { ...e, payload: { ...p, ...redactedRandom, order: (p.order as unknown[]).map(() => null) } };
  if (e.type === 'CardDrawn' && !canSeeHand(p.player as PlayerId, v)) return { ...e, payload: { ...p, card: null } };
  if (random) return { ...e, payload: { ...p, ...redactedRandom } };
  return e;
}

function secrets(s: CoinRaceState, v: Viewer): string[] {
  if (v === 'judge') return [];
  return s.players.flatMap((p) => [...p.deck, ...(canSeeHand(p.id, v) ? [] : p.hand)]).filter((x): x is string => x !== null);
}

function position(s: CoinRaceState): Position {
  return { turn: s.turn, phase: s.status === 'playing' ? 'main' : s.status, step: null, activePlayer: s.active };
}

function tile(instance: string | null, i: number): CardTile | { id: string; hidden: true } {
  if (instance === null) return { id: `hidden-${i}`, hidden: true };
  const card = cardOf(instance);
  return { id: instance, cardId: card, face: { name: card, types: ['Coin'], stats: { points: VALUES[card] ?? 0 } } };
}

function board(s: CoinRaceState): BoardModel {
  const zone = (key: string, label: string, layout: ZoneModel['layout'], cards: (string | null)[]): ZoneModel => ({ key, label, layout, count: cards.length, cards: cards.map(tile) });
  return {
    game: 'coin-race',
    status: s.status,
    turn: s.turn,
    phase: position(s).phase,
    step: null,
    activePlayer: s.active,
    acting: s.status === 'playing' && s.active ? [s.active] : [],
    players: s.players.map((p) => ({
      id: p.id,
      name: p.name,
      stats: [{ key: 'score', label: 'Score', value: p.score, max: s.target }],
      zones: [zone('deck', 'Deck', 'pile', []), zone('hand', 'Hand', 'fan', p.hand), zone('played', 'Played', 'row', p.played)].map((z, i) => (i === 0 ? { ...z, count: p.deck.length } : z)),
    })),
    shared: [],
    banner: s.lastFlip ? `${s.lastFlip.player} flipped ${s.lastFlip.heads ? 'heads' : 'tails'}` : null,
    winner: s.winner,
    result: s.result,
  };
}

function describe(e: GameEvent): string {
  const p = e.payload;
  switch (e.type) {
    case 'CoinFlipped':
      return `${String(p.player)} flipped ${p.heads ? 'heads' : 'tails'}`;
    case 'CardPlayed':
      return `${String(p.player)} played ${cardOf(String(p.card))} for ${String(p.points)}`;
    default:
      return e.type;
  }
}

export const coinRace: GameModule<CoinRaceState> = {
  id: 'coin-race',
  title: 'Coin Race (test fixture)',
  rulesVersion: 'fixture-1',
  machine: coinRaceMachine,
  initial,
  setup: setupMatch,
  decide,
  evolve,
  legalCommands,
  actors: (s) => (s.status === 'playing' && s.active ? [s.active] : []),
  position,
  status: (s) => ({ status: s.status, winner: s.winner, result: s.result }),
  view,
  viewEvent,
  secrets,
  board,
  describe,
  keyMoment: (e) => (e.type === 'CardPlayed' ? { kind: 'play', label: describe(e) } : null),
  cards: Object.entries(VALUES).map(([id, v]) => ({ id, name: id, sample: true, face: { name: id, types: ['Coin'], stats: { points: v } } })),
  presetDecks: {
    low: { name: 'low', main: ['one', 'one', 'one', 'two', 'two', 'three'] },
    high: { name: 'high', main: ['three', 'three', 'two', 'one', 'one', 'one'] },
  },
  validateDeck,
  commandSchema: coinRaceCommandSchema as unknown as z.ZodType<Omit<Command, 'player'>>,
  eventSchema: coinRaceEventSchema as unknown as z.ZodType<GameEvent>,
  bots: {
    random: { name: 'random', choose: (_s, _p, legal, rng) => { const nonConcede = legal.filter((c) => c.type !== 'Concede'); return nonConcede[rng.int(nonConcede.length)] ?? legal[0]!; } },
    greedy: { name: 'greedy', choose: (_s, _p, legal) => legal.find((c) => c.type === 'PlayCard') ?? legal.find((c) => c.type === 'Flip') ?? legal[0]! },
  },
  coverage: {
    sections: [
      { rule: '1.1', title: 'Setup', status: 'implemented', tests: ['packages/engine/src/testing/fixture-game.test.ts'] },
      { rule: '2.4', title: 'Flip', status: 'implemented', tests: ['packages/engine/src/testing/fixture-game.test.ts'] },
      { rule: '3.2', title: 'Turn limit', status: 'partial', tests: [], reason: 'no tie-break' },
    ],
    keywords: [{ rule: '4.1', title: 'Lucky', status: 'not-implemented', tests: [], reason: 'fixture has no keywords' }],
  },
};

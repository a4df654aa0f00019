// The memory rule of `knowledgeAt` on a tiny hand-written game: a card shown to the opponent and put back stays
// known ("remembered") until a shuffle names it; a card that moves while hidden is flagged `movedFrom`.
import { describe, expect, it } from 'vitest';
import {
  boardModel,
  type AnyGameModule,
  type BoardModel,
  type EventEnvelope,
  type GameEvent,
} from '@matchtape/engine';
import {
  knowledgeAt,
  knowledgeFrom,
  knowledgeLine,
  packKnowledge,
  PackedKnowledge,
  startKnowledge,
  stepKnowledge,
  unpackKnowledge,
} from './knowledge';
import { knowledgeCheckpoint, knowledgeReadModel } from './read-models';

interface Card {
  id: string;
  cardId: string;
  revealed?: boolean;
}
interface S {
  players: Record<'p1' | 'p2', { hand: Card[]; deck: Card[] }>;
}

// The memory rule reads events and card ids only: the board is an empty frame, built as games build theirs.
const board = (_s: S): BoardModel =>
  boardModel(
    'tiny',
    { status: 'playing', turn: 1, activePlayer: 'p1', winner: null, result: null },
    { phase: 'main', step: null },
    {
      acting: [],
      shared: [],
      banner: null,
      players: (['p1', 'p2'] as const).map((id) => ({ id, name: id, stats: [], zones: [] })),
    },
  );
const move = (s: S, id: string, to: 'hand' | 'deck'): S => {
  const next = structuredClone(s);
  for (const p of Object.values(next.players)) {
    const i = p.hand.findIndex((c) => c.id === id);
    const j = p.deck.findIndex((c) => c.id === id);
    const [c] = i >= 0 ? p.hand.splice(i, 1) : p.deck.splice(j, 1);
    if (c) p[to].unshift({ id: c.id, cardId: c.cardId });
  }
  return next;
};
const tiny = {
  id: 'tiny',
  cards: [
    { id: 'BOLT', name: 'Bolt' },
    { id: 'WALL', name: 'Wall' },
  ],
  initial: (): S => ({ players: { p1: { hand: [], deck: [] }, p2: { hand: [], deck: [] } } }),
  evolve: (s: S, e: GameEvent): S => {
    const p = e.payload as { id: string; cardId: string; owner: 'p1' | 'p2' };
    if (e.type === 'Drawn')
      return {
        players: {
          ...s.players,
          [p.owner]: {
            ...s.players[p.owner],
            hand: [...s.players[p.owner].hand, { id: p.id, cardId: p.cardId }],
          },
        },
      };
    if (e.type === 'Revealed')
      return {
        players: {
          ...s.players,
          [p.owner]: {
            ...s.players[p.owner],
            hand: s.players[p.owner].hand.map((c) => (c.id === p.id ? { ...c, revealed: true } : c)),
          },
        },
      };
    if (e.type === 'Hidden')
      return {
        players: {
          ...s.players,
          [p.owner]: {
            ...s.players[p.owner],
            hand: s.players[p.owner].hand.map((c) => ({ id: c.id, cardId: c.cardId })),
          },
        },
      };
    if (e.type === 'PutOnDeck') return move(s, p.id, 'deck');
    if (e.type === 'DeckShuffled') return s;
    return s;
  },
  view: (s: S, v: string): S => {
    const hide = (owner: string, c: Card) =>
      v === 'judge' || v === owner || c.revealed ? c : { id: `h-${c.id}`, cardId: undefined, hidden: true };
    return {
      players: {
        p1: { hand: s.players.p1.hand.map((c) => hide('p1', c)) as Card[], deck: [] },
        p2: { hand: s.players.p2.hand.map((c) => hide('p2', c)) as Card[], deck: [] },
      },
    };
  },
  board,
} as unknown as AnyGameModule;

const ev = (type: string, payload: Record<string, unknown>): GameEvent => ({ type, payload });
const events: GameEvent[] = [
  ev('Drawn', { owner: 'p2', id: 'x', cardId: 'BOLT' }), // 1
  ev('Drawn', { owner: 'p2', id: 'y', cardId: 'WALL' }), // 2
  ev('Revealed', { owner: 'p2', id: 'x' }), // 3: p1 sees Bolt
  ev('Hidden', { owner: 'p2' }), // 4: back in hand, hidden again
  ev('PutOnDeck', { owner: 'p2', id: 'x' }), // 5: onto the deck, unshuffled
  ev('DeckShuffled', { player: 'p2', cards: [{ id: 'x' }] }), // 6
];

describe('knowledgeAt: the memory rule', () => {
  it('a revealed card is visible, then remembered in hand, then remembered elsewhere, then forgotten by a shuffle', () => {
    const p1 = (seq: number) => knowledgeAt(tiny, events, seq).players.find((p) => p.player === 'p1')!;
    const hand = (seq: number) => p1(seq).zones.find((z) => z.zone === 'players.p2.hand');
    // seq 2: both p2 cards unknown to p1.
    expect(hand(2)!.unknown.map((c) => c.id)).toEqual(['x', 'y']);
    // seq 3: Bolt visible, revealed at 3.
    expect(hand(3)!.visible).toEqual([
      { id: 'x', cardId: 'BOLT', name: 'Bolt', how: 'revealed', lastSeenSeq: 3 },
    ]);
    // seq 4: hidden again, still known where it is.
    expect(hand(4)!.remembered).toEqual([
      { id: 'x', cardId: 'BOLT', name: 'Bolt', how: 'revealed', lastSeenSeq: 3 },
    ]);
    expect(hand(4)!.unknown.map((c) => c.id)).toEqual(['y']);
    // seq 5: on the deck; known, last seen in the hand.
    const deck5 = p1(5).zones.find((z) => z.zone === 'players.p2.deck')!;
    expect(deck5.remembered[0]!.movedFrom).toEqual({
      owner: 'p2',
      zone: 'players.p2.hand',
      label: 'players.p2.hand',
    });
    // seq 6: shuffled: forgotten.
    expect(p1(6).remembered).toEqual([]);
    expect(
      p1(6)
        .zones.find((z) => z.zone === 'players.p2.deck')!
        .unknown.map((c) => c.id),
    ).toEqual(['x']);
    // p2 always knows its own hand.
    const p2 = knowledgeAt(tiny, events, 4).players.find((p) => p.player === 'p2')!;
    expect(p2.zones.find((z) => z.zone === 'players.p2.hand')!.visible.map((c) => c.how)).toEqual([
      'own hand',
      'own hand',
    ]);
    expect(knowledgeLine(p1(4))).toBe('p1 sees 0, remembers 1, cannot know 1 outside decks and piles');
  });

  it('seq 0 and seqs past the end are clamped', () => {
    expect(knowledgeAt(tiny, events, 0).seq).toBe(0);
    expect(knowledgeAt(tiny, events, 99).seq).toBe(6);
  });
});

describe('the resumable fold', () => {
  it('continued from a packed checkpoint at any seq, it gives what the fold from seq 1 gives', () => {
    for (let at = 0; at <= events.length; at++) {
      // The fold up to `at`, packed through JSON as the read model stores it, then continued to each later seq.
      let state: unknown = tiny.initial();
      const fold = startKnowledge();
      for (const e of events.slice(0, at)) stepKnowledge(fold, tiny, (state = tiny.evolve(state, e)), e);
      const stored = PackedKnowledge.parse(JSON.parse(JSON.stringify(packKnowledge(fold))));
      for (let seq = at; seq <= events.length; seq++)
        expect(knowledgeFrom(tiny, events, unpackKnowledge(tiny, stored), seq)).toEqual(
          knowledgeAt(tiny, events, seq),
        );
    }
  });

  it('the knowledge read model keeps a checkpoint every `every` events and one at its last event', () => {
    let doc = knowledgeReadModel.init('m', tiny);
    doc.every = 2;
    let state: unknown = tiny.initial();
    events.forEach((e, i) => {
      state = tiny.evolve(state, e);
      const env = { ...e, seq: i + 1, at: `t${i + 1}` } as unknown as EventEnvelope;
      // A fresh copy of the document every other event, as a new projector batch loads it from the store.
      const input = i % 2 === 0 ? (JSON.parse(JSON.stringify(doc)) as typeof doc) : doc;
      doc = knowledgeReadModel.apply(input, env, tiny, state);
    });
    expect(doc.checkpoints.map((c) => c.seq)).toEqual([2, 4, 6]);
    expect(doc.current.seq).toBe(6);
    expect(doc.lastSeq).toBe(6);
    for (let seq = 2; seq <= events.length; seq++) {
      const from = knowledgeCheckpoint(doc, seq)!;
      expect(from.seq).toBe(seq - (seq % 2));
      expect(knowledgeFrom(tiny, events, unpackKnowledge(tiny, from), seq)).toEqual(
        knowledgeAt(tiny, events, seq),
      );
    }
    expect(knowledgeCheckpoint(doc, 1)).toBeNull();
    expect(() =>
      knowledgeReadModel.apply(doc, { ...events[0]!, seq: 7 } as unknown as EventEnvelope, tiny),
    ).toThrow(/needsState/);
  });

  it('a checkpoint past the asked seq is refused', () => {
    const fold = startKnowledge();
    let state: unknown = tiny.initial();
    for (const e of events.slice(0, 4)) stepKnowledge(fold, tiny, (state = tiny.evolve(state, e)), e);
    expect(() => knowledgeFrom(tiny, events, fold, 3)).toThrow(/cannot answer seq 3/);
  });
});

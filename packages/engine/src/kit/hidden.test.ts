import { describe, expect, it } from 'vitest';
import {
  entering,
  hide,
  redactZone,
  reveal,
  secretsOf,
  slotFor,
  type KitCard,
  type ZoneSpec,
} from './hidden';

const hand: ZoneSpec = {
  owner: 'p1',
  visibility: 'owner',
  cards: [
    { id: 'p1#1', cardId: 'bolt', oid: 'h1' },
    { id: 'p1#2', cardId: 'wall', oid: 'h2' },
  ],
};
const deck: ZoneSpec = {
  owner: 'p1',
  visibility: 'hidden',
  cards: [
    { id: 'p1#3', cardId: 'bolt', oid: 'h3', knownTo: ['p1'] },
    { id: 'p1#4', cardId: 'gem', oid: 'h4' },
  ],
};
const field: ZoneSpec = { owner: 'p2', visibility: 'public', cards: [{ id: 'p2#1', cardId: 'wall' }] };

describe('hidden-card model', () => {
  it('shows a card to viewers the zone allows, an opaque id to the others, and known cards under their oid', () => {
    expect(redactZone(hand, 'p1')).toEqual([
      { id: 'p1#1', cardId: 'bolt' },
      { id: 'p1#2', cardId: 'wall' },
    ]);
    expect(redactZone(hand, 'p2')).toEqual([
      { id: 'h1', hidden: true },
      { id: 'h2', hidden: true },
    ]);
    expect(redactZone(hand, 'judge')).toEqual(hand.cards);
    expect(redactZone(deck, 'p1')).toEqual([
      { id: 'h3', cardId: 'bolt' },
      { id: 'h4', hidden: true },
    ]);
    expect(slotFor(field.cards[0]!, field, 'public')).toEqual({ id: 'p2#1', cardId: 'wall' });
  });

  it('keepOid: a viewer who may see a card keeps its opaque id (games whose events name hidden cards by oid); others still see only the oid', () => {
    expect(redactZone(hand, 'p1', { keepOid: true })).toEqual([
      { id: 'p1#1', cardId: 'bolt', oid: 'h1' },
      { id: 'p1#2', cardId: 'wall', oid: 'h2' },
    ]);
    expect(redactZone(hand, 'p2', { keepOid: true })).toEqual([
      { id: 'h1', hidden: true },
      { id: 'h2', hidden: true },
    ]);
    // Known cards still show only under their oid, and the judge-only bookkeeping still goes.
    expect(redactZone(deck, 'p1', { keepOid: true })).toEqual([
      { id: 'h3', cardId: 'bolt' },
      { id: 'h4', hidden: true },
    ]);
    expect(
      reveal({ id: 'a', cardId: 'b', oid: 'h', knownTo: ['p1'], revealed: true }, { keepOid: true }),
    ).toEqual({ id: 'a', cardId: 'b', oid: 'h' });
    expect(slotFor(field.cards[0]!, field, 'public', { keepOid: true })).toEqual({
      id: 'p2#1',
      cardId: 'wall',
    });
  });

  it('opaqueIds: a hidden card shows under its own id (no oid needed), and only card ids are secrets', () => {
    const hand: ZoneSpec = {
      owner: 'p1',
      visibility: 'owner',
      cards: [
        { id: '7', cardId: 'bolt' },
        { id: '8', cardId: 'wall' },
      ],
    };
    const deck: ZoneSpec = { owner: 'p1', visibility: 'hidden', cards: [{ id: '9', cardId: 'gem' }] };
    const opts = { opaqueIds: true };
    expect(redactZone(hand, 'p2', opts)).toEqual([
      { id: '7', hidden: true },
      { id: '8', hidden: true },
    ]);
    expect(redactZone(hand, 'p1', opts)).toEqual(hand.cards);
    expect(redactZone(deck, 'p1', opts)).toEqual([{ id: '9', hidden: true }]);
    expect(secretsOf([hand, deck, field], 'p2', opts).sort()).toEqual(['bolt', 'gem']);
    expect(secretsOf([hand, deck, field], 'p1', opts)).toEqual(['gem']);
  });

  it('knows + whole: a game that records who knows a card its own way shows seen and known cards whole', () => {
    type Card = KitCard & { oid: string; known?: string[] };
    const deck: ZoneSpec<Card> = {
      owner: 'p1',
      visibility: 'hidden',
      cards: [
        { id: 'p1#3', cardId: 'bolt', oid: 'h3', known: ['p1'] },
        { id: 'p1#4', cardId: 'gem', oid: 'h4', known: ['public'] },
        { id: 'p1#5', cardId: 'wall', oid: 'h5' },
      ],
    };
    const hand: ZoneSpec<Card> = {
      owner: 'p1',
      visibility: 'owner',
      cards: [{ id: 'p1#1', cardId: 'bolt', oid: 'h1' }],
    };
    const opts = {
      whole: true,
      knows: (c: Card, v: string) => c.known?.includes('public') === true || c.known?.includes(v) === true,
    };
    expect(redactZone(deck, 'p1', opts)).toEqual([deck.cards[0], deck.cards[1], { id: 'h5', hidden: true }]);
    expect(redactZone(deck, 'p2', opts)).toEqual([
      { id: 'h3', hidden: true },
      deck.cards[1],
      { id: 'h5', hidden: true },
    ]);
    expect(redactZone(hand, 'p1', opts)).toEqual(hand.cards);
    // Without `knows`, the kit's own `knownTo` / `revealed` decide, which these cards do not have.
    expect(redactZone(deck, 'p1', { whole: true })[0]).toEqual({ id: 'h3', hidden: true });
    // A card shown whole is no secret by its instance id.
    expect(secretsOf([deck, hand], 'p1', opts).sort()).toEqual(['p1#5', 'wall']);
  });

  it('refuses to hide a card that has no opaque id, naming the fix', () => {
    expect(() => hide({ id: 'p1#9', cardId: 'x' })).toThrow(
      /without an opaque id; give it one with draft\.oid\(\)/,
    );
    expect(reveal({ id: 'a', cardId: 'b', oid: 'h', knownTo: ['p1'] })).toEqual({ id: 'a', cardId: 'b' });
  });

  it('derives secrets from the same zones: hidden instance ids, and card ids no visible copy shows', () => {
    const zones = [hand, deck, field];
    // p2 sees "wall" on the field, so only "bolt" and "gem" are secret card ids for p2.
    expect(secretsOf(zones, 'p2').sort()).toEqual(['bolt', 'gem', 'p1#1', 'p1#2', 'p1#3', 'p1#4']);
    // p1 sees its hand and knows p1#3 by its oid: the instance id stays secret, the card id does not.
    expect(secretsOf(zones, 'p1').sort()).toEqual(['gem', 'p1#3', 'p1#4']);
    expect(secretsOf(zones, 'judge')).toEqual([]);
  });

  it('a move into a hidden zone renews the opaque id and forgets what was known; into a public one drops it', () => {
    let n = 0;
    const fresh = () => `h-new-${++n}`;
    const c: KitCard = { id: 'p1#3', cardId: 'bolt', oid: 'h3', knownTo: ['p1'], revealed: true };
    expect(entering(c, 'owner', fresh)).toEqual({ id: 'p1#3', cardId: 'bolt', oid: 'h-new-1' });
    expect(entering(c, 'public', fresh)).toEqual({ id: 'p1#3', cardId: 'bolt' });
  });
});

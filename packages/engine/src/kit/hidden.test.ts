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

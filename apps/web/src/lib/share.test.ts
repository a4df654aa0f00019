import { describe, expect, it } from 'vitest';
import { shareEqual } from './share';

const tile = (id: string, damage = 0) => ({ id, hidden: false, face: { name: `card ${id}`, types: ['Unit'], stats: { atk: 2 } }, damage });
const board = (hand: ReturnType<typeof tile>[], field: ReturnType<typeof tile>[], life = 20) => ({
  turn: 3,
  players: [{ id: 'p1', stats: [{ key: 'life', value: life }], zones: [{ key: 'hand', cards: hand }, { key: 'field', cards: field }] }],
});

describe('shareEqual', () => {
  it('gives back the previous object when the two are deep-equal', () => {
    const a = board([tile('a'), tile('b')], [tile('c')]);
    const b = board([tile('a'), tile('b')], [tile('c')]);
    expect(shareEqual(a, b)).toBe(a);
  });

  it('keeps unchanged zones, stats and tiles; the changed path is new and equals next', () => {
    const a = board([tile('a'), tile('b')], [tile('c'), tile('d')]);
    const next = board([tile('a'), tile('b')], [tile('c'), tile('d', 2)]);
    const s = shareEqual(a, next);
    expect(s).toEqual(next);
    expect(s).not.toBe(a);
    expect(s.players[0]!.zones[0]).toBe(a.players[0]!.zones[0]); // hand unchanged
    expect(s.players[0]!.stats).toBe(a.players[0]!.stats);
    expect(s.players[0]!.zones[1]).not.toBe(a.players[0]!.zones[1]); // field changed
    expect(s.players[0]!.zones[1]!.cards[0]).toBe(a.players[0]!.zones[1]!.cards[0]); // c unchanged
    expect(s.players[0]!.zones[1]!.cards[1]!.damage).toBe(2);
  });

  it('matches tiles by id, so a card leaving the front of a zone keeps the others', () => {
    const a = board([tile('a'), tile('b'), tile('c')], []);
    const s = shareEqual(a, board([tile('b'), tile('c')], []));
    expect(s.players[0]!.zones[0]!.cards.map((c) => c.id)).toEqual(['b', 'c']);
    expect(s.players[0]!.zones[0]!.cards[0]).toBe(a.players[0]!.zones[0]!.cards[1]);
    expect(s.players[0]!.zones[0]!.cards[1]).toBe(a.players[0]!.zones[0]!.cards[2]);
    expect(s.players[0]!.zones[0]).not.toBe(a.players[0]!.zones[0]);
  });

  it('drops keys that are gone and takes new ones, and handles no previous board', () => {
    const a = { x: 1, y: { z: 2 } } as Record<string, unknown>;
    expect(shareEqual(a, { x: 1 })).toEqual({ x: 1 });
    expect(shareEqual(a, { x: 1, y: { z: 2 }, w: 3 })).toEqual({ x: 1, y: { z: 2 }, w: 3 });
    expect((shareEqual(a, { x: 1, y: { z: 2 }, w: 3 }) as Record<string, unknown>).y).toBe(a.y);
    const fresh = board([tile('a')], []);
    expect(shareEqual(null, fresh)).toBe(fresh);
    expect(shareEqual([1, 2], [1, 2, 3])).toEqual([1, 2, 3]);
    expect(shareEqual({ a: undefined }, { b: undefined })).toEqual({ b: undefined });
  });
});

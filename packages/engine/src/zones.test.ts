import { describe, expect, it } from 'vitest';
import { canSee, hiddenCard, isHiddenCard, moveId } from './zones';
import { isPlayer } from './ids';

describe('zones', () => {
  it('visibility: judges see all, owners their own, revealed cards their audience', () => {
    expect(canSee('hidden', 'p1', 'judge')).toBe(true);
    expect(canSee('hidden', 'p1', 'p1')).toBe(false);
    expect(canSee('owner', 'p1', 'p1')).toBe(true);
    expect(canSee('owner', 'p1', 'p2')).toBe(false);
    expect(canSee('owner', 'p1', 'public')).toBe(false);
    expect(canSee('owner', 'p1', 'p2', ['p2'])).toBe(true);
    expect(canSee('hidden', 'p1', 'p2', ['public'])).toBe(true);
    expect(canSee('public', 'p1', 'public')).toBe(true);
  });

  it('hidden cards carry only an opaque id', () => {
    expect(hiddenCard('h1')).toEqual({ id: 'h1', hidden: true });
    expect(isHiddenCard(hiddenCard('h1'))).toBe(true);
    expect(isHiddenCard({ id: 'x' })).toBe(false);
    expect(isHiddenCard(null)).toBe(false);
  });

  it('moves a card to the top or bottom without changing the inputs', () => {
    const from = ['a', 'b', 'c'];
    expect(moveId(from, ['x'], 'b')).toEqual({ from: ['a', 'c'], to: ['b', 'x'] });
    expect(moveId(from, ['x'], 'b', 'bottom')).toEqual({ from: ['a', 'c'], to: ['x', 'b'] });
    expect(from).toEqual(['a', 'b', 'c']);
    expect(() => moveId(from, [], 'z')).toThrow(/not in the source zone/);
  });

  it('player ids are p1…pN', () => {
    expect(isPlayer('p1')).toBe(true);
    expect(isPlayer('p12')).toBe(true);
    expect(isPlayer('p0')).toBe(false);
    expect(isPlayer('judge')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { addCounters, expireEffects, grantedKeywords, modifierOf, type ContinuousEffect } from './effects';

const fx = (
  id: string,
  duration: ContinuousEffect['duration'],
  over: Partial<ContinuousEffect> = {},
): ContinuousEffect => ({
  id,
  source: 'src',
  target: 'u1',
  modify: { attack: 1 },
  duration,
  ...over,
});

describe('continuous effects', () => {
  const all = [
    fx('turn', { until: 'end-of-turn' }),
    fx('phase', { until: 'end-of-phase', phase: 'clash' }),
    fx('otherPhase', { until: 'end-of-phase', phase: 'main' }),
    fx('step', { until: 'end-of-step', step: 'draw' }),
    fx('combat', { until: 'end-of-combat' }),
    fx('leaves', { until: 'leaves-play' }, { source: 'aura' }),
    fx('perm', { until: 'permanent' }),
  ];
  const ids = (es: ContinuousEffect[]) => es.map((e) => e.id);

  it('end of turn ends everything but permanent and leaves-play effects', () => {
    expect(ids(expireEffects(all, { ends: 'turn' }))).toEqual(['leaves', 'perm']);
  });

  it('end of a phase ends that phase’s effects and any step effects', () => {
    expect(ids(expireEffects(all, { ends: 'phase', phase: 'clash' }))).toEqual([
      'turn',
      'otherPhase',
      'combat',
      'leaves',
      'perm',
    ]);
  });

  it('end of a step ends only that step’s effects; end of combat only combat effects', () => {
    expect(ids(expireEffects(all, { ends: 'step', step: 'draw' }))).not.toContain('step');
    expect(ids(expireEffects(all, { ends: 'step', step: 'other' }))).toContain('step');
    expect(ids(expireEffects(all, { ends: 'combat' }))).toEqual(ids(all).filter((x) => x !== 'combat'));
  });

  it('leaving play ends effects on the card and leaves-play effects it created', () => {
    expect(ids(expireEffects(all, { ends: 'leaves-play', card: 'u1' }))).toEqual([]);
    expect(ids(expireEffects(all, { ends: 'leaves-play', card: 'aura' }))).toEqual(
      ids(all).filter((x) => x !== 'leaves'),
    );
  });

  it('sums modifiers per target and stat and lists granted keywords', () => {
    const es = [
      fx('a', { until: 'permanent' }, { modify: { attack: 2, defense: -1 } }),
      fx('b', { until: 'permanent' }, { modify: { attack: -3 }, grant: ['Swift'] }),
      fx('c', { until: 'permanent' }, { target: 'u2', grant: ['Guard'] }),
    ];
    expect(modifierOf(es, 'u1', 'attack')).toBe(-1);
    expect(modifierOf(es, 'u1', 'defense')).toBe(-1);
    expect(modifierOf(es, 'u1', 'speed')).toBe(0);
    expect(grantedKeywords(es, 'u1')).toEqual(['Swift']);
    expect(grantedKeywords(es, 'u2')).toEqual(['Guard']);
  });
});

describe('counters', () => {
  it('adds, never goes below zero, and drops empty kinds', () => {
    const c = addCounters({}, 'damage', 2);
    expect(c).toEqual({ damage: 2 });
    expect(addCounters(c, 'damage', -1)).toEqual({ damage: 1 });
    expect(addCounters(c, 'damage', -5)).toEqual({});
    expect(addCounters(c, 'shield', 1)).toEqual({ damage: 2, shield: 1 });
    expect(c).toEqual({ damage: 2 });
  });
});

import { describe, expect, it } from 'vitest';
import { actedWithPriority, apnap, nextInOrder, openWindow, passPriority } from './priority';
import type { PlayerId } from './ids';

describe('priority windows', () => {
  const order: PlayerId[] = ['p1', 'p2', 'p3'];

  it('opens with the first player holding and nobody passed', () => {
    expect(openWindow(order)).toEqual({ order, holder: 'p1', passed: [] });
    expect(openWindow(order, 'p2').holder).toBe('p2');
  });

  it('closes only when every player has passed in succession', () => {
    let w = openWindow(order, 'p2');
    const r1 = passPriority(w);
    expect(r1).toEqual({ window: { order, holder: 'p3', passed: ['p2'] }, allPassed: false });
    const r2 = passPriority(r1.window);
    expect(r2.allPassed).toBe(false);
    const r3 = passPriority(r2.window);
    expect(r3.allPassed).toBe(true);
    expect(r3.window.passed.sort()).toEqual(['p1', 'p2', 'p3']);
    w = r3.window;
    expect(w.holder).toBe('p2');
  });

  it('an action resets the passes, so everyone must pass again', () => {
    const r1 = passPriority(openWindow(order));
    const r2 = passPriority(r1.window);
    const acted = actedWithPriority(r2.window);
    expect(acted).toEqual({ order, holder: 'p3', passed: [] });
    expect(actedWithPriority(r2.window, 'p1').holder).toBe('p1');
    let w = acted;
    let all = false;
    for (let i = 0; i < 3; i++) ({ window: w, allPassed: all } = passPriority(w));
    expect(all).toBe(true);
  });

  it('a player passing twice does not count twice (two players)', () => {
    const two: PlayerId[] = ['p1', 'p2'];
    const w = { order: two, holder: 'p1' as PlayerId, passed: ['p1'] as PlayerId[] };
    expect(passPriority(w).allPassed).toBe(false);
  });

  it('next in order wraps, and APNAP starts at the active player', () => {
    expect(nextInOrder(order, 'p3')).toBe('p1');
    expect(nextInOrder(order, 'p1')).toBe('p2');
    expect(apnap(order, 'p2')).toEqual(['p2', 'p3', 'p1']);
    expect(apnap(order, 'p1')).toEqual(order);
  });
});

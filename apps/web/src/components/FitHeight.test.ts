import { describe, expect, it } from 'vitest';
import { largestFitting, MAX_GROW, MIN_ZOOM, zoomCeiling, zoomSteps } from './FitHeight';

/** A board whose zones wrap: 500 px of natural height, one more 120 px row once the zoom passes `wrapsAt`. */
const board = (wrapsAt: number) => (zoom: number) => zoom * (500 + (zoom > wrapsAt ? 120 : 0));

describe('largestFitting', () => {
  const steps = zoomSteps(1);
  it('keeps a board that fits at full size', () => {
    expect(largestFitting(steps, (z) => board(2)(z) <= 655)).toBe(1);
  });
  it('finds the largest step that fits, by measuring each try', () => {
    // 600 px of board (at 1) in 520 px: 0.86 is 516 px, 0.88 is 528.
    expect(largestFitting(steps, (z) => z * 600 <= 520)).toBe(0.86);
  });
  it('finds it where a row wraps: not the zoom one measurement at 1 predicts', () => {
    // At 1 the board wraps (620 px in 560): scaling that one measurement says 0.9 (558 px). Below 0.95 the row
    // fits and the board is 500 px at 1: 0.94 is 470 px, the largest that fits; 0.96 wraps (595 px).
    const tries: number[] = [];
    const fits = (z: number) => {
      tries.push(z);
      return board(0.95)(z) <= 560;
    };
    expect(largestFitting(steps, fits)).toBe(0.94);
    // A binary search: a handful of layouts, not one a step.
    expect(tries.length).toBeLessThanOrEqual(6);
  });
  it('never goes below the readable minimum: the box scrolls instead', () => {
    expect(largestFitting(steps, () => false)).toBe(MIN_ZOOM);
  });
  it('grows past 1 only up to the ceiling of its steps', () => {
    expect(largestFitting(zoomSteps(1.34), (z) => z * 500 <= 900)).toBe(1.34);
    expect(largestFitting(zoomSteps(1.34), (z) => z * 500 <= 610)).toBe(1.22);
  });
});

describe('zoomSteps', () => {
  it('runs from MIN_ZOOM to the ceiling by 0.02', () => {
    expect(zoomSteps(1)).toHaveLength(16);
    expect(zoomSteps(1)[0]).toBe(MIN_ZOOM);
    expect(zoomSteps(1).at(-1)).toBe(1);
    expect(zoomSteps(1.34).at(-1)).toBe(1.34);
  });
});

describe('zoomCeiling', () => {
  it('is 1 unless the screen is wide and tall, then the window height over 800 px, at most MAX_GROW', () => {
    expect(zoomCeiling(1080, false)).toBe(1);
    expect(zoomCeiling(1080, true)).toBe(1.34);
    expect(zoomCeiling(1440, true)).toBe(MAX_GROW);
    expect(zoomCeiling(700, true)).toBe(1);
  });
});

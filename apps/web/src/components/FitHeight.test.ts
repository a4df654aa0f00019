import { describe, expect, it } from 'vitest';
import { fitZoom, MIN_ZOOM } from './FitHeight';

describe('fitZoom', () => {
  it('keeps a board that fits at full size', () => {
    expect(fitZoom(1, 600, 655)).toBe(1);
  });
  it('shrinks a board 100 px too tall to the step below the exact fit', () => {
    // 755 px of board in 655 px: 0.8675… → 0.86.
    expect(fitZoom(1, 755, 655)).toBe(0.86);
  });
  it('measures the natural height from the current zoom (a shrunk board that now has room grows back)', () => {
    // At zoom 0.8 the board measures 400 px: 500 px natural, so 655 px of room lets it reach 1.
    expect(fitZoom(0.8, 400, 655)).toBe(1);
    expect(fitZoom(0.8, 560, 655)).toBe(0.92);
  });
  it('never goes below the readable minimum', () => {
    expect(fitZoom(1, 3000, 655)).toBe(MIN_ZOOM);
  });
  it('ignores a box not laid out yet', () => {
    expect(fitZoom(0.9, 0, 655)).toBe(0.9);
    expect(fitZoom(0.9, 500, 0)).toBe(0.9);
  });
});

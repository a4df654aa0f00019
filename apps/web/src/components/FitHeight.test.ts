import { describe, expect, it } from 'vitest';
import { fitZoom, MAX_GROW, MIN_ZOOM, zoomCeiling } from './FitHeight';

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
  it('grows past 1 only up to the ceiling it is given', () => {
    // 500 px of board in 900 px of room: 1.8 would fit; a 1080 px window allows 1.35.
    expect(fitZoom(1, 500, 900, 1.35)).toBe(1.35);
    // At 1.35 it measures 675 px (500 px natural): 610 px of room is 1.22 of it.
    expect(fitZoom(1.35, 675, 610, 1.35)).toBe(1.22);
    expect(fitZoom(1, 500, 900)).toBe(1);
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

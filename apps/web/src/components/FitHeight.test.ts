import { describe, expect, it } from 'vitest';
import { fitZoom, freshSettled, MAX_GROW, MIN_ZOOM, settleZoom, zoomCeiling } from './FitHeight';

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

describe('settleZoom', () => {
  const fresh = freshSettled(1);
  it('shrinks at once and remembers where it overflowed', () => {
    const r = settleZoom(fresh, 1, 0.92, 600, 650);
    expect(r).toEqual({
      to: 0.92,
      settled: { key: 1, growths: 0, overflow: { zoom: 1, room: 600, natural: 650 } },
    });
  });
  it('after a shrink, grows back only below the zoom that overflowed (at a smaller zoom the board wraps less)', () => {
    const { settled } = settleZoom(fresh, 1, 0.8, 600, 750);
    // At 0.8 the board wraps less (700 px natural): 1 would fit, but 1 overflowed; it may reach 0.98.
    const r = settleZoom(settled, 0.8, 1, 600, 700);
    expect(r.to).toBe(0.98);
    // Overflowing there too lowers the bound: the next growth stays below 0.98, so no cycle.
    const again = settleZoom(r.settled, 0.98, 0.9, 600, 690);
    expect(again.settled.overflow?.zoom).toBe(0.98);
    expect(settleZoom(again.settled, 0.9, 1, 600, 650).to).toBe(0.96);
  });
  it('past the zoom that overflowed once the box has clearly more room (the page finished loading above it)', () => {
    const { settled } = settleZoom(fresh, 1, 0.92, 600, 650);
    expect(settleZoom(settled, 0.92, 1, 615, 650).to).toBe(0.98);
    const r = settleZoom(settled, 0.92, 1, 660, 650);
    expect(r.to).toBe(1);
    expect(r.settled.overflow).toBeNull();
  });
  it('past it once the board has clearly less to show than when it overflowed (a transient while loading)', () => {
    // A clean-clone run left The Spoils' board at 0.7 (65 % of its box): it had overflowed at 1 while loading.
    const { settled } = settleZoom(fresh, 1, 0.7, 656, 900);
    expect(settleZoom(settled, 0.7, 1, 656, 610).to).toBe(1);
  });
  it('grows only by two steps or more, and at most three times for one content', () => {
    expect(settleZoom(fresh, 1, 1.02, 900, 500).to).toBe(1);
    expect(settleZoom(fresh, 1, 1.04, 900, 500).to).toBe(1.04);
    expect(settleZoom({ ...fresh, growths: 3 }, 1, 1.3, 900, 500).to).toBe(1);
    // Shrinking is never refused: a board that overflows always fits again.
    expect(settleZoom({ ...fresh, growths: 3 }, 1, 0.8, 500, 600).to).toBe(0.8);
  });
});

import { describe, expect, it } from 'vitest';
import { fitZoom, MAX_GROW, MIN_ZOOM, settleZoom, zoomCeiling, type Settled } from './FitHeight';

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
  const fresh: Settled = { key: 1, shrunk: false, changes: 0, room: 0 };
  it('shrinks at once and remembers the room it had', () => {
    const r = settleZoom(fresh, 1, 0.92, 600);
    expect(r).toEqual({ to: 0.92, settled: { key: 1, shrunk: true, changes: 1, room: 600 } });
  });
  it('after a shrink, does not grow back in the same room (at the smaller zoom the board wraps less)', () => {
    const { settled } = settleZoom(fresh, 1, 0.92, 600);
    expect(settleZoom(settled, 0.92, 1, 600).to).toBe(0.92);
    expect(settleZoom(settled, 0.92, 1, 615).to).toBe(0.92);
  });
  it('grows back once the room has grown by a clear margin (the page finished loading above the board)', () => {
    const { settled } = settleZoom(fresh, 1, 0.92, 600);
    const r = settleZoom(settled, 0.92, 1, 660);
    expect(r.to).toBe(1);
    expect(r.settled).toMatchObject({ shrunk: false, changes: 2 });
  });
  it('grows only by two steps or more, and stops after six changes', () => {
    expect(settleZoom(fresh, 1, 1.02, 900).to).toBe(1);
    expect(settleZoom(fresh, 1, 1.04, 900).to).toBe(1.04);
    expect(settleZoom({ ...fresh, changes: 6 }, 1, 0.8, 500).to).toBe(1);
  });
});

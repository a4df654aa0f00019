import { describe, expect, it } from 'vitest';
import { drawingHint, drawingKey } from './drawing-keys';

const key = (k: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean }> = {}) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...mods,
});

describe('drawingKey', () => {
  it('switches drawing with D, either case, on or off', () => {
    expect(drawingKey(key('d'), false, false, false)).toBe('toggle');
    expect(drawingKey(key('D'), false, true, true)).toBe('toggle');
  });
  it('drops a half-drawn arrow with Esc first, then leaves drawing', () => {
    expect(drawingKey(key('Escape'), false, true, true)).toBe('drop-arrow');
    expect(drawingKey(key('Escape'), false, true, false)).toBe('leave');
    expect(drawingKey(key('Escape'), false, false, false)).toBeNull();
  });
  it('clears your drawings with X only while drawing', () => {
    expect(drawingKey(key('x'), false, true, false)).toBe('clear-mine');
    expect(drawingKey(key('X'), false, false, false)).toBeNull();
  });
  it('leaves typing and shortcuts with a modifier alone', () => {
    expect(drawingKey(key('d'), true, false, false)).toBeNull();
    expect(drawingKey(key('d', { ctrlKey: true }), false, false, false)).toBeNull();
    expect(drawingKey(key('x', { metaKey: true }), false, true, false)).toBeNull();
    expect(drawingKey(key('Escape', { altKey: true }), false, true, true)).toBeNull();
  });
});

describe('drawingHint', () => {
  it('says where drawings are stored while drawing is off', () => {
    expect(drawingHint(false, 'arrow', false, 42)).toMatch(/stored at event 42;/);
  });
  it('says what to pick next', () => {
    expect(drawingHint(true, 'circle', false, 1)).toBe('Pick a card or zone to circle.');
    expect(drawingHint(true, 'arrow', false, 1)).toMatch(/^Pick a card or zone to start an arrow/);
    expect(drawingHint(true, 'arrow', true, 1)).toBe('Now pick where the arrow points (Esc: drop it).');
  });
});

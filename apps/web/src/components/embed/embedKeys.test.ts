// @vitest-environment jsdom
// The embed's step keys: an event or a turn each way, the ends (End follows a live match instead of pinning its
// current end), Space toggles play; arrows in the scrubber's toolbar and Space on a button are theirs.
import { describe, expect, it } from 'vitest';
import { embedKeyAction, keyIsTheTargets, type KeyContext } from './embedKeys';

const nav = { prevTurnStart: (s: number) => s - 5, nextTurnStart: (s: number) => s + 7 };
const at = (seq: number, isLive = false): KeyContext => ({ seq, nav, length: 40, isLive });

describe('embed keys', () => {
  it('←/→ step one event, with Shift one turn', () => {
    expect(embedKeyAction('ArrowLeft', false, at(10))).toEqual({ seek: 9 });
    expect(embedKeyAction('ArrowRight', false, at(10))).toEqual({ seek: 11 });
    expect(embedKeyAction('ArrowLeft', true, at(10))).toEqual({ seek: 5 });
    expect(embedKeyAction('ArrowRight', true, at(10))).toEqual({ seek: 17 });
  });

  it('Home goes to the start; End to the last event, or follows a live match', () => {
    expect(embedKeyAction('Home', false, at(10))).toEqual({ seek: 0 });
    expect(embedKeyAction('End', false, at(10))).toEqual({ seek: 40 });
    expect(embedKeyAction('End', false, at(10, true))).toEqual({ live: true });
  });

  it('Space plays or pauses; other keys are left alone', () => {
    expect(embedKeyAction(' ', false, at(10))).toEqual({ toggle: true });
    expect(embedKeyAction('a', false, at(10))).toBeNull();
    expect(embedKeyAction('Enter', false, at(10))).toBeNull();
  });

  it('leaves arrows in a toolbar and Space on a button to them', () => {
    const toolbar = document.createElement('div');
    toolbar.setAttribute('role', 'toolbar');
    const inside = document.createElement('span');
    toolbar.append(inside);
    const button = document.createElement('button');
    expect(keyIsTheTargets('ArrowLeft', inside)).toBe(true);
    expect(keyIsTheTargets('Home', inside)).toBe(false);
    expect(keyIsTheTargets(' ', button)).toBe(true);
    expect(keyIsTheTargets('ArrowLeft', button)).toBe(false);
    expect(keyIsTheTargets(' ', document.body)).toBe(false);
  });
});

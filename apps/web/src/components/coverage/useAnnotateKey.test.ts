// @vitest-environment jsdom
// The A shortcut: a plain A opens the editor, not while typing in a field and not with Ctrl/Cmd/Alt.
import { describe, expect, it } from 'vitest';
import { isAnnotateKey, isTypingIn } from './useAnnotateKey';

describe('the A shortcut', () => {
  it('is A or Shift+A alone', () => {
    expect(isAnnotateKey({ key: 'a', ctrlKey: false, metaKey: false, altKey: false })).toBe(true);
    expect(isAnnotateKey({ key: 'A', ctrlKey: false, metaKey: false, altKey: false })).toBe(true);
    expect(isAnnotateKey({ key: 'a', ctrlKey: true, metaKey: false, altKey: false })).toBe(false);
    expect(isAnnotateKey({ key: 'a', ctrlKey: false, metaKey: true, altKey: false })).toBe(false);
    expect(isAnnotateKey({ key: 'a', ctrlKey: false, metaKey: false, altKey: true })).toBe(false);
    expect(isAnnotateKey({ key: 'b', ctrlKey: false, metaKey: false, altKey: false })).toBe(false);
  });

  it('is a letter while typing in a field', () => {
    for (const tag of ['input', 'textarea', 'select'])
      expect(isTypingIn(document.createElement(tag))).toBe(true);
    expect(isTypingIn(document.createElement('button'))).toBe(false);
    expect(isTypingIn(document.body)).toBe(false);
    expect(isTypingIn(null)).toBe(false);
  });
});

// One Tab stop per group of many focusable things (a zone's cards, the log's lines): the group's items are found in
// the DOM by a selector, arrow keys move focus among them, Home/End go to the ends (WAI-ARIA APG "roving
// tabindex"). Which item holds the stop is the caller's state, set from the item last focused.
import type { KeyboardEvent } from 'react';

export type RovingAxis = 'horizontal' | 'vertical' | 'both';

/** The index to move to from `i` of `n` items for `key`, or null when the key is not a move along `axis`. */
export function rovingNext(key: string, i: number, n: number, axis: RovingAxis): number | null {
  if (n === 0) return null;
  const fwd =
    axis === 'horizontal'
      ? ['ArrowRight']
      : axis === 'vertical'
        ? ['ArrowDown']
        : ['ArrowRight', 'ArrowDown'];
  const back =
    axis === 'horizontal' ? ['ArrowLeft'] : axis === 'vertical' ? ['ArrowUp'] : ['ArrowLeft', 'ArrowUp'];
  if (fwd.includes(key)) return Math.min(n - 1, i + 1);
  if (back.includes(key)) return Math.max(0, i - 1);
  if (key === 'Home') return 0;
  if (key === 'End') return n - 1;
  return null;
}

/**
 * A keydown handler for the group's container: moves focus to the next item matching `selector`. The key does not
 * reach the page's own shortcuts (arrows step the match there), so it is stopped here.
 */
export function rovingKeyDown(selector: string, axis: RovingAxis) {
  return (e: KeyboardEvent<HTMLElement>) => {
    if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    const items = [...e.currentTarget.querySelectorAll<HTMLElement>(selector)];
    const i = items.findIndex((el) => el === document.activeElement || el.contains(document.activeElement));
    if (i < 0) return;
    const next = rovingNext(e.key, i, items.length, axis);
    if (next === null) return;
    e.preventDefault();
    e.stopPropagation();
    items[next]!.focus();
  };
}

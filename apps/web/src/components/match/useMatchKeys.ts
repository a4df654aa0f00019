'use client';
// The match page's keyboard: ←/→ an event, Shift+←/→ a turn, Space plays, Home/End, L back to live. Keys typed
// into a field, with a modifier, while a dialog is open, or arrows inside a radio group / toolbar are theirs.
import { useEffect } from 'react';
import type { Playback } from './usePlayback';

type Keys = Pick<Playback, 'seek' | 'stepEvent' | 'stepTurn' | 'togglePlay' | 'backToLive'>;

function typing(t: HTMLElement | null): boolean {
  return (
    !!t &&
    (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT' || t.isContentEditable)
  );
}

export function useMatchKeys(
  keys: Keys,
  opts: { length: number; isLive: boolean; dialogOpen: boolean },
): void {
  const { seek, stepEvent, stepTurn, togglePlay, backToLive } = keys;
  const { length, isLive, dialogOpen } = opts;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      if (typing(t) || dialogOpen || e.ctrlKey || e.metaKey || e.altKey) return;
      // Arrow keys inside the perspective switch or the key-moment markers move within them, not the match.
      if (t && t.closest('[role="radiogroup"], [role="toolbar"]') && e.key.startsWith('Arrow')) return;
      const k = e.key;
      if (k === 'ArrowLeft' || k === 'ArrowRight') {
        e.preventDefault();
        const d = k === 'ArrowLeft' ? -1 : 1;
        if (e.shiftKey) stepTurn(d);
        else stepEvent(d);
      } else if (k === ' ' || k === 'Spacebar') {
        if (t && t.tagName === 'BUTTON') return; // the focused button's own click
        e.preventDefault();
        togglePlay();
      } else if (k === 'Home') {
        e.preventDefault();
        seek(0);
      } else if (k === 'End') {
        e.preventDefault();
        if (isLive) backToLive();
        else seek(length);
      } else if (k === 'l' || k === 'L') {
        if (isLive) backToLive();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [dialogOpen, stepEvent, stepTurn, togglePlay, seek, length, isLive, backToLive]);
}

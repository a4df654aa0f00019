'use client';
// A opens the annotation editor at the current event, wherever the focus is, except while typing in a field.
import { useEffect, useRef } from 'react';

/** The key landed in something the viewer types into: the A is a letter there, not the shortcut. */
export function isTypingIn(target: EventTarget | null): boolean {
  const t = target as HTMLElement | null;
  return (
    !!t &&
    (t.tagName === 'INPUT' ||
      t.tagName === 'TEXTAREA' ||
      t.tagName === 'SELECT' ||
      t.isContentEditable === true)
  );
}

/** A or Shift+A alone (Ctrl/Cmd/Alt+A belong to the browser). */
export const isAnnotateKey = (e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>): boolean =>
  !e.ctrlKey && !e.metaKey && !e.altKey && (e.key === 'a' || e.key === 'A');

/** Calls `open` on the A key while `enabled` (a viewer who may write). */
export function useAnnotateKey(enabled: boolean, open: () => void): void {
  // The listener is bound once per `enabled` and calls the latest `open`.
  const openRef = useRef(open);
  openRef.current = open;
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (isTypingIn(e.target) || !isAnnotateKey(e)) return;
      e.preventDefault();
      openRef.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled]);
}

'use client';
// New events while following live, announced politely (aria-live) unless muted: the latest line, with a count
// when several arrived together; at most one announcement every 1.5 s (a throttle, not a debounce: a busy match
// that never pauses is still announced). Muting is kept per browser.
import { useCallback, useEffect, useRef, useState } from 'react';

/** Announcements of new events (aria-live) are on unless muted here; kept per browser. */
export const ANNOUNCE_KEY = 'matchtape.announce';
export const ANNOUNCE_EVERY_MS = 1500;

export interface Announcer {
  announcement: string;
  muted: boolean;
  toggleMuted: () => void;
}

/**
 * `length`: events the viewer holds; `ready`: the tape and its game are loaded; `lineOf(seq)`: the words for the
 * event at that seq (1-based), null when there is none. Only while `following`: the backlog on arrival is never
 * read out.
 */
export function useAnnouncer(
  length: number,
  following: boolean,
  ready: boolean,
  lineOf: (seq: number) => string | null,
): Announcer {
  const [muted, setMuted] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const announced = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef<() => void>(() => {});
  useEffect(() => setMuted(window.localStorage.getItem(ANNOUNCE_KEY) === 'off'), []);
  const toggleMuted = useCallback(() => {
    setMuted((m) => {
      window.localStorage.setItem(ANNOUNCE_KEY, m ? 'on' : 'off');
      return !m;
    });
  }, []);
  latest.current = () => {
    if (!ready) return;
    const from = announced.current + 1;
    if (length < from) return;
    const line = lineOf(length);
    if (line === null) return;
    setAnnouncement(length > from ? `${length - from + 1} new events. Latest: ${line}` : line);
    announced.current = length;
  };
  useEffect(() => {
    if (!ready || !following || muted) {
      announced.current = length;
      return;
    }
    if (announced.current === 0) announced.current = length; // not the whole backlog on arrival
    if (length <= announced.current || timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      latest.current();
    }, ANNOUNCE_EVERY_MS);
  }, [length, following, muted, ready]);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return { announcement, muted, toggleMuted };
}

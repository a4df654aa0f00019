'use client';
// The match list polled every few seconds with its filters (a filter change asks at once, aborting the last ask),
// and the time it was read (the "started" column counts from it).
import { useEffect, useState } from 'react';
import { listMatches, type MatchListItem } from '../lib/api';

const POLL_MS = 3000;

export function useMatchList(
  game: string,
  status: string,
): { matches: MatchListItem[] | null; error: string | null; now: number } {
  const [matches, setMatches] = useState<MatchListItem[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    let ctl = new AbortController();
    let timer: ReturnType<typeof setTimeout>;
    const load = async () => {
      try {
        const list = await listMatches({ game: game || undefined, status: status || undefined }, ctl.signal);
        setMatches(list);
        setError(null);
        setNow(Date.now());
      } catch (e) {
        if ((e as Error).name === 'AbortError') return;
        setError((e as Error).message);
      }
      timer = setTimeout(() => {
        ctl = new AbortController();
        void load();
      }, POLL_MS);
    };
    void load();
    return () => {
      ctl.abort();
      clearTimeout(timer);
    };
  }, [game, status]);
  return { matches, error, now };
}

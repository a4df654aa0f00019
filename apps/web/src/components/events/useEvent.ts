'use client';
// The event as the server answers it, polled every 3 s, with the offset of the server's clock from this browser's
// (the round clock counts down on the server's time), and a reload for right after a change.
import type { EventView } from '@matchtape/server/events-contract';
import { useEffect, useState } from 'react';

const POLL_MS = 3000;

export interface EventState {
  view: EventView | null;
  error: string | null;
  skewMs: number;
  setView: (v: EventView) => void;
  /** Reads the event again at once (a failed read keeps the view shown). */
  reload: () => Promise<void>;
}

const eventUrl = (id: string): string => `/api/events/${encodeURIComponent(id)}`;

export function useEvent(id: string): EventState {
  const [view, setView] = useState<EventView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [skewMs, setSkew] = useState(0);
  useEffect(() => {
    let stop = false;
    const load = async () => {
      try {
        const r = await fetch(eventUrl(id));
        const body = (await r.json()) as EventView & { message?: string };
        if (!r.ok) throw new Error(body.message ?? `the server answered ${r.status}`);
        if (!stop) {
          setView(body);
          setSkew(new Date(body.now).getTime() - Date.now());
          setError(null);
        }
      } catch (e) {
        if (!stop) setError(e instanceof Error ? e.message : String(e));
      }
    };
    void load();
    const t = setInterval(load, POLL_MS);
    return () => {
      stop = true;
      clearInterval(t);
    };
  }, [id]);
  const reload = async () => {
    const r = await fetch(eventUrl(id));
    if (r.ok) setView((await r.json()) as EventView);
  };
  return { view, error, skewMs, setView, reload };
}

'use client';
// The producer's switch on the desk: for a coverage or organiser token, which table each event on the desk
// features now (GET /api/events/ID, the undelayed choice: the producer sees what they picked at once; the
// overlays get it after the event's delay) and POST /api/events/ID/featured to change it.
import type { EventView } from '@matchtape/server/events-contract';
import { useCallback, useEffect, useState } from 'react';
import { featureTable } from '../../lib/api';
import { tokenRole } from '../../lib/viewer';

/** Another producer may switch too: the desk reads each event's choice again this often. */
const REFRESH_MS = 5000;

export interface EventFeature {
  name: string;
  delaySeconds: number;
  featured: { round: number; table: number } | null;
}

export interface DeskFeature {
  /** False for tokens that may not feature (no token, a judge's, a player's). */
  allowed: boolean;
  events: ReadonlyMap<string, EventFeature>;
  /** The table being switched to (round/table key), while its POST runs. */
  busy: string | null;
  problem: string | null;
  feature(eventId: string, round: number, table: number | null): void;
}

export function canFeature(token: string | null): boolean {
  const role = token ? tokenRole(token) : null;
  return role === 'coverage' || role === 'organiser';
}

export function useDeskFeature(token: string | null, eventIds: readonly string[]): DeskFeature {
  const allowed = canFeature(token);
  const [events, setEvents] = useState<ReadonlyMap<string, EventFeature>>(new Map());
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [tick, setTick] = useState(0);
  const key = [...new Set(eventIds)].sort().join(',');

  useEffect(() => {
    if (!allowed || key === '') return;
    let stop = false;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const read = async () => {
      const next = new Map<string, EventFeature>();
      await Promise.all(
        key.split(',').map(async (id) => {
          try {
            const r = await fetch(`/api/events/${encodeURIComponent(id)}`, { cache: 'no-store' });
            if (!r.ok) return;
            const v = (await r.json()) as EventView;
            next.set(id, {
              name: v.name,
              delaySeconds: Number(v.options.spectatorDelaySeconds ?? 0),
              featured: v.featured,
            });
          } catch {
            /* this event keeps what the desk last read; the next read retries */
          }
        }),
      );
      if (stop) return;
      setEvents((old) => new Map([...old, ...next]));
      timer = setTimeout(() => void read(), REFRESH_MS);
    };
    void read();
    return () => {
      stop = true;
      if (timer) clearTimeout(timer);
    };
  }, [allowed, key, tick]);

  const feature = useCallback(
    (eventId: string, round: number, table: number | null) => {
      if (!allowed || !token) return;
      setBusy(`${eventId}/${round}/${table}`);
      void featureTable(eventId, token, round, table)
        .then(() => {
          setProblem(null);
          setTick((t) => t + 1);
        })
        .catch((e: unknown) => setProblem(e instanceof Error ? e.message : String(e)))
        .finally(() => setBusy(null));
    },
    [allowed, token],
  );
  return { allowed, events, busy, problem, feature };
}

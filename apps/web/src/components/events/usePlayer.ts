'use client';
// A player's invite (/events/ID#player=TOKEN) leaves the address bar at once and is kept in this browser; with it
// the page reads the player's own pairing and seat, again whenever the event moves on.
import type { MyEvent } from '@matchtape/server/events-contract';
import { useEffect, useState } from 'react';

const keyOf = (id: string): string => `matchtape.event.${id}.player`;

/** The player token in an invite's fragment, if any. */
export function inviteToken(hash: string): string | null {
  const m = /(?:^|[#&])player=([^&]+)/.exec(hash);
  return m ? decodeURIComponent(m[1]!) : null;
}

export function usePlayer(id: string, lastSeq: number): MyEvent | null {
  const [me, setMe] = useState<MyEvent | null>(null);
  useEffect(() => {
    const invited = inviteToken(window.location.hash);
    if (invited !== null) {
      localStorage.setItem(keyOf(id), invited);
      window.history.replaceState(null, '', window.location.pathname);
    }
    const token = localStorage.getItem(keyOf(id));
    if (!token) return;
    void fetch(`/api/events/${encodeURIComponent(id)}/me`, { headers: { authorization: `Bearer ${token}` } })
      .then(async (r) => (r.ok ? setMe((await r.json()) as MyEvent) : null))
      .catch(() => null);
  }, [id, lastSeq]);
  return me;
}

'use client';
// Every live match for the desk, kept live for one viewer: the feed (desk-feed.ts) polls the list, opens each
// match from its window and follows it over the browser's one shared live connection. Redaction and delay are the
// server's: the same window, events and live routes as the match page.
import { useEffect, useState } from 'react';
import { DeskFeed, type DeskState } from './desk-feed';
import type { Perspective } from './viewer';

export type { DeskState } from './desk-feed';

export function useDesk(as: Perspective, token: string | null): DeskState {
  const [state, setState] = useState<DeskState>({ tables: [], error: null, loaded: false });
  useEffect(() => {
    const feed = new DeskFeed(as, token, setState);
    feed.start();
    return () => feed.stop();
  }, [as, token]);
  return state;
}

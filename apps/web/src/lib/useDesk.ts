'use client';
// Every live match for the desk, kept live for one viewer: the list is polled; each new match opens from its
// window (the viewer's keyframe at the live edge and the events after it, delay applied by the server) and then
// follows its live stream through the browser's one shared connection (liveHub: every table and every tab of
// the browser on a single POST /live). Subscriptions are opened together once a round of windows has loaded,
// so a desk of 32 tables reconnects the shared stream once, not 32 times. Redaction and delay are the server's:
// the same window, events and live routes as the match page.
import { useEffect, useState } from 'react';
import type { EventEnvelope } from '@matchtape/engine';
import { getGame, games } from '@matchtape/games';
import { z } from 'zod';
import {
  authHeaders,
  getEvents,
  getWindow,
  listMatches,
  liveUrl,
  requestJson,
  type MatchListItem,
} from './api';
import { LiveFold, type DeskTable } from './desk';
import { openSharedLive } from './liveHub';
import type { SseMessage } from './sse';
import type { ClockInfo } from './table';
import type { Perspective } from './viewer';

const POLL_MS = 3000;
/** Redraws at most this often: 32 busy tables would otherwise render on every event of every match. */
const DRAW_MS = 250;
/** A running clock is asked again after new events at most this often (it counts down locally in between). */
const CLOCK_MS = 5000;
const LOADERS = 4;
/** A table whose window could not be read is asked again after this long. */
const RETRY_MS = 3000;

const ClockSchema = z
  .object({
    kind: z.string(),
    remainingMs: z.record(z.string(), z.number()).optional(),
    running: z.string().nullable().optional(),
    asOf: z.string().optional(),
  })
  .loose();

interface Entry {
  meta: MatchListItem;
  fold: LiveFold | null;
  clock: ClockInfo | null;
  clockAskedAt: number;
  live: DeskTable['live'];
  ended: boolean;
  error: string | null;
  close: (() => void) | null;
  chain: Promise<void>;
}

export interface DeskState {
  tables: DeskTable[];
  /** The list could not be read (the server is down…). */
  error: string | null;
  loaded: boolean;
}

function isEnvelope(x: unknown): x is EventEnvelope {
  return (
    !!x &&
    typeof x === 'object' &&
    typeof (x as { seq?: unknown }).seq === 'number' &&
    typeof (x as { type?: unknown }).type === 'string'
  );
}

export function useDesk(as: Perspective, token: string | null): DeskState {
  const [state, setState] = useState<DeskState>({ tables: [], error: null, loaded: false });

  useEffect(() => {
    const ctl = new AbortController();
    const auth = { token };
    const entries = new Map<string, Entry>();
    const queue: Entry[] = [];
    let loading = 0;
    let drawTimer: ReturnType<typeof setTimeout> | null = null;
    let pollTimer: ReturnType<typeof setTimeout> | null = null;
    let listError: string | null = null;
    let listed = false;
    const retryTimers: ReturnType<typeof setTimeout>[] = [];

    const draw = () => {
      if (drawTimer || ctl.signal.aborted) return;
      drawTimer = setTimeout(() => {
        drawTimer = null;
        const tables = [...entries.values()].map((e): DeskTable => ({
          meta: e.meta,
          board: e.fold?.board ?? null,
          seq: e.fold?.seq ?? 0,
          lastAt: e.fold?.lastAt ?? null,
          clock: e.clock,
          live: e.live,
          ended: e.ended,
          error: e.error,
        }));
        setState({ tables, error: listError, loaded: listed });
      }, DRAW_MS);
    };

    const askClock = async (e: Entry) => {
      e.clockAskedAt = Date.now();
      try {
        const c = ClockSchema.parse(
          await requestJson(
            `/api/matches/${encodeURIComponent(e.meta.matchId)}/clock?as=${encodeURIComponent(as)}`,
            auth,
            { signal: ctl.signal },
          ),
        );
        e.clock = c.kind === 'none' ? null : c;
        draw();
      } catch {
        /* the clock is a nicety: the board stays without it */
      }
    };

    const onMessages = (e: Entry, msgs: SseMessage[]) => {
      const events: EventEnvelope[] = [];
      let endSeen = false;
      for (const m of msgs) {
        if (m.event === 'end') endSeen = true;
        if (m.event === 'end' || m.event === 'annotation' || m.event === 'dispute') continue;
        try {
          const data: unknown = JSON.parse(m.data);
          if (isEnvelope(data)) events.push(data);
        } catch {
          /* not an event */
        }
      }
      // Serialised per table: a gap is filled from the events route before the batch goes on.
      e.chain = e.chain.then(async () => {
        const fold = e.fold;
        if (!fold) return;
        if (events.length > 0) {
          let r = fold.apply(events);
          if (r.missingFrom !== null) {
            const to = Math.min(...events.map((x) => x.seq)) - 1;
            const page = await getEvents(e.meta.matchId, as, { from: r.missingFrom, to }, auth, ctl.signal);
            fold.apply(page.events);
            r = fold.apply(events);
          }
          if (fold.board.status === 'ended') e.ended = true;
          if (e.clock && Date.now() - e.clockAskedAt > CLOCK_MS) void askClock(e);
        }
        if (endSeen) e.ended = true;
        draw();
      });
    };

    const subscribe = (e: Entry) => {
      if (e.close || !e.fold || e.ended) return;
      e.close = openSharedLive({
        matchId: e.meta.matchId,
        as,
        token,
        url: liveUrl(e.meta.matchId, as),
        headers: authHeaders(auth),
        lastSeq: () => e.fold?.seq ?? 0,
        onMessages: (msgs) => onMessages(e, msgs),
        onStatus: (live) => {
          e.live = live;
          draw();
        },
        finished: () => e.ended,
      });
    };

    const load = async (e: Entry) => {
      try {
        const w = await getWindow(e.meta.matchId, as, null, auth, ctl.signal);
        const fold = new LiveFold(getGame(e.meta.game), w.keyframe.state, w.keyframe.seq);
        fold.apply(w.events);
        e.fold = fold;
        e.ended = fold.board.status === 'ended';
        await askClock(e);
        e.error = null;
      } catch (err) {
        if (ctl.signal.aborted) return;
        e.error = err instanceof Error ? err.message : String(err);
        // A refused or failed window (a busy server, a rate limit) is asked again: the table says why meanwhile.
        retryTimers.push(
          setTimeout(() => {
            queue.push(e);
            pump();
          }, RETRY_MS),
        );
      }
      draw();
    };

    /** Loads queued windows, LOADERS at a time; when none is left loading, opens every new table's stream at once. */
    const pump = () => {
      while (loading < LOADERS && queue.length > 0) {
        const e = queue.shift()!;
        loading += 1;
        void load(e).finally(() => {
          loading -= 1;
          if (ctl.signal.aborted) return;
          if (loading === 0 && queue.length === 0) for (const x of entries.values()) subscribe(x);
          pump();
        });
      }
    };

    const poll = async () => {
      try {
        const list = await listMatches({ status: 'playing' }, ctl.signal);
        listError = null;
        for (const m of list) {
          if (!games[m.game]) continue;
          const known = entries.get(m.matchId);
          if (known) {
            known.meta = { ...m, status: known.ended ? 'ended' : m.status };
            continue;
          }
          const e: Entry = {
            meta: m,
            fold: null,
            clock: null,
            clockAskedAt: 0,
            live: null,
            ended: false,
            error: null,
            close: null,
            chain: Promise.resolve(),
          };
          entries.set(m.matchId, e);
          queue.push(e);
        }
        pump();
      } catch (err) {
        if (ctl.signal.aborted) return;
        listError = err instanceof Error ? err.message : String(err);
      }
      listed = true;
      draw();
      pollTimer = setTimeout(() => void poll(), POLL_MS);
    };
    void poll();

    return () => {
      ctl.abort();
      if (drawTimer) clearTimeout(drawTimer);
      if (pollTimer) clearTimeout(pollTimer);
      for (const t of retryTimers) clearTimeout(t);
      for (const e of entries.values()) e.close?.();
    };
  }, [as, token]);

  return state;
}

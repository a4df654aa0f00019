'use client';
// The event's stream overlays (/overlay/event/ID/board, scorebar, hand/p1, card): the same overlays as a match's,
// bound to whatever table the producer features, so OBS keeps one address per source for the whole event. The
// server pushes the featured table as of now − the event's delay, so a switch (or the table's next game) reaches
// the overlay no sooner than the delayed feed it follows reaches that moment; each overlay then opens the
// featured match on its own feed (public, or coverage for a hand), delayed by the server as always.
import { useSearchParams } from 'next/navigation';
import { useEffect, useMemo, useState } from 'react';
import type { FeaturedView } from '@matchtape/server/events-contract';
import { openLive } from '../../lib/sse';
import { OverlayFeed, overlayFeed, type OverlayKind } from './Overlay';

/** While the featured table's stream is down (and only then), how often the overlay asks instead. */
const FALLBACK_POLL_MS = 1000;

/**
 * The featured table: pushed by the server's stream (GET /api/events/ID/featured/live, each switch sent once the
 * event's delay has passed, as GET /featured would answer then); while that stream is down the overlay asks
 * GET /featured once a second until it is back. A view older than the one held (a slow answer) is ignored.
 */
function useFeatured(eventId: string): { view: FeaturedView | null; problem: string | null } {
  const [view, setView] = useState<FeaturedView | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    let stop = false;
    let open = false;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const base = `/api/events/${encodeURIComponent(eventId)}/featured`;
    const take = (body: FeaturedView) => {
      if (stop) return;
      // Same table and game: keep the object, so the feed below is not disturbed; an older view never wins.
      setView((v) =>
        v && Date.parse(body.asOf) < Date.parse(v.asOf)
          ? v
          : v && v.featured?.matchId === body.featured?.matchId && v.featured?.table === body.featured?.table
            ? v
            : body,
      );
      setProblem(null);
    };
    const poll = async () => {
      timer = null;
      if (stop || open) return;
      try {
        const r = await fetch(base, { cache: 'no-store' });
        const body = (await r.json()) as FeaturedView & { message?: string };
        if (!r.ok) throw new Error(body.message ?? `the server answered ${r.status}`);
        take(body);
      } catch (e) {
        // Keep showing the last featured table; the next ask retries.
        if (!stop) setProblem(e instanceof Error ? e.message : String(e));
      }
      if (!stop && !open && !timer) timer = setTimeout(() => void poll(), FALLBACK_POLL_MS);
    };
    const close = openLive({
      url: `${base}/live`,
      headers: {},
      lastSeq: () => 0,
      onMessages: (msgs) => {
        for (const m of msgs) {
          if (m.event !== 'featured') continue;
          try {
            take(JSON.parse(m.data) as FeaturedView);
          } catch {
            /* a frame that is not JSON is skipped; the next one says the same */
          }
        }
      },
      onStatus: (s) => {
        open = s.kind === 'open';
        if (open && timer) {
          clearTimeout(timer);
          timer = null;
        }
        // Connection lost (or refused): ask instead until the stream is back.
        if ((s.kind === 'reconnecting' || s.kind === 'failed') && !timer) void poll();
        if (s.kind === 'failed') setProblem(s.reason);
      },
    });
    return () => {
      stop = true;
      close();
      if (timer) clearTimeout(timer);
    };
  }, [eventId]);
  return { view, problem };
}

export function EventOverlay({ kind, eventId, seat }: { kind: OverlayKind; eventId: string; seat?: string }) {
  const params = useSearchParams();
  const feed = useMemo(() => overlayFeed(kind, params.get('token')), [kind, params]);
  const { view, problem } = useFeatured(eventId);
  const f = view?.featured ?? null;
  const matchId = f?.matchId ?? null;
  return (
    <div
      className="ov-event"
      data-event-overlay={kind}
      data-event={eventId}
      data-table={f ? `${f.round}/${f.table}` : ''}
      data-match={matchId ?? ''}
    >
      {'problem' in feed ? (
        <div className="ov-root" data-overlay={kind}>
          <p className="ov-problem" role="alert">
            {feed.problem}
          </p>
        </div>
      ) : matchId ? (
        // A new match is a new feed from nothing (key): nothing of the previous table's tape carries over.
        <OverlayFeed
          key={matchId}
          kind={kind}
          matchId={matchId}
          seat={seat}
          as={feed.as}
          token={feed.token}
        />
      ) : (
        <div className="ov-root" data-overlay={kind} data-ready={view ? 'true' : 'false'} data-seq={0}>
          {problem && !view && <p className="ov-problem">{problem}</p>}
        </div>
      )}
    </div>
  );
}

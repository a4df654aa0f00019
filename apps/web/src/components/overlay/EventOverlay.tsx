'use client';
// The event's stream overlays (/overlay/event/ID/board, scorebar, hand/p1, card): the same overlays as a match's,
// bound to whatever table the producer features, so OBS keeps one address per source for the whole event. The
// server answers the featured table as of now − the event's delay, so a switch (or the table's next game) reaches
// the overlay no sooner than the delayed feed it follows reaches that moment; each overlay then opens the
// featured match on its own feed (public, or coverage for a hand), delayed by the server as always.
import { useSearchParams } from 'next/navigation';
import { useEffect, useMemo, useState } from 'react';
import type { FeaturedView } from '@matchtape/server/events-contract';
import { OverlayFeed, overlayFeed, type OverlayKind } from './Overlay';

/** How often the overlay asks which table is featured. */
const POLL_MS = 1000;

function useFeatured(eventId: string): { view: FeaturedView | null; problem: string | null } {
  const [view, setView] = useState<FeaturedView | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    let stop = false;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const poll = async () => {
      try {
        const r = await fetch(`/api/events/${encodeURIComponent(eventId)}/featured`, { cache: 'no-store' });
        const body = (await r.json()) as FeaturedView & { message?: string };
        if (!r.ok) throw new Error(body.message ?? `the server answered ${r.status}`);
        if (!stop) {
          // Same table and game: keep the object, so the feed below is not disturbed.
          setView((v) =>
            v && v.featured?.matchId === body.featured?.matchId && v.featured?.table === body.featured?.table
              ? v
              : body,
          );
          setProblem(null);
        }
      } catch (e) {
        // Keep showing the last featured table; the next poll retries.
        if (!stop) setProblem(e instanceof Error ? e.message : String(e));
      }
      if (!stop) timer = setTimeout(poll, POLL_MS);
    };
    void poll();
    return () => {
      stop = true;
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

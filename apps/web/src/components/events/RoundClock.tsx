'use client';
// One clock per round, shared by all its tables: the event's round clock (RoundClockStarted's end, read from the
// event, counted against the server's time), shown on the event page, at every table (/matches/ID/play) and to
// spectators (the match page). At time it says what the event's option makes of it: the extra turns, then a draw.
import type { EventView } from '@matchtape/server/events-contract';
import { useEffect, useState } from 'react';
import type { EventTable } from '../../lib/api';
import { useNow } from '../../lib/use-now';

type RoundView = EventView['rounds'][number];

/** What the round's clock says at `now` (server time, ms): the time left, or that time was called and what follows. */
export function roundClockText(round: RoundView, now: number): string {
  if (round.pairings.every((p) => p.result)) return 'over: every table has its result';
  if (round.timeCalled) {
    const n = round.timeCalled.extraTurns;
    return `Time called: ${n} extra turn${n === 1 ? '' : 's'}, then unfinished games are draws`;
  }
  if (!round.clock) return 'no round clock';
  const left = Math.max(0, new Date(round.clock.endsAt).getTime() - now);
  return `${Math.floor(left / 60_000)}:${String(Math.floor((left % 60_000) / 1000)).padStart(2, '0')} left`;
}

/** The round clock as a timer line (`className` places it: the event page's, a table's header). */
export function RoundClockLine({
  round,
  now,
  className,
  label,
}: {
  round: RoundView;
  now: number;
  className: string;
  label: string;
}) {
  return (
    <p
      className={className}
      role="timer"
      aria-label={label}
      data-time-called={round.timeCalled ? 'true' : 'false'}
    >
      Round {round.round} · {roundClockText(round, now)}
    </p>
  );
}

/**
 * The round clock of the event round a match belongs to, for its table and its spectators. Follows the event (a
 * public read every few seconds); says when the round is over; shows nothing for a match outside any event.
 */
export function EventRoundClock({ at }: { at: EventTable | null }) {
  const [round, setRound] = useState<RoundView | null>(null);
  const [skew, setSkew] = useState(0);
  const eventId = at?.eventId ?? null;
  const roundNo = at?.round ?? 0;
  useEffect(() => {
    if (!eventId) return;
    let stop = false;
    const load = async () => {
      try {
        const r = await fetch(`/api/events/${encodeURIComponent(eventId)}`, { cache: 'no-store' });
        if (!r.ok) return;
        const v = (await r.json()) as EventView;
        if (stop) return;
        setSkew(new Date(v.now).getTime() - Date.now());
        setRound(v.rounds.find((x) => x.round === roundNo) ?? null);
      } catch {
        // The next read tries again; the table plays on without the clock line.
      }
    };
    void load();
    const t = setInterval(() => void load(), 5000);
    return () => {
      stop = true;
      clearInterval(t);
    };
  }, [eventId, roundNo]);
  const now = useNow(round !== null && round.pairings.some((p) => !p.result));
  if (!round || !at) return null;
  return (
    <RoundClockLine
      round={round}
      now={now + skew}
      className="event-clock table-round-clock"
      label={`Round ${round.round} clock (table ${at.table})`}
    />
  );
}

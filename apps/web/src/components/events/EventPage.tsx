'use client';
// The event page (/events/ID): round clock, pairings with results and links to each game's table, standings with
// tiebreakers, exports. A player's invite (/events/ID#player=TOKEN) leaves the address bar at once and is kept in
// this browser; the page then shows the player's own pairing and the link to their seat.
import type { EventView, MyEvent } from '@matchtape/server/events-contract';
import { useViewerToken } from '../../lib/useViewerToken';
import { readClaims } from '../../lib/viewer';
import './events.css';
import { useGames } from '../table/PlayPanel';
import { OrganiserPanel } from './Organiser';
import { JudgePanel } from './Staff';
import { useNow } from '../../lib/use-now';
import { RoundClockLine } from './RoundClock';
import { FeaturedPanel, useFeature } from './FeaturedTable';
import { RoundPairings } from './RoundPairings';
import { Standings } from './Standings';
import { playerNamer, waitingText } from './eventText';
import { useEvent } from './useEvent';
import { usePlayer } from './usePlayer';

function RoundClock({ view, skewMs }: { view: EventView; skewMs: number }) {
  const round = view.rounds.at(-1);
  const now = useNow(!!round?.clock && view.status !== 'finished');
  if (!round?.clock) return null;
  return (
    <RoundClockLine
      round={round}
      now={now + skewMs}
      className="event-clock"
      label={`Round ${round.round} clock`}
    />
  );
}

export function EventPage({ id }: { id: string }) {
  const { view, error, skewMs, setView, reload } = useEvent(id);
  const me = usePlayer(id, view?.lastSeq ?? 0);
  const { token } = useViewerToken(id);
  const role = token ? readClaims(token)?.role : null;
  // The producer's controls: a coverage token (organisers may switch through the API).
  const producer = role === 'coverage';
  const control = useFeature(id, producer ? token : null, reload);
  const games = useGames();
  if (error && !view)
    return (
      <div className="state-panel" role="alert">
        <h1>Event not available</h1>
        <p className="error-text">{error}</p>
      </div>
    );
  if (!view)
    return (
      <div className="state-panel" role="status">
        <div className="spinner" aria-hidden="true" />
        Loading the event…
      </div>
    );
  const name = playerNamer(view.players);
  return (
    <main className="event-page">
      <h1>{view.name}</h1>
      <EventSummary view={view} name={name} />
      <RoundClock view={view} skewMs={skewMs} />
      {producer && <FeaturedPanel id={id} view={view} problem={control.problem} />}
      <OrganiserPanel
        view={view}
        presets={games.find((g) => g.id === view.game)?.presetDecks ?? []}
        onView={setView}
      />
      {role === 'judge' && token && <JudgePanel view={view} token={token} onView={setView} />}
      {me && <YourPairing me={me} />}
      {[...view.rounds].reverse().map((r) => (
        <RoundPairings key={r.round} view={view} round={r} name={name} control={producer ? control : null} />
      ))}
      <Standings id={id} view={view} />
    </main>
  );
}

/** The event's game and format, its size and status, and its winner once there is one. */
function EventSummary({ view, name }: { view: EventView; name: (p: string | null) => string }) {
  return (
    <p>
      {view.game} · {String(view.options.swissRounds)} Swiss rounds
      {view.options.topCut ? `, top ${String(view.options.topCut)}` : ''} · best of{' '}
      {String(view.options.bestOf)} · {view.players.length} players · <strong>{view.status}</strong>
      {view.winner ? ` · winner ${name(view.winner)}` : ''}
    </p>
  );
}

/** The player's own pairing (from their invite): the link to their seat, or where the pairing stands. */
function YourPairing({ me }: { me: MyEvent }) {
  return (
    <section aria-label="Your pairing" className="event-me">
      <h2>You: {me.name}</h2>
      {me.table ? (
        <p>
          Round {me.round} against {me.opponent ?? 'a bye'}: <a href={me.table.join}>take your seat</a>
        </p>
      ) : (
        <p>{waitingText(me)}</p>
      )}
    </section>
  );
}

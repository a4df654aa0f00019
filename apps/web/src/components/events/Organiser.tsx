'use client';
// The organiser's side of an event on the site: "New event" (/events/new: name, game, format, Swiss rounds, top cut,
// best of N, round time and extra turns, spectator delay, reveal policy), then on the event page the organiser's
// panel: register players (a name and a decklist, checked by the game's validateDeck line by line and answered in
// words), one invite link per player (kept by the server, read again from any browser with the organiser token),
// drops, and the next round. The organiser token is the one the home page's "New match" keeps (pasted once, kept in this browser).
import type { EventView } from '@matchtape/server/events-contract';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { ErrorText, GameSelect, ORGANISER_KEY, useGames, type GameInfo } from '../table/PlayPanel';
import { EventOptionsFields } from './EventOptionsFields';
import { canCreate, createEvent, DEFAULT_OPTIONS, type EventOptions } from './newEvent';
import { RegisterPlayerForm } from './RegisterPlayerForm';
import { RoundControls } from './RoundControls';
import { DropPlayers, InviteList } from './Staff';
import { useOrganiserToken } from './useOrganiserToken';

const message = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/** /events/new: the event's options; creating it opens its page, where the organiser registers players. */
export function NewEventForm() {
  const router = useRouter();
  const games = useGames();
  const { token, setToken, stored } = useOrganiserToken();
  const [game, setGame] = useState('');
  const [o, setO] = useState<EventOptions>(DEFAULT_OPTIONS);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const chosen = game || games[0]?.id || '';
  const set = (patch: Partial<EventOptions>) => setO((x) => ({ ...x, ...patch }));
  const create = () => {
    setBusy(true);
    setError(null);
    createEvent(token, o, chosen)
      .then((eventId) => {
        localStorage.setItem(ORGANISER_KEY, token.trim());
        router.push(`/events/${encodeURIComponent(eventId)}`);
      })
      .catch((err: unknown) => {
        setBusy(false);
        setError(message(err));
      });
  };
  return (
    <main className="event-page event-organiser">
      <h1>New event</h1>
      <form
        aria-label="New event"
        onSubmit={(e) => {
          e.preventDefault();
          create();
        }}
      >
        {!stored && <OrganiserTokenField token={token} setToken={setToken} />}
        <label>
          Event name{' '}
          <input required maxLength={120} value={o.name} onChange={(e) => set({ name: e.target.value })} />
        </label>
        <GameAndFormat games={games} chosen={chosen} setGame={setGame} />
        <EventOptionsFields o={o} set={set} />
        <div className="row">
          <button
            type="submit"
            className="btn primary create-event"
            disabled={!canCreate(busy, chosen, token, o)}
          >
            {busy ? 'Creating…' : 'Create event'}
          </button>
        </div>
        <ErrorText error={error} />
      </form>
    </main>
  );
}

/** The organiser token, asked for when this browser keeps none. */
function OrganiserTokenField({ token, setToken }: { token: string; setToken(t: string): void }) {
  return (
    <label>
      Organiser token (pasted once, kept in this browser)
      <input
        type="password"
        className="organiser-token"
        value={token}
        onChange={(e) => setToken(e.target.value)}
        placeholder="mt1.…"
        autoComplete="off"
      />
    </label>
  );
}

/** The event's game (the first offered until one is chosen) and its format (Swiss and a top cut, the only one). */
function GameAndFormat({
  games,
  chosen,
  setGame,
}: {
  games: GameInfo[];
  chosen: string;
  setGame(id: string): void;
}) {
  return (
    <div className="row">
      <label htmlFor="event-game">Game</label>
      <GameSelect id="event-game" games={games} value={chosen} onChange={setGame} />
      <label>
        Format{' '}
        <select defaultValue="swiss">
          <option value="swiss">Swiss, then a single-elimination top cut</option>
        </select>
      </label>
    </div>
  );
}

/** The organiser's panel on the event page (shown when this browser keeps an organiser token). */
export function OrganiserPanel({
  view,
  presets,
  onView,
}: {
  view: EventView;
  presets: readonly string[];
  onView(v: EventView): void;
}) {
  const { token, loaded } = useOrganiserToken();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = view.eventId;
  if (!loaded || !token) return null;
  const api = `/api/events/${encodeURIComponent(id)}`;
  const act = (f: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    f()
      .catch((e: unknown) => setError(message(e)))
      .finally(() => setBusy(false));
  };
  return (
    <section className="event-organiser" aria-label="Organiser">
      <h2>Organiser</h2>
      {view.status === 'registration' && (
        <RegisterPlayerForm api={api} token={token} presets={presets} busy={busy} act={act} onView={onView} />
      )}
      <InviteList id={id} token={token} lastSeq={view.lastSeq} />
      <DropPlayers view={view} token={token} onView={onView} />
      <RoundControls view={view} api={api} token={token} busy={busy} act={act} />
      <ErrorText error={error} />
      <p className="hint">
        Rulings and result overrides are a judge&apos;s: open this page with a judge token (
        <code>?token=</code>
        ).
      </p>
    </section>
  );
}

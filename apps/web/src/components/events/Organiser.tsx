'use client';
// The organiser's side of an event on the site: "New event" (/events/new: name, game, format, Swiss rounds, top cut,
// best of N, round time and extra turns, spectator delay, reveal policy), then on the event page the organiser's
// panel: register players (a name and a decklist, checked by the game's validateDeck line by line and answered in
// words), one invite link per player (kept by the server, read again from any browser with the organiser token),
// drops, and the next round. The organiser token is the one the home page's "New match" keeps (pasted once, kept in this browser).
import type { EventView, Registered } from '@matchtape/server/events-contract';
import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { requestJson } from '../../lib/api';
import type { DeckLine } from '../../lib/table';
import { ErrorText, GameSelect, ORGANISER_KEY, useGames } from '../table/PlayPanel';
import { DropPlayers, InviteList } from './Staff';
const message = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/** The organiser token kept in this browser ('' when none), its setter, whether storage has been read, and whether it had one. */
function useOrganiserToken(): { token: string; setToken(t: string): void; loaded: boolean; stored: boolean } {
  const [token, setToken] = useState('');
  const [loaded, setLoaded] = useState(false);
  const [stored, setStored] = useState(false);
  useEffect(() => {
    const t = localStorage.getItem(ORGANISER_KEY) ?? '';
    setToken(t);
    setStored(t !== '');
    setLoaded(true);
  }, []);
  return { token, setToken, loaded, stored };
}

function NumberField({
  label,
  value,
  min,
  max,
  onChange,
}: {
  label: string;
  value: number;
  min: number;
  max: number;
  onChange(v: number): void;
}) {
  return (
    <label>
      {label}{' '}
      <input
        type="number"
        min={min}
        max={max}
        value={value}
        onChange={(e) => onChange(Number(e.target.value))}
      />
    </label>
  );
}

interface Options {
  name: string;
  swissRounds: number;
  topCut: 0 | 2 | 4 | 8;
  bestOf: 1 | 3 | 5;
  roundMinutes: number;
  extraTurns: number;
  spectatorDelaySeconds: number;
  revealPolicy: 'hidden' | 'reveal-all';
}

/** /events/new: the event's options; creating it opens its page, where the organiser registers players. */
export function NewEventForm() {
  const router = useRouter();
  const games = useGames();
  const { token, setToken, stored } = useOrganiserToken();
  const [game, setGame] = useState('');
  const [o, setO] = useState<Options>({
    name: '',
    swissRounds: 3,
    topCut: 0,
    bestOf: 3,
    roundMinutes: 50,
    extraTurns: 3,
    spectatorDelaySeconds: 0,
    revealPolicy: 'hidden',
  });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const chosen = game || games[0]?.id || '';
  const set = (patch: Partial<Options>) => setO((x) => ({ ...x, ...patch }));
  return (
    <main className="event-page event-organiser">
      <h1>New event</h1>
      <form
        aria-label="New event"
        onSubmit={(e) => {
          e.preventDefault();
          setBusy(true);
          setError(null);
          requestJson(
            '/api/events',
            { token: token.trim() },
            { method: 'POST', body: { ...o, name: o.name.trim(), game: chosen } },
          )
            .then((b) => {
              localStorage.setItem(ORGANISER_KEY, token.trim());
              router.push(`/events/${encodeURIComponent((b as { eventId: string }).eventId)}`);
            })
            .catch((err: unknown) => {
              setBusy(false);
              setError(message(err));
            });
        }}
      >
        {!stored && (
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
        )}
        <label>
          Event name{' '}
          <input required maxLength={120} value={o.name} onChange={(e) => set({ name: e.target.value })} />
        </label>
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
        <div className="row">
          <NumberField
            label="Swiss rounds"
            value={o.swissRounds}
            min={1}
            max={15}
            onChange={(v) => set({ swissRounds: v })}
          />
          <label>
            Top cut{' '}
            <select
              value={o.topCut}
              onChange={(e) => set({ topCut: Number(e.target.value) as Options['topCut'] })}
            >
              <option value={0}>none</option>
              <option value={2}>top 2</option>
              <option value={4}>top 4</option>
              <option value={8}>top 8</option>
            </select>
          </label>
          <label>
            Best of{' '}
            <select
              value={o.bestOf}
              onChange={(e) => set({ bestOf: Number(e.target.value) as Options['bestOf'] })}
            >
              <option value={1}>1</option>
              <option value={3}>3</option>
              <option value={5}>5</option>
            </select>
          </label>
        </div>
        <div className="row">
          <NumberField
            label="Round time (minutes)"
            value={o.roundMinutes}
            min={1}
            max={240}
            onChange={(v) => set({ roundMinutes: v })}
          />
          <NumberField
            label="Extra turns at time, then a draw"
            value={o.extraTurns}
            min={0}
            max={10}
            onChange={(v) => set({ extraTurns: v })}
          />
        </div>
        <div className="row">
          <NumberField
            label="Spectator delay (seconds)"
            value={o.spectatorDelaySeconds}
            min={0}
            max={3600}
            onChange={(v) => set({ spectatorDelaySeconds: v })}
          />
          <label>
            After each game{' '}
            <select
              value={o.revealPolicy}
              onChange={(e) => set({ revealPolicy: e.target.value as Options['revealPolicy'] })}
            >
              <option value="hidden">hands stay hidden</option>
              <option value="reveal-all">reveal everything</option>
            </select>
          </label>
        </div>
        <div className="row">
          <button
            type="submit"
            className="btn primary create-event"
            disabled={busy || !chosen || !token.trim() || !o.name.trim()}
          >
            {busy ? 'Creating…' : 'Create event'}
          </button>
        </div>
        <ErrorText error={error} />
      </form>
    </main>
  );
}

/** A 422's lines in words: each line of the decklist with ✓ or what is wrong with it (line 0: the deck as a whole). */
function DeckLines({ lines }: { lines: DeckLine[] }) {
  return (
    <ol className="deck-lines" aria-label="The decklist, line by line">
      {lines.map((l) => (
        <li key={l.line} className={l.ok ? 'deck-ok' : 'deck-bad'} data-ok={l.ok}>
          {l.line === 0 ? 'The deck: ' : <code>{l.text}</code>}{' '}
          {l.ok ? '✓' : <span className="error-text">{l.message ?? 'not accepted'}</span>}
        </li>
      ))}
    </ol>
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
  const [name, setName] = useState('');
  const [deck, setDeck] = useState('');
  const [bot, setBot] = useState<'' | 'greedy' | 'random'>('');
  const [lines, setLines] = useState<DeckLine[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = view.eventId;
  if (!loaded || !token) return null;
  const current = view.rounds.at(-1);
  const roundOpen = current?.pairings.some((p) => !p.result) ?? false;
  const next = view.rounds.length + 1;
  const api = `/api/events/${encodeURIComponent(id)}`;
  const act = (f: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    f()
      .catch((e: unknown) => setError(message(e)))
      .finally(() => setBusy(false));
  };
  const register = async () => {
    setLines([]);
    const r = await fetch(`${api}/players`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        accept: 'application/json',
      },
      body: JSON.stringify({ name: name.trim(), deck: deck.trim(), ...(bot ? { bot } : {}) }),
    });
    const body = (await r.json()) as Registered & { message?: string; lines?: DeckLine[] };
    if (r.status === 422 && body.lines) {
      setLines(body.lines);
      throw new Error(body.message ?? 'the decklist was refused; see its lines');
    }
    if (!r.ok) throw new Error(body.message ?? `the server answered ${r.status}`);
    setName('');
    // The page's view (and with it the invite list, read from the server) follows the registration at once.
    const v = await fetch(api, { cache: 'no-store' });
    if (v.ok) onView((await v.json()) as EventView);
  };
  return (
    <section className="event-organiser" aria-label="Organiser">
      <h2>Organiser</h2>
      {view.status === 'registration' && (
        <form
          aria-label="Register a player"
          onSubmit={(e) => {
            e.preventDefault();
            act(register);
          }}
        >
          <div className="row">
            <label>
              Player name{' '}
              <input required maxLength={60} value={name} onChange={(e) => setName(e.target.value)} />
            </label>
            <label>
              Played by{' '}
              <select value={bot} onChange={(e) => setBot(e.target.value as typeof bot)}>
                <option value="">a person</option>
                <option value="greedy">the greedy bot</option>
                <option value="random">the random bot</option>
              </select>
            </label>
          </div>
          <label>
            Decklist, one “3 Card Name” a line (or a preset&apos;s name: {presets.join(', ')})
            <textarea rows={6} value={deck} spellCheck={false} onChange={(e) => setDeck(e.target.value)} />
          </label>
          <div className="row">
            <button
              type="submit"
              className="btn primary register-player"
              disabled={busy || !name.trim() || !deck.trim()}
            >
              Register
            </button>
          </div>
          {lines.length > 0 && <DeckLines lines={lines} />}
        </form>
      )}
      <InviteList id={id} token={token} lastSeq={view.lastSeq} />
      <DropPlayers view={view} token={token} onView={onView} />
      {view.status !== 'finished' && (
        <div className="row">
          <button
            type="button"
            className="btn primary start-round"
            disabled={busy || roundOpen || view.players.filter((p) => !p.dropped).length < 2}
            onClick={() =>
              act(async () => void (await requestJson(`${api}/rounds`, { token }, { method: 'POST' })))
            }
          >
            Start round {next}
          </button>
          {roundOpen && (
            <button
              type="button"
              className="btn call-time"
              disabled={busy || !!current?.timeCalled}
              onClick={() =>
                act(async () => void (await requestJson(`${api}/time`, { token }, { method: 'POST' })))
              }
            >
              Call time
            </button>
          )}
        </div>
      )}
      <ErrorText error={error} />
      <p className="hint">
        Rulings and result overrides are a judge&apos;s: open this page with a judge token (
        <code>?token=</code>
        ).
      </p>
    </section>
  );
}

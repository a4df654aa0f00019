'use client';
// The home page's way in to a table: "Play against a bot" (a practice match, no organiser needed) and, for
// organisers, "New match": players named, each seat a person or a bot, a clock; the answer's invite links, one
// per person seat, to send to the players.
import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { requestJson } from '../../lib/api';
import { saveSeat, startPractice } from '../../lib/table';
import { InviteLinks } from './InviteLinks';
import { FIRST_ROWS, newMatchBody, type ClockForm, type SeatRow } from './new-match';
import { ClockFields, SeatRows } from './NewMatchFields';

const GamesSchema = z
  .object({
    games: z.array(
      z.object({ id: z.string(), title: z.string(), presetDecks: z.array(z.string()).default([]) }).loose(),
    ),
  })
  .loose();
export type GameInfo = z.infer<typeof GamesSchema>['games'][number];

export const ORGANISER_KEY = 'matchtape.organiser';

/** A form's refusal, said where the form is. */
export function ErrorText({ error }: { error: string | null }) {
  return error ? (
    <p className="error-text" role="alert">
      {error}
    </p>
  ) : null;
}

export function useGames(): GameInfo[] {
  const [games, setGames] = useState<GameInfo[]>([]);
  useEffect(() => {
    const ctl = new AbortController();
    requestJson('/api/games', { token: null }, { signal: ctl.signal })
      .then((b) => setGames(GamesSchema.parse(b).games))
      .catch(() => setGames([]));
    return () => ctl.abort();
  }, []);
  return games;
}

export function GameSelect({
  games,
  value,
  onChange,
  id,
}: {
  games: GameInfo[];
  value: string;
  onChange(v: string): void;
  id: string;
}) {
  return (
    <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
      {games.map((g) => (
        <option key={g.id} value={g.id}>
          {g.title}
        </option>
      ))}
    </select>
  );
}

function Practice({ games }: { games: GameInfo[] }) {
  const router = useRouter();
  const [game, setGame] = useState('');
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const chosen = game || games[0]?.id || '';
  return (
    <form
      className="play-card practice"
      aria-labelledby="practice-title"
      onSubmit={(e) => {
        e.preventDefault();
        setBusy(true);
        setError(null);
        startPractice({ game: chosen, name: name.trim() || 'You' })
          .then((claim) => {
            saveSeat(localStorage, claim);
            router.push(`/matches/${encodeURIComponent(claim.matchId)}/play`);
          })
          .catch((err: unknown) => {
            setBusy(false);
            setError(err instanceof Error ? err.message : String(err));
          });
      }}
    >
      <h2 id="practice-title">Play against a bot</h2>
      <p className="muted">A practice match against the greedy bot, with a preset deck. No account needed.</p>
      <div className="row">
        <label htmlFor="practice-game">Game</label>
        <GameSelect id="practice-game" games={games} value={chosen} onChange={setGame} />
        <label htmlFor="practice-name">Your name</label>
        <input
          id="practice-name"
          value={name}
          maxLength={40}
          placeholder="You"
          onChange={(e) => setName(e.target.value)}
        />
        <button type="submit" className="btn primary practice-start" disabled={busy || !chosen}>
          {busy ? 'Starting…' : 'Play'}
        </button>
      </div>
      <ErrorText error={error} />
    </form>
  );
}

const CreatedSchema = z
  .object({ matchId: z.string(), invites: z.record(z.string(), z.string()).optional() })
  .loose();

/** The organiser token: pasted once, then kept in this browser (and forgotten on request). */
function useOrganiserToken() {
  const [token, setToken] = useState('');
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    const t = localStorage.getItem(ORGANISER_KEY);
    if (t) {
      setToken(t);
      setSaved(true);
    }
  }, []);
  const keep = () => {
    localStorage.setItem(ORGANISER_KEY, token.trim());
    setSaved(true);
  };
  const forget = () => {
    localStorage.removeItem(ORGANISER_KEY);
    setToken('');
    setSaved(false);
  };
  return { token, setToken, saved, keep, forget };
}

function NewMatch({ games }: { games: GameInfo[] }) {
  const organiser = useOrganiserToken();
  const { token, saved } = organiser;
  const [game, setGame] = useState('');
  const [rows, setRows] = useState<SeatRow[]>(FIRST_ROWS);
  const [clock, setClock] = useState<ClockForm>({ kind: 'none' });
  const [created, setCreated] = useState<{ matchId: string; invites: [string, string][] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const chosen = game || games[0]?.id || '';

  return (
    <details className="play-card new-match" open={created !== null || undefined}>
      <summary>
        <h2>New match (organisers)</h2>
      </summary>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setError(null);
          const body = newMatchBody(chosen, rows, clock);
          requestJson('/api/matches', { token: token.trim() }, { method: 'POST', body })
            .then((b) => {
              const c = CreatedSchema.parse(b);
              organiser.keep();
              setCreated({ matchId: c.matchId, invites: Object.entries(c.invites ?? {}) });
            })
            .catch((err: unknown) => setError(err instanceof Error ? err.message : String(err)));
        }}
      >
        {!saved && (
          <label className="field">
            Organiser token (pasted once, kept in this browser)
            <input
              type="password"
              className="organiser-token"
              value={token}
              onChange={(e) => organiser.setToken(e.target.value)}
              placeholder="mt1.…"
              autoComplete="off"
            />
          </label>
        )}
        <div className="row">
          <label htmlFor="new-game">Game</label>
          <GameSelect id="new-game" games={games} value={chosen} onChange={setGame} />
        </div>
        <SeatRows rows={rows} onRows={setRows} />
        <ClockFields clock={clock} onClock={setClock} />
        <div className="row">
          <button type="submit" className="btn primary create-match" disabled={!chosen || !token.trim()}>
            Create match
          </button>
          {saved && (
            <button type="button" className="btn ghost" onClick={organiser.forget}>
              Forget organiser token
            </button>
          )}
        </div>
        <ErrorText error={error} />
      </form>
      {created && <InviteLinks created={created} rows={rows} />}
    </details>
  );
}

export function PlayPanel() {
  const games = useGames();
  return (
    <section className="play-panel" aria-label="Play">
      <Practice games={games} />
      <NewMatch games={games} />
      <p className="muted">
        Running a tournament? <a href="/events/new">New event (organisers)</a>
      </p>
    </section>
  );
}

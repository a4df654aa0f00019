'use client';
// The home page's way in to a table: "Play against a bot" (a practice match, no organiser needed) and, for
// organisers, "New match": players named, each seat a person or a bot, a clock; the answer's invite links, one
// per person seat, to send to the players.
import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { requestJson } from '../../lib/api';
import { saveSeat, startPractice } from '../../lib/table';

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

interface SeatRow {
  name: string;
  kind: 'person' | 'bot';
  bot: 'greedy' | 'random';
}

type ClockForm =
  | { kind: 'none' }
  | { kind: 'chess'; initialSeconds: number; incrementSeconds: number; onTimeout: 'loss' | 'draw' }
  | { kind: 'turn'; secondsPerTurn: number; onTimeout: 'loss' | 'draw' };

const CreatedSchema = z
  .object({ matchId: z.string(), invites: z.record(z.string(), z.string()).optional() })
  .loose();

function NewMatch({ games }: { games: GameInfo[] }) {
  const [token, setToken] = useState('');
  const [saved, setSaved] = useState(false);
  const [game, setGame] = useState('');
  const [rows, setRows] = useState<SeatRow[]>([
    { name: 'Player 1', kind: 'person', bot: 'greedy' },
    { name: 'Player 2', kind: 'person', bot: 'greedy' },
  ]);
  const [clock, setClock] = useState<ClockForm>({ kind: 'none' });
  const [created, setCreated] = useState<{ matchId: string; invites: [string, string][] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const t = localStorage.getItem(ORGANISER_KEY);
    if (t) {
      setToken(t);
      setSaved(true);
    }
  }, []);
  const chosen = game || games[0]?.id || '';
  const setRow = (i: number, patch: Partial<SeatRow>) =>
    setRows((r) => r.map((x, j) => (j === i ? { ...x, ...patch } : x)));
  const minutes = clock.kind === 'chess' ? clock.initialSeconds / 60 : 0;

  return (
    <details className="play-card new-match" open={created !== null || undefined}>
      <summary>
        <h2>New match (organisers)</h2>
      </summary>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setError(null);
          const body = {
            game: chosen,
            players: rows.map((r) =>
              r.kind === 'bot' ? { name: r.name, kind: 'bot', bot: r.bot } : { name: r.name, kind: 'person' },
            ),
            ...(clock.kind !== 'none' ? { clock } : {}),
          };
          requestJson('/api/matches', { token: token.trim() }, { method: 'POST', body })
            .then((b) => {
              const c = CreatedSchema.parse(b);
              localStorage.setItem(ORGANISER_KEY, token.trim());
              setSaved(true);
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
              onChange={(e) => setToken(e.target.value)}
              placeholder="mt1.…"
              autoComplete="off"
            />
          </label>
        )}
        <div className="row">
          <label htmlFor="new-game">Game</label>
          <GameSelect id="new-game" games={games} value={chosen} onChange={setGame} />
        </div>
        {rows.map((r, i) => (
          <div className="row seat-row" key={i} data-seat={`p${i + 1}`}>
            <span className="muted">Seat p{i + 1}</span>
            <input
              aria-label={`Seat p${i + 1} name`}
              value={r.name}
              maxLength={60}
              onChange={(e) => setRow(i, { name: e.target.value })}
            />
            <select
              aria-label={`Seat p${i + 1} is played by`}
              value={r.kind}
              onChange={(e) => setRow(i, { kind: e.target.value as SeatRow['kind'] })}
            >
              <option value="person">a person</option>
              <option value="bot">a bot</option>
            </select>
            {r.kind === 'bot' && (
              <select
                aria-label={`Seat p${i + 1} bot`}
                value={r.bot}
                onChange={(e) => setRow(i, { bot: e.target.value as SeatRow['bot'] })}
              >
                <option value="greedy">greedy bot</option>
                <option value="random">random bot</option>
              </select>
            )}
          </div>
        ))}
        <div className="row">
          <label htmlFor="new-clock">Clock</label>
          <select
            id="new-clock"
            value={clock.kind}
            onChange={(e) => {
              const k = e.target.value;
              setClock(
                k === 'chess'
                  ? { kind: 'chess', initialSeconds: 1500, incrementSeconds: 5, onTimeout: 'loss' }
                  : k === 'turn'
                    ? { kind: 'turn', secondsPerTurn: 120, onTimeout: 'loss' }
                    : { kind: 'none' },
              );
            }}
          >
            <option value="none">none</option>
            <option value="chess">chess clock per player</option>
            <option value="turn">per turn</option>
          </select>
          {clock.kind === 'chess' && (
            <>
              <input
                aria-label="Minutes each"
                type="number"
                min={1}
                max={180}
                value={minutes}
                onChange={(e) =>
                  setClock({ ...clock, initialSeconds: Math.round(Number(e.target.value) * 60) })
                }
              />{' '}
              min +
              <input
                aria-label="Increment seconds"
                type="number"
                min={0}
                max={120}
                value={clock.incrementSeconds}
                onChange={(e) => setClock({ ...clock, incrementSeconds: Number(e.target.value) })}
              />{' '}
              s
            </>
          )}
          {clock.kind === 'turn' && (
            <>
              <input
                aria-label="Seconds per turn"
                type="number"
                min={10}
                max={3600}
                value={clock.secondsPerTurn}
                onChange={(e) => setClock({ ...clock, secondsPerTurn: Number(e.target.value) })}
              />{' '}
              s a turn
            </>
          )}
          {clock.kind !== 'none' && (
            <select
              aria-label="When time runs out"
              value={clock.onTimeout}
              onChange={(e) => setClock({ ...clock, onTimeout: e.target.value as 'loss' | 'draw' })}
            >
              <option value="loss">out of time loses</option>
              <option value="draw">out of time draws</option>
            </select>
          )}
        </div>
        <div className="row">
          <button type="submit" className="btn primary create-match" disabled={!chosen || !token.trim()}>
            Create match
          </button>
          {saved && (
            <button
              type="button"
              className="btn ghost"
              onClick={() => {
                localStorage.removeItem(ORGANISER_KEY);
                setToken('');
                setSaved(false);
              }}
            >
              Forget organiser token
            </button>
          )}
        </div>
        <ErrorText error={error} />
      </form>
      {created && (
        <div className="invites" aria-label="Invite links">
          <p>
            Match <a href={`/matches/${encodeURIComponent(created.matchId)}`}>{created.matchId}</a> is ready.
            Send each player their link:
          </p>
          <ul>
            {created.invites.map(([seat, path]) => {
              const url =
                typeof window === 'undefined' ? path : new URL(path, window.location.origin).toString();
              return (
                <li key={seat} data-seat={seat}>
                  <strong>{rows[Number(seat.slice(1)) - 1]?.name ?? seat}</strong> ({seat}):{' '}
                  <input
                    readOnly
                    className="invite-link"
                    value={url}
                    onFocus={(e) => e.currentTarget.select()}
                  />
                </li>
              );
            })}
          </ul>
        </div>
      )}
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

'use client';
// What the event's staff do on the event page besides running rounds: the invite links as the server keeps them
// (an organiser reads them from any browser, with a copy button each), dropping a player (confirmed first), and a
// judge's ruling on a pairing (game loss, match loss or draw, with its reason). Everything goes through the event API;
// a refusal is shown in the server's words next to the form that caused it.
import type { EventView, Invite } from '@matchtape/server/events-contract';
import { useEffect, useState } from 'react';
import { requestJson } from '../../lib/api';
import { ErrorText } from '../table/PlayPanel';

const message = (e: unknown): string => (e instanceof Error ? e.message : String(e));
const apiOf = (id: string): string => `/api/events/${encodeURIComponent(id)}`;

/** Runs one staff action at a time: busy while it runs, its refusal kept until the next try. */
function useAction(): { busy: boolean; error: string | null; run(f: () => Promise<void>): void } {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = (f: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    f()
      .catch((e: unknown) => setError(message(e)))
      .finally(() => setBusy(false));
  };
  return { busy, error, run };
}

/** The invite links the server keeps for this event (re-read as players register or drop). */
export function InviteList({ id, token, lastSeq }: { id: string; token: string; lastSeq: number }) {
  const [invites, setInvites] = useState<Invite[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState<string | null>(null);
  useEffect(() => {
    const ctl = new AbortController();
    requestJson(`${apiOf(id)}/invites`, { token }, { signal: ctl.signal })
      .then((x) => {
        setInvites(x as Invite[]);
        setError(null);
      })
      .catch((e: unknown) => {
        if ((e as Error).name !== 'AbortError') setError(message(e));
      });
    return () => ctl.abort();
  }, [id, token, lastSeq]);
  const copy = (x: Invite, url: string, input: HTMLInputElement | null) => {
    const done = () => setCopied(x.player);
    // The clipboard API needs a secure context and permission; selecting the field lets the organiser copy by hand.
    void navigator.clipboard?.writeText(url).then(done, () => {
      input?.select();
      setCopied(document.execCommand('copy') ? x.player : null);
    });
  };
  if (invites.length === 0) return <ErrorText error={error} />;
  return (
    <div className="invites" aria-label="Invite links">
      <p>
        Send each player their link (it shows them their pairings and takes them to their table). Anyone with
        a link acts as that player: send it to them alone.
      </p>
      <ul>
        {invites.map((x) => {
          const url =
            typeof window === 'undefined' ? x.invite : new URL(x.invite, window.location.origin).toString();
          const inputId = `invite-${x.player}`;
          return (
            <li key={x.player} data-player={x.player}>
              <strong>{x.name}</strong> ({x.player}
              {x.dropped ? ', dropped' : ''}):{' '}
              <input
                id={inputId}
                readOnly
                aria-label={`Invite link for ${x.name}`}
                className="invite-link"
                value={url}
                onFocus={(e) => e.currentTarget.select()}
              />{' '}
              <button
                type="button"
                className="btn copy-invite"
                aria-label={`Copy the invite link for ${x.name}`}
                onClick={() => copy(x, url, document.getElementById(inputId) as HTMLInputElement | null)}
              >
                {copied === x.player ? 'Copied ✓' : 'Copy'}
              </button>
            </li>
          );
        })}
      </ul>
      <ErrorText error={error} />
    </div>
  );
}

/** The players with a Drop button each; a drop is confirmed (with an optional reason) before it is sent. */
export function DropPlayers({
  view,
  token,
  onView,
}: {
  view: EventView;
  token: string;
  onView(v: EventView): void;
}) {
  const [confirming, setConfirming] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const { busy, error, run } = useAction();
  if (view.status === 'finished' || view.players.length === 0) return null;
  const drop = (player: string) =>
    run(async () => {
      const v = await requestJson(
        `${apiOf(view.eventId)}/players/${encodeURIComponent(player)}/drop`,
        { token },
        { method: 'POST', body: reason.trim() ? { reason: reason.trim() } : {} },
      );
      onView(v as EventView);
      setConfirming(null);
      setReason('');
    });
  return (
    <div className="event-players" role="group" aria-label="Players">
      <h3>Players</h3>
      <ul>
        {view.players.map((p) => (
          <li key={p.id} data-player={p.id}>
            {p.name} ({p.id}){' '}
            {p.dropped ? (
              <em>dropped</em>
            ) : confirming === p.id ? (
              <span role="group" aria-label={`Confirm dropping ${p.name}`}>
                Drop {p.name}? They are not paired in later rounds; results so far stay.{' '}
                <input
                  aria-label="Reason for the drop (optional)"
                  maxLength={500}
                  value={reason}
                  onChange={(e) => setReason(e.target.value)}
                />{' '}
                <button type="button" className="btn danger" disabled={busy} onClick={() => drop(p.id)}>
                  Confirm drop
                </button>{' '}
                <button type="button" className="btn" disabled={busy} onClick={() => setConfirming(null)}>
                  Cancel
                </button>
              </span>
            ) : (
              <button
                type="button"
                className="btn drop-player"
                aria-label={`Drop ${p.name}`}
                disabled={busy}
                onClick={() => {
                  setConfirming(p.id);
                  setReason('');
                }}
              >
                Drop
              </button>
            )}
          </li>
        ))}
      </ul>
      <ErrorText error={error} />
    </div>
  );
}

type Ruling = 'game-loss' | 'match-loss' | 'draw';
const RULINGS: { value: Ruling; label: string }[] = [
  { value: 'game-loss', label: 'game loss' },
  { value: 'match-loss', label: 'match loss' },
  { value: 'draw', label: 'draw (intentional or ruled)' },
];

/** A judge's ruling on a pairing of any round: it records or overrides the result; the reason is required. */
export function RulingForm({
  view,
  token,
  onView,
}: {
  view: EventView;
  token: string;
  onView(v: EventView): void;
}) {
  const rounds = view.rounds.filter((r) => r.pairings.some((p) => p.p2 !== null));
  const [round, setRound] = useState(0);
  const [table, setTable] = useState(0);
  const [ruling, setRuling] = useState<Ruling>('game-loss');
  const [player, setPlayer] = useState('');
  const [reason, setReason] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const { busy, error, run } = useAction();
  if (rounds.length === 0) return null;
  const r = rounds.find((x) => x.round === round) ?? rounds.at(-1)!;
  const tables = r.pairings.filter((p) => p.p2 !== null);
  const p = tables.find((x) => x.table === table) ?? tables[0]!;
  const name = (id: string | null) => view.players.find((x) => x.id === id)?.name ?? id ?? 'BYE';
  const penalised = ruling === 'draw' ? null : [p.p1, p.p2!].includes(player) ? player : p.p1;
  const submit = () =>
    run(async () => {
      setDone(null);
      const v = await requestJson(
        `${apiOf(view.eventId)}/results`,
        { token },
        {
          method: 'POST',
          body: {
            round: r.round,
            table: p.table,
            ruling,
            ...(penalised ? { player: penalised } : {}),
            reason: reason.trim(),
          },
        },
      );
      onView(v as EventView);
      setDone(
        `Recorded: ${RULINGS.find((x) => x.value === ruling)!.label}${penalised ? ` for ${name(penalised)}` : ''} at table ${p.table} of round ${r.round}.`,
      );
      setReason('');
    });
  return (
    <form
      aria-label="Record a ruling"
      className="event-ruling"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <h3>Ruling or result override</h3>
      <div className="row">
        <label>
          Round{' '}
          <select value={r.round} onChange={(e) => setRound(Number(e.target.value))}>
            {rounds.map((x) => (
              <option key={x.round} value={x.round}>
                {x.round}
              </option>
            ))}
          </select>
        </label>
        <label>
          Table{' '}
          <select value={p.table} onChange={(e) => setTable(Number(e.target.value))}>
            {tables.map((x) => (
              <option key={x.table} value={x.table}>
                {x.table}: {name(x.p1)} – {name(x.p2)}
                {x.result ? ` (${x.result.p1Wins}-${x.result.p2Wins}-${x.result.draws})` : ''}
              </option>
            ))}
          </select>
        </label>
        <label>
          Ruling{' '}
          <select value={ruling} onChange={(e) => setRuling(e.target.value as Ruling)}>
            {RULINGS.map((x) => (
              <option key={x.value} value={x.value}>
                {x.label}
              </option>
            ))}
          </select>
        </label>
        {penalised && (
          <label>
            Penalised player{' '}
            <select value={penalised} onChange={(e) => setPlayer(e.target.value)}>
              {[p.p1, p.p2!].map((x) => (
                <option key={x} value={x}>
                  {name(x)}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      <label>
        Reason (required: it is kept in the event&apos;s record)
        <textarea
          rows={2}
          maxLength={1000}
          required
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </label>
      <div className="row">
        <button type="submit" className="btn primary record-ruling" disabled={busy || !reason.trim()}>
          Record ruling
        </button>
      </div>
      {done && <p role="status">{done}</p>}
      <ErrorText error={error} />
    </form>
  );
}

/** The judge's panel (a judge token opened the page, `?token=`): rulings and drops. */
export function JudgePanel({
  view,
  token,
  onView,
}: {
  view: EventView;
  token: string;
  onView(v: EventView): void;
}) {
  return (
    <section className="event-organiser" aria-label="Judge">
      <h2>Judge</h2>
      <RulingForm view={view} token={token} onView={onView} />
      <DropPlayers view={view} token={token} onView={onView} />
    </section>
  );
}

'use client';
// The judge's review page. Token: `?token=` once (then kept in this tab, out of the address bar) or pasted, like
// the match page. Everything shown comes from the server's judge routes: the case file
// (GET /api/matches/:id/disputes/:d/case), the diff, the verification and the fork.
import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import { useCallback, useEffect, useState } from 'react';
import type { BoardModel } from '@matchtape/engine';
import { games } from '@matchtape/games';
import { Board } from '../Board';
import { ForkBanner } from '../ForkBanner';
import { getMatch, type MatchListItem } from '../../lib/api';
import { cardNames } from '../../lib/names';
import { diffWords, eventWords, seatLabel, seatNames, type DiffChange } from '../../lib/present';
import { useViewerToken } from '../../lib/useViewerToken';
import { pastedToken, readClaims, saveToken } from '../../lib/viewer';
import { nearestForkable } from './fork-seqs';
import { KnowledgePanel, type Knowledge } from './KnowledgePanel';

interface RuleText {
  rule: string;
  found: string | null;
  text: string | null;
}
interface Dispute {
  disputeId: string;
  atSeq: number;
  claim: string;
  against: string | null;
  openedBy: { role: string; seat?: string };
  openedAt: string;
  status: 'open' | 'ruled' | 'closed';
  evidence: {
    kind: string;
    note: string;
    seq: number | null;
    toSeq: number | null;
    at: string;
    by: { role: string; seat?: string };
  }[];
  rulings: { ruling: string; rule: string | null; remedy: string; forkMatchId: string | null; at: string }[];
  closed: { at: string; note: string | null } | null;
}
interface Verification {
  ok: boolean;
  checks: { name: string; ok: boolean; detail: string }[];
  firstBadSeq?: number;
}
interface CaseFile {
  match: {
    matchId: string;
    game: string;
    title: string;
    status: string;
    lastSeq: number;
    players: { id: string; name: string }[];
    parentMatchId: string | null;
  };
  dispute: Dispute;
  window: { fromSeq: number; toSeq: number; size: number };
  /** `text`, `position` and `who` are in words (the server's present layer); phase, step and player are ids. */
  events: {
    seq: number;
    at: string;
    turn: number;
    phase: string;
    step: string | null;
    type: string;
    player: string | null;
    text: string;
    position: string;
    who: string;
    rule: RuleText | null;
    pinned: boolean;
    /** After it someone may act: a fork may start here (the server refuses the other events). */
    forkable: boolean;
  }[];
  perspectives: Record<string, BoardModel>;
  knowledge: Knowledge;
  rejections: {
    afterSeq: number;
    player: string;
    command: Record<string, unknown>;
    rule: string;
    reason: string;
    at: string;
    ruleText: RuleText;
  }[];
  decisions: {
    inWindow: {
      player: string;
      fromSeq: number;
      toSeq: number;
      type: string;
      what: string;
      tookMs: number;
    }[];
    perPlayer: Record<
      string,
      { decisions: number; totalMs: number; longestMs: number; longestAtSeq: number | null }
    >;
  };
  verification: Verification;
}
/** One change of the judges' diff, as the server sends it (the present layer's shape). */
type DiffItem = DiffChange;

class HttpError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

async function call<T>(token: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(url, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    cache: 'no-store',
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON */
  }
  if (!res.ok) {
    const m = json && typeof json === 'object' ? (json as { message?: string }).message : null;
    throw new HttpError(m ?? `${res.status} from ${url.split('?')[0]}`, res.status);
  }
  return json as T;
}

const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const who = (a: { role: string; seat?: string }, names: ReadonlyMap<string, string>) =>
  a.role === 'judge' ? 'a judge' : a.seat ? (names.get(a.seat) ?? a.seat) : a.role;

/** The match's players and game, for headings in words (the match id stays in the address bar). */
function useMatchMeta(matchId: string, token: string): MatchListItem | null {
  const [meta, setMeta] = useState<MatchListItem | null>(null);
  useEffect(() => {
    const ac = new AbortController();
    getMatch(matchId, { token }, ac.signal).then(setMeta, () => setMeta(null));
    return () => ac.abort();
  }, [matchId, token]);
  return meta;
}

/**
 * "Ada vs Brook · Alpha Clash", or "this match" until the match is read. The server's match record names the
 * game by id only, so the title comes from the site's own catalogue.
 */
const matchTitle = (m: MatchListItem | null) =>
  m
    ? `${m.players.map((p) => p.name).join(' vs ')} · ${m.gameTitle ?? games[m.game]?.title ?? m.game}`
    : 'this match';

export function ReviewView({ matchId }: { matchId: string }) {
  const params = useSearchParams();
  const { token, setToken, ready } = useViewerToken(matchId);
  if (!ready) return <div className="state-panel">Loading review…</div>;
  const claims = token ? readClaims(token) : null;
  if (!token || claims?.role !== 'judge')
    return (
      <TokenGate onToken={(t) => (saveToken(sessionStorage, matchId, t), setToken(t))} hasToken={!!token} />
    );
  const dispute = params.get('dispute');
  const span = Math.min(200, Math.max(1, Number(params.get('window')) || 10));
  return <Review matchId={matchId} token={token} dispute={dispute} span={span} />;
}

function Review({
  matchId,
  token,
  dispute,
  span,
}: {
  matchId: string;
  token: string;
  dispute: string | null;
  span: number;
}) {
  const meta = useMatchMeta(matchId, token);
  return (
    <div className="review-page" data-match={matchId}>
      <nav className="review-nav" aria-label="Review">
        <Link href={`/matches/${encodeURIComponent(matchId)}?as=judge`}>← Back to the match</Link>
        {dispute && <Link href={`/matches/${encodeURIComponent(matchId)}/review`}>All disputes</Link>}
      </nav>
      {meta?.forkOf && <ForkBanner forkOf={meta.forkOf} />}
      {dispute ? (
        <CaseView matchId={matchId} disputeId={dispute} token={token} window={span} />
      ) : (
        <DisputeList matchId={matchId} token={token} meta={meta} />
      )}
    </div>
  );
}

function TokenGate({ onToken, hasToken }: { onToken: (t: string) => void; hasToken: boolean }) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="state-panel" role="alert">
      <h1>The review needs a judge token</h1>
      <p>
        {hasToken ? 'The token of this tab is not a judge token.' : 'Paste a judge token'} (mint one with{' '}
        <code>npx matchtape token --role judge</code>).
      </p>
      <form
        className="row"
        onSubmit={(e) => {
          e.preventDefault();
          if (readClaims(value)?.role !== 'judge')
            return setError('That is not a judge token (they look like mt1.xxxxx.yyyyy).');
          onToken(pastedToken(value));
        }}
      >
        <input
          aria-label="Judge token"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          placeholder="mt1.…"
        />
        <button className="btn primary" type="submit">
          Use token
        </button>
      </form>
      {error && <p role="status">{error}</p>}
    </div>
  );
}

function DisputeList({
  matchId,
  token,
  meta,
}: {
  matchId: string;
  token: string;
  meta: MatchListItem | null;
}) {
  const [list, setList] = useState<Dispute[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [atSeq, setAtSeq] = useState('');
  const [claim, setClaim] = useState('');
  const [n, setN] = useState(0);
  const base = `/api/matches/${encodeURIComponent(matchId)}/disputes`;
  useEffect(() => {
    call<{ disputes: Dispute[] }>(token, base).then(
      (r) => setList(r.disputes),
      (e: Error) => setError(e.message),
    );
  }, [base, token, n]);
  return (
    <section className="review-section">
      <h1>Disputes · {matchTitle(meta)}</h1>
      {error && <p role="alert">{error}</p>}
      {list && list.length === 0 && <p>No disputes yet.</p>}
      <ul className="dispute-list">
        {list?.map((d) => (
          <li key={d.disputeId} data-dispute={d.disputeId}>
            <Link href={`/matches/${encodeURIComponent(matchId)}/review?dispute=${d.disputeId}`}>
              Dispute {d.disputeId.replace(/^d/, '')} at event {d.atSeq}: {d.claim}
            </Link>{' '}
            <span className={`status status-${d.status}`}>{d.status}</span>
          </li>
        ))}
      </ul>
      <form
        className="review-form"
        onSubmit={(e) => {
          e.preventDefault();
          call(token, base, { atSeq: Number(atSeq), claim }).then(
            () => (setClaim(''), setN((x) => x + 1)),
            (err: Error) => setError(err.message),
          );
        }}
      >
        <h2>Open a dispute</h2>
        <label>
          At seq{' '}
          <input type="number" min={1} value={atSeq} onChange={(e) => setAtSeq(e.target.value)} required />
        </label>
        <label>
          Claim <input value={claim} onChange={(e) => setClaim(e.target.value)} required maxLength={2000} />
        </label>
        <button className="btn primary" type="submit">
          Open dispute
        </button>
      </form>
    </section>
  );
}

function CaseView({
  matchId,
  disputeId,
  token,
  window,
}: {
  matchId: string;
  disputeId: string;
  token: string;
  window: number;
}) {
  const [c, setCase] = useState<CaseFile | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [n, setN] = useState(0);
  const mid = encodeURIComponent(matchId);
  const reload = useCallback(() => setN((x) => x + 1), []);
  useEffect(() => {
    call<CaseFile>(
      token,
      `/api/matches/${mid}/disputes/${encodeURIComponent(disputeId)}/case?window=${window}`,
    ).then(setCase, (e: Error) => setError(e.message));
  }, [mid, disputeId, token, window, n]);
  if (error)
    return (
      <div className="state-panel" role="alert">
        {error}
      </div>
    );
  if (!c)
    return (
      <div className="state-panel" aria-busy="true">
        Loading the case…
      </div>
    );
  const d = c.dispute;
  const names = seatNames(c.match.players);
  return (
    <div className="case" data-dispute={d.disputeId} data-status={d.status} data-at-seq={d.atSeq}>
      <header className="review-section case-head">
        <h1>
          Dispute {d.disputeId.replace(/^d/, '')} · {c.match.players.map((p) => names.get(p.id)).join(' vs ')}{' '}
          · {c.match.title} · event {d.atSeq}
        </h1>
        <p className="claim">
          <span className={`status status-${d.status}`}>{d.status}</span> Opened by {who(d.openedBy, names)}{' '}
          at {d.openedAt.slice(11, 19)}
          {d.against ? ` against ${names.get(d.against) ?? d.against}` : ''}: <strong>{d.claim}</strong>
        </p>
        <div className="row">
          <WindowPicker window={window} />
          <Download
            token={token}
            url={`/api/matches/${mid}/disputes/${d.disputeId}/case?format=html&window=${window}`}
            name={`case-${matchId}-${d.disputeId}.html`}
            label="Case file (HTML)"
          />
          <Download
            token={token}
            url={`/api/matches/${mid}/disputes/${d.disputeId}/case?format=json&window=${window}`}
            name={`case-${matchId}-${d.disputeId}.json`}
            label="Case file (JSON)"
          />
          <ForkPicker matchId={matchId} atSeq={d.atSeq} events={c.events} token={token} />
        </div>
      </header>

      <section className="review-section" aria-label="Events around the dispute">
        <h2>
          Events {c.window.fromSeq}–{c.window.toSeq}
        </h2>
        <table className="events">
          <thead>
            <tr>
              <th>seq</th>
              <th>time</th>
              <th>turn · phase</th>
              <th>who</th>
              <th>event</th>
              <th>rule</th>
              <th>fork</th>
            </tr>
          </thead>
          <tbody>
            {c.events.map((e) => (
              <tr key={e.seq} className={e.pinned ? 'pinned' : ''} data-seq={e.seq}>
                <td>{e.seq}</td>
                <td>{e.at.slice(11, 19)}</td>
                <td>
                  {e.turn} · {e.position}
                </td>
                <td>{e.who}</td>
                <td>{e.text}</td>
                <td className="rule">{e.rule && <RuleCell r={e.rule} />}</td>
                <td>
                  {e.forkable ? (
                    <ForkButton
                      matchId={matchId}
                      at={e.seq}
                      token={token}
                      label={`Fork here, at event ${e.seq}`}
                      short
                    />
                  ) : (
                    <span
                      className="muted"
                      title="Nobody may act after this event (more of the same command or the match's end follow): a fork starts where someone may act"
                    >
                      —
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section className="review-section" aria-label="Perspectives">
        <h2>Perspectives at seq {d.atSeq}</h2>
        <div className="perspectives">
          {Object.entries(c.perspectives).map(([k, b]) => (
            <div className="perspective" key={k} data-perspective-of={k}>
              <h3>{k === 'judge' ? 'Judge (the truth)' : `${names.get(k) ?? k} saw`}</h3>
              <Board
                board={b}
                perspective={k === 'judge' ? 'p1' : k}
                phases={[]}
                seats={names}
                view={k === 'judge' ? "in the judge's view" : `as ${names.get(k) ?? seatLabel(k)} saw it`}
              />
            </div>
          ))}
        </div>
      </section>

      <KnowledgePanel knowledge={c.knowledge} names={names} />

      <div className="two-col">
        <section className="review-section" aria-label="Rejected commands">
          <h2>Rejected commands around it</h2>
          {c.rejections.length === 0 ? (
            <p>None in this window.</p>
          ) : (
            <table className="rejections">
              <tbody>
                {c.rejections.map((r, i) => (
                  <tr key={i}>
                    <td>after seq {r.afterSeq}</td>
                    <td>{names.get(r.player) ?? r.player}</td>
                    <td>{eventWords(String(r.command.type ?? ''))}</td>
                    <td className="rule">
                      <RuleCell r={r.ruleText} />
                    </td>
                    <td>{r.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
        <section className="review-section" aria-label="Decision times">
          <h2>Decision times</h2>
          <table className="decisions">
            <thead>
              <tr>
                <th>player</th>
                <th>decisions</th>
                <th>total</th>
                <th>longest</th>
              </tr>
            </thead>
            <tbody>
              {Object.entries(c.decisions.perPlayer).map(([p, t]) => (
                <tr key={p}>
                  <td>{names.get(p) ?? p}</td>
                  <td>{t.decisions}</td>
                  <td>{secs(t.totalMs)}</td>
                  <td>
                    {secs(t.longestMs)} (seq {t.longestAtSeq ?? '—'})
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <ol className="window-decisions">
            {c.decisions.inWindow.map((x) => (
              <li key={x.fromSeq}>
                seq {x.fromSeq}: {names.get(x.player) ?? x.player} took {secs(x.tookMs)} ({x.what})
              </li>
            ))}
          </ol>
        </section>
      </div>

      <DiffPanel
        matchId={matchId}
        token={token}
        from={c.window.fromSeq}
        to={d.atSeq}
        game={c.match.game}
        names={names}
        cards={cardNames(Object.values(c.perspectives))}
      />
      <VerificationPanel matchId={matchId} token={token} fallback={c.verification} />
      <RulingPanel matchId={matchId} dispute={d} token={token} onDone={reload} names={names} />
    </div>
  );
}

function RuleCell({ r }: { r: RuleText }) {
  return (
    <span title={r.found && r.found !== r.rule ? `nearest numbered rule: ${r.found}` : undefined}>
      <strong>{r.rule}</strong> {r.text ?? <em>not in the rules document</em>}
    </span>
  );
}

function WindowPicker({ window }: { window: number }) {
  const params = useSearchParams();
  return (
    <label>
      ±
      <select
        aria-label="Events either side"
        value={window}
        onChange={(e) => {
          const u = new URLSearchParams(params.toString());
          u.set('window', e.target.value);
          location.search = u.toString();
        }}
      >
        {[3, 5, 10, 20, 50].map((w) => (
          <option key={w} value={w}>
            {w}
          </option>
        ))}
      </select>{' '}
      events
    </label>
  );
}

function Download({ token, url, name, label }: { token: string; url: string; name: string; label: string }) {
  return (
    <button
      className="btn"
      onClick={async () => {
        const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
        const a = document.createElement('a');
        a.href = URL.createObjectURL(await res.blob());
        a.download = name;
        a.click();
        URL.revokeObjectURL(a.href);
      }}
    >
      {label}
    </button>
  );
}

/**
 * Forks start after an event where someone may act: the nearest ones either side of the disputed event (which
 * may be one the server would refuse); every such row of the events table has its own fork button.
 */
function ForkPicker({
  matchId,
  atSeq,
  events,
  token,
}: {
  matchId: string;
  atSeq: number;
  events: CaseFile['events'];
  token: string;
}) {
  const near = nearestForkable(events, atSeq);
  const seqs = [...new Set([near.before, near.after].filter((x): x is number => x !== null))];
  if (seqs.length === 0)
    return (
      <span className="muted">
        Nobody may act within the window, so no fork starts here: widen the window.
      </span>
    );
  return (
    <>
      {seqs.map((s) => (
        <ForkButton
          key={s}
          matchId={matchId}
          at={s}
          token={token}
          label={
            s === atSeq
              ? `Fork at event ${s}`
              : `Fork at event ${s} (${s < atSeq ? 'before' : 'after'} the dispute)`
          }
        />
      ))}
    </>
  );
}

function ForkButton({
  matchId,
  at,
  token,
  label,
  short,
}: {
  matchId: string;
  at: number;
  token: string;
  label: string;
  short?: boolean;
}) {
  const [out, setOut] = useState<{ id?: string; error?: string } | null>(null);
  return (
    <span className="fork">
      <button
        className="btn"
        aria-label={label}
        onClick={() =>
          // Always a fresh seed after the fork point: the server refuses to keep a live parent's seed, and draws
          // players saw in the parent after `at` must not come back in the rewind either.
          call<{ matchId: string }>(token, `/api/matches/${encodeURIComponent(matchId)}/fork`, {
            at,
            reseed: true,
          }).then(
            (r) => {
              // The fork is sealed while this match's secrets are live (judges and its seats only): its page needs
              // this judge token, kept for it in this tab as the review page keeps it for this match.
              saveToken(sessionStorage, r.matchId, token);
              setOut({ id: r.matchId });
            },
            (e: Error) => setOut({ error: e.message }),
          )
        }
      >
        {short ? 'Fork here' : label}
      </button>
      {out?.id && (
        <Link href={`/matches/${encodeURIComponent(out.id)}?as=judge`} data-fork={out.id}>
          {' '}
          play continues in the fork (open it)
        </Link>
      )}
      {out?.error && <span role="alert"> {out.error}</span>}
    </span>
  );
}

function DiffPanel({
  matchId,
  token,
  from: from0,
  to: to0,
  game,
  names,
  cards,
}: {
  matchId: string;
  token: string;
  from: number;
  to: number;
  game: string;
  names: ReadonlyMap<string, string>;
  cards: ReadonlyMap<string, string>;
}) {
  const [from, setFrom] = useState(String(from0));
  const [to, setTo] = useState(String(to0));
  const [other, setOther] = useState('');
  const [items, setItems] = useState<DiffItem[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = useCallback(() => {
    const q = new URLSearchParams({ from });
    if (other) {
      q.set('other', other);
      q.set('otherSeq', to);
    } else q.set('to', to);
    call<{ items: DiffItem[] }>(token, `/api/matches/${encodeURIComponent(matchId)}/diff?${q}`).then(
      (r) => (setItems(r.items), setError(null)),
      (e: Error) => setError(e.message),
    );
  }, [from, to, other, matchId, token]);
  // The first comparison (window start → the disputed seq) runs on arrival; later ones on Compare.
  useEffect(() => {
    run();
  }, []);
  return (
    <section className="review-section" aria-label="Diff">
      <h2>What changed</h2>
      <form
        className="review-form inline"
        onSubmit={(e) => {
          e.preventDefault();
          run();
        }}
      >
        <label>
          from seq{' '}
          <input
            aria-label="Diff from seq"
            type="number"
            min={0}
            value={from}
            onChange={(e) => setFrom(e.target.value)}
          />
        </label>
        <label>
          to seq{' '}
          <input
            aria-label="Diff to seq"
            type="number"
            min={0}
            value={to}
            onChange={(e) => setTo(e.target.value)}
          />
        </label>
        <label>
          of match{' '}
          <input
            aria-label="Other match (a fork)"
            placeholder="this one"
            value={other}
            onChange={(e) => setOther(e.target.value)}
          />
        </label>
        <button className="btn" type="submit">
          Compare
        </button>
      </form>
      {error && <p role="alert">{error}</p>}
      {items && (
        <ul className="diff" data-count={items.length}>
          {items.length === 0 && <li>No differences.</li>}
          {items.map((i, k) => (
            <li key={k} className={`diff-${i.kind}`} title={i.text}>
              {diffWords(i, game, cards, names)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function VerificationPanel({
  matchId,
  token,
  fallback,
}: {
  matchId: string;
  token: string;
  fallback: Verification;
}) {
  const [v, setV] = useState<{ result: Verification; source: string } | null>(null);
  useEffect(() => {
    call<Verification>(token, `/api/matches/${encodeURIComponent(matchId)}/verification`).then(
      (r) => setV({ result: r, source: 'full verification' }),
      // Until the verification route is there, the case file's own check (hash chain) is shown.
      () => setV({ result: fallback, source: 'hash chain of the stored events' }),
    );
  }, [matchId, token, fallback]);
  if (!v) return null;
  return (
    <section className="review-section" aria-label="Verification" data-verified={v.result.ok ? 'yes' : 'no'}>
      <h2>
        Verification:{' '}
        <span className={v.result.ok ? 'ok' : 'bad'}>
          {v.result.ok
            ? 'verified'
            : `failed${v.result.firstBadSeq !== undefined ? ` at seq ${v.result.firstBadSeq}` : ''}`}
        </span>{' '}
        <small>({v.source})</small>
      </h2>
      <ul>
        {v.result.checks.map((c) => (
          <li key={c.name} className={c.ok ? 'ok' : 'bad'}>
            {c.name}: {c.detail}
          </li>
        ))}
      </ul>
    </section>
  );
}

function RulingPanel({
  matchId,
  dispute,
  token,
  onDone,
  names,
}: {
  matchId: string;
  dispute: Dispute;
  token: string;
  onDone: () => void;
  names: ReadonlyMap<string, string>;
}) {
  const [ruling, setRuling] = useState('');
  const [rule, setRule] = useState('');
  const [remedy, setRemedy] = useState('none');
  const [fork, setFork] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const base = `/api/matches/${encodeURIComponent(matchId)}/disputes/${dispute.disputeId}`;
  const send = (path: string, body: unknown, reset: () => void) =>
    call(token, base + path, body).then(
      () => (reset(), setError(null), onDone()),
      (e: Error) => setError(e.message),
    );
  return (
    <section className="review-section" aria-label="Evidence and rulings">
      <h2>Evidence and rulings</h2>
      <ul className="evidence">
        {dispute.evidence.map((e, i) => (
          <li key={i}>
            {e.at.slice(11, 19)} {who(e.by, names)} — {e.kind}
            {e.seq ? ` seq ${e.seq}${e.toSeq ? `–${e.toSeq}` : ''}` : ''}: {e.note}
          </li>
        ))}
      </ul>
      <ol className="rulings">
        {dispute.rulings.map((r, i) => (
          <li key={i} data-ruling={i}>
            <strong>{r.ruling}</strong>
            {r.rule ? ` (rule ${r.rule})` : ''} — remedy {r.remedy}
            {r.forkMatchId ? `, play continues in ${r.forkMatchId}` : ''}
          </li>
        ))}
      </ol>
      {dispute.status === 'closed' ? (
        <p>
          Closed {dispute.closed?.at.slice(11, 19)}
          {dispute.closed?.note ? `: ${dispute.closed.note}` : ''}.
        </p>
      ) : (
        <>
          <form
            className="review-form"
            onSubmit={(e) => (e.preventDefault(), void send('/evidence', { note }, () => setNote('')))}
          >
            <label>
              Evidence{' '}
              <input
                aria-label="Evidence note"
                value={note}
                onChange={(e) => setNote(e.target.value)}
                required
              />
            </label>
            <button className="btn" type="submit">
              Attach
            </button>
          </form>
          <form
            className="review-form"
            onSubmit={(e) => {
              e.preventDefault();
              void send(
                '/ruling',
                { ruling, remedy, ...(rule ? { rule } : {}), ...(fork ? { forkMatchId: fork } : {}) },
                () => setRuling(''),
              );
            }}
          >
            <label>
              Ruling{' '}
              <input
                aria-label="Ruling"
                value={ruling}
                onChange={(e) => setRuling(e.target.value)}
                required
              />
            </label>
            <label>
              Rule{' '}
              <input
                aria-label="Rule"
                value={rule}
                onChange={(e) => setRule(e.target.value)}
                placeholder="710.1"
                size={8}
              />
            </label>
            <label>
              Remedy{' '}
              <select aria-label="Remedy" value={remedy} onChange={(e) => setRemedy(e.target.value)}>
                {['none', 'warning', 'rewind', 'game-loss', 'other'].map((r) => (
                  <option key={r}>{r}</option>
                ))}
              </select>
            </label>
            <label>
              Fork{' '}
              <input
                aria-label="Fork match id"
                value={fork}
                onChange={(e) => setFork(e.target.value)}
                placeholder="for a rewind"
              />
            </label>
            <button className="btn primary" type="submit">
              Record ruling
            </button>
          </form>
          <button className="btn" onClick={() => void send('/close', {}, () => undefined)}>
            Close dispute
          </button>
        </>
      )}
      {error && <p role="alert">{error}</p>}
    </section>
  );
}

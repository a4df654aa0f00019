'use client';
// The judge's review page. Token: `?token=` once (then kept in this tab, out of the address bar) or pasted, like
// the match page. Everything shown comes from the server's judge routes: the case file
// (GET /api/matches/:id/disputes/:d/case), the diff, the verification and the fork.
import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import { useCallback, useEffect, useState } from 'react';
import { ForkBanner } from '../ForkBanner';
import { getMatch, type MatchListItem } from '../../lib/api';
import { cardNames } from '../../lib/names';
import { diffWords, seatNames } from '../../lib/present';
import { useViewerToken } from '../../lib/useViewerToken';
import { pastedToken, readClaims, saveToken } from '../../lib/viewer';
import { call, type CaseFile, type DiffItem, type Dispute, type Verification } from './case-file';
import { CaseEvents } from './CaseEvents';
import { CaseHead } from './CaseHead';
import { CasePerspectives } from './CasePerspectives';
import { CaseTimes } from './CaseTimes';
import { KnowledgePanel } from './KnowledgePanel';
import { matchTitle, who } from './review-words';
import { RulingForm } from './RulingForm';

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
      <CaseHead c={c} matchId={matchId} token={token} window={window} names={names} />
      <CaseEvents c={c} matchId={matchId} token={token} />
      <CasePerspectives c={c} names={names} />

      <KnowledgePanel knowledge={c.knowledge} names={names} />

      <CaseTimes c={c} names={names} />

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
          <RulingForm send={send} />
          <button className="btn" onClick={() => void send('/close', {}, () => undefined)}>
            Close dispute
          </button>
        </>
      )}
      {error && <p role="alert">{error}</p>}
    </section>
  );
}

// The case's header: the dispute in words, the window of events either side, the case file's downloads and the
// forks nearest the disputed event.
import { useSearchParams } from 'next/navigation';
import type { CaseFile } from './case-file';
import { ForkPicker } from './ForkButtons';
import { who } from './review-words';

export function CaseHead({
  c,
  matchId,
  token,
  window,
  names,
}: {
  c: CaseFile;
  matchId: string;
  token: string;
  window: number;
  names: ReadonlyMap<string, string>;
}) {
  const d = c.dispute;
  const mid = encodeURIComponent(matchId);
  return (
    <header className="review-section case-head">
      <h1>
        Dispute {d.disputeId.replace(/^d/, '')} · {c.match.players.map((p) => names.get(p.id)).join(' vs ')} ·{' '}
        {c.match.title} · event {d.atSeq}
      </h1>
      <p className="claim">
        <span className={`status status-${d.status}`}>{d.status}</span> Opened by {who(d.openedBy, names)} at{' '}
        {d.openedAt.slice(11, 19)}
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

// The events around the dispute: a row each, with the rule it cites and, where someone may act after it, a fork.
import type { CaseFile, RuleText } from './case-file';
import { ForkButton } from './ForkButtons';

export function RuleCell({ r }: { r: RuleText }) {
  return (
    <span title={r.found && r.found !== r.rule ? `nearest numbered rule: ${r.found}` : undefined}>
      <strong>{r.rule}</strong> {r.text ?? <em>not in the rules document</em>}
    </span>
  );
}

export function CaseEvents({ c, matchId, token }: { c: CaseFile; matchId: string; token: string }) {
  return (
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
  );
}

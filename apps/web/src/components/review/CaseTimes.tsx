// Beside each other: the commands the server refused around the dispute, and how long each player took to decide.
import { eventWords } from '../../lib/present';
import type { CaseFile } from './case-file';
import { RuleCell } from './CaseEvents';
import { secs } from './review-words';

export function CaseTimes({ c, names }: { c: CaseFile; names: ReadonlyMap<string, string> }) {
  return (
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
  );
}

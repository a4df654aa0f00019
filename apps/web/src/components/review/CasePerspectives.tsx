// The board at the disputed event as each seat saw it, and as the judge sees it (the truth).
import { seatLabel } from '../../lib/present';
import { Board } from '../Board';
import type { CaseFile } from './case-file';

export function CasePerspectives({ c, names }: { c: CaseFile; names: ReadonlyMap<string, string> }) {
  const d = c.dispute;
  return (
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
  );
}

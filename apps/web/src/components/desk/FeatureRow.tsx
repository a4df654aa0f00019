// The Feature control of an event's table on the desk (coverage or organiser tokens): outside the board's link.
import type { DeskTable } from '../../lib/desk';
import type { DeskFeature } from './useDeskFeature';

/** The Feature control of an event's table (coverage or organiser tokens): outside the board's link. */
export function FeatureRow({ t, f }: { t: DeskTable; f: DeskFeature }) {
  const at = t.meta.eventTable;
  const ev = at ? f.events.get(at.eventId) : undefined;
  if (!f.allowed || !at || !ev) return null;
  const on = ev.featured?.round === at.round && ev.featured.table === at.table;
  const busy = f.busy !== null && f.busy.startsWith(`${at.eventId}/${at.round}/`);
  const where = `table ${at.table}, round ${at.round}`;
  return (
    <div className="desk-feature" data-featured={on ? 'yes' : 'no'}>
      <span className="muted desk-feature-event" title={ev.name}>
        {ev.name} · table {at.table}
      </span>
      {on ? (
        <button
          className="btn ghost"
          disabled={busy}
          onClick={() => f.feature(at.eventId, at.round, null)}
          aria-label={`Stop featuring ${where}`}
          title={`The event's overlays show this table (${ev.delaySeconds}s behind); click to feature none`}
        >
          On stream ✓
        </button>
      ) : (
        <button
          className="btn"
          disabled={busy}
          onClick={() => f.feature(at.eventId, at.round, at.table)}
          aria-label={`Feature ${where}`}
          title={`The event's overlays switch to this table after the event's ${ev.delaySeconds}s delay`}
        >
          Feature
        </button>
      )}
    </div>
  );
}

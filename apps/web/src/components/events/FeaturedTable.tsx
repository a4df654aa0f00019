'use client';
// The producer's control (a coverage token, from ?token= once): feature a table; the event overlays
// (/overlay/event/ID/…) follow it after the event's delay.
import type { EventView } from '@matchtape/server/events-contract';
import { useState } from 'react';
import { featureTable } from '../../lib/api';

export interface Feature {
  /** Features the table of the round, or none (null). */
  feature: (round: number, table: number | null) => void;
  busy: boolean;
  /** Why the last switch failed, in words. */
  problem: string | null;
}

/** The switch; after it the event is read again (answering the new featured table), or the problem is kept. */
export function useFeature(id: string, token: string | null, reload: () => Promise<void>): Feature {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const feature = (round: number, table: number | null) => {
    if (!token) return;
    setBusy(true);
    void featureTable(id, token, round, table)
      .then(async () => {
        setProblem(null);
        await reload();
      })
      .catch((e: unknown) => setProblem(e instanceof Error ? e.message : String(e)))
      .finally(() => setBusy(false));
  };
  return { feature, busy, problem };
}

/** What is on stream, and the OBS browser sources that follow it. */
export function FeaturedPanel({
  id,
  view,
  problem,
}: {
  id: string;
  view: EventView;
  problem: string | null;
}) {
  const f = view.featured;
  const base = `/overlay/event/${encodeURIComponent(id)}`;
  const delay = Number(view.options.spectatorDelaySeconds ?? 0);
  return (
    <section aria-label="Featured table" className="event-featured">
      <h2>On stream</h2>
      <p role="status">
        {f ? `Table ${f.table} of round ${f.round} is featured.` : 'No table is featured.'} The overlays
        follow it {delay > 0 ? `${delay} s later (the event's delay)` : 'at once'}.
      </p>
      {problem && (
        <p className="error-text" role="alert">
          {problem}
        </p>
      )}
      <p>
        OBS sources: <a href={`${base}/board`}>board</a> · <a href={`${base}/scorebar`}>scorebar</a> ·{' '}
        <a href={`${base}/card`}>card</a> · hand <a href={`${base}/hand/p1`}>p1</a> /{' '}
        <a href={`${base}/hand/p2`}>p2</a> (hands and the coverage card need <code>?token=</code> with a
        coverage token)
      </p>
    </section>
  );
}

/** A pairing's Stream cell: feature its table, or stop featuring it (a bye has no table to show). */
export function FeatureButton({
  view,
  round,
  pairing,
  control,
}: {
  view: EventView;
  round: number;
  pairing: EventView['rounds'][number]['pairings'][number];
  control: Feature;
}) {
  const { feature, busy } = control;
  if (pairing.p2 === null) return null;
  return view.featured?.round === round && view.featured.table === pairing.table ? (
    <button
      type="button"
      aria-pressed="true"
      disabled={busy}
      onClick={() => feature(round, null)}
      aria-label={`Stop featuring table ${pairing.table}`}
    >
      Featured ✓
    </button>
  ) : (
    <button
      type="button"
      aria-pressed="false"
      disabled={busy}
      onClick={() => feature(round, pairing.table)}
      aria-label={`Feature table ${pairing.table}`}
    >
      Feature
    </button>
  );
}

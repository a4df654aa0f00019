// Serving from the read models: a route uses a document only when it is exactly what the route would compute
// from the events — the viewer's view is one the model keeps (judge or public), the document covers the
// match's last event and that event is released to the viewer. Otherwise the route computes as before.
import type { MatchStats, StatsDoc, TimelineDoc, TimelineIndex } from '@matchtape/projections';
import { readLiveDoc, type EventStore, type MatchRecord } from '@matchtape/store';
import { isReleased, type Access } from '../viewers';

export interface TimelineAndStats {
  timeline: TimelineIndex;
  stats: MatchStats;
  /** Generations served, for the `x-read-model` header. */
  generations: { timeline: number; stats: number };
}

export async function timelineFromReadModels(store: EventStore, rec: MatchRecord, access: Access, now: number): Promise<TimelineAndStats | null> {
  const view = access.viewer === 'judge' || access.viewer === 'public' ? access.viewer : null;
  if (view === null || rec.lastSeq === 0) return null;
  const [t, s] = await Promise.all([readLiveDoc<TimelineDoc>(store, 'timeline', rec.matchId), readLiveDoc<StatsDoc>(store, 'stats', rec.matchId)]);
  if (!t || !s || t.lastSeq !== rec.lastSeq || s.lastSeq !== rec.lastSeq) return null;
  const lastAt = t.doc.lastAt;
  if (lastAt === null || !isReleased({ at: lastAt }, access, now)) return null;
  return { timeline: t.doc.views[view], stats: s.doc.views[view], generations: { timeline: t.generation, stats: s.generation } };
}

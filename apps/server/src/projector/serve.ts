// Serving from the read models: a route uses a document only when it is exactly what the route would compute
// from the events — the viewer's view is one the model keeps (judge or public), the document covers the
// match's last event and that event is released to the viewer. Otherwise the route computes as before.
import type { AnyGameModule, EventEnvelope } from '@matchtape/engine';
import {
  knowledgeAt,
  knowledgeCheckpoint,
  knowledgeFrom,
  PackedKnowledge,
  unpackKnowledge,
  type KnowledgeAt,
  type MatchStats,
  type StatsDoc,
  type TimelineDoc,
  type TimelineIndex,
} from '@matchtape/projections';
import { readLiveDoc, type EventStore, type MatchRecord } from '@matchtape/store';
import { z } from 'zod';
import { isReleased, type Access } from '../viewers';

export interface TimelineAndStats {
  timeline: TimelineIndex;
  stats: MatchStats;
  /** Generations served, for the `x-read-model` header. */
  generations: { timeline: number; stats: number };
}

export async function timelineFromReadModels(
  store: EventStore,
  rec: MatchRecord,
  access: Access,
  now: number,
): Promise<TimelineAndStats | null> {
  const view = access.viewer === 'judge' || access.viewer === 'public' ? access.viewer : null;
  if (view === null || rec.lastSeq === 0) return null;
  const [t, s] = await Promise.all([
    readLiveDoc<TimelineDoc>(store, 'timeline', rec.matchId),
    readLiveDoc<StatsDoc>(store, 'stats', rec.matchId),
  ]);
  if (!t || !s || t.lastSeq !== rec.lastSeq || s.lastSeq !== rec.lastSeq) return null;
  const lastAt = t.doc.lastAt;
  if (lastAt === null || !isReleased({ at: lastAt }, access, now)) return null;
  return {
    timeline: t.doc.views[view],
    stats: s.doc.views[view],
    generations: { timeline: t.generation, stats: s.generation },
  };
}

const Seq = z.object({ seq: z.number().int().min(0) }).loose();
const KnowledgeOutline = z.object({ game: z.string(), checkpoints: z.array(Seq), current: Seq }).loose();

export interface ServedKnowledge {
  knowledge: KnowledgeAt;
  /** The knowledge generation whose checkpoint it continued from, or null when it was folded from seq 1. */
  generation: number | null;
}

/**
 * Who knew what at `seq` of a match (full judge events): continued from the live knowledge generation's nearest
 * checkpoint at or before `seq` when there is one (the checkpoints are folds of these same events, so the answer
 * is the one from seq 1), else folded from seq 1. A checkpoint that does not parse is not used.
 */
export async function knowledgeServed(
  store: EventStore,
  game: AnyGameModule,
  matchId: string,
  events: readonly EventEnvelope[],
  seq: number,
): Promise<ServedKnowledge> {
  const live = await readLiveDoc<unknown>(store, 'knowledge', matchId);
  // The document's outline is checked here, the one checkpoint used in full (a whole document is thousands of tuples).
  const doc = live ? KnowledgeOutline.safeParse(live.doc) : null;
  const found =
    doc?.success && doc.data.game === game.id
      ? knowledgeCheckpoint(doc.data, Math.min(seq, events.length))
      : null;
  const packed = found ? PackedKnowledge.safeParse(found) : null;
  if (!live || !packed?.success) return { knowledge: knowledgeAt(game, events, seq), generation: null };
  return {
    knowledge: knowledgeFrom(game, events, unpackKnowledge(game, packed.data), seq),
    generation: live.generation,
  };
}

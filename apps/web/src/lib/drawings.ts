'use client';
// The site's client of the casters' drawings (apps/server/src/coverage/drawings.ts): read time-locked for this viewer
// (the server applies the viewer's delay and withholds drawings at cards it cannot see), draw and clear with a
// coverage or judge token. While the match plays they arrive as `event: drawing` frames on the viewer's one live
// stream (the server sends each once this viewer's delayed feed has passed it, never one at a card it cannot see),
// folded here; the list is read once on opening (a match already over has no live stream) and after one's own draw.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { z } from 'zod';
import { requestJson } from './api';
import { pollFailure } from './annotations';
import type { Perspective } from './viewer';

const TargetSchema = z.union([
  z.object({ kind: z.literal('card'), cardId: z.string() }),
  z.object({ kind: z.literal('zone'), player: z.string().nullable(), zone: z.string() }),
]);
export type DrawingTarget = z.infer<typeof TargetSchema>;
const ShapeSchema = z.union([
  z.object({ kind: z.literal('arrow'), from: TargetSchema, to: TargetSchema }),
  z.object({ kind: z.literal('circle'), at: TargetSchema }),
]);
export type DrawingShape = z.infer<typeof ShapeSchema>;
export const DRAWING_COLORS = {
  yellow: '#facc15',
  red: '#ef4444',
  blue: '#3b82f6',
  green: '#22c55e',
  white: '#f8fafc',
} as const;
export type DrawingColor = keyof typeof DRAWING_COLORS;

const ColorSchema = z.enum(['yellow', 'red', 'blue', 'green', 'white']);

export const DrawingSchema = z
  .object({
    drawingId: z.string(),
    author: z.object({ id: z.string(), role: z.string(), name: z.string() }),
    seq: z.number(),
    shape: ShapeSchema,
    color: ColorSchema,
    clearedAt: z.number().nullable(),
  })
  .loose();
export type Drawing = z.infer<typeof DrawingSchema>;
const ListSchema = z
  .object({ drawings: z.array(DrawingSchema), you: z.string().nullable().optional() })
  .loose();

const base = (matchId: string) => `/api/matches/${encodeURIComponent(matchId)}/drawings`;

export const listDrawings = async (matchId: string, as: Perspective, token: string | null) =>
  ListSchema.parse(await requestJson(`${base(matchId)}?as=${encodeURIComponent(as)}`, { token }));
export const addDrawing = (
  matchId: string,
  token: string,
  body: { authorName: string; seq: number; shape: DrawingShape; color: DrawingColor },
) => requestJson(base(matchId), { token }, { method: 'POST', body });
export const clearDrawings = (matchId: string, token: string, seq: number, scope: 'mine' | 'all') =>
  requestJson(`${base(matchId)}?seq=${seq}&scope=${scope}`, { token }, { method: 'DELETE' });

/** The drawings on the board at `seq`: drawn at or before it, not cleared at or before it. */
export function drawingsAt(drawings: readonly Drawing[], seq: number): Drawing[] {
  return drawings.filter((d) => d.seq <= seq && (d.clearedAt === null || seq < d.clearedAt));
}

/** A drawings side event as the live stream sends it (`event: drawing`). */
const FrameSchema = z.discriminatedUnion('type', [
  z.object({
    seq: z.number(),
    type: z.literal('DrawingAdded'),
    author: z.object({ id: z.string(), role: z.string() }).loose(),
    payload: z
      .object({
        drawingId: z.string(),
        authorName: z.string(),
        seq: z.number(),
        shape: ShapeSchema,
        color: ColorSchema,
      })
      .loose(),
  }),
  z.object({
    seq: z.number(),
    type: z.literal('DrawingsCleared'),
    payload: z.object({ seq: z.number(), author: z.string().nullable() }).loose(),
  }),
]);

/**
 * The drawings the stream's frames make, in side-stream order: a drawing once (by id), a clear takes down the
 * drawings before it (everyone's, or its author's) from its seq on. Frames that do not parse are skipped.
 */
export function drawingsFromFrames(frames: readonly unknown[]): Drawing[] {
  const out: Drawing[] = [];
  for (const raw of frames) {
    const f = FrameSchema.safeParse(raw);
    if (!f.success) continue;
    const e = f.data;
    if (e.type === 'DrawingsCleared') {
      for (const d of out)
        if (d.clearedAt === null && (e.payload.author === null || e.payload.author === d.author.id))
          d.clearedAt = e.payload.seq;
    } else if (!out.some((d) => d.drawingId === e.payload.drawingId)) {
      const { drawingId, authorName, seq, shape, color } = e.payload;
      out.push({
        drawingId,
        author: { id: e.author.id, role: e.author.role, name: authorName },
        seq,
        shape,
        color,
        clearedAt: null,
      });
    }
  }
  return out;
}

export interface DrawingsState {
  drawings: Drawing[];
  you: string | null;
  error: string | null;
  reload(): void;
}

/**
 * Drawings for one viewer: the frames of the viewer's live stream (`frames`: TapeState.drawingFrames) once any have
 * come, else the list as read on opening and after `reload` (one's own draw or clear). No polling. `enabled: false`
 * reads nothing.
 */
export function useDrawings(
  matchId: string,
  as: Perspective,
  token: string | null,
  frames: readonly unknown[],
  enabled = true,
): DrawingsState {
  const [st, setSt] = useState<Omit<DrawingsState, 'reload'>>({ drawings: [], you: null, error: null });
  const [tick, setTick] = useState(0);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  useEffect(() => {
    if (!enabled) return;
    let stop = false;
    listDrawings(matchId, as, token)
      .then((r) => !stop && setSt({ drawings: r.drawings, you: r.you ?? null, error: null }))
      .catch((e: unknown) => !stop && setSt((s) => ({ ...s, error: pollFailure(e, 'Drawings').message })));
    return () => {
      stop = true;
    };
  }, [matchId, as, token, enabled, tick]);
  const streamed = useMemo(
    () => (enabled && frames.length > 0 ? drawingsFromFrames(frames) : null),
    [enabled, frames],
  );
  return { ...st, drawings: streamed ?? st.drawings, reload };
}

'use client';
// The site's client of the casters' drawings (apps/server/src/coverage/drawings.ts): read time-locked for this viewer
// (the server applies the viewer's delay and withholds drawings at cards it cannot see), draw and clear with a
// coverage or judge token. Polled, like annotations: each drawing shows as soon as this viewer's feed has passed it.
import { useCallback, useEffect, useState } from 'react';
import { z } from 'zod';
import { requestJson } from './api';
import { pollWhileVisible } from './annotations';
import type { Perspective } from './viewer';

const TargetSchema = z.union([z.object({ kind: z.literal('card'), cardId: z.string() }), z.object({ kind: z.literal('zone'), player: z.string().nullable(), zone: z.string() })]);
export type DrawingTarget = z.infer<typeof TargetSchema>;
const ShapeSchema = z.union([z.object({ kind: z.literal('arrow'), from: TargetSchema, to: TargetSchema }), z.object({ kind: z.literal('circle'), at: TargetSchema })]);
export type DrawingShape = z.infer<typeof ShapeSchema>;
export const DRAWING_COLORS = { yellow: '#facc15', red: '#ef4444', blue: '#3b82f6', green: '#22c55e', white: '#f8fafc' } as const;
export type DrawingColor = keyof typeof DRAWING_COLORS;

export const DrawingSchema = z
  .object({
    drawingId: z.string(),
    author: z.object({ id: z.string(), role: z.string(), name: z.string() }),
    seq: z.number(),
    shape: ShapeSchema,
    color: z.enum(['yellow', 'red', 'blue', 'green', 'white']),
    clearedAt: z.number().nullable(),
  })
  .loose();
export type Drawing = z.infer<typeof DrawingSchema>;
const ListSchema = z.object({ drawings: z.array(DrawingSchema), you: z.string().nullable().optional() }).loose();

const base = (matchId: string) => `/api/matches/${encodeURIComponent(matchId)}/drawings`;

export const listDrawings = async (matchId: string, as: Perspective, token: string | null) => ListSchema.parse(await requestJson(`${base(matchId)}?as=${encodeURIComponent(as)}`, { token }));
export const addDrawing = (matchId: string, token: string, body: { authorName: string; seq: number; shape: DrawingShape; color: DrawingColor }) => requestJson(base(matchId), { token }, { method: 'POST', body });
export const clearDrawings = (matchId: string, token: string, seq: number, scope: 'mine' | 'all') => requestJson(`${base(matchId)}?seq=${seq}&scope=${scope}`, { token }, { method: 'DELETE' });

/** The drawings on the board at `seq`: drawn at or before it, not cleared at or before it. */
export function drawingsAt(drawings: readonly Drawing[], seq: number): Drawing[] {
  return drawings.filter((d) => d.seq <= seq && (d.clearedAt === null || seq < d.clearedAt));
}

export interface DrawingsState {
  drawings: Drawing[];
  you: string | null;
  error: string | null;
  reload(): void;
}

/** Drawings for one viewer, polled every `everyMs` while the tab is visible; `enabled: false` polls nothing. */
export function useDrawings(matchId: string, as: Perspective, token: string | null, enabled = true, everyMs = 2000): DrawingsState {
  const [st, setSt] = useState<Omit<DrawingsState, 'reload'>>({ drawings: [], you: null, error: null });
  const [tick, setTick] = useState(0);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  useEffect(() => {
    if (!enabled) return;
    return pollWhileVisible(
      'Drawings',
      () => listDrawings(matchId, as, token),
      (r) => setSt((s) => (JSON.stringify(s.drawings) === JSON.stringify(r.drawings) && s.error === null ? s : { drawings: r.drawings, you: r.you ?? null, error: null })),
      (error) => setSt((s) => ({ ...s, error })),
      everyMs,
    );
  }, [matchId, as, token, enabled, everyMs, tick]);
  return { ...st, reload };
}

'use client';
// The site's client of the coverage routes: annotations (time-locked by the server for this viewer), writes
// with a coverage or judge token, chapters, the producer's card focus. Annotations are polled: the server
// already applies the viewer's delay, so a poll shows each one as soon as this viewer's feed has passed it.
import { useCallback, useEffect, useState } from 'react';
import { QualitySchema, type Quality } from '@matchtape/server/coverage-contract';
import { z } from 'zod';
import { ApiError, requestJson } from './api';
import type { Perspective } from './viewer';

export { QUALITIES as QUALITY_GLYPHS, KNOWN_TAGS as TAGS } from '@matchtape/server/coverage-contract';
export type { Quality } from '@matchtape/server/coverage-contract';

const HighlightSchema = z.union([
  z.object({ kind: z.literal('card'), cardId: z.string() }),
  z.object({ kind: z.literal('zone'), player: z.string().nullable(), zone: z.string() }),
]);
export type Highlight = z.infer<typeof HighlightSchema>;

export const AnnotationSchema = z
  .object({
    annotationId: z.string(),
    matchId: z.string(),
    author: z.object({ id: z.string(), role: z.string(), name: z.string() }),
    seq: z.object({ from: z.number(), to: z.number() }),
    text: z.string(),
    tags: z.array(z.string()),
    quality: QualitySchema.nullable(),
    highlights: z.array(HighlightSchema),
    chapter: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    glyph: z.string().nullable().optional(),
  })
  .loose();
export type Annotation = z.infer<typeof AnnotationSchema>;

const LayerSchema = z.object({ id: z.string(), name: z.string(), role: z.string(), count: z.number() });
export type Layer = z.infer<typeof LayerSchema>;
const ListSchema = z
  .object({
    annotations: z.array(AnnotationSchema),
    layers: z.array(LayerSchema),
    you: z.string().nullable().optional(),
  })
  .loose();

const call = (
  url: string,
  token: string | null,
  init: { method?: string; body?: unknown } = {},
): Promise<unknown> => requestJson(url, { token }, init);

const base = (matchId: string) => `/api/matches/${encodeURIComponent(matchId)}`;

export async function listAnnotations(matchId: string, as: Perspective, token: string | null) {
  return ListSchema.parse(await call(`${base(matchId)}/annotations?as=${encodeURIComponent(as)}`, token));
}

export interface AnnotationDraft {
  authorName: string;
  seq: number | { from: number; to: number };
  text: string;
  tags: string[];
  quality: Quality | null;
  highlights: Highlight[];
  chapter: string | null;
}

export const addAnnotation = (matchId: string, token: string, draft: AnnotationDraft) =>
  call(`${base(matchId)}/annotations`, token, { method: 'POST', body: draft });
export const editAnnotation = (
  matchId: string,
  token: string,
  id: string,
  changes: Partial<Omit<AnnotationDraft, 'authorName'>>,
) =>
  call(`${base(matchId)}/annotations/${encodeURIComponent(id)}`, token, { method: 'PATCH', body: changes });
export const removeAnnotation = (matchId: string, token: string, id: string) =>
  call(`${base(matchId)}/annotations/${encodeURIComponent(id)}`, token, { method: 'DELETE' });
export const setFocus = (matchId: string, token: string, cardId: string | null, seq: number) =>
  call(`${base(matchId)}/focus`, token, { method: 'PUT', body: { cardId, seq } });

const FocusSchema = z
  .object({ focus: z.object({ cardId: z.string().nullable(), seq: z.number() }).nullable() })
  .loose();
export async function getFocus(matchId: string, as: Perspective, token: string | null) {
  return FocusSchema.parse(await call(`${base(matchId)}/focus?as=${encodeURIComponent(as)}`, token)).focus;
}

export function chaptersUrl(matchId: string, format: 'json' | 'text', as: Perspective): string {
  return `${base(matchId)}/chapters?format=${format}&as=${encodeURIComponent(as)}`;
}

export interface AnnotationsState {
  annotations: Annotation[];
  layers: Layer[];
  /** The token id of the writer (their own layer), when the token may write. */
  you: string | null;
  error: string | null;
  reload(): void;
}

/**
 * Whether to keep polling after `e`, and what to say: a refused token (401/403) stays refused on every poll, so
 * polling stops and the viewer is told why and what to do; anything else (the server away) retries.
 */
export function pollFailure(e: unknown, what = 'Annotations'): { retry: boolean; message: string } {
  const msg = (e as Error).message;
  if (e instanceof ApiError && (e.status === 401 || e.status === 403))
    return {
      retry: false,
      message: `${what} stopped refreshing: the server refused this token (${e.status}: ${msg}). Open the page with a coverage or judge token (npx matchtape token --role coverage) to see them.`,
    };
  return { retry: true, message: msg };
}

/**
 * Polls `read` every `everyMs` while the tab is visible (a hidden tab waits: an organiser may keep many match tabs
 * open; it catches up when shown), hands each answer to `onData` and each failure's words to `onError`, and stops
 * for good on a refused token (`pollFailure`). Returns the stop function for an effect's cleanup.
 */
export function pollWhileVisible<T>(
  what: string,
  read: () => Promise<T>,
  onData: (data: T) => void,
  onError: (message: string) => void,
  everyMs: number,
): () => void {
  let stop = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const load = async () => {
    if (typeof document !== 'undefined' && document.hidden) {
      timer = setTimeout(load, everyMs);
      return;
    }
    try {
      const data = await read();
      if (!stop) onData(data);
    } catch (e) {
      const f = pollFailure(e, what);
      if (!stop) onError(f.message);
      if (!f.retry) return;
    }
    if (!stop) timer = setTimeout(load, everyMs);
  };
  void load();
  return () => {
    stop = true;
    if (timer) clearTimeout(timer);
  };
}

/** Annotations for one viewer, polled every `everyMs` while the tab is visible (and at once after `reload`). */
export function useAnnotations(
  matchId: string,
  as: Perspective,
  token: string | null,
  everyMs = 4000,
): AnnotationsState {
  const [st, setSt] = useState<Omit<AnnotationsState, 'reload'>>({
    annotations: [],
    layers: [],
    you: null,
    error: null,
  });
  const [tick, setTick] = useState(0);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  useEffect(
    () =>
      pollWhileVisible(
        'Annotations',
        () => listAnnotations(matchId, as, token),
        (r) => setSt({ annotations: r.annotations, layers: r.layers, you: r.you ?? null, error: null }),
        (error) => setSt((s) => ({ ...s, error })),
        everyMs,
      ),
    // `tick` re-runs the poll at once (reload).
    [matchId, as, token, everyMs, tick],
  );
  return { ...st, reload };
}

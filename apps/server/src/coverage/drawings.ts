// The casters' drawings on the board: arrows and circles on cards and zones, drawn in the coverage view and shown
// on the board overlay and the match page. They are the match's `drawings` side stream (beside annotations, outside
// the hash chain) and under the annotations' time lock (timelock.ts): a viewer gets a drawing once its delayed feed
// reaches the drawing's seq, a seat of a live match never, and nobody for whom a card it points at is hidden at that
// seq. A clear is an event too (time-locked on its own seq): it takes down the drawings made before it, everyone's
// or one author's. Pure: the routes (drawing-routes.ts) read the stream, decide here and append.
import { z } from 'zod';
import type { SideEvent } from '@matchtape/store';
import type { Writer } from './book';
import { HighlightSchema, type Highlight } from './schema';
import type { LockedPart } from './timelock';

const Seq = z.number().int().min(1).max(2_147_483_647);
const AuthorName = z.string().trim().min(1).max(60);

/** What a drawing points at: a card instance (as the author's judge view names it) or a zone, as annotations do. */
export const DrawingTargetSchema = HighlightSchema;
export type DrawingTarget = Highlight;

export const DrawingShapeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('arrow'), from: DrawingTargetSchema, to: DrawingTargetSchema }).strict(),
  z.object({ kind: z.literal('circle'), at: DrawingTargetSchema }).strict(),
]);
export type DrawingShape = z.infer<typeof DrawingShapeSchema>;

export const DRAWING_COLORS = ['yellow', 'red', 'blue', 'green', 'white'] as const;
export const DrawingColorSchema = z.enum(DRAWING_COLORS);

export const DrawingAddedSchema = z
  .object({
    drawingId: z.string().min(1).max(64),
    authorName: AuthorName,
    seq: Seq,
    shape: DrawingShapeSchema,
    color: DrawingColorSchema,
  })
  .strict();
/** `author`: the token id whose drawings are cleared; null: everyone's. */
export const DrawingsClearedSchema = z
  .object({ seq: Seq, author: z.string().min(1).max(200).nullable() })
  .strict();

export const DrawingEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('DrawingAdded'), payload: DrawingAddedSchema }),
  z.object({ type: z.literal('DrawingsCleared'), payload: DrawingsClearedSchema }),
]);

/** POST /api/matches/:id/drawings */
export const AddDrawingBody = z
  .object({
    /** Optional client id, so a retried POST does not draw twice. */
    drawingId: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, 'drawingId is 1–64 letters, digits, _ or -')
      .optional(),
    authorName: AuthorName,
    seq: Seq,
    shape: DrawingShapeSchema,
    color: DrawingColorSchema.default('yellow'),
  })
  .strict();
export type AddDrawingInput = z.infer<typeof AddDrawingBody>;

/** DELETE /api/matches/:id/drawings: clear at `seq`, the caller's own drawings or (judges) everyone's. */
export const ClearDrawingsQuery = z
  .object({
    seq: z.coerce.number().int().min(1).max(2_147_483_647),
    scope: z.enum(['mine', 'all']).default('mine'),
  })
  .strict();

/** One drawing as a viewer gets it: shown on the board from `seq` on, until `clearedAt` (null: not cleared). */
export interface Drawing {
  drawingId: string;
  author: { id: string; role: string; name: string };
  seq: number;
  shape: DrawingShape;
  color: (typeof DRAWING_COLORS)[number];
  createdAt: string;
  clearedAt: number | null;
}

/** The targets of a shape: what the hidden-card check looks at. */
export function targetsOf(shape: DrawingShape): DrawingTarget[] {
  return shape.kind === 'arrow' ? [shape.from, shape.to] : [shape.at];
}

/** What the time lock reads of a drawings event (timelock.ts `timeLocked`). */
export function drawingPart(e: Pick<SideEvent, 'type' | 'payload'>): LockedPart | null {
  const parsed = DrawingEventSchema.safeParse({ type: e.type, payload: e.payload });
  if (!parsed.success) return null;
  const ev = parsed.data;
  if (ev.type === 'DrawingAdded')
    return { seq: { to: ev.payload.seq }, highlights: targetsOf(ev.payload.shape) };
  return { seq: { to: ev.payload.seq }, highlights: [] };
}

/**
 * The drawings of the events a viewer was admitted, in stream order. A clear marks the drawings made before it in
 * the stream (everyone's or its author's) as cleared from its seq on; each event stands on its own, so the fold works
 * on any subset the time lock let through.
 */
export function foldDrawings(
  events: readonly Pick<SideEvent, 'seq' | 'type' | 'at' | 'author' | 'payload'>[],
): Drawing[] {
  const out: Drawing[] = [];
  for (const e of [...events].sort((a, b) => a.seq - b.seq)) {
    const parsed = DrawingEventSchema.safeParse({ type: e.type, payload: e.payload });
    if (!parsed.success) continue;
    const ev = parsed.data;
    if (ev.type === 'DrawingAdded') {
      const p = ev.payload;
      if (out.some((d) => d.drawingId === p.drawingId)) continue;
      out.push({
        drawingId: p.drawingId,
        author: { id: e.author.id, role: e.author.role, name: p.authorName },
        seq: p.seq,
        shape: p.shape,
        color: p.color,
        createdAt: e.at,
        clearedAt: null,
      });
    } else {
      for (const d of out)
        if (d.clearedAt === null && (ev.payload.author === null || d.author.id === ev.payload.author))
          d.clearedAt = ev.payload.seq;
    }
  }
  return out;
}

export interface DrawingDraft {
  type: 'DrawingAdded' | 'DrawingsCleared';
  payload: Record<string, unknown>;
}
export type DrawingDecision =
  | { ok: true; events: DrawingDraft[]; drawingId: string | null }
  | { ok: false; status: number; code: string; message: string };

const refuse = (status: number, code: string, message: string): DrawingDecision => ({
  ok: false,
  status,
  code,
  message,
});

function seen(seq: number, writer: Writer): DrawingDecision | null {
  if (seq <= writer.feedSeq) return null;
  return refuse(
    422,
    'seq_not_seen',
    `seq ${seq} is past what your feed has shown (seq ${writer.feedSeq}); draw on events you have seen`,
  );
}

/** A new drawing (or nothing, for a retried POST of one already drawn the same way by the same author). */
export function decideDraw(
  existing: readonly Drawing[],
  writer: Writer,
  input: AddDrawingInput,
  newId: () => string,
): DrawingDecision {
  const bad = seen(input.seq, writer);
  if (bad) return bad;
  const drawingId = input.drawingId ?? newId();
  const same = existing.find((d) => d.drawingId === drawingId);
  if (same) {
    if (
      same.author.id === writer.id &&
      same.seq === input.seq &&
      JSON.stringify(same.shape) === JSON.stringify(input.shape)
    )
      return { ok: true, events: [], drawingId };
    return refuse(
      409,
      'drawing_exists',
      `drawing ${drawingId} already exists; choose another drawingId or leave it out`,
    );
  }
  const payload = {
    drawingId,
    authorName: input.authorName,
    seq: input.seq,
    shape: input.shape,
    color: input.color,
  };
  return { ok: true, drawingId, events: [{ type: 'DrawingAdded', payload }] };
}

/** A clear at `seq`: the writer's own drawings, or everyone's (judges only: a caster does not wipe another's). */
export function decideClear(writer: Writer, seq: number, scope: 'mine' | 'all'): DrawingDecision {
  const bad = seen(seq, writer);
  if (bad) return bad;
  if (scope === 'all' && writer.role !== 'judge')
    return refuse(
      403,
      'not_a_judge',
      "only a judge clears everyone's drawings; clear your own with scope=mine",
    );
  return {
    ok: true,
    drawingId: null,
    events: [{ type: 'DrawingsCleared', payload: { seq, author: scope === 'all' ? null : writer.id } }],
  };
}

// Annotations: the events of a match's `annotations` side stream and the request bodies that produce them.
// The side stream is not part of the match's hash chain; each event names its author ({ id, role } on the
// SideEvent, the id being the jti of the author's token) and its payload is one of the three below.
// It imports only zod, so the site takes its tag list and quality glyphs from here
// (`@matchtape/server/coverage-contract`) instead of keeping copies.
import { z } from 'zod';

/** Tags a coverage team files moments under; free slugs are allowed too (highlight reels use their own). */
export const KNOWN_TAGS = [
  'key-play',
  'misplay',
  'judge-call',
  'lethal',
  'combo',
  'comeback',
  'topdeck',
  'bluff',
  'misclick',
] as const;

/** The quality glyph of chess annotation, shown next to the text. */
export const QUALITIES = { brilliant: '!!', good: '!', dubious: '?!', mistake: '?', blunder: '??' } as const;
export const QualitySchema = z.enum(['brilliant', 'good', 'dubious', 'mistake', 'blunder']);
export type Quality = z.infer<typeof QualitySchema>;

export const TagSchema = z
  .string()
  .regex(
    /^[a-z0-9]+(-[a-z0-9]+)*$/,
    'a tag is a lowercase slug such as key-play, misplay, judge-call, lethal or combo',
  )
  .max(32);

/** A seq or a seq range of the match's events; `from` = `to` for one event. */
export const SeqRangeSchema = z
  .object({
    from: z.number().int().min(1).max(2_147_483_647),
    to: z.number().int().min(1).max(2_147_483_647),
  })
  .strict()
  .refine((r) => r.from <= r.to, { message: 'seq.from must not be after seq.to' });
export type SeqRange = z.infer<typeof SeqRangeSchema>;

/**
 * What an annotation points at: a card instance (its id as the author's view shows it) or a zone of a player
 * (or a shared zone, player null), by the zone key of the board model.
 */
export const HighlightSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('card'), cardId: z.string().min(1).max(200) }).strict(),
  z
    .object({
      kind: z.literal('zone'),
      player: z
        .string()
        .regex(/^p[1-9][0-9]*$/)
        .nullable(),
      zone: z.string().min(1).max(64),
    })
    .strict(),
]);
export type Highlight = z.infer<typeof HighlightSchema>;

const Text = z
  .string()
  .max(4000, 'text is at most 4000 characters')
  .refine((t) => t.trim().length > 0, 'text must not be empty');
const Chapter = z.string().trim().min(1, 'a chapter title must not be empty').max(100).nullable();
const AuthorName = z.string().trim().min(1).max(60);

/** What an annotation says: the fields an author writes and may later edit. */
const AnnotationFields = {
  seq: SeqRangeSchema,
  text: Text,
  tags: z.array(TagSchema).max(8),
  quality: QualitySchema.nullable(),
  highlights: z.array(HighlightSchema).max(16),
  /** A chapter title: the annotation is promoted to a chapter of the match. */
  chapter: Chapter,
};

export const AnnotationAddedSchema = z
  .object({ annotationId: z.string().min(1).max(64), authorName: AuthorName, ...AnnotationFields })
  .strict();
export type AnnotationAdded = z.infer<typeof AnnotationAddedSchema>;

/** Fields an edit may change; absent ones stay as they are. */
export const AnnotationChangesSchema = z
  .object(AnnotationFields)
  .partial()
  .strict()
  .refine(
    (c) => Object.keys(c).length > 0,
    'an edit must change at least one of seq, text, tags, quality, highlights, chapter',
  );
export type AnnotationChanges = z.infer<typeof AnnotationChangesSchema>;

/**
 * Every edit carries the annotation as it is after the edit (and every removal its seq range): side events
 * are filtered one by one per viewer (the time lock), so each must be readable without the ones before it — a
 * viewer who was not shown the addition yet still gets a whole annotation from an edit it may see.
 */
export const AnnotationStateSchema = z
  .object({
    author: z
      .object({ id: z.string().min(1).max(200), role: z.string().min(1).max(40), name: AuthorName })
      .strict(),
    ...AnnotationFields,
    createdAt: z.string(),
  })
  .strict();
export type AnnotationState = z.infer<typeof AnnotationStateSchema>;

export const AnnotationEditedSchema = z
  .object({
    annotationId: z.string().min(1).max(64),
    changes: AnnotationChangesSchema,
    annotation: AnnotationStateSchema,
  })
  .strict();
export type AnnotationEdited = z.infer<typeof AnnotationEditedSchema>;

export const AnnotationRemovedSchema = z
  .object({ annotationId: z.string().min(1).max(64), seq: SeqRangeSchema })
  .strict();
export type AnnotationRemoved = z.infer<typeof AnnotationRemovedSchema>;

export const ANNOTATION_EVENT_TYPES = ['AnnotationAdded', 'AnnotationEdited', 'AnnotationRemoved'] as const;
export type AnnotationEventType = (typeof ANNOTATION_EVENT_TYPES)[number];

/** One event of the annotations stream, as the side store keeps it. */
export const AnnotationEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('AnnotationAdded'), payload: AnnotationAddedSchema }),
  z.object({ type: z.literal('AnnotationEdited'), payload: AnnotationEditedSchema }),
  z.object({ type: z.literal('AnnotationRemoved'), payload: AnnotationRemovedSchema }),
]);
export type AnnotationEvent = z.infer<typeof AnnotationEventSchema>;

export interface Author {
  id: string;
  role: string;
}

/** POST /api/matches/:id/annotations */
export const AddAnnotationBody = z
  .object({
    /** Optional client id, so a retried POST does not add twice. */
    annotationId: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, 'annotationId is 1–64 letters, digits, _ or -')
      .optional(),
    authorName: AuthorName,
    seq: z.union([z.number().int().min(1).max(2_147_483_647), SeqRangeSchema]),
    text: Text,
    tags: z.array(TagSchema).max(8).default([]),
    quality: QualitySchema.nullable().default(null),
    highlights: z.array(HighlightSchema).max(16).default([]),
    chapter: Chapter.default(null),
  })
  .strict();
export type AddAnnotationInput = z.infer<typeof AddAnnotationBody>;

/** PATCH /api/matches/:id/annotations/:annotationId; `seq` may be one number, as when adding. */
export const EditAnnotationBody = z.preprocess((b) => {
  if (b === null || typeof b !== 'object' || Array.isArray(b)) return b;
  const seq = (b as { seq?: unknown }).seq;
  return typeof seq === 'number' ? { ...b, seq: { from: seq, to: seq } } : b;
}, AnnotationChangesSchema);

/** The current state of one annotation (the fold of its events). */
export interface Annotation {
  annotationId: string;
  matchId: string;
  author: Author & { name: string };
  seq: SeqRange;
  text: string;
  tags: string[];
  quality: Quality | null;
  highlights: Highlight[];
  chapter: string | null;
  createdAt: string;
  updatedAt: string;
  /** Side-stream seq of the last event that touched it. */
  version: number;
}

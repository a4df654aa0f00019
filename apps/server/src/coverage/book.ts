// The annotation book of one match: a pure fold of its annotations side stream, and the decisions on what
// an author may add, edit or remove. Nothing here does I/O; the routes read the stream, decide, and append
// what was decided with the stream's last seq as the expected one (a concurrent writer means: read again).
import {
  AnnotationEventSchema,
  type AddAnnotationInput,
  type Annotation,
  type AnnotationChanges,
  type AnnotationEventType,
  type Author,
  type Highlight,
  type SeqRange,
} from './schema';

/** The fields of a side-stream event the book reads (the lead's SideEvent has these and more). */
export interface AnnotationSideEvent {
  matchId: string;
  seq: number;
  type: string;
  at: string;
  author: Author;
  payload: unknown;
}

export interface Book {
  matchId: string;
  /** Last side-stream seq folded (0: none). */
  seq: number;
  /** Live annotations by id, in the order they were added. */
  annotations: Map<string, Annotation>;
  /** Ids of removed annotations (an id is never reused). */
  removed: Set<string>;
}

export function emptyBook(matchId: string): Book {
  return { matchId, seq: 0, annotations: new Map(), removed: new Set() };
}

/**
 * Folds side events onto a book. Additions and edits are upserts of the whole annotation (an edit carries it),
 * so the fold works as well on the subset of the stream a viewer was admitted (time lock) as on all of it.
 * Events of other types or with malformed payloads are skipped, not fatal.
 */
export function foldBook(book: Book, events: readonly AnnotationSideEvent[]): Book {
  const annotations = new Map(book.annotations);
  const removed = new Set(book.removed);
  let seq = book.seq;
  for (const e of events) {
    if (e.seq <= seq) continue;
    seq = e.seq;
    const parsed = AnnotationEventSchema.safeParse({ type: e.type, payload: e.payload });
    if (!parsed.success) continue;
    const ev = parsed.data;
    if (ev.type === 'AnnotationAdded') {
      const p = ev.payload;
      if (annotations.has(p.annotationId) || removed.has(p.annotationId)) continue;
      const { annotationId, authorName, ...rest } = p;
      annotations.set(annotationId, {
        annotationId,
        matchId: e.matchId,
        author: { id: e.author.id, role: e.author.role, name: authorName },
        ...rest,
        createdAt: e.at,
        updatedAt: e.at,
        version: e.seq,
      });
    } else if (ev.type === 'AnnotationEdited') {
      if (removed.has(ev.payload.annotationId)) continue;
      annotations.set(ev.payload.annotationId, {
        annotationId: ev.payload.annotationId,
        matchId: e.matchId,
        ...ev.payload.annotation,
        updatedAt: e.at,
        version: e.seq,
      });
    } else {
      annotations.delete(ev.payload.annotationId);
      removed.add(ev.payload.annotationId);
    }
  }
  return { matchId: book.matchId, seq, annotations, removed };
}

/** The annotation's seq range and highlights as of an event (what the time lock looks at). */
export function lockedPart(
  e: Pick<AnnotationSideEvent, 'type' | 'payload'>,
): { seq: SeqRange; highlights: Highlight[] } | null {
  const parsed = AnnotationEventSchema.safeParse({ type: e.type, payload: e.payload });
  if (!parsed.success) return null;
  const ev = parsed.data;
  if (ev.type === 'AnnotationAdded') return { seq: ev.payload.seq, highlights: ev.payload.highlights };
  if (ev.type === 'AnnotationEdited')
    return { seq: ev.payload.annotation.seq, highlights: ev.payload.annotation.highlights };
  return { seq: ev.payload.seq, highlights: [] };
}

/** Who is writing: the token's id and role, and how far that writer's own feed of the match has got. */
export interface Writer {
  id: string;
  role: string;
  /** Last match seq released to the writer (coverage: after the coverage delay; judge: live). */
  feedSeq: number;
}

export interface DraftSideEvent {
  type: AnnotationEventType;
  payload: Record<string, unknown>;
}

export type Decision =
  | { ok: true; events: DraftSideEvent[]; annotationId: string }
  | { ok: false; status: number; code: string; message: string };

const refuse = (status: number, code: string, message: string): Decision => ({
  ok: false,
  status,
  code,
  message,
});

/** Roles that write annotations. Everyone else reads them (time-locked). */
export function mayWrite(role: string): boolean {
  return role === 'coverage' || role === 'judge';
}

function checkRange(seq: SeqRange, writer: Writer): Decision | null {
  if (seq.to > writer.feedSeq)
    return refuse(
      422,
      'seq_not_seen',
      writer.feedSeq === 0
        ? `seq ${seq.to} has not reached your feed yet (no event has); annotate events you have seen`
        : `seq ${seq.to} is past what your feed has shown (seq ${writer.feedSeq}); annotate events you have seen`,
    );
  return null;
}

export function decideAdd(
  book: Book,
  writer: Writer,
  input: AddAnnotationInput,
  newId: () => string,
): Decision {
  if (!mayWrite(writer.role))
    return refuse(
      403,
      'not_a_writer',
      `a ${writer.role} token cannot annotate; use a coverage or judge token`,
    );
  const seq: SeqRange = typeof input.seq === 'number' ? { from: input.seq, to: input.seq } : input.seq;
  const bad = checkRange(seq, writer);
  if (bad) return bad;
  const annotationId = input.annotationId ?? newId();
  const existing = book.annotations.get(annotationId);
  if (existing || book.removed.has(annotationId)) {
    // A retried POST with the same id and the same author: already done, nothing to append.
    if (
      existing &&
      existing.author.id === writer.id &&
      existing.text === input.text &&
      existing.seq.from === seq.from &&
      existing.seq.to === seq.to
    )
      return { ok: true, events: [], annotationId };
    return refuse(
      409,
      'annotation_exists',
      `annotation ${annotationId} already exists${book.removed.has(annotationId) ? ' (removed)' : ''}; choose another annotationId or leave it out`,
    );
  }
  return {
    ok: true,
    annotationId,
    events: [
      {
        type: 'AnnotationAdded',
        payload: {
          annotationId,
          authorName: input.authorName,
          seq,
          text: input.text,
          tags: dedupe(input.tags),
          quality: input.quality,
          highlights: input.highlights,
          chapter: input.chapter,
        },
      },
    ],
  };
}

function owned(book: Book, writer: Writer, annotationId: string, verb: string): Decision | Annotation {
  if (!mayWrite(writer.role))
    return refuse(
      403,
      'not_a_writer',
      `a ${writer.role} token cannot ${verb} annotations; use a coverage or judge token`,
    );
  const a = book.annotations.get(annotationId);
  if (!a)
    return refuse(
      404,
      'annotation_not_found',
      book.removed.has(annotationId)
        ? `annotation ${annotationId} was removed`
        : `no annotation ${annotationId} in match ${book.matchId}; list them with GET /api/matches/${book.matchId}/annotations`,
    );
  // Authors own their annotations; judges may correct or take down anyone's.
  if (a.author.id !== writer.id && writer.role !== 'judge')
    return refuse(
      403,
      'not_the_author',
      `annotation ${annotationId} is by ${a.author.name}; only its author or a judge may ${verb} it`,
    );
  return a;
}

export function decideEdit(
  book: Book,
  writer: Writer,
  annotationId: string,
  changes: AnnotationChanges,
): Decision {
  const a = owned(book, writer, annotationId, 'edit');
  if ('ok' in a) return a;
  if (changes.seq) {
    const bad = checkRange(changes.seq, writer);
    if (bad) return bad;
  }
  const clean: AnnotationChanges = { ...changes, ...(changes.tags ? { tags: dedupe(changes.tags) } : {}) };
  const after = { ...a, ...clean };
  const annotation = {
    author: a.author,
    seq: after.seq,
    text: after.text,
    tags: after.tags,
    quality: after.quality,
    highlights: after.highlights,
    chapter: after.chapter,
    createdAt: a.createdAt,
  };
  return {
    ok: true,
    annotationId,
    events: [{ type: 'AnnotationEdited', payload: { annotationId, changes: clean, annotation } }],
  };
}

export function decideRemove(book: Book, writer: Writer, annotationId: string): Decision {
  const a = owned(book, writer, annotationId, 'remove');
  if ('ok' in a) return a;
  return {
    ok: true,
    annotationId,
    events: [{ type: 'AnnotationRemoved', payload: { annotationId, seq: a.seq } }],
  };
}

function dedupe(tags: readonly string[]): string[] {
  return [...new Set(tags)];
}

// The annotation editor's draft and the pure steps on it: a new draft at an event, one from an annotation being
// edited, the check before saving, and the body the server takes.
import type { CardTile } from '@matchtape/engine';
import type { Annotation, AnnotationDraft, Highlight, Quality } from '../../lib/annotations';
import { seatLabel } from '../../lib/present';

export interface Draft {
  /** The annotation being edited, or null for a new one. */
  editing: string | null;
  from: number;
  to: number;
  text: string;
  tags: string[];
  quality: Quality | null;
  chapter: string;
  highlights: Highlight[];
}

/** A new annotation at one event. */
export const newDraft = (seq: number): Draft => ({
  editing: null,
  from: seq,
  to: seq,
  text: '',
  tags: [],
  quality: null,
  chapter: '',
  highlights: [],
});

/** The editor opened on an annotation already written. */
export const draftOf = (a: Annotation): Draft => ({
  editing: a.annotationId,
  from: a.seq.from,
  to: a.seq.to,
  text: a.text,
  tags: a.tags,
  quality: a.quality,
  chapter: a.chapter ?? '',
  highlights: a.highlights,
});

/** Why the draft cannot be saved yet, in words, or null when it can. */
export function draftProblem(name: string, draft: Draft): string | null {
  if (!name.trim()) return 'Type your name first: it labels your layer.';
  if (!draft.text.trim()) return 'Write something: the text must not be empty.';
  return null;
}

/** What the server takes for the draft (the author's name is added for a new annotation only). */
export function draftBody(draft: Draft): Omit<AnnotationDraft, 'authorName'> {
  return {
    seq:
      draft.from === draft.to
        ? draft.to
        : { from: Math.min(draft.from, draft.to), to: Math.max(draft.from, draft.to) },
    text: draft.text,
    tags: draft.tags,
    quality: draft.quality,
    highlights: draft.highlights,
    chapter: draft.chapter.trim() ? draft.chapter.trim() : null,
  };
}

/** The tag switched on or off. */
export const toggleTag = (tags: string[], t: string): string[] =>
  tags.includes(t) ? tags.filter((x) => x !== t) : [...tags, t];

/** The draft with the card highlighted (unchanged when it already is). */
export const withCardHighlight = (draft: Draft, card: CardTile): Draft =>
  draft.highlights.some((h) => h.kind === 'card' && h.cardId === card.id)
    ? draft
    : { ...draft, highlights: [...draft.highlights, { kind: 'card', cardId: card.id }] };

/** A highlight chip's words: the card's name when this panel highlighted it, else the zone's owner and name. */
export const highlightLabel = (h: Highlight, names: ReadonlyMap<string, string>): string =>
  h.kind === 'card'
    ? (names.get(h.cardId) ?? 'a card')
    : `${h.player ? `${seatLabel(h.player)}'s` : 'shared'} ${h.zone}`;

/** An annotation's events as its list entry reads them after the "#": "12" or "12–15". */
export const seqSpan = (seq: { from: number; to: number }): string =>
  seq.from === seq.to ? String(seq.to) : `${seq.from}–${seq.to}`;

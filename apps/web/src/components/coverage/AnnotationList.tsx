'use client';
// The annotations shown (layers not hidden), in order: each entry seeks to its event, shows its glyph, author,
// chapter, Markdown text and tags, and for its author (or a judge) Edit and Delete.
import type { Annotation } from '../../lib/annotations';
import { Markdown } from '../../lib/markdown';
import { seqSpan } from './annotationDraft';

export interface AnnotationListProps {
  shown: Annotation[];
  seq: number;
  onSeek(seq: number): void;
  /** The viewer may edit and delete this one. */
  mine(a: Annotation): boolean;
  onEdit(a: Annotation): void;
  onDelete(a: Annotation): void;
}

export function AnnotationList({ shown, ...rest }: AnnotationListProps) {
  return (
    <ol className="ann-list">
      {shown.map((a) => (
        <AnnotationItem key={a.annotationId} a={a} {...rest} />
      ))}
    </ol>
  );
}

function AnnotationItem({
  a,
  seq,
  onSeek,
  mine,
  onEdit,
  onDelete,
}: Omit<AnnotationListProps, 'shown'> & { a: Annotation }) {
  return (
    <li
      className={`ann-item${a.seq.from <= seq && seq <= a.seq.to ? ' ann-current' : ''}`}
      data-annotation={a.annotationId}
    >
      <button
        type="button"
        className="ann-go"
        onClick={() => onSeek(a.seq.to)}
        aria-label={`Go to event ${a.seq.to}`}
      >
        #{seqSpan(a.seq)}
      </button>
      {a.glyph && (
        <span className={`ann-glyph ann-q-${a.quality}`} title={a.quality ?? ''}>
          {a.glyph}
        </span>
      )}
      <span className="ann-author">{a.author.name}</span>
      {a.chapter && <span className="ann-chapter">§ {a.chapter}</span>}
      <div className="ann-text">
        <Markdown text={a.text} />
      </div>
      {a.tags.length > 0 && (
        <div className="ann-item-tags">
          {a.tags.map((t) => (
            <span key={t} className="tag">
              {t}
            </span>
          ))}
        </div>
      )}
      {mine(a) && (
        <div className="ann-actions">
          <button type="button" className="btn ghost" onClick={() => onEdit(a)}>
            Edit
          </button>
          <button type="button" className="btn ghost" onClick={() => onDelete(a)}>
            Delete
          </button>
        </div>
      )}
    </li>
  );
}

'use client';
// Annotation markers on a strip just above the scrubber: one per annotation of the layers shown, at its last
// seq, coloured by quality; a click seeks there.
import type { Coverage } from './useCoverage';
import './coverage.css';

export function AnnotationMarkers({
  cov,
  length,
  seq,
  onSeek,
}: {
  cov: Coverage;
  length: number;
  seq: number;
  onSeek: (seq: number) => void;
}) {
  if (cov.shown.length === 0 || length === 0) return null;
  return (
    <div className="ann-markers" role="toolbar" aria-label={`Annotations (${cov.shown.length})`}>
      {cov.shown.map((a) => (
        <button
          key={a.annotationId}
          type="button"
          className={`ann-marker${a.quality ? ` ann-q-${a.quality}` : ''}${a.chapter ? ' ann-marker-chapter' : ''}${a.seq.from <= seq && seq <= a.seq.to ? ' ann-marker-current' : ''}`}
          style={{ left: `${Math.min(100, (100 * a.seq.to) / length)}%` }}
          title={`#${a.seq.to} ${a.glyph ?? ''} ${a.chapter ?? a.text.slice(0, 80)} — ${a.author.name}`}
          aria-label={`Annotation at event ${a.seq.to} by ${a.author.name}: ${a.chapter ?? a.text.slice(0, 80)}`}
          data-annotation={a.annotationId}
          onClick={() => onSeek(a.seq.to)}
        >
          {a.glyph ?? (a.chapter ? '§' : '•')}
        </button>
      ))}
    </div>
  );
}

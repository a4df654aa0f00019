'use client';
// The annotations side panel: layers (one per author, shown or hidden), the list (click to seek), chapter
// export, and for coverage and judge tokens the editor: A adds at the current event, tags and a quality glyph,
// edit, delete, promote to chapter, highlight the card under the pointer. Hovering a card in the coverage view
// also points the /overlay/[id]/card browser source at it.
import { useEffect, useRef, useState } from 'react';
import type { CardTile } from '@matchtape/engine';
import {
  addAnnotation,
  chaptersUrl,
  editAnnotation,
  QUALITY_GLYPHS,
  removeAnnotation,
  setFocus,
  TAGS,
  type Annotation,
  type Highlight,
  type Quality,
} from '../../lib/annotations';
import { Markdown } from '../../lib/markdown';
import { seatLabel } from '../../lib/present';
import type { Perspective } from '../../lib/viewer';
import type { Coverage } from './useCoverage';
import './coverage.css';

const NAME_KEY = 'matchtape.coverage.authorName';

interface Draft {
  editing: string | null;
  from: number;
  to: number;
  text: string;
  tags: string[];
  quality: Quality | null;
  chapter: string;
  highlights: Highlight[];
}

export interface AnnotationPanelProps {
  cov: Coverage;
  matchId: string;
  as: Perspective;
  token: string | null;
  seq: number;
  onSeek: (seq: number) => void;
  /** The card under the pointer in the board (the inspector's), if any. */
  hovered: CardTile | null;
}

export function AnnotationPanel({ cov, matchId, as, token, seq, onSeek, hovered }: AnnotationPanelProps) {
  const [draft, setDraft] = useState<Draft | null>(null);
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const lastCard = useRef<CardTile | null>(null);
  if (hovered) lastCard.current = hovered;
  // Names of the cards highlighted from this panel: the chip reads "Jilocasin the Creator", not "card p2-c18".
  const highlightNames = useRef(new Map<string, string>());
  const seqRef = useRef(seq);
  seqRef.current = seq;

  useEffect(() => setName(window.localStorage.getItem(NAME_KEY) ?? ''), []);

  // A opens the editor at the current event (not while typing elsewhere).
  useEffect(() => {
    if (!cov.canWrite) return;
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      if (
        t &&
        (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT' || t.isContentEditable)
      )
        return;
      if (e.ctrlKey || e.metaKey || e.altKey || (e.key !== 'a' && e.key !== 'A')) return;
      e.preventDefault();
      setProblem(null);
      setDraft({
        editing: null,
        from: seqRef.current,
        to: seqRef.current,
        text: '',
        tags: [],
        quality: null,
        chapter: '',
        highlights: [],
      });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [cov.canWrite]);

  // The producer's pointer drives the card overlay (debounced: a sweep across the board sends one focus).
  useEffect(() => {
    if (!cov.canWrite || !token || !hovered) return;
    const t = setTimeout(
      () => void setFocus(matchId, token, hovered.id, seqRef.current).catch(() => undefined),
      150,
    );
    return () => clearTimeout(t);
  }, [hovered?.id, cov.canWrite, token, matchId]);

  const save = async () => {
    if (!draft || !token) return;
    if (!name.trim()) return setProblem('Type your name first: it labels your layer.');
    if (!draft.text.trim()) return setProblem('Write something: the text must not be empty.');
    window.localStorage.setItem(NAME_KEY, name.trim());
    setBusy(true);
    setProblem(null);
    const body = {
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
    try {
      if (draft.editing) await editAnnotation(matchId, token, draft.editing, body);
      else await addAnnotation(matchId, token, { authorName: name.trim(), ...body });
      setDraft(null);
      cov.reload();
    } catch (e) {
      setProblem((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const remove = async (a: Annotation) => {
    if (!token) return;
    try {
      await removeAnnotation(matchId, token, a.annotationId);
      cov.reload();
    } catch (e) {
      setProblem((e as Error).message);
    }
  };

  const edit = (a: Annotation) => {
    setProblem(null);
    setDraft({
      editing: a.annotationId,
      from: a.seq.from,
      to: a.seq.to,
      text: a.text,
      tags: a.tags,
      quality: a.quality,
      chapter: a.chapter ?? '',
      highlights: a.highlights,
    });
  };

  // Nothing to show and nothing to write: no panel (the match page keeps its two columns).
  if (!cov.canWrite && cov.annotations.length === 0) return null;

  const mine = (a: Annotation) =>
    cov.canWrite && (a.author.id === cov.you || (token !== null && as === 'judge'));

  return (
    <aside className="ann-panel" aria-label="Annotations">
      <div className="ann-head">
        <h2>Annotations</h2>
        <span className="ann-export">
          <a href={chaptersUrl(matchId, 'text', as)} target="_blank" rel="noreferrer">
            chapters.txt
          </a>
          <a href={chaptersUrl(matchId, 'json', as)} target="_blank" rel="noreferrer">
            .json
          </a>
        </span>
      </div>
      {cov.layers.length > 0 && (
        <fieldset className="ann-layers">
          <legend className="sr-only">Layers</legend>
          {cov.layers.map((l) => (
            <label key={l.id} className="ann-layer">
              <input type="checkbox" checked={!cov.hidden.has(l.id)} onChange={() => cov.toggleLayer(l.id)} />
              {l.name} <span className="muted">({l.count})</span>
            </label>
          ))}
        </fieldset>
      )}
      {cov.canWrite && !draft && (
        <button
          type="button"
          className="btn ann-add"
          onClick={() =>
            setDraft({
              editing: null,
              from: seq,
              to: seq,
              text: '',
              tags: [],
              quality: null,
              chapter: '',
              highlights: [],
            })
          }
        >
          + Annotate event {seq} <kbd>A</kbd>
        </button>
      )}
      {draft && (
        <form
          className="ann-editor"
          aria-label={draft.editing ? 'Edit annotation' : 'New annotation'}
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
          onKeyDown={(e) => {
            if (e.key === 'Escape') setDraft(null);
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) void save();
          }}
        >
          {!draft.editing && (
            <label>
              Your name{' '}
              <input
                value={name}
                onChange={(e) => setName(e.target.value)}
                maxLength={60}
                placeholder="e.g. Ana (desk)"
              />
            </label>
          )}
          <div className="ann-range">
            Events
            <input
              type="number"
              aria-label="From event"
              min={1}
              max={seq}
              value={draft.from}
              onChange={(e) => setDraft({ ...draft, from: Number(e.target.value) })}
            />
            –
            <input
              type="number"
              aria-label="To event"
              min={1}
              max={seq}
              value={draft.to}
              onChange={(e) => setDraft({ ...draft, to: Number(e.target.value) })}
            />
          </div>
          <textarea
            autoFocus
            rows={4}
            aria-label="Text (Markdown)"
            placeholder="What happened? **Markdown** works."
            value={draft.text}
            onChange={(e) => setDraft({ ...draft, text: e.target.value })}
          />
          <div className="ann-tags" role="group" aria-label="Tags">
            {TAGS.map((t) => (
              <button
                key={t}
                type="button"
                className={`chip${draft.tags.includes(t) ? ' chip-on' : ''}`}
                aria-pressed={draft.tags.includes(t)}
                onClick={() =>
                  setDraft({
                    ...draft,
                    tags: draft.tags.includes(t) ? draft.tags.filter((x) => x !== t) : [...draft.tags, t],
                  })
                }
              >
                {t}
              </button>
            ))}
          </div>
          <div className="ann-tags" role="radiogroup" aria-label="Quality">
            {(Object.keys(QUALITY_GLYPHS) as Quality[]).map((q) => (
              <button
                key={q}
                type="button"
                role="radio"
                aria-checked={draft.quality === q}
                className={`chip ann-q-${q}${draft.quality === q ? ' chip-on' : ''}`}
                title={q}
                onClick={() => setDraft({ ...draft, quality: draft.quality === q ? null : q })}
              >
                {QUALITY_GLYPHS[q]} {q}
              </button>
            ))}
          </div>
          <label>
            Chapter title{' '}
            <input
              value={draft.chapter}
              onChange={(e) => setDraft({ ...draft, chapter: e.target.value })}
              maxLength={100}
              placeholder="(leave empty: not a chapter)"
            />
          </label>
          <div className="ann-highlights">
            {draft.highlights.map((h, i) => (
              <button
                key={i}
                type="button"
                className="chip chip-on"
                title="Remove this highlight"
                onClick={() => setDraft({ ...draft, highlights: draft.highlights.filter((_, j) => j !== i) })}
              >
                {h.kind === 'card'
                  ? (highlightNames.current.get(h.cardId) ?? 'a card')
                  : `${h.player ? `${seatLabel(h.player)}'s` : 'shared'} ${h.zone}`}{' '}
                ×
              </button>
            ))}
            <button
              type="button"
              className="chip"
              disabled={!lastCard.current}
              onClick={() => {
                const c = lastCard.current;
                if (c) highlightNames.current.set(c.id, c.face.name);
                if (c && !draft.highlights.some((h) => h.kind === 'card' && h.cardId === c.id))
                  setDraft({ ...draft, highlights: [...draft.highlights, { kind: 'card', cardId: c.id }] });
              }}
            >
              + highlight {lastCard.current ? lastCard.current.face.name : 'a card (hover one first)'}
            </button>
          </div>
          <p className="muted ann-note">
            Spectators see this once their delayed feed passes event {Math.max(draft.from, draft.to)}; one
            that highlights a card they cannot see stays hidden from them. You see the judge view: do not name
            hidden cards in the text.
          </p>
          {problem && (
            <p className="ann-problem" role="alert">
              {problem}
            </p>
          )}
          <div className="row">
            <button className="btn primary" type="submit" disabled={busy}>
              {draft.editing ? 'Save' : 'Add'} <kbd>Ctrl+Enter</kbd>
            </button>
            <button className="btn ghost" type="button" onClick={() => setDraft(null)}>
              Cancel
            </button>
          </div>
        </form>
      )}
      {!draft && problem && (
        <p className="ann-problem" role="alert">
          {problem}
        </p>
      )}
      {cov.shown.length === 0 ? (
        <p className="muted ann-empty">
          {cov.annotations.length > 0 ? 'Every layer is hidden.' : 'No annotations yet.'}
        </p>
      ) : (
        <ol className="ann-list">
          {cov.shown.map((a) => (
            <li
              key={a.annotationId}
              className={`ann-item${a.seq.from <= seq && seq <= a.seq.to ? ' ann-current' : ''}`}
              data-annotation={a.annotationId}
            >
              <button
                type="button"
                className="ann-go"
                onClick={() => onSeek(a.seq.to)}
                aria-label={`Go to event ${a.seq.to}`}
              >
                #{a.seq.from === a.seq.to ? a.seq.to : `${a.seq.from}–${a.seq.to}`}
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
                  <button type="button" className="btn ghost" onClick={() => edit(a)}>
                    Edit
                  </button>
                  <button type="button" className="btn ghost" onClick={() => void remove(a)}>
                    Delete
                  </button>
                </div>
              )}
            </li>
          ))}
        </ol>
      )}
    </aside>
  );
}

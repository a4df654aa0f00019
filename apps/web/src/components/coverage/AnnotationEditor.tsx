'use client';
// The annotation editor: the event range, the Markdown text, tags, a quality glyph, a chapter title and the cards
// highlighted. Escape closes it, Ctrl+Enter saves.
import type { CardTile } from '@matchtape/engine';
import { QUALITY_GLYPHS, TAGS, type Quality } from '../../lib/annotations';
import { highlightLabel, toggleTag, withCardHighlight, type Draft } from './annotationDraft';
import type { AnnotationEditor as Editor } from './useAnnotationEditor';

export interface AnnotationEditorProps {
  editor: Editor;
  draft: Draft;
  seq: number;
  /** The card last under the pointer, offered as a highlight. */
  lastCard: CardTile | null;
  /** Names of the cards highlighted from this panel: the chip reads "Jilocasin the Creator", not "card p2-c18". */
  highlightNames: Map<string, string>;
}

export function AnnotationEditor({ editor, draft, seq, lastCard, highlightNames }: AnnotationEditorProps) {
  const { setDraft, save } = editor;
  return (
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
            value={editor.name}
            onChange={(e) => editor.setName(e.target.value)}
            maxLength={60}
            placeholder="e.g. Ana (desk)"
          />
        </label>
      )}
      <DraftRange draft={draft} seq={seq} setDraft={setDraft} />
      <textarea
        autoFocus
        rows={4}
        aria-label="Text (Markdown)"
        placeholder="What happened? **Markdown** works."
        value={draft.text}
        onChange={(e) => setDraft({ ...draft, text: e.target.value })}
      />
      <DraftTags draft={draft} setDraft={setDraft} />
      <DraftQuality draft={draft} setDraft={setDraft} />
      <label>
        Chapter title{' '}
        <input
          value={draft.chapter}
          onChange={(e) => setDraft({ ...draft, chapter: e.target.value })}
          maxLength={100}
          placeholder="(leave empty: not a chapter)"
        />
      </label>
      <DraftHighlights
        draft={draft}
        setDraft={setDraft}
        lastCard={lastCard}
        highlightNames={highlightNames}
      />
      <EditorFooter editor={editor} draft={draft} />
    </form>
  );
}

interface DraftPartProps {
  draft: Draft;
  setDraft(d: Draft | null): void;
}

function DraftRange({ draft, seq, setDraft }: DraftPartProps & { seq: number }) {
  return (
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
  );
}

function DraftTags({ draft, setDraft }: DraftPartProps) {
  return (
    <div className="ann-tags" role="group" aria-label="Tags">
      {TAGS.map((t) => (
        <button
          key={t}
          type="button"
          className={`chip${draft.tags.includes(t) ? ' chip-on' : ''}`}
          aria-pressed={draft.tags.includes(t)}
          onClick={() => setDraft({ ...draft, tags: toggleTag(draft.tags, t) })}
        >
          {t}
        </button>
      ))}
    </div>
  );
}

function DraftQuality({ draft, setDraft }: DraftPartProps) {
  return (
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
  );
}

function DraftHighlights({
  draft,
  setDraft,
  lastCard,
  highlightNames,
}: DraftPartProps & Pick<AnnotationEditorProps, 'lastCard' | 'highlightNames'>) {
  return (
    <div className="ann-highlights">
      {draft.highlights.map((h, i) => (
        <button
          key={i}
          type="button"
          className="chip chip-on"
          title="Remove this highlight"
          onClick={() => setDraft({ ...draft, highlights: draft.highlights.filter((_, j) => j !== i) })}
        >
          {highlightLabel(h, highlightNames)} ×
        </button>
      ))}
      <button
        type="button"
        className="chip"
        disabled={!lastCard}
        onClick={() => {
          if (!lastCard) return;
          highlightNames.set(lastCard.id, lastCard.face.name);
          setDraft(withCardHighlight(draft, lastCard));
        }}
      >
        + highlight {lastCard ? lastCard.face.name : 'a card (hover one first)'}
      </button>
    </div>
  );
}

function EditorFooter({ editor, draft }: { editor: Editor; draft: Draft }) {
  return (
    <>
      <p className="muted ann-note">
        Spectators see this once their delayed feed passes event {Math.max(draft.from, draft.to)}; one that
        highlights a card they cannot see stays hidden from them. You see the judge view: do not name hidden
        cards in the text.
      </p>
      {editor.problem && (
        <p className="ann-problem" role="alert">
          {editor.problem}
        </p>
      )}
      <div className="row">
        <button className="btn primary" type="submit" disabled={editor.busy}>
          {draft.editing ? 'Save' : 'Add'} <kbd>Ctrl+Enter</kbd>
        </button>
        <button className="btn ghost" type="button" onClick={() => editor.setDraft(null)}>
          Cancel
        </button>
      </div>
    </>
  );
}

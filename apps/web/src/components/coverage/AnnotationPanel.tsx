'use client';
// The annotations side panel: layers (one per author, shown or hidden), the list (click to seek), chapter
// export, and for coverage and judge tokens the editor: A adds at the current event, tags and a quality glyph,
// edit, delete, promote to chapter, highlight the card under the pointer. Hovering a card in the coverage view
// also points the /overlay/[id]/card browser source at it.
import { useRef } from 'react';
import type { CardTile } from '@matchtape/engine';
import { chaptersUrl, type Annotation } from '../../lib/annotations';
import type { Perspective } from '../../lib/viewer';
import { AnnotationEditor } from './AnnotationEditor';
import { AnnotationList } from './AnnotationList';
import { newDraft } from './annotationDraft';
import { useAnnotateKey } from './useAnnotateKey';
import { useAnnotationEditor } from './useAnnotationEditor';
import { useCardFocus } from './useCardFocus';
import type { Coverage } from './useCoverage';
import './coverage.css';

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
  const editor = useAnnotationEditor(matchId, token, cov.reload);
  const { draft, problem } = editor;
  const lastCard = useRef<CardTile | null>(null);
  if (hovered) lastCard.current = hovered;
  // Names of the cards highlighted from this panel: the chip reads "Jilocasin the Creator", not "card p2-c18".
  const highlightNames = useRef(new Map<string, string>());
  const seqRef = useRef(seq);
  seqRef.current = seq;

  useAnnotateKey(cov.canWrite, () => editor.open(seqRef.current));
  useCardFocus(matchId, token, cov.canWrite, hovered, seqRef);

  // Nothing to show and nothing to write: no panel (the match page keeps its two columns).
  if (!cov.canWrite && cov.annotations.length === 0) return null;

  const mine = (a: Annotation) =>
    cov.canWrite && (a.author.id === cov.you || (token !== null && as === 'judge'));

  return (
    <aside className="ann-panel" aria-label="Annotations">
      <PanelHead matchId={matchId} as={as} />
      <LayerSwitches cov={cov} />
      {cov.canWrite && !draft && (
        <button type="button" className="btn ann-add" onClick={() => editor.setDraft(newDraft(seq))}>
          + Annotate event {seq} <kbd>A</kbd>
        </button>
      )}
      {draft && (
        <AnnotationEditor
          editor={editor}
          draft={draft}
          seq={seq}
          lastCard={lastCard.current}
          highlightNames={highlightNames.current}
        />
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
        <AnnotationList
          shown={cov.shown}
          seq={seq}
          onSeek={onSeek}
          mine={mine}
          onEdit={editor.edit}
          onDelete={(a) => void editor.remove(a)}
        />
      )}
    </aside>
  );
}

function PanelHead({ matchId, as }: { matchId: string; as: Perspective }) {
  return (
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
  );
}

/** One switch per author layer (hidden layers are kept per browser). */
function LayerSwitches({ cov }: { cov: Coverage }) {
  if (cov.layers.length === 0) return null;
  return (
    <fieldset className="ann-layers">
      <legend className="sr-only">Layers</legend>
      {cov.layers.map((l) => (
        <label key={l.id} className="ann-layer">
          <input type="checkbox" checked={!cov.hidden.has(l.id)} onChange={() => cov.toggleLayer(l.id)} />
          {l.name} <span className="muted">({l.count})</span>
        </label>
      ))}
    </fieldset>
  );
}

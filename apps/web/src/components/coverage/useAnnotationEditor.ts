'use client';
// The annotation panel's writing state: the draft being edited, the author's name (kept per browser), the problem
// to show, and the steps that talk to the server (save, delete), each reloading the annotations after.
import { useEffect, useState } from 'react';
import { addAnnotation, editAnnotation, removeAnnotation, type Annotation } from '../../lib/annotations';
import { draftBody, draftOf, draftProblem, newDraft, type Draft } from './annotationDraft';

const NAME_KEY = 'matchtape.coverage.authorName';

export interface AnnotationEditor {
  draft: Draft | null;
  setDraft(d: Draft | null): void;
  name: string;
  setName(n: string): void;
  problem: string | null;
  busy: boolean;
  /** A new draft at this event, the problem shown cleared (the A key). */
  open(seq: number): void;
  /** The editor on an annotation already written. */
  edit(a: Annotation): void;
  save(): Promise<void>;
  remove(a: Annotation): Promise<void>;
}

export function useAnnotationEditor(
  matchId: string,
  token: string | null,
  reload: () => void,
): AnnotationEditor {
  const [draft, setDraft] = useState<Draft | null>(null);
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => setName(window.localStorage.getItem(NAME_KEY) ?? ''), []);

  const open = (seq: number) => {
    setProblem(null);
    setDraft(newDraft(seq));
  };

  const edit = (a: Annotation) => {
    setProblem(null);
    setDraft(draftOf(a));
  };

  const save = async () => {
    if (!draft || !token) return;
    const refused = draftProblem(name, draft);
    if (refused) return setProblem(refused);
    window.localStorage.setItem(NAME_KEY, name.trim());
    setBusy(true);
    setProblem(null);
    const body = draftBody(draft);
    try {
      if (draft.editing) await editAnnotation(matchId, token, draft.editing, body);
      else await addAnnotation(matchId, token, { authorName: name.trim(), ...body });
      setDraft(null);
      reload();
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
      reload();
    } catch (e) {
      setProblem((e as Error).message);
    }
  };

  return { draft, setDraft, name, setName, problem, busy, open, edit, save, remove };
}

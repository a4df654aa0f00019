// The annotation draft's pure steps: the body sent for a single event and for a range typed backwards, the checks
// before saving, a card highlighted once, and the words on a highlight chip.
import type { CardTile } from '@matchtape/engine';
import { describe, expect, it } from 'vitest';
import type { Annotation } from '../../lib/annotations';
import {
  draftBody,
  draftOf,
  draftProblem,
  highlightLabel,
  newDraft,
  seqSpan,
  toggleTag,
  withCardHighlight,
} from './annotationDraft';

const card = { id: 'p2-c18', cardId: 'x', face: { name: 'Jilocasin the Creator' } } as CardTile;

describe('annotation draft', () => {
  it('a single event is sent as one seq, a range typed backwards as from ≤ to', () => {
    expect(draftBody({ ...newDraft(12), text: 'hi' }).seq).toBe(12);
    expect(draftBody({ ...newDraft(12), from: 15, to: 9 }).seq).toEqual({ from: 9, to: 15 });
  });

  it('a blank chapter title is no chapter; a title is trimmed', () => {
    expect(draftBody({ ...newDraft(1), chapter: '   ' }).chapter).toBeNull();
    expect(draftBody({ ...newDraft(1), chapter: '  Game 2 ' }).chapter).toBe('Game 2');
  });

  it('saving needs a name first, then some text', () => {
    const d = { ...newDraft(3), text: '  ' };
    expect(draftProblem(' ', d)).toBe('Type your name first: it labels your layer.');
    expect(draftProblem('Ana', d)).toBe('Write something: the text must not be empty.');
    expect(draftProblem('Ana', { ...d, text: 'A swing' })).toBeNull();
  });

  it('editing starts from the annotation, with no chapter as an empty title', () => {
    const a = {
      annotationId: 'a1',
      seq: { from: 4, to: 6 },
      text: 't',
      tags: ['lethal'],
      quality: 'good',
      chapter: null,
      highlights: [],
    } as unknown as Annotation;
    expect(draftOf(a)).toEqual({
      editing: 'a1',
      from: 4,
      to: 6,
      text: 't',
      tags: ['lethal'],
      quality: 'good',
      chapter: '',
      highlights: [],
    });
  });

  it('a tag toggles on and off', () => {
    expect(toggleTag(['combo'], 'lethal')).toEqual(['combo', 'lethal']);
    expect(toggleTag(['combo', 'lethal'], 'combo')).toEqual(['lethal']);
  });

  it('a card is highlighted once', () => {
    const once = withCardHighlight(newDraft(1), card);
    expect(once.highlights).toEqual([{ kind: 'card', cardId: 'p2-c18' }]);
    expect(withCardHighlight(once, card)).toBe(once);
  });

  it("a chip names the card, or the zone and its owner, never the card's instance id", () => {
    const names = new Map([['p2-c18', 'Jilocasin the Creator']]);
    expect(highlightLabel({ kind: 'card', cardId: 'p2-c18' }, names)).toBe('Jilocasin the Creator');
    expect(highlightLabel({ kind: 'card', cardId: 'p1-c1' }, names)).toBe('a card');
    expect(highlightLabel({ kind: 'zone', player: null, zone: 'stack' }, names)).toBe('shared stack');
    expect(highlightLabel({ kind: 'zone', player: 'p1', zone: 'hand' }, names)).toMatch(/^.+'s hand$/);
  });

  it('an entry reads one event or a range', () => {
    expect(seqSpan({ from: 7, to: 7 })).toBe('7');
    expect(seqSpan({ from: 7, to: 9 })).toBe('7–9');
  });
});

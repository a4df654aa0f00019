import { describe, expect, it } from 'vitest';
import {
  decideAdd,
  decideEdit,
  decideRemove,
  emptyBook,
  foldBook,
  lockedPart,
  type AnnotationSideEvent,
  type Book,
  type Decision,
  type Writer,
} from './book';
import { AddAnnotationBody, EditAnnotationBody } from './schema';

const ann: Writer = { id: 'tok-ann', role: 'coverage', feedSeq: 40 };
const bob: Writer = { id: 'tok-bob', role: 'coverage', feedSeq: 40 };
const judge: Writer = { id: 'tok-judge', role: 'judge', feedSeq: 50 };

/** Applies a decision the way the routes do: as side events by the writer, at the next seqs. */
function apply(book: Book, w: Writer, d: Decision): Book {
  if (!d.ok) throw new Error(d.message);
  const events: AnnotationSideEvent[] = d.events.map((e, i) => ({
    matchId: 'm1',
    seq: book.seq + 1 + i,
    type: e.type,
    at: `2026-01-01T00:00:0${i}.000Z`,
    author: { id: w.id, role: w.role },
    payload: e.payload,
  }));
  return foldBook(book, events);
}
const add = (b: Book, w: Writer, body: object, id = 'a1') =>
  apply(
    b,
    w,
    decideAdd(b, w, AddAnnotationBody.parse({ authorName: w.id, ...body }), () => id),
  );

describe('annotation book', () => {
  it('adds, edits and removes; an author edits only their own, a judge any', () => {
    let b = add(emptyBook('m1'), ann, {
      seq: 12,
      text: 'Lethal on board',
      tags: ['lethal', 'lethal'],
      quality: 'brilliant',
    });
    const a = b.annotations.get('a1')!;
    expect(a).toMatchObject({
      seq: { from: 12, to: 12 },
      tags: ['lethal'],
      quality: 'brilliant',
      author: { id: 'tok-ann', role: 'coverage' },
    });
    const byBob = decideEdit(b, bob, 'a1', EditAnnotationBody.parse({ text: 'mine now' }));
    expect(byBob).toMatchObject({ ok: false, status: 403, code: 'not_the_author' });
    b = apply(b, ann, decideEdit(b, ann, 'a1', EditAnnotationBody.parse({ chapter: 'The turn it swung' })));
    expect(b.annotations.get('a1')!.chapter).toBe('The turn it swung');
    expect(b.annotations.get('a1')!.text).toBe('Lethal on board');
    expect(decideRemove(b, bob, 'a1')).toMatchObject({ ok: false, status: 403 });
    b = apply(b, judge, decideRemove(b, judge, 'a1'));
    expect(b.annotations.size).toBe(0);
    expect(decideEdit(b, ann, 'a1', { text: 'x' })).toMatchObject({
      ok: false,
      status: 404,
      message: expect.stringContaining('removed'),
    });
    // A removed id is never reused.
    expect(
      decideAdd(
        b,
        ann,
        AddAnnotationBody.parse({ authorName: 'A', seq: 1, text: 't', annotationId: 'a1' }),
        () => 'zz',
      ),
    ).toMatchObject({ ok: false, status: 409 });
  });

  it('refuses to annotate what the writer has not seen yet, and writers other than coverage and judges', () => {
    const b = emptyBook('m1');
    expect(
      decideAdd(b, ann, AddAnnotationBody.parse({ authorName: 'A', seq: 41, text: 't' }), () => 'x'),
    ).toMatchObject({ ok: false, status: 422, code: 'seq_not_seen' });
    expect(
      decideAdd(
        b,
        ann,
        AddAnnotationBody.parse({ authorName: 'A', seq: { from: 30, to: 41 }, text: 't' }),
        () => 'x',
      ),
    ).toMatchObject({ ok: false, status: 422 });
    expect(
      decideAdd(
        b,
        { id: 'p', role: 'seat', feedSeq: 99 },
        AddAnnotationBody.parse({ authorName: 'A', seq: 1, text: 't' }),
        () => 'x',
      ),
    ).toMatchObject({ ok: false, status: 403 });
    expect(
      decideAdd(b, judge, AddAnnotationBody.parse({ authorName: 'J', seq: 50, text: 't' }), () => 'x'),
    ).toMatchObject({ ok: true });
  });

  it('a retried add with the same id and content appends nothing; another content under that id is a conflict', () => {
    const b = add(emptyBook('m1'), ann, { annotationId: 'k1', seq: 3, text: 'same' });
    expect(
      decideAdd(
        b,
        ann,
        AddAnnotationBody.parse({ authorName: 'A', annotationId: 'k1', seq: 3, text: 'same' }),
        () => 'x',
      ),
    ).toEqual({ ok: true, events: [], annotationId: 'k1' });
    expect(
      decideAdd(
        b,
        bob,
        AddAnnotationBody.parse({ authorName: 'B', annotationId: 'k1', seq: 3, text: 'same' }),
        () => 'x',
      ),
    ).toMatchObject({ ok: false, status: 409 });
  });

  it('bad bodies fail to parse with messages that say what is wrong', () => {
    const bad = [
      { authorName: 'A', seq: 1, text: '   ' },
      { authorName: 'A', seq: { from: 5, to: 2 }, text: 't' },
      { authorName: 'A', seq: 1, text: 't', tags: ['Key Play'] },
      { authorName: 'A', seq: 1, text: 't', quality: 'great' },
      { authorName: 'A', seq: 1, text: 't', highlights: [{ kind: 'card' }] },
      { authorName: 'A', seq: 0, text: 't' },
      { authorName: 'A', seq: 1, text: 't', role: 'judge' },
      { seq: 1, text: 't' },
    ];
    for (const body of bad)
      expect(AddAnnotationBody.safeParse(body).success, JSON.stringify(body)).toBe(false);
    expect(EditAnnotationBody.safeParse({}).success).toBe(false);
    expect(EditAnnotationBody.safeParse({ author: 'x' }).success).toBe(false);
  });

  it('the fold skips events it does not understand and replays to the same book', () => {
    const b1 = add(emptyBook('m1'), ann, { seq: 2, text: 'one' }, 'a');
    const withJunk = foldBook(b1, [
      {
        matchId: 'm1',
        seq: 2,
        type: 'AnnotationAdded',
        at: 'x',
        author: { id: 'z', role: 'coverage' },
        payload: { nope: 1 },
      },
    ]);
    expect(withJunk.seq).toBe(2);
    expect([...withJunk.annotations.keys()]).toEqual(['a']);
  });
});

describe('annotation events one at a time (what the time lock admits)', () => {
  it('an edit alone carries the whole annotation; a removal its range', () => {
    let b = add(emptyBook('m1'), ann, { seq: 30, text: 'first take', tags: ['combo'] });
    const edit = decideEdit(
      b,
      ann,
      'a1',
      EditAnnotationBody.parse({ seq: { from: 4, to: 5 }, text: 'moved earlier' }),
    );
    if (!edit.ok) throw new Error(edit.message);
    b = apply(b, ann, edit);
    // A viewer admitted only the edit (its feed is past 5, not yet past 30) still gets a whole annotation.
    const onlyEdit = foldBook(emptyBook('m1'), [
      {
        matchId: 'm1',
        seq: 2,
        type: 'AnnotationEdited',
        at: 'x',
        author: { id: ann.id, role: 'coverage' },
        payload: edit.events[0]!.payload,
      },
    ]);
    expect(onlyEdit.annotations.get('a1')).toMatchObject({
      text: 'moved earlier',
      tags: ['combo'],
      seq: { from: 4, to: 5 },
      author: { id: 'tok-ann', name: 'tok-ann' },
    });
    expect(lockedPart({ type: 'AnnotationEdited', payload: edit.events[0]!.payload })).toEqual({
      seq: { from: 4, to: 5 },
      highlights: [],
    });
    const rm = decideRemove(b, ann, 'a1');
    expect(rm.ok && rm.events[0]!.payload).toEqual({ annotationId: 'a1', seq: { from: 4, to: 5 } });
  });
});

describe('edit bodies', () => {
  it('take one seq as a one-event range, like additions', () => {
    expect(EditAnnotationBody.parse({ seq: 7 })).toEqual({ seq: { from: 7, to: 7 } });
    expect(EditAnnotationBody.safeParse({ seq: 0 }).success).toBe(false);
  });
});

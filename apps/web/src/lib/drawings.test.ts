// The drawings the site folds from its live stream's `event: drawing` frames (the server time-locks and withholds
// them per viewer; the site only folds what it was sent), and how frames sent again after a reconnect are kept once.
import { describe, expect, it } from 'vitest';
import { drawingsAt, drawingsFromFrames } from './drawings';
import { withSideFrames } from './useMatchTape';

const ann = { id: 'tok-ann', role: 'coverage', name: 'tok-ann' };
const bo = { id: 'tok-bo', role: 'coverage', name: 'tok-bo' };
const added = (seq: number, author: typeof ann, drawingId: string, at: number) => ({
  matchId: 'm1',
  stream: 'drawings',
  seq,
  type: 'DrawingAdded',
  at: '2026-11-26T10:00:00.000Z',
  author,
  payload: {
    drawingId,
    authorName: author === ann ? 'Ann' : 'Bo',
    seq: at,
    shape: { kind: 'circle', at: { kind: 'zone', player: 'p1', zone: 'hand' } },
    color: 'red',
  },
});
const cleared = (seq: number, at: number, author: string | null) => ({
  matchId: 'm1',
  stream: 'drawings',
  seq,
  type: 'DrawingsCleared',
  at: '2026-11-26T10:00:01.000Z',
  author: ann,
  payload: { seq: at, author },
});

describe('drawings from the live stream', () => {
  it('folds two authors’ drawings and a clear of one author’s, as the server’s list would say', () => {
    const frames = [
      added(1, ann, 'a1', 5),
      added(2, bo, 'b1', 6),
      cleared(3, 8, 'tok-ann'),
      added(4, ann, 'a2', 9),
    ];
    const list = drawingsFromFrames(frames);
    expect(list.map((d) => [d.drawingId, d.author.name, d.seq, d.clearedAt])).toEqual([
      ['a1', 'Ann', 5, 8],
      ['b1', 'Bo', 6, null],
      ['a2', 'Ann', 9, null],
    ]);
    expect(drawingsAt(list, 8).map((d) => d.drawingId)).toEqual(['b1']);
    expect(drawingsAt(list, 9).map((d) => d.drawingId)).toEqual(['b1', 'a2']);
    // A judge's clear of everyone's.
    expect(drawingsFromFrames([...frames, cleared(5, 10, null)]).every((d) => d.clearedAt !== null)).toBe(
      true,
    );
  });

  it('skips frames it cannot read and keeps a drawing once', () => {
    expect(
      drawingsFromFrames([
        { seq: 1, type: 'DrawingAdded', payload: { nope: true } },
        'junk',
        null,
        added(2, ann, 'a1', 3),
        added(3, ann, 'a1', 4),
      ]).map((d) => d.seq),
    ).toEqual([3]);
  });

  it('a reconnect sends the stream again from its start: each side seq is kept once, in order', () => {
    const first = withSideFrames([], [added(1, ann, 'a1', 5), added(2, bo, 'b1', 6)]);
    const again = withSideFrames(first, [added(1, ann, 'a1', 5), added(2, bo, 'b1', 6), cleared(3, 8, null)]);
    expect(again.map((f) => (f as { seq: number }).seq)).toEqual([1, 2, 3]);
    expect(withSideFrames(again, [{ no: 'seq' }])).toHaveLength(3);
  });
});

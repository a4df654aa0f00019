// The drawings stream's pure parts: the fold (clears by author or for everyone, from their seq on, only drawings made
// before them), the decisions (seq seen, judges clear everyone's, idempotent retries) and what the time lock reads.
import { describe, expect, it } from 'vitest';
import { decideClear, decideDraw, drawingPart, foldDrawings } from './drawings';

const zone = (player: string, z: string) => ({ kind: 'zone' as const, player, zone: z });
let n = 0;
const added = (
  author: string,
  drawingId: string,
  seq: number,
  shape: unknown = { kind: 'circle', at: zone('p1', 'hand') },
) => ({
  seq: ++n,
  type: 'DrawingAdded',
  at: '2026-11-26T12:00:00.000Z',
  author: { id: author, role: 'coverage' },
  payload: { drawingId, authorName: author.toUpperCase(), seq, shape, color: 'red' },
});
const cleared = (author: string | null, seq: number) => ({
  seq: ++n,
  type: 'DrawingsCleared',
  at: '2026-11-26T12:00:01.000Z',
  author: { id: author ?? 'judge', role: author ? 'coverage' : 'judge' },
  payload: { seq, author },
});

describe('foldDrawings', () => {
  it('clears one author’s drawings made before the clear, from its seq on; a clear for everyone takes the rest', () => {
    const events = [
      added('ann', 'a1', 4),
      added('bob', 'b1', 5),
      cleared('ann', 7),
      added('ann', 'a2', 8),
      cleared(null, 9),
    ];
    const all = foldDrawings(events);
    expect(all.map((d) => [d.drawingId, d.author.name, d.clearedAt])).toEqual([
      ['a1', 'ANN', 7],
      ['b1', 'BOB', 9],
      ['a2', 'ANN', 9],
    ]);
    // A viewer admitted only some events (the time lock) still folds what it has.
    expect(foldDrawings([events[1]!, events[3]!]).map((d) => d.clearedAt)).toEqual([null, null]);
  });

  it('skips malformed events and repeated ids', () => {
    const bad = { ...added('ann', 'x', 3), payload: { drawingId: 'x', seq: 3, shape: { kind: 'square' } } };
    expect(foldDrawings([bad, added('ann', 'a', 3), added('bob', 'a', 4)]).map((d) => d.author.id)).toEqual([
      'ann',
    ]);
  });
});

describe('decisions', () => {
  const writer = { id: 'ann', role: 'coverage', feedSeq: 10 };
  const input = {
    authorName: 'Ann',
    seq: 10,
    shape: { kind: 'arrow' as const, from: zone('p1', 'hand'), to: { kind: 'card' as const, cardId: 'c1' } },
    color: 'yellow' as const,
  };

  it('draws on events the writer has seen, once per id', () => {
    const d = decideDraw([], writer, input, () => 'new-id');
    expect(d).toMatchObject({
      ok: true,
      drawingId: 'new-id',
      events: [{ type: 'DrawingAdded', payload: { drawingId: 'new-id', seq: 10 } }],
    });
    expect(decideDraw([], writer, { ...input, seq: 11 }, () => 'x')).toMatchObject({
      ok: false,
      status: 422,
      code: 'seq_not_seen',
    });
    const existing = foldDrawings([{ ...added('ann', 'mine', 10, input.shape) }]);
    expect(decideDraw(existing, writer, { ...input, drawingId: 'mine' }, () => 'x')).toEqual({
      ok: true,
      events: [],
      drawingId: 'mine',
    });
    expect(
      decideDraw(existing, { ...writer, id: 'bob' }, { ...input, drawingId: 'mine' }, () => 'x'),
    ).toMatchObject({ ok: false, status: 409 });
  });

  it('clears one’s own; everyone’s only with a judge token', () => {
    expect(decideClear(writer, 5, 'mine')).toMatchObject({
      ok: true,
      events: [{ type: 'DrawingsCleared', payload: { seq: 5, author: 'ann' } }],
    });
    expect(decideClear(writer, 5, 'all')).toMatchObject({ ok: false, status: 403, code: 'not_a_judge' });
    expect(decideClear({ ...writer, role: 'judge' }, 5, 'all')).toMatchObject({
      ok: true,
      events: [{ payload: { seq: 5, author: null } }],
    });
    expect(decideClear(writer, 11, 'mine')).toMatchObject({ ok: false, status: 422 });
  });

  it('gives the time lock the seq and every card and zone a drawing points at', () => {
    expect(drawingPart(added('ann', 'a', 6, input.shape))).toEqual({
      seq: { to: 6 },
      highlights: [input.shape.from, input.shape.to],
    });
    expect(drawingPart(cleared('ann', 7))).toEqual({ seq: { to: 7 }, highlights: [] });
    expect(drawingPart({ type: 'DrawingAdded', payload: { seq: 1 } })).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { chapterList, stamp, videoChapters } from './chapters';
import type { Annotation } from './schema';

const start = '2026-11-25T10:00:00.000Z';
const at = (s: number) => new Date(Date.parse(start) + s * 1000).toISOString();
function ann(id: string, seq: number, chapter: string | null): Annotation {
  return {
    annotationId: id,
    matchId: 'm',
    author: { id: 't', role: 'coverage', name: 'A' },
    seq: { from: seq, to: seq },
    text: 'x',
    tags: [],
    quality: null,
    highlights: [],
    chapter,
    createdAt: start,
    updatedAt: start,
    version: 1,
  };
}
// seq n happens n*10 seconds after the start; seq 400 is past an hour.
const atOf = (seq: number) => at(seq === 400 ? 3725 : (seq - 1) * 10);

describe('chapters', () => {
  it('lists promoted annotations in match order with offsets from the first event', () => {
    const list = chapterList(
      [ann('b', 31, 'Turn 3: the swing'), ann('a', 7, 'Opening'), ann('c', 9, null)],
      start,
      atOf,
    );
    expect(list.map((c) => [c.title, c.seq, c.offsetSeconds])).toEqual([
      ['Opening', 7, 60],
      ['Turn 3: the swing', 31, 300],
    ]);
  });

  it('exports YouTube-style lines, the first at 00:00, ascending', () => {
    const text = videoChapters(chapterList([ann('a', 7, 'Opening'), ann('b', 31, 'Turn 3')], start, atOf));
    expect(text).toBe('00:00 Match start\n01:00 Opening\n05:00 Turn 3\n');
    // A chapter on the first event is the 00:00 line itself.
    expect(
      videoChapters(chapterList([ann('a', 1, 'Shuffle up'), ann('b', 2, 'Mulligans')], start, atOf)),
    ).toBe('00:00 Shuffle up\n00:10 Mulligans\n');
    expect(videoChapters([])).toBe('00:00 Match start\n');
  });

  it('uses H:MM:SS once a chapter is past an hour, and joins chapters in the same second', () => {
    const text = videoChapters(
      chapterList([ann('a', 7, 'Opening'), ann('b', 400, 'Lethal'), ann('c', 400, 'GG')], start, atOf),
    );
    expect(text).toBe('0:00:00 Match start\n0:01:00 Opening\n1:02:05 Lethal / GG\n');
    for (const line of text.trim().split('\n')) expect(line).toMatch(/^\d+:\d\d(:\d\d)? \S/);
    expect(stamp(59, false)).toBe('00:59');
    expect(stamp(3600, true)).toBe('1:00:00');
  });

  it('keeps every line at least 10 s after the one before (YouTube ignores shorter chapters): closer ones join it', () => {
    // Seqs 2, 3, 4, 5 happen 5, 20, 25 and 60 s in: 5 s joins the 00:00 line, 25 s joins the 20 s one.
    const times = (seq: number) => at([0, 0, 5, 20, 25, 60][seq]!);
    const text = videoChapters(
      chapterList(
        [ann('a', 2, 'Keep 7'), ann('b', 3, 'Mulligan'), ann('c', 4, 'Turn 1'), ann('d', 5, 'Turn 2')],
        start,
        times,
      ),
    );
    expect(text).toBe('00:00 Match start / Keep 7\n00:20 Mulligan / Turn 1\n01:00 Turn 2\n');
    const stamps = text
      .trim()
      .split('\n')
      .map((l) =>
        l
          .split(' ')[0]!
          .split(':')
          .reduce((s, p) => s * 60 + Number(p), 0),
      );
    for (let i = 1; i < stamps.length; i++) expect(stamps[i]! - stamps[i - 1]!).toBeGreaterThanOrEqual(10);
    // 7 s apart: one line.
    const seven = (seq: number) => at(seq === 1 ? 0 : seq === 50 ? 100 : 107);
    expect(videoChapters(chapterList([ann('a', 50, 'Attack'), ann('b', 51, 'Block')], start, seven))).toBe(
      '00:00 Match start\n01:40 Attack / Block\n',
    );
  });
});

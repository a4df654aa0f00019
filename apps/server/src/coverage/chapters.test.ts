import { describe, expect, it } from 'vitest';
import { chapterList, stamp, videoChapters } from './chapters';
import type { Annotation } from './schema';

const start = '2026-11-25T10:00:00.000Z';
const at = (s: number) => new Date(Date.parse(start) + s * 1000).toISOString();
function ann(id: string, seq: number, chapter: string | null): Annotation {
  return { annotationId: id, matchId: 'm', author: { id: 't', role: 'coverage', name: 'A' }, seq: { from: seq, to: seq }, text: 'x', tags: [], quality: null, highlights: [], chapter, createdAt: start, updatedAt: start, version: 1 };
}
// seq n happens n*10 seconds after the start; seq 400 is past an hour.
const atOf = (seq: number) => at(seq === 400 ? 3725 : (seq - 1) * 10);

describe('chapters', () => {
  it('lists promoted annotations in match order with offsets from the first event', () => {
    const list = chapterList([ann('b', 31, 'Turn 3: the swing'), ann('a', 7, 'Opening'), ann('c', 9, null)], start, atOf);
    expect(list.map((c) => [c.title, c.seq, c.offsetSeconds])).toEqual([
      ['Opening', 7, 60],
      ['Turn 3: the swing', 31, 300],
    ]);
  });

  it('exports YouTube-style lines, the first at 00:00, ascending', () => {
    const text = videoChapters(chapterList([ann('a', 7, 'Opening'), ann('b', 31, 'Turn 3')], start, atOf));
    expect(text).toBe('00:00 Match start\n01:00 Opening\n05:00 Turn 3\n');
    // A chapter on the first event is the 00:00 line itself.
    expect(videoChapters(chapterList([ann('a', 1, 'Shuffle up'), ann('b', 2, 'Mulligans')], start, atOf))).toBe('00:00 Shuffle up\n00:10 Mulligans\n');
    expect(videoChapters([])).toBe('00:00 Match start\n');
  });

  it('uses H:MM:SS once a chapter is past an hour, and joins chapters in the same second', () => {
    const text = videoChapters(chapterList([ann('a', 7, 'Opening'), ann('b', 400, 'Lethal'), ann('c', 400, 'GG')], start, atOf));
    expect(text).toBe('0:00:00 Match start\n0:01:00 Opening\n1:02:05 Lethal / GG\n');
    for (const line of text.trim().split('\n')) expect(line).toMatch(/^\d+:\d\d(:\d\d)? \S/);
    expect(stamp(59, false)).toBe('00:59');
    expect(stamp(3600, true)).toBe('1:00:00');
  });
});

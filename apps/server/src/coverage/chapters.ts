// Chapters: annotations promoted with a title. Exported as JSON and as a video-chapter list ("00:00 Title",
// one per line, the first at 00:00, ascending) with times relative to the match's first event, so a stream
// VOD that starts at the match can paste it into its description.
import type { Annotation } from './schema';

export interface Chapter {
  title: string;
  annotationId: string;
  seq: number;
  /** Seconds from the match's first event to the chapter's first event. */
  offsetSeconds: number;
  at: string;
}

/**
 * The chapters among `annotations`, ordered by position. `atOf` gives the time of a match event (seq ≥ 1);
 * chapters whose event time is unknown are left out.
 */
export function chapterList(
  annotations: Iterable<Annotation>,
  startAt: string,
  atOf: (seq: number) => string | undefined,
): Chapter[] {
  const start = Date.parse(startAt);
  const out: Chapter[] = [];
  for (const a of annotations) {
    if (a.chapter === null) continue;
    const at = atOf(a.seq.from);
    if (at === undefined) continue;
    out.push({
      title: a.chapter,
      annotationId: a.annotationId,
      seq: a.seq.from,
      offsetSeconds: Math.max(0, Math.floor((Date.parse(at) - start) / 1000)),
      at,
    });
  }
  return out.sort(
    (x, y) => x.seq - y.seq || x.at.localeCompare(y.at) || x.annotationId.localeCompare(y.annotationId),
  );
}

/** `m:ss`-style stamp as video sites read it: MM:SS under an hour, H:MM:SS from then on. */
export function stamp(seconds: number, withHours: boolean): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return withHours ? `${h}:${two(m)}:${two(sec)}` : `${two(m)}:${two(sec)}`;
}

/** YouTube shows chapters only when each lasts at least this long (and there are at least three). */
export const MIN_CHAPTER_SECONDS = 10;

/**
 * The video-chapter text: the first line at 00:00 (a "Match start" line is put first when no chapter starts
 * there), times strictly ascending, each line at least MIN_CHAPTER_SECONDS after the one before (a chapter
 * closer than that to the previous line joins it, titles joined with " / "), titles on one line each.
 */
export function videoChapters(chapters: readonly Chapter[], startTitle = 'Match start'): string {
  const lines: { t: number; titles: string[] }[] = [];
  for (const c of chapters) {
    const title = c.title.replace(/\s+/g, ' ').trim();
    if (lines.length === 0 && c.offsetSeconds > 0) lines.push({ t: 0, titles: [startTitle] });
    const last = lines[lines.length - 1];
    if (last && c.offsetSeconds - last.t < MIN_CHAPTER_SECONDS) last.titles.push(title);
    else lines.push({ t: c.offsetSeconds, titles: [title] });
  }
  if (lines.length === 0) lines.push({ t: 0, titles: [startTitle] });
  const hours = lines[lines.length - 1]!.t >= 3600;
  return lines.map((l) => `${stamp(l.t, hours)} ${l.titles.join(' / ')}`).join('\n') + '\n';
}

// Match files: JSON Lines, one event envelope (ARCHITECTURE.md §4) per line, the full (judge) truth. A file
// may hold several matches one after the other (simulate --games K --out F.jsonl); commands select one with
// --match when it matters.
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import {
  envelopeFields,
  EventEnvelopeSchema,
  unknownEnvelopeKeys,
  type CopyKind,
  type EventEnvelope,
} from '@matchtape/engine';
import { BUNDLE_FORMAT, parseCopyHeader } from '@matchtape/store';
import { CliError } from './io';

export interface MatchFile {
  /** Matches in the order they first appear, events in file order. */
  matches: Map<string, EventEnvelope[]>;
  /** What the file's header line says it is; a file without one is a full copy. */
  copy: CopyKind;
}

export function parseJsonl(text: string, file: string): MatchFile {
  const matches = new Map<string, EventEnvelope[]>();
  let copy: CopyKind = { copy: 'full' };
  let lastSeq = 0;
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === '') continue;
    let raw: unknown;
    try {
      raw = JSON.parse(line);
    } catch (err) {
      throw new CliError(`${file}:${i + 1}: not JSON (${(err as Error).message})`, 1);
    }
    // A replay bundle (matchtape export) starts with its header line: readers of plain match files skip it.
    if (i === 0 && (raw as { format?: unknown } | null)?.format === BUNDLE_FORMAT) continue;
    // A copy's header says whether it is the full truth or redacted for one viewer.
    const header = i === 0 ? parseCopyHeader(raw) : null;
    if (header && 'error' in header) throw new CliError(`${file}:1: ${header.error}`, 1);
    if (header) {
      copy = header;
      continue;
    }
    const r = EventEnvelopeSchema.safeParse(raw);
    if (typeof (raw as { seq?: unknown } | null)?.seq === 'number') lastSeq = (raw as { seq: number }).seq;
    else lastSeq += 1; // a line without a seq is named by the seq its place implies
    const extra = r.success ? unknownEnvelopeKeys(raw as Record<string, unknown>) : [];
    if (r.success && extra.length > 0) {
      const seq = (raw as { seq: number }).seq;
      throw new CliError(
        `${file}:${i + 1} (seq ${seq}): field ${extra.join(', ')} is not part of an event envelope: no hash covers it (was it added?)`,
        1,
      );
    }
    if (!r.success) {
      const issue = r.error.issues[0]!;
      throw new CliError(
        `${file}:${i + 1} (seq ${lastSeq}): not an event envelope: ${issue.path.join('.') || '(root)'}: ${issue.message}`,
        1,
      );
    }
    const e = r.data as EventEnvelope;
    const list = matches.get(e.matchId) ?? [];
    list.push(e);
    matches.set(e.matchId, list);
  }
  if (matches.size === 0) throw new CliError(`${file}: no events in the file`, 1);
  return { matches, copy };
}

/** A file's text; `name` is how messages call it (the path as the user wrote it). */
export function readText(file: string, name = file): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    throw new CliError(
      `cannot read ${name}: ${(err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (err as Error).message}`,
      2,
    );
  }
}

/** Reads a match file; `name` is how messages call it (the path as the user wrote it). */
export function readJsonl(file: string, name = file): MatchFile {
  return parseJsonl(readText(file, name), name);
}

/** One match of a file: the one named, or the only one. */
export function pickMatch(
  f: MatchFile,
  file: string,
  matchId?: string,
): { matchId: string; events: EventEnvelope[] } {
  if (matchId !== undefined) {
    const events = f.matches.get(matchId);
    if (!events)
      throw new CliError(`${file} has no match ${matchId}; it has ${[...f.matches.keys()].join(', ')}`);
    return { matchId, events };
  }
  if (f.matches.size > 1)
    throw new CliError(
      `${file} holds ${f.matches.size} matches (${[...f.matches.keys()].slice(0, 5).join(', ')}${f.matches.size > 5 ? ', …' : ''}); choose one with --match ID`,
    );
  const [id, events] = [...f.matches.entries()][0]!;
  return { matchId: id, events };
}

/** One line per envelope, fields in the order of ARCHITECTURE.md §4 (whatever order the source had). */
export function envelopeLine(e: EventEnvelope): string {
  return JSON.stringify(envelopeFields(e));
}

export function toJsonl(events: readonly EventEnvelope[]): string {
  return events.map(envelopeLine).join('\n') + (events.length ? '\n' : '');
}

export function writeFileCreatingDirs(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
}

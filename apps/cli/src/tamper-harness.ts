// The tamper property of tamper.test.ts and tamper-fork.test.ts: every single-field change, added field, removed
// field and swapped pair of events of a copy is refused by `verify` (the file as the CLI reads it: header, envelope
// parsing, then verifyMatch), naming a seq it touched.
import { Rng, type CopyKind, type EventEnvelope } from '@matchtape/engine';
import { games } from '@matchtape/games';
import { copyHeaderLine } from '@matchtape/store';
import { CliError } from './io';
import { parseJsonl } from './jsonl';
import { verifyMatch } from './verify';

export type Obj = Record<string, unknown>;
export interface Mutation {
  kind: 'change' | 'add' | 'remove' | 'reorder';
  what: string;
  /** Seqs a correct verifier may name: the events touched (and a seq value the change wrote). */
  seqs: number[];
  apply(lines: Obj[]): void;
}

/** A different value of the same kind: hex stays hex, so the change gets past the envelope's shape checks. */
export function changed(v: unknown): unknown {
  if (typeof v === 'number') return v + 1;
  if (typeof v === 'boolean') return !v;
  if (typeof v === 'string') return v.length === 0 ? 'x' : v.slice(0, -1) + (v.endsWith('0') ? '1' : '0');
  if (v === null) return 0;
  return v;
}

function at(root: Obj, path: (string | number)[]): Obj {
  let x: unknown = root;
  for (const k of path) x = (x as Obj)[k as string];
  return x as Obj;
}

/** Every change, addition and removal in line i (recursively), and swapping it with the next line. */
export function mutationsOf(lines: Obj[], i: number): Mutation[] {
  const seq = lines[i]!.seq as number;
  const out: Mutation[] = [];
  const walk = (x: unknown, path: (string | number)[]): void => {
    if (typeof x !== 'object' || x === null) {
      const key = path[path.length - 1]!;
      const parent = path.slice(0, -1);
      const to = changed(x);
      out.push({
        kind: 'change',
        what: `${path.join('.')} → ${JSON.stringify(to)}`,
        seqs: key === 'seq' ? [seq, to as number] : [seq],
        apply: (ls) => void (at(ls[i]!, parent)[key as string] = to),
      });
      return;
    }
    const keys = Array.isArray(x) ? x.map((_, k) => k) : Object.keys(x);
    if (!Array.isArray(x))
      out.push({
        kind: 'add',
        what: `${[...path, 'zz'].join('.')} added`,
        seqs: [seq],
        apply: (ls) => void (at(ls[i]!, path).zz = 1),
      });
    for (const k of keys) {
      if (!Array.isArray(x))
        out.push({
          kind: 'remove',
          what: `${[...path, k].join('.')} removed`,
          seqs: [seq],
          apply: (ls) => void delete at(ls[i]!, path)[k as string],
        });
      walk((x as Obj)[k as string], [...path, k]);
    }
  };
  walk(lines[i], []);
  if (i + 1 < lines.length)
    out.push({
      kind: 'reorder',
      what: `seq ${seq} and ${seq + 1} swapped`,
      seqs: [seq, seq + 1],
      apply: (ls) => void ls.splice(i, 2, ls[i + 1]!, ls[i]!),
    });
  return out;
}

/** Up to n mutations, every kind present kept, the rest drawn with the test's generator. */
export function sample(all: Mutation[], n: number, rng: Rng): Mutation[] {
  if (all.length <= n) return all;
  const kinds = [...new Set(all.map((m) => m.kind))];
  const picked = kinds.map(
    (k) => all.filter((m) => m.kind === k)[rng.int(all.filter((m) => m.kind === k).length)]!,
  );
  while (picked.length < n) picked.push(all[rng.int(all.length)]!);
  return picked;
}

/** The seqs `verify` names for a file's text (every match in it), or [] when it accepts the file. */
export function refusedAt(text: string, seed: string): number[] {
  let file;
  try {
    file = parseJsonl(text, 'copy.jsonl');
  } catch (err) {
    if (!(err instanceof CliError)) throw err;
    const m = /\(seq (\d+)\)/.exec(err.message);
    return [m ? Number(m[1]) : -1];
  }
  const named: number[] = [];
  for (const events of file.matches.values()) {
    const v = verifyMatch(events, (g) => games[g] ?? null, { seed, copy: file.copy });
    if (!v.ok) named.push(v.failure!.seq);
  }
  return named;
}

/** The file as bytes: each line as it is (toJsonl would write only envelope fields, dropping an added one). */
export function copyText(kind: CopyKind, events: readonly Obj[]): string {
  return [copyHeaderLine(kind), ...events.map((e) => JSON.stringify(e))].join('\n') + '\n';
}

export interface TamperOutcome {
  /** The mutations verify accepted or blamed on a seq they did not touch. */
  missed: string[];
  /** The kinds of mutation tried. */
  tried: string[];
}

/**
 * Mutates `eventsPerCopy` events of the copy drawn with a generator named `label`, up to `perEvent` mutations each,
 * and verifies each result (with `seed`, for a judge's copy of a live match). The untouched copy must verify.
 */
export function tamperCopy(
  kind: CopyKind,
  events: readonly EventEnvelope[],
  seed: string,
  label: string,
  eventsPerCopy: number,
  perEvent: number,
): TamperOutcome & { untouched: number[] } {
  const untouched = refusedAt(copyText(kind, events as unknown as Obj[]), seed);
  const rng = new Rng(label);
  const tried = new Set<string>();
  const missed: string[] = [];
  for (let n = 0; n < Math.min(eventsPerCopy, events.length); n++) {
    const i = rng.int(events.length);
    for (const mut of sample(mutationsOf(JSON.parse(JSON.stringify(events)) as Obj[], i), perEvent, rng)) {
      const lines = JSON.parse(JSON.stringify(events)) as Obj[];
      mut.apply(lines);
      tried.add(mut.kind);
      const named = refusedAt(copyText(kind, lines), seed);
      if (!named.some((s) => mut.seqs.includes(s)))
        missed.push(`${mut.what}: ${named.length ? `named seq ${named.join(', ')}` : 'accepted'}`);
    }
  }
  return { untouched, missed, tried: [...tried].sort() };
}

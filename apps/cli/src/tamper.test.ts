// Invariant 6 as a property (issue 21): over bot matches of every game, every single-field change, added field,
// removed field and swapped pair of events of a full copy, a public copy and a seat's copy is refused by
// `verify` (the file as the CLI reads it: header, envelope parsing, then verifyMatch) and names a seq it touched.
// The normal suite plays short matches (a judge verifying a live one passes its seed) and samples the mutations
// (a few seconds); MATCHTAPE_DEEP=1 plays longer matches and tries every mutation of more events (minutes).
import { describe, expect, it } from 'vitest';
import { commitKey, Rng, redactCopy, type CopyKind, type EventEnvelope } from '@matchtape/engine';
import { playMatch } from '@matchtape/engine/testing/harness';
import { games } from '@matchtape/games';
import { copyHeaderLine } from '@matchtape/store';
import { CliError } from './io';
import { parseJsonl } from './jsonl';
import { verifyMatch } from './verify';
import { cli, tempDir } from './testing';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

const DEEP = process.env.MATCHTAPE_DEEP === '1';
/** Commands per match: verifying a whole match takes about a second, and each mutation verifies the file again. */
const MAX_COMMANDS = DEEP ? 60 : 12;
/** Events mutated per copy, and mutations tried per event (each kind keeps at least one). */
const EVENTS_PER_COPY = DEEP ? 4 : 2;
const MUTATIONS_PER_EVENT = DEEP ? Infinity : 6;
const GAMES = Object.keys(games).filter((g) => g !== 'coin-race');

type Obj = Record<string, unknown>;
interface Mutation {
  kind: 'change' | 'add' | 'remove' | 'reorder';
  what: string;
  /** Seqs a correct verifier may name: the events touched (and a seq value the change wrote). */
  seqs: number[];
  apply(lines: Obj[]): void;
}

/** A different value of the same kind: hex stays hex, so the change gets past the envelope's shape checks. */
function changed(v: unknown): unknown {
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
function mutationsOf(lines: Obj[], i: number): Mutation[] {
  const seq = lines[i]!.seq as number;
  const out: Mutation[] = [];
  const walk = (x: unknown, path: (string | number)[]): void => {
    if (typeof x !== 'object' || x === null) {
      const key = path[path.length - 1]!;
      const parent = path.slice(0, -1);
      const to = changed(x);
      out.push({ kind: 'change', what: `${path.join('.')} → ${JSON.stringify(to)}`, seqs: key === 'seq' ? [seq, to as number] : [seq], apply: (ls) => void (at(ls[i]!, parent)[key as string] = to) });
      return;
    }
    const keys = Array.isArray(x) ? x.map((_, k) => k) : Object.keys(x);
    if (!Array.isArray(x)) out.push({ kind: 'add', what: `${[...path, 'zz'].join('.')} added`, seqs: [seq], apply: (ls) => void (at(ls[i]!, path).zz = 1) });
    for (const k of keys) {
      if (!Array.isArray(x)) out.push({ kind: 'remove', what: `${[...path, k].join('.')} removed`, seqs: [seq], apply: (ls) => void delete at(ls[i]!, path)[k as string] });
      walk((x as Obj)[k as string], [...path, k]);
    }
  };
  walk(lines[i], []);
  if (i + 1 < lines.length) out.push({ kind: 'reorder', what: `seq ${seq} and ${seq + 1} swapped`, seqs: [seq, seq + 1], apply: (ls) => void ls.splice(i, 2, ls[i + 1]!, ls[i]!) });
  return out;
}

/** Up to n mutations, every kind present kept, the rest drawn with the test's generator. */
function sample(all: Mutation[], n: number, rng: Rng): Mutation[] {
  if (all.length <= n) return all;
  const kinds = [...new Set(all.map((m) => m.kind))];
  const picked = kinds.map((k) => all.filter((m) => m.kind === k)[rng.int(all.filter((m) => m.kind === k).length)]!);
  while (picked.length < n) picked.push(all[rng.int(all.length)]!);
  return picked;
}

/** The seqs `verify` names for a file's text (every match in it), or [] when it accepts the file. */
function refusedAt(text: string, seed: string): number[] {
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
function copyText(kind: CopyKind, events: readonly Obj[]): string {
  return [copyHeaderLine(kind), ...events.map((e) => JSON.stringify(e))].join('\n') + '\n';
}

function copiesOf(game: string, seed: string): { kind: CopyKind; events: EventEnvelope[] }[] {
  const g = games[game]!;
  const m = playMatch(g, { seed, bots: { p1: 'random', p2: 'random' }, maxCommands: MAX_COMMANDS, recordStates: false });
  const key = commitKey(seed);
  return [
    { kind: { copy: 'full' }, events: [...m.events] },
    { kind: { copy: 'redacted', viewer: 'public' }, events: redactCopy(m.events, 'public', g.viewEvent, key) },
    { kind: { copy: 'redacted', viewer: 'p1' }, events: redactCopy(m.events, 'p1', g.viewEvent, key) },
  ];
}

describe.each(GAMES)('%s: verify refuses any change to a copy and names its seq', (game) => {
  const seed = `tamper-${game}`;
  const copies = copiesOf(game, seed);
  it.each(copies.map((c) => [c.kind.copy === 'full' ? 'full' : `redacted for ${c.kind.viewer}`, c] as const))('%s copy', (_name, c) => {
    const text = copyText(c.kind, c.events);
    expect(refusedAt(text, seed), 'the untouched copy verifies').toEqual([]);
    const rng = new Rng(`${seed}:${_name}`);
    const tried = new Set<string>();
    const missed: string[] = [];
    for (let n = 0; n < Math.min(EVENTS_PER_COPY, c.events.length); n++) {
      const i = rng.int(c.events.length);
      for (const mut of sample(mutationsOf(JSON.parse(JSON.stringify(c.events)) as Obj[], i), MUTATIONS_PER_EVENT, rng)) {
        const lines = JSON.parse(JSON.stringify(c.events)) as Obj[];
        mut.apply(lines);
        tried.add(mut.kind);
        const named = refusedAt(copyText(c.kind, lines), seed);
        if (!named.some((s) => mut.seqs.includes(s))) missed.push(`${mut.what}: ${named.length ? `named seq ${named.join(', ')}` : 'accepted'}`);
      }
    }
    expect(missed).toEqual([]);
    expect([...tried].sort()).toEqual(expect.arrayContaining(['add', 'change', 'remove']));
  });
});

describe('import refuses a changed copy and a redacted one', () => {
  const tmp = tempDir();
  it('names the seq, imports nothing', async () => {
    const game = GAMES[0]!;
    const seed = `tamper-${game}`;
    const [full, pub] = copiesOf(game, seed);
    const lines = JSON.parse(JSON.stringify(full!.events)) as Obj[];
    const k = lines.findIndex((e, j) => j > 0 && Object.keys(e.payload as Obj).length > 0);
    const key = Object.keys(lines[k]!.payload as Obj)[0]!;
    (lines[k]!.payload as Obj)[key] = changed((lines[k]!.payload as Obj)[key]);
    writeFileSync(join(tmp.dir, 'changed.jsonl'), copyText(full!.kind, lines));
    const io = { games: { [game]: games[game]! } };
    const r = await cli(['import', 'changed.jsonl', '--seed', seed, '--data-dir', 'store'], tmp.dir, io);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(new RegExp(`does not verify: seq ${lines[k]!.seq}: seal: .*nothing was imported`));
    writeFileSync(join(tmp.dir, 'public.jsonl'), copyText(pub!.kind, pub!.events));
    const p = await cli(['import', 'public.jsonl', '--seed', seed, '--data-dir', 'store'], tmp.dir, io);
    expect(p).toMatchObject({ code: 1, stderr: expect.stringMatching(/is a copy redacted for public .*nothing was imported/) });
    writeFileSync(join(tmp.dir, 'full.jsonl'), copyText(full!.kind, full!.events));
    const ok = await cli(['import', 'full.jsonl', '--seed', seed, '--data-dir', 'store'], tmp.dir, io);
    expect(ok.stderr).toBe('');
    expect(JSON.parse(ok.stdout)).toMatchObject({ imported: full!.events.length });
    tmp.cleanup();
  }, 180_000);
});

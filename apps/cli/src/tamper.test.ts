// Invariant 6 as a property (issue 21): over bot matches of every game, every single-field change, added field,
// removed field and swapped pair of events of a full copy, a public copy and a seat's copy is refused by
// `verify` (the file as the CLI reads it: header, envelope parsing, then verifyMatch) and names a seq it touched.
// The normal suite plays short matches (a judge verifying a live one passes its seed) and samples the mutations
// (a few seconds); MATCHTAPE_DEEP=1 plays longer matches and tries every mutation of more events (minutes).
import { describe, expect, it } from 'vitest';
import { commitKey, redactCopy, type CopyKind, type EventEnvelope } from '@matchtape/engine';
import { playMatch } from '@matchtape/engine/testing/harness';
import { games } from '@matchtape/games';
import { changed, copyText, tamperCopy, type Obj } from './tamper-harness';
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

function copiesOf(game: string, seed: string): { kind: CopyKind; events: EventEnvelope[] }[] {
  const g = games[game]!;
  const m = playMatch(g, {
    seed,
    bots: { p1: 'random', p2: 'random' },
    maxCommands: MAX_COMMANDS,
    recordStates: false,
  });
  const key = commitKey(seed);
  return [
    { kind: { copy: 'full' }, events: [...m.events] },
    {
      kind: { copy: 'redacted', viewer: 'public' },
      events: redactCopy(m.events, 'public', g.viewEvent, key),
    },
    { kind: { copy: 'redacted', viewer: 'p1' }, events: redactCopy(m.events, 'p1', g.viewEvent, key) },
  ];
}

describe.each(GAMES)('%s: verify refuses any change to a copy and names its seq', (game) => {
  const seed = `tamper-${game}`;
  const copies = copiesOf(game, seed);
  it.each(copies.map((c) => [c.kind.copy === 'full' ? 'full' : `redacted for ${c.kind.viewer}`, c] as const))(
    '%s copy',
    (name, c) => {
      const r = tamperCopy(c.kind, c.events, seed, `${seed}:${name}`, EVENTS_PER_COPY, MUTATIONS_PER_EVENT);
      expect(r.untouched, 'the untouched copy verifies').toEqual([]);
      expect(r.missed).toEqual([]);
      expect(r.tried).toEqual(expect.arrayContaining(['add', 'change', 'remove']));
    },
  );
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
    expect(r.stderr).toMatch(
      new RegExp(`does not verify: seq ${lines[k]!.seq}: seal: .*nothing was imported`),
    );
    writeFileSync(join(tmp.dir, 'public.jsonl'), copyText(pub!.kind, pub!.events));
    const p = await cli(['import', 'public.jsonl', '--seed', seed, '--data-dir', 'store'], tmp.dir, io);
    expect(p).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/is a copy redacted for public .*nothing was imported/),
    });
    writeFileSync(join(tmp.dir, 'full.jsonl'), copyText(full!.kind, full!.events));
    const ok = await cli(['import', 'full.jsonl', '--seed', seed, '--data-dir', 'store'], tmp.dir, io);
    expect(ok.stderr).toBe('');
    expect(JSON.parse(ok.stdout)).toMatchObject({ imported: full!.events.length });
    tmp.cleanup();
  }, 180_000);
});

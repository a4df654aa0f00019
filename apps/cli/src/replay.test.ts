// Replay bundles and exact forks through the CLI: export → verify → import, tamper detection naming the first
// bad seq, and the round trip into real Postgres (PGlite installation → Postgres installation, byte for byte).
import { randomInt } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { games } from '@matchtape/games';
import { registryOf, verifyMatchInStore } from '@matchtape/server';
import { openStore } from '@matchtape/store';
import { testDatabaseUrl } from '@matchtape/store/testing';
import { cli as run, tempDir } from './testing';

const tmp = tempDir();
const dir = tmp.dir;
const lite = ['--data-dir', 'data'];
const env = { MATCHTAPE_SECRET: 'cli-replay-test-secret-0123456789' };
// A seed of its own per run: the Postgres round trip uses the database's public schema (as an installation does).
const seed = randomInt(1_000_000, 9_999_999);
const parent = `sim-${seed}`;
const forkId = `rewind-${seed}`;
const shuffledId = `reshuffled-${seed}`;
const url = testDatabaseUrl();
/** The CLI with the real game catalog (the helpers default to the kernel's fixture game). */
const cli = (argv: string[], cwd: string, opts: { env?: Record<string, string> } = {}) =>
  run(argv, cwd, { ...opts, games: { ...games } });

/** A seq at or after 60 where a player may act (a fork cannot start between a command's events). */
let at = 60;

beforeAll(async () => {
  expect(
    (await cli(['simulate', '--game', 'alpha-clash', '--seed', String(seed), '--out', 'm.jsonl'], dir)).code,
  ).toBe(0);
  expect((await cli(['import', 'm.jsonl', ...lite], dir)).code).toBe(0);
  const game = games['alpha-clash']!;
  let state: unknown = game.initial();
  for (const line of lines('m.jsonl')) {
    const e = JSON.parse(line) as { seq: number; type: string; payload: Record<string, unknown> };
    state = game.evolve(state, e);
    if (e.seq >= 60 && game.actors(state).length > 0) {
      at = e.seq;
      break;
    }
  }
}, 120_000);

afterAll(async () => {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    for (const t of ['events', 'snapshots', 'rejected_commands', 'command_bodies', 'matches'])
      await c
        .query(`delete from ${t} where match_id = any($1)`, [[parent, forkId, shuffledId]])
        .catch(() => undefined);
  } finally {
    await c.end();
  }
  tmp.cleanup();
});

const lines = (file: string) => readFileSync(join(dir, file), 'utf8').trimEnd().split('\n');
const write = (file: string, ls: string[]) => writeFileSync(join(dir, file), `${ls.join('\n')}\n`);

describe('exact fork in the store (fork --match ID --at SEQ)', () => {
  it('creates the fork, prints its link and seat tokens; it exports as a bundle that verifies', async () => {
    const r = await cli(['fork', '--match', parent, '--at', String(at), '--new-id', forkId, ...lite], dir, {
      env,
    });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as {
      matchId: string;
      forkOf: { matchId: string; seq: number; hash: string };
      lastSeq: number;
      seats: Record<string, string>;
    };
    const parentLines = lines('m.jsonl');
    expect(out).toMatchObject({
      matchId: forkId,
      lastSeq: at,
      forkOf: { matchId: parent, seq: at, hash: JSON.parse(parentLines[at - 1]!).hash },
    });
    expect(Object.keys(out.seats)).toEqual(['p1', 'p2']);
    expect(out.seats.p1).toMatch(/^mt1\./);
    expect(
      (await cli(['export', forkId, '--include-seed', '--out', 'f.bundle.jsonl', ...lite], dir)).code,
    ).toBe(0);
    const v = await cli(['verify', 'f.bundle.jsonl'], dir);
    expect(v.code).toBe(0);
    expect(v.stdout).toContain(`✓ ${forkId} (alpha-clash): replay bundle of ${at} events verifies`);
    expect(JSON.parse(lines('f.bundle.jsonl')[0]!)).toMatchObject({
      forkOf: { matchId: parent, seq: at },
      seed: String(seed),
    });
    // Refusals change nothing.
    expect((await cli(['fork', '--match', parent, '--at', '999999', ...lite], dir, { env })).stderr).toMatch(
      /has events 1…\d+; pick one of them/,
    );
    expect((await cli(['fork', '--match', 'nope', '--at', '3', ...lite], dir, { env })).stderr).toMatch(
      /no match nope to fork/,
    );
  });

  it('--reshuffle: the decks reshuffled after SEQ from a fresh seed; the bundle verifies the reshuffle', async () => {
    const r = await cli(
      ['fork', '--match', parent, '--at', String(at), '--reshuffle', '--new-id', shuffledId, ...lite],
      dir,
      { env },
    );
    expect(r.stderr).toBe('');
    const out = JSON.parse(r.stdout) as { forkOf: Record<string, unknown>; lastSeq: number };
    // Alpha Clash: one DeckShuffled per player right after the copied prefix.
    expect(out).toMatchObject({ lastSeq: at + 2, forkOf: { seq: at, reseeded: true, reshuffled: true } });
    expect(
      (await cli(['export', shuffledId, '--include-seed', '--out', 's.bundle.jsonl', ...lite], dir)).code,
    ).toBe(0);
    const bundle = lines('s.bundle.jsonl');
    const tail = bundle.slice(-2).map((l) => JSON.parse(l) as Record<string, unknown>);
    for (const e of tail)
      expect(e).toMatchObject({
        type: 'DeckShuffled',
        rule: null,
        cause: { system: true, host: "fork: hidden zones reshuffled from the fork's own seed" },
        payload: { reason: 'fork' },
      });
    const v = await cli(['verify', 's.bundle.jsonl'], dir);
    expect([v.code, v.stdout]).toEqual([0, expect.stringContaining(`✓ ${shuffledId}`)]);
    // Another deck order under the same seed does not verify, and names the seq.
    const forged = tail[0]!;
    const cards = (forged.payload as { cards: unknown[] }).cards;
    (forged.payload as { cards: unknown[] }).cards = [...cards.slice(1), cards[0]];
    write('s2.bundle.jsonl', [...bundle.slice(0, -2), JSON.stringify(forged), bundle[bundle.length - 1]!]);
    const bad = await cli(['verify', 's2.bundle.jsonl'], dir);
    expect(bad.code).not.toBe(0);
    expect(bad.stdout + bad.stderr).toMatch(new RegExp(`seq ${at + 1}`));
  });
});

describe('replay bundles', () => {
  it('export writes a header line then the events; verify prints every check', async () => {
    expect((await cli(['export', parent, '--out', 'p.bundle.jsonl', ...lite], dir)).code).toBe(0);
    const ls = lines('p.bundle.jsonl');
    const header = JSON.parse(ls[0]!) as Record<string, unknown>;
    expect(header).toMatchObject({
      format: 'matchtape-replay-bundle',
      version: 1,
      matchId: parent,
      game: 'alpha-clash',
      rulesVersion: games['alpha-clash']!.rulesVersion,
      seed: String(seed),
      keyframeEvery: 50,
      forkOf: null,
    });
    expect(header.events).toBe(ls.length - 1);
    expect((header.keyframes as unknown[]).length).toBe(Math.floor((ls.length - 1) / 50));
    const v = await cli(['verify', 'p.bundle.jsonl'], dir);
    expect(v.code).toBe(0);
    for (const check of [
      'header',
      'hash chain',
      'versions',
      'seed commitment',
      'random outcomes',
      'fold',
      'keyframes',
    ])
      expect(v.stdout).toMatch(new RegExp(`  ✓ ${check}: `));
    // Readers of plain match files skip the header.
    expect((await cli(['seek', 'p.bundle.jsonl', '--seq', '5', '--as', 'public'], dir)).code).toBe(0);
  });

  const tampers: [string, (ls: string[]) => string[], number, RegExp][] = [
    [
      'a byte of a payload',
      (ls) =>
        ls.map((l, i) =>
          i === 17
            ? l.replace(/"payload":\{"(.)/, (_m, c: string) => `"payload":{"${c === 'a' ? 'b' : 'a'}`)
            : l,
        ),
      17,
      /payload commitments: seq 17: the payload does not open its commitment/,
    ],
    ['a dropped line', (ls) => ls.filter((_, i) => i !== 25), 25, /seq 25 is missing or out of order/],
    [
      'two lines swapped',
      (ls) => ls.map((l, i) => (i === 30 ? ls[31]! : i === 31 ? ls[30]! : l)),
      30,
      /seq 30 is missing or out of order/,
    ],
    ['the last line dropped', (ls) => ls.slice(0, -1), -1, /the header says \d+ events but the file stops/],
    [
      'a keyframe hash',
      (ls) => {
        const h = JSON.parse(ls[0]!) as { keyframes: { stateHash: string }[] };
        const k = h.keyframes[1]!;
        k.stateHash = (k.stateHash[0] === '0' ? '1' : '0') + k.stateHash.slice(1);
        return [JSON.stringify(h), ...ls.slice(1)];
      },
      100,
      /keyframes: seq 100: the state folded here does not hash to the keyframe's stateHash/,
    ],
    [
      'the seed',
      (ls) => [ls[0]!.replace(`"seed":"${seed}"`, `"seed":"${seed + 1}"`), ...ls.slice(1)],
      1,
      /seed commitment: seq 1: /,
    ],
  ];
  it.each(tampers)(
    'verify and import refuse a bundle with %s edited, naming the first bad seq',
    async (_what, edit, badSeq, reason) => {
      const ls = lines('p.bundle.jsonl');
      const edited = edit(ls);
      expect(edited).not.toEqual(ls);
      const file = `tampered-${badSeq}.jsonl`;
      write(file, edited);
      const expected = badSeq === -1 ? ls.length - 1 : badSeq;
      const v = await cli(['verify', file], dir);
      expect(v.code).toBe(1);
      expect(v.stdout.split('\n')[0]).toMatch(new RegExp(`^✗ ${parent}: first bad seq ${expected}: `));
      expect(v.stdout).toMatch(reason);
      const json = await cli(['verify', file, '--json'], dir);
      expect(JSON.parse(json.stdout)).toMatchObject({ ok: false, firstBadSeq: expected });
      const imp = await cli(['import', file, '--data-dir', 'other'], dir);
      expect(imp.code).toBe(1);
      expect(imp.stderr).toMatch(
        new RegExp(`is not an intact replay bundle: first bad seq ${expected}: .*nothing was imported`),
      );
      const s = await openStore({ dataDir: join(dir, 'other/pglite') });
      try {
        expect(await s.getMatch(parent)).toBeNull();
      } finally {
        await s.close();
      }
    },
  );
});

describe('import into another installation (real Postgres)', () => {
  it('loads the parent and its fork from bundles; they export back byte for byte and verify in the store, fork link included', async () => {
    const pgStore = ['--database-url', url];
    const a = await cli(['import', 'p.bundle.jsonl', ...pgStore], dir);
    expect(a.stderr).toBe('');
    expect(JSON.parse(a.stdout)).toMatchObject({ matchId: parent, status: 'ended', store: 'postgres' });
    const b = await cli(['import', 'f.bundle.jsonl', ...pgStore], dir);
    expect(JSON.parse(b.stdout)).toMatchObject({ matchId: forkId, imported: at, store: 'postgres' });
    expect((await cli(['export', parent, '--out', 'p.pg.jsonl', ...pgStore], dir)).code).toBe(0);
    expect(
      (await cli(['export', forkId, '--include-seed', '--out', 'f.pg.jsonl', ...pgStore], dir)).code,
    ).toBe(0);
    expect(readFileSync(join(dir, 'p.pg.jsonl'), 'utf8')).toBe(
      readFileSync(join(dir, 'p.bundle.jsonl'), 'utf8'),
    );
    expect(readFileSync(join(dir, 'f.pg.jsonl'), 'utf8')).toBe(
      readFileSync(join(dir, 'f.bundle.jsonl'), 'utf8'),
    );
    const s = await openStore({ databaseUrl: url });
    try {
      expect((await s.getMatch(forkId))?.config).toMatchObject({
        forkOf: { matchId: parent, seq: at, reseeded: false },
      });
      const v = await verifyMatchInStore(s, registryOf(games), forkId);
      expect(v.checks.filter((c) => !c.ok)).toEqual([]);
      expect(v.checks.map((c) => c.name)).toContain('fork link');
    } finally {
      await s.close();
    }
    // Re-importing the same bundle is a no-op.
    expect(JSON.parse((await cli(['import', 'p.bundle.jsonl', ...pgStore], dir)).stdout)).toMatchObject({
      imported: 0,
    });
  }, 120_000);
});

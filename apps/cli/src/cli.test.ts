// The matchtape commands, run in-process over the kernel's Coin Race fixture (the product games have their
// own scenario and simulate checks). One spawn test checks the real binary starts from the repository root.
import { readFileSync, writeFileSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chainEvents,
  commitKey,
  GENESIS_HASH,
  redactCopy,
  sealerFor,
  viewersOfSeal,
  type EventEnvelope,
  toNewEvent,
} from '@matchtape/engine';
import { copyHeaderLine } from '@matchtape/store';
import { coinRace } from '@matchtape/engine/testing/fixture-game';
import { verifyToken } from '@matchtape/server/auth/tokens';
import { cli, tempDir } from './testing';
import { parseJsonl, toJsonl } from './jsonl';

const tmp = tempDir();
const dir = tmp.dir;
afterAll(() => tmp.cleanup());

function events(file: string): EventEnvelope[] {
  return [...parseJsonl(readFileSync(join(dir, file), 'utf8'), file).matches.values()].flat();
}

/** one.jsonl's seed (simulate --seed 9), which MatchEnded reveals. */
const SEED = '9';

/**
 * Rewrites events from index i on (after `edit`), re-chaining and re-sealing with the match key (what a forger
 * can do once the seed is revealed) so the hash chain and the commitments stay intact.
 */
function rechained(
  list: EventEnvelope[],
  i: number,
  edit: (e: EventEnvelope) => EventEnvelope,
): EventEnvelope[] {
  const edited = list.map((e, k) => (k === i ? edit(structuredClone(e)) : e));
  const head = edited.slice(0, i);
  const sealer = sealerFor(coinRace, viewersOfSeal(list[0]!.seal!), SEED);
  return [
    ...head,
    ...chainEvents(
      list[0]!.matchId,
      i,
      i === 0 ? GENESIS_HASH : head[i - 1]!.hash,
      edited.slice(i).map(toNewEvent),
      undefined,
      sealer,
    ),
  ];
}

beforeAll(async () => {
  const one = await cli(['simulate', '--game', 'coin-race', '--seed', '9', '--out', 'one.jsonl'], dir);
  expect(one.code).toBe(0);
});

describe('help and usage errors', () => {
  it('lists the commands and explains each one', async () => {
    const r = await cli(['--help'], dir);
    expect(r.code).toBe(0);
    for (const c of [
      'simulate',
      'scenario',
      'verify',
      'seek',
      'log',
      'schema',
      'machine',
      'rules-coverage',
      'token',
      'export',
      'import',
      'fork',
      'bench',
    ])
      expect(r.stdout).toContain(`  ${c} `);
    const s = await cli(['simulate', '--help'], dir);
    expect(s.stdout).toMatch(/Usage: matchtape simulate --game G --seed N/);
    expect(s.stdout).toMatch(/<seed>-<i>/);
  });

  it('names an unknown command, an unknown flag, a missing value and bad numbers (exit 2)', async () => {
    expect(await cli(['dance'], dir)).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/unknown command "dance"/),
    });
    const flag = await cli(['simulate', '--game', 'coin-race', '--seed', '1', '--gmaes', '3'], dir);
    expect(flag).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/unknown flag --gmaes; it accepts --game, --seed, --games/),
    });
    expect((await cli(['simulate', '--game'], dir)).stderr).toMatch(/--game needs a value/);
    const bad = await cli(
      ['simulate', '--game', 'coin-race', '--seed', '1', '--games', '0', '--bot', 'smart'],
      dir,
    );
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--games: must be at least 1/);
    expect(bad.stderr).toMatch(/--bot: a bot is random or greedy/);
    expect((await cli(['simulate', '--game', 'chess', '--seed', '1'], dir)).stderr).toMatch(
      /unknown game "chess"; implemented games: coin-race/,
    );
  });
});

describe('simulate', () => {
  it('prints one summary per match with seeds <seed>-<i>, and writes every event as JSONL', async () => {
    const r = await cli(
      [
        'simulate',
        '--game',
        'coin-race',
        '--seed',
        '7',
        '--games',
        '3',
        '--bot',
        'greedy,random',
        '--out',
        'out/sim.jsonl',
      ],
      dir,
    );
    expect(r.code).toBe(0);
    const lines = r.out.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.map((l) => l.seed)).toEqual(['7-1', '7-2', '7-3']);
    for (const l of lines) {
      expect(Object.keys(l).sort()).toEqual([
        'commands',
        'events',
        'matchId',
        'ms',
        'result',
        'seed',
        'turns',
        'winner',
      ]);
      expect(l.result).toMatch(/reached 6 points/);
    }
    const written = parseJsonl(readFileSync(join(dir, 'out/sim.jsonl'), 'utf8'), 'sim');
    expect([...written.matches.keys()]).toEqual(['sim-7-1', 'sim-7-2', 'sim-7-3']);
    expect([...written.matches.values()].map((e) => e.length)).toEqual(lines.map((l) => l.events));
    expect(r.stderr).toMatch(/3\/3 matches, .* matches\/s, .* events\/s/);
  });

  it('is reproducible: the same seed writes the same file, and match i alone replays with seed <seed>-<i>', async () => {
    await cli(
      [
        'simulate',
        '--game',
        'coin-race',
        '--seed',
        '7',
        '--games',
        '3',
        '--bot',
        'greedy,random',
        '--out',
        'again.jsonl',
      ],
      dir,
    );
    expect(readFileSync(join(dir, 'again.jsonl'), 'utf8')).toBe(
      readFileSync(join(dir, 'out/sim.jsonl'), 'utf8'),
    );
    await cli(
      ['simulate', '--game', 'coin-race', '--seed', '7-2', '--bot', 'greedy,random', '--out', 'm2.jsonl'],
      dir,
    );
    const alone = events('m2.jsonl');
    const inRun = events('out/sim.jsonl').filter((e) => e.matchId === 'sim-7-2');
    expect(alone).toEqual(inRun);
  });

  it('--check runs the invariant harness on every match', async () => {
    const r = await cli(['simulate', '--game', 'coin-race', '--seed', '4', '--games', '2', '--check'], dir);
    expect(r.code).toBe(0);
    expect(r.out.map((l) => JSON.parse(l).invariants)).toEqual(['ok', 'ok']);
  });

  it('reports a match that does not end within --max-commands and exits 1', async () => {
    const r = await cli(['simulate', '--game', 'coin-race', '--seed', '3', '--max-commands', '2'], dir);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.out[0]!)).toMatchObject({ result: 'not ended after 2 commands' });
  });
});

describe('verify', () => {
  it('accepts simulated matches: chain, commitment, random outcomes and fold', async () => {
    const r = await cli(['verify', 'out/sim.jsonl'], dir);
    expect(r.code).toBe(0);
    expect(r.out).toHaveLength(3);
    for (const l of r.out)
      expect(l).toMatch(
        /^✓ sim-7-\d \(coin-race\): \d+ events; hash chain intact; every payload and view opens its commitment; seed commitment holds; \d+ random draws re-derived from the seed; fold clean$/,
      );
    const j = await cli(['verify', 'one.jsonl', '--json'], dir);
    expect(JSON.parse(j.out[0]!)).toMatchObject({
      ok: true,
      game: 'coin-race',
      randomVerified: true,
      ended: true,
    });
  });

  it('fails on a tampered file and names the seq', async () => {
    const list = events('one.jsonl');
    const i = list.findIndex((e) => e.type === 'CardPlayed' || e.type === 'CoinFlipped');
    const tampered = list.map((e, k) =>
      k === i ? { ...e, payload: { ...e.payload, player: e.payload.player === 'p1' ? 'p2' : 'p1' } } : e,
    );
    writeFileSync(join(dir, 'tampered.jsonl'), toJsonl(tampered));
    const r = await cli(['verify', 'tampered.jsonl'], dir);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe(
      `✗ sim-9: seq ${list[i]!.seq}: seal: the payload does not open its commitment (seal.payload): it was changed`,
    );
  });

  it('verifies every byte of a copy redacted for the public or a seat (its header says so), and catches any change in it', async () => {
    const list = events('one.jsonl');
    for (const viewer of ['public', 'p2'] as const) {
      // What GET /api/matches/ID/export gives a spectator: a header, then each event's view with that view's salt.
      const copy = redactCopy(list, viewer, coinRace.viewEvent, commitKey(SEED));
      const write = (name: string, evs: EventEnvelope[]) =>
        writeFileSync(join(dir, name), `${copyHeaderLine({ copy: 'redacted', viewer })}\n${toJsonl(evs)}`);
      write(`${viewer}.jsonl`, copy);
      const r = await cli(['verify', `${viewer}.jsonl`], dir);
      expect(r.code).toBe(0);
      expect(r.stdout.split('\n')[0]).toBe(
        `✓ sim-9 (coin-race): a copy redacted for ${viewer} (its header says so) of ${list.length} events; every byte it holds verifies.`,
      );
      expect(JSON.parse((await cli(['verify', `${viewer}.jsonl`, '--json'], dir)).stdout)).toMatchObject({
        ok: true,
        copy: { copy: 'redacted', viewer },
        sealed: true,
      });
      // A hidden event (the payload differs from the truth) and a public one, both changed: named by seq.
      const hidden = copy.findIndex((e, k) => JSON.stringify(e.payload) !== JSON.stringify(list[k]!.payload));
      const shown = copy.findIndex(
        (e, k) =>
          k > 0 &&
          typeof e.payload.player === 'string' &&
          JSON.stringify(e.payload) === JSON.stringify(list[k]!.payload),
      );
      for (const k of [hidden, shown]) {
        expect(k).toBeGreaterThan(0);
        write(
          'forged.jsonl',
          copy.map((e, j) =>
            j === k
              ? { ...e, payload: { ...e.payload, player: e.payload.player === 'p1' ? 'p2' : 'p1' } }
              : e,
          ),
        );
        const f = await cli(['verify', 'forged.jsonl'], dir);
        expect(f.code).toBe(1);
        expect(f.stdout).toBe(
          `✗ sim-9: seq ${copy[k]!.seq}: seal: the payload does not open the ${viewer} view's commitment (seal.views.${viewer}): it was changed`,
        );
      }
      // Without its header the copy is read as full: its salts give it away, by seq.
      writeFileSync(join(dir, 'headless.jsonl'), toJsonl(copy));
      expect((await cli(['verify', 'headless.jsonl'], dir)).stdout).toMatch(
        /^✗ sim-9: seq 1: seal: a full copy carries no salts/,
      );
    }
  });
});

// Files a forger recomputed (the chain and the commitments intact), and files that are not what verify needs.
describe('verify: forged and malformed files', () => {
  it('fails on a forged random outcome even when the chain was recomputed, naming its seq', async () => {
    const list = events('one.jsonl');
    const i = list.findIndex((e) => e.type === 'CoinFlipped');
    const forged = rechained(list, i, (e) => {
      const random = e.payload.random as { draws: { result: number }[] };
      random.draws[0]!.result = 1 - random.draws[0]!.result;
      return { ...e, payload: { ...e.payload, heads: !e.payload.heads } };
    });
    writeFileSync(join(dir, 'forged.jsonl'), toJsonl(forged));
    const r = await cli(['verify', 'forged.jsonl'], dir);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(
      new RegExp(`^✗ sim-9: seq ${list[i]!.seq}: random: int outcome [01] does not follow from the seed$`),
    );
  });

  it('fails on a wrong revealed seed (commitment), a forged position, and an event after MatchEnded', async () => {
    const list = events('one.jsonl');
    const end = list.length - 1;
    writeFileSync(
      join(dir, 'seed.jsonl'),
      toJsonl(rechained(list, end, (e) => ({ ...e, payload: { ...e.payload, seed: 'guess' } }))),
    );
    expect((await cli(['verify', 'seed.jsonl'], dir)).stdout).toBe(
      `✗ sim-9: seq ${list[end]!.seq}: commitment: sha256(seed ‖ matchId) does not match the seedCommitment of MatchStarted (seq 1)`,
    );
    writeFileSync(join(dir, 'turn.jsonl'), toJsonl(rechained(list, 6, (e) => ({ ...e, turn: e.turn + 5 }))));
    expect((await cli(['verify', 'turn.jsonl'], dir)).stdout).toMatch(
      /^✗ sim-9: seq 7: position: stamped turn \d+/,
    );
    const extra = rechained([...list, list[3]!], list.length, (e) => e);
    writeFileSync(join(dir, 'extra.jsonl'), toJsonl(extra));
    expect((await cli(['verify', 'extra.jsonl'], dir)).stdout).toBe(
      `✗ sim-9: seq ${list.length + 1}: end: event after MatchEnded (seq ${list.length})`,
    );
  });

  it("rejects events that break the game's event schema, and files that are not envelopes", async () => {
    const list = events('one.jsonl');
    writeFileSync(
      join(dir, 'schema.jsonl'),
      toJsonl(rechained(list, 2, (e) => ({ ...e, payload: { ...e.payload, player: 42 } }))),
    );
    expect((await cli(['verify', 'schema.jsonl'], dir)).stdout).toMatch(
      /^✗ sim-9: seq 3: schema: \w+ does not match the game's event schema/,
    );
    writeFileSync(join(dir, 'junk.jsonl'), `${JSON.stringify(list[0])}\n{"seq": 2}\n`);
    expect(await cli(['verify', 'junk.jsonl'], dir)).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/junk\.jsonl:2 \(seq 2\): not an event envelope/),
    });
    expect(await cli(['verify', 'missing.jsonl'], dir)).toMatchObject({
      code: 2,
      stderr: 'cannot read missing.jsonl: no such file',
    });
  });

  it('needs --game for a file whose MatchStarted does not name its game', async () => {
    const list = events('one.jsonl');
    writeFileSync(
      join(dir, 'nameless.jsonl'),
      toJsonl(rechained(list, 0, (e) => ({ ...e, payload: { ...e.payload, game: undefined } }))),
    );
    expect((await cli(['verify', 'nameless.jsonl'], dir)).stdout).toBe(
      '✗ sim-9: seq 1: start: MatchStarted names no game (payload.game); pass --game G',
    );
    expect((await cli(['verify', 'nameless.jsonl', '--game', 'coin-race'], dir)).code).toBe(0);
  });

  it('verifies an unfinished match only with its seed: without it the commitments cannot be opened', async () => {
    const prefix = events('one.jsonl').slice(0, 9);
    writeFileSync(join(dir, 'live.jsonl'), toJsonl(prefix));
    const r = await cli(['verify', 'live.jsonl'], dir);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(
      /^✗ sim-9: seq 1: seal: the payload commitments cannot be opened without the match key/,
    );
    const given = await cli(['verify', 'live.jsonl', '--seed', SEED], dir);
    expect(given.code).toBe(0);
    expect(given.stdout).toMatch(/random draws re-derived.*fold clean \(match not ended\)$/);
    expect((await cli(['verify', 'live.jsonl', '--seed', '8'], dir)).stdout).toMatch(
      /^✗ sim-9: seq 1: commitment/,
    );
  });
});

describe('seek', () => {
  it('prints the state at a seq as each viewer sees it, or the board', async () => {
    const list = events('one.jsonl');
    const judge = JSON.parse((await cli(['seek', 'one.jsonl', '--seq', '6', '--as', 'judge'], dir)).stdout);
    const p2 = JSON.parse((await cli(['seek', 'one.jsonl', '--seq', '6', '--as', 'p2'], dir)).stdout);
    expect(judge.players[0].hand).toHaveLength(2);
    expect(judge.players[0].hand.every((c: unknown) => typeof c === 'string')).toBe(true);
    expect(p2.players[0].hand).toEqual([null, null]);
    expect(p2.players[1].hand.every((c: unknown) => typeof c === 'string')).toBe(true);
    const end = JSON.parse(
      (await cli(['seek', 'one.jsonl', '--seq', String(list.length), '--as', 'public'], dir)).stdout,
    );
    expect(end.status).toBe('ended');
    const start = JSON.parse((await cli(['seek', 'one.jsonl', '--seq', '0', '--as', 'public'], dir)).stdout);
    expect(start.players).toEqual([]);
    const board = JSON.parse(
      (await cli(['seek', 'one.jsonl', '--seq', '6', '--as', 'p1', '--board'], dir)).stdout,
    );
    expect(board).toMatchObject({ game: 'coin-race', players: [{ id: 'p1' }, { id: 'p2' }] });
  });

  it('explains a seq past the end, a bad viewer and an ambiguous file', async () => {
    expect((await cli(['seek', 'one.jsonl', '--seq', '999', '--as', 'judge'], dir)).stderr).toMatch(
      /seq 999 is past the end of match sim-9 \(last seq \d+\)/,
    );
    expect((await cli(['seek', 'one.jsonl', '--seq', '1', '--as', 'king'], dir)).stderr).toMatch(
      /--as: a viewer is judge, public, p1, p2/,
    );
    expect((await cli(['seek', 'out/sim.jsonl', '--seq', '1', '--as', 'judge'], dir)).stderr).toMatch(
      /holds 3 matches .* choose one with --match ID/,
    );
    expect(
      (await cli(['seek', 'out/sim.jsonl', '--seq', '1', '--as', 'judge', '--match', 'sim-7-2'], dir)).code,
    ).toBe(0);
  });
});

describe('log', () => {
  it('prints one described line per event, redacted for the viewer, within --from/--to', async () => {
    const judge = await cli(['log', 'one.jsonl', '--from', '2', '--to', '9'], dir);
    expect(judge.code).toBe(0);
    expect(judge.out).toHaveLength(8);
    expect(judge.out[0]).toMatch(/^ {4}2 {2}T0 setup {2}rules DeckShuffled {2}\(1\.1\)$/);
    const all = await cli(['log', 'one.jsonl', '--as', 'p2'], dir);
    expect(all.stdout).toMatch(/p1 +★ p1 played \w+ for \d/);
    expect(all.stdout).toMatch(/flipped (heads|tails) {2}\(2\.4\)/);
    expect((await cli(['log', 'one.jsonl', '--as', 'nobody'], dir)).code).toBe(2);
  });
});

describe('scenario', () => {
  const good = {
    game: 'coin-race',
    seed: 1,
    players: { p1: { deck: ['one', 'two', 'three'] }, p2: { deck: ['one', 'one', 'one'] } },
    stack: { p1: { hand: ['three', 'two'] } },
    steps: [
      { command: { type: 'PlayCard', player: 'p1', index: 0 }, expect: 'accepted' },
      { expectEvent: { type: 'CardPlayed', payload: { points: 3 } } },
      { expectState: { as: 'public', path: 'players[0].score', equals: 3 } },
    ],
  };
  const bad = {
    ...good,
    steps: [
      { command: { type: 'Flip', player: 'p2' }, expect: { rejected: { rule: '2.2' } } },
      { expectState: { as: 'judge', path: 'players.0.score', equals: 9 } },
    ],
  };

  beforeAll(() => {
    mkdirSync(join(dir, 'scen/nested'), { recursive: true });
    writeFileSync(join(dir, 'scen/good.json'), JSON.stringify(good));
    writeFileSync(join(dir, 'scen/nested/bad.json'), JSON.stringify(bad));
    writeFileSync(join(dir, 'scen/nested/notes.txt'), 'not a scenario');
  });

  it('exits 0 when every expectation holds', async () => {
    const r = await cli(['scenario', 'scen/good.json'], dir);
    expect(r).toMatchObject({
      code: 0,
      out: ['✓ scen/good.json (3 steps)', '1 passed, 0 failed (1 scenario)'],
    });
  });

  it('runs a directory, prints each failure with its step, and exits 1', async () => {
    const r = await cli(['scenario', 'scen'], dir);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('✓ scen/good.json');
    expect(r.stdout).toMatch(
      /✗ scen\/nested\/bad\.json\n {4}step 0: Flip by p2 was rejected by rule 2\.1 .*expected rule 2\.2\n {4}step 1: state players\.0\.score as judge is 0, expected 9/,
    );
    expect(r.out[r.out.length - 1]).toBe('1 passed, 1 failed (2 scenarios)');
    const j = await cli(['scenario', 'scen', '--json'], dir);
    expect(j.out.map((l) => JSON.parse(l).ok)).toEqual([true, false]);
  });

  it('reports unreadable files and unknown games as failures', async () => {
    writeFileSync(join(dir, 'broken.json'), '{ nope');
    writeFileSync(join(dir, 'chess.json'), JSON.stringify({ ...good, game: 'chess' }));
    const r = await cli(['scenario', 'broken.json', 'chess.json'], dir);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/✗ broken\.json\n {4}cannot read scenario: .*JSON/);
    expect(r.stdout).toMatch(/✗ chess\.json\n {4}unknown game "chess"/);
  });
});

describe('schema, machine, rules-coverage', () => {
  it('prints JSON Schema for commands and events', async () => {
    const r = await cli(['schema', '--game', 'coin-race'], dir);
    const s = JSON.parse(r.stdout);
    expect(s.game).toBe('coin-race');
    expect(s.commands.$schema).toMatch(/json-schema\.org/);
    expect(JSON.stringify(s.commands)).toContain('"PlayCard"');
    expect(JSON.stringify(s.events)).toContain('"CoinFlipped"');
  });

  it('prints the machine as an XState config, or its paths', async () => {
    const j = JSON.parse((await cli(['machine', '--game', 'coin-race'], dir)).stdout);
    expect(j).toMatchObject({
      id: 'coin-race',
      initial: 'setup',
      states: { playing: { initial: 'main' }, ended: { type: 'final' } },
    });
    const p = await cli(['machine', '--game', 'coin-race', '--paths'], dir);
    expect(p.stdout).toContain('  main  [atomic] playing.main');
    expect(p.stdout).toContain('playing --MatchEnded--> ended');
  });

  it('prints coverage counts and reasons, and JSON', async () => {
    const r = await cli(['rules-coverage', '--game', 'coin-race'], dir);
    expect(r.stdout).toContain('sections: 4 implemented, 1 partial, 0 not implemented (5 in all)');
    expect(r.stdout).toMatch(/3\.2 +Turn limit — no tie-break/);
    expect(r.stdout).toMatch(/4\.2 +Double — the fixture keeps one keyword/);
    const j = JSON.parse((await cli(['rules-coverage', '--game', 'coin-race', '--json'], dir)).stdout);
    expect(j.counts.keywords).toEqual({ implemented: 1, partial: 0, 'not-implemented': 1 });
    expect((await cli(['rules-coverage'], dir)).stderr).toMatch(/give --game G or --all/);
  });
});

describe('token', () => {
  it('mints a token the server verifies, with the role and match asked for', async () => {
    const secret = 'a-test-secret-of-enough-length';
    const r = await cli(['token', '--role', 'judge', '--match', 'm1', '--ttl', '600'], dir, {
      env: { MATCHTAPE_SECRET: secret },
    });
    expect(r.code).toBe(0);
    const v = verifyToken(r.stdout, { secret, now: 1_700_000_000_000 });
    expect(v).toMatchObject({ ok: true, claims: { role: 'judge', matchId: 'm1' } });
    expect(v.ok && v.claims.exp - v.claims.iat).toBe(600);
    expect(
      verifyToken(r.stdout, { secret: 'another-secret-of-enough-length', now: 1_700_000_000_000 }).ok,
    ).toBe(false);
    // stdout is one line that is only the token (copy it alone); the description is a "# …" line on stderr.
    expect(r.stdout.trimEnd().split('\n')).toEqual([r.stdout.trim()]);
    expect(r.stdout.trim()).toMatch(/^mt1\.[\w-]+\.[\w-]+$/);
    expect(r.stderr.trim()).toMatch(/^# judge token for match m1, expires \d{4}-/);
  });

  it('keeps a generated secret in the data dir, and refuses bad roles and seatless seat tokens', async () => {
    const a = await cli(['token', '--role', 'public', '--data-dir', 'tokdata'], dir);
    expect(a.code).toBe(0);
    const secret = readFileSync(join(dir, 'tokdata/secret'), 'utf8').trim();
    expect(verifyToken(a.stdout, { secret, now: 1_700_000_000_000 })).toMatchObject({
      ok: true,
      claims: { role: 'public' },
    });
    expect((await cli(['token', '--role', 'king'], dir)).stderr).toMatch(
      /role is judge, coverage, public, seat, organiser or ops/,
    );
    expect((await cli(['token', '--role', 'seat', '--match', 'm'], dir)).stderr).toMatch(
      /a seat token needs --match ID and --seat pN/,
    );
  });

  it('mints an organiser token for every match, never one bound to a match', async () => {
    const secret = 'a-test-secret-of-enough-length';
    const r = await cli(['token', '--role', 'organiser'], dir, { env: { MATCHTAPE_SECRET: secret } });
    expect(r.code).toBe(0);
    const v = verifyToken(r.stdout, { secret, now: 1_700_000_000_000 });
    expect(v).toMatchObject({ ok: true, claims: { role: 'organiser' } });
    expect(v.ok && v.claims.matchId).toBeUndefined();
    const bound = await cli(['token', '--role', 'organiser', '--match', 'm1'], dir, {
      env: { MATCHTAPE_SECRET: secret },
    });
    expect(bound.code).not.toBe(0);
    expect(bound.stderr).toMatch(/organiser token is for every match/);
  });

  it('mints an ops token (health details, metrics) for the instance, never one bound to a match', async () => {
    const secret = 'a-test-secret-of-enough-length';
    const r = await cli(['token', '--role', 'ops'], dir, { env: { MATCHTAPE_SECRET: secret } });
    expect(r.code).toBe(0);
    expect(verifyToken(r.stdout, { secret, now: 1_700_000_000_000 })).toMatchObject({
      ok: true,
      claims: { role: 'ops' },
    });
    const bound = await cli(['token', '--role', 'ops', '--match', 'm1'], dir, {
      env: { MATCHTAPE_SECRET: secret },
    });
    expect(bound.code).not.toBe(0);
    expect(bound.stderr).toMatch(/ops token is for the instance/);
  });
});

describe('fork', () => {
  it('writes a re-chained prefix under a new id that verifies with the original seed', async () => {
    const r = await cli(['fork', 'one.jsonl', '--seq', '10', '--out', 'fork.jsonl'], dir);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      matchId: 'sim-9-fork-10',
      forkOf: 'sim-9',
      seq: 10,
      events: 10,
      out: 'fork.jsonl',
      seed: '9',
    });
    const f = events('fork.jsonl');
    expect(f.map((e) => e.matchId)).toEqual(Array(10).fill('sim-9-fork-10'));
    expect(f.map(({ type, payload }) => ({ type, payload })).slice(1)).toEqual(
      events('one.jsonl')
        .slice(1, 10)
        .map(({ type, payload }) => ({ type, payload })),
    );
    expect((await cli(['verify', 'fork.jsonl', '--seed', '9'], dir)).stdout).toMatch(
      /^✓ sim-9-fork-10 .*seed commitment holds; \d+ random draws re-derived/,
    );
    expect((await cli(['fork', 'one.jsonl', '--seq', '999', '--out', 'x.jsonl'], dir)).stderr).toMatch(
      /at or after MatchEnded/,
    );
  });
});

describe('bench', () => {
  it('prints a throughput table and writes bench-results/<time>.json', async () => {
    const r = await cli(['bench', '--games', '3', '--no-store'], dir);
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toMatch(/^game +matches +events +matches\/s +events\/s/);
    expect(lines[1]).toMatch(/^coin-race +3 +\d+/);
    const files = readdirSync(join(dir, 'bench-results'));
    expect(files).toHaveLength(1);
    const saved = JSON.parse(readFileSync(join(dir, 'bench-results', files[0]!), 'utf8'));
    expect(saved.engine[0]).toMatchObject({
      game: 'coin-race',
      matches: 3,
      failures: 0,
      keyframeEvery: 100,
      seeks: 60,
    });
    expect(saved.store).toBeNull();
  });
});

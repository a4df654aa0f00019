// The CLI over the real games of the catalog: a simulated match of each verifies end to end, seeks for every
// viewer, and its schema, machine and coverage print. (Deeper runs: MATCHTAPE_DEEP=1 plays more matches.)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { games } from '@matchtape/games';
import { run } from './run';
import { makeIo, tempDir } from './testing';
import { parseJsonl } from './jsonl';

const tmp = tempDir();
afterAll(() => tmp.cleanup());
const deep = process.env.MATCHTAPE_DEEP === '1';

async function cli(argv: string[]) {
  // The default catalog, as `npx matchtape` uses it.
  const { io, out, err } = makeIo(tmp.dir);
  delete io.games;
  const code = await run(argv, io);
  return { code, stdout: out.join('\n'), stderr: err.join('\n') };
}

describe.each(Object.keys(games))('%s through the CLI', (id) => {
  it('simulates matches that verify: chain, commitment, every random outcome, fold', async () => {
    const n = deep ? 20 : 1;
    const sim = await cli([
      'simulate',
      '--game',
      id,
      '--seed',
      'cat',
      '--games',
      String(n),
      '--bot',
      'random,greedy',
      '--out',
      `${id}.jsonl`,
    ]);
    expect(sim.stderr.split('\n').filter((l) => l.includes('failed'))).toEqual([]);
    expect(sim.code).toBe(0);
    const v = await cli(['verify', `${id}.jsonl`]);
    expect(v.stdout.split('\n').filter((l) => !l.startsWith('✓'))).toEqual([]);
    expect(v.code).toBe(0);
  });

  it('seeks any viewer mid-match and prints the board', async () => {
    const file = parseJsonl(readFileSync(join(tmp.dir, `${id}.jsonl`), 'utf8'), id);
    const [matchId, events] = [...file.matches.entries()][0]!;
    const mid = String(Math.floor(events.length / 2));
    for (const as of ['judge', 'public', 'p1', 'p2']) {
      const r = await cli(['seek', `${id}.jsonl`, '--match', matchId, '--seq', mid, '--as', as]);
      expect(r.code).toBe(0);
      expect(() => JSON.parse(r.stdout)).not.toThrow();
    }
    const b = await cli([
      'seek',
      `${id}.jsonl`,
      '--match',
      matchId,
      '--seq',
      mid,
      '--as',
      'public',
      '--board',
    ]);
    expect(JSON.parse(b.stdout)).toMatchObject({ game: id });
  });

  it('prints its JSON Schema, machine and rules coverage', async () => {
    const s = JSON.parse((await cli(['schema', '--game', id])).stdout);
    expect(s).toMatchObject({ game: id });
    expect(s.commands).toBeTypeOf('object');
    expect(s.events).toBeTypeOf('object');
    expect(JSON.parse((await cli(['machine', '--game', id])).stdout).states).toBeTypeOf('object');
    expect((await cli(['rules-coverage', '--game', id])).stdout).toMatch(/sections: \d+ implemented/);
  });
});

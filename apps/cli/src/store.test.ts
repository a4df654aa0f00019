// export / import round trips through the real event store (embedded PGlite in a temporary data dir).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '@matchtape/store';
import { createServer, registryOf } from '@matchtape/server';
import { coinRace } from '@matchtape/engine/testing/fixture-game';
import { cli, tempDir } from './testing';
import { parseJsonl } from './jsonl';

const tmp = tempDir();
const dir = tmp.dir;
const store = ['--data-dir', 'data'];
afterAll(() => tmp.cleanup());

beforeAll(async () => {
  expect(
    (await cli(['simulate', '--game', 'coin-race', '--seed', '5', '--games', '2', '--out', 'two.jsonl'], dir))
      .code,
  ).toBe(0);
});

describe('import and export', () => {
  it('imports verified matches, exports them unchanged (same hashes), and re-importing is a no-op', async () => {
    const imp = await cli(['import', 'two.jsonl', ...store], dir);
    expect(imp.code).toBe(0);
    expect(imp.out.map((l) => JSON.parse(l))).toEqual([
      {
        matchId: 'sim-5-1',
        game: 'coin-race',
        imported: expect.any(Number),
        status: 'ended',
        store: 'pglite',
      },
      {
        matchId: 'sim-5-2',
        game: 'coin-race',
        imported: expect.any(Number),
        status: 'ended',
        store: 'pglite',
      },
    ]);
    const exp = await cli(['export', '--match', 'sim-5-2', '--out', 'back.jsonl', ...store], dir);
    expect(exp.code).toBe(0);
    const original = [
      ...parseJsonl(readFileSync(join(dir, 'two.jsonl'), 'utf8'), 'two').matches.get('sim-5-2')!,
    ];
    const back = [
      ...parseJsonl(readFileSync(join(dir, 'back.jsonl'), 'utf8'), 'back').matches.get('sim-5-2')!,
    ];
    expect(back).toEqual(original);
    expect((await cli(['verify', 'back.jsonl'], dir)).code).toBe(0);
    const again = await cli(['import', 'two.jsonl', '--match', 'sim-5-1', ...store], dir);
    expect(JSON.parse(again.stdout)).toMatchObject({
      matchId: 'sim-5-1',
      imported: 0,
      note: 'already stored with the same events',
    });
    const s = await openStore({ dataDir: join(dir, 'data/pglite') });
    try {
      const m = await s.getMatch('sim-5-1');
      expect(m).toMatchObject({ game: 'coin-race', status: 'ended', seed: '5-1' });
      expect(m!.summary).toMatchObject({ status: 'ended', game: 'coin-race' });
    } finally {
      await s.close();
    }
  });

  it('writes nothing for a file that does not verify, and names the seq', async () => {
    const lines = readFileSync(join(dir, 'two.jsonl'), 'utf8').trim().split('\n');
    const e = JSON.parse(lines[3]!);
    e.payload.player = 'p9';
    lines[3] = JSON.stringify({ ...e, matchId: 'sim-x' });
    writeFileSync(
      join(dir, 'bad.jsonl'),
      `${lines
        .slice(0, 3)
        .map((l) => l.replace(/"sim-5-1"/, '"sim-x"'))
        .join('\n')}\n${lines[3]}\n`,
    );
    const r = await cli(['import', 'bad.jsonl', ...store], dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/import: sim-x does not verify: seq \d+: chain: .*nothing was imported/);
    expect((await cli(['export', '--match', 'sim-x', ...store], dir)).stderr).toMatch(
      /no match sim-x in the store/,
    );
  });

  it('imports a fork with the seed fork printed, so it can be continued', async () => {
    await cli(['export', '--match', 'sim-5-1', '--out', 'm1.jsonl', ...store], dir);
    const f = await cli(
      ['fork', 'm1.jsonl', '--seq', '8', '--out', 'fork.jsonl', '--new-id', 'what-if'],
      dir,
    );
    const { seed } = JSON.parse(f.stdout) as { seed: string };
    expect((await cli(['import', 'fork.jsonl', ...store], dir)).stderr).toMatch(
      /has not ended, so its seed is unknown; pass --seed S/,
    );
    const r = await cli(['import', 'fork.jsonl', '--seed', seed, ...store], dir);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ matchId: 'what-if', imported: 8, status: 'playing' });
    const s = await openStore({ dataDir: join(dir, 'data/pglite') });
    try {
      expect(await s.getMatch('what-if')).toMatchObject({ seed: '5-1', status: 'playing', lastSeq: 8 });
    } finally {
      await s.close();
    }
  });

  it('export takes the id as an argument or --match, and reads a running server through its API when it holds the store', async () => {
    const byArg = await cli(['export', 'sim-5-1', ...store], dir);
    const byFlag = await cli(['export', '--match', 'sim-5-1', ...store], dir);
    expect(byArg.code).toBe(0);
    expect(byArg.stdout).toBe(byFlag.stdout);
    expect((await cli(['export', 'sim-5-1', '--match', 'sim-5-2', ...store], dir)).stderr).toMatch(
      /the id is given twice and differs/,
    );
    expect((await cli(['export', ...store], dir)).stderr).toMatch(
      /which match\? give its id: matchtape export ID/,
    );
    // A server holds the embedded database (as `npm start` does): the store cannot be opened a second time.
    const held = await openStore({ dataDir: join(dir, 'data/pglite') });
    const server = await createServer({
      store: held,
      bus: null,
      games: registryOf({ [coinRace.id]: coinRace }),
      roles: ['api'],
      bots: false,
      logger: false,
    });
    try {
      const url = await server.listen(0, '127.0.0.1');
      const port = new URL(url).port;
      const r = await cli(['export', 'sim-5-1', '--out', 'via-api.jsonl', ...store], dir, {
        env: { MATCHTAPE_PORT: port },
      });
      expect(r.stderr).toMatch(
        /the embedded database is in use by the running server; reading sim-5-1 through its API at http:\/\/127\.0\.0\.1:\d+/,
      );
      expect(r.code).toBe(0);
      const viaApi = parseJsonl(readFileSync(join(dir, 'via-api.jsonl'), 'utf8'), 'via-api').matches.get(
        'sim-5-1',
      )!;
      expect(viaApi).toEqual([...parseJsonl(byArg.stdout, 'store').matches.get('sim-5-1')!]);
      expect(
        (await cli(['export', 'nope', ...store], dir, { env: { MATCHTAPE_PORT: port } })).stderr,
      ).toMatch(/the server at http:\/\/127\.0\.0\.1:\d+ has no match nope/);
      expect((await cli(['export', 'sim-5-2', '--api', url, ...store], dir)).code).toBe(0);
    } finally {
      await server.close();
      await held.close();
    }
  });
});

// `matchtape rebuild` on an embedded database: usage errors name the fix; a rebuild builds a generation, switches
// it live and reports events and events/s; `--list` shows it.
import { join } from 'node:path';
import { coinRace } from '@matchtape/engine/testing/fixture-game';
import { EngineHost, registryOf } from '@matchtape/server';
import { openStore } from '@matchtape/store';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cli, tempDir } from './testing';

const tmp = tempDir('matchtape-rebuild-');
afterAll(() => tmp.cleanup());

beforeAll(async () => {
  const store = await openStore({ dataDir: join(tmp.dir, 'pglite') });
  try {
    const host = new EngineHost(store, registryOf({ [coinRace.id]: coinRace }));
    await host.createMatch({
      game: coinRace.id,
      players: [
        { name: 'A', deck: coinRace.presetDecks.low! },
        { name: 'B', deck: coinRace.presetDecks.high! },
      ],
      spectatorDelaySeconds: 0,
      coverageDelaySeconds: 0,
      revealPolicy: 'hidden',
    });
  } finally {
    await store.close();
  }
});

it('asks for a read model, and names the ones there are', async () => {
  const none = await cli(['rebuild', '--data-dir', tmp.dir], tmp.dir);
  expect(none.code).toBe(2);
  expect(none.stderr).toMatch(/which read model\? --projection NAME/);
  const unknown = await cli(['rebuild', '--projection', 'nope', '--data-dir', tmp.dir], tmp.dir);
  expect(unknown.code).toBe(2);
  expect(unknown.stderr).toMatch(
    /no read model named "nope"; read models: match-list, timeline, stats, knowledge/,
  );
});

it('rebuilds into a new generation, switches it live and reports events/s', async () => {
  const r = await cli(['rebuild', '--projection', 'stats', '--data-dir', tmp.dir], tmp.dir);
  expect(r.code, r.stderr).toBe(0);
  const result = JSON.parse(r.stdout);
  expect(result).toMatchObject({ name: 'stats', generation: 1, replaced: null, resumed: false });
  expect(result.events).toBeGreaterThan(0);
  expect(result.eventsPerSecond).toBeGreaterThan(0);
  const again = JSON.parse(
    (await cli(['rebuild', '--projection', 'stats', '--data-dir', tmp.dir], tmp.dir)).stdout,
  );
  expect(again).toMatchObject({ generation: 2, replaced: 1, total: result.total });
  const list = JSON.parse((await cli(['rebuild', '--list', '--data-dir', tmp.dir], tmp.dir)).stdout) as {
    name: string;
    generations: { generation: number; status: string }[];
  }[];
  expect(list.find((m) => m.name === 'stats')!.generations).toEqual([
    expect.objectContaining({ generation: 2, status: 'live' }),
  ]);
});

// The request log: one line per request at a level by outcome, and tokens passed in ?token= never written.
import { coinRace } from '@matchtape/engine/testing/fixture-game';
import { MemoryBus } from '@matchtape/bus';
import { openStore } from '@matchtape/store';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { mintToken, setTokenSecret } from '../src/auth/tokens';
import { createServer, type MatchtapeServer } from '../src/app';
import { registryOf } from '../src/games';

const lines: Record<string, unknown>[] = [];
let server: MatchtapeServer;
let base: string;
let closeAll: () => Promise<void>;

beforeAll(async () => {
  setTokenSecret('logging-test-secret-0123456789');
  const store = await openStore({ dataDir: 'memory://' });
  const bus = new MemoryBus();
  server = await createServer({
    store,
    bus,
    games: registryOf({ [coinRace.id]: coinRace }),
    logger: { level: 'debug', stream: { write: (line: string) => void lines.push(JSON.parse(line)) } },
  });
  base = await server.listen(0);
  closeAll = async () => {
    await server.close();
    await bus.close();
    await store.close();
  };
});
afterAll(() => closeAll());

it('logs each request once, refusals at info, and never the token in ?token=', async () => {
  const judge = mintToken({ role: 'judge', ttlSeconds: 60 });
  expect((await fetch(`${base}/api/matches`)).status).toBe(200);
  expect((await fetch(`${base}/api/matches/nope/live?token=${judge}`)).status).toBe(404);
  const requests = lines.filter((l) => typeof l.url === 'string' && String(l.url).startsWith('/api/matches'));
  expect(requests.map((l) => [l.status, l.level])).toEqual([
    [200, 20],
    [404, 30],
  ]);
  const all = JSON.stringify(lines);
  expect(all).not.toContain(judge);
  expect(all).toContain('token=…');
});

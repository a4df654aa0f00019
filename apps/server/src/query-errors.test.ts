// A bad query string is reported as the query's fault, naming the parameter, never as "body".
import { openStore } from '@matchtape/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MatchtapeServer } from './app';
import { mintToken, setTokenSecret } from './auth/tokens';
import { apiServer } from './testing/api-server';

let server: MatchtapeServer;
let close: () => Promise<void>;
let organiser: string;

beforeAll(async () => {
  setTokenSecret('query-errors-test-secret-0123456789');
  organiser = mintToken({ role: 'organiser', ttlSeconds: 600 });
  const store = await openStore({ dataDir: 'memory://query-errors' });
  server = await apiServer(store);
  close = async () => {
    await server.close();
    await store.close();
  };
});
afterAll(() => close());

describe('query-string errors', () => {
  it('name the query parameter or the query string, not the body', async () => {
    const unknown = await server.app.inject({ method: 'GET', url: '/api/matches/m1/events?frm=3' });
    expect(unknown.statusCode).toBe(400);
    const m1 = (unknown.json() as { message: string }).message;
    expect(m1).toMatch(/^query string: /);
    expect(m1).toContain('frm');
    expect(m1).not.toMatch(/\bbody\b/);
    const bad = await server.app.inject({ method: 'GET', url: '/api/matches/m1/state?seq=abc' });
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { message: string }).message).toMatch(/^query parameter seq: /);
  });

  it('still speak of the body for a bad request body', async () => {
    const r = await server.app.inject({
      method: 'POST',
      url: '/api/matches',
      headers: { authorization: `Bearer ${organiser}` },
      payload: { game: 'alpha-clash', players: 'two' },
    });
    expect(r.statusCode).toBe(400);
    expect((r.json() as { message: string }).message).toMatch(/^players: /);
  });
});

// Spectator delay: with a 5 s delay no public event arrives (SSE, HTTP, NATS public subject) earlier than 5 s
// after its `at`; judges get each one at once (before the public does). These compare clock readings, they do
// not measure performance.
import { subjects } from '@matchtape/bus';
import type { EventEnvelope } from '@matchtape/engine';
import { mintToken, openSse } from '@matchtape/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, testGames, startStack, type Stack, organiser } from './server-helpers';

const registry = await testGames();
const gameIds = registry.ids();

const DELAY = 5;
let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ bots: { minDelayMs: 20, maxDelayMs: 60, scanMs: 1000 } });
});
afterAll(() => stack?.cleanup());

describe('spectator delay', () => {
  it(`holds every public event for ${DELAY}s after its time; judges and coverage get theirs by their own delays`, async () => {
    const base = stack.bases[0]!;
    const created = await api(base, '/api/matches', {
      token: organiser(),
      body: {
        game: gameIds[0],
        players: [{ bot: 'random' }, { bot: 'greedy' }],
        spectatorDelaySeconds: DELAY,
        coverageDelaySeconds: 2,
      },
    });
    expect(created.status).toBe(201);
    const matchId = created.json.matchId as string;
    const judge = mintToken({ role: 'judge', ttlSeconds: 600 });
    const coverage = mintToken({ role: 'coverage', ttlSeconds: 600 });
    const arrivals = {
      public: new Map<number, number>(),
      judge: new Map<number, number>(),
      coverage: new Map<number, number>(),
      nats: new Map<number, number>(),
    };
    const at = new Map<number, number>();
    const sub = await stack.bus.subscribe(
      subjects.public(matchId),
      (m) => {
        arrivals.nats.set((m.data as EventEnvelope).seq, Date.now());
      },
      { fromStreamSeq: 1 },
    );
    const open = (who: 'public' | 'judge' | 'coverage', token?: string) =>
      openSse(
        `${base}/api/matches/${matchId}/live`,
        (m) => {
          if (m.event !== 'event') return;
          const e = JSON.parse(m.data) as EventEnvelope;
          arrivals[who].set(e.seq, Date.now());
          if (who === 'judge') at.set(e.seq, Date.parse(e.at));
        },
        token ? { token } : {},
      );
    const [pub, jud, cov] = await Promise.all([
      open('public'),
      open('judge', judge),
      open('coverage', coverage),
    ]);
    expect([pub.status, jud.status, cov.status]).toEqual([200, 200, 200]);
    // While the match is young, HTTP as public shows only what is older than the delay.
    const early = await api(base, `/api/matches/${matchId}/events`);
    const now = Date.now();
    for (const e of early.json.events as EventEnvelope[])
      expect(Date.parse(e.at) + DELAY * 1000).toBeLessThanOrEqual(now);
    expect(
      (await api(base, `/api/matches/${matchId}/events`, { token: judge })).json.events.length,
    ).toBeGreaterThan(early.json.events.length);
    await Promise.all([pub.done, jud.done, cov.done]);
    for (let i = 0; i < 100 && arrivals.nats.size < at.size; i++)
      await new Promise((r) => setTimeout(r, 100));
    await sub.stop();

    expect(at.size).toBeGreaterThan(10);
    expect(arrivals.public.size).toBe(at.size);
    expect(arrivals.coverage.size).toBe(at.size);
    expect(arrivals.nats.size).toBe(at.size);
    for (const [seq, t] of at) {
      expect(arrivals.public.get(seq)!, `public seq ${seq}`).toBeGreaterThanOrEqual(t + DELAY * 1000);
      expect(arrivals.nats.get(seq)!, `NATS public seq ${seq}`).toBeGreaterThanOrEqual(t + DELAY * 1000);
      expect(arrivals.coverage.get(seq)!, `coverage seq ${seq}`).toBeGreaterThanOrEqual(t + 2000);
      expect(arrivals.judge.get(seq)!, `judge before public, seq ${seq}`).toBeLessThan(
        arrivals.public.get(seq)!,
      );
    }
  });
});

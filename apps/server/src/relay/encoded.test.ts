// The relay publishes readAllEncoded's JSON text as is: it must parse to exactly the envelope readAll gives (what
// the relay published before it stopped parsing payloads), for every game's events, v1 and sealed (v2).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sealerFor, sealViewers, type NewEvent } from '@matchtape/engine';
import { playMatch } from '@matchtape/engine/testing';
import { games } from '@matchtape/games';
import { openTestStore, sampleEvents, sampleMatch, type TestStore } from '@matchtape/store/testing';

const SEED = 'relay-encoded';

/** A bot match of each game, as the events a host appends (up to 80 commands: every kind of event early on). */
/** Text that JSON escapes: quotes, backslashes, control characters, line separators, astral characters. */
const awkward = 'a "quoted" \\ back\nslash\t\u0001 \u2028 é 🂡 </script>';
const awkwardEvents: NewEvent[] = [
  ...sampleEvents(2),
  {
    type: `Odd${awkward}`,
    at: '2026-11-27T07:00:00.000Z',
    turn: 3,
    phase: awkward,
    step: awkward,
    cause: { commandId: awkward, player: 'p1' },
    rule: awkward,
    payload: { text: awkward, n: -0.5, big: 1e21, tiny: 5e-7, list: [awkward, null, true, {}], empty: [] },
  },
];

const played = Object.entries(games).map(([id, game]) => {
  const m = playMatch(game, {
    seed: SEED,
    bots: { p1: 'random', p2: 'greedy' },
    recordStates: false,
    maxCommands: 80,
  });
  const events: NewEvent[] = m.events.map(
    ({ matchId: _m, seq: _s, prevHash: _p, hash: _h, seal: _x, ...e }) => e,
  );
  return { id, game, events };
});

describe.each(['pglite', 'postgres'] as const)('readAllEncoded on %s', (kind) => {
  let t: TestStore;
  beforeAll(async () => {
    t = await openTestStore(kind);
    await t.store.createMatch(sampleMatch(`awkward "text"`));
    await t.store.appendToStream(`awkward "text"`, 0, awkwardEvents);
    for (const { id, game, events } of played) {
      for (const sealed of [false, true]) {
        const matchId = `${id}-${sealed ? 'v2' : 'v1'}`;
        await t.store.createMatch({ ...sampleMatch(matchId), game: id });
        const sealer = sealed ? sealerFor(game, sealViewers(['p1', 'p2']), SEED) : undefined;
        for (let i = 0; i < events.length; i += 7)
          await t.store.appendToStream(matchId, i, events.slice(i, i + 7), sealer ? { sealer } : {});
      }
    }
  }, 120_000);
  afterAll(async () => {
    await t?.cleanup();
  });

  it("parses to readAll's envelope, event for event, in the same order", async () => {
    let sealed = 0;
    let total = 0;
    const expected = awkwardEvents.length + played.reduce((n, p) => n + 2 * p.events.length, 0);
    // On the shared Postgres another test's open transaction may hold the read horizon back a moment: poll.
    for (let after = 0, polls = 0; total < expected && polls < 600;) {
      const [plain, encoded] = await Promise.all([
        t.store.readAll({ after, limit: 500 }),
        t.store.readAllEncoded({ after, limit: 500 }),
      ]);
      const n = Math.min(plain.length, encoded.length);
      expect(encoded.slice(0, n).map((e) => e.position)).toEqual(plain.slice(0, n).map((e) => e.position));
      if (n === 0) {
        polls++;
        await new Promise((r) => setTimeout(r, 50));
        continue;
      }
      plain.slice(0, n).forEach(({ position: _p, ...envelope }, i) => {
        const e = encoded[i]!;
        expect({ matchId: e.matchId, seq: e.seq }).toEqual({ matchId: envelope.matchId, seq: envelope.seq });
        // Deep equality, and the same keys in the same order (what a consumer that re-serialises would see); the
        // text itself differs in jsonb's spaces after ':' and ','.
        expect(JSON.parse(e.body)).toStrictEqual(envelope);
        expect(JSON.stringify(JSON.parse(e.body))).toBe(JSON.stringify(envelope));
        if (envelope.seal) sealed++;
      });
      total += n;
      after = plain[n - 1]!.position;
    }
    expect(total).toBe(expected);
    expect(sealed).toBe(played.reduce((n, p) => n + p.events.length, 0));
  });
});

import { describe, expect, it } from 'vitest';
import { isRedactedRandom, randomPositionsIn, redactRandom, REDACTED_RANDOM } from './random-redaction';
import { cursorAfter, isRandomRecord, Rng, verifyRandom } from './rng';

describe('redactRandom', () => {
  const rng = new Rng('redact');
  rng.permutation(5);
  rng.opaqueId();
  const payload = { player: 'p1', random: rng.take() };

  it('replaces the outcome and both positions, keeps every other field, and leaves the input alone', () => {
    const out = redactRandom(payload);
    expect(out).toEqual({ player: 'p1', random: { from: null, to: null, draws: null } });
    expect(payload.random.to).toBe(rng.cursor);
    expect(rng.cursor).toBeGreaterThanOrEqual(5);
    expect(isRedactedRandom(out.random)).toBe(true);
    expect(isRandomRecord(out.random)).toBe(false);
    expect(isRedactedRandom(payload.random)).toBe(false);
    expect(Object.isFrozen(REDACTED_RANDOM)).toBe(true);
    expect(out.random).not.toBe(REDACTED_RANDOM);
  });

  it('returns the same payload when there is no random record, and is idempotent', () => {
    const plain = { player: 'p2' };
    expect(redactRandom(plain)).toBe(plain);
    expect(redactRandom(redactRandom(payload))).toEqual(redactRandom(payload));
  });

  it('leaves no cursor to find and is refused by verifyRandom with the seq', () => {
    const events = [{ seq: 4, payload: redactRandom(payload) }];
    expect(cursorAfter(events)).toBe(0);
    expect(verifyRandom(events, 'redact')).toEqual({
      ok: false,
      seq: 4,
      reason: expect.stringMatching(/redacted; verify the full \(judge\) export/),
    });
    expect(verifyRandom([{ seq: 4, payload }], 'redact')).toEqual({ ok: true, draws: rng.cursor });
  });
});

describe('randomPositionsIn', () => {
  it('finds positions and outcomes anywhere in a value, and nothing in redacted ones', () => {
    const rng = new Rng('scan');
    rng.int(6);
    const full = { type: 'CoinFlipped', payload: { heads: true, random: rng.take() } };
    const state = { game: 'x', rng: 7, players: [{ cursor: 0 }] };
    expect(randomPositionsIn({ events: [full], state })).toEqual([
      `$.events[0].payload.random = ${JSON.stringify(full.payload.random)}`,
      '$.state.rng = 7',
    ]);
    expect(randomPositionsIn([{ random: { from: 0, to: 1, draws: null } }])).toEqual([
      '$[0].random = {"from":0,"to":1,"draws":null}',
    ]);
    expect(randomPositionsIn({ random: { from: null, to: null, draws: [] } })).toHaveLength(1);
    expect(
      randomPositionsIn({ events: [{ payload: redactRandom(full.payload) }], state: { ...state, rng: 0 } }),
    ).toEqual([]);
    expect(randomPositionsIn({ seq: 3, turn: 9 }, ['turn'])).toEqual(['$.turn = 9']);
  });
});

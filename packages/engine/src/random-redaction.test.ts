import { describe, expect, it } from 'vitest';
import { isRedactedRandom, redactRandom, REDACTED_RANDOM } from './random-redaction';
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
    expect(verifyRandom(events, 'redact')).toEqual({ ok: false, seq: 4, reason: expect.stringMatching(/redacted; verify the full \(judge\) export/) });
    expect(verifyRandom([{ seq: 4, payload }], 'redact')).toEqual({ ok: true, draws: rng.cursor });
  });
});

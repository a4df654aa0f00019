import { describe, expect, it } from 'vitest';
import { redactCopy, verifyCopy } from './envelope';
import { commitKey, commitment, sealSalt, viewersOfSeal } from './seal';
import { playMatch } from './testing/harness';
import { coinRace } from './testing/fixture-game';

const m = playMatch(coinRace, { seed: 'seal', bots: { p1: 'random', p2: 'random' } });
const key = commitKey('seal');
const viewEvent = coinRace.viewEvent.bind(coinRace);

describe('sealed events', () => {
  it('are sealed for the public and every seat, with salts unique per event and view', () => {
    expect(viewersOfSeal(m.events[0]!.seal!)).toEqual(['public', 'p1', 'p2']);
    const salts = new Set(
      m.events.flatMap((e) =>
        (['judge', 'public', 'p1', 'p2'] as const).map((v) => sealSalt(key, e.matchId, e.seq, v)),
      ),
    );
    expect(salts.size).toBe(m.events.length * 4);
    // Equal values under different salts give unrelated digests: equal payloads never show as equal.
    expect(commitment(sealSalt(key, 'm', 1, 'public'), {})).not.toBe(
      commitment(sealSalt(key, 'm', 2, 'public'), {}),
    );
  });

  it('a full copy opens every commitment with the key, and cannot be checked without it', () => {
    expect(verifyCopy(m.events, { copy: 'full' }, viewEvent, key)).toEqual({ ok: true });
    expect(verifyCopy(m.events, { copy: 'full' }, viewEvent, null)).toMatchObject({
      ok: false,
      seq: 1,
      reason: expect.stringMatching(/cannot be opened without the match key/),
    });
    expect(verifyCopy(m.events, { copy: 'full' }, viewEvent, commitKey('other'))).toMatchObject({
      ok: false,
      seq: 1,
      reason: expect.stringMatching(/does not open its commitment/),
    });
  });

  it("a redacted copy verifies by itself and with the revealed key; another viewer's salt or payload does not", () => {
    for (const v of ['public', 'p1', 'p2'] as const) {
      const copy = redactCopy(m.events, v, viewEvent, key);
      expect(verifyCopy(copy, { copy: 'redacted', viewer: v }, viewEvent, null)).toEqual({ ok: true });
      expect(verifyCopy(copy, { copy: 'redacted', viewer: v }, viewEvent, key)).toEqual({ ok: true });
    }
    const p1 = redactCopy(m.events, 'p1', viewEvent, key);
    const differs = p1.findIndex(
      (e, i) =>
        JSON.stringify(e.payload) !== JSON.stringify(redactCopy(m.events, 'p2', viewEvent, key)[i]!.payload),
    );
    expect(differs).toBeGreaterThanOrEqual(0);
    // p1's copy presented as p2's: the first event whose views differ is named.
    expect(verifyCopy(p1, { copy: 'redacted', viewer: 'p2' }, viewEvent, null)).toMatchObject({ ok: false });
    expect(verifyCopy(p1, { copy: 'redacted', viewer: 'p2' }, viewEvent, key)).toMatchObject({
      ok: false,
      seq: 1,
    });
  });

  it('one match has one scheme: a seal dropped from an event is named by its seq', () => {
    const k = 4;
    const stripped = m.events.map((e, i) => (i === k ? { ...e, seal: undefined } : e));
    expect(verifyCopy(stripped, { copy: 'full' }, viewEvent, key)).toMatchObject({ ok: false, seq: k + 1 });
  });
});

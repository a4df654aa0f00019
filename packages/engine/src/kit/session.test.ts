import { describe, expect, it } from 'vitest';
import { verifyChain } from '../envelope';
import type { Command } from '../game';
import { verifyRandom } from '../rng';
import { defaultConfig } from '../testing';
import { coinRace, type CoinRaceState } from '../testing/fixture-game';
import { roundTimeEndDrafts } from './clock';
import { commandShapeError, MatchSession } from './session';

const host = { seed: 'sess', at: '2026-01-01T00:00:00.000Z' };
const start = () => {
  const r = MatchSession.start<CoinRaceState>(coinRace, defaultConfig(coinRace, 'm-sess'), host);
  if (!r.ok) throw new Error(r.reason);
  return r.session;
};
const cmd = (type: string, player: 'p1' | 'p2', extra: Record<string, unknown> = {}): Command => ({
  type,
  player,
  commandId: `${player}-${type}`,
  ...extra,
});

describe('MatchSession', () => {
  playingAndResumingTests();
  endingAndRefusalTests();
});

/** Setup, commands at the cursor, propose and commit, resuming from a snapshot or stored events. */
function playingAndResumingTests(): void {
  it('starts with setup as system events chained from seq 1, and plays commands at the cursor', () => {
    const s = start();
    expect(s.events[0]).toMatchObject({ seq: 1, type: 'MatchStarted', cause: { system: true } });
    expect(s.lastSeq).toBe(s.events.length);
    const flip = s.play(cmd('Flip', 'p1'), host.at);
    expect(flip.ok).toBe(true);
    const flipped = s.events.find((e) => e.type === 'CoinFlipped')!;
    expect(flipped.cause).toEqual({ commandId: 'p1-Flip', player: 'p1' });
    expect(s.cursor).toBe((flipped.payload.random as { to: number }).to);
    expect(verifyChain([...s.events])).toEqual({ ok: true });
  });

  it('propose changes nothing; commit applies the chained events; a gap is refused', () => {
    const s = start();
    const before = { seq: s.lastSeq, state: s.state };
    const p = s.propose(cmd('Flip', 'p1'), host.at);
    if (!p.ok) throw new Error(p.reason);
    expect(s.lastSeq).toBe(before.seq);
    expect(s.state).toBe(before.state);
    const chained = s.chain(p.events);
    expect(() => s.commit(chained.slice(1))).toThrow(/expected seq/);
    s.commit(chained, p.state);
    expect(s.lastSeq).toBe(before.seq + p.events.length);
  });

  it('resumes from a snapshot with its cursor plus the tail alone, and refuses a tail without one', () => {
    const s = start();
    for (const c of [cmd('PlayCard', 'p1', { index: 0 }), cmd('Flip', 'p1'), cmd('Flip', 'p2')])
      expect(s.play(c, host.at).ok).toBe(true);
    const events = [...s.events];
    for (let k = 2; k <= events.length; k++) {
      const head = MatchSession.resume<CoinRaceState>(coinRace, {
        matchId: 'm-sess',
        seed: host.seed,
        events: events.slice(0, k),
      });
      const snapshot = { seq: k, state: head.state, hash: events[k - 1]!.hash, cursor: head.cursor };
      const r = MatchSession.resume<CoinRaceState>(
        coinRace,
        { matchId: 'm-sess', seed: host.seed, events: events.slice(k - 1), snapshot },
        { keepEvents: false },
      );
      expect(r.state).toEqual(s.state);
      expect([r.lastSeq, r.lastHash, r.cursor, r.lastAt]).toEqual([
        s.lastSeq,
        s.lastHash,
        s.cursor,
        s.lastAt,
      ]);
      expect(() =>
        MatchSession.resume(coinRace, {
          matchId: 'm-sess',
          seed: host.seed,
          events: events.slice(k - 1),
          snapshot: { ...snapshot, cursor: undefined },
        }),
      ).toThrow(/generator cursor is needed/);
      expect(() =>
        MatchSession.resume(coinRace, {
          matchId: 'm-sess',
          seed: host.seed,
          events: events.slice(k - 1),
          snapshot: { ...snapshot, hash: 'x' },
        }),
      ).toThrow(/read the stream from seq 1/);
    }
  });

  it('resumes from stored events (with or without a snapshot) to the same state, cursor and hash', () => {
    const s = start();
    for (const c of [cmd('PlayCard', 'p1', { index: 0 }), cmd('Flip', 'p1'), cmd('Flip', 'p2')])
      expect(s.play(c, host.at).ok).toBe(true);
    const events = [...s.events];
    const plain = MatchSession.resume<CoinRaceState>(coinRace, {
      matchId: 'm-sess',
      seed: host.seed,
      events,
    });
    const k = 4;
    let st = coinRace.initial();
    for (const e of events.slice(0, k)) st = coinRace.evolve(st, e);
    const snap = MatchSession.resume<CoinRaceState>(
      coinRace,
      {
        matchId: 'm-sess',
        seed: host.seed,
        events,
        snapshot: { seq: k, state: st, hash: events[k - 1]!.hash },
      },
      { keepEvents: false },
    );
    for (const r of [plain, snap]) {
      expect(r.state).toEqual(s.state);
      expect([r.lastSeq, r.lastHash, r.cursor]).toEqual([s.lastSeq, s.lastHash, s.cursor]);
    }
    expect(snap.events).toEqual([]);
    // Both continue identically.
    const a = plain.play(cmd('PlayCard', 'p1', { index: 0 }), host.at);
    const b = s.play(cmd('PlayCard', 'p1', { index: 0 }), host.at);
    expect(a).toEqual(b);
  });
}

/** Rejections, the end of a match (seed, rule, endAtTurn), the command shape check and a scenario's setup. */
function endingAndRefusalTests(): void {
  it('a rejection changes nothing; after MatchEnded the game’s own rejection is returned', () => {
    const s = start();
    const seq = s.lastSeq;
    expect(s.play(cmd('Flip', 'p2'), host.at)).toMatchObject({ ok: false, rule: '2.1' });
    expect(s.lastSeq).toBe(seq);
    expect(s.play(cmd('Concede', 'p2'), host.at).ok).toBe(true);
    expect(s.ended).toBe(true);
    expect(s.events.at(-1)!.payload.seed).toBe(host.seed);
    expect(verifyRandom([...s.events], host.seed).ok).toBe(true);
    expect(s.play(cmd('Flip', 'p1'), host.at)).toMatchObject({ ok: false, rule: '3.1' });
  });

  it('withholdSeed (a fork): MatchEnded carries seed "" and the draws are the seed\'s all the same', () => {
    const s = start();
    const withheld = MatchSession.resume<CoinRaceState>(
      coinRace,
      { matchId: 'm-sess', seed: host.seed, events: [...s.events] },
      { withholdSeed: true },
    );
    expect(withheld.play(cmd('Flip', 'p1'), host.at).ok).toBe(true);
    expect(withheld.play(cmd('Concede', 'p2'), host.at).ok).toBe(true);
    expect(withheld.events.at(-1)).toMatchObject({ type: 'MatchEnded', payload: { seed: '' } });
    expect(verifyRandom([...withheld.events], host.seed).ok).toBe(true);
  });

  it('after MatchEnded, a game that would still accept is refused with the rule that ended the match', () => {
    const lax = {
      ...coinRace,
      decide: (st: CoinRaceState, c: Command, ctx: Parameters<typeof coinRace.decide>[2]) =>
        st.status === 'ended' ? { ok: true as const, events: [] } : coinRace.decide(st, c, ctx),
    };
    const r = MatchSession.start<CoinRaceState>(lax, defaultConfig(lax, 'm-lax'), host);
    if (!r.ok) throw new Error(r.reason);
    expect(r.session.play(cmd('Concede', 'p1'), host.at).ok).toBe(true);
    expect(r.session.play(cmd('Flip', 'p1'), host.at)).toMatchObject({
      ok: false,
      rule: '3.3',
      reason: expect.stringMatching(/has ended/),
    });
  });

  it('checkShape rejects a malformed command with rule "command" before decide', () => {
    const r = MatchSession.start<CoinRaceState>(coinRace, defaultConfig(coinRace, 'm-shape'), host, {
      checkShape: true,
    });
    if (!r.ok) throw new Error(r.reason);
    expect(r.session.play(cmd('PlayCard', 'p1', { index: 'x' }), host.at)).toMatchObject({
      ok: false,
      rule: 'command',
      reason: expect.stringMatching(/not a valid coin-race command at index/),
    });
    expect(commandShapeError(coinRace, { type: 'Flip', commandId: 'c1' })).toBeNull();
  });

  it('a custom setup (a scenario start) replaces the game’s setup', () => {
    const r = MatchSession.start<CoinRaceState>(coinRace, defaultConfig(coinRace, 'm-custom'), host, {
      setup: () => ({ ok: false, rule: '1.1', reason: 'nope' }),
    });
    expect(r).toEqual({ ok: false, rule: '1.1', reason: 'nope' });
  });
  it("endAtTurn cuts a proposal where it would enter a turn after the last one and ends the match in the same events (a round's time, MTR 2.5)", () => {
    const s = start();
    const turn = s.state.turn;
    const p = s.propose(cmd('Flip', s.state.active as 'p1' | 'p2'), host.at);
    if (!p.ok) throw new Error(p.reason);
    // Flip ends the turn: its events run into turn + 1.
    expect(p.events.at(-1)!.turn).toBe(turn + 1);
    const end = roundTimeEndDrafts(['p1', 'p2'], {
      eventId: 'e_x',
      round: 1,
      extraTurns: 0,
      turnAtTime: turn,
    });
    expect(s.endAtTurn(p, turn + 1, end)).toBe(p);
    const cut = s.endAtTurn(p, turn, end);
    const kept = p.events.filter((e) => e.turn <= turn);
    expect(cut.events.slice(0, kept.length)).toEqual(kept);
    expect(cut.events.slice(kept.length).map((e) => [e.type, e.turn, e.cause])).toEqual([
      ['RoundTimeEnded', turn, { system: true }],
      ['MatchEnded', turn, { system: true }],
    ]);
    expect(cut.state.status).toBe('ended');
    expect(cut.state.winner).toBeNull();
    // Nothing changed until it is committed; committed, it is a stream that folds to the same state.
    expect(s.state.turn).toBe(turn);
    s.commit(s.chain(cut.events), cut.state);
    expect(s.ended).toBe(true);
  });
}

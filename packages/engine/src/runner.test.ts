import { describe, expect, it } from 'vitest';
import type { GameModule } from './game';
import { Rng, RngSource, cursorAfter, seedCommitment } from './rng';
import { applyCommand, startMatch, stampDrafts } from './runner';
import { coinRace, type CoinRaceState } from './testing/fixture-game';
import { defaultConfig } from './testing';

const host = { seed: 'runner-seed', at: '2026-01-01T00:00:00.000Z' };
const config = defaultConfig(coinRace, 'm-runner');

function started() {
  const r = startMatch<CoinRaceState>(coinRace, config, host);
  if (!r.ok) throw new Error(r.reason);
  return r;
}

describe('startMatch', () => {
  it('commits to the seed in MatchStarted, stamps setup as system actions and positions each event', () => {
    const r = started();
    expect(r.events[0]!.type).toBe('MatchStarted');
    expect(r.events[0]!.payload.seedCommitment).toBe(seedCommitment(host.seed, config.matchId));
    expect(r.events[0]!.payload.game).toBe('coin-race');
    expect(JSON.stringify(r.events)).not.toContain(host.seed);
    for (const e of r.events) {
      expect(e.cause).toEqual({ system: true });
      expect(e.at).toBe(host.at);
    }
    const last = r.events[r.events.length - 1]!;
    expect(last).toMatchObject({ type: 'TurnStarted', turn: 1, phase: 'main', step: null, rule: '1.1' });
    expect(r.state.status).toBe('playing');
  });

  it('returns the rejection when setup refuses the configuration', () => {
    const bad = { ...config, players: config.players.slice(0, 1) };
    expect(startMatch(coinRace, bad, host)).toMatchObject({ ok: false, rule: '1.1' });
  });
});

describe('applyCommand', () => {
  it('stamps the command as the cause of player actions and system for automatic ones', () => {
    const s = started();
    const rng = new RngSource(host.seed).at(cursorAfter(s.events));
    const r = applyCommand<CoinRaceState>(
      coinRace,
      s.state,
      { type: 'Flip', player: 'p1', commandId: 'cmd-1' },
      rng,
      host,
    );
    if (!r.ok) throw new Error(r.reason);
    expect(r.events[0]).toMatchObject({
      type: 'CoinFlipped',
      cause: { commandId: 'cmd-1', player: 'p1' },
      rule: '2.4',
    });
    expect(r.events[1]).toMatchObject({ type: 'TurnStarted', cause: { system: true }, turn: 2 });
  });

  it('invents a command id when the client sent none', () => {
    const s = started();
    const r = applyCommand<CoinRaceState>(
      coinRace,
      s.state,
      { type: 'Flip', player: 'p1' },
      new Rng(host.seed, cursorAfter(s.events)),
      host,
    );
    expect(r.ok && r.events[0]!.cause).toEqual({ commandId: 'p1:Flip', player: 'p1' });
  });

  it('fills the revealed seed into MatchEnded, whatever the game wrote', () => {
    const s = started();
    const r = applyCommand<CoinRaceState>(
      coinRace,
      s.state,
      { type: 'Concede', player: 'p2', commandId: 'c' },
      new Rng(host.seed, cursorAfter(s.events)),
      host,
    );
    if (!r.ok) throw new Error(r.reason);
    expect(r.events).toHaveLength(1);
    expect(r.events[0]!.payload).toEqual({ winner: 'p1', result: 'p2 conceded (3.3)', seed: host.seed });
    expect(r.state.status).toBe('ended');
  });

  it('passes a rejection through and changes nothing', () => {
    const s = started();
    const before = JSON.stringify(s.state);
    const r = applyCommand(coinRace, s.state, { type: 'Flip', player: 'p2' }, new Rng(host.seed), host);
    expect(r).toEqual({ ok: false, rule: '2.1', reason: expect.stringMatching(/p1's turn/) });
    expect(JSON.stringify(s.state)).toBe(before);
  });

  it('throws when a game draws randomness that no event records', () => {
    const sloppy: GameModule<CoinRaceState> = {
      ...coinRace,
      decide: (state, command, ctx) => {
        ctx.rng.int(6);
        return coinRace.decide(state, { ...command, type: 'Concede' }, { rng: new Rng('unused') });
      },
    };
    const s = started();
    expect(() =>
      applyCommand(sloppy, s.state, { type: 'Flip', player: 'p1' }, new Rng(host.seed), host),
    ).toThrow(/random draws were made that no event records/);
    const sloppySetup: GameModule<CoinRaceState> = {
      ...coinRace,
      setup: (cfg, ctx) => {
        ctx.rng.int(2);
        return coinRace.setup({ ...cfg, stack: { p1: {}, p2: {} } }, { ...ctx, rng: new Rng('unused') });
      },
    };
    expect(() => startMatch(sloppySetup, config, host)).toThrow(/setup: random draws/);
  });
});

describe('stampDrafts', () => {
  it('names the game in MatchStarted when the game did not, and keeps a name the game wrote', () => {
    const s = coinRace.initial();
    const cause = { system: true } as const;
    const unnamed = stampDrafts(
      coinRace,
      s,
      [{ type: 'MatchStarted', payload: { seedCommitment: 'x', players: [], target: 1, turnLimit: 1 } }],
      cause,
      host,
    );
    expect(unnamed.events[0]!.payload.game).toBe('coin-race');
    const named = stampDrafts(
      coinRace,
      s,
      [
        {
          type: 'MatchStarted',
          payload: { game: 'coin-race-v2', seedCommitment: 'x', players: [], target: 1, turnLimit: 1 },
        },
      ],
      cause,
      host,
    );
    expect(named.events[0]!.payload.game).toBe('coin-race-v2');
  });

  it('stamps each event with the position the event itself leaves the game in', () => {
    const s = started();
    const { events, state } = stampDrafts<CoinRaceState>(
      coinRace,
      s.state,
      [
        { type: 'TurnStarted', payload: { player: 'p2', turn: 9 }, auto: true, rule: 'x' },
        { type: 'Unknown', payload: {} },
      ],
      { commandId: 'k', player: 'p1' },
      host,
    );
    expect(events[0]).toMatchObject({ turn: 9, cause: { system: true }, rule: 'x' });
    expect(events[1]).toMatchObject({ turn: 9, cause: { commandId: 'k', player: 'p1' }, rule: null });
    expect(state.active).toBe('p2');
  });
});

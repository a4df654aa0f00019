// Multiplayer (1.2.4, 2.2.1.b, 1.4.5): 3–4 seats play to the end; losers' turns are skipped and their objects
// leave the game; the fold of the events equals the live state, redaction commutes at the end, randomness verifies.
import { describe, expect, it } from 'vitest';
import { jsonEqual, MatchSession, Rng, verifyRandom, type Command, type PlayerId } from '@matchtape/engine';
import { grandArchive } from './index';
import { PRESET_DECKS } from './cards/decks';
import type { GAState } from './types';

function play(seed: string, seats: number) {
  const presets = Object.values(PRESET_DECKS);
  const players = Array.from({ length: seats }, (_, i) => ({
    id: `p${i + 1}` as PlayerId,
    name: `Bot ${i + 1}`,
    deck: presets[i % presets.length]!,
  }));
  const r = MatchSession.start<GAState>(grandArchive, { matchId: seed, players }, { seed, at: 't' });
  if (!r.ok) throw new Error(r.reason);
  const session = r.session;
  const bot = new Rng(`bot-${seed}`);
  for (let i = 0; i < 30_000 && session.state.status !== 'ended'; i++) {
    const s = session.state;
    const p = grandArchive.actors(s)[0]!;
    const legal = grandArchive.legalCommands(s, p);
    const c: Command = {
      ...grandArchive.bots[i % 3 === 0 ? 'random' : 'greedy'].choose(s, p, legal, bot),
      player: p,
    };
    const res = session.play(c, 't');
    if (!res.ok) throw new Error(`listed command rejected: ${res.rule} ${res.reason}`);
  }
  return { s: session.state, events: session.events };
}

describe('grand-archive multiplayer', () => {
  for (const seats of [3, 4])
    it(`${seats} players play to the end by the rules`, { timeout: 120_000 }, () => {
      for (let k = 0; k < 3; k++) {
        const { s, events } = play(`mp-${seats}-${k}`, seats);
        expect(s.status).toBe('ended');
        let f = grandArchive.initial();
        for (const e of events) f = grandArchive.evolve(f, e);
        expect(jsonEqual(f, s)).toBe(true);
        for (const v of ['p1', 'public'] as const) {
          let r = grandArchive.initial();
          for (const e of events) r = grandArchive.evolve(r, grandArchive.viewEvent(e, v));
          expect(jsonEqual(r, grandArchive.view(s, v))).toBe(true);
        }
        expect(verifyRandom(events, `mp-${seats}-${k}`).ok).toBe(true);
        // 2.2.1.b: in multiplayer nobody skips their first draw phase.
        const firstTurns = events.filter(
          (e) => e.type === 'PhaseEntered' && e.payload.phase === 'draw' && e.turn === 1,
        );
        expect(firstTurns.length).toBe(1);
        const losers = events.filter((e) => e.type === 'PlayerLost').map((e) => e.payload.player);
        expect(losers.length).toBeGreaterThanOrEqual(seats - 1);
        // A loser never acts again.
        for (const q of losers) {
          const at = events.findIndex((e) => e.type === 'PlayerLost' && e.payload.player === q);
          expect(events.slice(at + 1).some((e) => 'player' in e.cause && e.cause.player === q)).toBe(false);
        }
      }
    });
});

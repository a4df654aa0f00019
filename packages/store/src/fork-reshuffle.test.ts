// verifyEvents on a fork's reshuffle (issue 21): with the seed, the events right after a reshuffled fork's prefix must
// be exactly the game's reshuffle from the fork's generator, and only they may carry a `host` cause — even in a file
// whose hash chain was recomputed after the edit (so the chain and the draws alone would not catch it).
import {
  chainEvents,
  cursorAfter,
  FORK_RESHUFFLE_CAUSE,
  GENESIS_HASH,
  Rng,
  seedCommitment,
  stampDrafts,
  type NewEvent,
} from '@matchtape/engine';
import { playMatch } from '@matchtape/engine/testing';
import { coinRace } from '@matchtape/engine/testing/fixture-game';
import { describe, expect, it } from 'vitest';
import { verifyEvents } from './replay';

const resolve = () => coinRace;
const forkSeed = 'fork-seed-0123456789abcdef';

function forkFile(edit: (events: NewEvent[], at: number) => void = () => undefined) {
  const parent = playMatch(coinRace, { seed: 'parent', bots: {}, maxCommands: 1 }).events;
  const at = parent.length;
  const events: NewEvent[] = parent.map(
    ({ matchId: _m, seq: _s, prevHash: _p, hash: _h, seal: _x, ...e }) => e,
  );
  events[0] = {
    ...events[0]!,
    payload: {
      ...events[0]!.payload,
      seedCommitment: seedCommitment(forkSeed, 'f'),
      fork: { matchId: 'm-parent', seq: at, hash: parent[at - 1]!.hash, reseeded: true, reshuffled: true },
    },
  };
  let state = coinRace.initial();
  for (const e of events) state = coinRace.evolve(state, e);
  const drafts = coinRace.reshuffleHidden(state, new Rng(forkSeed, cursorAfter(parent)));
  const cause = { system: true as const, host: FORK_RESHUFFLE_CAUSE };
  events.push(...stampDrafts(coinRace, state, drafts, cause, { seed: forkSeed, at: events[0]!.at }).events);
  edit(events, at);
  return { events: chainEvents('f', 0, GENESIS_HASH, events), at };
}

describe("verifyEvents: a reshuffled fork's reshuffle", () => {
  it('verifies as the game gives it from the seed', () => {
    const { events, at } = forkFile();
    expect(events.length).toBe(at + 2);
    const v = verifyEvents(events, resolve, { seed: forkSeed });
    expect(v.failure).toBeUndefined();
    expect(v.ok).toBe(true);
  });

  it('another order (re-chained) fails at its seq', () => {
    const { events, at } = forkFile((es, at) => {
      const order = es[at]!.payload.order as string[];
      const j = order.findIndex((c) => c !== order[0]);
      [order[0], order[j]] = [order[j]!, order[0]!];
    });
    expect(verifyEvents(events, resolve, { seed: forkSeed }).failure).toMatchObject({
      seq: at + 1,
      check: 'random',
    });
  });

  it('a dropped reshuffle event or a host cause anywhere else fails', () => {
    const dropped = forkFile((es, at) => void es.splice(at + 1, 1));
    expect(verifyEvents(dropped.events, resolve, { seed: forkSeed }).ok).toBe(false);
    const stray = forkFile((es) => {
      es[1] = { ...es[1]!, cause: { system: true, host: 'not a fork' } };
    });
    expect(verifyEvents(stray.events, resolve, { seed: forkSeed }).failure).toMatchObject({
      seq: 2,
      check: 'random',
    });
  });
});

// The host loads a match from its latest snapshot plus the tail (not the whole stream), and still answers a
// retried command from before the snapshot with its original outcome.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AnyGameModule, EventEnvelope, PlayerId } from '@matchtape/engine';
import { coinRace } from '@matchtape/engine/testing/fixture-game';
import { openTestStore, type TestStore } from '@matchtape/store/testing';
import { registryOf } from '../games';
import { EngineHost, type CommandOutcome } from './engine-host';

let t: TestStore;
beforeEach(async () => {
  t = await openTestStore('pglite');
});
afterEach(async () => {
  await t.cleanup();
});

const games = registryOf({ [coinRace.id]: coinRace });
const decks = Object.values(coinRace.presetDecks);

/** The body each command id was last sent with, so a retry can send exactly the same command. */
const sent = new Map<string, { type: string; [arg: string]: unknown }>();

async function playSome(host: EngineHost, matchId: string, commands: number): Promise<CommandOutcome[]> {
  const game: AnyGameModule = coinRace;
  const out: CommandOutcome[] = [];
  for (let i = 0; i < commands; i++) {
    const { state } = await host.current(matchId);
    if (game.status(state).status === 'ended') break;
    const player = game.actors(state)[0] as PlayerId;
    const { player: _p, ...cmd } = game.legalCommands(state, player)[0]!;
    sent.set(`c${i}`, cmd);
    out.push(await host.submit(matchId, player, { ...cmd, commandId: `c${i}` }));
  }
  return out;
}

describe('EngineHost loading', () => {
  it('resumes from the latest snapshot plus the tail and answers retries from before the snapshot', async () => {
    const first = new EngineHost(t.store, games, { snapshotEvery: 4 });
    const { matchId } = await first.createMatch({
      game: coinRace.id,
      players: decks.slice(0, 2).map((deck, i) => ({ name: `P${i + 1}`, deck })),
      spectatorDelaySeconds: 0,
      coverageDelaySeconds: 0,
      revealPolicy: 'hidden',
    });
    const played = await playSome(first, matchId, 12);
    expect(played.every((o) => o.status === 'accepted')).toBe(true);
    const live = await first.current(matchId);
    const snap = (await t.store.loadSnapshot(matchId))!;
    expect(snap.seq).toBeGreaterThan(1);
    expect(snap.cursor).toEqual(expect.any(Number));

    // A second instance: count what it reads.
    const reads: { from?: number }[] = [];
    const readStream = t.store.readStream.bind(t.store);
    t.store.readStream = (id: string, opts?: { from?: number; to?: number }): Promise<EventEnvelope[]> => {
      reads.push({ ...(opts?.from === undefined ? {} : { from: opts.from }) });
      return readStream(id, opts);
    };
    const second = new EngineHost(t.store, games, { snapshotEvery: 4 });
    const loaded = await second.current(matchId);
    expect(reads).toEqual([{ from: snap.seq }]);
    expect(loaded.state).toEqual(live.state);
    expect(loaded.lastSeq).toBe(live.lastSeq);

    // The first command predates the snapshot: the retry gets its original events, nothing is appended.
    const retried = await second.submit(matchId, (played[0] as { player: PlayerId }).player, {
      ...sent.get('c0')!,
      commandId: 'c0',
    });
    expect(retried).toEqual({ ...played[0], replayed: true });
    expect((await t.store.getMatch(matchId))!.lastSeq).toBe(live.lastSeq);

    // And the match goes on from the second instance exactly as from the first.
    const more = await playSome(second, matchId, 2);
    expect(more.every((o) => o.status === 'accepted' && !o.replayed)).toBe(true);
    const all = await readStream(matchId);
    expect(all.map((e) => e.seq)).toEqual(all.map((_, i) => i + 1));
  });

  it('falls back to the whole stream when the snapshot has no cursor', async () => {
    const host = new EngineHost(t.store, games, { snapshotEvery: 1000 });
    const { matchId } = await host.createMatch({
      game: coinRace.id,
      players: decks.slice(0, 2).map((deck, i) => ({ name: `P${i + 1}`, deck })),
      spectatorDelaySeconds: 0,
      coverageDelaySeconds: 0,
      revealPolicy: 'hidden',
    });
    await playSome(host, matchId, 3);
    const live = await host.current(matchId);
    const snap = (await t.store.loadSnapshot(matchId))!;
    // A snapshot written before snapshots kept the cursor.
    await t.store.saveSnapshot({ matchId, seq: snap.seq, state: snap.state, hash: snap.hash });
    const again = new EngineHost(t.store, games);
    const loaded = await again.current(matchId);
    expect([loaded.state, loaded.lastSeq]).toEqual([live.state, live.lastSeq]);
  });
});

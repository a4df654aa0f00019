// The desk feed end to end against stand-ins for the server routes and the shared live connection: a listed match
// is loaded from its window, drawn, subscribed once the round of windows is in, moved on by its live events; a
// window that fails is asked again; stopping closes the streams.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fold } from '@matchtape/engine';
import { fixtureGame, fixtureMatch } from '../test/fixture-game';
import type { MatchListItem } from './api';
import { DeskFeed, type DeskState } from './desk-feed';

const api = vi.hoisted(() => ({
  listMatches: vi.fn(),
  getWindow: vi.fn(),
  getEvents: vi.fn(),
  requestJson: vi.fn(),
}));
const live = vi.hoisted(() => ({ openSharedLive: vi.fn(), close: vi.fn() }));

vi.mock('./api', async (importOriginal) => ({ ...(await importOriginal<typeof import('./api')>()), ...api }));
vi.mock('./liveHub', () => ({ openSharedLive: live.openSharedLive }));
vi.mock('@matchtape/games', async (importOriginal) => {
  const real = await importOriginal<typeof import('@matchtape/games')>();
  return { ...real, games: { ...real.games, fixture: fixtureGame }, getGame: () => fixtureGame };
});

const events = fixtureMatch();
const meta = { matchId: 'm1', game: 'fixture', status: 'playing', players: [] } as unknown as MatchListItem;
const windowAt3 = () => ({
  keyframe: { seq: 3, state: fold(fixtureGame, events.slice(0, 3)) },
  events: events.slice(3, 5),
});

async function settle(ms = 300) {
  await vi.advanceTimersByTimeAsync(ms);
}

describe('DeskFeed', () => {
  let states: DeskState[];
  let feed: DeskFeed;
  beforeEach(() => {
    vi.useFakeTimers();
    states = [];
    for (const f of Object.values(api)) f.mockReset();
    live.openSharedLive.mockReset().mockReturnValue(live.close);
    live.close.mockReset();
    api.listMatches.mockResolvedValue([meta]);
    api.requestJson.mockResolvedValue({ kind: 'none' });
    feed = new DeskFeed('public', null, (s) => states.push(s));
  });
  afterEach(() => {
    feed.stop();
    vi.useRealTimers();
  });

  it('loads a listed match from its window, subscribes it and follows its live events', async () => {
    api.getWindow.mockResolvedValue(windowAt3());
    feed.start();
    await settle();
    expect(states.at(-1)).toMatchObject({ loaded: true, error: null });
    expect(states.at(-1)!.tables.map((t) => [t.meta.matchId, t.seq])).toEqual([['m1', 5]]);
    expect(live.openSharedLive).toHaveBeenCalledTimes(1);
    const opts = live.openSharedLive.mock.calls[0]![0] as {
      matchId: string;
      onMessages(m: { event: string; data: string; id: null }[]): void;
      lastSeq(): number;
    };
    expect(opts.matchId).toBe('m1');
    expect(opts.lastSeq()).toBe(5);

    opts.onMessages([{ event: 'message', data: JSON.stringify(events[5]), id: null }]);
    await settle();
    expect(states.at(-1)!.tables[0]!.seq).toBe(6);

    // A gap is filled from the events route before the batch is applied, page after page when the server cuts it.
    api.getEvents
      .mockResolvedValueOnce({ events: events.slice(6, 7), next: 8 })
      .mockResolvedValueOnce({ events: events.slice(7, 8), next: null });
    opts.onMessages([{ event: 'message', data: JSON.stringify(events[8]), id: null }]);
    await settle();
    expect(api.getEvents.mock.calls.map((c) => c.slice(0, 3))).toEqual([
      ['m1', 'public', { from: 7, to: 8 }],
      ['m1', 'public', { from: 8, to: 8 }],
    ]);
    expect(states.at(-1)!.tables[0]!.seq).toBe(9);

    opts.onMessages([{ event: 'end', data: '{}', id: null }]);
    await settle();
    expect(states.at(-1)!.tables[0]!.ended).toBe(true);

    feed.stop();
    expect(live.close).toHaveBeenCalledTimes(1);
  });

  it('asks a failed window again, saying why meanwhile', async () => {
    api.getWindow.mockRejectedValueOnce(new Error('busy')).mockResolvedValue(windowAt3());
    feed.start();
    await settle();
    expect(states.at(-1)!.tables[0]).toMatchObject({ error: 'busy', board: null });
    await settle(3000);
    expect(api.getWindow).toHaveBeenCalledTimes(2);
    expect(states.at(-1)!.tables[0]).toMatchObject({ error: null, seq: 5 });
  });

  it('says when the list cannot be read, and reads it again', async () => {
    api.listMatches.mockRejectedValueOnce(new Error('down'));
    feed.start();
    await settle();
    expect(states.at(-1)).toMatchObject({ error: 'down', loaded: true, tables: [] });
    api.getWindow.mockResolvedValue(windowAt3());
    await settle(3000);
    expect(states.at(-1)).toMatchObject({ error: null });
    expect(states.at(-1)!.tables).toHaveLength(1);
  });
});

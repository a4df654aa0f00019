import { describe, expect, it } from 'vitest';
import type { MatchListItem } from './api';
import { eventsOf, newEntry, tableOf } from './desk-feed';

const msg = (event: string, data: unknown) => ({
  event,
  data: typeof data === 'string' ? data : JSON.stringify(data),
  id: null,
});

describe('eventsOf', () => {
  it('keeps the match events of a live batch, in order', () => {
    const got = eventsOf([
      msg('message', { seq: 4, type: 'CardDrawn' }),
      msg('message', { seq: 5, type: 'TurnStarted' }),
    ]);
    expect(got.events.map((e) => e.seq)).toEqual([4, 5]);
    expect(got.endSeen).toBe(false);
  });
  it('skips annotations, disputes, non-events and broken JSON, and notes the end', () => {
    const got = eventsOf([
      msg('annotation', { seq: 9, type: 'Note' }),
      msg('dispute', { seq: 9, type: 'Opened' }),
      msg('message', { hello: 1 }),
      msg('message', '{not json'),
      msg('end', { seq: 10, type: 'MatchEnded' }),
    ]);
    expect(got.events).toEqual([]);
    expect(got.endSeen).toBe(true);
  });
});

describe('a desk entry', () => {
  it('starts empty and draws as a table with no board yet', () => {
    const meta = { matchId: 'm1', game: 'alpha-clash', status: 'playing' } as MatchListItem;
    const e = newEntry(meta);
    expect(tableOf(e)).toEqual({
      meta,
      board: null,
      seq: 0,
      lastAt: null,
      clock: null,
      live: null,
      ended: false,
      error: null,
    });
    e.error = 'busy';
    e.ended = true;
    expect(tableOf(e)).toMatchObject({ error: 'busy', ended: true });
  });
});

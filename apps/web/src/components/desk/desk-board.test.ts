import { describe, expect, it } from 'vitest';
import type { DeskTable } from '../../lib/desk';
import { isFeatured, isFinished, isOffline, matchHref } from './desk-board';
import type { EventFeature } from './useDeskFeature';

const table = (
  over: Omit<Partial<DeskTable>, 'meta'> & { meta?: Partial<DeskTable['meta']> } = {},
): DeskTable =>
  ({
    board: null,
    seq: 0,
    lastAt: null,
    clock: null,
    live: null,
    ended: false,
    error: null,
    ...over,
    meta: { matchId: 'm 1', status: 'playing', featured: false, eventTable: null, ...over.meta },
  }) as DeskTable;

describe('a desk table', () => {
  it('is finished when the desk saw the end or the list says so', () => {
    expect(isFinished(table())).toBe(false);
    expect(isFinished(table({ ended: true }))).toBe(true);
    expect(isFinished(table({ meta: { status: 'ended' } }))).toBe(true);
  });
  it('is offline while its stream reconnects or failed, but not once finished', () => {
    const reconnecting = { kind: 'reconnecting' } as DeskTable['live'];
    expect(isOffline(table({ live: reconnecting }))).toBe(true);
    expect(isOffline(table({ live: { kind: 'failed' } as DeskTable['live'] }))).toBe(true);
    expect(isOffline(table({ live: { kind: 'open' } as DeskTable['live'] }))).toBe(false);
    expect(isOffline(table({ live: reconnecting, ended: true }))).toBe(false);
    expect(isOffline(table())).toBe(false);
  });
  it('is featured as the producer picked where the desk knows the event, else as the list says', () => {
    const at = { eventId: 'e1', round: 2, table: 3 } as DeskTable['meta']['eventTable'];
    const picked = (featured: EventFeature['featured']) =>
      new Map<string, EventFeature>([['e1', { name: 'Open', delaySeconds: 30, featured }]]);
    const t = table({ meta: { eventTable: at, featured: true } });
    expect(isFeatured(t, picked({ round: 2, table: 3 }))).toBe(true);
    expect(isFeatured(t, picked({ round: 2, table: 4 }))).toBe(false);
    expect(isFeatured(t, picked(null))).toBe(false);
    expect(isFeatured(t, new Map())).toBe(true);
    expect(isFeatured(table(), new Map())).toBe(false);
  });
  it('links to the match in the desk view', () => {
    expect(matchHref('m 1', 'public')).toBe('/matches/m%201');
    expect(matchHref('m1', 'coverage')).toBe('/matches/m1?as=coverage');
  });
});

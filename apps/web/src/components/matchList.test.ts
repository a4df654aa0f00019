// The match list's pure parts: "started" in words, live matches before finished ones (latest moved first), and the
// counts above the list.
import { describe, expect, it } from 'vitest';
import type { MatchListItem } from '../lib/api';
import { ago, matchCounts, sortMatches } from './matchList';

const now = Date.parse('2026-11-27T12:00:00Z');
const m = (
  matchId: string,
  status: MatchListItem['status'],
  lastAt: string | null,
  createdAt: string | null,
) => ({ matchId, status, lastAt, createdAt }) as MatchListItem;

describe('match list', () => {
  it('says how long ago in seconds, minutes, hours, then the date', () => {
    expect(ago(null, now)).toBe('');
    expect(ago('2026-11-27T11:59:48Z', now)).toBe('12s ago');
    expect(ago('2026-11-27T12:00:05Z', now)).toBe('0s ago');
    expect(ago('2026-11-27T11:55:00Z', now)).toBe('5 min ago');
    expect(ago('2026-11-27T09:00:00Z', now)).toBe('3 h ago');
    expect(ago('2026-11-20T12:00:00Z', now)).toBe(new Date('2026-11-20T12:00:00Z').toLocaleDateString());
  });

  it('puts live and setting-up matches first, each group latest moved (else created) first', () => {
    const sorted = sortMatches([
      m('old-end', 'ended', '2026-11-27T11:59:00Z', null),
      m('live-early', 'playing', '2026-11-27T10:00:00Z', null),
      m('setup-new', 'setup', null, '2026-11-27T11:00:00Z'),
      m('new-end', 'ended', null, '2026-11-27T11:59:30Z'),
      m('unknown', 'playing', null, null),
    ]);
    expect(sorted.map((x) => x.matchId)).toEqual([
      'setup-new',
      'live-early',
      'unknown',
      'new-end',
      'old-end',
    ]);
  });

  it('sorts a copy, leaving the answer as it came', () => {
    const list = [m('a', 'ended', null, null), m('b', 'playing', null, null)];
    sortMatches(list);
    expect(list.map((x) => x.matchId)).toEqual(['a', 'b']);
  });

  it('counts every match not ended as live', () => {
    const list = [m('a', 'ended', null, null), m('b', 'playing', null, null), m('c', 'setup', null, null)];
    expect(matchCounts(list)).toEqual({ live: 2, finished: 1 });
  });
});

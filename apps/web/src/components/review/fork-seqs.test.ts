import { describe, expect, it } from 'vitest';
import { nearestActing } from './fork-seqs';

describe('fork points around a disputed event', () => {
  const events = [
    { seq: 115, player: 'p1' },
    { seq: 116, player: null },
    { seq: 117, player: 'p2' },
    { seq: 118, player: null },
    { seq: 119, player: null },
    { seq: 120, player: null },
    { seq: 121, player: 'p1' },
    { seq: 122, player: 'p2' },
  ];
  it('offers the player actions either side of an automatic event', () => {
    expect(nearestActing(events, 120)).toEqual({ before: 117, after: 121 });
  });
  it('offers the event itself when a player acted there', () => {
    expect(nearestActing(events, 121)).toEqual({ before: 121, after: 122 });
  });
  it('says when one side has none', () => {
    expect(nearestActing(events, 122)).toEqual({ before: 122, after: null });
    expect(nearestActing(events.slice(3, 6), 119)).toEqual({ before: null, after: null });
  });
});

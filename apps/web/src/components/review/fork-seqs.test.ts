import { describe, expect, it } from 'vitest';
import { nearestForkable } from './fork-seqs';

describe('fork points around a disputed event', () => {
  // 116: a command's first event, the rules' own follow it (118–120): nobody may act after those.
  const events = [
    { seq: 115, forkable: true },
    { seq: 116, forkable: false },
    { seq: 117, forkable: true },
    { seq: 118, forkable: false },
    { seq: 119, forkable: false },
    { seq: 120, forkable: false },
    { seq: 121, forkable: true },
    { seq: 122, forkable: true },
  ];
  it('offers the fork points either side of an event nobody may act after', () => {
    expect(nearestForkable(events, 120)).toEqual({ before: 117, after: 121 });
  });
  it('offers the event itself when someone may act after it', () => {
    expect(nearestForkable(events, 121)).toEqual({ before: 121, after: 122 });
  });
  it('says when one side has none', () => {
    expect(nearestForkable(events, 122)).toEqual({ before: 122, after: null });
    expect(nearestForkable(events.slice(3, 6), 119)).toEqual({ before: null, after: null });
  });
});

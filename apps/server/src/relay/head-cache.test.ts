// The relay's cache of per-match heads is an LRU: the matches publishing now stay, idle ones are evicted.
import { describe, expect, it } from 'vitest';
import { HeadCache } from './relay';

describe('HeadCache', () => {
  const head = (seq: number) => ({ seq, streamSeq: seq });

  it('evicts the least recently used head: a hit moves its match to the most recent end', () => {
    const cache = new HeadCache(2);
    cache.set('a', head(1));
    cache.set('b', head(1));
    expect(cache.get('a')).toEqual(head(1));
    cache.set('c', head(1));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toEqual(head(1));
    expect(cache.get('c')).toEqual(head(1));
  });

  it('a write to a cached match refreshes it too, and never grows the cache past its capacity', () => {
    const cache = new HeadCache(2);
    cache.set('a', head(1));
    cache.set('b', head(1));
    cache.set('a', head(2));
    cache.set('c', head(1));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toEqual(head(2));
    expect(cache.get('c')).toEqual(head(1));
  });
});

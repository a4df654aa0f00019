// Side streams on both dialects: gap-free seqs per (match, stream) under concurrent authors, optimistic
// concurrency, reads by range, search, and bad input that changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KyselyEventStore } from './store';
import { openTestStore, sampleMatch, uniqueName, type TestStore } from './testing';
import { ConcurrencyError, MatchNotFoundError, type NewSideEvent } from './types';

const note = (text: string, author = 'ana', tags: string[] = []): NewSideEvent => ({
  type: 'AnnotationAdded',
  author: { id: author, role: 'coverage' },
  payload: { text, tags, seq: 3 },
});

describe.each(['pglite', 'postgres'] as const)('side streams on %s', (kind) => {
  let t: TestStore;
  let store: KyselyEventStore;
  beforeAll(async () => {
    t = await openTestStore(kind);
    store = t.store;
  });
  afterAll(async () => {
    await t?.cleanup();
  });
  const newMatch = async () => {
    const id = uniqueName('side');
    await store.createMatch(sampleMatch(id));
    return id;
  };

  it('numbers each stream of each match from 1 without gaps, even with writers racing', async () => {
    const id = await newMatch();
    const written = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        store.appendToSideStream(id, 'annotations', [note(`n${i}`, i % 2 ? 'ana' : 'bo')]),
      ),
    );
    expect(
      written
        .flat()
        .map((e) => e.seq)
        .sort((a, b) => a - b),
    ).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    const d = await store.appendToSideStream(id, 'disputes', [
      { type: 'DisputeOpened', author: { id: 'p1', role: 'p1' }, payload: { seq: 2, claim: 'x' } },
    ]);
    expect(d[0]).toMatchObject({ matchId: id, stream: 'disputes', seq: 1, type: 'DisputeOpened' });
    const read = await store.readSideStream(id, 'annotations');
    expect(read.map((e) => e.seq)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect((await store.readSideStream(id, 'annotations', { from: 4, to: 6 })).map((e) => e.seq)).toEqual([
      4, 5, 6,
    ]);
    expect(read[0]!.author.role).toBe('coverage');
    expect(new Date(read[0]!.at).toISOString()).toBe(read[0]!.at);
  });

  it('keeps the drawings stream (migration 0014) apart from the others, and the table still refuses other streams', async () => {
    const id = await newMatch();
    await store.appendToSideStream(id, 'annotations', [note('a')]);
    const d = await store.appendToSideStream(id, 'drawings', [
      { type: 'DrawingAdded', author: { id: 'ana', role: 'coverage' }, payload: { seq: 2 } },
    ]);
    expect(d[0]).toMatchObject({ matchId: id, stream: 'drawings', seq: 1, type: 'DrawingAdded' });
    expect((await store.readSideStream(id, 'drawings')).map((e) => e.type)).toEqual(['DrawingAdded']);
    // The database's own check, not only the store's schema: a row of another stream is refused.
    await expect(
      store.db
        .insertInto('side_events')
        .values({
          match_id: id,
          stream: 'gossip' as 'drawings',
          seq: 9,
          type: 'X',
          at: new Date().toISOString(),
          author: '{}',
          payload: '{}',
        })
        .execute(),
    ).rejects.toThrow();
  });

  it('refuses a stale expectedSeq and writes nothing', async () => {
    const id = await newMatch();
    await store.appendToSideStream(id, 'annotations', [note('a'), note('b')], { expectedSeq: 0 });
    await expect(
      store.appendToSideStream(id, 'annotations', [note('c')], { expectedSeq: 1 }),
    ).rejects.toBeInstanceOf(ConcurrencyError);
    expect((await store.readSideStream(id, 'annotations')).map((e) => e.payload.text)).toEqual(['a', 'b']);
  });

  it('refuses an unknown match, an unknown stream and a malformed event, writing nothing', async () => {
    await expect(
      store.appendToSideStream('no-such-match', 'annotations', [note('a')]),
    ).rejects.toBeInstanceOf(MatchNotFoundError);
    const id = await newMatch();
    await expect(store.appendToSideStream(id, 'gossip' as 'annotations', [note('a')])).rejects.toThrow(
      /side stream is invalid/,
    );
    await expect(
      store.appendToSideStream(id, 'annotations', [note('ok'), { ...note('bad'), type: 'not pascal' }]),
    ).rejects.toThrow(/side event 2/);
    expect(await store.readSideStream(id, 'annotations')).toEqual([]);
  });

  it('searches by author, tag containment, text and type across matches', async () => {
    const a = await newMatch();
    const b = await newMatch();
    await store.appendToSideStream(a, 'annotations', [
      note('Lethal on board', 'ana', ['lethal']),
      note('slow 50% line', 'bo', ['misplay']),
    ]);
    await store.appendToSideStream(b, 'annotations', [note('another LETHAL', 'bo', ['lethal', 'combo'])]);
    const ids = [a, b];
    expect(
      (
        await store.searchSideEvents({
          stream: 'annotations',
          matchIds: ids,
          payloadContains: { tags: ['lethal'] },
        })
      ).map((e) => e.matchId),
    ).toEqual([a, b]);
    expect(
      (await store.searchSideEvents({ stream: 'annotations', matchIds: ids, authorId: 'bo' })).map(
        (e) => e.payload.text,
      ),
    ).toEqual(['slow 50% line', 'another LETHAL']);
    expect(
      (await store.searchSideEvents({ stream: 'annotations', matchIds: ids, text: 'lethal' })).length,
    ).toBe(2);
    // LIKE wildcards in the text are literal.
    expect((await store.searchSideEvents({ stream: 'annotations', matchIds: ids, text: '50%' })).length).toBe(
      1,
    );
    expect((await store.searchSideEvents({ stream: 'annotations', matchIds: ids, text: '5_%' })).length).toBe(
      0,
    );
    expect(
      await store.searchSideEvents({ stream: 'annotations', matchIds: ids, types: ['AnnotationRemoved'] }),
    ).toEqual([]);
    const first = await store.searchSideEvents({ stream: 'annotations', matchIds: ids, limit: 1 });
    const next = await store.searchSideEvents({
      stream: 'annotations',
      matchIds: ids,
      after: first[0]!.position,
    });
    expect(next.map((e) => e.payload.text)).toEqual(['slow 50% line', 'another LETHAL']);
  });
});

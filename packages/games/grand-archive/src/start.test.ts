// Test cards defined in a scenario (src/start.ts testCardDef, src/cards/book.ts): what is refused and why, that the
// definitions travel on the events (a fresh fold of the JSON events gives the same state), and that a viewer who
// can't see a test card finds neither its id nor its definition in its events or view.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runScenario } from '@matchtape/engine';
import { grandArchive } from './index';
import { evolve, initialState } from './evolve';
import { testCardDef } from './start';
import { view, viewEvent } from './view';
import type { GAState } from './types';

const DIR = join(import.meta.dirname, '../../../../test/scenarios/grand-archive');
const load = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(join(DIR, `${name}.json`), 'utf8')) as Record<string, unknown>;

describe('test cards', () => {
  it('converts a test card to a definition: cost, stats and keywords with N', () => {
    const d = testCardDef({
      id: 't-x',
      name: 'T X',
      type: 'Ally',
      cost: 3,
      stats: { power: 2, life: 4 },
      keywords: ['Stealth', { keyword: 'Critical', value: 2 }],
    });
    expect(d).toMatchObject({
      id: 't-x',
      type: 'ally',
      cost: { kind: 'reserve', n: 3 },
      power: 2,
      life: 4,
      keywords: [{ keyword: 'Stealth' }, { keyword: 'Critical', n: 2 }],
      abilities: [],
    });
    expect(
      testCardDef({
        id: 't-c',
        name: 'T C',
        type: 'champion',
        cost: 'memory 2',
        stats: { level: 2, life: 22 },
      }),
    ).toMatchObject({ cost: { kind: 'memory', n: 2 }, level: 2 });
  });

  it('refuses what Grand Archive has no meaning for, naming the field', () => {
    expect(testCardDef({ id: 'fireball', name: 'X', type: 'action' })).toMatch(/pool card id/);
    expect(testCardDef({ id: 't', name: 'X', type: 'Clash' })).toMatch(/not a Grand Archive card type/);
    expect(testCardDef({ id: 't', name: 'X', type: 'ally', cost: 'three' })).toMatch(/cost "three"/);
    expect(testCardDef({ id: 't', name: 'X', type: 'ally', stats: { atk: 2 } })).toMatch(/stats\.atk/);
    expect(testCardDef({ id: 't', name: 'X', type: 'ally', keywords: ['Flying'] })).toMatch(
      /keyword "Flying"/,
    );
    const bad = {
      ...load('test-card-hidden-in-hand'),
      cards: [{ id: 'test-secret', name: 'X', type: 'ally', element: 'plasma' }],
    };
    const r = runScenario(grandArchive, bad);
    expect(r.ok).toBe(false);
    expect(r.failures.join(' ')).toMatch(/element "plasma"/);
  });

  it('definitions travel with the match: a fresh fold of the JSON events equals the live state, and knows the test cards', () => {
    const r = runScenario(grandArchive, load('test-card-revealed-on-activation'));
    expect(r.ok).toBe(true);
    const events = JSON.parse(JSON.stringify(r.events)) as typeof r.events;
    const folded = events.reduce<GAState>((s, e) => evolve(s, e), initialState());
    expect(Object.keys(folded.cards).sort()).toEqual(['test-lurker', 'test-scout']);
    expect(folded.cards['test-scout']).toMatchObject({ name: 'Test Scout', power: 1, life: 1 });
    expect(events.find((e) => e.type === 'PositionSet')?.payload.defs).toBeDefined();
    // p1 never sees p2's Test Lurker (hand and deck): not in any of p1's events, nor in p1's view.
    for (const e of events) expect(JSON.stringify(viewEvent(e, 'p1'))).not.toMatch(/test-lurker|Test Lurker/);
    expect(JSON.stringify(view(folded, 'p1'))).not.toMatch(/test-lurker|Test Lurker/);
    expect(JSON.stringify(view(folded, 'p2'))).toMatch(/Test Lurker/);
  });
});

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

const DIR = join(import.meta.dirname, '../scenarios');
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

type Start = Record<string, unknown> & { combat?: Record<string, unknown> };
/** The scenario `base` with its start position changed and no steps. */
const withStart = (base: Record<string, unknown>, change: (st: Start) => void) => {
  const s = JSON.parse(JSON.stringify(base)) as { start: Start; steps: unknown[] };
  change(s.start);
  s.steps = [];
  return runScenario(grandArchive, s);
};
const refused = (r: ReturnType<typeof runScenario>, rule: string, text: RegExp) => {
  expect(r.ok).toBe(false);
  expect(r.failures.join(' ')).toContain(`rejected (${rule})`);
  expect(r.failures.join(' ')).toMatch(text);
};

describe('start positions at any phase and step (start-moment.ts)', () => {
  const damage = load('start-damage-step-retaliation-simultaneous');
  const pending = load('start-pending-triggers-turn-order');

  it('refuses a combat the rules could not have reached, citing the rule that rules it out', () => {
    refused(
      withStart(damage, (st) => (st.step = 'retaliation')),
      '2.2.g.i.2',
      /retaliators stand only in the damage or end-of-combat step/,
    );
    refused(
      withStart(damage, (st) => delete st.combat),
      '2.2.g.1',
      /the combat phase follows an attack declaration/,
    );
    refused(
      withStart(damage, (st) => Object.assign(st, { phase: 'main', step: null })),
      '2.2.g.1',
      /only in the combat phase/,
    );
    refused(
      withStart(damage, (st) => (st.combat!.attacker = 'p2-hound')),
      '2.8.a.2.b',
      /the non-turn player can't declare attacks/,
    );
    refused(
      withStart(damage, (st) => Object.assign(st.combat!, { target: 'p1-champ', retaliators: [] })),
      '2.6.11',
      /can’t attack their own units/,
    );
    refused(
      withStart(damage, (st) => (st.combat!.retaliators = ['p2-champ'])),
      '2.2.g.i.2',
      /not a defending unit/,
    );
    refused(
      withStart(damage, (st) => (st.combat!.attacker = 'p1-champ')),
      '1.7.a.8.a',
      /champion attacks with a weapon/,
    );
    refused(
      withStart(damage, (st) => Object.assign(st, { phase: 'game-over', step: null })),
      'scenario',
      /not a phase\/step of a turn/,
    );
  });

  it('refuses triggers that could not be waiting there, and Opportunity while they wait', () => {
    refused(
      withStart(pending, (st) => (st.phase = 'main')),
      '2.2.f.2',
      /beginning of its controller's end phase/,
    );
    refused(
      withStart(pending, (st) => (st.triggers = [{ source: 'p2-adept', keyword: 'Vigor' }])),
      '2.4.b.2.c',
      /does not have Vigor/,
    );
    refused(
      withStart(pending, (st) => (st.triggers = [{ source: 'p1-hound', ability: 0 }])),
      'scenario',
      /has no trigger ability at index 0/,
    );
    refused(
      withStart(pending, (st) => (st.priority = 'p1')),
      '2.4.b.6',
      /nobody holds Opportunity/,
    );
    refused(
      withStart(pending, (st) => {
        delete st.triggers;
        st.phase = 'main';
        st.stack = [
          { kind: 'card', card: 'wave-crash', controller: 'p2' },
          { kind: 'card', card: 'mend', controller: 'p1' },
        ];
      }),
      '2.8.a.2.a',
      /is slow/,
    );
  });

  it('places a position on the stack with Opportunity, or at the beginning of a phase/step running its turn-based actions', () => {
    const stacked = withStart(pending, (st) => {
      st.stack = st.triggers;
      (st.stack as Record<string, unknown>[]).forEach((x) => (x.kind = 'trigger'));
      delete st.triggers;
      st.priority = 'p2';
    });
    expect(stacked.ok).toBe(true);
    const set = stacked.events.find((e) => e.type === 'PositionSet')!;
    expect((set.payload.stack as unknown[]).length).toBe(3);
    expect(set.payload.priority).toBe('p2');
    // The draw phase begins: the turn player draws (2.2.d.1), then the main phase gives Opportunity (2.2.e.1).
    const draw = withStart(pending, (st) => {
      delete st.triggers;
      st.phase = 'draw';
    });
    expect(draw.ok).toBe(true);
    expect(draw.events.map((e) => `${e.type} ${e.rule}`)).toEqual(
      expect.arrayContaining(['PhaseEntered 2.2.d', 'CardsMoved 2.2.d.1', 'OpportunityGranted 2.2.e.1']),
    );
  });
});

describe('start positions: Intention, Cleave, a trigger whose source left the field', () => {
  it('refuses an Intention, a Cleave or a left source the rules could not have produced', () => {
    const intent = load('start-intention-attack-card-on-kill');
    const cleave = load('start-cleave-each-unit-retaliates');
    const left = load('start-trigger-source-left-field');
    refused(
      withStart(intent, (st) => (st.combat!.attackCard = 'mend')),
      '2.6.6',
      /not an attack card/,
    );
    const damage = load('start-damage-step-retaliation-simultaneous');
    refused(
      withStart(damage, (st) => (st.combat!.attackCard = 'heavy-strike')),
      '2.1.j.1',
      /the intention zone is a champion's/,
    );
    refused(
      withStart(cleave, (st) => delete st.combat!.weapon),
      '1.7.a.8.a',
      /champion attacks with a weapon or an attack card/,
    );
    refused(
      withStart(cleave, (st) => Object.assign(st.combat!, { attackCard: 'heavy-strike', weapon: undefined })),
      'X.A.2.a',
      /only an attack with Cleave/,
    );
    refused(
      withStart(cleave, (st) => (st.combat!.target = 'p2-hound')),
      'X.A.2.a.i',
      /specifies the opponent receiving it/,
    );
    refused(
      withStart(cleave, (st) => (st.combat!.opponent = 'p1')),
      '2.6.11',
      /not an opponent of p1/,
    );
    refused(
      withStart(cleave, (st) => (st.combat!.retaliators = ['p2-hound', 'p1-champ'])),
      'X.A.2.d',
      /not a unit p2 controls/,
    );
    refused(
      withStart(left, (st) => (st.triggers = [{ source: 'p2-nowhere', ability: 0 }])),
      'scenario',
      /neither an object on the field nor a card of the position/,
    );
    // A left source's ability is controlled by the player who controlled the source (2.4.12.a): p1 draws.
    const stolen = JSON.parse(JSON.stringify(left)) as { start: Start; steps: Record<string, unknown>[] };
    stolen.start.triggers = [{ source: 'p2-serpent', ability: 0, controller: 'p1' }];
    stolen.steps = [
      {
        expectEvent: { type: 'TriggerPlaced', payload: { item: { source: 'p2-serpent', controller: 'p1' } } },
      },
      { command: { type: 'PassOpportunity', player: 'p1' } },
      { command: { type: 'PassOpportunity', player: 'p2' } },
      { expectState: { as: 'public', path: 'players.p1.hand', length: 1 } },
      { expectState: { as: 'public', path: 'players.p2.hand', length: 0 } },
    ];
    expect(runScenario(grandArchive, stolen).failures).toEqual([]);
  });
});

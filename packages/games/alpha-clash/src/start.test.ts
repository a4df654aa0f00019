// Scenario start positions and test cards: definitions travel with the match (a fold of the stored events alone,
// as in a fresh process, finds them), hidden test cards don't leak, and what a position can't state is refused
// with the field and the rule.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fold, jsonEqual, parseScenario, ScenarioRun } from '@matchtape/engine';
import { checkInvariants, type PlayedMatch } from '@matchtape/engine/testing';
import { alphaClash } from './index';
import { Rng } from './test-helpers';
import { CARD_BY_ID } from './cards/pool';
import { currentAtk, lookupCard } from './rules';
import type { AlphaClashState } from './types';

const DIR = join(__dirname, '../scenarios');
const file = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(join(DIR, name), 'utf8')) as Record<string, unknown>;

const base = () => ({
  game: 'alpha-clash',
  seed: 'start-test',
  rule: '103.6a',
  description: 'start position checks',
  players: { p1: { contender: ['AC1-096'] }, p2: { contender: ['AC2-074'] } },
  cards: [{ id: 'test-runner', name: 'Test Runner', type: 'Clash', cost: 0, stats: { atk: 3, def: 3 } }],
  start: {
    turn: 3,
    turnPlayer: 'p1',
    phase: 'primary',
    step: 'main',
    players: {
      p1: { zones: { clash: [{ card: 'test-runner', id: 'p1-runner', enteredTurn: 1 }] } },
      p2: { zones: {} },
    },
  } as Record<string, unknown>,
  steps: [],
});

function startFailures(json: unknown): string[] {
  const r = ScenarioRun.start(alphaClash, json);
  return r.ok ? [] : r.failures;
}

describe('alpha-clash test cards', () => {
  it('carries the definitions in MatchStarted, so a fold of the stored events alone (a fresh process) equals the live state', () => {
    const r = ScenarioRun.start(alphaClash, file('112-cr-704-2c-awe-factor.json'));
    if (!r.ok) throw new Error(r.failures.join('; '));
    const parsed = parseScenario(file('112-cr-704-2c-awe-factor.json'));
    if (!parsed.ok) throw new Error(parsed.errors.join('; '));
    parsed.scenario.steps.forEach((st, i) => r.run.step(st, i));
    const live = r.run.session.state as AlphaClashState;
    const stored = JSON.parse(JSON.stringify(r.run.session.events)) as typeof r.run.session.events;
    const started = stored[0]!;
    expect(started.type).toBe('MatchStarted');
    expect((started.payload.testCards as { card: { id: string } }[]).map((e) => e.card.id)).toEqual([
      'test-awe',
      'test-target',
    ]);
    const folded = fold<AlphaClashState>(alphaClash, stored);
    expect(jsonEqual(folded, live)).toBe(true);
    // The fold's own lookup finds the test card (not the pool, which doesn't have it): Awe Factor 2 took 2 ATK.
    expect(CARD_BY_ID.has('test-awe')).toBe(false);
    expect(lookupCard(folded, 'test-awe')?.keywords).toEqual([{ k: 'Awe Factor', x: 2 }]);
    expect(currentAtk(folded, 'p2-target')).toBe(1);
  });

  it('keeps a test card in a hand hidden from the opponent: no definition, no id, in views and events, until it is played (400.2)', () => {
    const r = ScenarioRun.start(alphaClash, file('112-cr-704-2c-awe-factor.json'));
    if (!r.ok) throw new Error(r.failures.join('; '));
    const before = r.run.session.events;
    for (const v of ['p2', 'public'] as const) {
      expect(JSON.stringify(before.map((e) => alphaClash.viewEvent(e, v)))).not.toContain('test-awe');
      expect(JSON.stringify(alphaClash.view(r.run.session.state as AlphaClashState, v))).not.toContain(
        'test-awe',
      );
      expect(alphaClash.secrets(r.run.session.state as AlphaClashState, v)).toContain('test-awe');
    }
    expect(JSON.stringify(alphaClash.view(r.run.session.state as AlphaClashState, 'p1'))).toContain(
      'Test Awesome',
    );
    r.run.step(
      { command: { type: 'PlayCard', player: 'p1', card: 'p1-awe' }, expect: 'accepted' } as never,
      0,
    );
    // At the start it was revealed to its owner only (their hand); playing it reveals it to everyone (Standby is public).
    const reveals = r.run.session.events.filter(
      (e) => e.type === 'TestCardRevealed' && (e.payload.card as { id: string } | null)?.id === 'test-awe',
    );
    expect(reveals.map((e) => e.payload.knownTo)).toEqual([['p1'], ['public']]);
    expect(alphaClash.viewEvent(reveals[0]!, 'p2').payload.card).toBeNull();
    const reveal = r.run.session.events.findLast(
      (e) => e.type === 'TestCardRevealed' && (e.payload.card as { id: string } | null)?.id === 'test-awe',
    );
    expect(reveal?.rule).toBe('400.2');
    expect(alphaClash.viewEvent(reveal!, 'p2').payload.card).toMatchObject({
      id: 'test-awe',
      name: 'Test Awesome',
    });
  });

  it('redacts a reveal to one player for the others (a test card drawn into a hand)', () => {
    const entry = {
      card: {
        id: 'test-x',
        name: 'X',
        type: 'Clash',
        colors: [],
        cost: 0,
        gems: {},
        keywords: [],
        text: '',
        sample: true,
      },
      knownTo: ['p1'],
    };
    const e = { type: 'TestCardRevealed', seq: 3, payload: entry } as never;
    expect((alphaClash.viewEvent(e, 'p2') as { payload: { card: unknown } }).payload.card).toBeNull();
    expect((alphaClash.viewEvent(e, 'p1') as { payload: { card: unknown } }).payload.card).toEqual(
      entry.card,
    );
  });

  it('refuses test cards a scenario cannot state', () => {
    const s = base();
    s.cards = [
      {
        id: 'test-runner',
        name: 'Test Runner',
        type: 'Clash',
        cost: 'X' as unknown as number,
        stats: { atk: 3, def: 3 },
      },
    ];
    expect(startFailures(s).join()).toMatch(/cost.*202\.1/);
    const t = base();
    t.cards = [
      {
        id: 'test-runner',
        name: 'Test Runner',
        type: 'Clash',
        cost: 0,
        stats: { atk: 3, power: 2 } as never,
      },
    ];
    expect(startFailures(t).join()).toMatch(/stats\.power/);
  });
});

describe('alpha-clash start positions', () => {
  it('stand where a player acts; a clash step needs the clash, and only a clash step has one', () => {
    const s = base();
    s.start.phase = 'expansion';
    s.start.step = 'draw';
    expect(startFailures(s).join()).toMatch(/705/);
    const c = base();
    c.start.phase = 'clash';
    c.start.step = 'counter';
    expect(startFailures(c).join()).toMatch(/start\.clash.*504\.2/);
    const m = base();
    m.start.clash = { attacker: 'p1-runner', target: 'p2-contender' };
    expect(startFailures(m).join()).toMatch(/start\.clash/);
    const o = base();
    o.start.phase = 'clash';
    o.start.step = 'counter';
    o.start.clash = { attacker: 'p1-runner', target: 'p2-contender', obstructors: ['p1-runner'] };
    expect(startFailures(o).join()).toMatch(/obstructors/);
  });

  it('give priority to the step holder with Standby empty and refuse another holder (114.2a, 504.2b)', () => {
    const s = base();
    s.start.priority = 'p2';
    expect(startFailures(s).join()).toMatch(/114\.2a/);
    const c = base();
    Object.assign(c.start, {
      phase: 'clash',
      step: 'counter',
      clash: { attacker: 'p1-runner', target: 'p2-contender' },
    });
    const r = ScenarioRun.start(alphaClash, c);
    expect(r.ok).toBe(true);
    if (r.ok) expect(alphaClash.scenario!.priority(r.run.session.state as AlphaClashState)).toBe('p2');
  });

  it('check effects and Standby objects against the position', () => {
    const s = base();
    s.start.effects = [{ kind: 'modify', target: 'p2-nobody', atk: 1 }];
    expect(startFailures(s).join()).toMatch(/effects\[0\]\.target/);
    const k = base();
    k.start.effects = [{ kind: 'shrink', target: 'p1-runner' }];
    expect(startFailures(k).join()).toMatch(/effects\[0\]\.kind/);
    const u = base();
    u.start.effects = [{ kind: 'modify', target: 'p1-runner', atk: 1, until: 'end-of-clash' }];
    expect(startFailures(u).join()).toMatch(/end-of-clash/);
    const t = base();
    t.start.standby = [{ kind: 'trigger', controller: 'p1', source: 'p1-runner', effect: 'trigger:0' }];
    expect(startFailures(t).join()).toMatch(/standby\[0\]\.effect/);
    const a = base();
    a.start.standby = [{ kind: 'card', controller: 'p1', card: 'AC1-096' }];
    expect(startFailures(a).join()).toMatch(/standby\[0\]\.card/);
  });

  it('put a Clash card controlled by its non-owner into the controller’s Clash Zone; counters are refused (119)', () => {
    const s = base();
    (s.start.players as Record<string, unknown>).p2 = {
      zones: { clash: [{ card: 'test-runner', id: 'p2-runner', controller: 'p1' }] },
    };
    const r = ScenarioRun.start(alphaClash, s);
    if (!r.ok) throw new Error(r.failures.join('; '));
    const st = r.run.session.state as AlphaClashState;
    expect(st.players.p1!.clash.map((c) => [c.card.id, c.owner, c.controller])).toContainEqual([
      'p2-runner',
      'p2',
      'p1',
    ]);
    expect(st.players.p2!.clash).toEqual([]);
    const c = base();
    (c.start.players as Record<string, { zones: Record<string, unknown> }>).p1!.zones.clash = [
      { card: 'test-runner', counters: { buff: 1 } },
    ];
    expect(startFailures(c).join()).toMatch(/119/);
    const p = base();
    (p.start.players as Record<string, Record<string, unknown>>).p2 = { zones: {}, counters: { poison: 1 } };
    expect(startFailures(p).join()).toMatch(/players\.p2\.counters.*119/);
  });
});

describe('alpha-clash test cards under bots', () => {
  // Test cards of every keyword start in hands and decks (hidden), are drawn, played, revealed and defeated by the
  // bots; the kernel harness checks fold = live, redaction commuting and no leak at every seq for every viewer.
  const kw = [
    'Flight',
    'Interception',
    'Superspeed',
    'Breakthrough',
    'Necrotic',
    'Safeguard',
    'Close Combat',
    'Observant',
    'Undisputed',
    'Irrefutable',
  ];
  const cards = [
    ...kw.map((k, i) => ({
      id: `test-k${i}`,
      name: `Test ${k}`,
      type: 'Clash',
      cost: i % 3,
      stats: { atk: 1 + (i % 4), def: 1 + (i % 3) },
      keywords: [k],
    })),
    {
      id: 'test-awe',
      name: 'Test Awe',
      type: 'Clash',
      cost: 1,
      stats: { atk: 2, def: 2 },
      keywords: [{ keyword: 'Awe Factor', value: 1 }],
    },
    {
      id: 'test-enrage',
      name: 'Test Enrage',
      type: 'Clash',
      cost: 1,
      stats: { atk: 1, def: 3 },
      keywords: [{ keyword: 'Enrage', value: 1 }],
    },
    {
      id: 'test-barrage',
      name: 'Test Barrage',
      type: 'Clash',
      cost: 2,
      stats: { atk: 3, def: 2 },
      keywords: [{ keyword: 'Barrage', value: 2 }],
    },
  ];
  const ids = cards.map((c) => c.id);
  const seatOf = (k: number) => ({
    zones: {
      hand: ids.slice(k, k + 4),
      deck: ids.slice(k + 4, k + 10),
      resources: ['AC1-099', 'AC1-099'],
      clash: [{ card: ids[(k + 11) % ids.length]!, enteredTurn: 1 }],
    },
    health: 12,
  });
  for (const seed of ['tc-1', 'tc-2', 'tc-3']) {
    it(`${seed}: a bot match from a start position full of test cards keeps every invariant at every seq`, () => {
      const json = {
        ...base(),
        seed,
        cards,
        start: {
          turn: 2,
          turnPlayer: 'p1',
          phase: 'primary',
          step: 'main',
          players: { p1: seatOf(0), p2: seatOf(3) },
        },
      };
      const r = ScenarioRun.start(alphaClash, json);
      if (!r.ok) throw new Error(r.failures.join('; '));
      const session = r.run.session;
      const botRng = new Rng(`bot:${seed}`);
      let n = 0;
      while (!session.ended && n++ < 3000) {
        const s = session.state as AlphaClashState;
        const p = alphaClash.actors(s)[0]!;
        const legal = alphaClash.legalCommands(s, p);
        const choice = alphaClash.bots[n % 2 ? 'greedy' : 'random']!.choose(
          alphaClash.view(s, p),
          p,
          legal,
          botRng,
        );
        const out = session.play(choice, new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString());
        expect(out.ok, JSON.stringify(choice)).toBe(true);
      }
      expect(session.ended).toBe(true);
      const events = session.events;
      expect(
        events.some(
          (e) => e.type === 'TestCardRevealed' && (e.payload.knownTo as string[]).includes('public'),
        ),
      ).toBe(true);
      const states: AlphaClashState[] = [];
      let st = alphaClash.initial();
      for (const e of events) states.push((st = alphaClash.evolve(st, e)));
      expect(jsonEqual(st, session.state)).toBe(true);
      const m: PlayedMatch<AlphaClashState> = {
        config: {
          matchId: events[0]!.matchId,
          players: (['p1', 'p2'] as const).map((id) => ({ id, name: id, deck: { main: [] } })),
        },
        seed,
        events: [...events],
        states,
        final: st,
        commands: n,
        endedByRules: true,
      };
      expect(checkInvariants(alphaClash, m).slice(0, 4)).toEqual([]); // the first few failures, if any
    });
  }
});

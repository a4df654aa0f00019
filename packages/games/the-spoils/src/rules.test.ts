// Rules that scenarios don't show one by one: deck construction (103), costs (406, 410), picks (310, 202.9a),
// threshold paragraphs (405.4), simultaneous loss (102.2), two seats and conceding (tournament policy, 104), the machine's meta.
import { describe, expect, it } from 'vitest';
import { MatchSession, Rng, seedCommitment, type PlayerId, type TestCard } from '@matchtape/engine';
import { playMatch } from '@matchtape/engine/testing';
import { PRESET_DECKS, validateDeck } from './cards/decks';
import { cardDef, CARDS } from './cards/pool';
import { RulesTextSchema } from './cards/effects';
import { testCardDef } from './cards/test-cards';
import { setup } from './decide';
import { cardCost, iconsOf, meetsThreshold, pickable, statsOf } from './rules';
import { theSpoils } from './index';
import { Table } from './test-helpers';
import type { SpoilsState } from './types';

const ctx = () => ({ rng: new Rng('x'), seedCommitment: seedCommitment('x', 'm') });

describe('deck construction (103)', () => {
  it('the presets are legal Constructed decks', () => {
    for (const d of Object.values(PRESET_DECKS)) expect(validateDeck(d)).toEqual([]);
  });
  it('103.1a one faction; 103.1b 75 cards; 103.1c four copies except staples', () => {
    const base = PRESET_DECKS['red-maw-warband']!;
    expect(validateDeck({ ...base, extra: {} }).join()).toMatch(/103\.1a/);
    expect(validateDeck({ ...base, main: base.main.slice(0, 60) }).join()).toMatch(/103\.1b/);
    expect(validateDeck({ ...base, main: [...base.main, 'fire-bolt'] }).join()).toMatch(/103\.1c/);
    expect(validateDeck({ ...base, main: [...base.main, 'rage', 'rage', 'rage'] })).toEqual([]);
    expect(validateDeck({ ...base, main: base.main.slice(0, 50) }, 'limited')).toEqual([]);
  });
  it('setup rejects an illegal deck with its rule', () => {
    const bad = { main: ['fire-bolt'], extra: { faction: ['red-maw-warband'] } };
    const r = setup(
      {
        matchId: 'm',
        players: [
          { id: 'p1', name: 'a', deck: bad },
          { id: 'p2', name: 'b', deck: PRESET_DECKS['gilded-consortium']! },
        ],
      },
      ctx(),
    );
    expect(r).toMatchObject({ ok: false, rule: '103.1' });
  });
  it('two seats is a match option (tournament policy, 104): three players are refused explicitly', () => {
    const d = PRESET_DECKS['gilded-consortium']!;
    const players = (['p1', 'p2', 'p3'] as PlayerId[]).map((id) => ({ id, name: id, deck: d }));
    expect(setup({ matchId: 'm', players }, ctx())).toMatchObject({ ok: false, rule: '104' });
  });
});

describe('the card pool', () => {
  it('names every card the document names, and marks what it does not state as samples', () => {
    for (const id of ['obsession', 'greed', 'elitism', 'deception', 'rage', 'micromajig-token'])
      expect(cardDef(id).sample).toBe(false);
    for (const id of ['witty-worm', 'rusty-pickaxe', 'rapine']) expect(cardDef(id).sample).toBe(true);
    expect(cardDef('micromajig-token')).toMatchObject({
      str: 1,
      life: 1,
      spd: 3,
      subtypes: ['majig'],
      token: true,
    });
    expect(CARDS.filter((c) => c.types.includes('faction')).every((c) => c.faction && c.sample)).toBe(true);
  });
});

describe('costs, thresholds, picks', () => {
  it('406.3 / 410.3: increases first, then reductions, never below 0 (Tax Office +1, Gearworks −1 on a 0-cost item = 0)', () => {
    const t = new Table({ play: ['gearworks', 'rage'] }, { play: ['tax-office'] });
    const c = cardCost(t.s, 'p1', cardDef('scrap-charm'), false);
    expect(c).toEqual({ start: 0, added: 0, increases: 1, reductions: 1, total: 0 });
    expect(Math.max(0, 0 - 1) + 1).toBe(1); // the other order would have cost 1
  });
  it('405.6: icons are never spent — attached resources still count for threshold', () => {
    const t = new Table(
      {
        play: [
          { card: 'rage', attachedTo: 'red' },
          { card: 'rage', attachedTo: 'red' },
        ],
      },
      {},
    );
    expect(iconsOf(t.s, 'p1').Rage).toBe(2);
    expect(meetsThreshold(t.s, 'p1', { Rage: 2 })).toBe(true);
  });
  it('411.1: face-down cards provide Volition', () => {
    const t = new Table({ play: [{ card: 'fire-bolt', faceDown: true }] }, {});
    expect(iconsOf(t.s, 'p1').Volition).toBe(1);
  });
  it('405.4: a threshold paragraph is active only while met (Blood Berserker gains 2 strength at three Rage)', () => {
    const t = new Table({ play: [{ card: 'blood-berserker', id: 'b' }, 'rage', 'rage'] }, {});
    expect(
      statsOf(
        t.s,
        t.s.perms.find((x) => x.id === 'b')!,
      ).str,
    ).toBe(2);
    const u = new Table({ play: [{ card: 'blood-berserker', id: 'b' }, 'rage', 'rage', 'rage'] }, {});
    expect(
      statsOf(
        u.s,
        u.s.perms.find((x) => x.id === 'b')!,
      ).str,
    ).toBe(4);
  });
  it("201.4b: Ember Drake gains 1/1 for each 'dragon' card you control (itself included)", () => {
    const t = new Table(
      {
        play: [
          { card: 'ember-drake', id: 'a' },
          { card: 'ember-drake', id: 'b' },
        ],
      },
      {},
    );
    expect(
      statsOf(
        t.s,
        t.s.perms.find((x) => x.id === 'a')!,
      ),
    ).toMatchObject({ str: 4, life: 5 });
  });
  it('202.9a: a faction is never picked unless a card says so', () => {
    const t = new Table({}, {});
    expect(pickable(t.s, 'p1', { type: 'character', controller: 'any' })).toEqual([]);
    expect(t.no('p1', 'PlayCard', { card: 'x', pick: 'gold' }).rule).toBe('604.1a');
  });
});

describe('turn structure', () => {
  it('603.2d: the end of the turn is announced once; 607.1: the announcer cannot respond to it', () => {
    const t = new Table({}, {});
    t.do('p1', 'EndTurn');
    expect(t.no('p1', 'EndTurn').rule).toBe('607.1');
    t.do('p2', 'Pass');
    expect(t.s.activePlayer).toBe('p2');
  });
  it("608.1a: an attack without a target attacks the opponent's faction; your own cards are no target", () => {
    const t = new Table({ play: [{ card: 'red-maw-raider', id: 'r' }] }, {});
    expect(t.no('p1', 'Attack', { target: 'red' }).rule).toBe('608.1a');
    t.do('p1', 'Attack');
    expect(t.s.battle).toMatchObject({ target: 'gold', attacker: 'p1', defender: 'p2' });
  });
  it('603.1: outside responses only the active player acts', () => {
    const t = new Table({}, { hand: ['windfall'], play: ['greed', 'greed'] });
    expect(t.no('p2', 'PlayCard', { card: t.id('windfall', 'p2') }).rule).toBe('603.1');
  });
  it('102.2: when every faction is at 0 at once the game is a draw; 102.1: a single one loses', () => {
    const t = new Table({}, {}, { health: { p1: 0, p2: 0 } });
    t.do('p1', 'EndTurn');
    expect(t.do('p2', 'Pass').find((e) => e.type === 'MatchEnded')).toMatchObject({
      rule: '102.2',
      payload: { winner: null, losers: ['p1', 'p2'] },
    });
    const u = new Table(
      { hand: ['rapine'], play: ['rage', { card: 'red-maw-raider', id: 'r' }] },
      {},
      { health: { p2: 3 } },
    );
    u.do('p1', 'PlayCard', { card: u.id('rapine', 'p1'), sacrifice: 'r' });
    expect(u.do('p2', 'Pass').find((e) => e.type === 'MatchEnded')).toMatchObject({
      rule: '102.1',
      payload: { winner: 'p1' },
    });
  });
});

describe('conceding (tournament policy, 104: the rules of play have no rule for it)', () => {
  it('either seat may concede at any moment, priority or not; the opponent wins and nothing else can happen', () => {
    const m = playMatch(theSpoils, {
      seed: 'concede-1',
      bots: { p1: 'greedy', p2: 'greedy' },
      maxCommands: 40,
    });
    const at = '2026-01-01T00:00:00.000Z';
    const session = MatchSession.resume<SpoilsState>(theSpoils, {
      matchId: 'm-concede-1',
      seed: m.seed,
      events: m.events,
    });
    const s = session.state;
    expect(s.status).toBe('playing');
    const waiting = (['p1', 'p2'] as PlayerId[]).find((p) => !theSpoils.actors(s).includes(p))!;
    expect(theSpoils.legalCommands(s, waiting)).toEqual([{ type: 'Concede', player: waiting }]);
    const out = session.play({ type: 'Concede', player: waiting, commandId: 'c1' }, at);
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    expect(out.events.map((e) => [e.type, e.rule])).toEqual([
      ['PlayerConceded', '104'],
      ['MatchEnded', '104'],
    ]);
    expect(theSpoils.status(session.state)).toMatchObject({
      status: 'ended',
      winner: waiting === 'p1' ? 'p2' : 'p1',
    });
    expect(theSpoils.legalCommands(session.state, waiting)).toEqual([]);
  });
});

describe('the rules-text vocabulary (cards/effects.ts)', () => {
  it('every pool card is written in it', () => {
    for (const c of CARDS) expect(RulesTextSchema.safeParse(c).success, c.id).toBe(true);
  });
});

describe('test cards of scenario start positions', () => {
  it('a test card becomes a card whose id carries its definition; a bad one is refused with what is wrong', () => {
    const def = testCardDef({
      id: 'shade',
      name: 'Shade',
      type: 'character',
      cost: 2,
      colors: ['Deception'],
      stats: { str: 1, life: 2, spd: 3 },
      keywords: ['Covert', { keyword: 'Flip Up', value: 1 }],
    });
    if (typeof def === 'string') throw new Error(def);
    expect(def).toMatchObject({
      name: 'Shade',
      types: ['character'],
      cost: 2,
      threshold: { Deception: 1 },
      str: 1,
      life: 2,
      spd: 3,
    });
    expect(def.keywords).toEqual([{ kw: 'covert' }, { kw: 'flip-up', cost: 1, threshold: {} }]);
    expect(cardDef(def.id)).toEqual(def);
    expect(testCardDef({ id: 'x', name: 'X', type: 'spell' })).toMatch(/not a card type of The Spoils/);
    const alias = testCardDef({
      id: 'a',
      name: 'A',
      type: 'Item',
      keywords: ['Unique', 'Attach to Character'],
      stats: {},
      uniqueId: 'crown',
    } as TestCard);
    expect(alias).toMatchObject({
      types: ['item'],
      keywords: [
        { kw: 'unique', id: 'crown' },
        { kw: 'attach-to', type: 'character' },
      ],
    });
    expect(
      testCardDef({ id: 'b', name: 'B', type: 'character', stats: { strength: 2, speed: 4 } }),
    ).toMatchObject({ str: 2, spd: 4 });
    expect(testCardDef({ id: 'x', name: 'X', type: 'character', stats: { power: 2 } })).toMatch(
      /stats.power/,
    );
    expect(testCardDef({ id: 'x', name: 'X', type: 'character', keywords: ['Flying'] })).toMatch(
      /keyword "Flying"/,
    );
    expect(testCardDef({ id: 'x', name: 'X', type: 'tactic', effect: [{ do: 'explode' }] })).toMatch(
      /^effect\.0/,
    );
    const bolt = testCardDef({
      id: 'bolt',
      name: 'Bolt',
      type: 'tactic',
      cost: 1,
      playCost: [{ kind: 'pick', pick: { type: 'character', controller: 'any' } }],
      effect: [{ do: 'damage', n: 2, to: 'picked' }],
    });
    expect(bolt).toMatchObject({
      playCost: [{ kind: 'pick' }],
      effect: [{ do: 'damage', n: 2, to: 'picked' }],
    });
  });
});

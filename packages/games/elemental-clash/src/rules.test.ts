// Rulings of the document and of decisions.md that the keyword tests and scenario files do not already pin:
// setup, mulligans, draw and loss, redraw knowledge, turn limit, options, combat arithmetic.
import { describe, expect, it } from 'vitest';
import { Rng, startMatch, type MatchConfig } from '@matchtape/engine';
import { cardDef, PRESET_DECKS } from './cards/decks';
import { RulesTextSchema } from './cards/effects';
import { CARDS } from './cards/pool';
import { testCardDef } from './cards/test-cards';
import { elementalClash } from './index';
import { health, locate, power } from './rules';
import { position, Table, types } from './test-helpers';
import type { ECState } from './types';

const c = (card: string, id: string, more: Record<string, unknown> = {}) => ({ card, id, ...more });
const config = (
  options: Record<string, unknown> = {},
  decks = [PRESET_DECKS['ember-legion']!, PRESET_DECKS['tides-of-jupiter']!],
): MatchConfig => ({
  matchId: 'r',
  players: [
    { id: 'p1', name: 'A', deck: decks[0]! },
    { id: 'p2', name: 'B', deck: decks[1]! },
  ],
  options,
});

describe('setup (§2.0, §4.0)', () => {
  it('shuffles both spellbooks, draws 7 each, records a random first player, offers the first mulligan to them', () => {
    const firsts = new Set<string>();
    for (const seed of ['a', 'b', 'c', 'd', 'e', 'f']) {
      const r = startMatch<ECState>(elementalClash, config(), { seed, at: 't' });
      if (!r.ok) throw new Error(r.reason);
      const s = r.state;
      firsts.add(s.firstPlayer!);
      expect(s.players.p1!.hand).toHaveLength(7);
      expect(s.players.p2!.spellbook).toHaveLength(33);
      expect(s.prompt).toMatchObject({ kind: 'mulligan', player: s.firstPlayer });
      const chosen = r.events.find((e) => e.type === 'FirstPlayerChosen')!;
      expect(chosen.rule).toBe('4.0');
      expect((chosen.payload.random as { draws: unknown[] }).draws).toHaveLength(1);
    }
    expect(firsts).toEqual(new Set(['p1', 'p2']));
  });

  it('refuses spellbooks that are not exactly 40, or break the copy limit, citing the section', () => {
    const short = { main: PRESET_DECKS['ember-legion']!.main.slice(1) };
    const r = startMatch(elementalClash, config({}, [short, PRESET_DECKS['tides-of-jupiter']!]), {
      seed: 's',
      at: 't',
    });
    expect(r).toMatchObject({ ok: false, rule: '2.0' });
    const banned = { main: [...PRESET_DECKS['ember-legion']!.main.slice(1), 'fire-sale'] };
    expect(startMatch(elementalClash, config({}, [banned, banned]), { seed: 's', at: 't' })).toMatchObject({
      ok: false,
      rule: '9.1',
    });
    expect(
      startMatch(elementalClash, config({ format: 'casual' }, [banned, banned]), { seed: 's', at: 't' }).ok,
    ).toBe(true);
  });

  it('refuses unknown or malformed options with what to give instead', () => {
    expect(startMatch(elementalClash, config({ turnLimit: 0 }), { seed: 's', at: 't' })).toMatchObject({
      ok: false,
      rule: 'command',
    });
    expect(startMatch(elementalClash, config({ firstPlayer: 'p9' }), { seed: 's', at: 't' })).toMatchObject({
      ok: false,
      rule: 'command',
    });
    expect(startMatch(elementalClash, config({ colour: 'red' }), { seed: 's', at: 't' })).toMatchObject({
      ok: false,
      rule: 'command',
    });
  });
});

describe('drawing and losing (§1.0, §4.0.D1–D2)', () => {
  it('a draw effect from an empty spellbook loses at once (1.0)', () => {
    const t = new Table(
      position('main', {
        atk: [c('morphus-the-architect', 'mo')],
        stack1: ['mars-stone', 'mars-stone'],
        spellbook: [],
      }),
    );
    const es = t.do('p1', 'Discharge', { creature: 'mo', stack: 'p1-s1' });
    expect(es.find((e) => e.type === 'PlayerLost')).toMatchObject({ rule: '1.0', payload: { player: 'p1' } });
    expect(t.state.winner).toBe('p2');
  });

  it('the redraw puts the hand under the spellbook known only to its owner, then draws as many (4.0.D2, D2)', () => {
    const t = new Table(
      position('standby', { hand: [c('krampus', 'k1'), c('fandi-of-the-flaming-eye', 'f1')] }),
    );
    t.do('p1', 'EndStandby');
    t.do('p1', 'RedrawHand');
    expect(t.rejects('p1', 'EndMain')).toBe('D20');
    for (const id of ['f1', 'k1']) t.do('p1', 'PutUnder', { card: id });
    const drawnCard = t.state.players.p1!.hand.map((h) => h.id);
    t.do('p1', 'PutUnder', { card: drawnCard[0]! });
    expect(t.state.phase).toBe('end');
    const book = elementalClash.view(t.state, 'p1').players.p1!.spellbook;
    expect(book.slice(-3).map((x) => ('cardId' in x ? x.cardId : 'hidden'))).toEqual([
      'fandi-of-the-flaming-eye',
      'krampus',
      'mars-stone',
    ]);
    expect(
      elementalClash
        .view(t.state, 'p2')
        .players.p1!.spellbook.slice(-3)
        .every((x) => 'hidden' in x),
    ).toBe(true);
  });

  it('with redrawOnSkippedDraw false the first player gets no redraw on the first turn (D18)', () => {
    const r = startMatch<ECState>(elementalClash, config({ firstPlayer: 'p1', redrawOnSkippedDraw: false }), {
      seed: 's',
      at: 't',
    });
    if (!r.ok) throw new Error(r.reason);
    expect(r.state.prompt?.kind).toBe('mulligan');
    let s = r.state;
    for (const [p, type] of [
      ['p1', 'Keep'],
      ['p2', 'Keep'],
      ['p1', 'EndStandby'],
    ] as const) {
      const d = elementalClash.decide(s, { type, player: p }, { rng: new Rng('s', 9999) });
      if (!d.ok) throw new Error(d.reason);
      for (const e of d.events) s = elementalClash.evolve(s, e);
    }
    expect(s.phase).toBe('main');
    expect(s.prompt).toBeNull();
  });
});

describe('combat and damage (D13–D16)', () => {
  it('with retaliation off, an attacked creature deals no damage back (D14 option)', () => {
    const t = new Table(
      position('main', { atk: [c('fandi-of-the-flaming-eye', 'fd')] }, { atk: [c('krampus', 'kr')] }),
      { retaliation: false },
    );
    t.do('p1', 'DeclareAttack', { attacker: 'fd', target: 'kr' });
    const es = t.do('p2', 'FinishDefense');
    expect(es.filter((e) => e.type === 'DamageDealt').map((e) => e.payload.target)).toEqual(['kr']);
  });

  it('blocked damage goes to the blockers in the declared order, lethal first (D14)', () => {
    const t = new Table(
      position(
        'main',
        { atk: [c('azragruul-king-of-the-trolls', 'az')] },
        { def: [c('bearheart-the-faithful', 'b1'), c('goblin-santa', 'b2')] },
      ),
    );
    t.do('p1', 'DeclareAttack', { attacker: 'az', target: 'p2' });
    t.do('p2', 'DeclareBlocker', { creature: 'b2' });
    t.do('p2', 'DeclareBlocker', { creature: 'b1' });
    const es = t.do('p2', 'FinishDefense');
    expect(
      es
        .filter((e) => e.type === 'DamageDealt' && e.payload.source === 'az')
        .map((e) => [e.payload.target, e.payload.amount]),
    ).toEqual([
      ['b2', 1],
      ['b1', 3],
    ]);
    expect(t.state.players.p2!.def.map((x) => x.id)).toEqual(['b1']);
  });

  it('each creature attacks once per turn (D13); attacks are one at a time (4.0.M3)', () => {
    const t = new Table(position('main', { atk: [c('fandi-of-the-flaming-eye', 'f1'), c('krampus', 'k1')] }));
    t.do('p1', 'DeclareAttack', { attacker: 'f1', target: 'p2' });
    expect(t.rejects('p1', 'DeclareAttack', { attacker: 'k1', target: 'p2' })).toBe('4.0.M3');
    t.do('p2', 'FinishDefense');
    expect(t.rejects('p1', 'DeclareAttack', { attacker: 'f1', target: 'p2' })).toBe('D13');
    t.do('p1', 'DeclareAttack', { attacker: 'k1', target: 'p2' });
  });

  it('Power and Health include until-end-of-turn effects, Permanent spells and equips', () => {
    const t = new Table(
      position(
        'main',
        {
          atk: [c('krampus', 'kr')],
          stack1: ['mars-stone', 'mars-stone', c('legacy-of-legends', 'll')],
          equips: [c('volcanic-fist', 'vf', { attachedTo: 'kr' })],
        },
        {},
        { effects: [{ kind: 'pump', target: 'kr', power: 1, health: 2 } as never] },
      ),
    );
    const w = locate(t.state, 'kr')!;
    expect([power(t.state, w), health(t.state, w)]).toEqual([3 + 1 + 2 + 1, 3 + 2]);
  });
});

describe('turn limit and concession (D22)', () => {
  it('the turn limit ends the match in a draw at the end of that turn', () => {
    const t = new Table(position('end', {}, {}, { turn: 5 }), { turnLimit: 5 });
    const es = t.do('p1', 'EndTurn');
    expect(types(es)).toEqual(['TurnEnded', 'MatchEnded']);
    expect(t.state.winner).toBeNull();
  });

  it('either player may concede at any time, even while the other must act', () => {
    const t = new Table(position('main', { atk: [c('fandi-of-the-flaming-eye', 'fd')] }));
    t.do('p1', 'DeclareAttack', { attacker: 'fd', target: 'p2' });
    expect(t.legal('p1').map((x) => x.type)).toEqual(['Concede']);
    t.do('p1', 'Concede');
    expect(t.state.winner).toBe('p2');
  });
});

describe('the effect vocabulary (cards/effects.ts)', () => {
  it('every pool card is written in it', () => {
    for (const c of CARDS) expect(RulesTextSchema.safeParse(c).success, c.id).toBe(true);
  });
});

describe('test cards of scenario start positions', () => {
  it('a test card becomes a card whose id carries its definition; a bad one is refused with what is wrong', () => {
    const def = testCardDef({
      id: 'caller',
      name: 'Caller',
      type: 'Creature',
      cost: 1,
      colors: ['Mars'],
      stats: { power: 1, health: 2 },
      keywords: ['Echo', { keyword: 'Ranged Attack', value: 2 }],
    });
    if (typeof def === 'string') throw new Error(def);
    expect(def).toMatchObject({
      name: 'Caller',
      type: 'Creature',
      element: 'Mars',
      level: 1,
      power: 1,
      health: 2,
    });
    expect(def.abilities).toEqual([{ keyword: 'Echo' }, { keyword: 'Ranged Attack', x: 2 }]);
    expect(cardDef(def.id)).toEqual(def);
    expect(testCardDef({ id: 'x', name: 'X', type: 'Instant' })).toMatch(/not an Elemental Clash card type/);
    expect(testCardDef({ id: 'f', name: 'F', type: 'Spell - Flash', stats: { attack: 1 } })).toMatchObject({
      type: 'Spell',
      spell: 'Flash',
    });
    expect(testCardDef({ id: 'c', name: 'C', type: 'creature', stats: { atk: 2, hp: 3 } })).toMatchObject({
      type: 'Creature',
      power: 2,
      health: 3,
    });
    expect(testCardDef({ id: 'x', name: 'X', type: 'Creature', colors: ['Pluto'] })).toMatch(
      /element "Pluto"/,
    );
    expect(testCardDef({ id: 'x', name: 'X', type: 'Spell', effects: [{ kind: 'explode' }] })).toMatch(
      /^effects\.0/,
    );
  });
});

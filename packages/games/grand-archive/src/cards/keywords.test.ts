// One test per keyword of the glossary (X.A) that the engine applies, named by its rule; the keywords it
// does not apply are listed in KEYWORDS (and the coverage report) with the reason, checked at the end.
import { describe, expect, it } from 'vitest';
import { Rng } from '@matchtape/engine';
import {
  Flow,
  canLevelOnto,
  collectAttackTriggers,
  collectTriggers,
  dealCombatDamage,
  placeTriggers,
  runSBE,
} from '../flow';
import { targetsFor } from '../decide';
import { activationCost, attackableBy, obeys, objectById, unitPower } from '../rules';
import { Table } from '../test-helpers';
import { grandArchive } from '../index';
import { validateDeck } from './decks';
import { KEYWORDS } from './keywords';
import { poolCard as cardDef } from './pool';

const flow = (t: Table) => new Flow(t.state, new Rng('kw'));
const grandArchiveView = (t: Table, v: 'p2' | 'public') => grandArchive.view(t.state, v);

describe('keywords (X.A): Class Bonus, Floating Memory, Efficiency, Immortality, Lineage, On Attack', () => {
  it('X.A.1 Class Bonus: Clarent’s ability needs a Warrior champion', () => {
    const t = Table.atP2Main();
    const clarent = t.put('p2', 'clarent-sword-of-peace');
    expect(t.try('p2', 'ActivateAbility', { source: clarent, ability: 0 })).toMatchObject({
      ok: false,
      rule: 'X.A.1.c',
    });
    t.champion('p2', 'lorraine-wandering-warrior');
    expect(t.try('p2', 'ActivateAbility', { source: clarent, ability: 0 }).ok).toBe(true);
  });

  it('X.A.1.c.i / X.A.7 Floating Memory: Merlin gains a level counter only if the banished card’s owner’s champion shares its class', () => {
    for (const [owner, expected] of [
      ['tristan-grim-stalker', 0],
      ['lorraine-wandering-warrior', 1],
    ] as const) {
      const t = Table.atP2Main();
      t.champion('p2', 'merlin-memory-thief');
      t.champion('p1', owner);
      t.patch((s) => ({
        ...s,
        players: {
          ...s.players,
          p1: { ...s.players.p1!, graveyard: [{ id: 'p1-frs', cardId: 'flame-rune-swordsman' }] },
        },
      }));
      t.do('p2', 'ActivateAbility', { source: 'p2-m1', ability: 0, target: 'p1-frs' });
      t.passUntil((s) => s.stack.length === 0);
      expect(objectById(t.state, 'p2-m1')!.counters.level ?? 0).toBe(expected);
      expect(t.state.players.p1!.banishment[0]!.cardId).toBe('flame-rune-swordsman');
    }
  });

  it('X.A.5 Efficiency: the activation costs LV less, never below 0', () => {
    const t = Table.atP2Main();
    const d = cardDef('studied-insight');
    expect(activationCost(t.state, 'p1', d)).toBe(3);
    t.champion('p1', 'lorraine-wandering-warrior');
    expect(activationCost(t.state, 'p1', d)).toBe(2);
    t.patch((s) => ({
      ...s,
      field: s.field.map((o) => (o.id === 'p1-m1' ? { ...o, counters: { level: 5 } } : o)),
    }));
    expect(activationCost(t.state, 'p1', d)).toBe(0);
  });

  it('X.A.8 Immortality: an immortal ally with lethal damage stays; a mortal one dies', () => {
    const t = Table.atP2Main();
    const warden = t.put('p1', 'stone-warden', { damage: 9 });
    const squire = t.put('p1', 'ember-squire', { damage: 2 });
    const f = flow(t);
    runSBE(f);
    expect(objectById(f.state, warden)).toBeDefined();
    expect(objectById(f.state, squire)).toBeUndefined();
  });

  it('X.A.11 Lineage: Blademaster levels only from a Lorraine champion', () => {
    const t = Table.atP2Main();
    t.champion('p1', 'lorraine-wandering-warrior');
    expect(canLevelOnto(t.state, objectById(t.state, 'p1-m1')!, cardDef('lorraine-blademaster'))).toBe(true);
    t.champion('p1', 'rai-storm-seer');
    expect(canLevelOnto(t.state, objectById(t.state, 'p1-m1')!, cardDef('lorraine-blademaster'))).toBe(false);
    expect(canLevelOnto(t.state, objectById(t.state, 'p1-m1')!, cardDef('merlin-memory-thief'))).toBe(true);
  });

  it('X.A.12 On Attack: Rending Flames’ On Attack triggers only while its Class Bonus is met', () => {
    const t = Table.atP2Main();
    t.champion('p2', 'lorraine-wandering-warrior');
    const target = 'p1-m1';
    t.patch((s) => ({
      ...s,
      players: {
        ...s.players,
        p2: {
          ...s.players.p2!,
          graveyard: ['a', 'b', 'c'].map((x) => ({ id: `p2-g${x}`, cardId: 'spark-bolt' })),
        },
      },
      combat: {
        attacker: 'p2-m1',
        attackingPlayer: 'p2',
        defendingPlayer: 'p1',
        target,
        weapon: null,
        attackCard: { id: 'p2-rf', cardId: 'rending-flames' },
        retaliators: [],
        retaliationDecided: false,
        damageDealt: false,
        doublers: [],
        negated: false,
      },
    }));
    const f = flow(t);
    collectAttackTriggers(f);
    expect(f.triggers.map((x) => x.sourceCardId)).toEqual(['rending-flames']);
    t.champion('p2', 'tidecaller-adept');
    const g = flow(t);
    collectAttackTriggers(g);
    expect(g.triggers).toEqual([]);
  });
});

describe('keywords (X.A): On Death, On Leave, On Enter, On Hit, Pride, Spellshroud, Stealth', () => {
  it('X.A.13 On Death / X.A.17 On Leave: destroyed allies trigger both; banished ones only On Leave', () => {
    const t = Table.atP2Main();
    const serpent = t.put('p2', 'sea-serpent', { damage: 4 });
    const falcon = t.put('p2', 'keen-falcon', { damage: 1 });
    const f = flow(t);
    runSBE(f);
    expect(
      f.triggers
        .map(
          (x) =>
            `${x.sourceCardId}:${cardDef(x.sourceCardId).abilities[x.ability]?.kind === 'trigger' ? (cardDef(x.sourceCardId).abilities[x.ability] as { on: string }).on : ''}`,
        )
        .sort(),
    ).toEqual(['keen-falcon:leave', 'sea-serpent:death']);
    expect(objectById(f.state, serpent)).toBeUndefined();
    expect(objectById(f.state, falcon)).toBeUndefined();
  });

  it('X.A.14 On Enter: Tidecaller Adept draws a card when it enters', () => {
    const t = Table.atP2Main();
    const f = flow(t);
    const id = t.put('p2', 'tidecaller-adept');
    collectTriggers(f, objectById(t.state, id)!, 'enter');
    expect(f.triggers).toHaveLength(1);
    expect(f.triggers[0]!.label).toContain('On Enter: Draw a card');
  });

  it('X.A.15 On Hit: Wind Cutter’s On Hit triggers when attack damage > 0 is dealt, not when it is all prevented', () => {
    for (const shield of [0, 5]) {
      const t = Table.atP2Main();
      t.patch((s) => ({
        ...s,
        shields: shield
          ? [{ id: 'sh', target: 'p1-m1', amount: shield, damage: 'attack', source: 'test' }]
          : [],
        combat: {
          attacker: 'p2-m1',
          attackingPlayer: 'p2',
          defendingPlayer: 'p1',
          target: 'p1-m1',
          weapon: null,
          attackCard: { id: 'p2-wc', cardId: 'wind-cutter' },
          retaliators: [],
          retaliationDecided: true,
          damageDealt: false,
          doublers: [],
          negated: false,
        },
      }));
      const f = flow(t);
      dealCombatDamage(f);
      expect(f.triggers.map((x) => x.sourceCardId)).toEqual(shield ? [] : ['wind-cutter']);
    }
  });

  it('X.A.20 Pride: Veteran Knight obeys only with a champion of level 1 or more', () => {
    const t = Table.atP2Main();
    const knight = t.put('p2', 'veteran-knight');
    expect(obeys(t.state, objectById(t.state, knight)!)).toBe(false);
    expect(t.try('p2', 'DeclareAttack', { attacker: knight, target: 'p1-m1' })).toMatchObject({
      ok: false,
      rule: 'X.B.24.a',
    });
    t.champion('p2', 'rai-storm-seer');
    expect(obeys(t.state, objectById(t.state, knight)!)).toBe(true);
  });

  it('X.A.21 Spellshroud: Tidecaller Adept can’t be targeted by Spell cards, only by others', () => {
    const t = Table.atP2Main();
    const adept = t.put('p2', 'tidecaller-adept');
    expect(targetsFor(t.state, 'p1', 'unit', true)).not.toContain(adept);
    expect(targetsFor(t.state, 'p1', 'unit', false)).toContain(adept);
  });

  it('X.A.22 Stealth / X.A.23 True Sight: a stealth unit is attackable only by True Sight', () => {
    const t = Table.atP2Main();
    const stalker = t.put('p1', 'mist-stalker');
    const squire = t.put('p2', 'ash-hound');
    const falcon = t.put('p2', 'keen-falcon');
    const o = (id: string) => objectById(t.state, id)!;
    expect(attackableBy(t.state, o(stalker), o(squire), null)).toBe(false);
    expect(attackableBy(t.state, o(stalker), o(falcon), null)).toBe(true);
    expect(t.try('p2', 'DeclareAttack', { attacker: squire, target: stalker })).toMatchObject({
      ok: false,
      rule: 'X.A.22.a',
    });
    expect(t.try('p2', 'DeclareAttack', { attacker: falcon, target: stalker }).ok).toBe(true);
  });

  it('X.A.22.a.v / X.A.23.b.i: stealth received by the target during an attack negates it; True Sight gained later does not bring it back', () => {
    const t = Table.atP2Main();
    const squire = t.put('p1', 'ember-squire');
    const hound = t.put('p2', 'ash-hound');
    t.do('p2', 'DeclareAttack', { attacker: hound, target: squire });
    const f = flow(t);
    const grant = (target: string, keyword: string) =>
      f.emit(
        'EffectCreated',
        {
          effect: {
            id: `fx-${keyword}`,
            source: null,
            target,
            grant: [keyword],
            duration: { until: 'end-of-turn' },
            rule: '2.3.d.6',
          },
        },
        { rule: '2.3.d.6', auto: true },
      );
    grant(squire, 'Stealth');
    expect(f.events.find((e) => e.type === 'AttackNegated')).toMatchObject({
      rule: 'X.A.22.a.v',
      payload: { target: squire },
    });
    expect(f.state.combat!.negated).toBe(true);
    grant(hound, 'True Sight');
    expect(f.state.combat!.negated).toBe(true);
    t.patch(() => f.state);
    // No retaliation is offered against a negated attack and no damage is dealt either way (X.B.23.b).
    expect(t.state.prompt).toBeNull();
    t.passUntil((s) => s.combat === null);
    expect(
      t.events.some(
        (e) =>
          e.type === 'PromptOpened' &&
          (e.payload as { prompt: { kind: string } }).prompt.kind === 'retaliate',
      ),
    ).toBe(false);
    expect(objectById(t.state, squire)!.damage).toBe(0);
    expect(objectById(t.state, hound)!.damage).toBe(0);
  });
});

describe('keywords (X.A): True Sight against stealth, shields, Vigor, Element Bonus, Level Restriction', () => {
  it('X.A.23.a.ii: with a True Sight weapon the attack stands when its target gains stealth, and the weapon loses durability', () => {
    const t = Table.atP2Main();
    const squire = t.put('p1', 'ember-squire', { rested: true });
    const sword = t.put('p2', 'steel-longsword');
    t.patch((s) => ({
      ...s,
      effects: [
        ...s.effects,
        {
          id: 'fx-ts',
          source: null,
          target: sword,
          grant: ['True Sight'],
          duration: { until: 'end-of-turn' },
          rule: '2.3.d.6',
        },
      ],
    }));
    t.do('p2', 'DeclareAttack', { attacker: 'p2-m1', target: squire, weapon: sword });
    const f = flow(t);
    f.emit(
      'EffectCreated',
      {
        effect: {
          id: 'fx-st',
          source: null,
          target: squire,
          grant: ['Stealth'],
          duration: { until: 'end-of-turn' },
          rule: '2.3.d.6',
        },
      },
      { rule: '2.3.d.6', auto: true },
    );
    expect(f.events.some((e) => e.type === 'AttackNegated')).toBe(false);
    t.patch(() => f.state);
    t.passUntil((s) => s.combat === null);
    expect(
      t.events.some(
        (e) => e.type === 'ObjectLeftField' && (e.payload as { object: string }).object === squire,
      ),
    ).toBe(true);
    expect(objectById(t.state, sword)!.counters.durability).toBe(1);
  });

  it('2.9.a.2: two shields on the damaged unit: its controller picks which applies first, then the resolving card finishes', () => {
    const t = Table.atP2Main();
    t.patch((s) => ({
      ...s,
      shields: [
        { id: 'shA', target: 'p1-m1', amount: 1, damage: 'any', source: 'iron-buckler' },
        {
          id: 'shB',
          target: 'p1-m1',
          amount: 3,
          damage: 'any',
          source: 'spellshield-arcane',
          enlighten: true,
        },
      ],
    }));
    t.do('p2', 'PassOpportunity');
    const bolt = t.state.players.p1!.hand.find((c) => 'cardId' in c && c.cardId === 'spark-bolt')!.id;
    t.do('p1', 'ActivateCard', { card: bolt, target: 'p1-m1' });
    t.do('p1', 'SelectReserve', { card: t.state.players.p1!.hand.find((c) => c.id !== bolt)!.id });
    t.passUntil((s) => s.prompt !== null);
    expect(t.state.prompt).toMatchObject({
      kind: 'orderReplacements',
      player: 'p1',
      rule: '2.9.a.2',
      target: 'p1-m1',
      options: ['shA', 'shB'],
    });
    expect(t.state.stack).toHaveLength(1);
    expect(grandArchive.legalCommands(t.state, 'p1').filter((c) => c.type === 'ApplyReplacement')).toEqual([
      { type: 'ApplyReplacement', effect: 'shA', player: 'p1' },
      { type: 'ApplyReplacement', effect: 'shB', player: 'p1' },
    ]);
    expect(grandArchive.legalCommands(t.state, 'p2').map((c) => c.type)).toEqual(['Concede']);
    expect(t.try('p1', 'ApplyReplacement', { effect: 'shC' })).toMatchObject({ ok: false, rule: '2.9.a.2' });
    const events = t.do('p1', 'ApplyReplacement', { effect: 'shB' });
    expect(events.map((e) => e.type)).toEqual([
      'DamagePrevented',
      'CountersChanged',
      'NoDamageDealt',
      'StackItemResolved',
      'OpportunityGranted',
    ]);
    expect(events[0]).toMatchObject({ rule: '2.9.a.2', payload: { shield: 'shB', amount: 1 } });
    expect(t.state.shields).toMatchObject([
      { id: 'shA', amount: 1 },
      { id: 'shB', amount: 2 },
    ]);
    expect(objectById(t.state, 'p1-m1')!.counters.enlighten).toBe(1);
    expect(t.state.players.p1!.graveyard[0]!.id).toBe(bolt);
    expect(t.state.priority?.holder).toBe('p2');
    expect(t.state.damage).toBeNull();
  });

  it('X.A.24 Vigor: a rested Ash Hound wakes at the beginning of its controller’s end phase', () => {
    const t = Table.atP2Main();
    const hound = t.put('p2', 'ash-hound', { rested: true });
    t.passUntil((s) => s.phase === 'end' && s.stack.length > 0);
    expect(t.state.stack[0]!.label).toContain('Vigor');
    t.passUntil((s) => s.stack.length === 0);
    expect(objectById(t.state, hound)!.rested).toBe(false);
    expect(t.events.some((e) => e.type === 'ObjectsWoken' && e.rule === 'X.A.24.a')).toBe(true);
  });

  it('X.A.6 Element Bonus: Cinder Adept gets +1 POWER only while its controller’s champion has the fire element', () => {
    const t = Table.atP2Main();
    const mine = t.put('p1', 'cinder-adept');
    const theirs = t.put('p2', 'cinder-adept');
    expect(unitPower(t.state, objectById(t.state, mine)!)).toBe(2);
    expect(unitPower(t.state, objectById(t.state, theirs)!)).toBe(1);
  });

  it('X.A.25 Level Restriction: Ridge Warden’s [Lv 2+] On Enter triggers only with LV ≥ 2', () => {
    for (const [champion, n] of [
      ['spirit-of-water', 0],
      ['merlin-memory-thief', 1],
    ] as const) {
      const t = Table.atP2Main();
      t.champion('p2', champion);
      const f = flow(t);
      const id = t.put('p2', 'ridge-warden');
      collectTriggers(f, objectById(t.state, id)!, 'enter');
      expect(f.triggers).toHaveLength(n);
    }
  });
});

describe('keywords (X.A): Inherited Effect, On Kill, Intercept', () => {
  it('X.A.9 Inherited Effect: Rai’s end-phase ability belongs to the champion leveled on top of it, and only from the lineage', () => {
    const t = Table.atP2Main();
    // Rai at the bottom of the lineage, Merlin on top.
    t.patch((s) => ({
      ...s,
      field: s.field.map((o) =>
        o.id === 'p2-m1'
          ? {
              ...o,
              cardId: 'merlin-memory-thief',
              cards: [
                o.cards[0]!,
                { id: 'p2-rai', cardId: 'rai-storm-seer' },
                { id: 'p2-mer', cardId: 'merlin-memory-thief' },
              ],
            }
          : o,
      ),
    }));
    t.passUntil((s) => s.phase === 'end' && s.stack.length > 0);
    expect(t.state.stack.map((x) => x.sourceCardId)).toEqual(['rai-storm-seer']);
    t.passUntil((s) => s.stack.length === 0);
    expect(objectById(t.state, 'p2-m1')!.counters.enlighten).toBe(1);
  });

  it('X.A.16 On Kill: Heavy Strike draws when its attack damage destroys the ally, not when the ally was already lethal (X.A.16.b)', () => {
    for (const [before, expected] of [
      [0, 1],
      [3, 1],
      [4, 0],
    ] as const) {
      const t = Table.atP2Main();
      t.champion('p2', 'lorraine-wandering-warrior');
      const ally = t.put('p1', 'keen-falcon', { damage: before, counters: { buff: 3 } });
      t.patch((s) => ({
        ...s,
        combat: {
          attacker: 'p2-m1',
          attackingPlayer: 'p2',
          defendingPlayer: 'p1',
          target: ally,
          weapon: null,
          attackCard: { id: 'p2-hs', cardId: 'heavy-strike' },
          retaliators: [],
          retaliationDecided: true,
          damageDealt: false,
          doublers: [],
          negated: false,
        },
      }));
      const f = flow(t);
      dealCombatDamage(f);
      runSBE(f);
      expect(objectById(f.state, ally)).toBeUndefined();
      expect(f.triggers.filter((x) => x.sourceCardId === 'heavy-strike')).toHaveLength(expected);
    }
  });

  it('X.A.10.a Intercept: a trigger on the stack; as it resolves an awake Shield Bearer may take the attack', () => {
    const t = Table.atP2Main();
    const bearer = t.put('p1', 'shield-bearer');
    const hound = t.put('p2', 'ash-hound');
    t.do('p2', 'DeclareAttack', { attacker: hound, target: 'p1-m1' });
    // The trigger is on the stack and the turn player has Opportunity; nobody is asked yet.
    expect(t.state.stack.map((x) => x.keyword)).toEqual(['Intercept']);
    expect(t.state.prompt).toBeNull();
    expect(t.state.priority?.holder).toBe('p2');
    expect(t.try('p1', 'Intercept', { ally: bearer })).toMatchObject({ ok: false, rule: 'X.A.10.a' });
    t.passUntil((s) => s.prompt !== null);
    expect(t.state.prompt).toMatchObject({ kind: 'intercept', player: 'p1', ally: bearer, rule: 'X.A.10.a' });
    expect(
      grandArchive
        .legalCommands(t.state, 'p1')
        .map((c) => c.type)
        .sort(),
    ).toEqual(['Concede', 'DeclineIntercept', 'Intercept']);
    expect(t.try('p1', 'Intercept', { ally: hound })).toMatchObject({ ok: false, rule: 'X.A.10.a' });
    t.do('p1', 'Intercept', { ally: bearer });
    expect(t.state.combat!.target).toBe(bearer);
    expect(t.state.stack).toEqual([]);
    t.passUntil((s) => s.combat === null);
    expect(objectById(t.state, bearer)!.damage).toBe(2);
    expect(objectById(t.state, 'p1-m1')!.damage).toBe(0);
  });

  it('X.A.10.b / X.B.24.c.1 Intercept: no trigger for a rested ally; a trigger whose ally is rested or disobeys by resolution does nothing', () => {
    const t = Table.atP2Main();
    t.put('p1', 'shield-bearer', { rested: true });
    const hound = t.put('p2', 'ash-hound');
    t.do('p2', 'DeclareAttack', { attacker: hound, target: 'p1-m1' });
    expect(t.state.stack).toEqual([]);
    expect(t.state.prompt?.kind).not.toBe('intercept');

    const u = Table.atP2Main();
    const bearer = u.put('p1', 'shield-bearer');
    const hound2 = u.put('p2', 'ash-hound');
    u.do('p2', 'DeclareAttack', { attacker: hound2, target: 'p1-m1' });
    expect(u.state.stack).toHaveLength(1);
    // The ally is rested before its trigger resolves (as an effect in response would).
    u.patch((s) => ({ ...s, field: s.field.map((o) => (o.id === bearer ? { ...o, rested: true } : o)) }));
    u.do('p2', 'PassOpportunity');
    const events = u.do('p1', 'PassOpportunity');
    expect(events.find((e) => e.type === 'StackItemResolved')).toMatchObject({ rule: 'X.A.10.b' });
    expect(u.state.combat!.target).toBe('p1-m1');
  });
});

describe('keywords (X.A): Critical, Prepare, Floating Memory, Preserve', () => {
  it('X.A.3 Critical: the defender discards N cards or the attack damage is doubled (once)', () => {
    for (const discard of [false, true]) {
      const t = Table.atP2Main();
      const reaver = t.put('p2', 'ember-reaver');
      t.do('p2', 'DeclareAttack', { attacker: reaver, target: 'p1-m1' });
      t.passUntil((s) => s.prompt?.kind === 'critical');
      expect(t.state.prompt).toMatchObject({ player: 'p1', rule: 'X.A.3.a' });
      if (discard) {
        const card = t.state.players.p1!.hand[0]!.id;
        expect(t.try('p2', 'DiscardForCritical', { card })).toMatchObject({ ok: false });
        t.do('p1', 'DiscardForCritical', { card });
        expect(t.state.players.p1!.graveyard[0]!.id).toBe(card);
      } else t.do('p1', 'DeclineCritical');
      expect(objectById(t.state, 'p1-m1')!.damage).toBe(discard ? 2 : 4);
    }
  });

  it('X.A.18 Prepare: removing exactly N preparation counters as the card is activated makes it prepared (+3 POWER)', () => {
    for (const [counters, prepare, damage] of [
      [2, true, 5],
      [2, false, 2],
      [1, true, -1],
    ] as const) {
      const t = Table.atP2Main();
      t.champion('p2', 'tristan-grim-stalker');
      t.patch((s) => ({
        ...s,
        field: s.field.map((o) => (o.id === 'p2-m1' ? { ...o, counters: { preparation: counters } } : o)),
        players: {
          ...s.players,
          p2: {
            ...s.players.p2!,
            hand: [{ id: 'p2-ss', cardId: 'shadow-strike', oid: 'hss' }, ...s.players.p2!.hand],
          },
        },
      }));
      const args = { card: 'p2-ss', ...(prepare ? { prepare: true } : {}) };
      if (damage < 0) {
        expect(t.try('p2', 'ActivateCard', args)).toMatchObject({ ok: false, rule: 'X.A.18.c' });
        continue;
      }
      t.do('p2', 'ActivateCard', args);
      for (const c of t.state.players.p2!.hand.slice(0, 2)) t.do('p2', 'SelectReserve', { card: c.id });
      expect(objectById(t.state, 'p2-m1')!.counters.preparation ?? 0).toBe(prepare ? 0 : counters);
      t.passUntil((s) => s.prompt?.kind === 'attackTarget');
      t.do('p2', 'ChooseAttackTarget', { target: 'p1-m1' });
      t.passUntil((s) => s.combat === null);
      expect(objectById(t.state, 'p1-m1')!.damage).toBe(damage);
    }
  });

  it('X.A.7 Floating Memory: a graveyard card with it pays 1 of a memory cost, declared before the random part', () => {
    const t = Table.atP2Main();
    t.champion('p1', 'lorraine-wandering-warrior');
    t.patch((s) => ({
      ...s,
      players: {
        ...s.players,
        p1: { ...s.players.p1!, graveyard: [{ id: 'p1-frs', cardId: 'flame-rune-swordsman' }], memory: [] },
      },
    }));
    t.passUntil((s) => s.prompt?.kind === 'materialize' && s.activePlayer === 'p1');
    expect(t.try('p1', 'Materialize', { card: 'p1-m3' })).toMatchObject({ ok: false, rule: '2.3.b.8' });
    expect(t.try('p1', 'Materialize', { card: 'p1-m3', floating: ['p1-nope'] })).toMatchObject({
      ok: false,
      rule: 'X.A.7.b',
    });
    const events = t.do('p1', 'Materialize', { card: 'p1-m3', floating: ['p1-frs'] });
    expect(events.find((e) => e.type === 'CardsMoved')).toMatchObject({
      rule: 'X.A.7.b',
      payload: { reason: 'floating-memory' },
    });
    expect(events.some((e) => e.type === 'CardsMoved' && e.payload.reason === 'memory-cost')).toBe(false);
    expect(t.state.players.p1!.banishment[0]!.cardId).toBe('flame-rune-swordsman');
  });

  it('X.A.19 Preserve: a destroyed object dies and its death trigger moves it face-up into the material deck; resolved non-objects go there instead of the graveyard; ReturnPreserved puts one into hand instead of materializing', () => {
    const t = Table.atP2Main();
    const hatch = t.put('p1', 'phoenix-hatchling', { damage: 1 });
    const f = flow(t);
    runSBE(f);
    expect(objectById(f.state, hatch)).toBeUndefined();
    // X.A.19.a: it goes to the graveyard (it died) and a Preserve trigger waits to go on the stack.
    expect(f.events.find((e) => e.type === 'ObjectLeftField')).toMatchObject({
      rule: '2.12.h.3',
      payload: { to: 'graveyard' },
    });
    expect(f.state.players.p1!.graveyard[0]!.id).toBe(hatch);
    expect(f.triggers).toMatchObject([{ keyword: 'Preserve', source: hatch, controller: 'p1' }]);
    placeTriggers(f);
    expect(f.state.stack.map((x) => x.label)).toEqual(['Phoenix Hatchling: Preserve']);
    t.patch(() => f.state);
    t.passUntil((s) => s.stack.length === 0);
    expect(t.state.players.p1!.graveyard.some((c) => c.id === hatch)).toBe(false);
    expect(t.state.players.p1!.materialDeck[0]).toEqual({
      id: hatch,
      cardId: 'phoenix-hatchling',
      preserved: true,
    });
    // Face-up: the opponent and spectators see it among the hidden material cards.
    expect(t.state.players.p1!.materialDeck.length).toBeGreaterThan(1);
    const seen = (v: 'p2' | 'public') => grandArchiveView(t, v).players.p1!.materialDeck;
    expect(seen('p2')[0]).toEqual({ id: hatch, cardId: 'phoenix-hatchling', preserved: true });
    expect(
      seen('public')
        .slice(1)
        .every((c) => 'hidden' in c),
    ).toBe(true);
    // A resolving non-object with Preserve.
    t.patch((s) => ({
      ...s,
      players: {
        ...s.players,
        p2: {
          ...s.players.p2!,
          hand: [{ id: 'p2-ki', cardId: 'kindled-insight', oid: 'hki' }, ...s.players.p2!.hand],
        },
      },
      field: s.field.map((o) =>
        o.id === 'p2-m1' ? { ...o, cards: [...o.cards, { id: 'p2-sf', cardId: 'spirit-of-fire' }] } : o,
      ),
    }));
    t.do('p2', 'ActivateCard', { card: 'p2-ki' });
    t.do('p2', 'SelectReserve', { card: t.state.players.p2!.hand[0]!.id });
    t.passUntil((s) => s.stack.length === 0);
    expect(t.state.players.p2!.materialDeck[0]).toEqual({
      id: 'p2-ki',
      cardId: 'kindled-insight',
      preserved: true,
    });
    // Materialize phase of p1: the Preserved hatchling may go to hand, and that is not a materialization.
    t.passUntil((s) => s.prompt?.kind === 'materialize' && s.activePlayer === 'p1');
    expect(t.try('p1', 'Materialize', { card: hatch })).toMatchObject({ ok: false, rule: '2.2.b.3.a' });
    t.do('p1', 'ReturnPreserved', { card: hatch });
    expect(t.state.players.p1!.hand.some((c) => c.id === hatch)).toBe(true);
    expect(t.state.players.p1!.materializedThisPhase).toBe(false);
    expect(grandArchiveView(t, 'p2').players.p1!.materialDeck.some((c) => c.id === hatch)).toBe(false);
  });
});

describe('keywords (X.A): Cleave, Divine Relic, and the list of them all', () => {
  it('X.A.2 Cleave: the attack names an opponent and hits each of their units; each may retaliate; one durability counter', () => {
    const t = Table.atP2Main();
    const axe = t.put('p2', 'whirlwind-axe');
    const a1 = t.put('p1', 'ember-squire');
    const a2 = t.put('p1', 'mist-stalker');
    expect(t.try('p2', 'DeclareAttack', { attacker: 'p2-m1', opponent: 'p1' })).toMatchObject({
      ok: false,
      rule: '1.7.a.8.a',
    });
    expect(t.try('p2', 'DeclareAttack', { attacker: 'p2-m1', opponent: 'p2', weapon: axe })).toMatchObject({
      ok: false,
      rule: 'X.A.2.a.i',
    });
    const sword = t.put('p2', 'steel-longsword');
    expect(t.try('p2', 'DeclareAttack', { attacker: 'p2-m1', opponent: 'p1', weapon: sword })).toMatchObject({
      ok: false,
      rule: 'X.A.2.a',
    });
    t.do('p2', 'DeclareAttack', { attacker: 'p2-m1', opponent: 'p1', weapon: axe });
    expect(t.state.prompt?.kind).not.toBe('intercept');
    t.passUntil((s) => s.prompt?.kind === 'retaliate');
    t.do('p1', 'DeclareRetaliation', { unit: a1 });
    expect(t.state.prompt).toMatchObject({ kind: 'retaliate', player: 'p1' });
    t.do('p1', 'DeclareRetaliation', { unit: a2 });
    t.passUntil((s) => s.combat === null);
    const dealt = t.events.filter((e) => e.type === 'DamageDealt' && e.payload.attack === true).pop()!;
    expect(
      (dealt.payload.damage as { target: string; amount: number }[])
        .map((d) => `${d.target}:${d.amount}`)
        .sort(),
    ).toEqual([`p1-m1:1`, `${a1}:1`, `${a2}:1`, `p2-m1:1`, `p2-m1:2`].sort());
    expect(t.events.filter((e) => e.type === 'CountersChanged' && e.payload.object === axe)).toHaveLength(1);
  });

  it('X.A.4 Divine Relic: at most one card with it in a material deck', () => {
    const main = Array.from(
      { length: 60 },
      (_, i) =>
        [
          'quick-slash',
          'mend',
          'fireball',
          'spark-bolt',
          'ember-squire',
          'ash-hound',
          'veteran-knight',
          'stone-warden',
          'heavy-strike',
          'wind-cutter',
          'deflecting-edge',
          'keen-falcon',
          'mist-stalker',
          'rally-the-line',
          'studied-insight',
        ][i % 15]!,
    );
    expect(validateDeck({ main, extra: { material: ['spirit-of-fire', 'sunforged-relic'] } })).toEqual([]);
    expect(
      validateDeck({ main, extra: { material: ['spirit-of-fire', 'sunforged-relic', 'moonlit-relic'] } }),
    ).toEqual(['material deck has more than one Divine Relic (X.A.4)']);
  });

  it('every keyword of X.A is listed, with a rule and, when not fully applied, the reason', () => {
    expect(KEYWORDS.map((k) => k.rule).sort()).toEqual(
      Array.from({ length: 25 }, (_, i) => `X.A.${i + 1}`).sort(),
    );
    for (const k of KEYWORDS) if (k.status !== 'implemented') expect(k.note.length).toBeGreaterThan(10);
  });
});

// Rules of the Comprehensive Rules that scenarios don't reach easily: deck building, the game's end, state-based
// effects, counters, statics, trigger order, costs recorded with their randomness.
import { describe, expect, it } from 'vitest';
import { Rng, startMatch, verifyRandom, type NewEvent } from '@matchtape/engine';
import { playMatch } from '@matchtape/engine/testing';
import { grandArchive } from './index';
import { PRESET_DECKS, validateDeck } from './cards/decks';
import { Flow, keepUnique, placeTriggers, runSBE } from './flow';
import { championLevel, objectById, unitPower, life } from './rules';
import { Table } from './test-helpers';
import type { GAState } from './types';

const ofType = (events: NewEvent[], type: string) => events.filter((e) => e.type === type);

describe('deck building (1.5)', () => {
  it('the presets are legal constructed decks', () => {
    for (const d of Object.values(PRESET_DECKS)) expect(validateDeck(d)).toEqual([]);
  });
  it('names the rule of every problem', () => {
    const base = PRESET_DECKS['lorraine-fire']!;
    expect(validateDeck({ ...base, main: base.main.slice(0, 59) }).join()).toContain('1.5.1.a');
    expect(validateDeck({ ...base, main: [...base.main, 'quick-slash'] }).join()).toContain(
      'at most 4 (1.5.1.a)',
    );
    expect(validateDeck({ ...base, main: [...base.main, 'lorraine-blademaster'] }).join()).toContain(
      '2.1.b.4',
    );
    expect(
      validateDeck({
        ...base,
        extra: { material: [...base.extra!.material!, ...Array.from({ length: 6 }, () => 'training-sabre')] },
      }).join(),
    ).toContain('1.5.1.b');
    expect(validateDeck({ ...base, extra: { material: ['lorraine-blademaster'] } }).join()).toContain(
      '1.5.1.c',
    );
    expect(
      validateDeck({ ...base, extra: { material: ['spirit-of-fire', 'quick-slash'] } }).join(),
    ).toContain('1.3.1.a');
    expect(validateDeck({ ...base, main: ['no-such-card'] }).join()).toContain('1.5.3');
    expect(
      validateDeck(
        { main: Array.from({ length: 30 }, () => 'mend'), extra: { material: ['spirit-of-water'] } },
        'draft',
      ),
    ).toEqual([]);
  });
  it('setup refuses an illegal deck with the rule and changes nothing', () => {
    const r = startMatch(
      grandArchive,
      {
        matchId: 'm',
        players: [
          { id: 'p1', name: 'a', deck: { main: ['mend'] } },
          { id: 'p2', name: 'b', deck: PRESET_DECKS['tides-of-memory']! },
        ],
      },
      { seed: 's', at: 't' },
    );
    expect(r).toMatchObject({ ok: false, rule: '1.5.1' });
  });
});

describe('the end of the game (1.4)', () => {
  it('1.4.3.a: a champion with damage ≥ life loses; the opponent wins (1.4.2.b)', () => {
    const t = Table.atP2Main();
    t.patch((s) => ({ ...s, field: s.field.map((o) => (o.id === 'p1-m1' ? { ...o, damage: 14 } : o)) }));
    const f = new Flow(t.state, new Rng('x'));
    runSBE(f);
    expect(f.state.status).toBe('playing');
    t.patch((s) => ({ ...s, field: s.field.map((o) => (o.id === 'p1-m1' ? { ...o, damage: 15 } : o)) }));
    const events = t.do('p2', 'PassOpportunity');
    expect(ofType(events, 'PlayerLost')[0]).toMatchObject({ rule: '1.4.3.a', payload: { player: 'p1' } });
    expect(ofType(events, 'MatchEnded')[0]!.payload).toMatchObject({ winner: 'p2' });
  });
  it('1.4.4.b: both champions defeated at once is a draw', () => {
    const t = Table.atP2Main();
    t.patch((s) => ({ ...s, field: s.field.map((o) => ({ ...o, damage: 30 })) }));
    const events = t.do('p2', 'PassOpportunity');
    expect(ofType(events, 'MatchEnded')[0]).toMatchObject({ rule: '1.4.4.b', payload: { winner: null } });
  });
  it('1.4.3.b: a player who no longer controls a champion loses', () => {
    const t = Table.atP2Main();
    t.patch((s) => ({ ...s, field: s.field.filter((o) => o.id !== 'p2-m1') }));
    const events = t.do('p2', 'PassOpportunity');
    expect(ofType(events, 'PlayerLost')[0]).toMatchObject({ rule: '1.4.3.b', payload: { player: 'p2' } });
  });
  it('1.4.3.c / 2.10.6: drawing from an empty deck loses', () => {
    const t = Table.atP2Main();
    t.patch((s) => ({ ...s, players: { ...s.players, p1: { ...s.players.p1!, mainDeck: [] } } }));
    t.passUntil((s) => s.status === 'ended' || (s.activePlayer === 'p1' && s.phase === 'main'));
    const last = t.events[t.events.length - 1]!;
    expect(t.events.some((e) => e.type === 'DrawFromEmptyDeck' && e.rule === '2.10.6')).toBe(true);
    expect(last).toMatchObject({ type: 'MatchEnded', payload: { winner: 'p2' } });
  });
  it('a turn limit (options.turnLimit) ends the match in a recorded draw with winner null (1.4.4.a)', () => {
    const t = new Table('limit');
    t.patch((s) => ({ ...s, turnLimit: 2 }));
    t.passUntil((s) => s.status === 'ended');
    expect(t.events[t.events.length - 1]).toMatchObject({
      type: 'MatchEnded',
      rule: '1.4.4.a',
      payload: { winner: null },
    });
  });
});

describe('state-based effects, counters and statics', () => {
  it('2.12.h.4 / 1.7.h.3.c: a weapon at 0 durability is destroyed; a regalia one is banished instead', () => {
    const t = Table.atP2Main();
    const sword = t.put('p2', 'steel-longsword', { counters: { durability: 0 } });
    const clarent = t.put('p2', 'clarent-sword-of-peace', { counters: {} });
    const f = new Flow(t.state, new Rng('x'));
    runSBE(f);
    expect(objectById(f.state, sword)).toBeUndefined();
    expect(objectById(f.state, clarent)).toBeUndefined();
    expect(f.state.players.p2!.graveyard.map((c) => c.cardId)).toContain('steel-longsword');
    expect(f.state.players.p2!.banishment.map((c) => c.cardId)).toContain('clarent-sword-of-peace');
  });
  it('1.7.h.2.i / 2.12.h.5: with two unique objects of one name, their controller chooses which to keep', () => {
    for (const keepFirst of [true, false]) {
      const t = Table.atP2Main();
      const first = t.put('p2', 'nia-mistveiled-scout');
      const second = t.put('p2', 'nia-mistveiled-scout');
      const f = new Flow(t.state, new Rng('x'));
      runSBE(f);
      // Nothing is sacrificed until the choice: the state-based check asks the controller.
      expect(f.state.field.filter((o) => o.cardId === 'nia-mistveiled-scout')).toHaveLength(2);
      expect(f.state.prompt).toMatchObject({
        kind: 'keepUnique',
        player: 'p2',
        rule: '1.7.h.2.i',
        objects: [first, second],
      });
      keepUnique(f, keepFirst ? first : second);
      expect(f.state.field.filter((o) => o.cardId === 'nia-mistveiled-scout').map((o) => o.id)).toEqual([
        keepFirst ? first : second,
      ]);
      expect(f.events.find((e) => e.type === 'ObjectLeftField')).toMatchObject({
        rule: '1.7.h.2.i',
        payload: { object: keepFirst ? second : first, reason: 'sacrificed', to: 'graveyard' },
      });
      expect(f.state.prompt).toBeNull();
    }
  });
  it('2.11.6.a buff counters and 2.4.c static abilities change power and life', () => {
    const t = Table.atP2Main();
    const squire = t.put('p1', 'ember-squire', { counters: { buff: 2 } });
    expect(unitPower(t.state, objectById(t.state, squire)!)).toBe(3);
    expect(life(t.state, objectById(t.state, squire)!)).toBe(4);
    t.put('p1', 'blazing-hearth');
    expect(unitPower(t.state, objectById(t.state, squire)!)).toBe(4);
  });
  it('X.B.22: LV counts level counters and level statics (Tome of Knowledge with its Class Bonus)', () => {
    const t = Table.atP2Main();
    t.champion('p2', 'merlin-memory-thief');
    expect(championLevel(t.state, 'p2')).toBe(2);
    t.put('p2', 'tome-of-knowledge');
    expect(championLevel(t.state, 'p2')).toBe(3);
  });
  it('2.11.6.d.i: every champion can remove 3 enlighten counters to draw a card', () => {
    const t = Table.atP2Main();
    t.patch((s) => ({
      ...s,
      field: s.field.map((o) => (o.id === 'p2-m1' ? { ...o, counters: { enlighten: 3 } } : o)),
    }));
    const ability = 1; // Spirit of Water's own On Enter is #0; the innate ability follows.
    expect(t.try('p2', 'ActivateAbility', { source: 'p2-m1', ability: 0 })).toMatchObject({
      ok: false,
      rule: '2.4.a.2',
    });
    const hand = t.state.players.p2!.hand.length;
    t.do('p2', 'ActivateAbility', { source: 'p2-m1', ability });
    t.passUntil((s) => s.stack.length === 0);
    expect(t.state.players.p2!.hand.length).toBe(hand + 1);
    expect(objectById(t.state, 'p2-m1')!.counters.enlighten ?? 0).toBe(0);
  });
  it('X.B.29 recover removes at most the damage present', () => {
    const t = Table.atP2Main();
    t.patch((s) => ({ ...s, field: s.field.map((o) => (o.id === 'p2-m1' ? { ...o, damage: 2 } : o)) }));
    t.do('p2', 'ActivateCard', {
      card: t.state.players.p2!.hand.find((c) => 'cardId' in c && c.cardId === 'mend')!.id,
    });
    t.do('p2', 'SelectReserve', { card: t.state.players.p2!.hand[0]!.id });
    t.do('p2', 'SelectReserve', { card: t.state.players.p2!.hand[1]!.id });
    t.passUntil((s) => s.stack.length === 0);
    expect(objectById(t.state, 'p2-m1')!.damage).toBe(0);
    expect(t.events.find((e) => e.type === 'DamageRecovered')!.payload).toMatchObject({ amount: 2 });
  });
  it('2.4.b.6: simultaneous triggers go on the stack turn player’s first, so the other player’s resolve first', () => {
    const t = Table.atP2Main();
    const f = new Flow(t.state, new Rng('x'));
    f.triggers.push(
      { controller: 'p1', source: null, sourceCardId: 'keen-falcon', ability: 0, target: null, label: 'p1' },
      { controller: 'p2', source: null, sourceCardId: 'keen-falcon', ability: 0, target: null, label: 'p2' },
    );
    placeTriggers(f);
    expect(f.state.stack.map((x) => x.controller)).toEqual(['p2', 'p1']);
    expect(f.events[f.events.length - 1]).toMatchObject({
      type: 'OpportunityGranted',
      payload: { player: 'p2' },
    });
  });
  it('2.3.c.2.a: memory costs are random, recorded in payload.random and re-derived from the seed', () => {
    const m = playMatch<GAState>(grandArchive, { seed: 'mem', bots: { p1: 'greedy', p2: 'greedy' } });
    const paid = m.events.filter((e) => e.type === 'CardsMoved' && e.payload.reason === 'memory-cost');
    expect(paid.length).toBeGreaterThan(0);
    for (const e of paid) expect((e.payload.random as { draws: unknown[] }).draws.length).toBeGreaterThan(0);
    expect(verifyRandom(m.events, 'mem').ok).toBe(true);
  });
  it('1.2.2.a: the non-turn player can’t declare attacks', () => {
    const t = Table.atP2Main();
    const squire = t.put('p1', 'ember-squire');
    t.do('p2', 'PassOpportunity');
    expect(t.try('p1', 'DeclareAttack', { attacker: squire, target: 'p2-m1' })).toMatchObject({
      ok: false,
      rule: '2.6.1.b',
    });
  });
});

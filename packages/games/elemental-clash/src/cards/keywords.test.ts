// One test per keyword of §7.0 (all 33), plus the card types of §6.0 as decided (D8–D12), each from a start
// position through the real command loop.
import { describe, expect, it } from 'vitest';
import { elementalClash } from '../index';
import { power } from '../rules';
import { locate } from '../rules';
import { position, Table, types } from '../test-helpers';
import { KEYWORDS } from './keywords';
import { KEYWORD_NAMES } from './pool';

const st = (stone: string, n: number, top?: string | Record<string, unknown>) => [
  ...Array.from({ length: n }, () => stone),
  ...(top ? [top] : []),
];
const c = (card: string, id: string, more: Record<string, unknown> = {}) => ({ card, id, ...more });
const ofType = <E extends { type: string }>(es: readonly E[], t: string): E[] =>
  es.filter((e) => e.type === t);
const payload = (es: readonly { type: string; payload: Record<string, unknown> }[], t: string) =>
  es.find((e) => e.type === t)?.payload;
const statPower = (t: Table, id: string) => power(t.state, locate(t.state, id)!);

describe('§7.0 keywords: the table, Aerial … Delve', () => {
  it('the table lists all 33 keywords, each on a sample card', () => {
    expect(KEYWORD_NAMES).toHaveLength(33);
    for (const k of KEYWORDS) expect(k.cards.length, k.keyword).toBeGreaterThan(0);
  });

  it('Aerial: only Aerial creatures may block it', () => {
    const t = new Table(
      position(
        'main',
        { atk: [c('alfian-prince-of-the-albs', 'al')] },
        { def: [c('dragonslayer', 'ds'), c('skeletal-dragon', 'sk')] },
      ),
    );
    t.do('p1', 'DeclareAttack', { attacker: 'al', target: 'p2' });
    expect(t.rejects('p2', 'DeclareBlocker', { creature: 'ds' })).toBe('7.0.Aerial');
    t.do('p2', 'DeclareBlocker', { creature: 'sk' });
    expect(types(t.do('p2', 'FinishDefense'))).toContain('DamageDealt');
  });

  it('Berserk: the first damage in a turn triggers its effect', () => {
    const t = new Table(
      position(
        'main',
        { atk: [c('knah-the-liberator', 'kn')] },
        { atk: [c('azragruul-king-of-the-trolls', 'az')] },
      ),
    );
    t.do('p1', 'DeclareAttack', { attacker: 'kn', target: 'az' });
    const es = t.do('p2', 'FinishDefense');
    expect(payload(es, 'TriggerQueued')).toMatchObject({
      pending: { label: 'Berserk', rule: '7.0.Berserk' },
    });
    expect(payload(es, 'EffectApplied')).toMatchObject({ target: 'az', power: 2 });
    expect(statPower(t, 'az')).toBe(6);
  });

  it('Boon (and Recover, Abrupt): a Boon card milled into the archive may be played for free', () => {
    const t = new Table(
      position(
        'main',
        { hand: [c('thoughtfrazzler', 'tf')], stack1: st('mercury-stone', 2) },
        { spellbook: ['bonewarrior', 'mars-stone', 'mars-stone'] },
      ),
    );
    const es = t.do('p1', 'PlayCard', { card: 'tf', stack: 'p1-s1' });
    expect(payload(es, 'SpellbookMilled')).toMatchObject({ player: 'p2', to: 'archive' });
    // Abrupt: to the archive right after resolving (D10), replaced by Recover: shuffled into the spellbook.
    expect(es.find((e) => e.type === 'SpellRecovered')?.rule).toBe('7.0.Recover');
    expect(types(es)).toContain('SpellbookShuffled');
    expect(t.state.prompt).toMatchObject({ kind: 'freePlay', player: 'p2', rule: '7.0.Boon' });
    t.do('p2', 'PlayFree', { zone: 'def' });
    expect(t.state.players.p2!.def.map((x) => x.cardId)).toEqual(['bonewarrior']);
  });

  it('Breakthrough: damage beyond lethal to every blocker hits the player', () => {
    const t = new Table(
      position(
        'main',
        { atk: [c('floodbringer-leviathan', 'fl')] },
        { def: [c('bearheart-the-faithful', 'bh')] },
      ),
    );
    t.do('p1', 'DeclareAttack', { attacker: 'fl', target: 'p2' });
    t.do('p2', 'DeclareBlocker', { creature: 'bh' });
    const es = t.do('p2', 'FinishDefense');
    expect(es.find((e) => e.type === 'DamageDealt' && e.payload.target === 'p2')).toMatchObject({
      rule: '7.0.Breakthrough',
      payload: { amount: 2 },
    });
    expect(t.state.players.p2!.spellbook).toHaveLength(18);
  });

  it('Charge Attack: triggers when put from its stack into the ATK zone', () => {
    const t = new Table(
      position('standby', { stack1: st('jupiter-stone', 2, c('helios-disciple-of-the-rising-sun', 'he')) }),
    );
    const es = t.do('p1', 'DeployCreature', { card: 'he', zone: 'atk' });
    expect(payload(es, 'EffectApplied')).toMatchObject({ target: 'he', power: 2 });
    const t2 = new Table(
      position('standby', { stack1: st('jupiter-stone', 2, c('helios-disciple-of-the-rising-sun', 'he')) }),
    );
    expect(types(t2.do('p1', 'DeployCreature', { card: 'he', zone: 'def' }))).not.toContain('EffectApplied');
  });

  it('Construct: search by name, reveal to everyone, shuffle; the options are the searcher’s alone', () => {
    const t = new Table(
      position('main', {
        hand: [c('farcino-the-last-seeker', 'fa')],
        stack1: st('venus-stone', 2),
        spellbook: ['mars-stone', 'legacy-of-legends', 'volcanic-fist', 'total-annihilation'],
      }),
    );
    t.do('p1', 'PlayCard', { card: 'fa', stack: 'p1-s1' });
    expect(t.state.prompt).toMatchObject({
      kind: 'construct',
      options: ['legacy-of-legends', 'volcanic-fist'],
    });
    expect(elementalClash.view(t.state, 'p2').prompt?.options).toBeNull();
    const es = t.do('p1', 'ChooseConstruct', { cardId: 'legacy-of-legends' });
    expect(types(es)).toEqual(expect.arrayContaining(['CardConstructed', 'SpellbookShuffled']));
    const seen = elementalClash.view(t.state, 'p2').players.p1!.hand;
    expect(seen.some((h) => 'cardId' in h && h.cardId === 'legacy-of-legends')).toBe(true);
  });

  it('Delve: a matching archive card returns to hand (hidden from the opponent there)', () => {
    const t = new Table(
      position('main', {
        hand: [c('summoners-art', 'sa')],
        stack1: st('mars-stone', 1),
        archive: [c('bonewarrior', 'bw'), c('mars-stone', 'ms')],
      }),
    );
    expect(t.rejects('p1', 'PlayCard', { card: 'sa', stack: 'p1-s1', target: 'ms' })).toBe('D48');
    const es = t.do('p1', 'PlayCard', { card: 'sa', stack: 'p1-s1', target: 'bw' });
    expect(es.find((e) => e.type === 'CardReturnedToHand')?.rule).toBe('7.0.Delve');
    expect(t.state.players.p1!.hand.map((h) => h.id)).toContain('bw');
    expect(JSON.stringify(elementalClash.view(t.state, 'p2').players.p1!.hand)).not.toContain('"bw"');
  });
});

describe('§7.0 keywords: Destroy Effect … Harvest', () => {
  it('Destroy Effect: put from play into the archive triggers it', () => {
    const t = new Table(
      position('main', { atk: [c('floodbringer-leviathan', 'fl')] }, { atk: [c('krampus', 'kr')] }),
    );
    t.do('p1', 'DeclareAttack', { attacker: 'fl', target: 'kr' });
    const es = t.do('p2', 'FinishDefense');
    expect(payload(es, 'TriggerQueued')).toMatchObject({ pending: { label: 'Destroy Effect' } });
    expect(es.find((e) => e.type === 'SpellbookMilled')?.payload).toMatchObject({ player: 'p1' });
  });

  it('Discharge: from ATK/DEF onto a stack that could cast it, then the effect', () => {
    const t = new Table(
      position('main', {
        atk: [c('morphus-the-architect', 'mo')],
        stack1: st('mars-stone', 2),
        stack2: st('mars-stone', 1),
      }),
    );
    expect(t.rejects('p1', 'Discharge', { creature: 'mo', stack: 'p1-s2' })).toBe('7.0.Discharge');
    const es = t.do('p1', 'Discharge', { creature: 'mo', stack: 'p1-s1' });
    expect(types(es)).toEqual(expect.arrayContaining(['CreatureDischarged', 'CardsDrawn']));
    expect(t.state.players.p1!.stacks[0]!.top?.id).toBe('mo');
  });

  it('Echo: a copy per same-named card in the archive; the player may choose new targets for each copy (D27)', () => {
    const t = new Table(
      position(
        'main',
        {
          hand: [c('clash-of-dragons', 'cd')],
          stack1: st('mars-stone', 2),
          archive: ['clash-of-dragons', 'clash-of-dragons'],
        },
        { atk: [c('tellow-healer-adept', 'te')], def: [c('azragruul-king-of-the-trolls', 'az')] },
      ),
    );
    const es = t.do('p1', 'PlayCard', { card: 'cd', stack: 'p1-s1', target: 'az' });
    expect(ofType(es, 'EchoCopied')).toHaveLength(1);
    expect(t.state.prompt).toMatchObject({ kind: 'target', player: 'p1', rule: '7.0.Echo' });
    expect(t.legal('p1').map((x) => x.type === 'ChooseEchoTarget' && x.target)).toContain(null);
    const keep = t.do('p1', 'ChooseEchoTarget', { target: null });
    expect(ofType(keep, 'DamageDealt').map((e) => e.payload.target)).toEqual(['az']);
    t.do('p1', 'ChooseEchoTarget', { target: 'az' });
    expect(t.state.players.p2!.def).toHaveLength(0);
  });

  it('Familiar Spirit: attached to a matching master, destroyed when the master leaves', () => {
    const t = new Table(
      position('standby', {
        stack1: st('venus-stone', 1, c('pilwiz', 'pw')),
        atk: [c('dragonslayer', 'ds'), c('bearheart-the-faithful', 'bh')],
      }),
    );
    expect(t.rejects('p1', 'AttachFamiliar', { card: 'pw', master: 'bh' })).toBe('7.0.Familiar Spirit');
    t.do('p1', 'AttachFamiliar', { card: 'pw', master: 'ds' });
    expect(t.state.players.p1!.attached.map((x) => x.id)).toEqual(['pw']);
    const t2 = new Table(
      position('main', {
        hand: [c('total-annihilation', 'ta')],
        stack1: st('mars-stone', 5),
        atk: [c('dragonslayer', 'ds')],
        attached: [c('pilwiz', 'pw', { attachedTo: 'ds' })],
      }),
    );
    const es = t2.do('p1', 'PlayCard', { card: 'ta', stack: 'p1-s1' });
    expect(es.find((e) => e.type === 'CardLeftPlay' && e.payload.reason === 'master-left')?.rule).toBe(
      '7.0.Familiar Spirit',
    );
  });

  it('Future Sight: the owner looks and orders; others see opaque cards', () => {
    const t = new Table(
      position('main', {
        hand: [c('enggar-master-of-colors', 'en')],
        stack1: st('mars-stone', 3),
        spellbook: [c('mars-stone', 'a'), c('venus-stone', 'b'), c('jupiter-stone', 'c'), 'mercury-stone'],
      }),
    );
    const es = t.do('p1', 'PlayCard', { card: 'en', stack: 'p1-s1' });
    const looked = es.find((e) => e.type === 'TopCardsLooked')!;
    expect(JSON.stringify(elementalClash.viewEvent(looked, 'p2'))).not.toContain('venus-stone');
    expect(t.legal('p1').filter((x) => x.type === 'ArrangeTop')).toHaveLength(6);
    t.do('p1', 'ArrangeTop', { order: ['c', 'b', 'a'] });
    expect(t.state.players.p1!.spellbook.slice(0, 3).map((x) => x.id)).toEqual(['c', 'b', 'a']);
    expect(
      elementalClash
        .view(t.state, 'p1')
        .players.p1!.spellbook.slice(0, 3)
        .every((x) => 'cardId' in x),
    ).toBe(true);
    expect(
      elementalClash
        .view(t.state, 'p2')
        .players.p1!.spellbook.slice(0, 3)
        .every((x) => 'hidden' in x),
    ).toBe(true);
  });

  it('Gamble: a d6 from the match generator, recorded, public result, hidden generator', () => {
    const t = new Table(
      position('main', { hand: [c('fhizban-the-disputed-wizard', 'fz')], stack1: st('mercury-stone', 3) }),
    );
    const es = t.do('p1', 'PlayCard', { card: 'fz', stack: 'p1-s1' });
    const roll = es.find((e) => e.type === 'DieRolled')!;
    expect(roll.rule).toBe('7.0.Gamble');
    expect(roll.payload.result).toBeGreaterThanOrEqual(1);
    expect(roll.payload.result).toBeLessThanOrEqual(6);
    expect((roll.payload.random as { draws: unknown[] }).draws[0]).toMatchObject({
      kind: 'int',
      n: 6,
      result: Number(roll.payload.result) - 1,
    });
    expect((elementalClash.viewEvent(roll, 'p2').payload.random as { draws: unknown }).draws).toBeNull();
  });

  it('Harvest: X archive cards to purgatory, then the effect; needs X cards', () => {
    const t = new Table(
      position('main', { atk: [c('jilocasin-the-creator', 'ji')], archive: ['mars-stone', 'mars-stone'] }),
    );
    expect(t.rejects('p1', 'Harvest', { card: 'ji' })).toBe('7.0.Harvest');
    const t2 = new Table(
      position('main', {
        atk: [c('jilocasin-the-creator', 'ji')],
        archive: ['mars-stone', 'mars-stone', 'venus-stone', 'venus-stone'],
      }),
    );
    const es = t2.do('p1', 'Harvest', { card: 'ji' });
    expect(types(es)).toEqual(expect.arrayContaining(['CardsHarvested', 'CardsDrawn']));
    expect(t2.state.players.p1!.purgatory).toHaveLength(3);
    expect(t2.state.players.p1!.archive).toHaveLength(1);
  });
});

describe('§7.0 keywords: Immunity … Quickstriker', () => {
  it('Immunity: not a target of matching spells', () => {
    const t = new Table(
      position(
        'main',
        { hand: [c('clash-of-dragons', 'cd')], stack1: st('mars-stone', 2) },
        { atk: [c('cinna-the-enchanting-beauty', 'ci')] },
      ),
    );
    expect(t.rejects('p1', 'PlayCard', { card: 'cd', stack: 'p1-s1', target: 'ci' })).toBe('7.0.Immunity');
    expect(t.legal('p1').some((x) => x.type === 'PlayCard' && x.target === 'ci')).toBe(false);
  });

  it('Last Stand: active while the spellbook has 7 or fewer cards', () => {
    const t = new Table(
      position('main', {
        atk: [c('king-neptune-deepsea-sovereign', 'kn')],
        spellbook: Array.from({ length: 8 }, () => 'mars-stone'),
      }),
    );
    expect(statPower(t, 'kn')).toBe(3);
    const t2 = new Table(
      position('main', {
        atk: [c('king-neptune-deepsea-sovereign', 'kn')],
        spellbook: Array.from({ length: 7 }, () => 'mars-stone'),
      }),
    );
    expect(statPower(t2, 'kn')).toBe(6);
  });

  it('Leave Effect: triggers when the card leaves play', () => {
    const t = new Table(
      position('main', { atk: [c('fandi-of-the-flaming-eye', 'fd')] }, { atk: [c('goblin-santa', 'gs')] }),
    );
    t.do('p1', 'DeclareAttack', { attacker: 'fd', target: 'gs' });
    const es = t.do('p2', 'FinishDefense');
    expect(payload(es, 'TriggerQueued')).toMatchObject({ pending: { label: 'Leave Effect' } });
    expect(es.find((e) => e.type === 'CardsDrawn')?.payload.player).toBe('p2');
  });

  it('Mutate: this card to the archive, a Mutant of level ≤ X into its zone', () => {
    const t = new Table(
      position('main', { atk: [c('lindwurm', 'lw')], hand: [c('lake-lindwurm', 'll'), c('krampus', 'kr')] }),
    );
    expect(t.rejects('p1', 'Mutate', { card: 'lw', mutant: 'kr' })).toBe('7.0.Mutate');
    const es = t.do('p1', 'Mutate', { card: 'lw', mutant: 'll' });
    expect(types(es)).toEqual(expect.arrayContaining(['CardLeftPlay', 'MutantEnteredPlay']));
    expect(t.state.players.p1!.atk.map((x) => x.id)).toEqual(['ll']);
  });

  it('Play Effect: triggers when the card enters play', () => {
    const t = new Table(position('main', { hand: [c('brainsucker', 'bs')], stack1: st('mercury-stone', 2) }));
    const es = t.do('p1', 'PlayCard', { card: 'bs', stack: 'p1-s1' });
    expect(payload(es, 'SpellbookMilled')).toMatchObject({ player: 'p2' });
    expect(t.state.players.p2!.archive).toHaveLength(2);
  });

  it('Purge: cards its damage would archive go to purgatory', () => {
    const t = new Table(position('main', { atk: [c('demonic-dragon', 'dd')] }));
    t.do('p1', 'DeclareAttack', { attacker: 'dd', target: 'p2' });
    const es = t.do('p2', 'FinishDefense');
    expect(es.find((e) => e.type === 'SpellbookMilled')).toMatchObject({
      rule: '7.0.Purge',
      payload: { to: 'purgatory' },
    });
    expect(t.state.players.p2!.purgatory).toHaveLength(4);
  });

  it('Quickattacker: attacks from its stack', () => {
    const t = new Table(
      position('main', {
        stack1: st('jupiter-stone', 3, c('knah-the-liberator', 'kn')),
        stack2: st('mars-stone', 2, c('fandi-of-the-flaming-eye', 'fd')),
      }),
    );
    expect(t.rejects('p1', 'DeclareAttack', { attacker: 'fd', target: 'p2' })).toBe('4.0.M3');
    t.do('p1', 'DeclareAttack', { attacker: 'kn', target: 'p2' });
  });

  it('Quickdefender: blocks from its stack', () => {
    const t = new Table(
      position(
        'main',
        { atk: [c('fandi-of-the-flaming-eye', 'fd')] },
        {
          stack1: st('venus-stone', 2, c('bearheart-the-faithful', 'bh')),
          stack2: st('venus-stone', 2, c('dragonslayer', 'ds')),
        },
      ),
    );
    t.do('p1', 'DeclareAttack', { attacker: 'fd', target: 'p2' });
    expect(t.rejects('p2', 'DeclareBlocker', { creature: 'ds' })).toBe('4.0.M3');
    t.do('p2', 'DeclareBlocker', { creature: 'bh' });
  });

  it('Quickstriker: deals damage first; a destroyed opponent deals none', () => {
    const t = new Table(
      position('main', { atk: [c('fandi-of-the-flaming-eye', 'fd')] }, { atk: [c('bonewarrior', 'bw')] }),
    );
    t.do('p1', 'DeclareAttack', { attacker: 'fd', target: 'bw' });
    const es = t.do('p2', 'FinishDefense');
    expect(ofType(es, 'DamageDealt').map((e) => e.payload.target)).toEqual(['bw']);
    expect(t.state.players.p1!.atk[0]!.damage).toBe(0);
  });
});

describe('§7.0 keywords: Ranged Attack … Respawn', () => {
  it('Ranged Attack: X damage instead of attacking, once per turn', () => {
    const t = new Table(position('main', { atk: [c('artupaz-the-wicked-warlock', 'ar')] }));
    const es = t.do('p1', 'RangedAttack', { creature: 'ar', target: 'p2' });
    expect(payload(es, 'SpellbookMilled')).toMatchObject({ player: 'p2' });
    expect(t.rejects('p1', 'RangedAttack', { creature: 'ar', target: 'p2' })).toBe('7.0.Ranged Attack');
    expect(t.rejects('p1', 'DeclareAttack', { attacker: 'ar', target: 'p2' })).toBe('7.0.Ranged Attack');
  });

  it('Recover: a spell leaving the stone zone is shuffled into the spellbook instead of archived', () => {
    const t = new Table(position('end', {}, { stack1: st('mercury-stone', 2, c('thoughtfrazzler', 'tf')) }));
    const es = t.do('p1', 'EndTurn');
    expect(es.find((e) => e.type === 'SpellRecovered')?.rule).toBe('7.0.Recover');
    expect(t.state.players.p2!.archive).toHaveLength(0);
    expect(t.state.players.p2!.spellbook).toHaveLength(21);
  });

  it('Reinforce: reveal same-named creatures from hand, shuffle them in, then the effect', () => {
    const t = new Table(
      position('main', {
        atk: [c('scarecrow-minion', 'sm')],
        hand: [c('scarecrow-minion', 'h1'), c('scarecrow-minion', 'h2'), c('bonewarrior', 'bw')],
      }),
    );
    expect(t.rejects('p1', 'Reinforce', { card: 'sm', reveal: ['bw'] })).toBe('7.0.Reinforce');
    const es = t.do('p1', 'Reinforce', { card: 'sm', reveal: ['h1', 'h2'] });
    expect(types(es)).toEqual(
      expect.arrayContaining([
        'CardsRevealed',
        'CardsPutIntoSpellbook',
        'SpellbookShuffled',
        'EffectApplied',
      ]),
    );
    expect(
      elementalClash.viewEvent(
        es.find((e) => e.type === 'CardsRevealed')!,
        'p2',
      ).payload.cards,
    ).toHaveLength(2);
    expect(t.state.players.p1!.hand).toHaveLength(1);
    expect(statPower(t, 'sm')).toBe(3);
  });

  it('Resident: may stay on its stack at Standby, then the effect', () => {
    const t = new Table(
      position('standby', {
        stack1: st('mars-stone', 3, c('mazrael-karmaut', 'mk')),
        stack2: st('mars-stone', 2, c('fandi-of-the-flaming-eye', 'fd')),
      }),
    );
    expect(t.rejects('p1', 'KeepResident', { card: 'fd' })).toBe('7.0.Resident');
    const es = t.do('p1', 'KeepResident', { card: 'mk' });
    expect(payload(es, 'SpellbookMilled')).toMatchObject({ player: 'p2' });
    t.do('p1', 'DeployCreature', { card: 'fd', zone: 'atk' });
    t.do('p1', 'EndStandby');
    expect(t.state.players.p1!.stacks[0]!.top?.id).toBe('mk');
  });

  it('Respawn: discard a type-sharing creature to return it from the archive', () => {
    const t = new Table(
      position('main', {
        archive: [c('skeletal-dragon', 'sd')],
        hand: [c('bonewarrior', 'bw'), c('goblin-santa', 'gs')],
      }),
    );
    expect(t.rejects('p1', 'Respawn', { card: 'sd', discard: 'gs' })).toBe('7.0.Respawn');
    const es = t.do('p1', 'Respawn', { card: 'sd', discard: 'bw' });
    expect(types(es)).toEqual(expect.arrayContaining(['CardDiscarded', 'CardReturnedToHand']));
    expect(t.state.players.p1!.hand.map((h) => h.id).sort()).toEqual(['gs', 'sd']);
  });
});

describe('§7.0 keywords: Salvage … Unique', () => {
  it('Salvage: discarded from hand, it may be played for free', () => {
    const hand = [c('heroic-deed', 'hd'), ...Array.from({ length: 8 }, (_, i) => c('mars-stone', `m${i}`))];
    const t = new Table(position('main', { hand, atk: [c('dragonslayer', 'ds')] }));
    t.do('p1', 'EndMain');
    expect(t.state.prompt).toMatchObject({ kind: 'discard', rule: '4.0.E2' });
    t.do('p1', 'Discard', { card: 'hd' });
    expect(t.state.prompt).toMatchObject({ kind: 'freePlay', rule: '7.0.Salvage' });
    const es = t.do('p1', 'PlayFree', { target: 'ds' });
    expect(payload(es, 'EffectApplied')).toMatchObject({ target: 'ds', power: 2, health: 2 });
  });

  it('Slayer: any damage it deals to a creature destroys it', () => {
    const t = new Table(
      position(
        'main',
        { atk: [c('dragonslayer', 'ds')] },
        { atk: [c('azragruul-king-of-the-trolls', 'az')] },
      ),
    );
    t.do('p1', 'DeclareAttack', { attacker: 'ds', target: 'az' });
    const es = t.do('p2', 'FinishDefense');
    expect(
      es.find((e) => e.type === 'CardLeftPlay' && (e.payload.card as { id: string }).id === 'az')?.rule,
    ).toBe('7.0.Slayer');
  });

  it('Stealthy: not attacked, not targeted by opponents', () => {
    const t = new Table(
      position(
        'main',
        {
          atk: [c('fandi-of-the-flaming-eye', 'fd')],
          hand: [c('clash-of-dragons', 'cd')],
          stack1: st('mars-stone', 2),
        },
        { atk: [c('ceshire-cat-byre', 'cc')] },
      ),
    );
    expect(t.rejects('p1', 'DeclareAttack', { attacker: 'fd', target: 'cc' })).toBe('7.0.Stealthy');
    expect(t.rejects('p1', 'PlayCard', { card: 'cd', stack: 'p1-s1', target: 'cc' })).toBe('7.0.Stealthy');
  });

  it('Tribute: sacrifice X matching cards for the effect', () => {
    const t = new Table(
      position('main', {
        hand: [c('rakshazzar-king-of-the-goblins', 'rk')],
        stack1: st('mars-stone', 3),
        atk: [c('goblin-santa', 'gs'), c('fandi-of-the-flaming-eye', 'fd')],
      }),
    );
    expect(t.rejects('p1', 'PlayCard', { card: 'rk', stack: 'p1-s1', tribute: ['fd'] })).toBe('7.0.Tribute');
    const es = t.do('p1', 'PlayCard', { card: 'rk', stack: 'p1-s1', tribute: ['gs'] });
    expect(es.find((e) => e.type === 'CardLeftPlay')).toMatchObject({
      rule: '7.0.Tribute',
      payload: { reason: 'sacrificed' },
    });
    // Goblin Santa's Leave Effect and the Tribute effect wait together: the active player orders them (D7).
    expect(t.state.prompt).toMatchObject({ kind: 'orderTriggers', rule: 'D7' });
    const tribute = t.state.pending.find((p) => p.label === 'Tribute')!.pid;
    t.do('p1', 'ChooseTrigger', { pid: tribute });
    expect(t.state.players.p2!.archive).toHaveLength(3);
  });

  it('Unique: not playable while a copy is in play; one per spellbook', () => {
    const t = new Table(
      position(
        'main',
        { hand: [c('azragruul-king-of-the-trolls', 'a1')], stack1: st('venus-stone', 4) },
        { atk: [c('azragruul-king-of-the-trolls', 'a2')] },
      ),
    );
    expect(t.rejects('p1', 'PlayCard', { card: 'a1', stack: 'p1-s1' })).toBe('7.0.Unique');
    const deck = [
      ...Array.from({ length: 38 }, () => 'venus-stone'),
      'azragruul-king-of-the-trolls',
      'azragruul-king-of-the-trolls',
    ];
    expect(elementalClash.validateDeck({ main: deck }).join()).toMatch(/Unique/);
  });
});

describe('§6.0 card types as decided', () => {
  it('Permanent spells stay on their stack and boost creatures (D11); plain spells leave at Standby (4.0.S1)', () => {
    const t = new Table(
      position('main', {
        hand: [c('legacy-of-legends', 'll')],
        stack1: st('mars-stone', 2),
        atk: [c('fandi-of-the-flaming-eye', 'fd')],
      }),
    );
    t.do('p1', 'PlayCard', { card: 'll', stack: 'p1-s1' });
    expect(statPower(t, 'fd')).toBe(3);
  });

  it('Equip spells attach to a creature (D11) and leave with it', () => {
    const t = new Table(
      position('main', {
        hand: [c('volcanic-fist', 'vf')],
        stack1: st('mars-stone', 2),
        atk: [c('fandi-of-the-flaming-eye', 'fd')],
      }),
    );
    expect(t.rejects('p1', 'PlayCard', { card: 'vf', stack: 'p1-s1' })).toBe('D48');
    t.do('p1', 'PlayCard', { card: 'vf', stack: 'p1-s1', target: 'fd' });
    expect(statPower(t, 'fd')).toBe(4);
    expect(t.state.players.p1!.stacks[0]!.top).toBeNull();
  });

  it('Flash spells may be played by the defender in the defender window (D9); others may not', () => {
    const t = new Table(
      position(
        'main',
        { atk: [c('fandi-of-the-flaming-eye', 'fd')] },
        {
          hand: [c('heroic-deed', 'hd'), c('clash-of-dragons', 'cd')],
          stack1: st('mars-stone', 2),
          def: [c('bonewarrior', 'bw')],
        },
      ),
    );
    t.do('p1', 'DeclareAttack', { attacker: 'fd', target: 'p2' });
    expect(t.rejects('p2', 'PlayCard', { card: 'cd', stack: 'p2-s1', target: 'fd' })).toBe('D9');
    t.do('p2', 'PlayCard', { card: 'hd', stack: 'p2-s1', target: 'bw' });
    t.do('p2', 'DeclareBlocker', { creature: 'bw' });
    t.do('p2', 'FinishDefense');
    expect(t.state.players.p2!.def.map((x) => x.id)).toEqual(['bw']);
  });

  it('Buildings stay on their stack; "at the end of turn" triggers are ordered by the active player (4.0.E1)', () => {
    const t = new Table(
      position('main', {
        stack1: st('mars-stone', 2, c('wizards-study', 'w1')),
        stack2: st('mars-stone', 2, c('wizards-study', 'w2')),
      }),
    );
    t.do('p1', 'EndMain');
    expect(t.state.prompt).toMatchObject({ kind: 'orderTriggers', player: 'p1', rule: '4.0.E1' });
    const [first, second] = t.state.prompt!.options!;
    const es = t.do('p1', 'ChooseTrigger', { pid: second! });
    expect(ofType(es, 'TriggerResolved').map((e) => e.payload.pid)).toEqual([second, first]);
    expect(t.state.players.p1!.stacks.map((x) => x.top?.id)).toEqual(['w1', 'w2']);
  });
});

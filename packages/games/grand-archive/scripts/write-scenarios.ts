// Regenerates packages/games/grand-archive/scenarios/*.json: `npx tsx packages/games/grand-archive/scripts/write-scenarios.ts`.
// Every expectation below is written from the rule it cites; the builder plays each step against the engine
// and stops on the first disagreement.
import type { GAState } from '../src/types';
import { pad, ScenarioBuilder as B, type SeatSpec } from './scenario-builder';

// p1's first seven (drawn by Spirit of Fire), then its draws from turn 3 on.
const FIRE_TOP = [
  'ember-squire',
  'spark-bolt',
  'spark-bolt',
  'fireball',
  'heavy-strike',
  'quick-slash',
  'deflecting-edge',
  'stone-warden',
  'misty-veil',
  'ash-hound',
  'steel-longsword',
  'rending-flames',
  'creative-shock',
];
const WATER_TOP = [
  'keen-falcon',
  'steel-longsword',
  'quick-slash',
  'deflecting-edge',
  'tidecaller-adept',
  'veteran-knight',
  'mist-stalker',
  'mend',
  'wave-crash',
  'misty-veil',
  'keen-falcon',
  'quick-slash',
];
const FIRE: SeatSpec = {
  deck: pad(FIRE_TOP),
  material: [
    'spirit-of-fire',
    'lorraine-wandering-warrior',
    'lorraine-blademaster',
    'training-sabre',
    'tome-of-knowledge',
    'spirit-of-wind',
  ],
};
const WATER: SeatSpec = {
  deck: pad(WATER_TOP, 'mend'),
  material: ['spirit-of-water', 'rai-storm-seer', 'lorraine-blademaster', 'tome-of-knowledge'],
};
const STACK = { p1: { deck: FIRE_TOP }, p2: { deck: WATER_TOP } };

const mk = (
  name: string,
  rule: string,
  description: string,
  opts: {
    top1?: string[];
    top2?: string[];
    options?: Record<string, unknown>;
    deck1?: string[];
    noStack?: boolean;
  } = {},
) =>
  new B(
    name,
    rule,
    description,
    {
      p1: opts.deck1 ? { ...FIRE, deck: opts.deck1 } : opts.top1 ? { ...FIRE, deck: pad(opts.top1) } : FIRE,
      p2: opts.top2 ? { ...WATER, deck: pad(opts.top2, 'mend') } : WATER,
    },
    {
      ...(opts.noStack
        ? {}
        : {
            stack: {
              ...STACK,
              ...(opts.top1 ? { p1: { deck: opts.top1 } } : {}),
              ...(opts.top2 ? { p2: { deck: opts.top2 } } : {}),
              ...(opts.deck1 ? { p1: { deck: opts.deck1.slice(0, 8) } } : {}),
            },
          }),
      ...(opts.options ? { options: opts.options } : {}),
    },
  );

/** p1 places Spirit of Fire; its On Enter (draw seven) resolves; p1's first main phase. */
function opening(b: B): B {
  b.do('p1', 'PlaceStartingChampion', { card: 'p1-m1' });
  return b.toMain('p1');
}
/** From p1's turn 1 main to p2's turn 2 main (p2 places Spirit of Water, draws seven, then its draw phase). */
function toP2Main(b: B): B {
  b.passUntil((s) => s.prompt?.kind === 'placeChampion' && s.prompt.player === 'p2');
  b.do('p2', 'PlaceStartingChampion', { card: 'p2-m1' });
  return b.toMain('p2');
}
/** Activates a card and pays its reserve with the given hand cards. */
function play(
  b: B,
  p: 'p1' | 'p2',
  cardId: string,
  reserve: string[],
  args: Record<string, unknown> = {},
): B {
  b.do(p, 'ActivateCard', { card: b.hand(p, cardId), ...args });
  for (const r of reserve) b.do(p, 'SelectReserve', { card: b.hand(p, r) });
  return b;
}
/** Both players pass until the stack is empty and `p` holds Opportunity in their main phase. */
const resolveAll = (b: B, p: 'p1' | 'p2') => b.toMain(p);
const damaged = (id: string) => (s: GAState) =>
  (s.field.find((o) => o.id === id)?.damage ?? 0) > 0 || !s.field.some((o) => o.id === id);
const isPhase = (phase: string, player: string) => (s: GAState) =>
  s.phase === phase && s.activePlayer === player;

const all: B[] = [];
const add = (b: B) => all.push(b);

// ── Setup and first turns ──────────────────────────────────────────────────────────────────────────────
add(
  mk(
    'place-starting-champion',
    '1.3.3',
    'The first player puts a Lv 0 Spirit champion from the material deck onto the field face-up and awake; its On Enter goes on the stack.',
  )
    .do('p1', 'PlaceStartingChampion', { card: 'p1-m1' })
    .event('StartingChampionPlaced', { player: 'p1', object: { cardId: 'spirit-of-fire', rested: false } })
    .event('TriggerPlaced', { item: { sourceCardId: 'spirit-of-fire', kind: 'trigger' } })
    .event('OpportunityGranted', { player: 'p1' })
    .expectState('field.0.cardId', 'spirit-of-fire', 'public')
    .expectState('field.0.rested', false, 'public'),
);
add(
  mk(
    'starting-champion-not-spirit',
    '1.3.3',
    'Only a Lv 0 Spirit champion can be put onto the field at the start of the first turn.',
  ).do('p1', 'PlaceStartingChampion', { card: 'p1-m2' }, { rejected: { rule: '1.3.3' } }),
);
add(
  mk(
    'spirit-on-enter-draws-seven',
    'X.A.14.b',
    'A champion’s On Enter triggers when it joins the field: Spirit of Fire draws seven cards once both players pass.',
  )
    .do('p1', 'PlaceStartingChampion', { card: 'p1-m1' })
    .do('p1', 'PassOpportunity')
    .do('p2', 'PassOpportunity')
    .event('CardsMoved', {
      reason: 'draw',
      player: 'p1',
      moves: [{ id: 'p1-c1', cardId: 'ember-squire', from: 'mainDeck', to: 'hand' }],
    })
    .event('StackItemResolved')
    .expectState('players.p1.mainDeck.0.id', 'p1-c8')
    .expectState('players.p1.hand.6.cardId', 'ember-squire'),
);
add(
  opening(
    mk(
      'first-turn-skips-draw',
      '2.2.1.a',
      'In a two-player game the first player skips the first wake up, materialize, recollection and draw phases and goes to the main phase.',
    ),
  )
    .expectState('phase', 'main')
    .expectState('turn', 1)
    .expectState('players.p1.mainDeck.0.id', 'p1-c8'),
);
add(
  toP2Main(
    opening(
      mk(
        'second-player-draws-first-turn',
        '2.2.1.a',
        'The second player places a Lv 0 champion, then has a draw phase before the main phase.',
      ),
    ),
  )
    .expectState('turn', 2)
    .expectState('phase', 'main')
    .expectState('players.p2.mainDeck.0.id', 'p2-c9')
    .expectState('players.p2.hand.0.id', 'p2-c8'),
);
add(
  opening(
    mk('concede', '2.12.c.1.a', 'A player may concede at any time; in a two-player game the opponent wins.'),
  )
    .do('p2', 'Concede')
    .event('PlayerConceded', { player: 'p2' })
    .event('MatchEnded', { winner: 'p1' })
    .expectState('status', 'ended', 'public'),
);

// ── Opportunity and speed ──────────────────────────────────────────────────────────────────────────────
add(
  opening(
    mk(
      'no-opportunity-rejected',
      '2.8.b.1.c',
      'Only the player holding Opportunity may pass it or act; the turn player has it first in the main phase.',
    ),
  )
    .do('p2', 'PassOpportunity', {}, { rejected: { rule: '2.8.b.1.c' } })
    .do('p2', 'ActivateCard', { card: 'p2-c1' }, { rejected: { rule: '2.3.a.1.a' } }),
);
add(
  opening(
    mk(
      'pass-to-end-phase',
      '2.2.e.6',
      'When the stack is empty and all players pass in succession, the main phase ends and the end phase begins with the turn player’s Opportunity (2.2.f.3).',
    ),
  )
    .do('p1', 'PassOpportunity')
    .do('p2', 'PassOpportunity')
    .event('PhaseEntered', { phase: 'end' })
    .event('OpportunityGranted', { player: 'p1' })
    .do('p1', 'PassOpportunity')
    .do('p2', 'PassOpportunity')
    .event('EndOfTurnCleanup')
    .event('TurnEnded', { turn: 1, player: 'p1' })
    .event('TurnStarted', { turn: 2, player: 'p2' }),
);
{
  const b = toP2Main(
    opening(
      mk(
        'slow-action-rejected-on-opponent-turn',
        '2.8.a.2.b',
        'A non-turn player can’t perform slow player actions, even holding Opportunity.',
      ),
    ),
  );
  b.do('p2', 'PassOpportunity').do(
    'p1',
    'ActivateCard',
    { card: b.hand('p1', 'ember-squire') },
    { rejected: { rule: '2.8.a.2.b' } },
  );
  add(b);
}
{
  const b = toP2Main(
    opening(
      mk(
        'fast-action-on-opponent-turn',
        '2.3.a.9',
        'A non-turn player with Opportunity may activate a fast action; afterwards the turn player receives Opportunity first.',
      ),
    ),
  );
  b.do('p2', 'PassOpportunity');
  play(b, 'p1', 'spark-bolt', ['heavy-strike'], { target: b.object('p2', 'spirit-of-water') });
  b.event('ActivationPlaced', { item: { card: { cardId: 'spark-bolt' }, controller: 'p1' } }).event(
    'OpportunityGranted',
    { player: 'p2' },
  );
  b.do('p2', 'PassOpportunity')
    .do('p1', 'PassOpportunity')
    .event('DamageDealt', {
      attack: false,
      damage: [{ target: b.object('p2', 'spirit-of-water'), amount: 1 }],
    });
  b.expectState('field.1.damage', 1, 'public');
  add(b);
}

// ── Costs ──────────────────────────────────────────────────────────────────────────────────────────────
{
  const b = opening(
    mk(
      'reserve-cost',
      '2.3.c.1',
      'A reserve cost is paid by putting other cards from hand face down into memory; then the card goes on the stack and resolves into an ally.',
    ),
  );
  const chosen = b.hand('p1', 'heavy-strike');
  b.do('p1', 'ActivateCard', { card: b.hand('p1', 'ember-squire') }).expectState('prompt.kind', 'payReserve');
  b.do('p1', 'SelectReserve', { card: chosen })
    .event('CardsMoved', { reason: 'reserve', moves: [{ id: chosen, from: 'hand', to: 'memory' }] })
    .event('ActivationPlaced')
    .expectState('players.p1.memory.0.id', chosen)
    .expectState('players.p1.memory.0.hidden', true, 'p2')
    .expectState('stack.0.card.cardId', 'ember-squire', 'public');
  b.do('p1', 'PassOpportunity')
    .do('p2', 'PassOpportunity')
    .event('ObjectEntered', { object: { cardId: 'ember-squire', rested: false } })
    .expectState('field.1.cardId', 'ember-squire');
  add(b);
}
{
  const b = opening(
    mk(
      'reserve-select-twice-rejected',
      '2.3.c.1.b',
      'A card already chosen to pay a reserve cost can’t be chosen again.',
    ),
  );
  b.do('p1', 'ActivateCard', { card: b.hand('p1', 'fireball'), target: 'p1-m1' });
  const x = b.hand('p1', 'heavy-strike');
  b.do('p1', 'SelectReserve', { card: x }).do(
    'p1',
    'SelectReserve',
    { card: x },
    { rejected: { rule: '2.3.c.1.b' } },
  );
  add(b);
}
{
  const b = opening(
    mk(
      'cancel-activation',
      '2.3.a.8',
      'An activation whose costs are not paid is canceled and the game reverts: the card returns to hand, chosen cards stay in hand.',
    ),
  );
  b.do('p1', 'ActivateCard', { card: b.hand('p1', 'fireball'), target: 'p1-m1' });
  b.do('p1', 'SelectReserve', { card: b.hand('p1', 'heavy-strike') });
  b.do('p1', 'CancelActivation').event('ActivationCanceled', { player: 'p1' });
  b.expectState('pending', null)
    .expectState('prompt', null)
    .expectState('players.p1.memory', [])
    .expectState('players.p1.hand.0.cardId', 'fireball')
    .expectState('priority.holder', 'p1');
  add(b);
}
{
  const b = opening(
    mk(
      'element-not-enabled',
      '1.6.d.2',
      'A card’s element must be enabled: Spirit of Fire enables norm and fire, not water.',
      { top1: ['misty-veil', ...FIRE_TOP] },
    ),
  );
  b.do(
    'p1',
    'ActivateCard',
    { card: b.hand('p1', 'misty-veil'), target: 'p1-m1' },
    { rejected: { rule: '1.6.d.2' } },
  );
  add(b);
}
{
  const b = opening(
    mk(
      'target-required',
      '2.3.a.5',
      'Targets are declared on activation: an action that needs a target can’t be activated without one, nor with an illegal one (2.7.6).',
    ),
  );
  b.do('p1', 'ActivateCard', { card: b.hand('p1', 'spark-bolt') }, { rejected: { rule: '2.3.a.5' } });
  b.do(
    'p1',
    'ActivateCard',
    { card: b.hand('p1', 'spark-bolt'), target: 'p2-m1' },
    { rejected: { rule: '2.7.6.a' } },
  );
  add(b);
}
// Turn 1: p1 reserves one card (Ember Squire costs 1); turn 3: the materialize phase prompt.
function toTurn3Materialize(b: B): B {
  opening(b);
  play(b, 'p1', 'ember-squire', ['heavy-strike']);
  resolveAll(b, 'p1');
  return b.passUntil((s) => s.prompt?.kind === 'materialize' && s.activePlayer === 'p1');
}
{
  const b = toTurn3Materialize(
    mk(
      'memory-cost-random-banish',
      '2.3.c.2.a',
      'A memory cost banishes cards chosen at random from memory (recorded in payload.random); the champion then levels up (1.7.a.4.c).',
    ),
  );
  b.expectState('turn', 3).expectState('phase', 'materialize');
  b.do('p1', 'Materialize', { card: 'p1-m2' })
    .event('ActivationDeclared', { materialize: true, card: { cardId: 'lorraine-wandering-warrior' } })
    .event('CardsMoved', {
      reason: 'memory-cost',
      moves: [{ cardId: 'heavy-strike', from: 'memory', to: 'banishment' }],
    })
    .expectState('players.p1.banishment.0.cardId', 'heavy-strike', 'public');
  b.do('p1', 'PassOpportunity')
    .do('p2', 'PassOpportunity')
    .event('ChampionLeveledUp', { levelFrom: 0, levelTo: 1 });
  b.expectState('field.0.cardId', 'lorraine-wandering-warrior', 'public').expectState(
    'field.0.cards.0.cardId',
    'spirit-of-fire',
    'public',
  );
  add(b);
}
{
  const b = toTurn3Materialize(
    mk(
      'level-up-on-enter',
      '2.4.b.2.b',
      'Lorraine, Wandering Warrior’s On Enter triggers as she joins the lineage and materializes a memory-cost-0 weapon from the material deck.',
    ),
  );
  b.do('p1', 'Materialize', { card: 'p1-m2' }).do('p1', 'PassOpportunity').do('p2', 'PassOpportunity');
  b.event('ChampionLeveledUp').event('TriggerPlaced', {
    item: { sourceCardId: 'lorraine-wandering-warrior' },
  });
  b.do('p1', 'PassOpportunity')
    .do('p2', 'PassOpportunity')
    .event('ObjectEntered', {
      object: { cardId: 'training-sabre', counters: { durability: 2 } },
      fromZone: 'materialDeck',
    });
  add(b);
}
add(
  toTurn3Materialize(
    mk(
      'level-up-wrong-level',
      '1.7.a.4.a',
      'A champion levels up only from a champion of printed level N to level N+1: Blademaster (Lv 2) can’t go onto a Lv 0 Spirit.',
    ),
  ).do('p1', 'Materialize', { card: 'p1-m3' }, { rejected: { rule: '1.7.a.4.a' } }),
);
add(
  toTurn3Materialize(
    mk('lv0-cannot-materialize', '1.7.a.3', 'Players may not materialize Lv 0 champions.'),
  ).do('p1', 'Materialize', { card: 'p1-m6' }, { rejected: { rule: '1.7.a.3' } }),
);
add(
  toTurn3Materialize(
    mk(
      'materialize-once-per-phase',
      '2.3.b.1.a',
      'A player materializes at most once per materialize phase: after Lorraine resolves there is no second materialization.',
    ),
  )
    .do('p1', 'Materialize', { card: 'p1-m2' })
    .do('p1', 'PassOpportunity')
    .do('p2', 'PassOpportunity')
    .event('ChampionLeveledUp')
    .do('p1', 'PassOpportunity')
    .do('p2', 'PassOpportunity')
    .event('PhaseEntered', { phase: 'recollection' })
    .do('p1', 'Materialize', { card: 'p1-m5' }, { rejected: { rule: '2.3.b.1.a' } }),
);
add(
  toTurn3Materialize(
    mk(
      'decline-materialize',
      '2.2.b.4',
      'The turn player may decline to materialize; no Opportunity is given and the recollection phase begins, where the turn player gains Opportunity (2.2.c.1).',
    ),
  )
    .do('p1', 'DeclineMaterialize')
    .event('MaterializationDeclined', { player: 'p1' })
    .event('PhaseEntered', { phase: 'recollection' })
    .event('OpportunityGranted', { player: 'p1' }),
);
add(
  toTurn3Materialize(
    mk(
      'recollection',
      '2.2.c.2',
      'At recollection the turn player returns every card in memory to hand (after the beginning-of-recollection Opportunity).',
    ),
  )
    .do('p1', 'DeclineMaterialize')
    .do('p1', 'PassOpportunity')
    .do('p2', 'PassOpportunity')
    .event('CardsMoved', {
      reason: 'recollection',
      moves: [{ cardId: 'heavy-strike', from: 'memory', to: 'hand' }],
    })
    .expectState('players.p1.memory', [])
    .event('PhaseEntered', { phase: 'draw' }),
);
{
  const b = toTurn3Materialize(
    mk(
      'wake-up-phase',
      '2.2.a.1',
      'The Wake Up phase wakes every rested object of the turn player at once; on their first turn players skip it.',
    ),
  );
  // Nothing of p1 was rested; the event lists what was woken (none) and the turn reached materialize.
  add(b.expectState('field.0.rested', false));
}

// ── Combat ─────────────────────────────────────────────────────────────────────────────────────────────
function p2WithWeapon(b: B): B {
  toP2Main(opening(b));
  play(b, 'p2', 'steel-longsword', ['mend', 'tidecaller-adept']);
  return resolveAll(b, 'p2');
}
{
  const b = p2WithWeapon(
    mk(
      'weapon-attack',
      '2.6.5',
      'A champion attacks through a weapon: the champion rests as a cost, the weapon’s power is dealt in the damage step and it loses a durability counter (2.2.g.ii.2.e.ii).',
    ),
  );
  const champ = b.object('p2', 'spirit-of-water');
  const sword = b.object('p2', 'steel-longsword');
  b.do('p2', 'DeclareAttack', { attacker: champ, target: 'p1-m1', weapon: sword })
    .event('ObjectRested', { object: champ })
    .event('AttackDeclared', { target: 'p1-m1' })
    .event('PhaseEntered', { phase: 'combat', step: 'attack' });
  b.passUntil(damaged('p1-m1'));
  b.event('DamageDealt', { attack: true, damage: [{ target: 'p1-m1', amount: 2 }] }).event(
    'CountersChanged',
    { object: sword, kind: 'durability', delta: -1 },
  );
  b.expectState('field.0.damage', 2, 'public');
  add(b);
}
add(
  p2WithWeapon(
    mk(
      'champion-attack-needs-weapon',
      '1.7.a.8.a',
      'Champions have no power and can’t attack without a weapon or an attack card.',
    ),
  ).do('p2', 'DeclareAttack', { attacker: 'p2-m1', target: 'p1-m1' }, { rejected: { rule: '1.7.a.8.a' } }),
);
{
  const b = p2WithWeapon(
    mk(
      'deflecting-edge-prevents',
      '2.9.a.4.a',
      'Deflecting Edge prevents the next 3 attack damage to its target; the weapon still loses durability (1.7.f.4.d.i).',
    ),
  );
  const sword = b.object('p2', 'steel-longsword');
  b.do('p2', 'DeclareAttack', { attacker: 'p2-m1', target: 'p1-m1', weapon: sword });
  b.passUntil((s) => s.step === 'damage' && s.priority?.holder === 'p2');
  b.do('p2', 'PassOpportunity');
  play(b, 'p1', 'deflecting-edge', ['quick-slash'], { target: 'p1-m1' });
  b.do('p2', 'PassOpportunity')
    .do('p1', 'PassOpportunity')
    .event('ShieldCreated', { shields: [{ target: 'p1-m1', amount: 3, damage: 'attack' }] });
  b.do('p2', 'PassOpportunity')
    .do('p1', 'PassOpportunity')
    .event('DamagePrevented', { target: 'p1-m1', amount: 2, attack: true })
    .event('CountersChanged', { object: sword, kind: 'durability', delta: -1 });
  b.expectState('field.0.damage', 0, 'public');
  add(b);
}
{
  const b = toP2Main(
    opening(
      mk(
        'attack-card-intention',
        '2.6.3',
        'An attack card rests the champion as a cost, resolves into the Intention zone, and only then chooses its target; it goes to the graveyard at end of combat (2.2.g.iii.1.a).',
      ),
    ),
  );
  play(b, 'p2', 'quick-slash', ['mend']);
  b.event('ObjectRested', { object: 'p2-m1' });
  b.do('p2', 'PassOpportunity')
    .do('p1', 'PassOpportunity')
    .event('IntentionEntered', { card: { cardId: 'quick-slash' } })
    .event('PromptOpened', { prompt: { kind: 'attackTarget', player: 'p2' } });
  b.do('p2', 'ChooseAttackTarget', { target: 'p1-m1' }).event('AttackDeclared', {
    target: 'p1-m1',
    attackCard: { cardId: 'quick-slash' },
  });
  b.passUntil(damaged('p1-m1'));
  b.event('DamageDealt', { damage: [{ target: 'p1-m1', amount: 2 }] })
    .event('IntentionCleared', { card: { cardId: 'quick-slash' } })
    .event('CombatEnded');
  b.expectState('players.p2.graveyard.0.cardId', 'quick-slash', 'public');
  add(b);
}
function allyBoard(b: B): B {
  // Turn 1: p1 plays Ember Squire (1/2). Turn 2: p2 plays Keen Falcon (2/1, True Sight) and Mist Stalker (2/2, Stealth).
  opening(b);
  play(b, 'p1', 'ember-squire', ['heavy-strike']);
  resolveAll(b, 'p1');
  toP2Main(b);
  play(b, 'p2', 'keen-falcon', ['mend', 'tidecaller-adept']);
  resolveAll(b, 'p2');
  return b;
}
{
  const b = allyBoard(
    mk(
      'ally-attack-retaliation',
      '2.2.g.i.2',
      'An awake defending ally may rest to retaliate; attack and retaliation damage are dealt at once and both allies die to state-based effects (2.12.h.3); Keen Falcon’s On Leave triggers.',
    ),
  );
  const falcon = b.object('p2', 'keen-falcon');
  const squire = b.object('p1', 'ember-squire');
  b.do('p2', 'DeclareAttack', { attacker: falcon, target: squire });
  b.passUntil((s) => s.prompt?.kind === 'retaliate');
  b.expectState('prompt.player', 'p1');
  b.do('p1', 'DeclareRetaliation', { unit: squire }).event('RetaliationDeclared', {
    unit: squire,
    against: falcon,
  });
  b.passUntil(damaged(squire));
  b.event('DamageDealt', {
    attack: true,
    damage: [
      { target: squire, amount: 2 },
      { target: falcon, amount: 1 },
    ],
  });
  b.event('ObjectLeftField', { cardId: 'ember-squire', to: 'graveyard', reason: 'destroyed' });
  b.event('ObjectLeftField', { cardId: 'keen-falcon', to: 'graveyard', reason: 'destroyed' });
  b.event('TriggerPlaced', { item: { sourceCardId: 'keen-falcon' } });
  add(b);
}
{
  const b = allyBoard(mk('attack-own-unit-rejected', '2.6.11', 'Players can’t attack units they control.'));
  b.do(
    'p2',
    'DeclareAttack',
    { attacker: b.object('p2', 'keen-falcon'), target: 'p2-m1' },
    { rejected: { rule: '2.6.11' } },
  );
  add(b);
}
{
  const b = allyBoard(
    mk(
      'stealth-needs-true-sight',
      'X.A.22.a',
      'A unit with stealth can’t be targeted by attacks unless the attacker has True Sight (X.A.23); the champion can still be attacked.',
    ),
  );
  play(b, 'p2', 'mist-stalker', ['quick-slash', 'deflecting-edge']);
  resolveAll(b, 'p2');
  b.passUntil(isPhase('main', 'p1'));
  const squire = b.object('p1', 'ember-squire');
  b.do(
    'p1',
    'DeclareAttack',
    { attacker: squire, target: b.object('p2', 'mist-stalker') },
    { rejected: { rule: 'X.A.22.a' } },
  );
  b.do('p1', 'DeclareAttack', { attacker: squire, target: 'p2-m1' }).event('AttackDeclared', {
    target: 'p2-m1',
  });
  add(b);
}
{
  const b = toP2Main(
    opening(
      mk(
        'pride-disobeys',
        'X.B.24.a',
        'A player can’t attack with an ally that does not obey them: with Pride N an ally does not obey unless your champion’s level is N or higher (X.A.20.a).',
      ),
    ),
  );
  play(b, 'p2', 'veteran-knight', ['mend', 'tidecaller-adept', 'quick-slash']);
  resolveAll(b, 'p2');
  b.do(
    'p2',
    'DeclareAttack',
    { attacker: b.object('p2', 'veteran-knight'), target: 'p1-m1' },
    { rejected: { rule: 'X.B.24.a' } },
  );
  add(b);
}
{
  const b = opening(
    mk('ally-damage-cleared', '2.2.f.4.a', 'Damage marked on allies is removed in the end phase cleanup.'),
  );
  b.passUntil(isPhase('main', 'p2')).passUntil(isPhase('main', 'p1'));
  play(b, 'p1', 'stone-warden', ['heavy-strike', 'quick-slash', 'fireball', 'deflecting-edge']);
  resolveAll(b, 'p1');
  const warden = b.object('p1', 'stone-warden');
  play(b, 'p1', 'spark-bolt', ['spark-bolt'], { target: warden });
  b.do('p1', 'PassOpportunity')
    .do('p2', 'PassOpportunity')
    .event('DamageDealt', { damage: [{ target: warden, amount: 1 }] });
  b.expectState('field.2.damage', 1);
  b.passUntil((s) => s.turn === 4);
  b.event('EndOfTurnCleanup', { allies: [warden] });
  b.expectState('field.2.damage', 0);
  add(b);
}
{
  const b = allyBoard(
    mk(
      'fizzle-target-gone',
      '2.3.d.4.b',
      'If a target is illegal on resolution the whole card fizzles: the second Spark Bolt resolves first and destroys Keen Falcon, so the first fizzles.',
    ),
  );
  b.passUntil(isPhase('main', 'p1'));
  const falcon = b.object('p2', 'keen-falcon');
  play(b, 'p1', 'spark-bolt', ['quick-slash'], { target: falcon });
  play(b, 'p1', 'spark-bolt', ['fireball'], { target: falcon });
  b.do('p1', 'PassOpportunity')
    .do('p2', 'PassOpportunity')
    .event('DamageDealt', { damage: [{ target: falcon, amount: 1 }] })
    .event('ObjectLeftField', { cardId: 'keen-falcon', reason: 'destroyed' });
  // Keen Falcon's On Leave goes on the stack above the first Spark Bolt and resolves first.
  b.event('TriggerPlaced', { item: { sourceCardId: 'keen-falcon' } });
  b.do('p1', 'PassOpportunity')
    .do('p2', 'PassOpportunity')
    .event('CountersChanged', { kind: 'enlighten', delta: 1 });
  b.do('p1', 'PassOpportunity').do('p2', 'PassOpportunity').event('StackItemFizzled', { to: 'graveyard' });
  b.expectState('players.p1.graveyard.0.cardId', 'spark-bolt', 'public');
  add(b);
}

// ── More rules ─────────────────────────────────────────────────────────────────────────────────────────
add(
  mk(
    'setup-shuffled-deck',
    '1.3.1',
    'Without a stacked deck, each main deck is set out shuffled by the seeded generator (the permutation is in payload.random, hidden from players until the match ends).',
    { noStack: true },
  )
    .event('DeckSetOut', { player: 'p1', shuffled: true })
    .expectState('players.p1.mainDeck.0.hidden', true, 'p1')
    .expectState('players.p2.mainDeck.0.hidden', true, 'p1'),
);
{
  const b = opening(
    mk(
      'ally-destroyed-by-damage',
      '2.12.h.3',
      'An ally with damage equal to its life is destroyed by a state-based effect and goes to its owner’s graveyard (1.7.b.7).',
    ),
  );
  play(b, 'p1', 'ember-squire', ['heavy-strike']);
  resolveAll(b, 'p1');
  const squire = b.object('p1', 'ember-squire');
  play(b, 'p1', 'fireball', ['quick-slash', 'deflecting-edge', 'spark-bolt'], { target: squire });
  b.do('p1', 'PassOpportunity').do('p2', 'PassOpportunity');
  b.event('DamageDealt', { damage: [{ target: squire, amount: 3 }] }).event('ObjectLeftField', {
    object: squire,
    to: 'graveyard',
    reason: 'destroyed',
  });
  b.expectState('players.p1.graveyard.0.cardId', 'ember-squire', 'public').expectState(
    'players.p1.graveyard.1.cardId',
    'fireball',
    'public',
  );
  add(b);
}
{
  const b = opening(
    mk(
      'reserve-not-enough-cards',
      '2.3.a.8',
      'A reserve cost needs that many other cards in hand; an activation that can’t be paid is not allowed.',
    ),
  );
  play(b, 'p1', 'ember-squire', ['quick-slash']);
  resolveAll(b, 'p1');
  play(b, 'p1', 'spark-bolt', ['spark-bolt'], { target: 'p1-m1' });
  resolveAll(b, 'p1');
  b.do('p1', 'ActivateCard', { card: b.hand('p1', 'heavy-strike') }, { rejected: { rule: '2.3.a.8' } });
  add(b);
}
{
  const b = p2WithWeapon(
    mk(
      'weapon-durability',
      '2.12.h.4',
      'A weapon loses a durability counter each attack (2.2.g.ii.2.e.ii); at 0 it is destroyed by a state-based effect.',
    ),
  );
  const sword = b.object('p2', 'steel-longsword');
  b.do('p2', 'DeclareAttack', { attacker: 'p2-m1', target: 'p1-m1', weapon: sword });
  b.passUntil(damaged('p1-m1'));
  b.event('CountersChanged', { object: sword, kind: 'durability', delta: -1 });
  b.passUntil((s) => s.turn === 4);
  b.event('ObjectsWoken', { objects: ['p2-m1'] });
  b.passUntil((s) => s.phase === 'main' && s.activePlayer === 'p2' && s.priority?.holder === 'p2');
  b.do('p2', 'DeclareAttack', { attacker: 'p2-m1', target: 'p1-m1', weapon: sword });
  b.passUntil((s) => !s.field.some((o) => o.id === sword));
  b.event('CountersChanged', { object: sword, kind: 'durability', delta: -1 }).event('ObjectLeftField', {
    object: sword,
    to: 'graveyard',
    reason: 'destroyed',
  });
  b.expectState('field.0.damage', 4, 'public');
  add(b);
}
{
  const top2 = [
    'nia-mistveiled-scout',
    'nia-mistveiled-scout',
    'mend',
    'mend',
    'mend',
    'mend',
    'mend',
    'mend',
    'mend',
  ];
  const b = toP2Main(
    opening(
      mk(
        'unique-duplicate-sacrificed',
        '1.7.h.2.i',
        'A player may control only one unique object of a name: when a second Nia enters, its controller chooses which one to keep before the game goes on (2.12.h.5) and sacrifices the other; then the turn player receives Opportunity.',
        { top2 },
      ),
    ),
  );
  play(b, 'p2', 'nia-mistveiled-scout', ['mend', 'mend', 'mend']);
  resolveAll(b, 'p2');
  const first = b.object('p2', 'nia-mistveiled-scout');
  play(b, 'p2', 'nia-mistveiled-scout', ['mend', 'mend', 'mend']);
  b.do('p2', 'PassOpportunity').do('p1', 'PassOpportunity');
  b.event('ObjectEntered', { object: { cardId: 'nia-mistveiled-scout' } }).event('PromptOpened', {
    prompt: { kind: 'keepUnique', player: 'p2', rule: '1.7.h.2.i' },
  });
  const second = b.state.field.filter((o) => o.cardId === 'nia-mistveiled-scout')[1]!.id;
  b.expectState('priority', null).expectState('prompt.objects', [first, second], 'public');
  b.do('p1', 'PassOpportunity', {}, { rejected: { rule: '2.8.b.1.c' } });
  b.do('p2', 'KeepUnique', { object: 'p2-m1' }, { rejected: { rule: '1.7.h.2.i' } });
  // p2 keeps the newer Nia: the older one is the one sacrificed.
  b.do('p2', 'KeepUnique', { object: second })
    .event('UniqueKept', { object: second })
    .event('ObjectLeftField', { object: first, reason: 'sacrificed', to: 'graveyard' })
    .event('OpportunityGranted', { player: 'p2' });
  b.expectState('field.2.id', second, 'public').expectState('players.p2.graveyard.0.id', first, 'public');
  add(b);
}
{
  const top1 = [
    'ash-hound',
    'quick-slash',
    'quick-slash',
    'quick-slash',
    'quick-slash',
    'quick-slash',
    'quick-slash',
    'quick-slash',
  ];
  const b = opening(
    mk(
      'vigor-wakes-at-end-phase',
      'X.A.24.a',
      'Vigor: the unit wakes up at the beginning of its controller’s end phase (a trigger, 2.2.f.2).',
      { top1 },
    ),
  );
  b.passUntil(isPhase('main', 'p2')).passUntil(
    (s) => s.phase === 'main' && s.activePlayer === 'p1' && s.priority?.holder === 'p1',
  );
  play(b, 'p1', 'ash-hound', ['quick-slash', 'quick-slash']);
  resolveAll(b, 'p1');
  const hound = b.object('p1', 'ash-hound');
  b.do('p1', 'DeclareAttack', { attacker: hound, target: 'p2-m1' });
  b.passUntil((s) => s.phase === 'main' && s.combat === null);
  b.expectState(`field.2.rested`, true, 'public');
  b.do('p1', 'PassOpportunity')
    .do('p2', 'PassOpportunity')
    .event('PhaseEntered', { phase: 'end' })
    .event('TriggerPlaced', { item: { label: 'Ash Hound: Vigor' } });
  b.do('p1', 'PassOpportunity')
    .do('p2', 'PassOpportunity')
    .event('ObjectsWoken', { objects: [hound] });
  b.expectState('field.2.rested', false, 'public');
  add(b);
}
{
  const top1 = [
    'iron-buckler',
    'quick-slash',
    'quick-slash',
    'quick-slash',
    'quick-slash',
    'quick-slash',
    'quick-slash',
  ];
  const b = opening(
    mk(
      'ability-rest-cost',
      'X.B.3.b',
      'A REST cost needs an awake object: Iron Buckler’s ability can be activated once, then it is rested.',
      { top1 },
    ),
  );
  play(b, 'p1', 'iron-buckler', ['quick-slash', 'quick-slash']);
  resolveAll(b, 'p1');
  const buckler = b.object('p1', 'iron-buckler');
  b.do('p1', 'ActivateAbility', { source: buckler, ability: 0 })
    .event('ObjectRested', { object: buckler })
    .event('AbilityActivated');
  b.do('p1', 'PassOpportunity')
    .do('p2', 'PassOpportunity')
    .event('ShieldCreated', { shields: [{ target: 'p1-m1', amount: 1 }] });
  b.do('p1', 'ActivateAbility', { source: buckler, ability: 0 }, { rejected: { rule: 'X.B.3.b' } });
  add(b);
}
{
  const deck1 = Array.from({ length: 30 }, () => 'fireball');
  const b = opening(
    mk(
      'loss-by-damage',
      '1.4.3.a',
      'A player whose champion has damage equal to or greater than its life loses; the opponent wins (1.4.2.a). Fireballs at Spirit of Water (life 15).',
      { deck1 },
    ),
  );
  b.passUntil(isPhase('main', 'p2'));
  const ended = () => b.state.status === 'ended';
  for (let turn = 0; turn < 8 && !ended(); turn++) {
    b.passUntil(
      (s) =>
        s.status === 'ended' ||
        (s.phase === 'main' &&
          s.activePlayer === 'p1' &&
          s.priority?.holder === 'p1' &&
          s.stack.length === 0),
    );
    while (!ended() && b.state.players.p1!.hand.length >= 4) {
      const hand = b.state.players.p1!.hand.map((c) => c.id);
      b.do('p1', 'ActivateCard', { card: hand[0], target: 'p2-m1' });
      for (const r of hand.slice(1, 4)) b.do('p1', 'SelectReserve', { card: r });
      b.passUntil((s) => s.status === 'ended' || s.stack.length === 0);
    }
    if (!ended()) b.do('p1', 'PassOpportunity');
  }
  b.event('PlayerLost', { player: 'p2', rule: '1.4.3.a' }).event('MatchEnded', { winner: 'p1' });
  b.expectState('winner', 'p1', 'public');
  add(b);
}
{
  const b = toP2Main(
    opening(
      mk(
        'lineage-required',
        'X.A.11.a',
        'Lineage: Lorraine, Blademaster must be leveled from a Lorraine champion; p2’s champion is Rai, Storm Seer (Lv 1).',
      ),
    ),
  );
  play(b, 'p2', 'keen-falcon', ['mend', 'tidecaller-adept']);
  resolveAll(b, 'p2');
  b.passUntil((s) => s.prompt?.kind === 'materialize' && s.activePlayer === 'p2');
  b.do('p2', 'Materialize', { card: 'p2-m2' });
  b.do('p2', 'PassOpportunity')
    .do('p1', 'PassOpportunity')
    .event('ChampionLeveledUp', { card: { cardId: 'rai-storm-seer' } });
  b.toMain('p2');
  play(b, 'p2', 'mist-stalker', ['quick-slash', 'deflecting-edge']);
  resolveAll(b, 'p2');
  b.passUntil((s) => s.prompt?.kind === 'materialize' && s.activePlayer === 'p2');
  b.do('p2', 'Materialize', { card: 'p2-m3' }, { rejected: { rule: 'X.A.11.a' } });
  add(b);
}
{
  const top2 = ['shield-bearer', 'mend', 'mend', 'mend', 'mend', 'mend', 'mend', 'mend', 'mend'];
  const b = opening(
    mk(
      'intercept',
      'X.A.10.a',
      'Intercept is a triggered ability: when your champion is attacked while an Intercept ally is awake, the trigger goes on the stack with Opportunity, and as it resolves you may redirect the attack to the ally; it may then retaliate (X.A.10.c).',
      { top2 },
    ),
  );
  play(b, 'p1', 'ember-squire', ['heavy-strike']);
  resolveAll(b, 'p1');
  toP2Main(b);
  play(b, 'p2', 'shield-bearer', ['mend', 'mend']);
  resolveAll(b, 'p2');
  b.passUntil(isPhase('main', 'p1'));
  const squire = b.object('p1', 'ember-squire');
  const bearer = b.object('p2', 'shield-bearer');
  // X.A.10.a: Intercept is a triggered ability: it goes on the stack and the turn player receives Opportunity.
  b.do('p1', 'DeclareAttack', { attacker: squire, target: 'p2-m1' })
    .event('TriggerPlaced', {
      item: { kind: 'trigger', keyword: 'Intercept', controller: 'p2', source: bearer },
    })
    .event('OpportunityGranted', { player: 'p1' });
  b.expectState('stack.0.label', 'Shield Bearer: Intercept', 'public').expectState('prompt', null);
  b.do('p2', 'Intercept', { ally: bearer }, { rejected: { rule: 'X.A.10.a' } });
  b.do('p1', 'PassOpportunity')
    .do('p2', 'PassOpportunity')
    .event('PromptOpened', { prompt: { kind: 'intercept', player: 'p2', ally: bearer } });
  b.do('p2', 'Intercept', { ally: 'p2-m1' }, { rejected: { rule: 'X.A.10.a' } });
  b.do('p2', 'Intercept', { ally: bearer })
    .event('AttackRedirected', { ally: bearer, from: 'p2-m1' })
    .event('StackItemResolved');
  b.expectState('combat.target', bearer, 'public');
  b.passUntil((s) => s.prompt?.kind === 'retaliate');
  b.do('p2', 'DeclareRetaliation', { unit: bearer });
  b.passUntil(damaged(bearer));
  b.event('DamageDealt', {
    attack: true,
    damage: [
      { target: bearer, amount: 1 },
      { target: squire, amount: 1 },
    ],
  });
  b.expectState('field.2.cardId', 'spirit-of-water', 'public').expectState('field.2.damage', 0, 'public');
  add(b);
}
{
  const top1 = [
    'ember-reaver',
    'quick-slash',
    'quick-slash',
    'quick-slash',
    'quick-slash',
    'quick-slash',
    'quick-slash',
    'quick-slash',
  ];
  const b = opening(
    mk(
      'critical',
      'X.A.3.a',
      'Critical N: attack damage from the source is doubled unless an opponent discards N cards; Spirit of Water takes 4 from a 2-power Ember Reaver.',
      { top1 },
    ),
  );
  b.passUntil(isPhase('main', 'p2')).passUntil(
    (s) => s.phase === 'main' && s.activePlayer === 'p1' && s.priority?.holder === 'p1',
  );
  play(b, 'p1', 'ember-reaver', ['quick-slash', 'quick-slash']);
  resolveAll(b, 'p1');
  b.do('p1', 'DeclareAttack', { attacker: b.object('p1', 'ember-reaver'), target: 'p2-m1' });
  b.passUntil((s) => s.prompt?.kind === 'critical');
  b.event('CriticalOffered', { player: 'p2', n: 1 });
  b.do('p2', 'DeclineCritical')
    .event('CriticalSettled', { doubled: true })
    .event('DamageDealt', { attack: true, damage: [{ target: 'p2-m1', amount: 4 }] });
  add(b);
}
{
  const top1 = [
    'ember-reaver',
    'quick-slash',
    'quick-slash',
    'quick-slash',
    'quick-slash',
    'quick-slash',
    'quick-slash',
    'quick-slash',
  ];
  const b = opening(
    mk(
      'critical-discard',
      'X.A.3.a',
      'Critical N: the defending player discards N cards and the damage is not doubled.',
      { top1 },
    ),
  );
  b.passUntil(isPhase('main', 'p2')).passUntil(
    (s) => s.phase === 'main' && s.activePlayer === 'p1' && s.priority?.holder === 'p1',
  );
  play(b, 'p1', 'ember-reaver', ['quick-slash', 'quick-slash']);
  resolveAll(b, 'p1');
  b.do('p1', 'DeclareAttack', { attacker: b.object('p1', 'ember-reaver'), target: 'p2-m1' });
  b.passUntil((s) => s.prompt?.kind === 'critical');
  const card = b.hand('p2', 'mend');
  b.do('p2', 'DiscardForCritical', { card })
    .event('CardsMoved', { reason: 'critical', moves: [{ id: card, from: 'hand', to: 'graveyard' }] })
    .event('CriticalSettled', { doubled: false })
    .event('DamageDealt', { attack: true, damage: [{ target: 'p2-m1', amount: 2 }] });
  add(b);
}
{
  const top1 = [
    'ember-squire',
    'heavy-strike',
    'creative-shock',
    'quick-slash',
    'quick-slash',
    'quick-slash',
    'quick-slash',
    'quick-slash',
    'quick-slash',
  ];
  const b = toP2Main(
    opening(
      mk(
        'creative-shock',
        '2.3.a.9',
        'A fast action in the opponent’s turn: Creative Shock draws two, then deals 2 to its target; afterwards the turn player gets Opportunity first.',
        { top1 },
      ),
    ),
  );
  b.do('p2', 'PassOpportunity');
  play(b, 'p1', 'creative-shock', ['quick-slash', 'quick-slash', 'quick-slash'], { target: 'p2-m1' });
  b.event('OpportunityGranted', { player: 'p2' });
  b.do('p2', 'PassOpportunity').do('p1', 'PassOpportunity');
  b.event('CardsMoved', { reason: 'draw', player: 'p1' })
    .event('CardsMoved', { reason: 'draw', player: 'p1' })
    .event('DamageDealt', { attack: false, damage: [{ target: 'p2-m1', amount: 2 }] })
    .event('StackItemResolved', { to: 'graveyard' });
  b.expectState('players.p1.graveyard.0.cardId', 'creative-shock', 'public');
  add(b);
}
{
  const top2 = [
    'keen-falcon',
    'mend',
    'mend',
    'spellshield-arcane',
    'mend',
    'mend',
    'mend',
    'mend',
    'mend',
    'mend',
  ];
  const b = opening(
    mk(
      'spellshield-enlighten',
      '2.9.a.10',
      'Spellshield: Arcane prevents damage to your champion and puts an enlighten counter on it per damage prevented, all one replacement; it needs arcane, enabled by Rai (1.6.d.4).',
      { top2 },
    ),
  );
  play(b, 'p1', 'ember-squire', ['heavy-strike']);
  resolveAll(b, 'p1');
  toP2Main(b);
  play(b, 'p2', 'keen-falcon', ['mend', 'mend']);
  resolveAll(b, 'p2');
  b.passUntil((s) => s.prompt?.kind === 'materialize' && s.activePlayer === 'p2');
  b.do('p2', 'Materialize', { card: 'p2-m2' });
  b.do('p2', 'PassOpportunity')
    .do('p1', 'PassOpportunity')
    .event('ChampionLeveledUp', { card: { cardId: 'rai-storm-seer' } });
  b.passUntil(isPhase('main', 'p1'));
  b.do('p1', 'DeclareAttack', { attacker: b.object('p1', 'ember-squire'), target: 'p2-m1' });
  b.passUntil((s) => s.step === 'damage' && s.priority?.holder === 'p1');
  b.do('p1', 'PassOpportunity');
  play(b, 'p2', 'spellshield-arcane', ['mend', 'mend', 'mend']);
  b.do('p1', 'PassOpportunity')
    .do('p2', 'PassOpportunity')
    .event('ShieldCreated', { shields: [{ target: 'p2-m1', amount: 3, enlighten: true }] });
  b.do('p1', 'PassOpportunity').do('p2', 'PassOpportunity');
  b.event('DamagePrevented', { target: 'p2-m1', amount: 1, attack: true }).event('CountersChanged', {
    object: 'p2-m1',
    kind: 'enlighten',
    delta: 1,
  });
  // One more enlighten counter came from Rai's own end-phase ability on turn 4.
  b.expectState('field.2.counters.enlighten', 2, 'public').expectState('field.2.damage', 0, 'public');
  add(b);
}
{
  const top1 = [
    'phoenix-hatchling',
    'spark-bolt',
    'quick-slash',
    'quick-slash',
    'quick-slash',
    'quick-slash',
    'quick-slash',
    'quick-slash',
  ];
  const b = opening(
    mk(
      'preserve',
      'X.A.19.a',
      'Preserve on an object is a trigger on death: the destroyed Phoenix Hatchling dies into the graveyard, then its Preserve trigger puts the card face-up into the material deck (public, X.A.19.c); at the next materialize phase it may return to hand instead of materializing (X.A.19.d).',
      { top1 },
    ),
  );
  play(b, 'p1', 'phoenix-hatchling', ['quick-slash', 'quick-slash']);
  resolveAll(b, 'p1');
  const hatch = b.object('p1', 'phoenix-hatchling');
  play(b, 'p1', 'spark-bolt', ['quick-slash'], { target: hatch });
  b.do('p1', 'PassOpportunity')
    .do('p2', 'PassOpportunity')
    .event('ObjectLeftField', { object: hatch, to: 'graveyard', reason: 'destroyed' })
    .event('TriggerPlaced', { item: { keyword: 'Preserve', source: hatch } });
  b.expectState('players.p1.graveyard.0.id', hatch, 'public');
  b.do('p1', 'PassOpportunity')
    .do('p2', 'PassOpportunity')
    .event('CardsMoved', {
      reason: 'preserve',
      moves: [{ id: hatch, from: 'graveyard', to: 'materialDeck', preserved: true }],
    });
  b.expectState(
    'players.p1.materialDeck.0',
    { id: hatch, cardId: 'phoenix-hatchling', preserved: true },
    'p2',
  );
  b.passUntil((s) => s.prompt?.kind === 'materialize' && s.activePlayer === 'p1');
  b.do('p1', 'ReturnPreserved', { card: hatch })
    .event('CardsMoved', { reason: 'preserved-return', moves: [{ from: 'materialDeck', to: 'hand' }] })
    .event('PreservedReturned')
    .event('PhaseEntered', { phase: 'recollection' });
  b.expectState('players.p1.materializedThisPhase', false);
  add(b);
}
{
  const b = opening(
    mk('deck-out', '2.10.6', 'A player who must draw from an empty main deck loses the game (1.4.3.c).'),
  );
  b.passUntil((s) => s.status === 'ended', 800);
  b.event('DrawFromEmptyDeck', { player: 'p2' }).event('MatchEnded', { winner: 'p1' });
  add(b);
}

// ── Issue 10: stealth during an attack, Intercept on the stack, replacement order, rested attackers ────────
/** Turn 1: p1 plays Ember Squire. Turn 2: p2 plays Tidecaller Adept (1/3). Turn 3: p1 holds Opportunity in main. */
function squireVsAdept(b: B): B {
  opening(b);
  play(b, 'p1', 'ember-squire', ['heavy-strike']);
  resolveAll(b, 'p1');
  toP2Main(b);
  play(b, 'p2', 'tidecaller-adept', ['mend', 'mend']);
  resolveAll(b, 'p2');
  return b.passUntil(isPhase('main', 'p1')).toMain('p1');
}
const VEIL2 = [
  'tidecaller-adept',
  'misty-veil',
  'mend',
  'mend',
  'mend',
  'mend',
  'mend',
  'mend',
  'mend',
  'mend',
];
{
  // The rules' own example (2.2.g.ii.2.b): stealth given to the retaliating target in the damage step.
  const b = squireVsAdept(
    mk(
      'stealth-gained-negates-attack',
      'X.A.22.a.v',
      'A unit that receives stealth while it is the target of an attack makes the attack illegal and negated unless the attacker has True Sight. The rules’ example (2.2.g.ii.2.b): the retaliating unit given stealth at the beginning of the damage step is dealt no damage but still deals its retaliation damage to the attacker.',
      { top2: VEIL2 },
    ),
  );
  const squire = b.object('p1', 'ember-squire');
  const adept = b.object('p2', 'tidecaller-adept');
  b.do('p1', 'DeclareAttack', { attacker: squire, target: adept });
  b.passUntil((s) => s.prompt?.kind === 'retaliate');
  b.do('p2', 'DeclareRetaliation', { unit: adept });
  b.passUntil((s) => s.step === 'damage' && s.priority?.holder === 'p1');
  b.do('p1', 'PassOpportunity');
  play(b, 'p2', 'misty-veil', ['mend'], { target: adept });
  b.do('p1', 'PassOpportunity')
    .do('p2', 'PassOpportunity')
    .event('EffectCreated', { effect: { target: adept, grant: ['Stealth'] } })
    .event('AttackNegated', { player: 'p1', target: adept });
  b.expectState('combat.negated', true, 'public');
  b.do('p1', 'PassOpportunity').do('p2', 'PassOpportunity');
  b.event('DamageDealt', { attack: true, damage: [{ target: squire, amount: 1, source: adept }] });
  b.expectState(`field.2.damage`, 0, 'public').expectState('field.1.damage', 1, 'public');
  add(b);
}
{
  const b = squireVsAdept(
    mk(
      'stealth-gained-before-retaliation',
      'X.A.22.a.v',
      'Stealth received by the attack’s target “before retaliation” negates the attack: the target is no longer a defending unit, so no retaliation is offered and no damage is dealt (X.B.23.b).',
      { top2: VEIL2 },
    ),
  );
  const squire = b.object('p1', 'ember-squire');
  const adept = b.object('p2', 'tidecaller-adept');
  b.do('p1', 'DeclareAttack', { attacker: squire, target: adept });
  b.passUntil((s) => s.step === 'retaliation' && s.priority?.holder === 'p1');
  b.do('p1', 'PassOpportunity');
  play(b, 'p2', 'misty-veil', ['mend'], { target: adept });
  b.do('p1', 'PassOpportunity').do('p2', 'PassOpportunity').event('AttackNegated', { target: adept });
  b.do('p1', 'PassOpportunity')
    .do('p2', 'PassOpportunity')
    .event('PhaseEntered', { phase: 'combat', step: 'damage' });
  b.do('p1', 'PassOpportunity')
    .do('p2', 'PassOpportunity')
    .event('NoDamageDealt', { attack: true })
    .event('CombatEnded');
  b.expectState('field.1.damage', 0, 'public').expectState('field.2.damage', 0, 'public');
  add(b);
}
{
  const top1 = [
    'keen-falcon',
    'quick-slash',
    'quick-slash',
    'quick-slash',
    'quick-slash',
    'quick-slash',
    'quick-slash',
    'quick-slash',
  ];
  const b = opening(
    mk(
      'stealth-gained-true-sight-attack-stands',
      'X.A.23.a.i',
      'True Sight: the attacking unit’s attacks can target units with stealth, so stealth received by its target during the attack does not negate it (X.A.22.a.v).',
      { top1, top2: VEIL2 },
    ),
  );
  play(b, 'p1', 'keen-falcon', ['quick-slash', 'quick-slash']);
  resolveAll(b, 'p1');
  toP2Main(b);
  play(b, 'p2', 'tidecaller-adept', ['mend', 'mend']);
  resolveAll(b, 'p2');
  b.passUntil(isPhase('main', 'p1')).toMain('p1');
  const falcon = b.object('p1', 'keen-falcon');
  const adept = b.object('p2', 'tidecaller-adept');
  b.do('p1', 'DeclareAttack', { attacker: falcon, target: adept });
  b.passUntil((s) => s.step === 'damage' && s.priority?.holder === 'p1');
  b.do('p1', 'PassOpportunity');
  play(b, 'p2', 'misty-veil', ['mend'], { target: adept });
  b.do('p1', 'PassOpportunity')
    .do('p2', 'PassOpportunity')
    .event('EffectCreated', { effect: { target: adept, grant: ['Stealth'] } });
  b.expectState('combat.negated', false, 'public');
  b.do('p1', 'PassOpportunity')
    .do('p2', 'PassOpportunity')
    .event('DamageDealt', { attack: true, damage: [{ target: adept, amount: 2 }] });
  add(b);
}
{
  const top2 = ['shield-bearer', 'mend', 'mend', 'mend', 'mend', 'mend', 'mend', 'mend', 'mend'];
  const b = opening(
    mk(
      'intercept-declined',
      'X.A.10.a',
      'Intercept says “you may”: as the trigger resolves its controller may decline, and the attack stays on the champion.',
      { top2 },
    ),
  );
  play(b, 'p1', 'ember-squire', ['heavy-strike']);
  resolveAll(b, 'p1');
  toP2Main(b);
  play(b, 'p2', 'shield-bearer', ['mend', 'mend']);
  resolveAll(b, 'p2');
  b.passUntil(isPhase('main', 'p1')).toMain('p1');
  b.do('p1', 'DeclareAttack', { attacker: b.object('p1', 'ember-squire'), target: 'p2-m1' }).event(
    'TriggerPlaced',
    { item: { keyword: 'Intercept' } },
  );
  b.do('p1', 'PassOpportunity')
    .do('p2', 'PassOpportunity')
    .event('PromptOpened', { prompt: { kind: 'intercept' } });
  b.do('p2', 'DeclineIntercept').event('InterceptDeclined', { player: 'p2' }).event('StackItemResolved');
  b.expectState('combat.target', 'p2-m1', 'public');
  b.passUntil(damaged('p2-m1'));
  b.event('DamageDealt', { attack: true, damage: [{ target: 'p2-m1', amount: 1 }] });
  add(b);
}
/** p1's Ember Reaver (Critical 1, 2 power) attacks Spirit of Water; p2's Iron Buckler shield (prevent the next 1) is up. */
function reaverVsBuckler(b: B): B {
  opening(b);
  toP2Main(b);
  play(b, 'p2', 'iron-buckler', ['mend', 'mend']);
  resolveAll(b, 'p2');
  b.passUntil(isPhase('main', 'p1')).toMain('p1');
  play(b, 'p1', 'ember-reaver', ['quick-slash', 'quick-slash']);
  resolveAll(b, 'p1');
  b.do('p1', 'DeclareAttack', { attacker: b.object('p1', 'ember-reaver'), target: 'p2-m1' });
  b.passUntil((s) => s.step === 'damage' && s.priority?.holder === 'p1');
  b.do('p1', 'PassOpportunity');
  b.do('p2', 'ActivateAbility', { source: b.object('p2', 'iron-buckler'), ability: 0 });
  b.do('p1', 'PassOpportunity')
    .do('p2', 'PassOpportunity')
    .event('ShieldCreated', { shields: [{ target: 'p2-m1', amount: 1, damage: 'any' }] });
  b.do('p1', 'PassOpportunity').do('p2', 'PassOpportunity').event('CriticalOffered', { player: 'p2', n: 1 });
  b.do('p2', 'DeclineCritical')
    .event('CriticalSettled', { doubled: true })
    .event('DamageCalculated', {
      attack: true,
      instances: [{ target: 'p2-m1', amount: 2, doublers: ['critical'] }],
    });
  return b;
}
const REAVER1 = [
  'ember-reaver',
  'quick-slash',
  'quick-slash',
  'quick-slash',
  'quick-slash',
  'quick-slash',
  'quick-slash',
  'quick-slash',
];
const BUCKLER2 = ['iron-buckler', 'mend', 'mend', 'mend', 'mend', 'mend', 'mend', 'mend', 'mend'];
{
  const b = reaverVsBuckler(
    mk(
      'replacement-order-prevent-first',
      '2.2.g.ii.2.d',
      'The controller of the damaged object orders the replacement effects: Critical (X.A.3.b) and a 1-damage shield both apply to Spirit of Water; applying the shield first leaves (2 − 1) × 2 = 2 damage.',
      { top1: REAVER1, top2: BUCKLER2 },
    ),
  );
  const shield = b.state.shields[0]!.id;
  b.event('PromptOpened', {
    prompt: {
      kind: 'orderReplacements',
      player: 'p2',
      rule: '2.2.g.ii.2.d',
      target: 'p2-m1',
      options: [shield, 'critical'],
    },
  });
  b.expectState('prompt.options', [shield, 'critical'], 'public');
  b.do('p1', 'ApplyReplacement', { effect: shield }, { rejected: { rule: '2.5.b.2' } });
  b.do('p2', 'ApplyReplacement', { effect: 'bogus' }, { rejected: { rule: '2.2.g.ii.2.d' } });
  b.do('p2', 'ApplyReplacement', { effect: shield })
    .event('DamagePrevented', { shield, target: 'p2-m1', amount: 1, attack: true })
    .event('DamageDoubled', { effect: 'critical', amount: 2 });
  b.event('DamageDealt', { attack: true, damage: [{ target: 'p2-m1', amount: 2 }] });
  b.expectState('field.1.damage', 2, 'public');
  add(b);
}
{
  const b = reaverVsBuckler(
    mk(
      'replacement-order-critical-first',
      '2.2.g.ii.2.d',
      'The same attack with the replacement effects in the other order: Critical doubles 2 to 4, then the shield prevents 1, so 3 damage is dealt (2.5.b.2.a: after one applies, only the remaining ones are pending).',
      { top1: REAVER1, top2: BUCKLER2 },
    ),
  );
  b.do('p2', 'ApplyReplacement', { effect: 'critical' })
    .event('DamageDoubled', { effect: 'critical', amount: 4 })
    .event('DamagePrevented', { target: 'p2-m1', amount: 1 });
  b.event('DamageDealt', { attack: true, damage: [{ target: 'p2-m1', amount: 3 }] });
  b.expectState('field.1.damage', 3, 'public').expectState('prompt', null);
  add(b);
}
{
  const b = squireVsAdept(
    mk(
      'rested-unit-cannot-attack',
      'X.B.3.b',
      'Only an awake unit can attack: attacking rests it as a cost, so a unit that already attacked this turn can’t attack again (2.6.1.d).',
      { top2: VEIL2 },
    ),
  );
  const squire = b.object('p1', 'ember-squire');
  b.do('p1', 'DeclareAttack', { attacker: squire, target: 'p2-m1' });
  b.passUntil((s) => s.phase === 'main' && s.combat === null && s.priority?.holder === 'p1');
  b.do('p1', 'DeclareAttack', { attacker: squire, target: 'p2-m1' }, { rejected: { rule: 'X.B.3.b' } });
  add(b);
}
export default all;

const only = process.argv[2];
for (const b of all) if (!only || b.name === only) b.save();
console.log(`wrote ${all.length} scenarios`);

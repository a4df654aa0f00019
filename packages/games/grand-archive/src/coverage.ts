// Rules coverage (`matchtape rules-coverage --game grand-archive`): which parts of the Comprehensive Rules the
// engine implements, where they are tested, and why the rest is partial or left out.
import type { CoverageEntry, RulesCoverage } from '@matchtape/engine';
import { coverageEntry, machineRulesCoverage, mergeCoverage } from '@matchtape/engine';
import { KEYWORDS } from './cards/keywords';
import { grandArchiveMachine } from './machine';

const T = {
  props: 'packages/games/grand-archive/src/properties.test.ts',
  rules: 'packages/games/grand-archive/src/rules.test.ts',
  keywords: 'packages/games/grand-archive/src/cards/keywords.test.ts',
  machine: 'packages/games/grand-archive/src/machine.test.ts',
  fuzz: 'packages/games/grand-archive/src/fuzz.test.ts',
  view: 'packages/games/grand-archive/src/view.test.ts',
  multi: 'packages/games/grand-archive/src/multiplayer.test.ts',
  inv: 'packages/games/grand-archive/src/invariants.test.ts',
  scen: (name: string) => `packages/games/grand-archive/scenarios/${name}.json`,
};

const e = coverageEntry;

const SECTIONS: CoverageEntry[] = [
  e('1.1', 'Objective: defeat each opponent’s champion; simultaneous loss is a draw', [T.rules, T.props]),
  e('1.2', 'Turn player and non-turn players; slow actions only for the turn player', [T.rules]),
  e('1.3.1', 'Material deck and shuffled main deck set out', [T.props, T.scen('setup-shuffled-deck')]),
  e('1.3.2', 'First player chosen at random (seeded, recorded)', [T.props]),
  e('1.3.3', 'Lv 0 Spirit champion placed on each player’s first turn; its On Enter draws the hand', [
    T.scen('place-starting-champion'),
    T.scen('starting-champion-not-spirit'),
  ]),
  e(
    '1.3.4',
    'First-turn skips (two players: the first player also skips the first draw)',
    [T.scen('first-turn-skips-draw'), T.scen('second-player-draws-first-turn')],
    'partial',
    'Applied by the engine (the tests listed check it), but no event or rejection cites 1.3.4 or a sub-rule of it yet, so the citation audit cannot hold this entry to the code',
  ),
  e('1.4.2-1.4.4', 'Winning, losing (damage, no champion, deck-out, concession) and draws', [
    T.rules,
    T.scen('loss-by-damage'),
    T.scen('deck-out'),
    T.scen('concede'),
  ]),
  e(
    '1.4.5',
    'Multiplayer: a loser’s objects leave the game, the others play on; nobody skips the first draw (2.2.1.b)',
    [T.multi],
    'partial',
    'Objects a loser owns but another player controls simply leave; leave-play triggers of other objects observing them are not raised (1.4.5.b).',
  ),
  e(
    '1.4.6-1.4.8',
    'Match structures (BO3, BO5), who goes first in later games',
    [],
    'not-implemented',
    'Matchtape records single games; match structures are the host’s concern.',
  ),
  e('1.5.1', 'Constructed deck rules (60+ main, ≤4 copies, ≤12 material, ≤1 copy, a Lv 0 champion)', [
    T.rules,
  ]),
  e('1.5.2', 'Draft deck rules (30+ main, no copy limits) via options.format = "draft"', [T.rules]),
  e('1.6.b', 'Reserve and memory costs; cost floor 0; no cost ≠ cost 0', [
    T.scen('reserve-cost'),
    T.scen('reserve-not-enough-cards'),
    T.scen('memory-cost-random-banish'),
  ]),
  e('1.6.d', 'Elements enabled by the champion lineage; champions ignore it when leveling', [
    T.scen('element-not-enabled'),
    T.rules,
  ]),
  e(
    '1.6.g',
    'Durability counters on entering; weapon destroyed at 0',
    [T.scen('weapon-durability')],
    'partial',
    'Applied by the engine (the tests listed check it), but no event or rejection cites 1.6.g or a sub-rule of it yet, so the citation audit cannot hold this entry to the code',
  ),
  e('1.7.a', 'Champions, levels, leveling up by materializing, lineage, Lv 0 can’t be materialized', [
    T.scen('memory-cost-random-banish'),
    T.scen('level-up-on-enter'),
    T.scen('level-up-wrong-level'),
    T.scen('lineage-required'),
    T.scen('lv0-cannot-materialize'),
  ]),
  e(
    '1.7.b',
    'Allies: slow, enter awake, attack and retaliate, destroyed at 0 life',
    [T.scen('ally-attack-retaliation'), T.scen('ally-destroyed-by-damage')],
    'partial',
    'Applied by the engine (the tests listed check it), but no event or rejection cites 1.7.b or a sub-rule of it yet, so the citation audit cannot hold this entry to the code',
  ),
  e('1.7.c', 'Actions at their printed speed, targets on activation, to the graveyard after resolving', [
    T.scen('fast-action-on-opponent-turn'),
    T.scen('slow-action-rejected-on-opponent-turn'),
  ]),
  e(
    '1.7.d',
    'Attack cards rest the champion, resolve into Intention, then choose their target; a negated attack card goes to the graveyard and its champion stays rested (1.7.d.4.a)',
    [
      T.scen('attack-card-intention'),
      T.scen('test-card-negate-attack-card'),
      T.scen('start-intention-attack-card-on-kill'),
    ],
  ),
  e(
    '2.1.j',
    'Intention: a resolved attack card stays in its champion’s intention zone until the end of combat, where it goes to the graveyard before state-based effects are checked (2.2.g.iii.1); its power joins the attack’s and its On Hit / On Kill act as the attacking unit’s (2.1.j.4, 2.6.8). A start position may hold one (combat.attackCard)',
    [T.scen('attack-card-intention'), T.scen('start-intention-attack-card-on-kill')],
  ),
  e('1.7.e-g', 'Items, weapons, domains', [T.scen('weapon-attack'), T.rules]),
  e(
    '1.7.h.2',
    'Unique: with duplicates the controller chooses which to keep (KeepUnique) before the game goes on; the rest are sacrificed',
    [T.scen('unique-duplicate-sacrificed'), T.rules],
  ),
  e('1.7.h.3', 'Regalia: memory cost; destroyed or sacrificed → banished', [T.scen('weapon-durability')]),
  e(
    '2.1',
    'Zones, public and private information, counts public; a scenario test card in a hidden zone shows neither its id nor its definition (2.1.a.5)',
    [T.view, T.props, T.inv, T.scen('test-card-hidden-in-hand'), T.scen('test-card-revealed-on-activation')],
    'partial',
    'Applied by the engine (the tests listed check it), but only 2.1.h.6.a (its own entry) is cited by an event or rejection, so the citation audit cannot hold the rest of this entry to the code',
  ),
  e(
    '2.1.h.6',
    'A card returned to hand goes to its owner’s hand, hidden there from the other players (the return effect)',
    [T.scen('test-card-return-ally-to-owners-hand')],
  ),
  e(
    '2.2.g.ii.2',
    'Damage step: damage per unit, replacement effects in the damaged controller’s order (ApplyReplacement), a negated attack deals none but retaliation still does (the rules’ stealth example)',
    [
      T.scen('replacement-order-prevent-first'),
      T.scen('replacement-order-critical-first'),
      T.scen('stealth-gained-negates-attack'),
      T.scen('test-card-power-zero-cannot-retaliate'),
      T.scen('start-damage-step-retaliation-simultaneous'),
      T.keywords,
    ],
  ),
  e(
    '2.2.h',
    'Effects that end a phase or the turn',
    [T.multi],
    'partial',
    'The turn ends at once, banishing the stack, when the turn player loses in multiplayer (2.2.h.2); no card in the pool ends a phase or a turn.',
  ),
  e('2.3.a', 'Card activation order, legality check reverting everything, Opportunity to the turn player', [
    T.scen('cancel-activation'),
    T.fuzz,
  ]),
  e(
    '2.3.b',
    'Materializing',
    [T.scen('memory-cost-random-banish'), T.scen('materialize-once-per-phase')],
    'partial',
    'A card with a reserve cost is never materialized (2.3.b.4.a): no material-deck card of the pool has one, and the engine refuses it.',
  ),
  e('2.3.c', 'Reserve payment confirmed when complete; memory costs random; reserved cards stay in memory', [
    T.scen('reserve-cost'),
    T.scen('memory-cost-random-banish'),
  ]),
  e(
    '2.3.d',
    'Resolution; targets chosen on activation re-checked, fizzle (a trigger’s unit hit or killed is not a chosen target: On Kill resolves after the unit has left, 2.3.d.4); objects an effect makes (tokens) enter under its controller (2.3.d.5)',
    [
      T.scen('fizzle-target-gone'),
      T.scen('test-card-create-tokens'),
      T.scen('start-intention-attack-card-on-kill'),
    ],
  ),
  e('2.4.a', 'Activated abilities (fast), innate champion enlighten ability', [
    T.rules,
    T.scen('ability-rest-cost'),
  ]),
  e(
    '2.4.b',
    'Triggered abilities, turn player’s first (APNAP), each player ordering their own simultaneous ones (PlaceTrigger, 2.4.b.6); Intercept, Vigor and Preserve are keyword triggers on the stack; delayed triggers (the delayed effect) go on the stack once at the beginning of the end phase (2.4.b.5)',
    [
      T.scen('place-starting-champion'),
      T.scen('start-order-own-triggers'),
      T.scen('start-pending-triggers-turn-order'),
      T.scen('intercept'),
      T.scen('preserve'),
      T.scen('test-card-on-enter-ability'),
      T.scen('test-card-delayed-trigger'),
      T.rules,
    ],
  ),
  e(
    '2.4.12',
    'An ability on the stack exists independently of its source: a trigger whose source has left the field (a start position names the card in its zone) is placed and resolves, controlled by the player who controlled the source (2.4.12.a); an On Death source must be in a graveyard (X.A.13.a.i)',
    [
      T.scen('start-trigger-source-left-field'),
      T.scen('start-on-death-source-not-in-graveyard'),
      'packages/games/grand-archive/src/start.test.ts',
    ],
    'partial',
    'Applied by the engine (the tests listed check it), but no event or rejection cites 2.4.12 or a sub-rule of it yet, so the citation audit cannot hold this entry to the code',
  ),
  e(
    '2.4.c',
    'Static abilities (power, level); cost modifiers change the payment, not the printed cost (2.4.c.4, the rules’ Efficiency example)',
    [T.rules, T.scen('rule-example-efficiency-cost-7')],
    'partial',
    'Applied by the engine (the tests listed check it), but no event or rejection cites 2.4.c or a sub-rule of it yet, so the citation audit cannot hold this entry to the code',
  ),
  e(
    '2.5.b',
    'Replacement effects on damage applied one at a time in the order the damaged unit’s controller chooses (ApplyReplacement when two or more apply; a single one applies itself)',
    [
      T.scen('replacement-order-prevent-first'),
      T.scen('replacement-order-critical-first'),
      T.scen('test-card-competing-replacements'),
      T.keywords,
    ],
  ),
  e('2.6', 'Attacking: rest as cost, no own units, stealth, weapons', [
    T.scen('attack-own-unit-rejected'),
    T.scen('stealth-needs-true-sight'),
    T.scen('champion-attack-needs-weapon'),
    T.scen('rested-unit-cannot-attack'),
  ]),
  e('2.7', 'Objects, targets (Spellshroud)', [T.keywords]),
  e('2.8', 'Fast and slow, Opportunity in turn order', [
    T.scen('no-opportunity-rejected'),
    T.scen('slow-action-rejected-on-opponent-turn'),
  ]),
  e(
    'X.B.36.b',
    'Allies are activated only by the turn player in their main phase (not in recollection, with Opportunity)',
    [T.scen('slow-ally-in-recollection-rejected')],
  ),
  e('2.2.g.i.2.b', 'Units with power 0 or less cannot retaliate: none is offered, a declaration is refused', [
    T.scen('test-card-power-zero-cannot-retaliate'),
    T.scen('retaliation-power-zero-declared-rejected'),
  ]),
  e(
    '2.9',
    'Damage, attack and non-attack (retaliation damage is attack damage, 2.9.2, so a retaliator’s Critical applies), shielding prevention (ordered by the damaged controller, 2.9.a.2)',
    [
      T.scen('deflecting-edge-prevents'),
      T.scen('weapon-attack'),
      T.scen('test-card-critical-retaliation'),
      T.scen('test-card-damage-each-champion'),
      T.keywords,
    ],
  ),
  e('2.10', 'Drawing, deck-out loss', [T.scen('deck-out')]),
  e('2.11', 'Counters: buff, damage, durability, enlighten, level, preparation', [T.rules]),
  e('2.12.c', 'Concession', [T.scen('concede')]),
  e('2.12.d', 'Randomization: seeded, recorded, verifiable', [T.props]),
  e('2.12.h', 'State-based effects', [T.scen('ally-destroyed-by-damage'), T.scen('weapon-durability')]),
  e('2.12.m', 'Copies', [], 'not-implemented', 'No card in the pool copies.'),
  e(
    'X.B',
    'Game terms used by the pool (awake, rest, wake, banish, destroy, recover, obey, negate, sacrifice)',
    [
      T.rules,
      T.scen('ability-rest-cost'),
      T.scen('rested-unit-cannot-attack'),
      T.scen('pride-disobeys'),
      T.scen('stealth-gained-negates-attack'),
    ],
  ),
];

/** Scenario files (many with test cards defined in the scenario) per keyword. */
const KEYWORD_SCENARIOS: Record<string, string[]> = {
  Critical: [
    'critical',
    'critical-discard',
    'rule-example-critical-2-and-3',
    'test-card-critical-retaliation',
    'test-card-critical-retaliation-discard',
    'test-card-critical-both-sides',
    'test-card-critical-instances-add',
  ],
  Cleave: ['start-cleave-each-unit-retaliates'],
  Efficiency: ['rule-example-efficiency-cost-7'],
  Immortality: ['test-card-immortality-survives'],
  Pride: ['pride-disobeys', 'test-card-pride-highest'],
  Stealth: ['stealth-needs-true-sight', 'stealth-gained-negates-attack', 'test-card-stealth-untargetable'],
  'True Sight': ['stealth-gained-true-sight-attack-stands', 'test-card-true-sight-targets-stealth'],
  Vigor: ['vigor-wakes-at-end-phase', 'test-card-vigor-wakes', 'rule-example-three-vigor'],
};

export const COVERAGE: RulesCoverage = {
  sections: [
    // The phases and steps, read from the machine's meta (one entry per rule a state node names), unless an entry
    // below already covers that rule with its scenarios.
    ...mergeCoverage(machineRulesCoverage(grandArchiveMachine, [T.machine]), SECTIONS),
  ],
  keywords: KEYWORDS.map((k) =>
    k.status === 'implemented'
      ? e(k.rule, k.keyword, [T.keywords, ...(KEYWORD_SCENARIOS[k.keyword] ?? []).map(T.scen)])
      : e(k.rule, k.keyword, k.status === 'partial' ? [T.keywords] : [], k.status, k.note),
  ),
};

// Rules coverage (`matchtape rules-coverage --game the-spoils`): which parts of the Comprehensive Rules Reference
// the engine implements, where they are tested, and why the rest is partial or left out.
import { machineRulesCoverage, coverageEntry, mergeCoverage, type RulesCoverage } from '@matchtape/engine';
import { spoilsMachine } from './machine';
import { KEYWORDS } from './cards/keywords';

const T = {
  props: 'packages/games/the-spoils/src/properties.test.ts',
  inv: 'packages/games/the-spoils/src/invariants.test.ts',
  rules: 'packages/games/the-spoils/src/rules.test.ts',
  keywords: 'packages/games/the-spoils/src/cards/keywords.test.ts',
  machine: 'packages/games/the-spoils/src/machine.test.ts',
  fuzz: 'packages/games/the-spoils/src/fuzz.test.ts',
  module: 'packages/games/the-spoils/src/module.test.ts',
  scen: (name: string) => `packages/games/the-spoils/scenarios/${name}.json`,
};

const e = coverageEntry;

export const COVERAGE: RulesCoverage = {
  // The phases and steps the machine names a rule for (its meta.rule), unless a written entry below has that rule.
  sections: mergeCoverage(machineRulesCoverage(spoilsMachine, [T.machine]), [
    e(
      '101.1',
      'Cards take precedence over the rules (card effects are data the engine applies first)',
      [T.keywords],
      'partial',
      'Applied by the engine (the tests listed check it), but no event or rejection cites 101.1 or a sub-rule of it yet, so the citation audit cannot hold this entry to the code',
    ),
    e('102.1', 'A faction at 0 influence loses; an empty deck does not (102.1a)', [
      T.scen('influence-zero-loses'),
      T.scen('start-influence-loss-ends-game'),
      T.scen('start-empty-deck-no-loss'),
    ]),
    e('102.2', 'Everyone losing at once is a draw', [T.rules]),
    e('103.1', 'Constructed decks: one faction, 75+ cards, 4 copies except staples', [T.rules]),
    e('103.2', 'Limited decks (options.format = "limited"): 45+ cards, no copy limit', [T.rules]),
    e(
      '104',
      'Tournaments: conceding, the turn limit and two seats are tournament policy, applied as match rules and options citing 104',
      [T.scen('turn-limit-tournament-policy'), T.rules],
      'partial',
      "The document leaves tournaments to the Tournament Rules, which it does not contain: conceding (any seat, any time), the match option turnLimit (a recorded draw) and two seats are the engine's policy, cited as 104.",
    ),
    e('105', 'Errata', [], 'not-implemented', 'The pool is versioned with the engine; no card has errata.'),
    e('201', 'Parts of a card: name, cost, threshold, type line, rules text, battle stats, structure', [
      T.rules,
    ]),
    e(
      '202',
      'Factions: in play from the start, influence, Starting Resources/Draw, Restore and Develop Rules as start-of-turn triggers',
      [
        T.scen('starting-resources-face-down'),
        T.scen('restore-rule-detaches'),
        T.scen('start-of-turn-triggers-ordered'),
      ],
      'partial',
      'The document defines no faction text: both factions and their Restore/Develop Rules are samples.',
    ),
    e(
      '203',
      'Resources: only played when an effect says so, face-up only if a resource card, pay by attaching only what is unattached (203.3a)',
      [
        T.scen('only-resources-face-up'),
        T.scen('face-down-resource-volition'),
        T.scen('pay-by-attaching-resources'),
        T.scen('flip-up-attached-card-cannot-pay-itself'),
      ],
    ),
    e(
      '204',
      'Characters: enter under the player who played them; attack only if controlled since the turn began (204.3b: not one put into play at the start of the turn); die at life',
      [
        T.scen('no-attack-first-turn'),
        T.scen('test-card-start-of-turn-character-cannot-attack'),
        T.scen('lethal-damage-destroys'),
      ],
    ),
    e('205', 'Tactics: any turn, in responses; resolve then to the discard pile', [
      T.scen('responses-last-in-first-out'),
    ]),
    e('206', 'Items: into play when they resolve', [T.scen('attach-to-picks-first')]),
    e('207', 'Locations: attackable, damage counted all game, destroyed at structure', [
      T.scen('location-damage-lasts-the-game'),
    ]),
    e(
      '208',
      'Changing card types',
      [],
      'not-implemented',
      "No card in the pool changes a card's type; 507.2e (attachment host no longer a character) is checked.",
    ),
    e(
      '301',
      'Attach and detach; attachments leave play with their host',
      [T.scen('attachments-leave-with-host'), T.scen('start-attach-target-gone')],
      'partial',
      'Applied by the engine (the tests listed check it), but no event or rejection cites 301 or a sub-rule of it yet, so the citation audit cannot hold this entry to the code',
    ),
    e(
      '302',
      'Battle terms: parties, covert party, removed from battle',
      [T.scen('covert-party-blocked-only-by-covert'), T.scen('start-control-change-leaves-battle')],
      'partial',
      'Applied by the engine (the tests listed check it), but no event or rejection cites 302 or a sub-rule of it yet, so the citation audit cannot hold this entry to the code',
    ),
    e('303', 'Deplete and restore (a depleted card cannot be depleted)', [
      T.scen('start-deplete-cost'),
      T.scen('attackers-must-be-restored'),
    ]),
    e(
      '304',
      "Destroy: to the owner's discard pile",
      [T.scen('speed-order-and-survivors-depleted')],
      'partial',
      'Applied by the engine (the tests listed check it), but no event or rejection cites 304 or a sub-rule of it yet, so the citation audit cannot hold this entry to the code',
    ),
    e(
      '305',
      "Discard: from the owner's hand to their discard pile, several cards at the same time (the discard-hand effect)",
      [T.scen('test-card-discard-hand')],
      'partial',
      'No pool card discards; the effect vocabulary has "discard your / your opponent\'s hand" (cards/effects.ts) but no discard of chosen cards, which would need a choice prompt.',
    ),
    e('306', 'Draw as a group; drawing from an empty deck fails', [
      T.scen('start-empty-deck-no-loss'),
      T.scen('bidding'),
    ]),
    e('307', 'Duplicate', [], 'not-implemented', 'No card in the pool duplicates a tactic.'),
    e('308', 'Free', [], 'not-implemented', 'No card in the pool plays cards for free.'),
    e('309', 'Pay: attach unattached resources to your faction', [
      T.scen('pay-by-attaching-resources'),
      T.scen('attached-resources-cannot-pay'),
    ]),
    e('310', 'Pick: only what the pick allows; factions never unless named', [
      T.scen('not-enough-resources'),
      T.rules,
    ]),
    e(
      '311',
      'Provides: staple resources provide their icon, face-down cards Volition; provided icons meet thresholds',
      [T.scen('face-down-resource-volition'), T.scen('threshold-not-met')],
      'partial',
      'Applied by the engine (the tests listed check it), but no event or rejection cites 311 or a sub-rule of it yet, so the citation audit cannot hold this entry to the code',
    ),
    e('312', 'Search: may fail; the deck is shuffled afterwards', [T.scen('search-may-fail')]),
    e(
      '313',
      'Shuffle: seeded and recorded; only when cards are added',
      [T.props],
      'partial',
      'Applied by the engine (the tests listed check it), but no event or rejection cites 313 or a sub-rule of it yet, so the citation audit cannot hold this entry to the code',
    ),
    e(
      '314',
      "Terminate: the terminate effect stops the card or ability responded to; a card goes to its owner's discard pile",
      [T.scen('test-card-terminate')],
      'partial',
      'Terminating an effect (314.2) and duplicates (307.1) have no card; an illegal play is rejected before anything happens (every cost is checked first), so there is nothing to terminate or undo (604.1e, 606.1d).',
    ),
    e('401', 'Costs: extra costs in order; "lose" needs the thing; restrictions', [
      T.scen('start-tokens-as-cost'),
      T.scen('rapine-destroys-as-a-cost'),
    ]),
    e(
      '402',
      'Effects: do as much as you can, no fizzling, losing track of cards that moved',
      [T.scen('start-attach-target-gone'), T.scen('responses-last-in-first-out')],
      'partial',
      'Applied by the engine (the tests listed check it), but no event or rejection cites 402 or a sub-rule of it yet, so the citation audit cannot hold this entry to the code',
    ),
    e(
      '403',
      'Game areas and who sees them',
      [T.inv, T.module],
      'partial',
      'Applied by the engine (the tests listed check it), but no event or rejection cites 403 or a sub-rule of it yet, so the citation audit cannot hold this entry to the code',
    ),
    e(
      '404',
      'Rule Not Found',
      [],
      'not-implemented',
      'An empty heading in the document: it decides nothing, so nothing cites it (conceding, the turn limit and two seats are tournament policy, 104).',
    ),
    e('405', 'Threshold: icons controlled, never spent; paragraph thresholds', [
      T.scen('threshold-not-met'),
      T.rules,
    ]),
    e(
      '406',
      'Numeric cost: running total, increases then reductions, floor 0, paid last (after the extra costs, 406.3a); Flip Up',
      [
        T.scen('cost-increases-then-reductions'),
        T.scen('extra-costs-before-numeric-cost'),
        T.scen('flip-up-from-face-down'),
        T.scen('flip-up-attached-card-paid-by-another'),
      ],
    ),
    e(
      '407',
      'Control and ownership; control changes remove a character from battle (407.4) and stop an attacked location being the target (407.5)',
      [
        T.scen('control-change-cannot-attack'),
        T.scen('start-control-change-leaves-battle'),
        T.scen('test-card-location-changes-control-mid-battle'),
      ],
    ),
    e('408', 'Damage: characters per turn, locations per game, factions lose influence; reductions', [
      T.scen('start-damage-cleared-at-start-of-turn'),
      T.scen('location-damage-lasts-the-game'),
      T.scen('faction-damage-reduced-not-influence-loss'),
    ]),
    e('409', 'Tokens; Micromajig Tokens', [
      T.scen('start-tokens-as-cost'),
      T.scen('unstoppable-loop-is-a-draw'),
    ]),
    e('410', 'Numbers: whole, never below 0, increases before reductions', [
      T.scen('cost-increases-then-reductions'),
    ]),
    e(
      '411',
      'Face-down cards: Volition resources seen by their controller; flipping makes a new card',
      [T.scen('face-down-resource-volition'), T.scen('attachments-leave-with-host')],
      'partial',
      'Applied by the engine (the tests listed check it), but no event or rejection cites 411 or a sub-rule of it yet, so the citation audit cannot hold this entry to the code',
    ),
    e('412', 'Unblockability', [T.scen('cannot-be-blocked')]),
    e('413', 'Bidding', [T.scen('bidding')]),
    e(
      '414.1',
      'A loop neither player can end is a draw, also when it asks for trigger orders across commands',
      [T.scen('unstoppable-loop-is-a-draw'), T.scen('loop-through-both-players-is-a-draw')],
    ),
    e(
      '414.2-414.3',
      'Shortcutting voluntary loops',
      [],
      'not-implemented',
      'Repeating voluntary actions is a convenience for players at a table; here each action is its own command.',
    ),
    e(
      '501',
      'Italic text',
      [T.rules],
      'partial',
      'Applied by the engine (the tests listed check it), but no event or rejection cites 501 or a sub-rule of it yet, so the citation audit cannot hold this entry to the code',
    ),
    e(
      '502',
      'Abilities: threshold, costs, usable in response; resolve as written',
      [T.scen('start-deplete-cost'), T.scen('start-tokens-as-cost')],
      'partial',
      'Applied by the engine (the tests listed check it), but no event or rejection cites 502 or a sub-rule of it yet, so the citation audit cannot hold this entry to the code',
    ),
    e(
      '503',
      'Triggers: immediate, not respondable, held during costs, ordered by their controller',
      [
        T.scen('start-of-turn-triggers-ordered'),
        T.scen('start-while-playing-a-resource'),
        T.scen('test-card-trigger-while-paying-costs'),
      ],
      'partial',
      'Triggers raised while an action resolves happen right after its instructions, not between two of them.',
    ),
    e('504', 'Conditionals ("while")', [T.scen('lethal-damage-destroys')]),
    e('505', 'Requirements ("must")', [
      T.scen('attack-requirement-must-be-paid'),
      T.scen('location-damage-lasts-the-game'),
    ]),
    e(
      '506',
      'Replacements: not on extra costs, attached cards still replaced',
      [T.scen('attachments-leave-with-host'), T.scen('rapine-destroys-as-a-cost')],
      'partial',
      'No two replacements ever compete in the pool, so there is no choice prompt (506.4) and no delayed replacement (506.3).',
    ),
    e('508', 'Temporary rules text', [], 'not-implemented', 'No card in the pool grants rules text.'),
    e(
      '601',
      'Starting a game: factions, starting resources, random chooser, Starting Draw, one mulligan each',
      [
        T.scen('starting-resources-face-down'),
        T.scen('random-chooser-picks-first-player'),
        T.scen('starting-draw-after-reveal'),
        T.scen('mulligan-once-to-the-bottom'),
      ],
    ),
    e(
      '602',
      'Start of turn: damage cleared, "this turn" effects end, attackers marked, triggers ordered by the active player',
      [
        T.scen('start-damage-cleared-at-start-of-turn'),
        T.scen('start-this-turn-effect-ends'),
        T.scen('start-of-turn-triggers-ordered'),
      ],
    ),
    e('603', 'The active player acts in any order; ending the turn once', [
      T.scen('end-turn-waits-for-responses'),
      T.machine,
    ]),
    e(
      '604',
      'Playing a card: selection, threshold, being played, costs (extra costs, then the numeric cost), triggers, responses, resolution',
      [
        T.scen('pay-by-attaching-resources'),
        T.scen('not-enough-resources'),
        T.scen('extra-costs-before-numeric-cost'),
      ],
    ),
    e('605', 'Playing a resource, with "while you play a resource" triggers', [
      T.scen('start-while-playing-a-resource'),
      T.scen('face-down-resource-volition'),
    ]),
    e('606', 'Using an ability', [T.scen('start-deplete-cost')]),
    e(
      '607',
      'Responding: never to yourself, last in first out, window held by the opponent of the newest item',
      [
        T.scen('no-response-to-yourself'),
        T.scen('responses-last-in-first-out'),
        T.scen('character-not-in-response'),
      ],
    ),
    e('608', 'Attacking: announcement, attackers depleted, tactics and abilities, blockers', [
      T.scen('unblocked-attacker-hits-faction'),
      T.scen('attackers-must-be-restored'),
    ]),
    e('609', 'Resolving a battle: speed levels, assignment, simultaneous infliction, survivors depleted', [
      T.scen('speed-order-and-survivors-depleted'),
      T.scen('start-damage-division-and-speed'),
      T.scen('start-nothing-left-to-assign'),
    ]),
    e('610', 'Ending a turn: responses first, then end-of-turn triggers', [
      T.scen('end-turn-waits-for-responses'),
      T.scen('tactical-played-in-response'),
    ]),
    e('701', 'Game Flow ("Coming Soon")', [], 'not-implemented', 'The section has no rules yet.'),
  ]),
  keywords: KEYWORDS.map((k) => e(k.rule, k.keyword, [T.keywords])),
};

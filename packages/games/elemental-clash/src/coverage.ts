// Rules coverage (`matchtape rules-coverage --game elemental-clash`): which sections of the draft rules and which
// decisions (decisions.md) the engine implements, and the tests that check each.
import { machineRulesCoverage, coverageEntry, mergeCoverage, type RulesCoverage } from '@matchtape/engine';
import { elementalClashMachine } from './machine';
import { KEYWORDS } from './cards/keywords';

const PKG = 'packages/games/elemental-clash';
const T = {
  props: `${PKG}/src/properties.test.ts`,
  legal: `${PKG}/src/legal.test.ts`,
  rules: `${PKG}/src/rules.test.ts`,
  keywords: `${PKG}/src/cards/keywords.test.ts`,
  machine: `${PKG}/src/machine.test.ts`,
  fuzz: `${PKG}/src/fuzz.test.ts`,
  view: `${PKG}/src/view.test.ts`,
  decks: `${PKG}/src/cards/decks.test.ts`,
  scen: (name: string) => `packages/games/elemental-clash/scenarios/${name}.json`,
};

const e = coverageEntry;

export const COVERAGE: RulesCoverage = {
  // The phases and steps the machine names a rule for (its meta.rule), unless a written entry below has that rule.
  sections: mergeCoverage(machineRulesCoverage(elementalClashMachine, [T.machine]), [
    e(
      '1.0',
      'Damage mills the top of the spellbook into the archive; loss when forced to draw from an empty spellbook (both at once: a draw, D46)',
      [
        T.rules,
        T.scen('damage-mills-spellbook'),
        T.scen('deck-out-loses'),
        T.scen('both-forced-to-draw-from-empty-spellbooks'),
      ],
    ),
    e('2.0', 'Spellbook of exactly 40, at most 3 copies per name except basic element stones', [T.decks]),
    e(
      '2.1',
      'Sideboards',
      [],
      'not-implemented',
      'A match record holds one game; sideboard swaps happen between games, outside the engine (D36).',
    ),
    e(
      '3.0',
      'Zones (empty in the draft): spellbook, hand, archive, purgatory, element-stone zone, ATK/DEF (D1, D2)',
      [T.view, T.props],
      'partial',
      'Applied by the engine (the tests listed check it), but no event or rejection cites 3.0 or a sub-rule of it yet, so the citation audit cannot hold this entry to the code',
    ),
    e(
      '4.0',
      'Random first player, 7-card hands, mulligans drawing one fewer after the first, first player skips the first draw (and so its redraw, D18)',
      [
        T.rules,
        T.scen('first-player-skips-draw'),
        T.scen('no-redraw-without-a-draw'),
        T.scen('mulligan-shrinks'),
        T.scen('second-player-draws'),
      ],
    ),
    e(
      '4.0.S1',
      'Standby: spells on top of element-stone stacks go to the archive, Permanent spells too (D11; option permanentSpellsStay)',
      [T.scen('standby-archives-spells'), T.scen('option-permanent-spells-stay')],
    ),
    e('4.0.S2', 'Standby: creatures on stacks go to the ATK or DEF zone', [
      T.scen('standby-deploys-creatures'),
    ]),
    e('4.0.S3', 'Standby: free moves between ATK and DEF, at most 5 per zone', [
      T.scen('zone-cap-five'),
      T.rules,
    ]),
    e('4.0.D1', 'Draw phase: draw the top card', [T.scen('second-player-draws')]),
    e('4.0.D2', 'Optional full-hand redraw after the draw, which skips the main phase', [
      T.scen('redraw-skips-main'),
      T.scen('no-redraw-without-a-draw'),
      T.rules,
    ]),
    e('4.0.M1', 'One element stone per turn from hand (a Boon/Salvage stone does not count, D43)', [
      T.scen('one-stone-per-turn'),
      T.scen('boon-stone-not-counted'),
    ]),
    e('4.0.M2', 'Creatures and spells played onto element-stone stacks (cost D5, one card per stack D6)', [
      T.scen('play-needs-stack-level'),
      T.scen('play-creature-onto-stack'),
    ]),
    e(
      '4.0.M3',
      'Attacks one at a time: an ATK-zone creature or the opponent; DEF-zone creatures block direct attacks, each attack (D42)',
      [
        T.scen('attack-atk-creature'),
        T.scen('block-direct-attack'),
        T.scen('cannot-attack-def-creature'),
        T.scen('def-creature-blocks-every-attack'),
      ],
    ),
    e(
      '4.0.E1',
      '"Until end of turn" effects end (also those made later in the End phase, D41); both players\' end-of-turn triggers, ordered by the active player',
      [
        T.rules,
        T.scen('end-of-turn-order'),
        T.scen('end-of-turn-both-players'),
        T.scen('end-phase-effect-ends-with-the-turn'),
        T.scen('test-card-delayed-effect'),
      ],
    ),
    e('4.0.E2', 'Discard down to 7 at the end phase', [T.scen('discard-to-seven')]),
    e(
      '5.0',
      'The Stack (empty in the draft): no response stack; triggers in order, simultaneous ones ordered by the active player (D7)',
      [T.rules, T.keywords],
      'partial',
      "The draft's section is empty; the engine follows decision D7 (no response stack), which the code cites instead",
    ),
    e(
      '6.0',
      'Card types: element stones, creatures, spells (Flash, Abrupt, Permanent, Equip), buildings, spellcasters (D3–D12)',
      [T.keywords, T.rules],
      'partial',
      'Applied by the engine (the tests listed check it), but no event or rejection cites 6.0 or a sub-rule of it yet, so the citation audit cannot hold this entry to the code',
    ),
    e(
      '7.0',
      'All 33 keywords (table below); Echo chooses new targets for copies (D27) and copies abilities of cards in play (D45)',
      [
        T.keywords,
        T.scen('echo-new-targets'),
        T.scen('option-echo-keeps-targets'),
        T.scen('echo-on-a-creature-copies-its-ability'),
      ],
    ),
    e(
      '8.0',
      'Spellcasters (empty in the draft): played as creatures (D12)',
      [T.keywords],
      'partial',
      "The draft's section is empty; the engine follows decision D12 (Spellcasters are played as creatures), which the code cites instead",
    ),
    e('9.1', 'Modern format: banned cards refused (option format = casual allows them)', [T.decks]),
    e(
      '10.0',
      'Additional rules (empty): concession and a turn-limit draw (D22)',
      [T.scen('concede'), T.scen('concede-during-mulligan'), T.rules],
      'partial',
      "The draft's section is empty; concession and the turn-limit draw follow decision D22, which the code cites instead",
    ),
    e('D1-D47', 'Every decision of decisions.md, cited by events and rejections', [T.props, T.rules]),
  ]),
  keywords: KEYWORDS.map((k) => e(k.rule, `${k.keyword}: ${k.how}`, [T.keywords])),
};

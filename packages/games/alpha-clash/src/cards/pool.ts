// The card pool: every card the Comprehensive Rulebook v2.2 and the quick start name, with the facts they give
// (cost 2 with one green gem for Menacing Magnate, initial ATK 6 for Machina…); other stats are plausible and
// marked `sample: true`. Text the engine cannot carry out is kept in `text` and explained in `unimplemented`.
import type { ACCardDef } from './types';

type Def = Omit<ACCardDef, 'keywords' | 'sample' | 'gems' | 'colors'> & Partial<Pick<ACCardDef, 'keywords' | 'sample' | 'gems' | 'colors'>>;

function card(d: Def): ACCardDef {
  return { keywords: [], sample: true, gems: {}, colors: [], ...d };
}

const NO_TARGET = 'none' as const;

/** The card pool: every card definition (the same meaning as every game's CARDS; GameModule.cards are their faces). */
export const CARDS: readonly ACCardDef[] = [
  // Contenders (301). Health, ATK and DEF are not printed in the documents: sample values.
  card({ id: 'AC1-096', printed: 'AC1-096', name: 'Torque, the Diabolical', type: 'Contender', colors: ['R'], cost: 0, atk: 2, def: 2, health: 35, character: 'Torque', affiliation: 'Alpha',
    activated: { engage: false, health: 2, cost: 0, gems: {}, oncePerTurn: true, threshold: 30, target: 'anyClash', effects: [{ do: 'damage', amount: 1 }] },
    static: { alliesAtk: 1, threshold: 10 },
    text: '(30) Once per turn, during your Primary Phase, pay 2 health: deal 1 damage to target Clash card. (10) Your Clash cards get +1/+0.' }),
  card({ id: 'AC1-047', printed: 'AC1-047', name: 'Clarity, Ageless Defender', type: 'Contender', colors: ['G'], cost: 0, atk: 1, def: 3, health: 35, character: 'Clarity', affiliation: 'Alpha',
    activated: { engage: true, health: 0, cost: 0, gems: {}, oncePerTurn: true, threshold: 30, target: NO_TARGET, effects: [{ do: 'gainHealth', amount: 1 }] },
    static: { alliesDef: 1, threshold: 10 },
    text: '(30) Once per turn, during your Primary Phase, engage Clarity: gain 1 health. (10) Your Clash cards get +0/+1.',
    unimplemented: 'The printed draw-step trigger and look/reveal ability are replaced by sample abilities.' }),
  card({ id: 'AC2-074', printed: 'AC2-074', name: 'Haven, Biding Time', type: 'Contender', colors: ['W'], cost: 0, atk: 1, def: 2, health: 35, character: 'Haven', affiliation: 'Alpha',
    startOfGameSearch: 'Relic',
    text: 'At the start of the game, you may search your deck for a Relic and put it into play. Then shuffle your deck.',
    unimplemented: 'Its Contender abilities are not given by the documents; only the start-of-game search is implemented (the CR makes it happen before opening hands, the engine after mulligans as 103.6 says for other cards).' }),

  // Red Clash cards.
  card({ id: 'AC1-108', printed: 'AC1-108', name: 'Machina, Unstoppable Force', type: 'Clash', colors: ['R'], cost: 5, gems: { R: 2 }, atk: 6, def: 5, character: 'Machina', affiliation: 'Alpha', keywords: [{ k: 'Barrage', x: 2 }],
    text: 'Barrage 2. (Initial ATK 6 is given by 601.1d.)' }),
  card({ id: 'AC1-109', printed: 'AC1-109', name: 'Torque, the Uncontrollable', type: 'Clash', colors: ['R'], cost: 4, gems: { R: 1 }, atk: 4, def: 3, character: 'Torque', affiliation: 'Alpha', keywords: [{ k: 'Breakthrough' }],
    static: { preventNonClash: true }, text: 'Breakthrough. Prevent all non-clash damage that would be dealt to this card.' }),
  card({ id: 'AC1-099', printed: 'AC1-099', name: 'Flare', type: 'Clash', colors: ['R'], cost: 2, gems: { R: 1 }, atk: 2, def: 2, character: 'Flare', affiliation: 'Alpha',
    activated: { engage: true, health: 0, cost: 0, gems: {}, oncePerTurn: true, target: 'anyClashOrContender', effects: [{ do: 'damage', amount: 1 }] },
    text: 'Once per turn, during your Primary Phase, you may engage this card. If you do, deal one damage to target Clash card or Contender.' }),
  card({ id: 'AC1-071', printed: 'AC1-071', name: 'Mean-Streak, Ready to Brawl', type: 'Clash', colors: ['R'], cost: 3, gems: { R: 1 }, atk: 3, def: 2, character: 'Mean-Streak', affiliation: 'Alpha', keywords: [{ k: 'Superspeed' }], text: 'Superspeed.' }),
  card({ id: 'AC1-079', printed: 'AC1-079', name: 'Mean-Streak, Unique Speedster', type: 'Clash', colors: ['R'], cost: 2, gems: { R: 1 }, atk: 2, def: 1, character: 'Mean-Streak', affiliation: 'Alpha', keywords: [{ k: 'Superspeed' }], text: 'Superspeed.' }),
  card({ id: 'AC1-082', printed: 'AC1-082', name: 'Mean-Streak, Blink of an Eye', type: 'Clash', colors: ['R'], cost: 4, gems: { R: 2 }, atk: 4, def: 2, character: 'Mean-Streak', affiliation: 'Alpha', keywords: [{ k: 'Superspeed' }, { k: 'Breakthrough' }],
    altCostSend: ['Mean-Streak', 'T-Bone'],
    text: 'Superspeed, Breakthrough. You may play this card for 0 by sending a [Mean-Streak] and a [T-Bone] you control to Oblivion.' }),
  card({ id: 'AC1-080', printed: 'AC1-080', name: 'Mean-Streak, Intercepting', type: 'Clash', colors: ['R'], cost: 3, gems: { R: 1 }, atk: 2, def: 3, character: 'Mean-Streak', affiliation: 'Alpha', keywords: [{ k: 'Interception' }],
    text: 'Interception. (Declared draw effect not implemented.)', unimplemented: 'Declaration effect (602.6) not implemented.' }),
  card({ id: 'AC1-076', printed: 'AC1-076', name: 'T-Bone, the Vindictive', type: 'Clash', colors: ['R'], cost: 3, gems: { R: 1 }, atk: 3, def: 3, character: 'T-Bone', affiliation: 'Rogue',
    activated: { engage: false, health: 0, cost: 0, gems: {}, oncePerTurn: false, window: 'Counter–Play', sendSelf: true, targetType: 'Clashground', target: 'standbyCard', effects: [{ do: 'returnToHand' }] },
    text: 'Counter – Play: You may only activate this effect when an opponent plays a Clashground. You may send this card to Oblivion. If you do, return the Clashground being played to its owner\'s hand. It does not enter play.' }),
  card({ id: 'AC2-098', printed: 'AC2-098', name: 'War, Legion Commander', type: 'Clash', colors: ['R'], cost: 5, gems: { R: 1 }, atk: 5, def: 4, character: 'War', affiliation: 'Harbinger', keywords: [{ k: 'Awe Factor', x: 1 }],
    text: 'Awe Factor 1. (Second-attack ability not implemented.)', unimplemented: 'Its second-attack ability is not implemented.' }),
  card({ id: 'AC1-111', printed: 'AC1-111', name: 'War, the Provocateur', type: 'Clash', colors: ['R'], cost: 4, gems: { R: 1 }, atk: 4, def: 3, character: 'War', affiliation: 'Harbinger',
    triggers: [{ on: 'Enter', target: NO_TARGET, effects: [{ do: 'activatePortal' }] }], text: 'Trigger – Enter: Activate the Portal.' }),
  card({ id: 'AC1-006', printed: 'AC1-006', name: 'Moxie, Alpha Hunting Specialist', type: 'Clash', colors: ['W'], cost: 3, gems: { W: 1 }, atk: 3, def: 3, character: 'Moxie', affiliation: 'Alpha Hunter', keywords: [{ k: 'Observant' }],
    triggers: [{ on: 'Enter', target: NO_TARGET, effects: [{ do: 'gainHealth', amount: 2 }] }],
    text: 'Observant. Trigger – Enter: your Contender gains 2 health.', unimplemented: 'Printed reveal-top-3 effect replaced by a sample effect.' }),
  card({ id: 'AC1-008', printed: 'AC1-008', name: 'Colonel Edwards', type: 'Clash', colors: ['W'], cost: 3, gems: { W: 1 }, atk: 3, def: 2, character: 'Edwards', affiliation: 'Alpha Hunter', keywords: [{ k: 'Close Combat' }],
    triggers: [{ on: 'Enter', target: NO_TARGET, effects: [{ do: 'draw', amount: 1 }] }], text: 'Close Combat. Trigger – Enter: draw one card.' }),
  card({ id: 'AC1-011', printed: 'AC1-011', name: 'Moxie, Fully Loaded', type: 'Clash', colors: ['W'], cost: 4, gems: { W: 1 }, atk: 3, def: 4, character: 'Moxie', affiliation: 'Alpha Hunter', keywords: [{ k: 'Safeguard' }],
    freeOneGemTraps: true, text: 'Safeguard. Your one-gem Traps cost 0.' }),
  card({ id: 'AC1-010', printed: 'AC1-010', name: 'Moxie, Primed to Clash', type: 'Clash', colors: ['W'], cost: 6, gems: { W: 1 }, atk: 5, def: 5, character: 'Moxie', affiliation: 'Alpha Hunter',
    costMod: { free: 'weaponCount', count: 5 }, text: 'This card costs 0 if you control five or more Weapons.' }),
  card({ id: 'AC1-054', printed: 'AC1-054', name: 'Cao Ling', type: 'Clash', colors: ['U'], cost: 2, gems: { U: 1 }, atk: 1, def: 3, character: 'Cao Ling', affiliation: 'Alpha', keywords: [{ k: 'Interception' }],
    triggers: [{ on: 'Enter', target: NO_TARGET, effects: [{ do: 'revealTop', amount: 1 }] }],
    text: 'Interception. Trigger – Enter: reveal the top card of your deck. (Sample text: the documents only say it looks/reveals.)' }),
  card({ id: 'AC1-084', printed: 'AC1-084', name: 'Apex, Vortex Slinger', type: 'Clash', colors: ['U'], cost: 3, gems: { U: 1 }, atk: 3, def: 2, character: 'Apex', affiliation: 'Alpha', keywords: [{ k: 'Flight' }],
    text: 'Flight. (Its Counter – Attack effect is not implemented.)', unimplemented: 'Counter–Attack activated effect not implemented.' }),
  card({ id: 'AC1-059', printed: 'AC1-059', name: 'Warcry, Sign of Hope', type: 'Clash', colors: ['W'], cost: 3, gems: { W: 1 }, atk: 3, def: 3, character: 'Warcry', affiliation: 'Alpha', keywords: [{ k: 'Breakthrough' }], text: 'Breakthrough.' }),
  card({ id: 'SAMPLE-SHADOWLIGHT', name: 'Shadowlight', type: 'Clash', colors: ['B'], cost: 3, gems: { B: 1 }, atk: 3, def: 2, character: 'Shadowlight', affiliation: 'Rogue', keywords: [{ k: 'Flight' }],
    text: 'Flight. (Alpha) Clash cards can\'t obstruct this card.', unimplemented: 'Affiliation-based obstruct restriction approximated by Flight.' }),
  card({ id: 'SAMPLE-KHAGAN', name: 'Khagan, the Dragon', type: 'Clash', colors: ['R'], cost: 5, gems: { R: 1 }, atk: 5, def: 5, character: 'Khagan', affiliation: 'Progenitor', keywords: [{ k: 'Flight' }],
    triggers: [{ on: 'Enter', target: NO_TARGET, effects: [{ do: 'damageEachClash', amount: 1, whose: 'opponents' }] }],
    text: 'Flight. Trigger – Enter: deal 1 damage to each Clash card you don\'t control.' }),
  card({ id: 'SAMPLE-SONORO', name: 'Sonoro, the Fierce Fighter', type: 'Clash', colors: ['R'], cost: 4, gems: { R: 1 }, atk: 4, def: 4, character: 'Sonoro', affiliation: 'Alpha', keywords: [{ k: 'Enrage', x: 1 }],
    text: 'Enrage 1.', unimplemented: 'Printed send-and-return effect replaced by Enrage 1.' }),
  card({ id: 'AC1-122', printed: 'AC1-122', name: 'Alpha Aster, Giver of All', type: 'Clash', colors: ['W'], cost: 7, gems: { W: 2 }, atk: 6, def: 6, character: 'Alpha Aster', affiliation: 'Progenitor', keywords: [{ k: 'Unrivaled' }, { k: 'Irrefutable' }],
    text: 'Unrivaled, Irrefutable. When you play this card, send all other Clash cards to Oblivion; each player searches for an (Alpha) Clash card.', unimplemented: 'Mass send and searches not implemented.' }),

  // Green / black Clash cards.
  card({ id: 'AC1-031', printed: 'AC1-031', name: 'Menacing Magnate', type: 'Clash', colors: ['G'], cost: 2, gems: { G: 1 }, atk: 2, def: 2, character: 'Magnate', affiliation: 'Alpha', keywords: [{ k: 'Breakthrough' }],
    text: 'Breakthrough. (Cost 2 with one green gem, 202.2.)' }),
  card({ id: 'AC1-028', printed: 'AC1-028', name: 'Magnate, Cunning Planner', type: 'Clash', colors: ['G'], cost: 3, gems: { G: 1 }, atk: 2, def: 4, character: 'Magnate', affiliation: 'Alpha',
    triggers: [{ on: 'Defeat', target: NO_TARGET, effects: [{ do: 'draw', amount: 1 }] }], text: 'Trigger – Defeat: draw one card.' }),
  card({ id: 'AC1-034', printed: 'AC1-034', name: 'Magnate, Unwavering Might', type: 'Clash', colors: ['G'], cost: 5, gems: { G: 2 }, atk: 5, def: 5, character: 'Magnate', affiliation: 'Alpha',
    costMod: { free: 'characterCount', character: 'Magnate', count: 4 }, text: 'This card costs 0 if you control four or more [Magnate] cards.' }),
  card({ id: 'AC1-P01', printed: 'P01', name: 'Magnate, the Tyrant', type: 'Clash', colors: ['G'], cost: 5, gems: { G: 1 }, atk: 4, def: 4, character: 'Magnate', affiliation: 'Alpha', keywords: [{ k: 'Exclusive' }],
    static: { alliesAtk: 1 }, text: 'Exclusive. Your other Clash cards in play get +1/+0.' }),
  card({ id: 'AC1-037', printed: 'AC1-037', name: 'Magnate, the Undisputed', type: 'Clash', colors: ['G'], cost: 6, gems: { G: 2 }, atk: 5, def: 5, character: 'Magnate', affiliation: 'Alpha', keywords: [{ k: 'Undisputed' }, { k: 'Breakthrough' }, { k: 'Unrivaled' }],
    text: 'Undisputed, Breakthrough, Unrivaled.' }),
  card({ id: 'AC1-023', printed: 'AC1-023', name: 'Rizlac, the Depraved', type: 'Clash', colors: ['B'], cost: 4, gems: { B: 2 }, atk: 4, def: 3, character: 'Rizlac', affiliation: 'Discarded', keywords: [{ k: 'Necrotic' }],
    costMod: { reduceGems: { B: 2 }, ifDefeatedThisTurn: { affiliations: ['Alpha', 'Discarded'], count: 3 } },
    text: 'Necrotic. This card costs ◆◆ less if three or more (Alpha)/(Discarded) Clash cards were defeated this turn (4 with ◆◆ becomes 2 of any colour, 115.6).' }),
  card({ id: 'SAMPLE-KILIMANJARO', name: 'Kilimanjaro, Raging Giant', type: 'Clash', colors: ['G'], cost: 4, gems: { G: 1 }, atk: 3, def: 5, character: 'Kilimanjaro', affiliation: 'Alpha', keywords: [{ k: 'Enrage', x: 1 }], text: 'Enrage 1.' }),
  card({ id: 'SAMPLE-MORAC', name: 'Morac, Grove Warden', type: 'Clash', colors: ['G'], cost: 2, gems: { G: 1 }, atk: 1, def: 3, character: 'Morac', affiliation: 'Alpha', keywords: [{ k: 'Interception' }],
    triggers: [{ on: 'Obstruct', target: NO_TARGET, effects: [{ do: 'gainHealth', amount: 1 }] }], text: 'Interception. Trigger – Obstruct: your Contender gains 1 health.' }),
  card({ id: 'SAMPLE-LINN', name: 'LINN, Victor', type: 'Clash', colors: ['G'], cost: 3, gems: { G: 1 }, atk: 3, def: 2, character: 'LINN', affiliation: 'Alpha',
    triggers: [{ on: 'Victory', target: NO_TARGET, effects: [{ do: 'draw', amount: 1 }] }], text: 'Trigger – Victory: draw one card.' }),
  card({ id: 'SAMPLE-PLASMAX', name: 'Plasmax, Sky Striker', type: 'Clash', colors: ['G'], cost: 3, gems: { G: 1 }, atk: 3, def: 2, character: 'Plasmax', affiliation: 'Alpha', keywords: [{ k: 'Flight' }], text: 'Flight.' }),
  card({ id: 'SAMPLE-AVENGING-GUY', name: 'Avenging Guy', type: 'Clash', colors: ['G'], cost: 4, gems: { G: 1 }, atk: 3, def: 3, character: 'Avenging Guy', affiliation: 'Alpha', keywords: [{ k: 'Awe Factor', x: 1 }],
    triggers: [{ on: 'Attack', target: NO_TARGET, effects: [{ do: 'gainHealth', amount: 1 }] }], text: 'Awe Factor 1. Trigger – Attack: your Contender gains 1 health.' }),

  // Clashgrounds (302).
  card({ id: 'AC1-097', printed: 'AC1-097', name: 'Antarctica', type: 'Clashground', colors: ['U'], cost: 2, gems: { U: 1 },
    triggers: [{ on: 'StartOfTurn', target: NO_TARGET, effects: [{ do: 'damageEachClash', amount: 1, whose: 'all', affiliation: 'Alpha' }] }],
    text: 'At the start of each turn, deal 1 damage to each (Alpha) Clash card.' }),
  card({ id: 'AC1-002', printed: 'AC1-002', name: 'United Nations Headquarters', type: 'Clashground', colors: ['W'], cost: 2, gems: { W: 1 }, static: { freeOneGemAttach: true },
    text: 'One-gem Weapon attach costs are 0.' }),
  card({ id: 'AC1-025', printed: 'AC1-025', name: 'Amazon Rainforest', type: 'Clashground', colors: ['G'], cost: 2, gems: { G: 1 }, static: { drawStepExtra: true },
    text: 'In each Draw Step, the active player draws one more card, then discards one card.' }),
  card({ id: 'SAMPLE-SINISTER-SF', name: 'Sinister San Francisco', type: 'Clashground', colors: ['B'], cost: 3, gems: { B: 1 },
    text: 'Your Clash cards that survive non-clash damage get +2/+2.', unimplemented: 'Not implemented.' }),
  card({ id: 'AC1-048', printed: 'AC1-048', name: 'Detroit', type: 'Clashground', colors: ['W'], cost: 3, gems: { W: 1 },
    text: 'When played, each player may reveal the top 3 cards and take a non-Clash card of cost 3 or less.', unimplemented: 'Not implemented.' }),
  card({ id: 'AC1-072', printed: 'AC1-072', name: 'Garfield Park Lagoon', type: 'Clashground', colors: ['R'], cost: 2, gems: { R: 1 },
    triggers: [{ on: 'Enter', target: NO_TARGET, effects: [{ do: 'eachDrawThenDiscard', amount: 1 }] }],
    text: 'Trigger – Enter: each player in turn order draws one card, then discards one card. (Colour not given by the documents: sample red.)' }),

  // Weapons (305) and Relics (309).
  card({ id: 'SAMPLE-MOXIES-SIDEARM', name: "Moxie's Sidearm", type: 'Weapon', colors: ['R'], cost: 1, gems: { R: 1 }, attach: { cost: 1, gems: { R: 1 }, atk: 2, def: 0 }, text: 'Attach ◆(R): the attached Clash card gets +2/+0.' }),
  card({ id: 'AC2-092', printed: 'AC2-092', name: 'Mystery Item', type: 'Weapon', colors: ['G'], cost: 2, gems: { G: 1 }, attach: { cost: 1, gems: { G: 1 }, atk: 1, def: 2 },
    text: 'Attach ◆(G): the attached Clash card gets +1/+2.', unimplemented: 'Choose-on-attach modes replaced by a fixed bonus.' }),
  card({ id: 'AC1-016', printed: 'AC1-016', name: "Webber's Binoculars", type: 'Relic', colors: ['G'], cost: 2, gems: { G: 1 },
    activated: { engage: true, health: 1, cost: 0, gems: {}, oncePerTurn: true, target: NO_TARGET, effects: [{ do: 'lookTop', amount: 2 }] },
    text: 'Once per turn, during your Primary Phase, engage this card and pay 1 health: look at the top two cards of your deck. (Sample cost and count.)' }),
  card({ id: 'SAMPLE-RELIC-TORQUE', name: "Torque's Ember", type: 'Relic', colors: ['R'], cost: 2, gems: { R: 1 },
    activated: { engage: true, health: 0, cost: 1, gems: { R: 1 }, oncePerTurn: true, target: 'anyContender', effects: [{ do: 'damage', amount: 1 }] },
    text: 'Once per turn, during your Primary Phase, ◆(R), engage this card: deal 1 damage to target Contender.' }),

  // Actions (306–308) and Traps (304).
  card({ id: 'AC1-119', printed: 'AC1-119', name: 'HERE COMES THE BOOM!', type: 'Basic Action', colors: ['R'], cost: 5, gems: { R: 2 }, play: { target: NO_TARGET, effects: [{ do: 'damageEachClash', amount: 5, whose: 'all' }] }, text: 'Deal 5 damage to each Clash card.' }),
  card({ id: 'SAMPLE-SOLAR-SMASH', name: 'Solar Smash', type: 'Basic Action', colors: ['R'], cost: 3, gems: { R: 1 }, play: { target: 'anyContender', effects: [{ do: 'damage', amount: 3 }] }, text: 'Deal 3 damage to target Contender.' }),
  card({ id: 'AC1-112', printed: 'AC1-112', name: 'Metal Barrage', type: 'Basic Action', colors: ['R'], cost: 2, gems: { R: 1 }, play: { target: 'anyClash', effects: [{ do: 'damage', amount: 2 }] },
    text: 'Deal 2 damage to target Clash card.', unimplemented: 'Delayed 2 damage to a Contender when it defeats not implemented.' }),
  card({ id: 'AC1-116', printed: 'AC1-116', name: 'Affliction', type: 'Basic Action', colors: ['B'], cost: 1, gems: { B: 1 }, play: { target: 'anyClash', effects: [{ do: 'modify', atk: 1, def: 1, until: 'turn' }, { do: 'damage', amount: 1 }] },
    text: 'Target Clash card gets +1/+1 until end of turn, then deal 1 damage to it.' }),
  card({ id: 'AC1-015', printed: 'AC1-015', name: 'Abysmal Doom', type: 'Basic Action', colors: ['B'], cost: 0, xCost: true, gems: { B: 1 }, play: { target: 'anyClash', effects: [{ do: 'xDamage' }] },
    text: 'X◆(B): deal X damage to target Clash card. (X ≥ the gems, 107.3.)' }),
  card({ id: 'SAMPLE-CONQUEST', name: 'Conquest', printed: 'AC2-056', type: 'Basic Action', colors: ['W'], cost: 1, gems: { W: 1 }, play: { target: NO_TARGET, effects: [{ do: 'activatePortal' }, { do: 'draw', amount: 1 }] }, text: 'Activate the Portal. Draw one card.' }),
  card({ id: 'AC1-117', printed: 'AC1-117', name: 'Piercing Strike', type: 'Clash Buff', colors: ['R'], cost: 1, gems: { R: 1 }, play: { target: 'ownClashOrContender', effects: [{ do: 'modify', atk: 2, def: 0, until: 'clash' }] }, text: 'Target Clash card or Contender you control gets +2/+0 until end of this clash.' }),
  card({ id: 'AC1-120', printed: 'AC1-120', name: 'Energy Explosion', type: 'Clash Buff', colors: ['R'], cost: 2, gems: { R: 1 }, play: { target: 'ownClashOrContender', effects: [{ do: 'modify', atk: 2, def: 2, until: 'turn' }, { do: 'draw', amount: 1 }] },
    text: 'You may only play this card if your Contender is red (Alpha). Target Contender or Clash card you control gets +2/+2 until end of turn, then you may draw one card.', unimplemented: 'The Contender-colour condition and the "may" on the draw are not modelled (always draws).' }),
  card({ id: 'AC1-021', printed: 'AC1-021', name: 'Incoming Support', type: 'Clash Buff', colors: ['G'], cost: 2, gems: { G: 1 }, play: { target: 'ownClashOrContender', effects: [{ do: 'modify', atk: 2, def: 2, until: 'turn' }, { do: 'draw', amount: 1 }] },
    text: 'You may only play this card if your Contender is a black (Alpha Hunter). Target Contender or Clash card you control gets +2/+2 until end of turn, then you may draw one card.', unimplemented: 'The Contender condition and the "may" on the draw are not modelled.' }),
  card({ id: 'SAMPLE-STREAKS-ASSEMBLE', name: 'Streaks, Assemble!', type: 'Clash Buff', colors: ['G'], cost: 1, gems: { G: 1 }, play: { target: 'ownClashOrContender', effects: [{ do: 'modify', atk: 1, def: 1, until: 'clash' }] },
    text: 'Target Clash card or Contender you control gets +1/+1 until end of this clash.', unimplemented: 'Streak Counters replaced by a clash-long bonus.' }),
  card({ id: 'SAMPLE-BETTER-LUCK', name: 'Better Luck Next Time!', type: 'Trap', tag: 'Counter–Attack', colors: ['R'], cost: 1, gems: { R: 1 }, play: { target: NO_TARGET, effects: [{ do: 'modifyAttacker', atk: -3, def: -3, until: 'turn' }] },
    text: 'Counter – Attack: the attacking Clash card gets -3/-3 until end of turn.' }),
  card({ id: 'AC1-044', printed: 'AC1-044', name: 'Gotcha!', type: 'Trap', tag: 'Counter–Trap', colors: ['G'], cost: 1, gems: { G: 1 }, play: { target: 'standbyTrap', effects: [{ do: 'negate' }] }, text: 'Counter – Trap: negate target Trap. Put it into its owner\'s Oblivion.' }),
  card({ id: 'AC1-069', printed: 'AC1-069', name: 'Earthly Barricade', type: 'Quick Action', tag: 'Counter–Attack', colors: ['G'], cost: 1, gems: { G: 1 }, play: { target: 'ownClash', effects: [{ do: 'preventClash', amount: 2 }, { do: 'gainHealth', amount: 2 }] },
    text: 'Choose target Clash card you control. Prevent the next two clash damage that would be dealt to it this turn, then your Contender gains two health.' }),
  card({ id: 'SAMPLE-SURPRISE', name: 'Surprise!', type: 'Quick Action', tag: 'Counter–Attack', colors: ['G'], cost: 3, gems: { G: 1 }, play: { target: NO_TARGET, effects: [{ do: 'attackerToOblivionAfterClash' }] },
    text: 'Counter – Attack: send the attacking Clash card to Oblivion after this clash.' }),
  card({ id: 'SAMPLE-SAW-YOU-COMING', name: 'Saw You Coming', type: 'Quick Action', tag: 'Counter–Play', colors: ['G'], cost: 1, gems: { G: 1 }, play: { target: 'standbyCard', effects: [{ do: 'noEnterTrigger' }] },
    text: 'Counter – Play: negate the Trigger – Enter effect of target Clash card being played (703.4a.1).' }),
  card({ id: 'AC1-110', printed: 'AC1-110', name: 'Energy Blast', type: 'Quick Action', tag: 'Counter–Play', colors: ['R'], cost: 1, gems: { R: 1 }, play: { target: 'standbyCard', effects: [{ do: 'entersWith', damage: 2 }] },
    text: 'Counter – Play: target Clash card being played enters play with 2 damage.' }),
  card({ id: 'SAMPLE-SPIRITUAL-DEFENSE', name: 'Spiritual Defense', type: 'Quick Action', tag: 'Counter–Play', colors: ['G'], cost: 1, gems: { G: 1 }, play: { target: 'standbyCard', effects: [{ do: 'entersWith', atk: -1, def: -1 }] },
    text: 'Counter – Play: target Clash card being played enters play with -1/-1 until end of turn.' }),
  card({ id: 'SAMPLE-TBONES-SHOCKWAVE', name: "T-Bone's Shockwave", type: 'Trap', tag: 'Counter–Play', colors: ['R'], cost: 1, gems: { R: 1 }, play: { target: 'standbyCard', effects: [{ do: 'entersWith', engaged: true }] },
    text: 'Counter – Play: target Clash card being played enters play engaged.' }),
  card({ id: 'SAMPLE-SHARPSHOOTER-MOXIE', name: 'Sharpshooter Moxie', type: 'Trap', tag: 'Counter–Play', colors: ['G'], cost: 2, gems: { G: 1 }, play: { target: 'standbyCard', effects: [{ do: 'negate' }] },
    text: 'Counter – Play: send the card being played from Standby to Oblivion.' }),
];

export const CARD_BY_ID: ReadonlyMap<string, ACCardDef> = new Map(CARDS.map((c) => [c.id, c]));

export function cardDef(id: string): ACCardDef {
  const d = CARD_BY_ID.get(id);
  if (!d) throw new Error(`unknown Alpha Clash card id ${id}`);
  return d;
}

// Citation audit data for Elemental Clash (describeRulesAudit in rules-audit.test.ts). Ids are the draft's sections
// ("4.0"), its phase bullets ("4.0.D2": Draw-Phase, 2nd bullet), keywords ("7.0.Ranged Attack") and the project's
// decisions ("D13", decisions.md). For each rule a rejection cites, words its text must contain — the thing
// refused — so a citation naming a neighbour, or a decision where the draft's own words decide, fails.
import type { RulesAuditData } from '@matchtape/engine/testing';

export const AUDIT: RulesAuditData = {
  keywords: {
    '1.0': ['your opponents spellbook'],
    '2.0': ['exactly 40 cards', 'more than 3 copies'],
    '9.1': ['Spellbooks must contain only cards printed in'],
    '4.0.D2': ['put your entire hand under your spellbook'],
    '4.0.E2': ['discard cards from your hand until you have only 7'],
    '4.0.M1': ['one element-stone card from your hand'],
    '4.0.M2': ['creatures and spells to your element-stone-stacks'],
    '4.0.M3': [
      'attack with any number of creatures in your ATK zone',
      'block the attacking creature with any number of creatures in their DEF zone',
    ],
    '4.0.S2': ['Put any creatures on top of your element-stone-stacks into either your ATK or DEF zone'],
    '4.0.S3': [
      'move any number of creatures you control between your ATK and DEF zones',
      'maximum of 5 creatures',
    ],
    '7.0.Aerial': ["can't be blocked except by other creatures with Aerial"],
    '7.0.Construct': ['search your spellbook'],
    '7.0.Discharge': ['if this creature is in your ATK or DEF zone', 'could be used to cast it'],
    '7.0.Echo': ['You may choose new targets for the copies'],
    '7.0.Familiar Spirit': ['attach it to a creature of type [Criteria]', 'master'],
    '7.0.Future Sight': ['put them back in any order'],
    '7.0.Harvest': ['put [X] cards from your archive into your pergatory'],
    '7.0.Immunity': ['cannot be the target of spells or abilities that match [Criteria]'],
    '7.0.Mutate': ['level [X] or lower Mutant creature card from your hand or archive'],
    '7.0.Ranged Attack': [
      'Instead of attacking this turn',
      'if this creature is in your ATK or DEF zone',
      'target player or target creature in play',
      'only deal damage this way once per turn',
    ],
    '7.0.Reinforce': ['creature cards from your hand with the same name as this card'],
    '7.0.Resident': ['you may keep it on that element stone stack'],
    '7.0.Respawn': [
      'if this creature card is in your archive',
      'discard a creature card that shares a type with this card',
    ],
    '7.0.Stealthy': [
      'cannot be the target of spells or abilities your opponents control',
      'cannot be attacked',
    ],
    '7.0.Tribute': ['sacrifice [X] cards you control that match [Criteria]'],
    '7.0.Unique': [
      'only have one copy of this card',
      'another copy of this card already in play, you cannot play this card',
    ],
    D4: ['starts a new stack or is added to one of your existing stacks'],
    D5: ['has at least *level* stones'],
    D6: ["the stack can't take another card"],
    D7: ['the active player chooses the order'],
    D9: ['Flash', 'defender window'],
    D13: ['each creature attacks at most once per turn'],
    D17: ['minimumHand'],
    D18: ['never offered with an empty hand'],
    D48: [
      'exactly one target of that kind',
      'names no target is played with none',
      'not of that kind is refused',
    ],
    D29: ['needing a legal target', 'only if it has room'],
  },
  notRules: ['scenario', 'command'],
};

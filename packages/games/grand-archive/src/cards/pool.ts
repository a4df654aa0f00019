// The card pool. Every card the Comprehensive Rules name (namedIn) is here; the CR gives no stats, so stats are
// plausible ones and every card is `sample: true`. Where a printed text needs choices the engine does not model,
// `text` says what this engine does (the digest's [EXT] wording is the model). Filler cards make 60-card decks.
import type { Ability, GACardDef, KeywordInstance } from './types';

const drawSeven: Ability = { kind: 'trigger', on: 'enter', effects: [{ do: 'draw', n: 7 }], text: 'On Enter: Draw seven cards.' };

function def(d: Omit<GACardDef, 'supertypes' | 'subtypes' | 'keywords' | 'abilities' | 'sample'> & Partial<Pick<GACardDef, 'supertypes' | 'subtypes' | 'keywords' | 'abilities'>>): GACardDef {
  return { supertypes: [], subtypes: [], keywords: [], abilities: [], sample: true, ...d };
}
const kw = (keyword: KeywordInstance['keyword'], extra: Omit<KeywordInstance, 'keyword'> = {}): KeywordInstance => ({ keyword, ...extra });

/** The card pool: every card definition (the same meaning as every game's CARDS). */
export const CARDS: readonly GACardDef[] = [
  // ── Champions (material deck) ────────────────────────────────────────────────────────────────────────
  def({ id: 'spirit-of-fire', name: 'Spirit of Fire', type: 'champion', subtypes: ['Spirit'], element: 'fire', cost: { kind: 'memory', n: 0 }, level: 0, life: 15, keywords: [kw('On Enter')], abilities: [drawSeven], text: 'On Enter: Draw seven cards.', namedIn: '1.7.a.4.b' }),
  def({ id: 'spirit-of-water', name: 'Spirit of Water', type: 'champion', subtypes: ['Spirit'], element: 'water', cost: { kind: 'memory', n: 0 }, level: 0, life: 15, keywords: [kw('On Enter')], abilities: [drawSeven], text: 'On Enter: Draw seven cards.', namedIn: '1.6.d.4' }),
  def({ id: 'spirit-of-wind', name: 'Spirit of Wind', type: 'champion', subtypes: ['Spirit'], element: 'wind', cost: { kind: 'memory', n: 0 }, level: 0, life: 15, keywords: [kw('On Enter')], abilities: [drawSeven], text: 'On Enter: Draw seven cards.' }),
  def({
    id: 'lorraine-wandering-warrior', name: 'Lorraine, Wandering Warrior', type: 'champion', subtypes: ['Warrior'], element: 'norm', cost: { kind: 'memory', n: 1 }, level: 1, life: 20, lineageName: 'Lorraine',
    keywords: [kw('On Enter')],
    abilities: [{ kind: 'trigger', on: 'enter', effects: [{ do: 'materialize-weapon', maxCost: 0 }], text: 'On Enter: Materialize a weapon card with memory cost 0 from your material deck.' }],
    text: 'On Enter: Materialize a weapon card with memory cost 0 from your material deck.', namedIn: '2.4.b.2.b',
  }),
  def({
    id: 'rai-storm-seer', name: 'Rai, Storm Seer', type: 'champion', subtypes: ['Mage'], element: 'arcane', cost: { kind: 'memory', n: 1 }, level: 1, life: 19, lineageName: 'Rai',
    keywords: [kw('Inherited Effect')],
    abilities: [{ kind: 'trigger', on: 'end-phase', inherited: true, effects: [{ do: 'counters', kind: 'enlighten', n: 1, on: 'your-champion' }], text: 'Inherited Effect — At the beginning of your end phase, put an enlighten counter on your champion.' }],
    text: 'A Rai lineage champion (the CR names the Rai lineage, 1.6.a.2.a). Inherited Effect — at the beginning of your end phase, an enlighten counter on your champion.', namedIn: '1.6.a.2.a',
  }),
  def({
    id: 'lorraine-blademaster', name: 'Lorraine, Blademaster', type: 'champion', subtypes: ['Warrior'], element: 'norm', cost: { kind: 'memory', n: 2 }, level: 2, life: 24, lineageName: 'Lorraine',
    keywords: [kw('Lineage', { name: 'Lorraine' }), kw('On Enter')],
    abilities: [{ kind: 'trigger', on: 'enter', effects: [{ do: 'empower', n: 2, on: 'your-champion' }], text: 'On Enter: Your champion’s attacks get +2 POWER until end of turn.' }],
    text: 'Lineage: Lorraine. On Enter: your attacks get +2 POWER until end of turn.', namedIn: '1.7.a.4.b',
  }),
  def({
    id: 'lorraine-crux-knight', name: 'Lorraine, Crux Knight', type: 'champion', subtypes: ['Warrior'], element: 'crux', cost: { kind: 'memory', n: 3 }, level: 3, life: 28, lineageName: 'Lorraine',
    keywords: [kw('Lineage', { name: 'Lorraine' })],
    abilities: [{ kind: 'static', effect: { kind: 'power-per-banished-regalia-weapon' }, text: 'Your attacks get +1 POWER for each regalia weapon in your banishment.' }],
    text: 'Lineage: Lorraine. Your attacks get +1 POWER for each regalia weapon in your banishment.', namedIn: '1.6.d.5',
  }),
  def({
    id: 'merlin-memory-thief', name: 'Merlin, Memory Thief', type: 'champion', subtypes: ['Mage'], element: 'norm', cost: { kind: 'memory', n: 2 }, level: 2, life: 22, lineageName: 'Merlin',
    abilities: [{ kind: 'activated', cost: { rest: true }, target: 'graveyard-card', effects: [{ do: 'banish-from-graveyard', levelIfFloating: true }], text: 'REST: Banish target card from a graveyard. If it has floating memory, put a level counter on Merlin.' }],
    text: 'REST: Banish target card from a graveyard. If it has floating memory, put a level counter on Merlin.', namedIn: 'X.A.1.c.i',
  }),
  def({
    id: 'tristan-grim-stalker', name: 'Tristan, Grim Stalker', type: 'champion', subtypes: ['Assassin'], element: 'norm', cost: { kind: 'memory', n: 2 }, level: 2, life: 22, lineageName: 'Tristan',
    abilities: [
      { kind: 'trigger', on: 'end-phase', condition: 'awake', effects: [{ do: 'counters', kind: 'preparation', n: 1, on: 'self' }], text: 'At the beginning of your end phase, if Tristan is awake, put a preparation counter on him.' },
      { kind: 'trigger', on: 'ally-hit', cost: { removeCounters: { kind: 'preparation', n: 3, from: 'self' } }, effects: [{ do: 'destroy', on: 'target' }], text: 'On Ally Hit: Remove three preparation counters: destroy that ally (paid when possible).' },
    ],
    text: 'End phase: +1 preparation counter if awake. On Ally Hit: remove 3 preparation counters to destroy that ally.', namedIn: 'X.A.1.c.i',
  }),
  // ── Regalia (material deck) ──────────────────────────────────────────────────────────────────────────
  def({
    id: 'clarent-sword-of-peace', name: 'Clarent, Sword of Peace', type: 'weapon', supertypes: ['regalia'], subtypes: ['Warrior', 'Sword'], element: 'norm', cost: { kind: 'memory', n: 1 }, power: 1, durability: 2,
    keywords: [kw('Class Bonus')],
    abilities: [{ kind: 'activated', classBonus: true, cost: { removeCounters: { kind: 'durability', n: 1, from: 'self' } }, effects: [{ do: 'prevent', n: 1, to: 'each-your-unit', damage: 'non-attack' }], text: '[Class Bonus] Remove a durability counter: Prevent the next 1 non-combat damage to each unit you control this turn.' }],
    text: '[CB Warrior] Remove a durability counter: prevent the next 1 non-combat damage to each of your units this turn.', namedIn: '2.9.a.4.a',
  }),
  def({ id: 'training-sabre', name: 'Training Sabre', type: 'weapon', supertypes: ['regalia'], subtypes: ['Sword'], element: 'norm', cost: { kind: 'memory', n: 0 }, power: 1, durability: 2, text: 'A regalia weapon with memory cost 0 (for Lorraine, Wandering Warrior).' }),
  def({
    id: 'tome-of-knowledge', name: 'Tome of Knowledge', type: 'item', supertypes: ['regalia'], subtypes: ['Mage', 'Book'], element: 'norm', cost: { kind: 'memory', n: 1 },
    keywords: [kw('Class Bonus')],
    abilities: [
      { kind: 'static', classBonus: true, effect: { kind: 'level', n: 1 }, text: '[Class Bonus] Your champion gets +1 level.' },
      { kind: 'activated', cost: { banishSelf: true }, effects: [{ do: 'draw', n: 1 }], text: 'Banish Tome of Knowledge: Draw a card.' },
    ],
    text: '[CB Mage] Your champion gets +1 level. Banish Tome of Knowledge: Draw a card.', namedIn: '2.1.g.6.b',
  }),
  def({
    id: 'tome-of-sacred-lightning', name: 'Tome of Sacred Lightning', type: 'item', supertypes: ['regalia'], subtypes: ['Book'], element: 'arcane', cost: { kind: 'memory', n: 0 },
    abilities: [{ kind: 'activated', cost: { rest: true }, effects: [{ do: 'banish-random-memory', then: 'draw' }], text: 'REST: Banish a random card from your memory, then draw a card.' }],
    text: 'REST: Banish a random card from your memory, then draw a card.', namedIn: '2.1.g.6.b',
  }),
  def({ id: 'sunforged-relic', name: 'Sunforged Relic', type: 'item', supertypes: ['regalia'], subtypes: ['Relic'], element: 'norm', cost: { kind: 'memory', n: 2 }, keywords: [kw('Divine Relic')], abilities: [{ kind: 'static', effect: { kind: 'level', n: 1 }, text: 'Your champion gets +1 level.' }], text: 'Divine Relic. Your champion gets +1 level.' }),
  def({ id: 'moonlit-relic', name: 'Moonlit Relic', type: 'item', supertypes: ['regalia'], subtypes: ['Relic'], element: 'norm', cost: { kind: 'memory', n: 2 }, keywords: [kw('Divine Relic')], abilities: [{ kind: 'activated', cost: { rest: true }, effects: [{ do: 'recover', n: 1 }], text: 'REST: Recover 1.' }], text: 'Divine Relic. REST: Recover 1.' }),
  // ── Main deck: cards the CR names ────────────────────────────────────────────────────────────────────
  def({
    id: 'wind-cutter', name: 'Wind Cutter', type: 'attack', subtypes: ['Ranger', 'Warrior'], element: 'wind', cost: { kind: 'reserve', n: 2 }, power: 1,
    keywords: [kw('Class Bonus'), kw('On Hit')],
    abilities: [
      { kind: 'static', classBonus: true, effect: { kind: 'power', n: 1, applies: 'self' }, text: '[Class Bonus] +1 POWER.' },
      { kind: 'trigger', on: 'hit', effects: [{ do: 'draw', n: 1 }], text: 'On Hit: Draw a card.' },
    ],
    text: '[CB] +1 POWER. On Hit: draw a card (engine simplification of the random-memory reveal).', namedIn: '2.1.j.4',
  }),
  def({
    id: 'rending-flames', name: 'Rending Flames', type: 'attack', subtypes: ['Assassin', 'Warrior'], element: 'fire', cost: { kind: 'reserve', n: 3 }, power: 3,
    keywords: [kw('Class Bonus'), kw('On Attack')],
    abilities: [{ kind: 'trigger', on: 'attack', classBonus: true, effects: [{ do: 'double-attack-if-banish', element: 'fire', n: 3 }], text: '[Class Bonus] On Attack: you may banish three fire cards from your graveyard; if you do, double this attack’s damage.' }],
    text: '[CB] On Attack: banish 3 fire cards from your graveyard (done when possible) to double the damage.', namedIn: '2.2.g.ii.2.d',
  }),
  def({
    id: 'deflecting-edge', name: 'Deflecting Edge', type: 'action', subtypes: ['Warrior', 'Reaction'], element: 'norm', cost: { kind: 'reserve', n: 1 }, speed: 'fast',
    abilities: [{ kind: 'resolve', target: 'unit', effects: [{ do: 'prevent', n: 3, to: 'target', damage: 'attack' }], text: 'Prevent the next 3 attack damage that would be dealt to target unit this turn.' }],
    text: 'Prevent the next 3 attack damage that would be dealt to target unit this turn.', namedIn: '2.9.a.4.a',
  }),
  def({
    id: 'spellshield-arcane', name: 'Spellshield: Arcane', type: 'action', subtypes: ['Mage', 'Spell', 'Reaction'], element: 'arcane', cost: { kind: 'reserve', n: 3 }, speed: 'fast',
    abilities: [{ kind: 'resolve', effects: [{ do: 'prevent', n: 3, to: 'your-champion', damage: 'any', enlighten: true }], text: 'Prevent the next 3 damage to your champion this turn; put an enlighten counter on it for each damage prevented.' }],
    text: 'Prevent the next 3 damage to your champion this turn; an enlighten counter per damage prevented.', namedIn: '2.9.a.10',
  }),
  def({
    id: 'creative-shock', name: 'Creative Shock', type: 'action', subtypes: ['Mage', 'Spell'], element: 'fire', cost: { kind: 'reserve', n: 3 }, speed: 'fast',
    abilities: [{ kind: 'resolve', target: 'opponent-unit', effects: [{ do: 'draw', n: 2 }, { do: 'damage', n: 2, to: 'target' }], text: 'Draw two cards, then deal 2 damage to target opposing unit.' }],
    text: 'Draw two cards, then deal 2 damage to target opposing unit (the discard/choose of the printed card is not modelled).', namedIn: '2.7.7.b',
  }),
  def({ id: 'flame-rune-swordsman', name: 'Flame-Rune Swordsman', type: 'ally', subtypes: ['Mage', 'Warrior'], element: 'fire', cost: { kind: 'reserve', n: 3 }, power: 2, life: 2, keywords: [kw('Floating Memory', { classBonus: true })], text: '[Class Bonus] Floating Memory.', namedIn: 'X.A.1.c.i' }),
  def({ id: 'nia-mistveiled-scout', name: 'Nia, Mistveiled Scout', type: 'ally', supertypes: ['unique'], subtypes: ['Assassin'], element: 'water', cost: { kind: 'reserve', n: 3 }, power: 1, life: 3, keywords: [kw('Stealth', { classBonus: true })], text: '[Class Bonus] Stealth. (Her On Enter look-and-name is not modelled.)', namedIn: '2.12.m.2.b' }),
  def({ id: 'triskit-guidance-angel', name: 'Triskit, Guidance Angel', type: 'ally', supertypes: ['unique'], subtypes: ['Warrior', 'Angel'], element: 'luxem', cost: { kind: 'reserve', n: 5 }, power: 2, life: 12, text: 'Unique. (Its On Enter champion change is not modelled.)', namedIn: '2.12.j.1.a' }),
  // ── Main deck: filler (sample) ───────────────────────────────────────────────────────────────────────
  def({ id: 'ember-squire', name: 'Ember Squire', type: 'ally', subtypes: ['Warrior'], element: 'fire', cost: { kind: 'reserve', n: 1 }, power: 1, life: 2, text: '' }),
  def({ id: 'ash-hound', name: 'Ash Hound', type: 'ally', subtypes: ['Beast'], element: 'fire', cost: { kind: 'reserve', n: 2 }, power: 2, life: 2, keywords: [kw('Vigor')], text: 'Vigor.' }),
  def({ id: 'veteran-knight', name: 'Veteran Knight', type: 'ally', subtypes: ['Warrior'], element: 'norm', cost: { kind: 'reserve', n: 3 }, power: 3, life: 4, keywords: [kw('Pride', { n: 1 })], text: 'Pride 1.' }),
  def({ id: 'stone-warden', name: 'Stone Warden', type: 'ally', subtypes: ['Guardian'], element: 'norm', cost: { kind: 'reserve', n: 4 }, power: 1, life: 6, keywords: [kw('Immortality')], text: 'Immortality.' }),
  def({ id: 'tidecaller-adept', name: 'Tidecaller Adept', type: 'ally', subtypes: ['Mage'], element: 'water', cost: { kind: 'reserve', n: 2 }, power: 1, life: 3, keywords: [kw('On Enter'), kw('Spellshroud')], abilities: [{ kind: 'trigger', on: 'enter', effects: [{ do: 'draw', n: 1 }], text: 'On Enter: Draw a card.' }], text: 'Spellshroud. On Enter: Draw a card.' }),
  def({ id: 'sea-serpent', name: 'Sea Serpent', type: 'ally', subtypes: ['Beast'], element: 'water', cost: { kind: 'reserve', n: 4 }, power: 4, life: 4, keywords: [kw('Pride', { n: 2 }), kw('On Death')], abilities: [{ kind: 'trigger', on: 'death', effects: [{ do: 'draw', n: 1 }], text: 'On Death: Draw a card.' }], text: 'Pride 2. On Death: Draw a card.' }),
  def({ id: 'mist-stalker', name: 'Mist Stalker', type: 'ally', subtypes: ['Assassin'], element: 'water', cost: { kind: 'reserve', n: 2 }, power: 2, life: 2, keywords: [kw('Stealth')], text: 'Stealth.' }),
  def({ id: 'keen-falcon', name: 'Keen Falcon', type: 'ally', subtypes: ['Beast'], element: 'norm', cost: { kind: 'reserve', n: 2 }, power: 2, life: 1, keywords: [kw('True Sight'), kw('On Leave')], abilities: [{ kind: 'trigger', on: 'leave', effects: [{ do: 'counters', kind: 'enlighten', n: 1, on: 'your-champion' }], text: 'On Leave: Put an enlighten counter on your champion.' }], text: 'True Sight. On Leave: an enlighten counter on your champion.' }),
  def({ id: 'spark-bolt', name: 'Spark Bolt', type: 'action', subtypes: ['Mage', 'Spell'], element: 'fire', cost: { kind: 'reserve', n: 1 }, speed: 'fast', abilities: [{ kind: 'resolve', target: 'unit', effects: [{ do: 'damage', n: 1, to: 'target' }], text: 'Deal 1 damage to target unit.' }], text: 'Deal 1 damage to target unit.' }),
  def({ id: 'fireball', name: 'Fireball', type: 'action', subtypes: ['Mage', 'Spell'], element: 'fire', cost: { kind: 'reserve', n: 3 }, speed: 'slow', abilities: [{ kind: 'resolve', target: 'unit', effects: [{ do: 'damage', n: 3, to: 'target' }], text: 'Deal 3 damage to target unit.' }], text: 'Deal 3 damage to target unit.' }),
  def({ id: 'wave-crash', name: 'Wave Crash', type: 'action', subtypes: ['Spell'], element: 'water', cost: { kind: 'reserve', n: 2 }, speed: 'slow', abilities: [{ kind: 'resolve', effects: [{ do: 'damage', n: 2, to: 'opposing-champions' }], text: 'Deal 2 damage to each opposing champion.' }], text: 'Deal 2 damage to each opposing champion.' }),
  def({ id: 'mend', name: 'Mend', type: 'action', subtypes: ['Cleric'], element: 'water', cost: { kind: 'reserve', n: 2 }, speed: 'fast', abilities: [{ kind: 'resolve', effects: [{ do: 'recover', n: 3 }], text: 'Recover 3.' }], text: 'Your champion recovers 3 (remove up to three damage counters).' }),
  def({ id: 'misty-veil', name: 'Misty Veil', type: 'action', subtypes: ['Reaction'], element: 'water', cost: { kind: 'reserve', n: 1 }, speed: 'fast', abilities: [{ kind: 'resolve', target: 'your-ally', effects: [{ do: 'grant', keyword: 'Stealth', on: 'target' }], text: 'Target ally you control gains stealth until end of turn.' }], text: 'Target ally you control gains stealth until end of turn.' }),
  def({ id: 'studied-insight', name: 'Studied Insight', type: 'action', subtypes: ['Mage'], element: 'norm', cost: { kind: 'reserve', n: 3 }, speed: 'slow', keywords: [kw('Efficiency')], abilities: [{ kind: 'resolve', effects: [{ do: 'draw', n: 2 }], text: 'Draw two cards.' }], text: 'Efficiency. Draw two cards.' }),
  def({ id: 'rally-the-line', name: 'Rally the Line', type: 'action', subtypes: ['Warrior'], element: 'norm', cost: { kind: 'reserve', n: 2 }, speed: 'slow', abilities: [{ kind: 'resolve', effects: [{ do: 'counters', kind: 'buff', n: 1, on: 'each-your-ally' }], text: 'Put a buff counter on each ally you control.' }], text: 'Put a buff counter on each ally you control.' }),
  def({ id: 'quick-slash', name: 'Quick Slash', type: 'attack', subtypes: ['Warrior'], element: 'norm', cost: { kind: 'reserve', n: 1 }, power: 2, text: '' }),
  def({ id: 'heavy-strike', name: 'Heavy Strike', type: 'attack', subtypes: ['Warrior'], element: 'norm', cost: { kind: 'reserve', n: 3 }, power: 4, keywords: [kw('On Kill')], abilities: [{ kind: 'trigger', on: 'kill', effects: [{ do: 'draw', n: 1 }], text: 'On Kill: Draw a card.' }], text: 'On Kill: Draw a card.' }),
  def({ id: 'cinder-adept', name: 'Cinder Adept', type: 'ally', subtypes: ['Mage'], element: 'fire', cost: { kind: 'reserve', n: 2 }, power: 1, life: 2, keywords: [kw('Element Bonus')], abilities: [{ kind: 'static', elementBonus: true, effect: { kind: 'power', n: 1, applies: 'self' }, text: '[Element Bonus] +1 POWER.' }], text: '[Element Bonus] +1 POWER (while your champion has the fire element).' }),
  def({ id: 'ridge-warden', name: 'Ridge Warden', type: 'ally', subtypes: ['Guardian'], element: 'norm', cost: { kind: 'reserve', n: 2 }, power: 2, life: 3, keywords: [kw('Level Restriction', { n: 2 }), kw('On Enter')], abilities: [{ kind: 'trigger', on: 'enter', levelAtLeast: 2, effects: [{ do: 'draw', n: 1 }], text: '[Lv 2+] On Enter: Draw a card.' }], text: '[Lv 2+] On Enter: Draw a card.' }),
  def({ id: 'shadow-strike', name: 'Shadow Strike', type: 'attack', subtypes: ['Assassin'], element: 'norm', cost: { kind: 'reserve', n: 2 }, power: 2, keywords: [kw('Prepare', { n: 2 })], abilities: [{ kind: 'static', effect: { kind: 'power', n: 3, applies: 'self', whenPrepared: true }, text: 'If Shadow Strike is prepared, it gets +3 POWER.' }], text: 'Prepare 2 (as you activate it, you may remove two preparation counters from your champion). If prepared, +3 POWER.' }),
  def({ id: 'phoenix-hatchling', name: 'Phoenix Hatchling', type: 'ally', subtypes: ['Beast'], element: 'fire', cost: { kind: 'reserve', n: 2 }, power: 2, life: 1, keywords: [kw('Preserve')], text: 'Preserve.' }),
  def({ id: 'kindled-insight', name: 'Kindled Insight', type: 'action', subtypes: ['Mage'], element: 'fire', cost: { kind: 'reserve', n: 1 }, speed: 'fast', keywords: [kw('Preserve')], abilities: [{ kind: 'resolve', effects: [{ do: 'draw', n: 1 }], text: 'Draw a card.' }], text: 'Draw a card. Preserve.' }),
  def({ id: 'whirlwind-axe', name: 'Whirlwind Axe', type: 'weapon', subtypes: ['Axe'], element: 'norm', cost: { kind: 'reserve', n: 3 }, power: 1, durability: 2, keywords: [kw('Cleave')], text: 'Cleave.' }),
  def({ id: 'ember-reaver', name: 'Ember Reaver', type: 'ally', subtypes: ['Warrior'], element: 'fire', cost: { kind: 'reserve', n: 2 }, power: 2, life: 2, keywords: [kw('Critical', { n: 1 })], text: 'Critical 1.' }),
  def({ id: 'shield-bearer', name: 'Shield Bearer', type: 'ally', subtypes: ['Guardian'], element: 'norm', cost: { kind: 'reserve', n: 2 }, power: 1, life: 4, keywords: [kw('Intercept')], text: 'Intercept.' }),
  def({ id: 'steel-longsword', name: 'Steel Longsword', type: 'weapon', subtypes: ['Sword'], element: 'norm', cost: { kind: 'reserve', n: 2 }, power: 2, durability: 2, text: '' }),
  def({ id: 'iron-buckler', name: 'Iron Buckler', type: 'item', subtypes: ['Shield'], element: 'norm', cost: { kind: 'reserve', n: 2 }, abilities: [{ kind: 'activated', cost: { rest: true }, effects: [{ do: 'prevent', n: 1, to: 'your-champion', damage: 'any' }], text: 'REST: Prevent the next 1 damage to your champion this turn.' }], text: 'REST: Prevent the next 1 damage to your champion this turn.' }),
  def({ id: 'blazing-hearth', name: 'Blazing Hearth', type: 'domain', element: 'fire', cost: { kind: 'reserve', n: 2 }, abilities: [{ kind: 'static', effect: { kind: 'power', n: 1, applies: 'your-allies' }, text: 'Allies you control get +1 POWER.' }], text: 'Allies you control get +1 POWER.' }),
  def({ id: 'tidal-sanctum', name: 'Tidal Sanctum', type: 'domain', element: 'water', cost: { kind: 'reserve', n: 2 }, abilities: [{ kind: 'activated', cost: { rest: true }, effects: [{ do: 'counters', kind: 'enlighten', n: 1, on: 'your-champion' }], text: 'REST: Put an enlighten counter on your champion.' }], text: 'REST: Put an enlighten counter on your champion.' }),
];

const BY_ID: ReadonlyMap<string, GACardDef> = new Map(CARDS.map((c) => [c.id, c]));

/** Is `cardId` a card of the pool? */
export function isCardId(cardId: string): boolean {
  return BY_ID.has(cardId);
}

/** The card definitions a match knows beyond the pool: a scenario's test cards (GAState.cards). */
export interface CardBook {
  readonly cards: Readonly<Record<string, GACardDef>>;
}

/**
 * The definition of `cardId` in this match: a test card the match carries (`s.cards`, from the scenario's start
 * event) or a pool card. State-aware so the fold stays pure and a replay in a fresh process reads the same cards.
 */
export function cardDef(s: CardBook, cardId: string): GACardDef {
  const d = s.cards[cardId] ?? BY_ID.get(cardId);
  if (!d) throw new Error(`unknown Grand Archive card "${cardId}": not in the pool (src/cards/pool.ts) nor among this match's test cards`);
  return d;
}

/** A pool card's definition (deck building and presets, where no match exists yet). */
export function poolCard(cardId: string): GACardDef {
  return cardDef(NO_TEST_CARDS, cardId);
}
const NO_TEST_CARDS: CardBook = { cards: {} };

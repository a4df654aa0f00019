// Derived values the rules define on top of the state: levels, stats, elements, obedience, costs, visibility.
import { grantedKeywords, modifierOf, type PlayerId, type Viewer } from '@matchtape/engine';
import { cardDef, type CardBook } from './cards/pool';
import type { Condition, GACardDef, KeywordName } from './cards/types';
import type { Element, FieldObject, GAState, PlayerZone, Zone } from './types';

export function opponentsOf(s: GAState, p: PlayerId): PlayerId[] {
  return s.order.filter((x) => x !== p);
}

export function isChampion(s: CardBook, o: FieldObject): boolean {
  return cardDef(s, o.cardId).type === 'champion';
}
export function isAlly(s: CardBook, o: FieldObject): boolean {
  return cardDef(s, o.cardId).type === 'ally';
}
export function isUnit(s: CardBook, o: FieldObject): boolean {
  return isChampion(s, o) || isAlly(s, o);
}

export function championOf(s: GAState, p: PlayerId): FieldObject | undefined {
  return s.field.find((o) => o.controller === p && isChampion(s, o));
}

export function objectById(s: GAState, id: string | null | undefined): FieldObject | undefined {
  return id ? s.field.find((o) => o.id === id) : undefined;
}

/** LV = printed level + level counters + level modifiers (X.B.22, 2.11.6.e). */
export function championLevel(s: GAState, p: PlayerId): number {
  const c = championOf(s, p);
  if (!c) return 0;
  let lv = (cardDef(s, c.cardId).level ?? 0) + (c.counters.level ?? 0);
  for (const o of s.field) {
    if (o.controller !== p) continue;
    const d = cardDef(s, o.cardId);
    for (const a of d.abilities)
      if (a.kind === 'static' && a.effect.kind === 'level' && conditionsMet(s, p, d, a)) lv += a.effect.n;
  }
  return lv;
}

/** Elements a player may activate: norm plus every element in the champion's lineage (1.6.d.3-4, 1.7.a.9). */
export function enabledElements(s: GAState, p: PlayerId): Element[] {
  const out = new Set<Element>(['norm']);
  for (const o of s.field)
    if (o.controller === p && isChampion(s, o))
      for (const c of o.cards) out.add(cardDef(s, c.cardId).element);
  return [...out];
}

export function life(s: CardBook, o: FieldObject): number {
  const d = cardDef(s, o.cardId);
  return (d.life ?? 0) + (isAlly(s, o) ? (o.counters.buff ?? 0) : 0);
}

/** Power of a unit (allies: printed + buff counters + modifiers + statics). Champions have none (1.7.a.8.a). */
export function unitPower(s: GAState, o: FieldObject): number {
  const d = cardDef(s, o.cardId);
  if (!isAlly(s, o)) return 0;
  let p = (d.power ?? 0) + (o.counters.buff ?? 0) + modifierOf(s.effects, o.id, 'power');
  for (const a of d.abilities)
    if (
      a.kind === 'static' &&
      a.effect.kind === 'power' &&
      a.effect.applies === 'self' &&
      conditionsMet(s, o.controller, d, a)
    )
      p += a.effect.n;
  for (const x of s.field) {
    if (x.controller !== o.controller) continue;
    const xd = cardDef(s, x.cardId);
    for (const a of xd.abilities)
      if (a.kind === 'static' && a.effect.kind === 'power' && a.effect.applies === 'your-allies')
        p += a.effect.n;
  }
  return p;
}

/** Sum of an attack's power (2.2.g.ii.2, 2.6.5.c): unit + weapon + attack card + attack modifiers. */
export function attackPower(s: GAState): number {
  const c = s.combat;
  if (!c) return 0;
  const attacker = objectById(s, c.attacker);
  if (!attacker) return 0;
  if (isAlly(s, attacker)) return unitPower(s, attacker);
  let p = modifierOf(s.effects, attacker.id, 'power');
  const weapon = objectById(s, c.weapon);
  if (weapon) p += (cardDef(s, weapon.cardId).power ?? 0) + modifierOf(s.effects, weapon.id, 'power');
  if (c.attackCard) {
    const d = cardDef(s, c.attackCard.cardId);
    p += d.power ?? 0;
    for (const a of d.abilities)
      if (
        a.kind === 'static' &&
        a.effect.kind === 'power' &&
        a.effect.applies === 'self' &&
        conditionsMet(s, attacker.controller, d, a) &&
        (!a.effect.whenPrepared || c.prepared === true)
      )
        p += a.effect.n;
  }
  for (const a of cardDef(s, attacker.cardId).abilities)
    if (a.kind === 'static' && a.effect.kind === 'power-per-banished-regalia-weapon') {
      p += s.players[attacker.controller]!.banishment.filter((x) => {
        const d = cardDef(s, x.cardId);
        return d.type === 'weapon' && d.supertypes.includes('regalia');
      }).length;
    }
  return p;
}

/** Pride N: the ally does not obey unless your champion's LV ≥ N (X.A.20, X.B.24). */
export function obeys(s: GAState, o: FieldObject): boolean {
  if (!isAlly(s, o)) return true;
  const n = keywordN(cardDef(s, o.cardId), 'Pride');
  return n === null || championLevel(s, o.controller) >= n;
}

/** Reserve cost to activate from hand (1.6.b.8, Efficiency X.A.5). */
export function activationCost(s: GAState, p: PlayerId, d: GACardDef): number {
  const printed = d.cost?.n ?? 0;
  const eff = printedKeyword(s, p, d, 'Efficiency') ? championLevel(s, p) : 0;
  return Math.max(0, printed - eff);
}

/** Can a unit be the target of an attack by `attacker` (with `weapon`)? Stealth/True Sight (X.A.22-23). */
export function attackableBy(
  s: GAState,
  target: FieldObject,
  attacker: FieldObject,
  weapon: FieldObject | null,
): boolean {
  if (!isUnit(s, target) || target.controller === attacker.controller) return false;
  if (hasKeyword(s, target, 'Stealth'))
    return hasKeyword(s, attacker, 'True Sight') || (weapon !== null && hasKeyword(s, weapon, 'True Sight'));
  return true;
}

/** Who sees cards in a zone (2.1.a.5, 2.1.b.6, 2.1.e, 2.1.h). */
export function zoneVisible(zone: Zone, owner: string, viewer: Viewer): boolean {
  if (viewer === 'judge') return true;
  switch (zone) {
    case 'mainDeck':
      return false;
    case 'materialDeck':
    case 'hand':
    case 'memory':
      return viewer === owner;
    default:
      return true;
  }
}

export const HIDDEN_ZONES: readonly PlayerZone[] = ['mainDeck', 'materialDeck', 'hand', 'memory'];
export function isHiddenZone(z: Zone): boolean {
  return (HIDDEN_ZONES as readonly string[]).includes(z);
}

export function nextPlayer(s: GAState, p: PlayerId): PlayerId {
  const i = s.order.indexOf(p);
  return s.order[(i + 1) % s.order.length]!;
}

// ── Keywords (X.A) ─────────────────────────────────────────────────────────────────────────────────────

/** Classes of a player's champion (the top card's subtypes), for Class Bonus (X.A.1.a.i). */
export function championClasses(s: GAState, player: string): string[] {
  const champ = s.field.find((o) => o.controller === player && cardDef(s, o.cardId).type === 'champion');
  return champ ? cardDef(s, champ.cardId).subtypes : [];
}

export function classBonusActive(s: GAState, player: string, def: GACardDef): boolean {
  const classes = championClasses(s, player);
  return def.subtypes.some((c) => classes.includes(c));
}

/** Printed keyword (honouring its Class Bonus) of a card controlled/owned by `player`. */
export function printedKeyword(s: GAState, player: string, def: GACardDef, keyword: KeywordName): boolean {
  return def.keywords.some((k) => k.keyword === keyword && conditionsMet(s, player, def, k));
}

/**
 * Restriction abilities (2.4.d): Class Bonus (X.A.1), Element Bonus (X.A.6) and Level Restriction (X.A.25) —
 * the text applies only while `player`'s champion matches; they function in every zone.
 */
export function conditionsMet(s: GAState, player: string, def: GACardDef, c: Condition): boolean {
  if (c.classBonus && !classBonusActive(s, player, def)) return false;
  if (c.elementBonus && !championElements(s, player).includes(def.element)) return false;
  if (c.levelAtLeast !== undefined && championLevel(s, player as PlayerId) < c.levelAtLeast) return false;
  return true;
}

/** Elements of a player's champion: every champion card in its lineage (1.7.a.4.d.iii). */
export function championElements(s: GAState, player: string): string[] {
  const champ = s.field.find((o) => o.controller === player && cardDef(s, o.cardId).type === 'champion');
  return champ ? [...new Set(champ.cards.map((c) => cardDef(s, c.cardId).element))] : [];
}

/** Highest N of a numbered keyword (Pride: "only the highest value", X.A.20.b). */
export function keywordN(def: GACardDef, keyword: KeywordName): number | null {
  const ns = def.keywords.filter((k) => k.keyword === keyword).map((k) => k.n ?? 0);
  return ns.length === 0 ? null : Math.max(...ns);
}

export function hasKeyword(s: GAState, obj: FieldObject, keyword: KeywordName): boolean {
  return (
    printedKeyword(s, obj.controller, cardDef(s, obj.cardId), keyword) ||
    grantedKeywords(s.effects, obj.id).includes(keyword)
  );
}

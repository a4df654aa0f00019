// Derived values the rules define on top of the state: levels, stats, elements, obedience, costs, visibility.
import { modifierOf, type PlayerId, type Viewer } from '@matchtape/engine';
import { classBonusActive, hasKeyword, keywordN, printedKeyword } from './cards/keywords';
import { cardDef } from './cards/pool';
import type { GACardDef } from './cards/types';
import type { Element, FieldObject, GAState, PlayerZone, Zone } from './types';

export function opponentsOf(s: GAState, p: PlayerId): PlayerId[] {
  return s.order.filter((x) => x !== p);
}

export function isChampion(o: FieldObject): boolean {
  return cardDef(o.cardId).type === 'champion';
}
export function isAlly(o: FieldObject): boolean {
  return cardDef(o.cardId).type === 'ally';
}
export function isUnit(o: FieldObject): boolean {
  return isChampion(o) || isAlly(o);
}

export function championOf(s: GAState, p: PlayerId): FieldObject | undefined {
  return s.field.find((o) => o.controller === p && isChampion(o));
}

export function objectById(s: GAState, id: string | null | undefined): FieldObject | undefined {
  return id ? s.field.find((o) => o.id === id) : undefined;
}

/** LV = printed level + level counters + level modifiers (X.B.22, 2.11.6.e). */
export function championLevel(s: GAState, p: PlayerId): number {
  const c = championOf(s, p);
  if (!c) return 0;
  let lv = (cardDef(c.cardId).level ?? 0) + (c.counters.level ?? 0);
  for (const o of s.field) {
    if (o.controller !== p) continue;
    const d = cardDef(o.cardId);
    for (const a of d.abilities)
      if (a.kind === 'static' && a.effect.kind === 'level' && (!a.classBonus || classBonusActive(s, p, d))) lv += a.effect.n;
  }
  return lv;
}

/** Elements a player may activate: norm plus every element in the champion's lineage (1.6.d.3-4, 1.7.a.9). */
export function enabledElements(s: GAState, p: PlayerId): Element[] {
  const out = new Set<Element>(['norm']);
  for (const o of s.field) if (o.controller === p && isChampion(o)) for (const c of o.cards) out.add(cardDef(c.cardId).element);
  return [...out];
}

export function life(o: FieldObject): number {
  const d = cardDef(o.cardId);
  return (d.life ?? 0) + (isAlly(o) ? (o.counters.buff ?? 0) : 0);
}

/** Power of a unit (allies: printed + buff counters + modifiers + statics). Champions have none (1.7.a.8.a). */
export function unitPower(s: GAState, o: FieldObject): number {
  const d = cardDef(o.cardId);
  if (!isAlly(o)) return 0;
  let p = (d.power ?? 0) + (o.counters.buff ?? 0) + modifierOf(s.effects, o.id, 'power');
  for (const x of s.field) {
    if (x.controller !== o.controller) continue;
    const xd = cardDef(x.cardId);
    for (const a of xd.abilities) if (a.kind === 'static' && a.effect.kind === 'power' && a.effect.applies === 'your-allies') p += a.effect.n;
  }
  return p;
}

/** Sum of an attack's power (2.2.g.ii.2, 2.6.5.c): unit + weapon + attack card + attack modifiers. */
export function attackPower(s: GAState): number {
  const c = s.combat;
  if (!c) return 0;
  const attacker = objectById(s, c.attacker);
  if (!attacker) return 0;
  if (isAlly(attacker)) return unitPower(s, attacker);
  let p = modifierOf(s.effects, attacker.id, 'power');
  const weapon = objectById(s, c.weapon);
  if (weapon) p += (cardDef(weapon.cardId).power ?? 0) + modifierOf(s.effects, weapon.id, 'power');
  if (c.attackCard) {
    const d = cardDef(c.attackCard.cardId);
    p += d.power ?? 0;
    for (const a of d.abilities)
      if (a.kind === 'static' && a.effect.kind === 'power' && a.effect.applies === 'self' && (!a.classBonus || classBonusActive(s, attacker.controller, d))) p += a.effect.n;
  }
  for (const a of cardDef(attacker.cardId).abilities)
    if (a.kind === 'static' && a.effect.kind === 'power-per-banished-regalia-weapon') {
      p += s.players[attacker.controller]!.banishment.filter((x) => {
        const d = cardDef(x.cardId);
        return d.type === 'weapon' && d.supertypes.includes('regalia');
      }).length;
    }
  return p;
}

/** Pride N: the ally does not obey unless your champion's LV ≥ N (X.A.20, X.B.24). */
export function obeys(s: GAState, o: FieldObject): boolean {
  if (!isAlly(o)) return true;
  const n = keywordN(cardDef(o.cardId), 'Pride');
  return n === null || championLevel(s, o.controller) >= n;
}

/** Reserve cost to activate from hand (1.6.b.8, Efficiency X.A.5). */
export function activationCost(s: GAState, p: PlayerId, d: GACardDef): number {
  const printed = d.cost?.n ?? 0;
  const eff = printedKeyword(s, p, d, 'Efficiency') ? championLevel(s, p) : 0;
  return Math.max(0, printed - eff);
}

/** Can a unit be the target of an attack by `attacker` (with `weapon`)? Stealth/True Sight (X.A.22-23). */
export function attackableBy(s: GAState, target: FieldObject, attacker: FieldObject, weapon: FieldObject | null): boolean {
  if (!isUnit(target) || target.controller === attacker.controller) return false;
  if (hasKeyword(s, target, 'Stealth')) return hasKeyword(s, attacker, 'True Sight') || (weapon !== null && hasKeyword(s, weapon, 'True Sight'));
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

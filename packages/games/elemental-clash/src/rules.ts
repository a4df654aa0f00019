// Derived rules facts: where a card is in play, current Power and Health, keywords, costs (D5), who may attack
// and block (§4.0.M3, D13). Pure reads of a state; decide, flow, bots and views share them.
import type { PlayerId } from '@matchtape/engine';
import { cardDef } from './cards/decks';
import type { Ability, ECCard, KeywordName } from './cards/pool';
import type { Criteria, ECState, Permanent, PlayerState, StoneStack } from './types';
import { ZONE_CAP } from './types';

export type Where = {
  player: PlayerId;
  zone: 'stacks' | 'atk' | 'def' | 'attached';
  stack: string | null;
  perm: Permanent;
};

export const isCreatureCard = (c: ECCard): boolean =>
  c.type === 'Creature' || c.type === 'Transformed Creature' || c.type === 'Spellcaster';
export const isSpellCard = (c: ECCard): boolean => c.type === 'Spell';

export function ability(cardId: string, keyword: KeywordName): Ability | undefined {
  return cardDef(cardId).abilities.find((a) => a.keyword === keyword);
}
export const has = (cardId: string, keyword: KeywordName): boolean => ability(cardId, keyword) !== undefined;

export function opponentOf(s: ECState, p: PlayerId): PlayerId {
  return s.order.find((x) => x !== p) ?? p;
}

/** Every permanent in play with its place (D1). */
export function inPlay(s: ECState): Where[] {
  const out: Where[] = [];
  for (const pid of s.order) {
    const pl = s.players[pid]!;
    for (const st of pl.stacks)
      if (st.top) out.push({ player: pid, zone: 'stacks', stack: st.id, perm: st.top });
    for (const x of pl.atk) out.push({ player: pid, zone: 'atk', stack: null, perm: x });
    for (const x of pl.def) out.push({ player: pid, zone: 'def', stack: null, perm: x });
    for (const x of pl.attached) out.push({ player: pid, zone: 'attached', stack: null, perm: x });
  }
  return out;
}

export function locate(s: ECState, id: string): Where | null {
  return inPlay(s).find((w) => w.perm.id === id) ?? null;
}

export const isCreature = (w: Where): boolean => isCreatureCard(cardDef(w.perm.cardId));

/** Creatures in play (stack tops that are creatures included). */
export function creatures(s: ECState): Where[] {
  return inPlay(s).filter(isCreature);
}

/** §7.0 Last Stand: as long as the controller has 7 or fewer cards in their spellbook. */
export function lastStandActive(s: ECState, player: PlayerId): boolean {
  return (s.players[player]?.spellbook.length ?? 99) <= 7;
}

function staticBonus(s: ECState, w: Where, stat: 'power' | 'health'): number {
  let n = 0;
  const def = cardDef(w.perm.cardId);
  const ls = def.abilities.find((a) => a.keyword === 'Last Stand');
  if (ls?.bonus && lastStandActive(s, w.player))
    n += stat === 'power' ? ls.bonus.power : (ls.bonus.health ?? 0);
  for (const eq of w.perm.equipCards) {
    const st = cardDef(eq).static;
    if (st?.scope === 'equipped') n += stat === 'power' ? st.power : (st.health ?? 0);
  }
  // Permanent spells on the controller's stacks (D11).
  for (const stack of s.players[w.player]!.stacks) {
    const st = stack.top ? cardDef(stack.top.cardId).static : undefined;
    if (st?.scope === 'own-creatures') n += stat === 'power' ? st.power : (st.health ?? 0);
  }
  for (const e of s.effects) if (e.target === w.perm.id) n += stat === 'power' ? e.power : e.health;
  return n;
}

export function power(s: ECState, w: Where): number {
  return Math.max(0, (cardDef(w.perm.cardId).power ?? 0) + staticBonus(s, w, 'power'));
}
export function health(s: ECState, w: Where): number {
  return Math.max(0, (cardDef(w.perm.cardId).health ?? 0) + staticBonus(s, w, 'health'));
}

/** Ready to attack: in the ATK zone or a Quickattacker on a stack (7.0.Quickattacker). */
export function inAtk(w: Where): boolean {
  return isCreature(w) && (w.zone === 'atk' || (w.zone === 'stacks' && has(w.perm.cardId, 'Quickattacker')));
}
/** Able to block: in the DEF zone or a Quickdefender on a stack (7.0.Quickdefender). */
export function inDef(w: Where): boolean {
  return isCreature(w) && (w.zone === 'def' || (w.zone === 'stacks' && has(w.perm.cardId, 'Quickdefender')));
}

/** D5: a stack can take this card: free top, enough stones, the card's element among them. */
export function stackCanCast(st: StoneStack, def: ECCard): boolean {
  if (st.top !== null) return false;
  if (st.stones.length < def.level) return false;
  if (def.element === 'neutral') return true;
  return st.stones.some((c) => cardDef(c.cardId).element === def.element);
}

export function castableStacks(pl: PlayerState, def: ECCard): StoneStack[] {
  return pl.stacks.filter((st) => stackCanCast(st, def));
}

/** 7.0.Unique: another copy already in play (either player's, D36). */
export function uniqueBlocked(s: ECState, cardId: string): boolean {
  return cardDef(cardId).unique === true && inPlay(s).some((w) => w.perm.cardId === cardId);
}

export function matches(cardId: string, c: Criteria | undefined): boolean {
  if (!c) return true;
  const def = cardDef(cardId);
  if (c.type === 'creature' && !isCreatureCard(def)) return false;
  if (c.type === 'spell' && !isSpellCard(def)) return false;
  if (c.type === 'stone' && def.type !== 'Element Stone') return false;
  if (c.creatureType && !(def.creatureTypes ?? []).includes(c.creatureType)) return false;
  if (c.element && def.element !== c.element) return false;
  return true;
}

/**
 * May `controller`'s spell or ability target this permanent? 7.0.Stealthy: not by opponents; 7.0.Immunity: not
 * by sources matching its criteria (D33).
 */
export function targetable(w: Where, controller: PlayerId, sourceIsSpell: boolean): boolean {
  if (w.player !== controller && has(w.perm.cardId, 'Stealthy')) return false;
  const imm = ability(w.perm.cardId, 'Immunity');
  if (imm && immunityCovers(imm, sourceIsSpell)) return false;
  return true;
}

export function immunityCovers(imm: Ability, sourceIsSpell: boolean): boolean {
  return imm.criteria?.type === 'spell'
    ? sourceIsSpell
    : imm.criteria?.type === undefined
      ? true
      : !sourceIsSpell;
}

export function zoneHasRoom(pl: PlayerState, zone: 'atk' | 'def'): boolean {
  return pl[zone].length < ZONE_CAP;
}

/** Creatures on `player`'s stacks that Standby must still move (§4.0.S2): not kept by Resident this turn. */
export function creaturesToDeploy(s: ECState, player: PlayerId): Permanent[] {
  return s.players[player]!.stacks.flatMap((st) =>
    st.top && isCreatureCard(cardDef(st.top.cardId)) && st.top.stayed !== s.turn ? [st.top] : [],
  );
}

export const nameOf = (cardId: string): string => cardDef(cardId).name;

// Derived values of the rules: what a card in play is (types, stats), icons and thresholds (405), the running
// total of a numeric cost (406.3, 410.3), who may attack and block (608.1b, 608.1d, 412.1, 507.3), and picks (310).
import type { PlayerId } from '@matchtape/engine';
import { cardDef } from './cards/pool';
import { hasKeyword, keywordOf } from './cards/keywords';
import type { CardDef, CardType, ExtraCost, Icon, PickSpec, Threshold } from './cards/types';
import { ICONS } from './cards/types';
import type { Perm, SpoilsState } from './types';

export function opponentOf(s: SpoilsState, p: PlayerId): PlayerId {
  return s.order.find((q) => q !== p) ?? p;
}

/** The printed card of a card in play; null for a face-down card (it is only a resource, 411.1). */
export function defOf(x: Perm): CardDef | null {
  return x.faceDown || x.cardId === null ? null : cardDef(x.cardId);
}

export function hasType(x: Perm, t: CardType): boolean {
  if (x.faceDown) return t === 'resource';
  const d = defOf(x);
  return d !== null && d.types.includes(t);
}
export const isCharacter = (x: Perm) => hasType(x, 'character');
export const isLocation = (x: Perm) => hasType(x, 'location');
export const isFaction = (x: Perm) => hasType(x, 'faction');
/** 411.1: every face-down card in play is a resource. */
export const isResource = (x: Perm) => hasType(x, 'resource');

export function perm(s: SpoilsState, id: unknown): Perm | undefined {
  return typeof id === 'string' ? s.perms.find((x) => x.id === id) : undefined;
}

export function controlled(s: SpoilsState, p: PlayerId): Perm[] {
  return s.perms.filter((x) => x.controller === p);
}

/** Icons a player's cards provide (311, 405.1): staples their icon, face-down cards Volition (411.1). Never spent (405.6). */
export function iconsOf(s: SpoilsState, p: PlayerId): Record<Icon, number> {
  const out = Object.fromEntries(ICONS.map((i) => [i, 0])) as Record<Icon, number>;
  for (const x of controlled(s, p)) {
    if (x.faceDown) out.Volition += 1;
    else if (isResource(x)) for (const i of defOf(x)!.provides) out[i] += 1;
  }
  return out;
}

export function meetsThreshold(s: SpoilsState, p: PlayerId, t: Threshold): boolean {
  const have = iconsOf(s, p);
  return Object.entries(t).every(([icon, n]) => have[icon as Icon] >= (n ?? 0));
}

export function thresholdText(t: Threshold): string {
  const parts = Object.entries(t)
    .filter(([, n]) => (n ?? 0) > 0)
    .map(([i, n]) => `${n} ${i}`);
  return parts.length > 0 ? parts.join(', ') : 'none';
}

/** 203.3a: only resources not attached to anything can be attached to pay. */
export function unattachedResources(s: SpoilsState, p: PlayerId): Perm[] {
  return controlled(s, p).filter((x) => isResource(x) && x.attachedTo === null);
}

export interface Stats {
  str: number;
  life: number;
  spd: number;
}

/** Battle stats now (201.7): printed, gear attached (201.7c), ongoing rules text, "this turn" effects (602.1b). */
export function statsOf(s: SpoilsState, x: Perm): Stats {
  const d = defOf(x);
  if (!d) return { str: 0, life: 0, spd: 0 };
  const out = { str: d.str ?? 0, life: d.life ?? 0, spd: d.spd ?? 0 };
  for (const a of s.perms) {
    if (a.attachedTo !== x.id) continue;
    const g = defOf(a)?.gear;
    if (g) {
      out.str += g.str;
      out.life += g.life;
      out.spd += g.spd;
    }
  }
  for (const st of d.statics) {
    if (st.kind === 'gains-per-subtype') {
      const k = controlled(s, x.controller).filter((y) => defOf(y)?.subtypes.includes(st.subtype)).length;
      out.str += st.str * k;
      out.life += st.life * k;
    } else if (st.kind === 'gains-while-opponent-controls-character') {
      if (controlled(s, opponentOf(s, x.controller)).some(isCharacter)) {
        out.str += st.str;
        out.life += st.life;
      }
    } else if (st.kind === 'gains' && meetsThreshold(s, x.controller, st.threshold)) {
      out.str += st.str;
      out.life += st.life;
    }
  }
  for (const e of s.effects) {
    if (e.target !== x.id) continue;
    out.str += e.str;
    out.life += e.life;
    out.spd += e.spd;
  }
  return { str: Math.max(0, out.str), life: Math.max(0, out.life), spd: Math.max(0, out.spd) };
}

/** Statics of the cards a player controls. */
function staticsOf(s: SpoilsState, p: PlayerId) {
  return controlled(s, p).flatMap((x) => defOf(x)?.statics ?? []);
}

export interface CostBreakdown {
  /** The cost number (0 if none, 406.2), or the Flip Up cost (406.7). */
  start: number;
  /** "pay" extra costs added to the running total (406.3). */
  added: number;
  increases: number;
  reductions: number;
  /** Increases first, then reductions, never below 0 (406.3, 410.3, 406.6). */
  total: number;
}

/** The numeric cost of a card being played by `p` (406.3); with Flip Up the total starts at its Flip Up cost (406.7). */
export function cardCost(s: SpoilsState, p: PlayerId, d: CardDef, flipUp: boolean): CostBreakdown {
  const start = flipUp ? (keywordOf(d, 'flip-up')?.cost ?? 0) : (d.cost ?? 0);
  const added = d.playCost.reduce((n, c) => n + (c.kind === 'pay' ? c.n : 0), 0);
  let increases = 0;
  for (const st of staticsOf(s, opponentOf(s, p)))
    if (st.kind === 'opponent-cost-increase' && d.types.includes(st.appliesTo)) increases += st.n;
  let reductions = 0;
  for (const st of staticsOf(s, p))
    if (st.kind === 'cost-reduction' && d.types.includes(st.appliesTo)) reductions += st.n;
  return { start, added, increases, reductions, total: Math.max(0, start + added + increases - reductions) };
}

/** An ability's numeric cost: none unless its costs say "pay" (406.4). */
export function abilityCost(costs: readonly ExtraCost[]): number {
  return costs.reduce((n, c) => n + (c.kind === 'pay' ? c.n : 0), 0);
}

/** 505.1: what the opponent's "must pay N for each attacking party" requirements add up to (505.2b: all apply). */
export function attackRequirement(s: SpoilsState, attacker: PlayerId): number {
  return staticsOf(s, opponentOf(s, attacker)).reduce(
    (n, st) => n + (st.kind === 'opponent-attack-requirement' ? st.pay : 0),
    0,
  );
}

/** 408.3b: reductions of damage inflicted to a faction, from cards either player controls. */
export function factionDamageReduction(s: SpoilsState): number {
  return s.perms
    .flatMap((x) => defOf(x)?.statics ?? [])
    .reduce((n, st) => n + (st.kind === 'faction-damage-reduction' ? st.n : 0), 0);
}

/** 608.1b: not depleted and controlled since the start of the turn (602.1c). */
export function canAttack(s: SpoilsState, x: Perm, p: PlayerId): boolean {
  return x.controller === p && isCharacter(x) && !x.depleted && x.canAttack;
}

export function hasKw(x: Perm, kw: Parameters<typeof hasKeyword>[1]): boolean {
  const d = defOf(x);
  return d !== null && hasKeyword(d, kw);
}

/** 608.1d with 507.3b/c and 412.1: may `x` join the blocking party? Returns the rule that forbids it, or null. */
export function blockForbiddenBy(s: SpoilsState, x: Perm): string | null {
  const b = s.battle;
  if (!b) return '608.1d';
  if (x.controller !== b.defender || !isCharacter(x)) return '608.1d';
  if (x.depleted) return '608.1d';
  if (b.blockers.includes(x.id)) return '608.1d';
  const party = b.attackers.map((id) => perm(s, id)).filter((y): y is Perm => y !== undefined);
  if (party.length > 0 && party.every((y) => hasKw(y, 'cannot-be-blocked'))) return '412.1';
  if (b.covert && !hasKw(x, 'covert')) return '507.3b';
  if (!b.covert && hasKw(x, 'covert')) return '507.3c';
  return null;
}

/** 310/402.3a: cards in play matching a pick. Factions are never picked unless named (202.9a). */
export function pickable(s: SpoilsState, p: PlayerId, spec: PickSpec): Perm[] {
  return s.perms.filter((x) => {
    if (isFaction(x)) return false;
    if (
      spec.type === 'character'
        ? !isCharacter(x)
        : spec.type === 'location'
          ? !isLocation(x)
          : !hasType(x, 'item')
    )
      return false;
    if (spec.controller === 'you' && x.controller !== p) return false;
    if (spec.controller === 'opponent' && x.controller === p) return false;
    if (spec.maxStrength !== undefined && statsOf(s, x).str > spec.maxStrength) return false;
    return true;
  });
}

/** The pick a card or ability needs: its own pick cost, or the Attach-to target (507.2a). */
export function pickSpecOf(d: CardDef | null, costs: readonly ExtraCost[]): PickSpec | null {
  const attach = d ? keywordOf(d, 'attach-to') : undefined;
  if (attach) return { type: attach.type, controller: 'any' };
  const c = costs.find((x): x is Extract<ExtraCost, { kind: 'pick' }> => x.kind === 'pick');
  return c ? c.pick : null;
}

/** The first-of-a-kind icon order of a threshold, as printed: "[Rage Rage]" */
export function describeThreshold(t: Threshold): string {
  return Object.entries(t)
    .flatMap(([i, n]) => Array.from({ length: n ?? 0 }, () => i))
    .join(' ');
}

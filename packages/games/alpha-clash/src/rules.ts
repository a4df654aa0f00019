// Read-only rules queries: card definitions of the match (test cards, else the pool), current stats (211), keywords,
// costs and payment (115, 202, 408), targets (113, 704.16).
import { isHiddenCard } from '@matchtape/engine';
import type { PlayerId } from '@matchtape/engine';
import { CARD_BY_ID } from './cards/pool';
import type { ACCardDef, TargetSpec } from './cards/types';
import type { KeywordName } from './cards/keywords';
import { locate, opponentOf } from './state';
import { COLORS, type AlphaClashState, type AnyRef, type Color, type Permanent } from './types';

/**
 * The definition of a card id in this match: a scenario's test card (carried by MatchStarted, kept in the state,
 * so every fold in any process finds it), else the pool's (`CARDS`). A viewer's state holds only the test cards it
 * has seen.
 */
export function lookupCard(s: Pick<AlphaClashState, 'testCards'>, id: string): ACCardDef | null {
  for (const t of s.testCards) if (t.card.id === id) return t.card;
  return CARD_BY_ID.get(id) ?? null;
}

/** `lookupCard` for an id the state holds (a bug when it is unknown). */
export function cardDef(s: Pick<AlphaClashState, 'testCards'>, id: string): ACCardDef {
  const d = lookupCard(s, id);
  if (!d) throw new Error(`unknown Alpha Clash card id ${id}`);
  return d;
}

export function defOf(
  s: Pick<AlphaClashState, 'testCards'>,
  ref: AnyRef | null | undefined,
): ACCardDef | null {
  if (!ref || isHiddenCard(ref)) return null;
  return lookupCard(s, ref.cardId);
}

export function contenderId(s: AlphaClashState, p: PlayerId): string | null {
  return s.players[p]?.contender?.card.id ?? null;
}

function thresholdActive(s: AlphaClashState, p: PlayerId, threshold: number | undefined): boolean {
  if (threshold === undefined) return true;
  const c = s.players[p]?.contender;
  return !!c && c.health <= threshold;
}

/** Static bonuses a player's other Clash cards get (Magnate, the Tyrant; Contender {10} abilities). */
function alliesBonus(
  s: AlphaClashState,
  p: PlayerId,
  exceptId: string,
  stat: 'alliesAtk' | 'alliesDef',
): number {
  const ps = s.players[p]!;
  let n = 0;
  for (const perm of ps.clash) {
    if (perm.card.id === exceptId || perm.defeated) continue;
    const v = defOf(s, perm.card)?.static?.[stat];
    if (v) n += v;
  }
  const cd = defOf(s, ps.contender?.card);
  if (cd?.static?.[stat] && thresholdActive(s, p, cd.static.threshold)) n += cd.static[stat]!;
  return n;
}

export function effectMod(s: AlphaClashState, id: string, stat: 'atk' | 'def'): number {
  let n = 0;
  for (const e of s.effects) if (e.target === id) n += e[stat];
  return n;
}

function weaponBonus(s: AlphaClashState, perm: Permanent, stat: 'atk' | 'def'): number {
  if (!perm.weapon) return 0;
  const w = locate(s, perm.weapon);
  if (!w || w.kind !== 'perm') return 0;
  return defOf(s, w.perm.card)?.attach?.[stat] ?? 0;
}

/** Current attack power (211.1b): printed + modifiers. May be negative; negative ATK deals 0 (107.1b). */
export function currentAtk(s: AlphaClashState, id: string): number {
  const l = locate(s, id);
  if (!l) return 0;
  if (l.kind === 'contender') return (defOf(s, l.contender.card)?.atk ?? 0) + effectMod(s, id, 'atk');
  const d = defOf(s, l.perm.card);
  if (!d) return 0;
  return (
    (d.atk ?? 0) +
    weaponBonus(s, l.perm, 'atk') +
    effectMod(s, id, 'atk') +
    (l.kind === 'perm' && l.zone === 'clash' ? alliesBonus(s, l.player, id, 'alliesAtk') : 0)
  );
}

/** Current defense (211, 117): printed + modifiers − damage. A Clash card at 0 or less is defeated (117.4). */
export function currentDef(s: AlphaClashState, id: string): number {
  const l = locate(s, id);
  if (!l) return 0;
  if (l.kind === 'contender')
    return (
      (defOf(s, l.contender.card)?.def ?? 0) +
      effectMod(s, id, 'def') -
      l.contender.damage -
      l.contender.clashDamage
    );
  const d = defOf(s, l.perm.card);
  if (!d) return 0;
  const base =
    (d.def ?? 0) +
    weaponBonus(s, l.perm, 'def') +
    effectMod(s, id, 'def') +
    (l.kind === 'perm' && l.zone === 'clash' ? alliesBonus(s, l.player, id, 'alliesDef') : 0);
  return base - l.perm.damage - l.perm.clashDamage;
}

export function keywordValue(s: AlphaClashState, id: string, k: KeywordName): number | null {
  const l = locate(s, id);
  if (!l) return null;
  const d = defOf(s, l.kind === 'contender' ? l.contender.card : l.perm.card);
  if (!d) return null;
  let best: number | null = null;
  // Numbered abilities don't stack: the highest applies (704.2d); other duplicates are redundant.
  for (const kw of d.keywords) if (kw.k === k) best = Math.max(best ?? 0, kw.x ?? 0);
  for (const e of s.effects) if (e.target === id && e.grant.includes(k)) best = Math.max(best ?? 0, 0);
  return best;
}

export function has(s: AlphaClashState, id: string, k: KeywordName): boolean {
  return keywordValue(s, id, k) !== null;
}

// ---- Costs and payment ----

export interface Cost {
  total: number;
  gems: Partial<Record<Color, number>>;
  health: number;
}

function resourceColors(s: AlphaClashState, perm: Permanent): Color[] {
  return defOf(s, perm.card)?.colors ?? [];
}

/**
 * Can the payment that has engaged `chosen` so far be completed from `ready` (every ready resource, chosen
 * included)? A payment is `cost.total` distinct ready resources, each generating one resource of one of its
 * colours (408.6, 408.7b), with every gem paid by a resource of its colour (107.4a, 202.2). Gems are matched to
 * resources preferring ones already chosen; the rest of the total is generic and any resource pays it.
 */
export function canComplete(
  s: AlphaClashState,
  ready: readonly Permanent[],
  chosen: readonly string[],
  cost: Cost,
): boolean {
  if (chosen.length > cost.total || ready.length < cost.total) return false;
  const units: Color[] = [];
  for (const c of COLORS) for (let k = 0; k < (cost.gems[c] ?? 0); k++) units.push(c);
  if (units.length > cost.total) return false;
  const budget = cost.total - chosen.length;
  const used = new Set<string>();
  // Depth-first over gem units (a handful): each takes a distinct resource of its colour; taking one not yet
  // chosen spends one of the slots still open.
  const go = (i: number, outside: number): boolean => {
    if (outside > budget) return false;
    if (i === units.length) return true;
    for (const r of ready) {
      const id = r.card.id;
      if (used.has(id) || !resourceColors(s, r).includes(units[i]!)) continue;
      used.add(id);
      const okay = go(i + 1, outside + (chosen.includes(id) ? 0 : 1));
      used.delete(id);
      if (okay) return true;
    }
    return false;
  };
  return go(0, 0);
}

export function readyResources(s: AlphaClashState, p: PlayerId): Permanent[] {
  return s.players[p]!.resources.filter((r) => !r.engaged);
}

/**
 * The ready resources `p` may engage next towards `cost` after `chosen` (408.7): each keeps the payment completable.
 */
export function payableNext(
  s: AlphaClashState,
  p: PlayerId,
  cost: Cost,
  chosen: readonly string[],
): string[] {
  // Resources already engaged for this payment count as part of it.
  const ready = s.players[p]!.resources.filter((r) => !r.engaged || chosen.includes(r.card.id));
  return ready
    .filter((r) => !chosen.includes(r.card.id) && canComplete(s, ready, [...chosen, r.card.id], cost))
    .map((r) => r.card.id);
}

/**
 * How `p` pays `cost`: null when they can't (115.2, 107.4a); the resources when only one set of ready resources
 * can pay it (nothing to choose, 0 included, 115.5); otherwise 'choose': the player engages resources one by one.
 */
export function paymentFor(s: AlphaClashState, p: PlayerId, cost: Cost): string[] | 'choose' | null {
  const ready = readyResources(s, p);
  if (!canComplete(s, ready, [], cost)) return null;
  if (cost.total === 0) return [];
  const usable = payableNext(s, p, cost, []);
  // Exactly `total` resources appear in some payment ⇔ they are the only payment.
  return usable.length === cost.total ? usable : 'choose';
}

export function canPayHealth(s: AlphaClashState, p: PlayerId, amount: number): boolean {
  // 116.4: pay health only with at least that much; 0 is always payable (116.4a).
  return amount === 0 || (s.players[p]!.contender?.health ?? 0) >= amount;
}

/** The cost to pay for a card (601.1f): printed cost, X, and printed reductions (115.6). */
export function cardCost(d: ACCardDef, x: number, s?: AlphaClashState, p?: PlayerId): Cost {
  const base: Cost = { total: d.xCost ? x : d.cost, gems: d.gems, health: d.healthCost ?? 0 };
  if (!s || !p) return base;
  const ps = s.players[p]!;
  const m = d.costMod;
  if (m && 'free' in m) {
    const n =
      m.free === 'characterCount'
        ? ps.clash.filter((c) => !c.defeated && defOf(s, c.card)?.character === m.character).length
        : ps.accessory.filter((a) => !a.faceDown && defOf(s, a.card)?.type === 'Weapon').length;
    if (n >= m.count) return { total: 0, gems: {}, health: base.health };
  } else if (m) {
    // Per unattached Weapon you control (the 115.6 example), or once when enough cards were defeated this turn.
    const times =
      'per' in m
        ? ps.accessory.filter((a) => !a.faceDown && !a.attachedTo && defOf(s, a.card)?.type === 'Weapon')
            .length
        : s.defeatedThisTurn.filter((id) =>
              m.ifDefeatedThisTurn.affiliations.includes(lookupCard(s, id)?.affiliation ?? ''),
            ).length >= m.ifDefeatedThisTurn.count
          ? 1
          : 0;
    if (times > 0) {
      // Reducing a specific cost removes gems and lowers the total by as much; only the gems the card has can be
      // taken off (115.6, whose sub-rules the document prints as 115.3b and 115.3c).
      const gems: Partial<Record<Color, number>> = { ...base.gems };
      let cut = 0;
      for (const c of COLORS) {
        const r = Math.min(gems[c] ?? 0, (m.reduceGems[c] ?? 0) * times);
        if (r > 0) gems[c] = (gems[c] ?? 0) - r;
        cut += r;
      }
      return { total: Math.max(0, base.total - cut), gems, health: base.health };
    }
  }
  if (
    d.type === 'Trap' &&
    gemCount(d.gems) === 1 &&
    ps.clash.some((c) => !c.defeated && defOf(s, c.card)?.freeOneGemTraps)
  )
    return { total: 0, gems: {}, health: base.health };
  return base;
}

export function gemCount(gems: Partial<Record<Color, number>>): number {
  return COLORS.reduce((n, c) => n + (gems[c] ?? 0), 0);
}

export function attachCost(s: AlphaClashState, d: ACCardDef): Cost {
  const a = d.attach ?? { cost: 0, gems: {} };
  // United Nations Headquarters: one-gem Weapon attach costs become 0 (static of the active Clashground).
  if (gemCount(a.gems) === 1 && defOf(s, s.clashground?.card)?.static?.freeOneGemAttach)
    return { total: 0, gems: {}, health: 0 };
  return { total: a.cost, gems: a.gems, health: 0 };
}

// ---- Targets ----

/** Clash cards in play and not defeated, in table order (p1's zone, then p2's…). */
export function clashCards(s: AlphaClashState, who?: PlayerId): Permanent[] {
  const out: Permanent[] = [];
  for (const p of s.order)
    if (who === undefined || p === who) out.push(...s.players[p]!.clash.filter((x) => !x.defeated));
  return out;
}

/** Legal targets of an effect controlled by `p` (113; Safeguard 704.16). */
export function legalTargets(s: AlphaClashState, p: PlayerId, spec: TargetSpec): string[] {
  const opp = opponentOf(s, p);
  const safe = (id: string, controller: PlayerId) => controller === p || !has(s, id, 'Safeguard');
  const clash = (who?: PlayerId) =>
    clashCards(s, who)
      .filter((c) => safe(c.card.id, c.controller))
      .map((c) => c.card.id);
  const contenders = (who?: PlayerId) =>
    s.order
      .filter((q) => who === undefined || q === who)
      .map((q) => contenderId(s, q)!)
      .filter(Boolean);
  const top = s.standby[s.standby.length - 1];
  switch (spec) {
    case 'none':
      return [];
    case 'ownClashOrContender':
      return [...contenders(p), ...clash(p)];
    case 'ownClash':
      return clash(p);
    case 'anyClash':
      return clash();
    case 'anyClashOrContender':
      return [...contenders(), ...clash()];
    case 'anyContender':
      return contenders();
    case 'standbyCard':
      return top && top.kind === 'card' && top.controller === opp ? [top.sid] : [];
    case 'standbyTrap':
      return top && top.kind === 'trap' && top.controller === opp ? [top.sid] : [];
  }
}

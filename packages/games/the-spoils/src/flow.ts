// What the rules do by themselves: the flow between the points where a player must act (`advance`), the
// continuous checks (102.1, 408.4, 408.5, 507.2e, 507.5a), triggers (503), resolving a card or ability (604.1h,
// 606.1g), effects, damage (408), leaving play with attachments and replacements (301.4, 506), the battle loop
// (609) and turns (602, 610). Every automatic event cites the rule that performs it.
import type { PlayerId, Rng } from '@matchtape/engine';
import type { SpoilsPayloads } from './schemas';
import { isHiddenCard, Draft } from '@matchtape/engine';
import { cardDef } from './cards/pool';
import type { Effect } from './cards/types';
import { evolve } from './evolve';
import type { Leave, MovedCard } from './evolve';
import { nextLocation } from './machine';
import {
  blockForbiddenBy,
  controlled,
  defOf,
  hasKw,
  factionDamageReduction,
  isCharacter,
  isFaction,
  isLocation,
  opponentOf,
  perm,
  statsOf,
  unattachedResources,
} from './rules';
import {
  newPerm,
  type Battle,
  type Card,
  type ChainItem,
  type Payment,
  type PendingTrigger,
  type Perm,
  type SpoilsState,
} from './types';

export type D = Draft<SpoilsState, SpoilsPayloads>;

export function draft(s: SpoilsState, rng: Rng | null): D {
  return new Draft<SpoilsState, SpoilsPayloads>(s, evolve, rng);
}

/** Fresh public ids: `c<n>` from the state's counter (ids carry no identity, see types.ts). */
export function freshIds(d: D, n: number): { ids: string[]; serial: number } {
  const base = d.state.serial;
  return { ids: Array.from({ length: n }, (_, i) => `c${base + i + 1}`), serial: base + n };
}

/**
 * More triggers than this in a row, with no player action in between other than choosing the order of triggers
 * (503.4a: choosing an order cannot stop them), is a loop neither player can end (414.1). Counted across commands
 * in `loopRun`, so a loop through both players' cards, which asks for an order each time, is caught too.
 */
export const LOOP_LIMIT = 200;

export function endMatch(
  d: D,
  winner: PlayerId | null,
  result: string,
  rule: string,
  losers: PlayerId[] = [],
): void {
  if (d.state.status === 'ended') return;
  d.auto('MatchEnded', { winner, result, losers, seed: '' }, rule);
}

// ── Cards moving ───────────────────────────────────────────────────────────────────────────────────────

/** 306.1–306.3: the top n cards, as one group; a short deck just fails to draw the rest (306.2). */
export function drawCards(d: D, p: PlayerId, n: number, rule: string): void {
  if (n <= 0) return;
  const deck = d.state.players[p]!.deck;
  const top = deck.slice(0, n);
  const { ids, serial } = freshIds(d, top.length);
  const moves: MovedCard[] = top.map((c, i) => ({
    fromId: c.id,
    id: ids[i]!,
    cardId: 'cardId' in c ? c.cardId : null,
  }));
  d.auto('CardsDrawn', { player: p, moves, failed: n - top.length, serial }, n > top.length ? '306.2' : rule);
}

/** Leaves play with everything attached to it, the same way (301.4, 301.4a), applying replacements (506). */
export function leavePlay(
  d: D,
  ids: string[],
  rule: string,
  opts: { cost?: boolean; reason: 'destroyed' | 'returned' } = { reason: 'destroyed' },
): void {
  const s = d.state;
  const all: Perm[] = [];
  const visit = (id: string) => {
    const x = perm(s, id);
    if (!x || all.includes(x) || isFaction(x)) return;
    all.push(x);
    for (const a of s.perms) if (a.attachedTo === id) visit(a.id);
  };
  for (const id of ids) visit(id);
  if (all.length === 0) return;
  let serial = s.serial;
  const leaves: Leave[] = all.map((x) => {
    const d0 = defOf(x);
    if (x.token) return { id: x.id, owner: x.owner, cardId: x.cardId, to: 'gone' };
    // 506.2: replacements don't apply to extra costs, but attached cards' replacements still do (506.2a).
    const own = opts.cost && ids.includes(x.id);
    const rep = own ? undefined : d0?.replacements.find((r) => r.kind === 'discard-from-play');
    if (rep?.instead === 'flip-face-down') {
      serial += 1;
      return {
        id: x.id,
        owner: x.owner,
        cardId: x.cardId,
        to: 'face-down',
        newId: `c${serial}`,
        newCardId: x.cardId,
        controller: x.controller,
      };
    }
    if (rep?.instead === 'remove-from-game')
      return { id: x.id, owner: x.owner, cardId: x.cardId, to: 'out-of-game' };
    return { id: x.id, owner: x.owner, cardId: x.cardId, to: 'discard' };
  });
  const replaced = leaves.some((l) => l.to === 'face-down' || l.to === 'out-of-game');
  d.auto('CardsLeftPlay', { leaves, reason: opts.reason, serial }, replaced ? '506.1' : rule);
  // 503.1: "when this leaves play" triggers, controlled by who controlled the card as it left; raised during a
  // payment they wait until the costs are completely satisfied (503.3: settle holds them while a payment is open).
  for (const x of all) defOf(x)?.triggers.forEach((t, i) => t.when === 'leaves-play' && raise(d, x, i));
  for (const l of leaves) if (l.to === 'face-down') enteredPlay(d, l.newId!, false);
}

/** Triggers of cards that watch something enter play (604.3, 605.3: together), and unique checks via sbe. */
function enteredPlay(d: D, id: string, own: boolean): void {
  const x = perm(d.state, id);
  if (!x) return;
  const def = defOf(x);
  if (own && def) def.triggers.forEach((t, i) => t.when === 'enters-play' && raise(d, x, i));
  if (x.token)
    for (const w of d.state.perms)
      defOf(w)?.triggers.forEach((t, i) => t.when === 'token-enters-play' && raise(d, w, i));
}

export function raise(d: D, source: Perm, index: number): void {
  const def = defOf(source)!;
  const t = def.triggers[index]!;
  const { ids, serial } = freshIds(d, 1);
  const trigger: PendingTrigger = {
    tid: ids[0]!,
    controller: source.controller,
    source: source.id,
    sourceCardId: def.id,
    trigger: index,
    label: `${def.name}: ${t.section ?? t.when}`,
  };
  d.auto('TriggerRaised', { trigger, serial }, '503.1');
}

// ── Damage ─────────────────────────────────────────────────────────────────────────────────────────────

/** 408: nothing for 0 (408.1); faction damage is influence lost (408.3) after reductions (408.3b). */
export function inflict(d: D, source: string | null, target: string, amount: number, battle: boolean): void {
  if (amount <= 0) return;
  const t = perm(d.state, target);
  if (!t) return;
  if (isFaction(t)) {
    const final = Math.max(0, amount - factionDamageReduction(d.state));
    if (final === 0) return; // 408.2a
    d.auto(
      'DamageInflicted',
      { source, target, targetKind: 'faction', raw: amount, amount: final, battle },
      battle ? '609.1f' : '408.3',
    );
    d.auto(
      'InfluenceLost',
      { faction: target, player: t.owner, amount: final, influence: Math.max(0, (t.influence ?? 0) - final) },
      '408.3',
    );
    return;
  }
  const kind = isCharacter(t) ? 'character' : isLocation(t) ? 'location' : 'other';
  d.auto(
    'DamageInflicted',
    { source, target, targetKind: kind, raw: amount, amount, battle },
    battle ? '609.1f' : kind === 'location' ? '408.5' : '408.4',
  );
}

// ── Continuous checks and triggers ─────────────────────────────────────────────────────────────────────

/** The checks that apply at once whenever they become true. Returns true when something happened. */
function sbe(d: D): boolean {
  const s = d.state;
  // 102.1 / 408.3a: a faction at 0 influence loses; 102.2: everyone at once is a draw.
  const losers = s.perms.filter((x) => isFaction(x) && (x.influence ?? 1) <= 0).map((x) => x.owner);
  if (losers.length > 0) {
    const left = s.order.filter((p) => !losers.includes(p));
    if (left.length === 0)
      endMatch(d, null, `draw: every faction reached 0 influence (102.2)`, '102.2', losers);
    else
      endMatch(
        d,
        left[0]!,
        `${left[0]} wins: ${losers.join(', ')} reached 0 influence (102.1)`,
        '102.1',
        losers,
      );
    return true;
  }
  // 408.4 / 408.5: damage at or above life (this turn) or structure (this game) destroys.
  const dead = s.perms.filter(
    (x) =>
      (isCharacter(x) && x.damage >= statsOf(s, x).life) ||
      (isLocation(x) && x.damage >= (defOf(x)!.structure ?? 0)),
  );
  if (dead.length > 0) {
    leavePlay(
      d,
      dead.map((x) => x.id),
      dead.some(isCharacter) ? '408.4' : '408.5',
    );
    return true;
  }
  // 507.2e: an attachment whose target is no longer a character is destroyed.
  const loose = s.perms.filter((x) => {
    const k = defOf(x)?.keywords.find((k) => k.kw === 'attach-to');
    if (!k || x.attachedTo === null) return false;
    const host = perm(s, x.attachedTo);
    return !host || !isCharacter(host);
  });
  if (loose.length > 0) {
    leavePlay(
      d,
      loose.map((x) => x.id),
      '507.2e',
    );
    return true;
  }
  // 507.5a: two cards with the same unique identifier under one player: they choose one to keep.
  if (s.prompt === null && s.payment === null) {
    for (const p of s.order) {
      const byId = new Map<string, string[]>();
      for (const x of controlled(s, p)) {
        const u = defOf(x)?.keywords.find((k) => k.kw === 'unique');
        if (u && u.kw === 'unique') byId.set(u.id, [...(byId.get(u.id) ?? []), x.id]);
      }
      for (const ids of byId.values())
        if (ids.length > 1) {
          d.auto(
            'PromptOpened',
            { prompt: { kind: 'keep-unique', player: p, rule: '507.5a', ids } },
            '507.5a',
          );
          return true;
        }
    }
  }
  return false;
}

/** Continuous checks, then pending triggers one at a time (503.4), until a player must decide something. */
export function settle(d: D): void {
  for (;;) {
    if (d.state.status === 'ended') return;
    if (sbe(d)) continue;
    const s = d.state;
    if (s.prompt || s.payment) return;
    if (s.triggers.length === 0) return;
    const ts = s.triggers;
    const same = ts.every(
      (t) =>
        t.sourceCardId === ts[0]!.sourceCardId &&
        t.trigger === ts[0]!.trigger &&
        t.controller === ts[0]!.controller,
    );
    if (ts.length > 1 && !same) {
      // 503.4: the controller orders its own triggers; the active player orders mixed ones.
      const decider = ts.every((t) => t.controller === ts[0]!.controller)
        ? ts[0]!.controller
        : s.activePlayer!;
      const rule = s.phase === 'start-of-turn' ? '602.2' : '503.4';
      d.auto('PromptOpened', { prompt: { kind: 'order-triggers', player: decider, rule } }, rule);
      return;
    }
    resolveTrigger(d, ts[0]!);
  }
}

export function resolveTrigger(d: D, t: PendingTrigger): void {
  if (d.state.loopRun >= LOOP_LIMIT) {
    endMatch(
      d,
      null,
      `draw: ${t.label} keeps triggering itself in a loop neither player can end (414.1)`,
      '414.1',
    );
    return;
  }
  d.auto(
    'TriggerHappened',
    { tid: t.tid, source: t.source, label: t.label, controller: t.controller },
    '503.1',
  );
  const def = cardDef(t.sourceCardId);
  const trig = def.triggers[t.trigger]!;
  runEffects(d, trig.effect, {
    controller: t.controller,
    source: t.source,
    picked: null,
    rule:
      trig.section === 'Restore Rule'
        ? '202.7'
        : trig.section === 'Develop Rule'
          ? '202.8'
          : ruleOfTrigger(trig.when),
  });
}

function ruleOfTrigger(when: string): string {
  switch (when) {
    case 'start-of-your-turn':
      return '602.2';
    case 'end-of-your-turn':
      return '610.1a';
    case 'you-play-a-resource':
      return '605.1c';
    default:
      return '503.1';
  }
}

// ── Effects ────────────────────────────────────────────────────────────────────────────────────────────

export interface EffectCtx {
  controller: PlayerId;
  source: string | null;
  picked: string | null;
  rule: string;
}

/** Follows the instructions in order, as many as it can (402.5); effects never fizzle (402.5a). */
export function runEffects(d: D, effects: readonly Effect[], ctx: EffectCtx): void {
  for (const e of effects) {
    if (d.state.status === 'ended') return;
    const s = d.state;
    const picked = ctx.picked ? perm(s, ctx.picked) : undefined;
    switch (e.do) {
      case 'draw':
        drawCards(d, ctx.controller, e.n, ctx.rule === '503.1' ? '306.1' : ctx.rule);
        break;
      case 'damage':
        if (e.to === 'picked') {
          // 402.4: an effect loses track of a card that changed zones; 208.2: it must still be a character.
          if (picked && isCharacter(picked)) inflict(d, ctx.source, picked.id, e.n, false);
        } else inflict(d, ctx.source, s.players[opponentOf(s, ctx.controller)]!.faction, e.n, false);
        break;
      case 'lose-influence': {
        const f = perm(s, s.players[opponentOf(s, ctx.controller)]!.faction)!;
        d.auto(
          'InfluenceLost',
          { faction: f.id, player: f.owner, amount: e.n, influence: Math.max(0, (f.influence ?? 0) - e.n) },
          '408.3b',
        );
        break;
      }
      case 'stats':
        if (picked && isCharacter(picked))
          d.auto(
            'TurnEffectAdded',
            { effect: { target: picked.id, str: e.str, life: e.life, spd: e.spd } },
            '602.1b',
          );
        break;
      case 'token': {
        const { ids, serial } = freshIds(d, 1);
        const x = newPerm(ids[0]!, e.token, ctx.controller, ctx.controller, { token: true });
        d.auto('TokenCreated', { perm: x, serial }, '409.3c');
        enteredPlay(d, x.id, true);
        break;
      }
      case 'add-tokens':
        if (ctx.source && perm(s, ctx.source))
          d.auto('TokensChanged', { card: ctx.source, kind: e.kind, delta: e.n }, '409.1');
        break;
      case 'control':
        if (picked && picked.controller !== ctx.controller) {
          d.auto(
            'ControlChanged',
            {
              card: picked.id,
              from: picked.controller,
              to: ctx.controller,
              inBattle: !!s.battle && [...s.battle.attackers, ...s.battle.blockers].includes(picked.id),
            },
            s.battle?.target === picked.id ? '407.5' : '407.3',
          );
        }
        break;
      case 'restore-rule': {
        const f = s.players[ctx.controller]!.faction;
        const attached = s.perms.filter((x) => x.attachedTo === f).map((x) => x.id);
        if (attached.length > 0) d.auto('CardsDetached', { ids: attached, from: f }, '202.7');
        const depleted = controlled(d.state, ctx.controller)
          .filter((x) => x.depleted)
          .map((x) => x.id);
        if (depleted.length > 0) d.auto('CardsRestored', { ids: depleted }, '303.3');
        break;
      }
      case 'develop-rule':
        d.auto(
          'PromptOpened',
          { prompt: { kind: 'develop', player: ctx.controller, rule: '202.8' } },
          '202.8',
        );
        break;
      case 'discard-hand': {
        // 305: from the owner's hand to their discard pile; several cards enter it at the same time.
        const who = e.who === 'you' ? ctx.controller : opponentOf(s, ctx.controller);
        const cards = s.players[who]!.hand.filter((c): c is Card => !isHiddenCard(c));
        if (cards.length > 0) d.auto('CardsDiscarded', { player: who, cards }, '305');
        break;
      }
      case 'terminate': {
        // 314: stop the card or ability this responds to before it resolves; a card goes to its owner's discard pile.
        // A resolving tactic is still the newest response (604.1h); a resolving ability has already left (606.1g);
        // a trigger responds to nothing (503.2).
        const depth = ctx.rule === '604.1h' ? 2 : ctx.rule === '606.1g' ? 1 : 0;
        const below = depth > 0 ? s.chain[s.chain.length - depth] : undefined;
        if (below && below.kind !== 'end-turn')
          d.auto(
            'ItemTerminated',
            {
              iid: below.iid,
              to: below.card ? 'discard' : null,
              label: below.label,
              ...(below.card ? { owner: ownerOfChainCard(s, below) } : {}),
            },
            '314',
          );
        break;
      }
      case 'search':
        d.auto(
          'PromptOpened',
          { prompt: { kind: 'search', player: ctx.controller, rule: '312.2', type: e.type } },
          '312.2',
        );
        break;
      case 'bid': {
        const ap = s.activePlayer!;
        d.auto(
          'PromptOpened',
          {
            prompt: {
              kind: 'bid',
              player: ap,
              rule: '413.1',
              high: -1,
              leader: null,
              passed: [],
              prizeDraw: e.prize.draw,
            },
          },
          '413.1a',
        );
        break;
      }
    }
  }
}

// ── The response chain (607) ───────────────────────────────────────────────────────────────────────────

/** The player who may respond now: the opponent of whoever controls the newest item (607.1, 607.2a). */
export function responder(s: SpoilsState): PlayerId | null {
  const top = s.chain[s.chain.length - 1];
  return top ? opponentOf(s, top.controller) : null;
}

/** The newest item resolves (604.1h, 606.1g, 610.1). */
export function resolveTop(d: D): void {
  const item = d.state.chain[d.state.chain.length - 1]!;
  if (item.kind === 'end-turn') {
    d.auto('ItemResolved', { iid: item.iid, to: null, label: item.label }, '610.1');
    return;
  }
  if (item.kind === 'ability') {
    const def = cardDef(item.sourceCardId!);
    const ab = def.abilities[item.ability!]!;
    d.auto('ItemResolved', { iid: item.iid, to: null, label: item.label }, '606.1g');
    // 502.4: the text as it was when used, even if the source left play.
    runEffects(d, ab.effect, {
      controller: item.controller,
      source: item.source,
      picked: item.picked,
      rule: '606.1g',
    });
    return;
  }
  const card = item.card!;
  const def = cardDef(card.cardId);
  const owner = ownerOfChainCard(d.state, item);
  if (def.types.includes('tactic')) {
    runEffects(d, def.effect, {
      controller: item.controller,
      source: null,
      picked: item.picked,
      rule: '604.1h',
    });
    d.auto('ItemResolved', { iid: item.iid, to: 'discard', owner, label: item.label }, '205.2');
    return;
  }
  const attach = def.keywords.find((k) => k.kw === 'attach-to');
  let attachedTo: string | null = null;
  if (attach) {
    const host = item.picked ? perm(d.state, item.picked) : undefined;
    if (!host || !isCharacter(host)) {
      d.auto('ItemResolved', { iid: item.iid, to: 'discard', owner, label: item.label }, '507.2c');
      return;
    }
    attachedTo = host.id;
  }
  const x = newPerm(card.id, card.cardId, owner, item.controller, { attachedTo });
  d.auto(
    'ItemResolved',
    { iid: item.iid, to: 'play', owner, perm: x, label: item.label },
    def.types.includes('character') ? '204.2' : def.types.includes('item') ? '206.2' : '207.2',
  );
  enteredPlay(d, x.id, true);
}

function ownerOfChainCard(s: SpoilsState, item: ChainItem): PlayerId {
  // Cards are only ever played by their owner in this pool (from hand or their own face-down resource).
  return item.controller ?? s.activePlayer!;
}

// ── Payment ────────────────────────────────────────────────────────────────────────────────────────────

/** Starts paying `total` (406.3a: always last); attaches at once when there is no choice to make. */
export function startPayment(
  d: D,
  p: PlayerId,
  total: number,
  purpose: Payment['purpose'],
  breakdown: Record<string, number>,
  draw?: number,
): void {
  if (total <= 0) return;
  const payment: Payment =
    draw === undefined
      ? { player: p, total, remaining: total, purpose }
      : { player: p, total, remaining: total, purpose, draw };
  d.auto(
    'PaymentStarted',
    { payment, breakdown },
    purpose === 'party' ? '505.1' : purpose === 'bid' ? '413.1' : '406.3',
  );
  const free = unattachedResources(d.state, p);
  if (free.length <= total)
    attach(
      d,
      free.map((x) => x.id),
      true,
    );
}

/** 203.3 / 309.1: resources attached to the faction; finishing a payment continues what it paid for. */
export function attach(d: D, ids: string[], auto: boolean): void {
  const s = d.state;
  const pay = s.payment!;
  const f = s.players[pay.player]!.faction;
  if (auto) d.auto('ResourcesAttached', { player: pay.player, ids, to: f, payment: true }, '309.1');
  else d.emit('ResourcesAttached', { player: pay.player, ids, to: f, payment: true }, { rule: '309.1' });
  if (d.state.payment === null) {
    if (pay.purpose === 'party') openBattleStep(d, 'pre-block');
    if (pay.purpose === 'bid' && pay.draw) drawCards(d, pay.player, pay.draw, '413.1');
  }
}

// ── Battles (608–609) ──────────────────────────────────────────────────────────────────────────────────

export function openBattleStep(d: D, step: 'pre-block' | 'blockers' | 'window-a' | 'window-b'): void {
  const loc = { 'pre-block': '608.1c', blockers: '608.1d', 'window-a': '609.1a', 'window-b': '609.1e' }[step];
  d.auto('StepEntered', { phase: 'battle', step }, loc);
  if (step !== 'blockers') d.auto('BattleWindowOpened', { player: d.state.battle!.attacker }, loc);
}

function inBattle(s: SpoilsState, b: Battle, id: string): boolean {
  return perm(s, id) !== undefined && (b.attackers.includes(id) || b.blockers.includes(id));
}

/** 609.1b–d: the speed level X, then the assignments nobody has a choice about. */
function speedLevel(d: D): void {
  const s = d.state;
  const b = s.battle!;
  const waiting = [...b.attackers, ...b.blockers].filter(
    (id) => !b.assigned.includes(id) && inBattle(s, b, id),
  );
  const x = Math.max(...waiting.map((id) => statsOf(s, perm(s, id)!).spd));
  const toAssign: Record<string, number> = {};
  for (const id of waiting)
    if (statsOf(s, perm(s, id)!).spd === x) toAssign[id] = statsOf(s, perm(s, id)!).str;
  d.auto('SpeedLevelFound', { speed: x, toAssign }, '609.1b');
  autoAssign(d);
}

/** Targets a character's battle damage may go to now (609.1c–d, 609.2). */
export function damageTargets(s: SpoilsState, source: string): string[] {
  const b = s.battle!;
  if (b.attackers.includes(source)) {
    const blockers = b.blockers.filter((id) => perm(s, id));
    if (blockers.length > 0) return blockers;
    // 609.1c: no members left in the blocking party → the target of the attack (407.5: unless it changed controller).
    return b.target && perm(s, b.target) ? [b.target] : [];
  }
  return b.attackers.filter((id) => perm(s, id));
}

/** Characters with no choice (0 strength, one target, nothing to hit) assign at once (408.1b, 609.2). */
function autoAssign(d: D): void {
  const b0 = d.state.battle!;
  for (const [id, amount] of Object.entries(b0.toAssign)) {
    const targets = damageTargets(d.state, id);
    if (amount === 0 || targets.length === 0)
      d.auto('BattleDamageAssigned', { source: id, target: null, amount }, amount === 0 ? '408.1b' : '609.2');
    else if (targets.length === 1)
      d.auto(
        'BattleDamageAssigned',
        { source: id, target: targets[0]!, amount },
        b0.attackers.includes(id) ? '609.1c' : '609.1d',
      );
  }
}

/** 609.1f: everything assigned is inflicted at once, summed per target. */
function inflictBattleDamage(d: D): void {
  const b = d.state.battle!;
  const sums = new Map<string, { amount: number; sources: string[] }>();
  for (const x of b.pending) {
    if (!perm(d.state, x.source) || !perm(d.state, x.target)) continue;
    const cur = sums.get(x.target) ?? { amount: 0, sources: [] };
    sums.set(x.target, { amount: cur.amount + x.amount, sources: [...cur.sources, x.source] });
  }
  for (const [target, v] of sums)
    inflict(d, v.sources.length === 1 ? v.sources[0]! : null, target, v.amount, true);
  d.auto('BattleDamageCleared', {}, '609.1f');
}

// ── Moving on ──────────────────────────────────────────────────────────────────────────────────────────

function enter(d: D, rule?: string): void {
  const next = nextLocation(d.state);
  if (!next) return;
  d.auto('StepEntered', { phase: next.phase, step: next.step }, rule ?? next.rule);
}

export function startTurn(d: D, p: PlayerId): void {
  const s = d.state;
  const turn = s.turn + 1;
  if (s.turnLimit > 0 && turn > s.turnLimit) {
    // Time limits are tournament policy (104 leaves them to the Tournament Rules): the match option turnLimit
    // ends the match in a draw.
    endMatch(
      d,
      null,
      `draw: the match option turnLimit (${s.turnLimit} turns) was reached (tournament policy, 104: the rules of play have no turn limit)`,
      '104',
    );
    return;
  }
  const cleared = s.perms.filter((x) => isCharacter(x) && x.damage > 0).map((x) => x.id);
  d.auto('TurnStarted', { turn, player: p, cleared }, '602.1');
  d.auto('StepEntered', { phase: 'start-of-turn', step: null }, '602.1');
  // 602.2: all "at the start of your turn" triggers at once, ordered by the active player.
  for (const x of controlled(d.state, p))
    defOf(x)?.triggers.forEach((t, i) => t.when === 'start-of-your-turn' && raise(d, x, i));
}

/** Runs the rules until a player must act. */
export function advance(d: D): void {
  for (let guard = 0; guard < 10_000; guard++) {
    settle(d);
    const s = d.state;
    if (s.status === 'ended' || s.prompt || s.payment || s.chain.length > 0) return;
    if (s.triggers.length > 0) return;
    switch (s.phase) {
      case 'start-of-turn':
        enter(d);
        return;
      case 'main':
        if (s.endAnnounced) {
          enter(d); // 610.1: the turn actually ends
          for (const x of controlled(d.state, s.activePlayer!))
            defOf(x)?.triggers.forEach((t, i) => t.when === 'end-of-your-turn' && raise(d, x, i));
          continue;
        }
        return;
      case 'end-of-turn':
        startTurn(d, opponentOf(s, s.activePlayer!));
        continue;
      case 'battle': {
        const b = s.battle!;
        if (b.attackers.length === 0 && s.step !== 'attackers' && s.step !== 'window-b') {
          endBattle(d, '609.1g');
          return;
        }
        if (s.step === 'attackers') return;
        if (s.step === 'blockers') {
          // 608.1d / 412.1: with no character able to block there is nothing to choose.
          if (s.perms.some((x) => blockForbiddenBy(s, x) === null)) return;
          const all = b.attackers.map((id) => perm(s, id)).filter((x): x is Perm => x !== undefined);
          const theirs = controlled(s, b.defender).filter((x) => isCharacter(x) && !x.depleted);
          const why =
            all.length > 0 && all.every((x) => hasKw(x, 'cannot-be-blocked'))
              ? '412.1'
              : theirs.length === 0
                ? '608.1d'
                : b.covert
                  ? '507.3b'
                  : '507.3c';
          d.auto('BlockingPartyFormed', { blockers: [] }, why);
          openBattleStep(d, 'window-a');
          continue;
        }
        if (s.step === 'pre-block' || s.step === 'window-a' || s.step === 'window-b') {
          if (b.windowHolder !== null) return;
          if (s.step === 'pre-block') {
            openBattleStep(d, 'blockers');
            continue;
          }
          if (s.step === 'window-a') {
            speedLevel(d);
            enter(d);
            if (d.state.step === 'window-b') d.auto('BattleWindowOpened', { player: b.attacker }, '609.1e');
            continue;
          }
          inflictBattleDamage(d);
          settle(d);
          if (d.state.status === 'ended') return;
          const next = nextLocation(d.state);
          if (next?.step === 'window-a') openBattleStep(d, 'window-a');
          else endBattle(d);
          continue;
        }
        // assign-attackers / assign-blockers: wait while someone still has a choice.
        const side = s.step === 'assign-attackers' ? b.attackers : b.blockers;
        if (side.some((id) => (b.toAssign[id] ?? 0) > 0 && perm(s, id))) return;
        enter(d);
        if (d.state.step === 'window-b') d.auto('BattleWindowOpened', { player: b.attacker }, '609.1e');
        continue;
      }
      default:
        return;
    }
  }
  throw new Error('the-spoils: advance() did not reach a decision point');
}

/** 609.1h: surviving characters in the battle are depleted; back to the turn. */
function endBattle(d: D, rule = '609.1h'): void {
  const b = d.state.battle!;
  const survivors = [...b.attackers, ...b.blockers].filter((id) => {
    const x = perm(d.state, id);
    return x && !x.depleted;
  });
  if (survivors.length > 0) d.auto('CardsDepleted', { ids: survivors }, '609.1h');
  d.auto('BattleEnded', { attacker: b.attacker }, rule);
  d.auto('StepEntered', { phase: 'main', step: null }, rule);
}

// The rules engine behind decide(): a Builder that emits draft events and folds each one at once (so every
// following decision reads the updated state), and `settle`, the loop of automatic actions that runs after each
// command: state-based actions (706), triggers into Standby in APNAP order (603.3b, 409.3), resolution of
// effects nobody can answer, turn-based actions on step entry (705) and the step changes the machine dictates.
import { apnap, Draft, type Decision, type PlayerId, type Rng, type Viewer } from '@matchtape/engine';
import { knowsTestCard, view } from './view';

import type { BaseEffect, DelayedAt, Effect, TriggerTag, Until } from './cards/types';
import { evolve } from './evolve';
import { stepAfter, transitionRule, type MachineEvent } from './machine';
import {
  cardDef,
  clashCards,
  contenderId,
  currentAtk,
  currentDef,
  defOf,
  has,
  keywordValue,
  legalTargets,
} from './rules';
import { locate, opponentOf } from './state';
import type { AlphaClashState, AnyRef, CardRef, StandbyObject } from './types';
import type { AlphaClashPayloads } from './schemas';

export const TURN_LIMIT = 200;

interface QueuedTrigger {
  controller: PlayerId;
  source: string;
  effect: string;
  targets: string[];
  thenPutIntoOblivion: string | null;
  x: number;
  rule: string;
  /** A delayed triggered effect (603.7): its id and own effects. */
  delayed?: { id: string; effects: BaseEffect[]; left?: string[] };
}

/**
 * The kit's Draft (emit folds at once; draws are recorded into the next event's `payload.random`) with the
 * working memory of the settle loop: triggers waiting to go into Standby (603.3b).
 */
export class Builder extends Draft<AlphaClashState, AlphaClashPayloads> {
  queue: QueuedTrigger[] = [];
  constructor(state: AlphaClashState, rng: Rng | null) {
    super(state, evolve, rng);
  }

  /** The working state (input + every emitted event folded). */
  get s(): AlphaClashState {
    return this.state;
  }

  ended(): boolean {
    return this.state.status === 'ended';
  }

  /** The decision; first, a scenario's test cards that became visible to new viewers are revealed to them. */
  override done(): Decision {
    revealTestCards(this);
    return super.done();
  }
}

/**
 * A test card's definition goes to a viewer once a card of its id is in a zone that viewer sees (400.2): public
 * zones reveal it to everyone, a hand to its owner. Until then the viewer gets neither definition nor id.
 */
function revealTestCards(b: Builder): void {
  if (b.s.testCards.length === 0) return;
  const viewers: Viewer[] = [...b.s.order, 'public'];
  const shown = new Map(viewers.map((v) => [v, JSON.stringify({ ...view(b.s, v), testCards: [] })]));
  for (const e of b.s.testCards) {
    const seers = viewers.filter(
      (v) => !knowsTestCard(e.knownTo, v) && shown.get(v)!.includes(`"cardId":"${e.card.id}"`),
    );
    if (seers.length === 0) continue;
    const knownTo = seers.includes('public') ? ['public'] : [...e.knownTo, ...seers];
    b.auto('TestCardRevealed', { card: e.card, knownTo }, '400.2');
  }
}

function machineContext(s: AlphaClashState) {
  return {
    turn: s.turn,
    activePlayer: s.activePlayer,
    startingPlayer: s.startingPlayer,
    players: s.order.length,
    standbyEmpty: s.standby.length === 0,
  };
}

/**
 * Moves the game to the step the machine gives for `event`, citing `rule` or else the rule on the machine's
 * transition (`meta.rule`); runs the new step's turn-based actions.
 */
export function goStep(b: Builder, event: MachineEvent, rule?: string): void {
  const to = stepAfter(b.s.step, event, machineContext(b.s));
  if (to === null) throw new Error(`alpha-clash: the turn machine has no ${event.type} from ${b.s.step}`);
  const cite = rule ?? transitionRule(b.s.step, event, machineContext(b.s));
  if (!cite)
    throw new Error(`alpha-clash: the machine's ${event.type} from ${b.s.step} carries no meta.rule`);
  b.auto('StepStarted', { step: to }, cite);
  enterStep(b);
}

function enterStep(b: Builder): void {
  const s = b.s;
  const ap = s.activePlayer!;
  switch (s.step) {
    case 'turn.expansion.ready': {
      // 502.1a: ready all cards the active player controls (resources included; 705.4 says Clash cards).
      const ps = s.players[ap]!;
      const ids = [
        ...(ps.contender?.engaged ? [ps.contender.card.id] : []),
        ...[...ps.clash, ...ps.accessory, ...ps.resources].filter((x) => x.engaged).map((x) => x.card.id),
      ];
      if (s.clashground?.controller === ap && s.clashground.engaged) ids.push(s.clashground.card.id);
      b.auto('CardsReadied', { player: ap, ids }, '502.1a');
      break;
    }
    case 'turn.expansion.draw':
      draw(b, ap, '502.1b');
      if (defOf(s, s.clashground?.card)?.static?.drawStepExtra) {
        // Amazon Rainforest: one more card, then a discard (a continuous effect on the rules of the game, 608.1 and its Appendix C ruling; not a replacement).
        draw(b, ap, '608.1');
        if (b.s.players[ap]!.hand.length > 0)
          b.auto('DiscardRequired', { player: ap, source: s.clashground!.card.id, then: [] }, '703.7b');
      }
      break;
    default:
      break;
  }
}

/** One draw (118.1); from an empty deck it is recorded and the SBA makes the player lose (104.3c, 118.4). */
export function draw(b: Builder, p: PlayerId, rule: string): void {
  const ps = b.s.players[p]!;
  const top = ps.deck[0];
  if (!top) {
    b.auto('DrawFromEmptyDeckAttempted', { player: p }, '104.3c');
    return;
  }
  const ref = top as CardRef;
  // The card enters the hand with a fresh opaque id: the opponent cannot link it to the deck position (400.6).
  const oid = b.oid();
  b.auto(
    'CardDrawn',
    { player: p, card: { id: ref.id, cardId: ref.cardId, oid }, deckCount: ps.deck.length - 1 },
    rule,
  );
}

// ---- Damage (117, 504.2f) ----

export function dealDamage(
  b: Builder,
  source: string | null,
  target: string,
  amount: number,
  clash: boolean,
  extra: Record<string, unknown> = {},
): void {
  if (amount <= 0) return; // 0 damage isn't damage (609.7a)
  const s = b.s;
  const l = locate(s, target);
  if (!l) return;
  const d = defOf(s, l.kind === 'contender' ? l.contender.card : l.perm.card);
  if (!clash && d?.static?.preventNonClash) {
    b.auto('DamagePrevented', { source, target, amount, clash }, '610.1a');
    return;
  }
  let prevented = 0;
  let shield: string | null = null;
  if (clash) {
    const sh = s.effects.find((e) => e.target === target && e.prevent > 0);
    if (sh) {
      prevented = Math.min(sh.prevent, amount);
      shield = sh.id;
    }
  }
  const dealt = amount - prevented;
  if (dealt <= 0) {
    b.auto('DamagePrevented', { source, target, amount, clash, shield }, '610.7');
    return;
  }
  let toHealth = 0;
  if (l.kind === 'contender') {
    // A Contender's defense absorbs damage first, the excess reduces health (117.2b.1, 504.2f).
    const def = Math.max(0, currentDef(s, target));
    toHealth = Math.max(0, dealt - def);
  }
  const necrotic = clash && source !== null && l.kind !== 'contender' && has(s, source, 'Necrotic');
  b.auto(
    'DamageDealt',
    {
      source,
      target,
      amount: dealt,
      clash,
      toHealth,
      ...(prevented ? { prevented, shield } : {}),
      ...(necrotic ? { necrotic: true } : {}),
      ...extra,
    },
    clash ? '117.2a' : l.kind === 'contender' ? '117.2b.1' : '117.2b',
  );
  const enrage = l.kind !== 'contender' && !clash ? keywordValue(s, target, 'Enrage') : null;
  if (enrage !== null && enrage > 0) {
    b.queue.push({
      controller: l.player,
      source: target,
      effect: 'enrage',
      targets: [target],
      thenPutIntoOblivion: null,
      x: enrage * dealt,
      rule: '704.6c',
    });
  }
}

// ---- Triggers (603) ----

export function queueTriggers(
  b: Builder,
  cardInstance: string,
  tag: TriggerTag,
  controller: PlayerId,
  thenPutIntoOblivion: string | null = null,
): number {
  const l = locate(b.s, cardInstance);
  const d = l ? defOf(b.s, l.kind === 'contender' ? l.contender.card : l.perm.card) : null;
  if (!d) return 0;
  let n = 0;
  (d.triggers ?? []).forEach((t, i) => {
    if (t.on !== tag) return;
    b.queue.push({
      controller,
      source: cardInstance,
      effect: `trigger:${i}`,
      targets: [],
      thenPutIntoOblivion,
      x: 0,
      rule: '603.3',
    });
    n += 1;
  });
  if (tag === 'Enter') {
    const awe = keywordValue(b.s, cardInstance, 'Awe Factor');
    if (awe !== null && awe > 0)
      b.queue.push({
        controller,
        source: cardInstance,
        effect: 'awe',
        targets: [],
        thenPutIntoOblivion: null,
        x: awe,
        rule: '704.2c',
      });
  }
  return n;
}

/** Puts queued triggers into Standby: the active player's lowest, then APNAP, so the NAP's resolve first (409.3). */
function flushTriggers(b: Builder): void {
  if (b.queue.length === 0) return;
  const q = b.queue;
  b.queue = [];
  const order = apnap(b.s.order, b.s.activePlayer ?? b.s.order[0]!);
  for (const p of order) {
    for (const t of q.filter((x) => x.controller === p)) {
      b.auto(
        'EffectTriggered',
        {
          sid: `e${b.s.nextId}`,
          controller: t.controller,
          source: t.source,
          effect: t.effect,
          targets: t.targets,
          x: t.x,
          ...(t.thenPutIntoOblivion ? { thenPutIntoOblivion: t.thenPutIntoOblivion } : {}),
          ...(t.delayed ? { delayed: t.delayed.id, effects: t.delayed.effects } : {}),
          ...(t.delayed?.left ? { left: t.delayed.left } : {}),
        },
        t.rule,
      );
    }
  }
}

// ---- State-based actions (706) ----

function stateBasedActions(b: Builder): boolean {
  const s = b.s;
  // Loss: drew from an empty deck (706.5, 104.3c) at once; health ≤ 0 once Standby is empty (104.3b).
  const losers = s.order.filter((p) => {
    const ps = s.players[p]!;
    return ps.drewFromEmpty || (s.standby.length === 0 && (ps.contender?.health ?? 1) <= 0);
  });
  if (losers.length > 0) {
    const remaining = s.order.filter((p) => !losers.includes(p));
    if (remaining.length === 1) {
      const loser = losers[0]!;
      const why = s.players[loser]!.drewFromEmpty
        ? `${loser} drew from an empty deck (104.3c)`
        : `${loser}'s Contender reached 0 health (104.3b)`;
      endMatch(b, remaining[0]!, why, s.players[loser]!.drewFromEmpty ? '104.3c' : '104.3b');
    } else {
      const bothClash =
        s.clash !== null &&
        s.clash.damageDealt &&
        s.order.every((p) => (s.players[p]!.contender?.health ?? 1) <= 0);
      if (bothClash)
        endMatch(
          b,
          s.activePlayer,
          `both Contenders reached 0 health by clash damage: the active player wins (104.2c)`,
          '104.2c',
        );
      else endMatch(b, null, 'draw: all players lost simultaneously (104.4a)', '104.4a');
    }
    return true;
  }
  // Defeat: Clash cards at 0 defense or less (117.4, 706.5); Undisputed during a clash on its controller's turn (704.14).
  let acted = false;
  for (const perm of clashCards(s)) {
    const id = perm.card.id;
    if (currentDef(s, id) > 0) continue;
    if (s.clash && !s.clash.ended && perm.controller === s.activePlayer && has(s, id, 'Undisputed')) continue;
    b.auto('CardDefeated', { id, owner: perm.owner }, '117.4');
    const n = queueTriggers(b, id, 'Defeat', perm.controller, id);
    if (n === 0)
      b.auto('CardPutIntoOblivion', { id, owner: perm.owner, from: 'clash', reason: 'defeated' }, '706.5');
    acted = true;
  }
  return acted;
}

export function endMatch(b: Builder, winner: PlayerId | null, result: string, rule: string): void {
  // The machine's GAME_OVER (from setup or any step of a turn) leads to gameOver, which MatchEnded records.
  if (stepAfter(b.s.step, { type: 'GAME_OVER' }, machineContext(b.s)) !== 'gameOver')
    throw new Error(`alpha-clash: the machine cannot end the game from ${b.s.step}`);
  b.auto('MatchEnded', { winner, result }, rule);
}

// ---- Resolution (405.5 as printed under 409, 605) ----

function targetStillLegal(b: Builder, obj: StandbyObject, spec: string): boolean {
  if (obj.targets.length === 0) return true;
  const t = obj.targets[0]!;
  if (spec === 'standbyCard' || spec === 'standbyTrap') return b.s.standby.some((o) => o.sid === t);
  return (
    locate(b.s, t) !== null &&
    !(locate(b.s, t)?.kind === 'perm' && (locate(b.s, t) as { perm: { defeated: boolean } }).perm.defeated)
  );
}

function resolveTop(b: Builder): void {
  const s = b.s;
  const obj = s.standby[s.standby.length - 1]!;
  // Every player passed in succession: the top object resolves (405.5, 605.1).
  b.auto(
    'StandbyResolved',
    {
      sid: obj.sid,
      kind: obj.kind,
      ...(obj.kind !== 'card' && obj.kind !== 'trap' && obj.source ? { source: obj.source } : {}),
    },
    '405.5',
  );
  const p = obj.controller;
  if (obj.kind === 'card' || obj.kind === 'trap') {
    const d = cardDef(s, obj.card!.cardId);
    const spec = d.play?.target ?? 'none';
    if (d.type === 'Clash' || d.type === 'Clashground' || d.type === 'Weapon' || d.type === 'Relic') {
      const card = obj.card!;
      if (d.type === 'Clashground' && s.clashground) {
        // Only one Clashground in play among all players (302.4): the old one goes to its owner's Oblivion (405.2).
        b.auto(
          'CardPutIntoOblivion',
          { id: s.clashground.card.id, owner: s.clashground.owner, from: 'clashground', reason: 'replaced' },
          '302.6',
        );
      }
      const zone = d.type === 'Clash' ? 'clash' : d.type === 'Clashground' ? 'clashground' : 'accessory';
      const enters = obj.enters;
      b.auto(
        'PermanentEnteredPlay',
        { player: p, card, zone, engaged: enters?.engaged ?? false, damage: enters?.damage ?? 0 },
        d.type === 'Clash'
          ? '303.1a'
          : d.type === 'Clashground'
            ? '302.3a'
            : d.type === 'Weapon'
              ? '305.4a'
              : '309.4a',
      );
      if (enters && (enters.atk || enters.def))
        createEffect(b, card.id, enters.atk, enters.def, 'turn', null, '605.2a');
      if (!enters?.noEnterTrigger) queueTriggers(b, card.id, 'Enter', p);
      return;
    }
    if (targetStillLegal(b, obj, spec)) applyEffects(b, obj, d.play?.effects ?? []);
    else b.auto('EffectFizzled', { sid: obj.sid, reason: 'its target is no longer legal' }, '605.3h');
    b.auto(
      'CardPutIntoOblivion',
      { id: obj.sid, owner: p, from: 'standby', reason: 'resolved', card: obj.card },
      obj.kind === 'trap' ? '304.9' : '605.2j',
    );
    return;
  }
  // Effects without a card: triggers and activations.
  const src = obj.source!;
  if (obj.effect === 'enrage') {
    if (locate(s, src)) createEffect(b, src, obj.x, 0, 'turn', src, '704.6c');
  } else if (obj.effect === 'awe') {
    for (const c of clashCards(s).filter((c) => c.controller !== p))
      createEffect(b, c.card.id, -obj.x, 0, 'turn', src, '704.2c');
  } else if (obj.effect === 'barrage') {
    // Each target still in play gets its share of the division declared as the trigger entered Standby (601.1d).
    obj.targets.forEach((t, i) => {
      if (locate(b.s, t)) dealDamage(b, src, t, obj.division[i] ?? 0, false);
    });
  } else if (obj.effect === 'attach' || obj.effect === 'unattach') {
    resolveAttach(b, obj);
  } else if (obj.effect === 'delayed') {
    // A target no longer in play (in the zone it was expected in) is not affected (603.7c) — nor one that left play
    // and came back since the effect was created: that is a new object (400.6).
    if (obj.targets.length > 0 && !targetStillLegal(b, obj, 'anyClashOrContender'))
      b.auto('EffectFizzled', { sid: obj.sid, reason: 'its target is no longer in play' }, '603.7c');
    else if (obj.targets.some((t) => obj.left?.includes(t)))
      b.auto(
        'EffectFizzled',
        { sid: obj.sid, reason: 'its target left play since: back in play it is a new object' },
        '603.7c',
      );
    else applyEffects(b, obj, obj.effects ?? []);
  } else {
    const d = sourceDef(b, obj);
    const spec = obj.effect === 'activated' ? d?.activated : d?.triggers?.[Number(obj.effect.split(':')[1])];
    if (spec && targetStillLegal(b, obj, spec.target)) applyEffects(b, obj, spec.effects);
    else if (spec)
      b.auto('EffectFizzled', { sid: obj.sid, reason: 'its target is no longer legal' }, '605.3h');
  }
  if (obj.thenPutIntoOblivion) {
    const l = locate(b.s, obj.thenPutIntoOblivion);
    if (l && l.kind === 'perm')
      b.auto(
        'CardPutIntoOblivion',
        { id: obj.thenPutIntoOblivion, owner: l.perm.owner, from: 'clash', reason: 'defeated' },
        '117.4a',
      );
  }
}

/**
 * The attach (or unattach) activated effect of a Weapon resolves (703.2b, 305.6a): the Weapon must still be in play
 * under its controller, and the target Clash card still legal (a Clash card they control without a Weapon, 305.10a);
 * otherwise it does nothing (605.3h). The cost was paid on activation.
 */
function resolveAttach(b: Builder, obj: StandbyObject): void {
  const weapon = obj.source!;
  const w = locate(b.s, weapon);
  const wOk = w !== null && w.kind === 'perm' && w.zone === 'accessory' && w.player === obj.controller;
  if (obj.effect === 'unattach') {
    if (wOk && w.perm.attachedTo) b.auto('WeaponUnattached', { player: obj.controller, weapon }, '305.9');
    else b.auto('EffectFizzled', { sid: obj.sid, reason: 'the Weapon is no longer attached' }, '605.3h');
    return;
  }
  const to = obj.targets[0]!;
  const t = locate(b.s, to);
  const tOk =
    t !== null &&
    t.kind === 'perm' &&
    t.zone === 'clash' &&
    t.player === obj.controller &&
    !t.perm.defeated &&
    (t.perm.weapon === null || t.perm.weapon === weapon);
  if (wOk && tOk) b.auto('WeaponAttached', { player: obj.controller, weapon, to }, '703.2b');
  else b.auto('EffectFizzled', { sid: obj.sid, reason: 'its target is no longer legal' }, '605.3h');
}

function sourceDef(b: Builder, obj: StandbyObject) {
  const l = obj.source ? locate(b.s, obj.source) : null;
  if (l) return defOf(b.s, l.kind === 'contender' ? l.contender.card : l.perm.card);
  // The source may have left play (a Defeat trigger's card is still there, 117.4a); use last known information.
  const ref = findAnywhere(b.s, obj.source);
  return defOf(b.s, ref);
}

function findAnywhere(s: AlphaClashState, id: string | null): AnyRef | null {
  if (!id) return null;
  for (const p of s.order) {
    const hit = s.players[p]!.oblivion.find((c) => c.id === id);
    if (hit) return hit;
  }
  return null;
}

function createEffect(
  b: Builder,
  target: string,
  atk: number,
  def: number,
  until: Until,
  source: string | null,
  rule: string,
  prevent = 0,
  player?: PlayerId,
): void {
  // "Until the start of your next turn" ends at the start of its controller's next turn (500.3).
  const whose = until === 'yourNextTurn' && player ? { player } : {};
  b.auto(
    'ContinuousEffectCreated',
    { effect: { id: `e${b.s.nextId}`, target, atk, def, grant: [], until, prevent, source, ...whose } },
    rule,
  );
}

/** What an effect resolves with: its Standby object, controller, source, first target and the state then. */
interface Resolving {
  obj: StandbyObject;
  p: PlayerId;
  src: string;
  t: string | undefined;
  s: AlphaClashState;
}

type EffectRule<K extends Effect['do']> = (b: Builder, e: Effect & { do: K }, r: Resolving) => void;

/** An effect that does nothing as it resolves (Barrage and Enrage act when they trigger). */
const nothing = (): void => {};

/** lookTop and revealTop: the top cards of the controller's deck are looked at or revealed (703.8). */
function lookOrRevealTop(b: Builder, e: Effect & { do: 'lookTop' | 'revealTop' }, { p }: Resolving): void {
  const top = (b.s.players[p]!.deck.slice(0, e.amount) as CardRef[]).map((r) => ({
    id: r.oid!,
    cardId: r.cardId,
  }));
  if (top.length > 0)
    b.auto(
      e.do === 'lookTop' ? 'CardsLookedAt' : 'CardRevealed',
      { player: p, owner: p, cards: top, count: top.length },
      e.do === 'lookTop' ? '703.8d' : '703.8a',
    );
}

/** Each effect kind as it resolves, keyed by `do`. */
const EFFECTS: { readonly [K in Effect['do']]: EffectRule<K> } = {
  damage(b, e, { src, t }) {
    if (t) dealDamage(b, src, t, e.amount, false);
  },
  xDamage(b, _e, { obj, src, t }) {
    if (t) dealDamage(b, src, t, obj.x, false);
  },
  damageEachClash(b, e, { p, src, s }) {
    for (const c of clashCards(s)) {
      if (e.whose === 'opponents' && c.controller === p) continue;
      if (e.affiliation && defOf(s, c.card)?.affiliation !== e.affiliation) continue;
      dealDamage(b, src, c.card.id, e.amount, false);
    }
  },
  damageEachContender(b, e, { p, src, s }) {
    // Each Contender, the active player's first (101.4); damage to a Contender costs it health (116.2).
    for (const q of apnap(s.order, s.activePlayer ?? p)) {
      const c = contenderId(b.s, q);
      if (c && !b.ended()) dealDamage(b, src, c, e.amount, false);
    }
  },
  modify(b, e, { p, src, t, s }) {
    if (t && locate(s, t)) createEffect(b, t, e.atk, e.def, e.until, src, '605.2a', 0, p);
  },
  modifyAttacker(b, e, { p, src, s }) {
    if (s.clash && locate(s, s.clash.attacker))
      createEffect(b, s.clash.attacker, e.atk, e.def, e.until, src, '605.2a', 0, p);
  },
  delayed(b, e, { obj, p, src, s }) {
    // Created as this resolves (603.7a); its source and controller are this card's or effect's (603.7d–e).
    b.auto(
      'DelayedTriggerCreated',
      {
        trigger: {
          id: `d${b.s.nextId}`,
          controller: p,
          source: src,
          at: e.at,
          effects: e.effects,
          targets: obj.targets,
          turn: s.turn,
        },
      },
      '603.7a',
    );
  },
  modifyOpponentsClash(b, e, { p, src, s }) {
    for (const c of clashCards(s).filter((c) => c.controller !== p))
      createEffect(b, c.card.id, e.atk, e.def, 'turn', src, '605.2a');
  },
  draw(b, e, { p }) {
    for (let i = 0; i < e.amount; i++) draw(b, p, '118.1');
  },
  gainHealth(b, e, { p, s }) {
    const c = s.players[p]!.contender;
    // Health can't exceed the printed maximum (301.2b).
    const amount = c ? Math.min(e.amount, Math.max(0, c.maxHealth - c.health)) : 0;
    if (amount > 0) b.auto('HealthGained', { player: p, amount }, '116.3');
  },
  negate(b, _e, { t, s }) {
    const target = s.standby.find((o) => o.sid === t);
    if (target) {
      const d = target.card ? cardDef(s, target.card.cardId) : null;
      if (d && d.keywords.some((k) => k.k === 'Irrefutable')) return; // can't be prevented from entering play (704.10)
      b.auto('CardNegated', { sid: target.sid, owner: target.controller, card: target.card }, '703.4a');
    }
  },
  sendToOblivion(b, _e, { t, s }) {
    const l = t ? locate(s, t) : null;
    if (t && l && l.kind === 'perm')
      b.auto('CardSentToOblivion', { id: t, owner: l.perm.owner, from: l.zone, reason: 'sent' }, '703.6a');
  },
  engage(b, _e, { t, s }) {
    const l = t ? locate(s, t) : null;
    if (t && l && l.kind === 'perm' && !l.perm.engaged) b.auto('CardsEngaged', { ids: [t] }, '703.11a');
  },
  activatePortal(b, _e, { p, s }) {
    b.auto(
      'PortalActivated',
      { player: p, portal: s.portal === 'open' ? 'closed' : 'open', free: true },
      '410.3a',
    );
  },
  preventClash(b, e, { src, t, s }) {
    if (t && locate(s, t)) createEffect(b, t, 0, 0, 'turn', src, '610.7', e.amount);
  },
  attackerToOblivionAfterClash(b, _e, { s }) {
    if (s.clash) b.auto('MarkedForOblivionAfterClash', { id: s.clash.attacker }, '605.2a');
  },
  entersWith(b, e, { t }) {
    if (t)
      b.auto(
        'StandbyObjectModified',
        {
          sid: t,
          enters: {
            damage: e.damage ?? 0,
            engaged: e.engaged ?? false,
            atk: e.atk ?? 0,
            def: e.def ?? 0,
          },
        },
        '605.2a',
      );
  },
  noEnterTrigger(b, _e, { t }) {
    if (t) b.auto('StandbyObjectModified', { sid: t, enters: { noEnterTrigger: true } }, '703.4a.1');
  },
  search(b, e, { p, src }) {
    // 703.9a–b: the searching player chooses (SearchDeck); finding nothing is allowed for a stated quality.
    b.auto('SearchOffered', { player: p, source: src, cardType: e.cardType, then: [] }, '703.9a');
  },
  eachDrawThenDiscard(b, e, { p, src }) {
    // Draws: the active player first, then the others in turn order (118.2c); then discards in that order.
    const order = apnap(b.s.order, b.s.activePlayer ?? p);
    for (const q of order) for (let i = 0; i < e.amount; i++) draw(b, q, '118.2c');
    const who = order.filter((q) => b.s.players[q]!.hand.length > 0);
    const [first, ...then] = who;
    if (first) b.auto('DiscardRequired', { player: first, source: src, then }, '703.7b');
  },
  lookTop: lookOrRevealTop,
  revealTop: lookOrRevealTop,
  returnToHand(b, _e, { t, s }) {
    const target = s.standby.find((o) => o.sid === t);
    if (target?.card) {
      // Back into a hidden zone: a new object with a fresh opaque id (400.6).
      const oid = b.oid();
      b.auto(
        'CardReturnedToHand',
        {
          player: target.controller,
          sid: target.sid,
          card: { id: target.card.id, cardId: target.card.cardId, oid },
        },
        '703.12c',
      );
    }
  },
  returnPermanentToHand(b, _e, { t, s }) {
    const l = t ? locate(s, t) : null;
    if (t && l && l.kind === 'perm') {
      // From play to its owner's hand (703.12b), a hidden zone: a new object with a fresh opaque id (400.6).
      const card = l.perm.card as CardRef;
      b.auto(
        'PermanentReturnedToHand',
        {
          id: t,
          player: l.perm.owner,
          from: l.zone,
          card: { id: card.id, cardId: card.cardId, oid: b.oid() },
        },
        '703.12b',
      );
    }
  },
  gainControl(b, _e, { p, t, s }) {
    const l = t ? locate(s, t) : null;
    // The controller changes; the card does not leave and re-enter play (110.2c).
    if (t && l && l.kind === 'perm' && l.zone === 'clash' && l.perm.controller !== p) {
      b.auto('ControlChanged', { id: t, player: p, from: l.perm.controller }, '110.2c');
      removeFromClashOnControlChange(b, t);
    }
  },
  barrage: nothing,
  enrage: nothing,
};

function applyEffects(b: Builder, obj: StandbyObject, effects: readonly Effect[]): void {
  const p = obj.controller;
  const src = obj.source ?? obj.sid;
  for (const e of effects) {
    if (b.ended()) return;
    const rule = EFFECTS[e.do] as EffectRule<Effect['do']>;
    rule(b, e, { obj, p, src, t: obj.targets[0], s: b.s });
  }
}

// ---- Clash (504) ----

/**
 * A card in a clash changed controller (110.2c): 504.5 removes an attacker from the clash ("if its controller
 * changes"), and a card removed stops being attacking or obstructing — an obstructor that changed sides no longer
 * obstructs (the attacker stays obstructed, 504.2c.3), an attacker's clash ends (clashOverEarly).
 */
function removeFromClashOnControlChange(b: Builder, id: string): void {
  const c = b.s.clash;
  if (!c || c.ended || c.damageDealt) return;
  const role = c.attacker === id ? 'attacker' : c.obstructors.includes(id) ? 'obstructor' : null;
  if (role) b.auto('RemovedFromClash', { id, role, reason: 'its controller changed' }, '504.5');
}

function dealClashDamage(b: Builder): void {
  const s = b.s;
  const clash = s.clash!;
  const A = clash.attacker;
  const D = clash.defendingPlayer;
  const target = locate(s, clash.target);
  // Opposing cards are those in the clash controlled by the defending player (303.3c): a target that changed
  // controller stays in play (110.2c) but neither deals nor is dealt clash damage (303.3, 303.3a).
  const targetGone = !target || (target.kind === 'perm' && target.perm.defeated);
  const targetOpposes = !targetGone && (target.kind === 'contender' || target.perm.controller === D);
  const opposing = clash.obstructed
    ? clash.obstructors.filter((id) => locate(s, id))
    : targetOpposes
      ? [clash.target]
      : [];
  // 504.4a: with Breakthrough, an obstructor removed by a card effect (504.2c.3 keeps the attacker obstructed) or a
  // target that left play counts as opposing defense 0, so the whole attack power goes to the defending Contender.
  const removedByEffect = opposing.length === 0 && (clash.obstructed || targetGone);
  const breakthrough =
    has(s, A, 'Breakthrough') && (removedByEffect || (clash.obstructed && opposing.length > 0));
  // Excess over the obstructors' total defense goes to the defending Contender (704.4b–c), computed before damage.
  const excess = breakthrough
    ? currentAtk(s, A) - opposing.reduce((n, id) => n + Math.max(0, currentDef(s, id)), 0)
    : 0;
  const all = [A, ...opposing];
  const fast = (id: string) => has(s, id, 'Superspeed');
  const twoPasses = all.some(fast) && !all.every(fast); // 704.13e
  const alive = (id: string) => {
    const l = locate(b.s, id);
    if (!l) return false;
    if (l.kind === 'contender') return true;
    return currentDef(b.s, id) > 0 && !l.perm.defeated;
  };
  const pass = (which: (id: string) => boolean, n: 1 | 2) => {
    const atkA = Math.max(0, currentAtk(b.s, A));
    const attackerDeals = which(A) && alive(A);
    const dealers = opposing.filter((id) => which(id) && alive(id));
    const toAttacker = dealers.reduce((n2, id) => n2 + Math.max(0, currentAtk(b.s, id)), 0);
    if (attackerDeals) for (const id of opposing) dealDamage(b, A, id, atkA, true, { pass: n });
    if (dealers.length > 0)
      dealDamage(b, dealers.length === 1 ? dealers[0]! : null, A, toAttacker, true, {
        pass: n,
        sources: dealers,
      });
    if (attackerDeals && excess > 0)
      dealDamage(b, A, contenderId(b.s, D)!, excess, true, { pass: n, breakthrough: true });
  };
  if (opposing.length === 0 && !breakthrough) {
    // Obstructed with every obstructor gone: still obstructed, so the target is dealt nothing (504.2c.3); a target
    // now controlled by the attacking player is not opposing (303.3c).
    b.auto('ClashDamageStepDone', {}, clash.obstructed ? '504.2c.3' : targetGone ? '504.4' : '303.3c');
    return;
  }
  if (twoPasses) {
    pass(fast, 1);
    pass((id) => !fast(id), 2);
  } else pass(() => true, 1);
  b.auto('ClashDamageStepDone', {}, removedByEffect ? '504.4a' : '504.2f');
  // Trigger – Victory: a combatant that defeated a Clash card in this clash and is not defeated (603.1b, 504.2f.1).
  const defeatedNow = all.filter((id) => locate(b.s, id)?.kind === 'perm' && currentDef(b.s, id) <= 0);
  if (defeatedNow.length > 0) {
    const winners = all.filter(
      (id) =>
        !defeatedNow.includes(id) && (id === A ? defeatedNow.some((x) => x !== A) : defeatedNow.includes(A)),
    );
    for (const w of winners) {
      const l = locate(b.s, w);
      if (l && l.kind === 'perm') queueTriggers(b, w, 'Victory', l.perm.controller);
    }
  }
}

function endClash(
  b: Builder,
  reason: string,
  rule: string,
  event: 'NEXT' | 'CLASH_ENDS' = 'CLASH_ENDS',
): void {
  const s = b.s;
  const clash = s.clash!;
  // Necrotic: cards dealt clash damage and not defeated are sent to Oblivion after the clash (704.11e).
  const after = [...new Set([...clash.necrotic, ...clash.afterClash])];
  b.auto('ClashEnded', { reason }, rule);
  for (const id of after) {
    const l = locate(b.s, id);
    if (l && l.kind === 'perm' && !l.perm.defeated)
      b.auto(
        'CardSentToOblivion',
        { id, owner: l.perm.owner, from: 'clash', reason: clash.necrotic.includes(id) ? 'necrotic' : 'sent' },
        clash.necrotic.includes(id) ? '704.11e' : '703.6a',
      );
  }
  goStep(b, { type: event }, '504.10');
}

function clashOverEarly(s: AlphaClashState): { reason: string; rule: string } | null {
  const clash = s.clash;
  if (!clash || clash.ended || clash.damageDealt) return null;
  if (clash.attackerRemoved)
    return { reason: 'the attacker was removed from the clash: its controller changed', rule: '504.5' };
  const a = locate(s, clash.attacker);
  if (!a || (a.kind === 'perm' && a.perm.defeated))
    return { reason: 'the attacker left play or was defeated', rule: '504.3' };
  if (!clash.obstructed) {
    const t = locate(s, clash.target);
    // Before clash damage only a card effect can take the target out of play; with Breakthrough the clash goes on
    // to its Damage Step, where the excess is still dealt to the defending Contender (504.4a, the exception 504.4 names).
    if (!t || (t.kind === 'perm' && t.perm.defeated))
      return has(s, clash.attacker, 'Breakthrough')
        ? null
        : { reason: 'the target of the attack left play', rule: '504.4' };
  }
  return null;
}

// ---- The settle loop ----

const AUTO_STEPS = new Set([
  'turn.startOfTurn',
  'turn.expansion.ready',
  'turn.expansion.draw',
  'turn.primary.clash.attack',
]);

export function settle(b: Builder): void {
  for (let guard = 0; guard < 10_000; guard++) {
    if (b.ended()) return;
    const s = b.s;
    if (s.status !== 'playing') return;
    if (stateBasedActions(b)) continue;
    if (b.queue.length > 0) {
      flushTriggers(b);
      continue;
    }
    if (s.pending) return;
    if (s.standby.length > 0) {
      // The top object resolves only when every player has passed priority in succession (405.5); until then
      // the holder acts (responds or passes).
      const w = s.priority;
      if (w && w.passed.length >= w.order.length) {
        resolveTop(b);
        continue;
      }
      return;
    }
    const early = clashOverEarly(s);
    if (early) {
      endClash(b, early.reason, early.rule);
      continue;
    }
    if (AUTO_STEPS.has(s.step)) {
      goStep(b, { type: 'NEXT' });
      continue;
    }
    switch (s.step) {
      case 'turn.primary.clash.obstruct':
        // Obstructors declared and their Trigger – Obstruct effects resolved: on to C4 (504.2c.1–2).
        if (s.clash!.declared) {
          goStep(b, { type: 'NEXT' }, '504.2c.1');
          continue;
        }
        return;
      case 'turn.expansion.resource':
        if (
          s.players[s.activePlayer!]!.hand.length === 0 ||
          s.players[s.activePlayer!]!.resourcePlacedThisTurn
        ) {
          if (!s.players[s.activePlayer!]!.resourcePlacedThisTurn)
            b.auto('ResourcePlacementSkipped', { player: s.activePlayer!, reason: 'empty hand' }, '502.1c');
          goStep(b, { type: 'NEXT' }, '502.1c');
          continue;
        }
        return;
      case 'turn.primary.clash.attackerBuff':
      case 'turn.primary.clash.defenderBuff':
        if (s.clash!.buffPlayed) {
          goStep(b, { type: 'NEXT' }, s.step.endsWith('attackerBuff') ? '504.2d' : '504.2e');
          continue;
        }
        return;
      case 'turn.primary.clash.damage':
        if (!s.clash!.damageDealt) {
          dealClashDamage(b);
          continue;
        }
        endClash(b, 'clash damage dealt', '504.10', 'NEXT');
        continue;
      case 'turn.endOfTurn':
        // "At end of turn" delayed triggered effects trigger and resolve here, before the turn ends (505.2).
        if (fireDelayed(b, (d) => d.at === 'endOfTurn', '505.2')) continue;
        endTurn(b);
        continue;
      default:
        return;
    }
  }
  throw new Error('alpha-clash: automatic actions did not settle');
}

function endTurn(b: Builder): void {
  const s = b.s;
  // "Until end of turn" effects expire and non-clash damage is removed (505.3–4, 117.2b).
  b.auto('TurnEnded', { player: s.activePlayer!, turn: s.turn }, '505.4');
  const next = opponentOf(s, s.activePlayer!);
  if (s.turn >= TURN_LIMIT) {
    endMatch(b, null, `draw: turn limit of ${TURN_LIMIT} turns reached (104.6)`, '104.6');
    return;
  }
  b.auto('StepStarted', { step: stepAfter(s.step, { type: 'NEXT' }, machineContext(s))! }, '505.3');
  startTurn(b, next, s.turn + 1);
}

/** Queues the delayed triggered effects `due` picks; each triggers once (603.7b). Whether any did. */
function fireDelayed(
  b: Builder,
  due: (d: AlphaClashState['delayed'][number]) => boolean,
  rule: string,
): boolean {
  const now = b.s.delayed.filter(due);
  for (const d of now)
    b.queue.push({
      controller: d.controller,
      source: d.source,
      effect: 'delayed',
      targets: d.targets,
      thenPutIntoOblivion: null,
      x: 0,
      rule,
      delayed: { id: d.id, effects: d.effects, ...(d.left ? { left: d.left } : {}) },
    });
  return now.length > 0;
}

const NEXT_TURN: readonly DelayedAt[] = ['startOfNextTurn', 'startOfYourNextTurn'];

export function startTurn(b: Builder, p: PlayerId, turn: number): void {
  b.auto('TurnStarted', { player: p, turn }, turn === 1 ? '103.8' : '500.1');
  // "Until the start of your next turn" effects of this player expire as their turn begins (500.3).
  const ending = b.s.effects.filter((e) => e.until === 'yourNextTurn' && e.player === p).map((e) => e.id);
  if (ending.length > 0) b.auto('EffectsExpired', { ids: ending }, '500.3');
  // "At the start of the next turn" / "of your next turn" delayed triggered effects trigger now (501.1, 603.7b).
  fireDelayed(
    b,
    (d) => d.turn < turn && NEXT_TURN.includes(d.at) && (d.at === 'startOfNextTurn' || d.controller === p),
    '501.1',
  );
  // "At the start of each turn" triggers of the active Clashground (501.1).
  const cg = b.s.clashground;
  if (cg) queueTriggers(b, cg.card.id, 'StartOfTurn', cg.controller);
}

export function triggerAttack(b: Builder, attacker: string, controller: PlayerId): void {
  queueTriggers(b, attacker, 'Attack', controller);
}

export { flushTriggers, legalTargets };

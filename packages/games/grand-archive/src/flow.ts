// The rules engine behind decide(): a Flow (the kit's Draft) folds each draft event into a working state as it is
// emitted, so later rules see earlier effects. Turn-based actions, state-based effects, triggers, the Effects Stack and
// the phase sequence (asked of the XState machine) live here; decide.ts validates commands and calls in.
import { isHiddenCard, apnap, Draft, type EmitOptions, type PlayerId, type Rng } from '@matchtape/engine';
import { withDefs } from './cards/book';
import { cardDef, type CardBook } from './cards/pool';
import { conditionsMet, hasKeyword, printedKeyword } from './rules';
import type { Ability, AbilityCost, Effect, GACardDef, TriggerOn } from './cards/types';
import { evolve, type Move } from './evolve';
import { nextLocation } from './machine';
import {
  attackableBy,
  attackPower,
  championLevel,
  championOf,
  isAlly,
  isChampion,
  isUnit,
  life,
  objectById,
  opponentsOf,
  unitPower,
} from './rules';
import type {
  Card,
  DamageInstance,
  FieldObject,
  GAState,
  PendingTrigger,
  Phase,
  Shield,
  StackItem,
  Step,
} from './types';

export type { PendingTrigger } from './types';

/**
 * The kit's Draft (emit folds at once and records random draws itself) with the working memory Grand Archive's
 * rules need while one command is decided: triggers waiting to go on the stack, and who dealt lethal damage.
 */
export class Flow extends Draft<GAState> {
  triggers: PendingTrigger[] = [];
  /** Units this command's attack damage made lethal, and who dealt it (On Kill, X.A.16). */
  killers = new Map<
    string,
    { controller: PlayerId; id: string; cardId: string; attackCardId: string | null }
  >();
  constructor(state: GAState, rng: Rng) {
    super(state, evolve, rng);
  }

  /** Every test card definition this command's states have held: an event may name a card the state just forgot. */
  private book: Record<string, GACardDef> = {};

  override emit(type: string, payload: Record<string, unknown>, opts: EmitOptions = {}): void {
    const before = this.state;
    Object.assign(this.book, before.cards);
    // An event that names a test card carries its definition (cards/book.ts), also when the event before it took
    // the card's last mention out of the state (a resolving permanent leaves the stack before it enters the field).
    super.emit(type, withDefs(this.book, payload), opts);
    if (type !== 'AttackNegated') this.negateIfTargetGainedStealth(before);
  }

  /**
   * X.A.22.a.v: a unit that receives stealth while it is the target of an attack is an illegal target, and the
   * attack is negated unless the attacking object (or the weapon used, X.A.23.a.ii) has True Sight. Checked as
   * the stealth is gained, so True Sight gained later does not make the attack legal again (X.A.23.b.i).
   */
  private negateIfTargetGainedStealth(before: GAState): void {
    const c = this.state.combat;
    if (!c || c.negated || c.cleave || c.target === null || before.combat?.target !== c.target) return;
    const now = objectById(this.state, c.target);
    const was = objectById(before, c.target);
    if (!now || !was || !hasKeyword(this.state, now, 'Stealth') || hasKeyword(before, was, 'Stealth')) return;
    const attacker = objectById(this.state, c.attacker);
    if (attacker && attackableBy(this.state, now, attacker, objectById(this.state, c.weapon) ?? null)) return;
    this.auto(
      'AttackNegated',
      {
        player: c.attackingPlayer,
        target: now.id,
        reason: `${cardDef(before, now.cardId).name} gained stealth and the attack has no True Sight`,
      },
      'X.A.22.a.v',
    );
  }

  get ended(): boolean {
    return this.state.status === 'ended';
  }
}

/** Abilities of an object: its card's, plus the innate enlighten ability of every champion (2.11.6.d.i). */
export const INNATE_ENLIGHTEN: Ability = {
  kind: 'activated',
  cost: { removeCounters: { kind: 'enlighten', n: 3, from: 'self' } },
  effects: [{ do: 'draw', n: 1 }],
  text: 'Remove 3 enlighten counters: Draw a card.',
};
/** An ability of an object and the card that defines it (`index` in that card's abilities). */
export interface AbilityRef {
  cardId: string;
  index: number;
  ability: Ability;
}
/**
 * The abilities an object has: its card's; for a champion also the Inherited Effects of the cards below it in its
 * lineage (X.A.9) and the innate enlighten ability (2.11.6.d.i). Commands address them by position in this list.
 */
export function objectAbilities(s: CardBook, o: FieldObject): AbilityRef[] {
  const d = cardDef(s, o.cardId);
  const own = d.abilities.map((ability, index) => ({ cardId: o.cardId, index, ability }));
  if (d.type !== 'champion') return own;
  const inherited = o.cards.slice(0, -1).flatMap((c) =>
    cardDef(s, c.cardId)
      .abilities.map((ability, index) => ({ cardId: c.cardId, index, ability }))
      .filter((x) => x.ability.kind !== 'resolve' && x.ability.inherited === true),
  );
  return [...own, ...inherited, { cardId: o.cardId, index: d.abilities.length, ability: INNATE_ENLIGHTEN }];
}
export function abilityOf(s: CardBook, sourceCardId: string, index: number): Ability | undefined {
  const d = cardDef(s, sourceCardId);
  return d.type === 'champion' && index === d.abilities.length ? INNATE_ENLIGHTEN : d.abilities[index];
}

// ── Moves between hidden and public zones ──────────────────────────────────────────────────────────────

function fullCard(
  s: GAState,
  owner: PlayerId,
  zone: 'mainDeck' | 'hand' | 'memory' | 'materialDeck',
  id: string,
): Card {
  const c = s.players[owner]![zone].find((x) => x.id === id);
  if (!c || isHiddenCard(c)) throw new Error(`card ${id} is not in ${owner}'s ${zone}`);
  return c;
}

/** Draws `n` cards one at a time (2.10.2); drawing from an empty deck loses the game (2.10.6). */
export function drawCards(f: Flow, player: PlayerId, n: number, rule: string, auto = true): void {
  for (let i = 0; i < n; i++) {
    const top = f.state.players[player]!.mainDeck[0];
    if (!top || isHiddenCard(top)) {
      f.emit('DrawFromEmptyDeck', { player }, { rule: '2.10.6', auto: true });
      return;
    }
    const move: Move = {
      owner: player,
      id: top.id,
      cardId: top.cardId,
      from: 'mainDeck',
      to: 'hand',
      fromOid: top.oid ?? null,
      toOid: f.oid(),
    };
    f.emit('CardsMoved', { reason: 'draw', player, moves: [move] }, { rule, auto });
  }
}

// ── Opportunity and the Effects Stack ──────────────────────────────────────────────────────────────────

export function grantOpportunity(f: Flow, rule: string): void {
  const tp = f.state.activePlayer!;
  f.emit('OpportunityGranted', { player: tp }, { rule, auto: true });
}

function nextSid(s: GAState): string {
  return `s${s.serial + 1}`;
}

function apnapOrder(s: GAState): PlayerId[] {
  const i = s.order.indexOf(s.activePlayer!);
  return [...s.order.slice(i), ...s.order.slice(0, i)];
}

/** Triggers that differ in what they are (source, ability, target): only then is their order a choice. */
function distinct(ts: readonly PendingTrigger[]): number {
  return new Set(ts.map((t) => `${t.source}|${t.sourceCardId}|${t.ability}|${t.keyword ?? ''}|${t.target}`))
    .size;
}

function placeOne(f: Flow, t: PendingTrigger, waiting: string | null, byPlayer: boolean): void {
  const item: StackItem = {
    sid: nextSid(f.state),
    controller: t.controller,
    kind: 'trigger',
    card: null,
    sourceCardId: t.sourceCardId,
    source: t.source,
    ability: t.ability,
    target: t.target,
    materialized: false,
    weapon: null,
    label: t.label,
    ...(t.keyword ? { keyword: t.keyword } : {}),
    ...(t.effects ? { effects: t.effects } : {}),
  };
  f.emit(
    'TriggerPlaced',
    { item, ...(waiting ? { waiting } : {}) },
    byPlayer ? { rule: '2.4.b.6' } : { rule: '2.4.b.1', auto: true },
  );
}

/**
 * Simultaneous triggers go on the stack in turn order, the turn player's first (bottom) (2.4.b.6). A player with
 * two or more different ones chooses their order (PlaceTrigger): the triggers then wait in the state and this
 * returns 'paused'.
 */
function placeTriggerItems(f: Flow): 'done' | 'paused' {
  const pending = f.triggers;
  f.triggers = [];
  if (pending.length > 0) {
    if (!f.state.order.some((p) => distinct(pending.filter((t) => t.controller === p)) >= 2)) {
      for (const p of apnapOrder(f.state))
        for (const t of pending.filter((x) => x.controller === p)) placeOne(f, t, null, false);
      return 'done';
    }
    const base = f.state.serial;
    f.emit(
      'TriggersWaiting',
      { triggers: pending.map((t, i) => ({ ...t, id: `t${base + 1}-${i}` })) },
      { rule: '2.4.b.6', auto: true },
    );
  }
  return placeWaiting(f);
}

/** Places waiting triggers in turn order until a player has a choice to make (2.4.b.6). */
function placeWaiting(f: Flow): 'done' | 'paused' {
  for (const p of apnapOrder(f.state)) {
    const mine = f.state.waitingTriggers.filter((t) => t.controller === p);
    if (mine.length === 0) continue;
    if (distinct(mine) >= 2) {
      f.emit(
        'PromptOpened',
        { prompt: { kind: 'orderTriggers', player: p, rule: '2.4.b.6', options: mine.map((t) => t.id) } },
        { rule: '2.4.b.6', auto: true },
      );
      return 'paused';
    }
    for (const t of mine) placeOne(f, t, t.id, false);
  }
  return 'done';
}

/** The player put `id` on the stack next; the rest follow, then the turn player receives Opportunity (2.4.b.6). */
export function placeChosenTrigger(f: Flow, id: string): void {
  const t = f.state.waitingTriggers.find((x) => x.id === id);
  if (!t) return;
  placeOne(f, t, t.id, true);
  if (placeWaiting(f) === 'paused') return;
  grantOpportunity(f, '2.4.b.6');
  settle(f);
}

/** Places the pending triggers; only then does the turn player receive Opportunity (2.4.b.6). */
export function placeTriggers(f: Flow): void {
  if (placeTriggerItems(f) === 'paused') return;
  grantOpportunity(f, '2.4.b.6');
}

export function collectTriggers(
  f: Flow,
  o: FieldObject | { controller: PlayerId; cardId: string; id: string | null },
  on: TriggerOn,
  target: string | null = null,
): void {
  const refs =
    'cards' in o
      ? objectAbilities(f.state, o)
      : cardDef(f.state, o.cardId).abilities.map((ability, index) => ({ cardId: o.cardId, index, ability }));
  for (const { cardId, index, ability: a } of refs) {
    if (a.kind !== 'trigger' || a.on !== on) continue;
    const d = cardDef(f.state, cardId);
    if (!conditionsMet(f.state, o.controller, d, a)) continue;
    if (a.condition === 'awake') {
      const obj = objectById(f.state, o.id);
      if (!obj || obj.rested) continue;
    }
    f.triggers.push({
      controller: o.controller,
      source: o.id,
      sourceCardId: cardId,
      ability: index,
      target,
      label: `${d.name}: ${a.text}`,
    });
  }
}

/** Phases where the turn player gets Opportunity again once the stack has emptied (2.2.2, 2.2.e.3, 2.2.g.i-ii). */
function naturalOpportunity(s: GAState): boolean {
  if (s.phase === 'main') return s.combat === null;
  if (s.phase === 'recollection' || s.phase === 'end') return true;
  return s.phase === 'combat' && (s.step === 'retaliation' || s.step === 'damage');
}

/** All players passed in succession with items on the stack: the top resolves (2.8.b.1.e), then 2.8.b.1.f. */
export function resolveAndContinue(f: Flow): void {
  // A resolution that needs a player's choice (Intercept, the order of replacement effects) waits for it.
  if (resolveTop(f) === 'paused') return;
  afterResolution(f);
}

/**
 * After an item has resolved: state-based effects (2.12.h.2), then the triggers it caused go on the stack
 * (2.4.b.7) or the turn player receives Opportunity again (2.8.b.1.a.ii with items left, 2.8.b.1.f without).
 */
export function afterResolution(f: Flow): void {
  runSBE(f);
  if (f.ended || f.state.prompt) return;
  if (f.triggers.length > 0) placeTriggers(f);
  else if (!f.state.priority && (f.state.stack.length > 0 || naturalOpportunity(f.state)))
    grantOpportunity(f, f.state.stack.length > 0 ? '2.8.b.1.a.ii' : '2.8.b.1.f');
  settle(f);
}

const actsOnTarget = (e: Effect): boolean =>
  ('on' in e && e.on === 'target') || ('to' in e && e.to === 'target');

function targetLegal(s: GAState, item: StackItem): boolean {
  if (item.target === null) return true;
  const a = item.card
    ? cardDef(s, item.card.cardId).abilities.find((x) => x.kind === 'resolve')
    : abilityOf(s, item.sourceCardId, item.ability);
  const spec = a && (a.kind === 'resolve' || a.kind === 'activated') ? a.target : undefined;
  // A trigger's target is the unit its condition names (the unit hit or killed), not one chosen on activation: an
  // ability that never acts on it (On Kill: draw a card) resolves though that unit has left (2.3.d.4 — only targets
  // chosen on activation must still be legal).
  if (!item.card && a?.kind === 'trigger' && !a.effects.some(actsOnTarget)) return true;
  if (spec === 'graveyard-card')
    return s.order.some((p) => s.players[p]!.graveyard.some((c) => c.id === item.target));
  if (spec === 'stack-attack-card') return s.stack.some((x) => x.sid === item.target);
  const o = objectById(s, item.target);
  if (!o) return false;
  if (item.card && cardDef(s, item.card.cardId).subtypes.includes('Spell') && hasKeyword(s, o, 'Spellshroud'))
    return false;
  return true;
}

function resolveTop(f: Flow): 'done' | 'paused' {
  const item = f.state.stack[f.state.stack.length - 1];
  if (!item) return 'done';
  const regaliaOrChampion = (c: Card) => {
    const d = cardDef(f.state, c.cardId);
    return d.supertypes.includes('regalia') || d.type === 'champion';
  };
  // 2.3.d.4: every declared target must still be legal, or the whole item fizzles.
  if (!targetLegal(f.state, item)) {
    f.emit(
      'StackItemFizzled',
      {
        sid: item.sid,
        reason: 'its target is no longer legal',
        to: item.card ? (regaliaOrChampion(item.card) ? 'banishment' : 'graveyard') : null,
      },
      { rule: '2.3.d.4.b', auto: true },
    );
    return 'done';
  }
  if (item.keyword === 'Vigor') {
    // X.A.24: Vigor wakes the unit at the beginning of its controller's end phase.
    const o = objectById(f.state, item.source);
    if (o?.rested)
      f.emit('ObjectsWoken', { objects: [o.id], player: item.controller }, { rule: 'X.A.24.a', auto: true });
    f.emit('StackItemResolved', { sid: item.sid, to: null }, { rule: '2.3.d.1', auto: true });
    return 'done';
  }
  if (item.keyword === 'Intercept') return resolveIntercept(f, item);
  if (item.keyword === 'Preserve') {
    // X.A.19.a: the died object's card goes from the graveyard into its owner's material deck, Preserved (face-up).
    const owner = f.state.order.find((p) => f.state.players[p]!.graveyard.some((c) => c.id === item.source));
    const card = owner ? f.state.players[owner]!.graveyard.find((c) => c.id === item.source) : undefined;
    if (owner && card)
      f.emit(
        'CardsMoved',
        {
          reason: 'preserve',
          player: owner,
          moves: [
            {
              owner,
              id: card.id,
              cardId: card.cardId,
              from: 'graveyard',
              to: 'materialDeck',
              fromOid: null,
              toOid: null,
              preserved: true,
            },
          ],
        },
        { rule: 'X.A.19.a', auto: true },
      );
    f.emit(
      'StackItemResolved',
      { sid: item.sid, to: null, ...(card ? {} : { note: 'the card is no longer in the graveyard' }) },
      { rule: card ? '2.3.d.1' : 'X.A.19.a', auto: true },
    );
    return 'done';
  }
  if (item.effects) return runItem(f, item, item.effects, 0); // a delayed trigger (2.4.b.5)
  if (item.kind !== 'card' || !item.card) {
    const a = abilityOf(f.state, item.sourceCardId, item.ability);
    if (a && (a.kind === 'trigger' || a.kind === 'activated')) {
      if (a.kind === 'trigger' && a.cost && !payTriggerCost(f, item, a.cost)) {
        f.emit(
          'StackItemResolved',
          { sid: item.sid, to: null, note: 'its cost could not be paid' },
          { rule: '2.3.d.1', auto: true },
        );
        return 'done';
      }
      return runItem(f, item, a.effects, 0);
    }
    f.emit('StackItemResolved', { sid: item.sid, to: null }, { rule: '2.3.d.1', auto: true });
    return 'done';
  }
  const card = item.card;
  const d = cardDef(f.state, card.cardId);
  if (d.type === 'champion') {
    const champ = objectById(f.state, item.target);
    // 2.3.d.2.a: level and lineage are checked again on resolution.
    if (!champ || !canLevelOnto(f.state, champ, d)) {
      f.emit(
        'StackItemFizzled',
        {
          sid: item.sid,
          reason: 'the champion to level up is gone or no longer qualifies',
          to: 'banishment',
        },
        { rule: '2.3.d.2.a', auto: true },
      );
      return 'done';
    }
    f.emit('StackItemResolved', { sid: item.sid, to: null }, { rule: '2.3.d.1', auto: true });
    const from = cardDef(f.state, champ.cardId).level ?? 0;
    f.emit(
      'ChampionLeveledUp',
      {
        object: champ.id,
        player: item.controller,
        card,
        fromCardId: champ.cardId,
        levelFrom: from,
        levelTo: d.level ?? 0,
      },
      { rule: '1.7.a.4.c', auto: true },
    );
    collectTriggers(f, { ...champ, cardId: card.cardId }, 'enter');
    return 'done';
  }
  if (d.type === 'action') return runItem(f, item, itemEffects(f.state, item), 0);
  if (d.type === 'attack') {
    const champ = championOf(f.state, item.controller);
    if (!champ) {
      f.emit(
        'StackItemFizzled',
        { sid: item.sid, reason: 'no champion to attack through', to: 'graveyard' },
        { rule: '2.3.d.4.b', auto: true },
      );
      return 'done';
    }
    // 1.7.d.5: the resolved attack card enters its champion's Intention zone.
    f.emit(
      'IntentionEntered',
      {
        sid: item.sid,
        player: item.controller,
        card,
        attacker: champ.id,
        weapon: item.weapon,
        ...(item.prepared ? { prepared: true } : {}),
      },
      { rule: '1.7.d.5', auto: true },
    );
    return 'done';
  }
  // Allies, items, weapons, domains, regalia: a new object under the controller (2.3.d.5). Built while the stack
  // still names the card, so a test card's definition is at hand.
  const obj = newObject(f.state, card, item.controller);
  f.emit('StackItemResolved', { sid: item.sid, to: null }, { rule: '2.3.d.5', auto: true });
  f.emit('ObjectEntered', { object: obj, fromZone: null, fromOid: null }, { rule: '2.3.d.5', auto: true });
  collectTriggers(f, obj, 'enter');
  return 'done';
}

/** The effects a resolving action card or ability applies, in order. */
function itemEffects(s: CardBook, item: StackItem): Effect[] {
  if (item.effects) return item.effects; // a delayed trigger (2.4.b.5)
  if (item.card) {
    const a = cardDef(s, item.card.cardId).abilities.find((x) => x.kind === 'resolve');
    return a && a.kind === 'resolve' ? a.effects : [];
  }
  const a = abilityOf(s, item.sourceCardId, item.ability);
  return a && (a.kind === 'trigger' || a.kind === 'activated') ? a.effects : [];
}

/** Applies an item's effects from `from` on; when they are all done the item leaves the stack. */
function runItem(f: Flow, item: StackItem, effects: Effect[], from: number): 'done' | 'paused' {
  if (applyEffects(f, item, effects, from) === 'paused') return 'paused';
  if (f.ended) return 'done';
  if (item.card) {
    // X.A.19.b: a resolving non-object with Preserve goes into the material deck instead of the graveyard.
    const preserve = printedKeyword(f.state, item.controller, cardDef(f.state, item.card.cardId), 'Preserve');
    f.emit(
      'StackItemResolved',
      { sid: item.sid, to: preserve ? 'materialDeck' : 'graveyard' },
      { rule: preserve ? 'X.A.19.b' : '1.7.c.5', auto: true },
    );
  } else f.emit('StackItemResolved', { sid: item.sid, to: null }, { rule: '2.3.d.1', auto: true });
  return 'done';
}

/**
 * X.A.10.a: the Intercept trigger resolves by letting its controller redirect the attack to the ally ("you may").
 * It does nothing if the ally is no longer awake (X.A.10.b), does not obey (X.B.24.c.1) or the attack is over.
 */
function resolveIntercept(f: Flow, item: StackItem): 'done' | 'paused' {
  const ally = objectById(f.state, item.source);
  const c = f.state.combat;
  const fail: [string, string] | null =
    !c || c.negated || c.target === null
      ? ['2.3.d.1', 'there is no attack to redirect']
      : !ally || ally.controller !== item.controller
        ? ['2.3.d.1', 'the ally is no longer on the field under its controller']
        : c.target === ally.id
          ? ['2.3.d.1', 'the attack already targets this ally']
          : ally.rested
            ? ['X.A.10.b', 'the ally is rested; it must be awake to intercept']
            : !obeysUnit(f.state, ally)
              ? ['X.B.24.c.1', 'the ally does not obey its controller (Pride)']
              : null;
  if (fail || !ally) {
    f.emit(
      'StackItemResolved',
      { sid: item.sid, to: null, note: fail?.[1] ?? 'nothing to do' },
      { rule: fail?.[0] ?? '2.3.d.1', auto: true },
    );
    return 'done';
  }
  f.emit(
    'PromptOpened',
    {
      prompt: { kind: 'intercept', player: item.controller, rule: 'X.A.10.a', ally: ally.id, sid: item.sid },
    },
    { rule: 'X.A.10.a', auto: true },
  );
  return 'paused';
}

/** The Intercept choice is made: the trigger has resolved and play continues (X.A.10.a, X.A.10.c). */
export function finishIntercept(f: Flow, sid: string): void {
  f.emit('StackItemResolved', { sid, to: null }, { rule: '2.3.d.1', auto: true });
  afterResolution(f);
}

export function newObject(s: GAState, card: Card, controller: PlayerId): FieldObject {
  const d = cardDef(s, card.cardId);
  const counters: Record<string, number> = {};
  if (d.durability !== undefined) counters.durability = d.durability; // 1.6.g.1.b
  return {
    id: card.id,
    cardId: card.cardId,
    cards: [{ id: card.id, cardId: card.cardId }],
    owner: controller,
    controller,
    rested: false,
    damage: 0,
    counters,
    enteredTurn: s.turn,
  };
}

/** Level-up legality (1.7.a.4.a, 1.7.a.3, X.A.11). */
export function canLevelOnto(s: GAState, champ: FieldObject, d: GACardDef): boolean {
  const cur = cardDef(s, champ.cardId);
  if ((d.level ?? 0) < 1) return false;
  if ((d.level ?? 0) !== (cur.level ?? 0) + 1) return false;
  const lineage = d.keywords.find((k) => k.keyword === 'Lineage');
  if (lineage && cur.lineageName !== lineage.name) return false;
  return champ.owner === champ.controller && s.field.includes(champ);
}

function payTriggerCost(f: Flow, item: StackItem, cost: AbilityCost): boolean {
  const rc = cost.removeCounters;
  if (!rc) return true;
  const src = objectById(f.state, item.source);
  if (!src || (src.counters[rc.kind] ?? 0) < rc.n) return false;
  f.emit('CountersChanged', { object: src.id, kind: rc.kind, delta: -rc.n }, { rule: '2.11.4', auto: true });
  return true;
}

// ── Effects ────────────────────────────────────────────────────────────────────────────────────────────

/** Applies `effects` from index `from` on; 'paused' when damage waits for its replacement effects to be ordered. */
function applyEffects(f: Flow, item: StackItem, effects: Effect[], from: number): 'done' | 'paused' {
  for (let i = from; i < effects.length; i++) {
    const e = effects[i]!;
    if (f.ended) return 'done';
    if ((EFFECTS[e.do] as EffectRow<Effect['do']>)(f, item, e, i) === 'paused') return 'paused';
  }
  return 'done';
}

/** One effect as it resolves; 'paused' when its damage waits for replacement effects to be ordered. */
type EffectRow<K extends Effect['do']> = (
  f: Flow,
  item: StackItem,
  e: Extract<Effect, { do: K }>,
  index: number,
) => 'paused' | void;

/** Every effect kind (cards/types.ts `Effect`): what it does as its stack item resolves. */
const EFFECTS: { readonly [K in Effect['do']]: EffectRow<K> } = {
  draw: (f, item, e) => {
    const me = item.controller;
    drawCards(f, me, e.n, '2.10.1');
  },
  damage: (f, item, e, i) => {
    const me = item.controller;
    // Each champion: in turn order from the turn player; one instance of damage per damaged unit (2.9.1).
    const champions =
      e.to === 'each-champion' ? apnap(f.state.order, f.state.activePlayer ?? me) : opponentsOf(f.state, me);
    const targets = (
      e.to === 'target' ? [objectById(f.state, item.target)] : champions.map((p) => championOf(f.state, p))
    ).filter((t): t is FieldObject => t !== undefined);
    // 2.9.11.b-c: an action is the source of its damage, an ability's object the source of the ability's.
    const source = item.source ?? item.card?.id ?? item.sid;
    const instances = targets.map((t) => ({
      target: t.id,
      source,
      amount: e.n,
      doublers: [],
      applied: [],
    }));
    if (
      instances.length > 0 &&
      startDamage(f, false, source, instances, { sid: item.sid, effect: i }) === 'paused'
    )
      return 'paused';
  },
  prevent: (f, item, e) => {
    const me = item.controller;
    const champ = championOf(f.state, me);
    const targets =
      e.to === 'target'
        ? [objectById(f.state, item.target)]
        : e.to === 'your-champion'
          ? [champ]
          : f.state.field.filter((o) => o.controller === me && isUnit(f.state, o));
    const shields: Shield[] = targets
      .filter((t): t is FieldObject => !!t)
      .map((t, i) => ({
        id: `sh${f.state.serial + 1}-${i}`,
        target: t.id,
        amount: e.n,
        damage: e.damage,
        source: item.sourceCardId,
        ...(e.enlighten ? { enlighten: true } : {}),
      }));
    if (shields.length > 0) f.emit('ShieldCreated', { shields }, { rule: '2.9.a.4.a', auto: true });
  },
  recover: (f, item, e) => {
    const me = item.controller;
    const champ = championOf(f.state, me);
    if (champ && champ.damage > 0)
      f.emit(
        'DamageRecovered',
        { object: champ.id, amount: Math.min(e.n, champ.damage) },
        { rule: 'X.B.29.b', auto: true },
      );
  },
  counters: (f, item, e) => {
    const me = item.controller;
    const champ = championOf(f.state, me);
    const targets =
      e.on === 'target'
        ? [objectById(f.state, item.target)]
        : e.on === 'self'
          ? [objectById(f.state, item.source)]
          : e.on === 'your-champion'
            ? [champ]
            : f.state.field.filter((o) => o.controller === me && isAlly(f.state, o));
    for (const t of targets)
      if (t)
        f.emit('CountersChanged', { object: t.id, kind: e.kind, delta: e.n }, { rule: '2.11.4', auto: true });
  },
  empower: (f, item, e) => {
    const me = item.controller;
    const champ = championOf(f.state, me);
    const t = e.on === 'your-champion' ? champ : objectById(f.state, item.target);
    if (t)
      f.emit(
        'EffectCreated',
        {
          effect: {
            id: `fx${f.state.serial + 1}`,
            source: item.source,
            target: t.id,
            modify: { power: e.n },
            duration: { until: 'end-of-turn' },
            rule: resolvedBy(item),
          },
        },
        { rule: resolvedBy(item), auto: true },
      );
  },
  grant: (f, item, e) => {
    const t = objectById(f.state, item.target);
    if (t)
      f.emit(
        'EffectCreated',
        {
          effect: {
            id: `fx${f.state.serial + 1}`,
            source: item.source,
            target: t.id,
            grant: [e.keyword],
            duration: { until: 'end-of-turn' },
            rule: resolvedBy(item),
          },
        },
        { rule: resolvedBy(item), auto: true },
      );
  },
  wake: (f, item) => {
    const me = item.controller;
    const t = objectById(f.state, item.source);
    if (t && t.rested)
      f.emit('ObjectsWoken', { objects: [t.id], player: me }, { rule: 'X.B.39.a', auto: true });
  },
  destroy: (f, item) => {
    const t = objectById(f.state, item.target);
    if (t && isAlly(f.state, t)) destroyObject(f, t, 'X.B.9.b');
  },
  return: (f, item) => {
    const t = objectById(f.state, item.target);
    if (t && isAlly(f.state, t)) {
      // To its owner's hand even when another player controls it (2.1.h.6.a); a hidden zone, so a new opaque id.
      f.emit(
        'ObjectLeftField',
        {
          object: t.id,
          cardId: t.cardId,
          to: 'hand',
          reason: 'returned',
          player: t.owner,
          toOid: f.oid(),
        },
        { rule: '2.1.h.6.a', auto: true },
      );
      collectTriggers(f, t, 'leave'); // X.A.17
    }
  },
  delayed: (f, item, e) => {
    const me = item.controller;
    // Generated as this resolves (2.4.b.5.a); it goes on the stack once, at the beginning of the end phase (2.4.b.5.b).
    const sourceCardId = item.card?.cardId ?? item.sourceCardId;
    const trigger: PendingTrigger = {
      controller: me,
      source: item.source ?? item.card?.id ?? null,
      sourceCardId,
      ability: -1,
      target: null,
      label: `${cardDef(f.state, sourceCardId).name}: at the beginning of the end phase (delayed)`,
      effects: e.effects,
    };
    f.emit('DelayedTriggerCreated', { trigger }, { rule: '2.4.b.5.a', auto: true });
  },
  negate: (f, item) => {
    const target = f.state.stack.find((x) => x.sid === item.target);
    // A negated attack card goes to the graveyard and deals no damage; its champion stays rested (1.7.d.4.a).
    if (target)
      f.emit('StackItemNegated', { sid: target.sid, to: 'graveyard' }, { rule: '1.7.d.4.a', auto: true });
  },
  'materialize-weapon': (f, item, e) => {
    const me = item.controller;
    const pl = f.state.players[me]!;
    const c = pl.materialDeck.find(
      (x): x is Card =>
        !isHiddenCard(x) &&
        cardDef(f.state, x.cardId).type === 'weapon' &&
        (cardDef(f.state, x.cardId).cost?.n ?? 99) <= e.maxCost,
    );
    if (c) {
      const obj = newObject(f.state, c, me);
      f.emit(
        'ObjectEntered',
        { object: obj, fromZone: 'materialDeck', fromOid: c.oid ?? null, materialized: true },
        { rule: '2.4.b.2.b', auto: true },
      );
      collectTriggers(f, obj, 'enter');
    }
  },
  token: (f, item, e) => {
    const me = item.controller;
    // 2.3.d.5: tokens enter the field under the control of the effect's controller; ids from the stack item.
    for (let i = 0; i < e.n; i++) {
      const obj: FieldObject = {
        ...newObject(f.state, { id: `${item.sid}-token-${i + 1}`, cardId: e.card }, me),
        token: true,
      };
      f.emit(
        'ObjectEntered',
        { object: obj, fromZone: null, fromOid: null },
        { rule: '2.3.d.5', auto: true },
      );
      collectTriggers(f, obj, 'enter');
    }
  },
  'banish-random-memory': (f, item, e) => {
    const me = item.controller;
    const memory = [...f.state.players[me]!.memory]
      .filter((x): x is Card => !isHiddenCard(x))
      .sort((a, b) => (a.id < b.id ? -1 : 1));
    if (memory.length > 0) {
      const c = memory[f.rng.int(memory.length)]!;
      f.emit(
        'CardsMoved',
        {
          reason: 'random-banish',
          player: me,
          moves: [
            {
              owner: me,
              id: c.id,
              cardId: c.cardId,
              from: 'memory',
              to: 'banishment',
              fromOid: c.oid ?? null,
              toOid: null,
            },
          ],
        },
        { rule: '2.12.d.1', auto: true },
      );
    }
    if (e.then === 'draw') drawCards(f, me, 1, '2.10.1');
  },
  'banish-from-graveyard': (f, item, e) => {
    const me = item.controller;
    const owner = f.state.order.find((p) => f.state.players[p]!.graveyard.some((c) => c.id === item.target));
    if (!owner) return;
    const c = f.state.players[owner]!.graveyard.find((x) => x.id === item.target)!;
    f.emit(
      'CardsMoved',
      {
        reason: 'banish',
        player: me,
        moves: [
          {
            owner,
            id: c.id,
            cardId: c.cardId,
            from: 'graveyard',
            to: 'banishment',
            fromOid: null,
            toOid: null,
          },
        ],
      },
      { rule: 'X.B.4.a', auto: true },
    );
    // X.A.1.c.i: a card in a graveyard has its Class Bonus keywords only if its owner's champion shares a class.
    const floating = printedKeyword(f.state, owner, cardDef(f.state, c.cardId), 'Floating Memory');
    const src = objectById(f.state, item.source);
    if (e.levelIfFloating && floating && src)
      f.emit(
        'CountersChanged',
        { object: src.id, kind: 'level', delta: 1 },
        { rule: 'X.A.1.c.i', auto: true },
      );
  },
  'double-attack-if-banish': (f, item, e) => {
    const me = item.controller;
    const gy = f.state.players[me]!.graveyard.filter((c) => cardDef(f.state, c.cardId).element === e.element);
    if (gy.length >= e.n && f.state.combat) {
      const moves: Move[] = gy.slice(0, e.n).map((c) => ({
        owner: me,
        id: c.id,
        cardId: c.cardId,
        from: 'graveyard',
        to: 'banishment',
        fromOid: null,
        toOid: null,
      }));
      f.emit('CardsMoved', { reason: 'cost', player: me, moves }, { rule: '2.2.g.ii.2.d', auto: true });
      f.emit(
        'AttackDoubled',
        { player: me, effect: `double-${item.sid}` },
        { rule: '2.2.g.ii.2.d', auto: true },
      );
    }
  },
};

/** An action card's effects apply as its controller resolves it (2.3.d.6), an ability's likewise (2.3.d.7). */
function resolvedBy(item: StackItem): string {
  return item.card ? '2.3.d.6' : '2.3.d.7';
}

// ── Damage and its replacement effects ─────────────────────────────────────────────────────────────────

/**
 * Calculates damage (one instance per damaged unit and source) and applies its replacement effects (2.9.a.2,
 * 2.2.g.ii.2.d); 'paused' when the damaged unit's controller must choose which applies next.
 */
function startDamage(
  f: Flow,
  attack: boolean,
  source: string,
  instances: DamageInstance[],
  resume: { sid: string; effect: number } | null,
): 'done' | 'paused' {
  f.emit(
    'DamageCalculated',
    { attack, source, instances, resume },
    { rule: attack ? '2.2.g.ii.2.e' : '2.9.1', auto: true },
  );
  if (applyReplacements(f) === 'paused') return 'paused';
  finishDamage(f);
  return 'done';
}

/** Replacement effects that can still apply to an instance of damage: prevention shields and doublers (2.5.b.2.a). */
export function replacementOptions(s: GAState, inst: DamageInstance, attack: boolean): string[] {
  // 2.9.a.4.a: a shield is only reduced by damage that is not zero; doubling zero changes nothing.
  if (inst.amount <= 0) return [];
  const doublers = inst.doublers.filter((id) => !inst.applied.includes(id));
  const shields = s.shields
    .filter(
      (x) =>
        x.target === inst.target &&
        x.amount > 0 &&
        (x.damage === 'any' || (x.damage === 'attack') === attack) &&
        !inst.applied.includes(x.id),
    )
    .map((x) => x.id);
  return [...shields, ...doublers];
}

/** Applies replacement effects one at a time: alone, it applies itself; two or more, the controller chooses. */
function applyReplacements(f: Flow): 'done' | 'paused' {
  const pd = f.state.damage;
  if (!pd) return 'done';
  for (let i = 0; i < pd.instances.length; i++) {
    for (let guard = 0; guard < 50; guard++) {
      const inst = f.state.damage!.instances[i]!;
      const options = replacementOptions(f.state, inst, pd.attack);
      if (options.length === 0) break;
      if (options.length === 1) {
        applyReplacement(f, i, options[0]!, true);
        continue;
      }
      const player = objectById(f.state, inst.target)?.controller ?? f.state.activePlayer!;
      const rule = pd.attack ? '2.2.g.ii.2.d' : '2.9.a.2';
      f.emit(
        'PromptOpened',
        { prompt: { kind: 'orderReplacements', player, rule, target: inst.target, instance: i, options } },
        { rule, auto: true },
      );
      return 'paused';
    }
  }
  return 'done';
}

/** One replacement effect applied to instance `i`: a shield prevents what it can (2.9.a.4.a), a doubler doubles. */
export function applyReplacement(f: Flow, i: number, effect: string, auto: boolean): void {
  const pd = f.state.damage!;
  const inst = pd.instances[i]!;
  const chosen = pd.attack ? '2.2.g.ii.2.d' : '2.9.a.2';
  const sh = f.state.shields.find((x) => x.id === effect);
  if (sh) {
    const used = Math.min(sh.amount, inst.amount);
    f.emit(
      'DamagePrevented',
      { shield: sh.id, target: inst.target, amount: used, attack: pd.attack, instance: i },
      { rule: auto ? '2.9.a.4.a' : chosen, auto },
    );
    // 2.9.a.10: Spellshield's counters are part of the same replacement effect.
    if (sh.enlighten)
      f.emit(
        'CountersChanged',
        { object: inst.target, kind: 'enlighten', delta: used },
        { rule: '2.9.a.10', auto: true },
      );
    return;
  }
  f.emit(
    'DamageDoubled',
    { instance: i, effect, target: inst.target, amount: inst.amount * 2 },
    { rule: auto ? (effect === 'critical' ? 'X.A.3.a' : '2.2.g.ii.2.d') : chosen, auto },
  );
}

/** The player chose a replacement effect: apply it, then the rest, then deal the damage and carry on. */
export function continueDamage(f: Flow): void {
  if (applyReplacements(f) === 'paused') return;
  const resume = f.state.damage?.resume ?? null;
  finishDamage(f);
  if (f.ended) return;
  if (resume) {
    const item = f.state.stack.find((x) => x.sid === resume.sid);
    if (item && runItem(f, item, itemEffects(f.state, item), resume.effect + 1) === 'paused') return;
    afterResolution(f);
    return;
  }
  settle(f);
}

/** Deals the calculated damage at once (2.2.g.ii.2.e, 2.9.12); for an attack, durability and On Hit follow. */
function finishDamage(f: Flow): void {
  const pd = f.state.damage;
  if (!pd) return;
  // 2.6.9-10: an attacker or target that left the field deals / is dealt nothing.
  const dealt = pd.instances.filter(
    (x) => x.amount > 0 && objectById(f.state, x.target) && (!pd.attack || objectById(f.state, x.source)),
  );
  const c = f.state.combat;
  if (pd.attack && c) {
    // X.A.16.b: On Kill only when this damage is what makes the unit lethal.
    for (const x of dealt) {
      const victim = objectById(f.state, x.target)!;
      const by = objectById(f.state, x.source)!;
      if (victim.damage < life(f.state, victim) && victim.damage + x.amount >= life(f.state, victim))
        f.killers.set(victim.id, {
          controller: by.controller,
          id: by.id,
          cardId: by.cardId,
          attackCardId: by.id === c.attacker ? (c.attackCard?.cardId ?? null) : null,
        });
    }
  }
  const damage = dealt.map((x) =>
    pd.attack
      ? { target: x.target, amount: x.amount, source: x.source }
      : { target: x.target, amount: x.amount },
  );
  // 2.9.10: damage is only dealt when it is greater than 0.
  if (damage.length > 0)
    f.emit(
      'DamageDealt',
      { source: pd.source, attack: pd.attack, damage },
      { rule: pd.attack ? '2.2.g.ii.2.e' : '2.9.12', auto: true },
    );
  else f.emit('NoDamageDealt', { source: pd.source, attack: pd.attack }, { rule: '2.9.10', auto: true });
  if (pd.attack && c) afterCombatDamage(f, dealt);
}

/** Defending units that may still declare a retaliation (2.2.g.i.2, X.A.2.d). */
export function retaliationCandidates(s: GAState): FieldObject[] {
  const c = s.combat;
  // A negated targeted attack has no defending unit left to retaliate (X.A.22.a.v); Cleave is never negated so.
  if (!c || !c.defendingPlayer || (c.negated && !c.cleave)) return [];
  const defending = c.cleave
    ? s.field.filter((o) => o.controller === c.defendingPlayer && isUnit(s, o))
    : s.field.filter((o) => o.id === c.target);
  return defending.filter(
    (o) => !o.rested && !c.retaliators.includes(o.id) && unitPower(s, o) > 0 && obeysUnit(s, o),
  );
}

/** The damage step (2.2.g.ii.2): attack and retaliation damage calculated per unit, then dealt all at once. */
export function dealCombatDamage(f: Flow): 'done' | 'paused' {
  const c = f.state.combat;
  if (!c) return 'done';
  const attacker = objectById(f.state, c.attacker);
  const instances: DamageInstance[] = [];
  // X.A.2.a/e: Cleave hits every unit the defending player controls, each calculated on its own. A negated attack
  // deals no damage (X.A.22.a.v, X.B.23.b).
  const targets = c.negated
    ? []
    : c.cleave
      ? f.state.field.filter((o) => o.controller === c.defendingPlayer && isUnit(f.state, o))
      : [objectById(f.state, c.target)].filter((o): o is FieldObject => o !== undefined);
  if (attacker)
    for (const t of targets)
      instances.push({
        target: t.id,
        source: attacker.id,
        amount: Math.max(0, attackPower(f.state)),
        doublers: c.doublers.map((d) => d.id),
        applied: [],
      });
  // 2.2.g.ii.2.a-b: retaliators still on the field deal their damage to the attacker, even if the attack was negated.
  for (const rid of c.retaliators) {
    const retaliator = objectById(f.state, rid);
    if (retaliator && attacker)
      instances.push({
        target: attacker.id,
        source: retaliator.id,
        amount: Math.max(0, unitPower(f.state, retaliator)),
        doublers: (c.retaliatorDoublers ?? []).includes(rid) ? ['critical'] : [],
        applied: [],
      });
  }
  return startDamage(f, true, c.attacker, instances, null);
}

/** After combat damage: the weapon's durability (2.2.g.ii.2.e.ii, X.A.2.f) and On Hit triggers (X.A.15). */
function afterCombatDamage(f: Flow, dealt: DamageInstance[]): void {
  const c = f.state.combat!;
  const attacker = objectById(f.state, c.attacker);
  if (!attacker) return;
  // The weapon used loses a durability counter, even at 0 damage, unless the attack was negated or its target
  // left the field; one counter in total under Cleave.
  const weapon = objectById(f.state, c.weapon);
  const targetThere = c.cleave
    ? f.state.field.some((o) => o.controller === c.defendingPlayer && isUnit(f.state, o))
    : objectById(f.state, c.target) !== undefined;
  if (weapon && targetThere && !c.negated)
    f.emit(
      'CountersChanged',
      { object: weapon.id, kind: 'durability', delta: -1 },
      { rule: c.cleave ? 'X.A.2.f' : '2.2.g.ii.2.e.ii', auto: true },
    );
  for (const x of dealt) {
    if (x.source !== attacker.id) continue;
    const t = objectById(f.state, x.target);
    if (!t) continue;
    // X.A.15 / 2.6.8: On Hit of the attack card and of the attacking unit.
    if (c.attackCard)
      collectTriggers(
        f,
        { controller: attacker.controller, cardId: c.attackCard.cardId, id: attacker.id },
        'hit',
        t.id,
      );
    collectTriggers(f, attacker, 'hit', t.id);
    if (isAlly(f.state, t)) collectTriggers(f, attacker, 'ally-hit', t.id);
  }
}

// ── Leaving the field, state-based effects, loss ───────────────────────────────────────────────────────

function graveOrBanish(s: CardBook, o: FieldObject): 'graveyard' | 'banishment' {
  // 1.7.h.3.c: a regalia destroyed or sacrificed is banished instead.
  return cardDef(s, o.cardId).supertypes.includes('regalia') ? 'banishment' : 'graveyard';
}

export function destroyObject(f: Flow, o: FieldObject, rule: string): void {
  if (isUnit(f.state, o) && hasKeyword(f.state, o, 'Immortality')) return; // X.A.8.a.i-ii
  const to = graveOrBanish(f.state, o);
  const snapshot = { ...o };
  f.emit(
    'ObjectLeftField',
    { object: o.id, cardId: o.cardId, to, reason: 'destroyed' },
    { rule, auto: true },
  );
  if (to === 'graveyard') {
    collectTriggers(f, snapshot, 'death'); // X.A.13.a.i
    // X.A.19.a: Preserve on an object is a trigger on death that sends its card on to the material deck.
    if (!isChampion(f.state, snapshot) && hasKeyword(f.state, snapshot, 'Preserve'))
      f.triggers.push({
        controller: snapshot.controller,
        source: snapshot.id,
        sourceCardId: snapshot.cardId,
        ability: -1,
        target: null,
        label: `${cardDef(f.state, snapshot.cardId).name}: Preserve`,
        keyword: 'Preserve',
      });
  }
  collectTriggers(f, snapshot, 'leave'); // X.A.17
}

/** State-based effects (2.12.h), repeated until nothing changes, then the game's end (1.4.2-1.4.4). */
export function runSBE(f: Flow): void {
  for (let guard = 0; guard < 50 && !f.ended; guard++) {
    let changed = false;
    for (const o of [...f.state.field]) {
      if (isAlly(f.state, o) && o.damage >= life(f.state, o) && !hasKeyword(f.state, o, 'Immortality')) {
        destroyObject(f, o, '2.12.h.3');
        const k = f.killers.get(o.id);
        if (k) {
          // X.A.16 / 2.6.8: the attack card's On Kill belongs to the attacking unit.
          if (k.attackCardId)
            collectTriggers(f, { controller: k.controller, cardId: k.attackCardId, id: k.id }, 'kill', o.id);
          const killer = objectById(f.state, k.id);
          if (killer) collectTriggers(f, killer, 'kill', o.id);
          f.killers.delete(o.id);
        }
        changed = true;
      } else if (cardDef(f.state, o.cardId).type === 'weapon' && (o.counters.durability ?? 0) <= 0) {
        destroyObject(f, o, '2.12.h.4');
        changed = true;
      }
    }
    for (const p of f.state.order) {
      const pl = f.state.players[p]!;
      if (pl.lost) continue;
      const champ = championOf(f.state, p);
      if (champ && champ.damage >= life(f.state, champ)) {
        f.emit(
          'PlayerLost',
          {
            player: p,
            rule: '1.4.3.a',
            reason: `${cardDef(f.state, champ.cardId).name} has ${champ.damage} damage, life ${life(f.state, champ)}`,
          },
          { rule: '1.4.3.a', auto: true },
        );
        changed = true;
      } else if (pl.championPlaced && !champ) {
        f.emit(
          'PlayerLost',
          { player: p, rule: '1.4.3.b', reason: 'no longer controls a champion' },
          { rule: '1.4.3.b', auto: true },
        );
        changed = true;
      }
    }
    const lost = f.state.order.filter((p) => f.state.players[p]!.lost !== null);
    if (lost.length > 0) {
      const left = f.state.order.filter((p) => f.state.players[p]!.lost === null);
      const why = lost.map((p) => `${p} lost (${f.state.players[p]!.lost})`).join(', ');
      if (left.length === 1) {
        f.emit(
          'MatchEnded',
          { winner: left[0], result: `${left[0]} wins: ${why}`, seed: '' },
          { rule: '1.4.2.b', auto: true },
        );
        return;
      }
      if (left.length === 0) {
        f.emit(
          'MatchEnded',
          { winner: null, result: `draw: ${why} at the same time`, seed: '' },
          { rule: '1.4.4.b', auto: true },
        );
        return;
      }
      // Multiplayer: the others play on; the loser's objects cease to exist (1.4.5.a-b).
      for (const p of lost)
        if (
          f.state.field.some((o) => o.owner === p || o.controller === p) ||
          f.state.stack.some((x) => x.controller === p)
        ) {
          f.emit('PlayerRemoved', { player: p }, { rule: '1.4.5', auto: true });
          changed = true;
        }
    }
    if (!changed) {
      askUniqueToKeep(f);
      return;
    }
  }
}

/** Unique objects a player controls more than one of with the same name (1.7.h.2, 2.12.h.5). */
function uniqueDuplicates(s: GAState): { player: PlayerId; name: string; objects: string[] } | null {
  const groups = new Map<string, FieldObject[]>();
  for (const o of s.field) {
    const d = cardDef(s, o.cardId);
    if (!d.supertypes.includes('unique')) continue;
    const key = `${o.controller}\u0000${d.name}`;
    groups.set(key, [...(groups.get(key) ?? []), o]);
  }
  for (const objs of groups.values())
    if (objs.length >= 2)
      return {
        player: objs[0]!.controller,
        name: cardDef(s, objs[0]!.cardId).name,
        objects: objs.map((o) => o.id),
      };
  return null;
}

/**
 * 1.7.h.2.i / 2.12.h.5: the player chooses which unique object to keep before the game goes on (no effect
 * resolves and no Opportunity is passed meanwhile). Triggers already waiting go on the stack first, so the choice
 * is the only thing outstanding; the turn player receives Opportunity once it is made.
 */
function askUniqueToKeep(f: Flow): void {
  if (f.state.prompt?.kind === 'keepUnique') return;
  const dup = uniqueDuplicates(f.state);
  if (!dup) return;
  if (f.triggers.length > 0 && placeTriggerItems(f) === 'paused') return;
  f.emit(
    'PromptOpened',
    {
      prompt: {
        kind: 'keepUnique',
        player: dup.player,
        rule: '1.7.h.2.i',
        name: dup.name,
        objects: dup.objects,
      },
    },
    { rule: '1.7.h.2.i', auto: true },
  );
}

/** The player keeps `keep`; the other objects of that name are sacrificed (1.7.h.2.i, X.B.35.c-d). */
export function keepUnique(f: Flow, keep: string): void {
  const pr = f.state.prompt;
  if (pr?.kind !== 'keepUnique') return;
  f.emit('UniqueKept', { player: pr.player, object: keep, name: pr.name }, { rule: '1.7.h.2.i' });
  for (const id of pr.objects) {
    const o = objectById(f.state, id);
    if (!o || id === keep) continue;
    const to = graveOrBanish(f.state, o);
    const snapshot = { ...o };
    f.emit(
      'ObjectLeftField',
      { object: o.id, cardId: o.cardId, to, reason: 'sacrificed' },
      { rule: '1.7.h.2.i', auto: true },
    );
    // X.B.35.d: a sacrificed object has died if it went to the graveyard.
    if (to === 'graveyard') collectTriggers(f, snapshot, 'death');
    collectTriggers(f, snapshot, 'leave');
  }
  afterResolution(f);
}

// ── The phase sequence (asked of the machine) ──────────────────────────────────────────────────────────

export function enterLocation(f: Flow, phase: Phase, step: Step, rule: string): void {
  f.emit('PhaseEntered', { phase, step }, { rule, auto: true });
  const tp = f.state.activePlayer!;
  switch (`${phase}/${step ?? ''}`) {
    case 'setup/place-champion':
      f.emit(
        'PromptOpened',
        { prompt: { kind: 'placeChampion', player: tp, rule: '1.3.3' } },
        { rule: '1.3.3', auto: true },
      );
      return;
    case 'wake-up/': {
      const rested = f.state.field.filter((o) => o.controller === tp && o.rested).map((o) => o.id);
      f.emit('ObjectsWoken', { objects: rested, player: tp }, { rule: '2.2.a.1', auto: true });
      return;
    }
    case 'materialize/':
      if (hasMaterializeOption(f.state, tp))
        f.emit(
          'PromptOpened',
          { prompt: { kind: 'materialize', player: tp, rule: '2.2.b.3' } },
          { rule: '2.2.b.3', auto: true },
        );
      else
        f.emit(
          'MaterializationDeclined',
          { player: tp, reason: 'nothing can be materialized' },
          { rule: '2.2.b.4', auto: true },
        );
      return;
    case 'recollection/':
      grantOpportunity(f, '2.2.c.1');
      return;
    case 'draw/':
      drawCards(f, tp, 1, '2.2.d.1');
      return;
    case 'main/':
      grantOpportunity(f, '2.2.e.1');
      return;
    case 'combat/attack': {
      const c = f.state.combat!;
      if (c.target === null && !c.cleave) {
        if (attackTargets(f.state).length > 0)
          f.emit(
            'PromptOpened',
            { prompt: { kind: 'attackTarget', player: c.attackingPlayer, rule: '2.6.3' } },
            { rule: '2.6.3', auto: true },
          );
        else
          f.emit(
            'AttackFizzled',
            { player: c.attackingPlayer, reason: 'no legal attack target' },
            { rule: '2.6.2.b', auto: true },
          );
      } else afterAttackDeclared(f);
      return;
    }
    case 'combat/retaliation':
    case 'combat/damage':
      grantOpportunity(f, step === 'retaliation' ? '2.2.g.i.1' : '2.2.g.ii.1');
      return;
    case 'combat/end-of-combat':
      if (f.state.combat?.attackCard)
        f.emit(
          'IntentionCleared',
          { player: f.state.combat.attackingPlayer, card: f.state.combat.attackCard },
          { rule: '2.2.g.iii.1.a', auto: true },
        );
      return;
    case 'end/': {
      // Delayed triggers of this turn go on the stack with the end phase's own, once (2.4.b.5.b).
      if (f.state.delayed.length > 0) {
        f.triggers.push(...f.state.delayed);
        f.emit('DelayedTriggersFired', { count: f.state.delayed.length }, { rule: '2.4.b.5.b', auto: true });
      }
      for (const o of f.state.field) {
        if (o.controller !== tp) continue;
        if (isUnit(f.state, o) && o.rested && hasKeyword(f.state, o, 'Vigor'))
          f.triggers.push({
            controller: tp,
            source: o.id,
            sourceCardId: o.cardId,
            ability: -1,
            target: null,
            label: `${cardDef(f.state, o.cardId).name}: Vigor`,
            keyword: 'Vigor',
          });
        collectTriggers(f, o, 'end-phase');
      }
      if (f.triggers.length === 0) grantOpportunity(f, '2.2.f.3');
      return;
    }
  }
}

/** Damage sources of this combat with Critical N > 0 (X.A.3.c), and the opponent who may discard to stop each. */
function criticalSources(s: GAState): { source: string; n: number; player: PlayerId }[] {
  const c = s.combat;
  const attacker = objectById(s, c?.attacker);
  if (!c || !attacker) return [];
  const out: { source: string; n: number; player: PlayerId }[] = [];
  const n = !c.negated && (c.target !== null || c.cleave) ? criticalOf(s) : 0;
  if (n > 0) out.push({ source: attacker.id, n, player: c.defendingPlayer! });
  // 2.2.g.ii.2.a-b: a retaliator still on the field deals its damage (even to a negated attack), so its Critical applies.
  for (const rid of c.retaliators) {
    const r = objectById(s, rid);
    if (!r) continue;
    const d = cardDef(s, r.cardId);
    let m = 0;
    for (const k of d.keywords)
      if (k.keyword === 'Critical' && conditionsMet(s, r.controller, d, k)) m += k.n ?? 0;
    if (m > 0) out.push({ source: r.id, n: m, player: c.attackingPlayer });
  }
  return out;
}

/** Critical N of the attack's source (X.A.3.c-d): the attacking unit's, its attack card's and weapon's, added up. */
export function criticalOf(s: GAState): number {
  const c = s.combat;
  const attacker = objectById(s, c?.attacker);
  if (!c || !attacker) return 0;
  const sources = [
    cardDef(s, attacker.cardId),
    ...(c.attackCard ? [cardDef(s, c.attackCard.cardId)] : []),
    ...(objectById(s, c.weapon) ? [cardDef(s, objectById(s, c.weapon)!.cardId)] : []),
  ];
  let n = 0;
  for (const d of sources)
    for (const k of d.keywords)
      if (k.keyword === 'Critical' && conditionsMet(s, attacker.controller, d, k)) n += k.n ?? 0;
  return n;
}

/**
 * Once an attack has its target: Intercept triggers for each awake ally with Intercept of an attacked champion's
 * controller (X.A.10.a; it triggers even if the ally does not obey, X.B.24.c.1) and the On Attack triggers
 * (2.2.g.2); they go on the stack together, the turn player's first (2.4.b.6).
 */
export function afterAttackDeclared(f: Flow): void {
  const c = f.state.combat;
  const t = objectById(f.state, c?.target);
  if (c && t && isChampion(f.state, t))
    for (const o of f.state.field)
      if (
        o.controller === t.controller &&
        isAlly(f.state, o) &&
        !o.rested &&
        hasKeyword(f.state, o, 'Intercept')
      )
        f.triggers.push({
          controller: o.controller,
          source: o.id,
          sourceCardId: o.cardId,
          ability: -1,
          target: null,
          label: `${cardDef(f.state, o.cardId).name}: Intercept`,
          keyword: 'Intercept',
        });
  collectAttackTriggers(f);
}

export function collectAttackTriggers(f: Flow): void {
  const c = f.state.combat;
  if (!c) return;
  const attacker = objectById(f.state, c.attacker);
  if (!attacker) return;
  // X.A.12 / 2.6.8: On Attack of the attack card and the attacking unit, owned by the attacking unit.
  if (c.attackCard)
    collectTriggers(
      f,
      { controller: attacker.controller, cardId: c.attackCard.cardId, id: attacker.id },
      'attack',
    );
  collectTriggers(f, attacker, 'attack');
}

/** Legal targets for the attack in combat (attack cards choose on entering Intention, 2.6.3). */
export function attackTargets(s: GAState): FieldObject[] {
  const c = s.combat;
  if (!c) return [];
  const attacker = objectById(s, c.attacker);
  if (!attacker) return [];
  const weapon = objectById(s, c.weapon) ?? null;
  return s.field.filter(
    (o) =>
      isUnit(s, o) &&
      o.controller !== attacker.controller &&
      (!hasKeyword(s, o, 'Stealth') ||
        hasKeyword(s, attacker, 'True Sight') ||
        (weapon !== null && hasKeyword(s, weapon, 'True Sight'))),
  );
}

/** Leaves the current phase/step (its closing actions), then enters the one the machine names. */
export function advance(f: Flow): void {
  const s = f.state;
  const tp = s.activePlayer;
  switch (`${s.phase}/${s.step ?? ''}`) {
    case 'setup/': {
      const loc = nextLocation(f.state);
      f.emit('TurnStarted', { turn: 1, player: s.firstPlayer }, { rule: '1.3.2.a', auto: true });
      enterLocation(f, loc.phase, loc.step, loc.rule);
      return;
    }
    case 'recollection/': {
      const pl = s.players[tp!]!;
      const moves: Move[] = pl.memory
        .filter((c): c is Card => !isHiddenCard(c))
        .map((c) => ({
          owner: tp!,
          id: c.id,
          cardId: c.cardId,
          from: 'memory',
          to: 'hand',
          fromOid: c.oid ?? null,
          toOid: f.oid(),
        }));
      f.emit('CardsMoved', { reason: 'recollection', player: tp, moves }, { rule: '2.2.c.2', auto: true });
      break;
    }
    case 'combat/retaliation': {
      const c = s.combat;
      // 2.2.g.i.2: awake defending units with power > 0 may rest to retaliate (each of them under Cleave, X.A.2.d).
      if (c && !c.retaliationDecided && retaliationCandidates(s).length > 0) {
        f.emit(
          'PromptOpened',
          { prompt: { kind: 'retaliate', player: c.defendingPlayer!, rule: '2.2.g.i.2' } },
          { rule: '2.2.g.i.2', auto: true },
        );
        return;
      }
      break;
    }
    case 'combat/damage': {
      const c = s.combat;
      if (c && !c.damageCalculated) {
        // X.A.3: each damage source's Critical N — the attacking unit's (offered to the defending player) and each
        // retaliating unit's (retaliation damage is attack damage, 2.9.2; offered to the attacking player) — doubles
        // its damage unless that opponent discards N cards; one source at a time, the attack's first.
        for (const cr of criticalSources(s)) {
          if ((c.criticalsSettled ?? []).includes(cr.source)) continue;
          if (s.players[cr.player]!.hand.length >= cr.n) {
            f.emit(
              'CriticalOffered',
              { player: cr.player, n: cr.n, source: cr.source },
              { rule: 'X.A.3.a', auto: true },
            );
            return;
          }
          f.emit(
            'CriticalSettled',
            {
              player: cr.player,
              doubled: true,
              reason: `fewer than ${cr.n} cards in hand`,
              source: cr.source,
            },
            { rule: 'X.A.3.a', auto: true },
          );
        }
        if (dealCombatDamage(f) === 'paused') return;
      }
      break;
    }
    case 'combat/end-of-combat':
      f.emit('CombatEnded', { player: tp }, { rule: '2.2.g.iii.3', auto: true });
      break;
    case 'end/': {
      const allies = s.field.filter((o) => isAlly(s, o) && o.damage > 0).map((o) => o.id);
      f.emit('EndOfTurnCleanup', { player: tp, allies }, { rule: '2.2.f.4', auto: true });
      f.emit('TurnEnded', { turn: s.turn, player: tp }, { rule: '2.2.f.4.c', auto: true });
      if (f.state.turnLimit > 0 && f.state.turn >= f.state.turnLimit) {
        f.emit(
          'MatchEnded',
          {
            winner: null,
            result: `draw: the turn limit of ${f.state.turnLimit} turns was reached`,
            seed: '',
          },
          { rule: '1.4.4.a', auto: true },
        );
        return;
      }
      const loc = nextLocation(f.state);
      const next = nextInTurnOrder(f.state, tp!);
      f.emit('TurnStarted', { turn: f.state.turn + 1, player: next }, { rule: '1.2.3', auto: true });
      enterLocation(f, loc.phase, loc.step, loc.rule);
      return;
    }
  }
  if (f.ended) return;
  const loc = nextLocation(f.state);
  enterLocation(f, loc.phase, loc.step, loc.rule);
}

function obeysUnit(s: GAState, o: FieldObject): boolean {
  return (
    isChampion(s, o) ||
    (printedKeyword(s, o.controller, cardDef(s, o.cardId), 'Pride')
      ? championLevel(s, o.controller) >=
        Math.max(
          ...cardDef(s, o.cardId)
            .keywords.filter((k) => k.keyword === 'Pride')
            .map((k) => k.n ?? 0),
        )
      : true)
  );
}

/** The next player in turn order who is still in the game (1.2.3, 1.4.5). */
export function nextInTurnOrder(s: GAState, p: PlayerId): PlayerId {
  const n = s.order.length;
  const i = s.order.indexOf(p);
  for (let k = 1; k <= n; k++) {
    const q = s.order[(i + k) % n]!;
    if (s.players[q]!.lost === null) return q;
  }
  return p;
}

/** The turn player lost while others play on: the turn ends at once (2.2.h.2) and the next one starts. */
function endTurnEarly(f: Flow): void {
  const tp = f.state.activePlayer!;
  f.emit(
    'TurnEndedEarly',
    { player: tp, banished: f.state.stack.map((x) => x.sid) },
    { rule: '2.2.h.2', auto: true },
  );
  const allies = f.state.field.filter((o) => isAlly(f.state, o) && o.damage > 0).map((o) => o.id);
  f.emit('EndOfTurnCleanup', { player: tp, allies }, { rule: '2.2.f.4', auto: true });
  f.emit('TurnEnded', { turn: f.state.turn, player: tp }, { rule: '2.2.f.4.c', auto: true });
  // The machine's transition out of the end phase decides where the next turn starts.
  const loc = nextLocation({ ...f.state, phase: 'end', step: null });
  f.emit(
    'TurnStarted',
    { turn: f.state.turn + 1, player: nextInTurnOrder(f.state, tp) },
    { rule: '1.2.3', auto: true },
  );
  enterLocation(f, loc.phase, loc.step, loc.rule);
}

/** Runs the game forward until a player must act or the match ends. */
export function settle(f: Flow): void {
  for (let guard = 0; guard < 1000; guard++) {
    if (f.ended) return;
    runSBE(f);
    if (f.ended) return;
    if (f.state.players[f.state.activePlayer ?? '']?.lost) {
      endTurnEarly(f);
      continue;
    }
    if (f.triggers.length > 0 || (f.state.waitingTriggers.length > 0 && f.state.prompt === null)) {
      placeTriggers(f);
      continue;
    }
    if (f.state.prompt || f.state.priority) return;
    if (f.state.stack.length > 0) {
      grantOpportunity(f, '2.8.b.1.a.ii');
      return;
    }
    advance(f);
  }
  throw new Error('grand-archive: the game did not settle (engine bug)');
}

/** Can the turn player materialize anything now (2.2.b.3)? Reads the full state (decide has it). */
export function hasMaterializeOption(s: GAState, p: PlayerId): boolean {
  return (
    materializeOptions(s, p).length > 0 ||
    s.players[p]!.materialDeck.some((c) => !isHiddenCard(c) && c.preserved === true)
  );
}

export function materializeOptions(s: GAState, p: PlayerId): Card[] {
  const pl = s.players[p]!;
  return pl.materialDeck.filter((c): c is Card => !isHiddenCard(c) && materializeProblem(s, p, c) === null);
}

/** Why `card` can't be materialized by `p` now, or null (2.3.b, 1.7.a.3-5, X.A.11, 1.6.d, 2.3.c.2). */
/** Cards in `p`'s graveyard whose Floating Memory is active for `p` (X.A.7, its Class Bonus checked, X.A.1.b). */
export function floatingCards(s: GAState, p: PlayerId): Card[] {
  return s.players[p]!.graveyard.filter((c) =>
    printedKeyword(s, p, cardDef(s, c.cardId), 'Floating Memory'),
  ).sort((a, b) => (a.id < b.id ? -1 : 1));
}

/**
 * Why `card` can't be materialized by `p` now, or null (2.3.b, 1.7.a.3-5, X.A.11, 1.6.d, 2.3.c.2). `floating`
 * is the number of Floating Memory cards declared (X.A.7.c); undefined = as many as could help.
 */
export function materializeProblem(
  s: GAState,
  p: PlayerId,
  card: Card,
  floating?: number,
): { rule: string; reason: string } | null {
  const d = cardDef(s, card.cardId);
  const pl = s.players[p]!;
  if (pl.materializedThisPhase) return { rule: '2.3.b.1.a', reason: 'you already materialized this phase' };
  if (d.type !== 'champion' && !d.supertypes.includes('regalia'))
    return {
      rule: '2.2.b.3.a',
      reason: `${d.name} is neither a champion nor a regalia; a Preserved card can only return to hand (X.A.19.d)`,
    };
  if (d.type === 'champion') {
    if ((d.level ?? 0) === 0)
      return { rule: '1.7.a.3', reason: `${d.name} is Lv 0; Lv 0 champions can't be materialized` };
    const champ = championOf(s, p);
    if (!champ) return { rule: '1.7.a.4', reason: 'you have no champion to level up' };
    const cur = cardDef(s, champ.cardId);
    if ((d.level ?? 0) !== (cur.level ?? 0) + 1)
      return {
        rule: '1.7.a.4.a',
        reason: `${d.name} is Lv ${d.level}; your champion ${cur.name} is printed Lv ${cur.level}, so only a Lv ${(cur.level ?? 0) + 1} champion can level it up`,
      };
    const lineage = d.keywords.find((k) => k.keyword === 'Lineage');
    if (lineage && cur.lineageName !== lineage.name)
      return { rule: 'X.A.11.a', reason: `${d.name} must be leveled from a ${lineage.name} champion` };
  } else if (!enabledFor(s, p, d))
    return { rule: '2.3.b.3', reason: `the ${d.element} element is not enabled for you` };
  if (!d.cost) return { rule: '2.3.c.4', reason: `${d.name} has no cost and can't be paid for` };
  const fm = floating ?? Math.min(d.cost.n, floatingCards(s, p).length);
  if (d.cost.kind === 'memory' && fm > d.cost.n)
    return {
      rule: 'X.A.7.b',
      reason: `Floating Memory pays 1 each; ${fm} is more than the cost ${d.cost.n}`,
    };
  if (d.cost.kind === 'memory' && pl.memory.length < d.cost.n - fm)
    return {
      rule: '2.3.b.8',
      reason: `${d.name} costs ${d.cost.n} memory; you have ${pl.memory.length} card(s) in memory${fm > 0 ? ` and ${fm} floating` : ''}`,
    };
  if (d.cost.kind === 'reserve')
    return { rule: '2.3.b.4.a', reason: 'reserve-cost materializations are not offered by this engine' };
  return null;
}

function enabledFor(s: GAState, p: PlayerId, d: GACardDef): boolean {
  const els = new Set<string>(['norm']);
  for (const o of s.field)
    if (o.controller === p && isChampion(s, o))
      for (const c of o.cards) els.add(cardDef(s, c.cardId).element);
  return els.has(d.element);
}

export { fullCard };

// evolve: the pure fold. It reads only the event payload, so it folds the full events (judge) and the redacted
// ones (viewers) alike: cards are found by their real id or by their opaque id, and a move whose card identity
// was redacted (cardId null) leaves a hidden slot behind.
import {
  isHiddenCard,
  apnap,
  expireEffects,
  foldBy,
  openWindow,
  passPriority,
  startedState,
  type Fold,
  type FoldTable,
  type GameEvent,
  type PlayerId,
} from '@matchtape/engine';
import type { PendingTrigger, WaitingTrigger } from './types';
import type {
  Card,
  Combat,
  DamageInstance,
  FieldObject,
  PendingDamage,
  GAState,
  Pending,
  PlayerState,
  PlayerZone,
  Prompt,
  Shield,
  Slot,
  StackItem,
  Step,
  Phase,
} from './types';
import { namedDefs } from './cards/book';
import type { GACardDef } from './cards/types';
import type { ContinuousEffect } from '@matchtape/engine';

export interface Move {
  owner: PlayerId;
  id: string | null;
  cardId: string | null;
  from: PlayerZone;
  to: PlayerZone;
  fromOid: string | null;
  toOid: string | null;
  bottom?: boolean;
  /** Enters the material deck face-up (X.A.19.c): public, no opaque id. */
  preserved?: boolean;
  /** Leaves the material deck where it was face-up (Preserved): everyone saw it there. */
  fromPreserved?: boolean;
}

export function initialState(): GAState {
  return {
    status: 'setup',
    matchId: '',
    order: [],
    players: {},
    turn: 0,
    activePlayer: null,
    firstPlayer: null,
    phase: 'setup',
    step: null,
    field: [],
    stack: [],
    priority: null,
    prompt: null,
    pending: null,
    combat: null,
    effects: [],
    shields: [],
    damage: null,
    waitingTriggers: [],
    delayed: [],
    serial: 0,
    turnLimit: 0,
    cards: {},
    winner: null,
    result: null,
  };
}

function emptyPlayer(id: PlayerId, name: string): PlayerState {
  return {
    id,
    name,
    mainDeck: [],
    materialDeck: [],
    hand: [],
    memory: [],
    graveyard: [],
    banishment: [],
    championPlaced: false,
    turnsTaken: 0,
    materializedThisPhase: false,
    lost: null,
  };
}

/** Removes the slot matching `id` (real) or `oid` (opaque) from a zone. */
function without(zone: readonly Slot[], id: string | null, oid: string | null): Slot[] {
  let i = id !== null ? zone.findIndex((c) => c.id === id) : -1;
  if (i < 0 && oid !== null) i = zone.findIndex((c) => c.id === oid || (!isHiddenCard(c) && c.oid === oid));
  if (i < 0) return [...zone];
  return [...zone.slice(0, i), ...zone.slice(i + 1)];
}

function slotFor(id: string | null, cardId: string | null, oid: string | null): Slot {
  if (cardId !== null && id !== null) return oid !== null ? { id, cardId, oid } : { id, cardId };
  return { id: oid ?? 'unknown', hidden: true };
}

function updPlayer(s: GAState, p: string, f: (x: PlayerState) => PlayerState): GAState {
  return { ...s, players: { ...s.players, [p]: f(s.players[p]!) } };
}

function updObject(s: GAState, id: string, f: (o: FieldObject) => FieldObject): GAState {
  return { ...s, field: s.field.map((o) => (o.id === id ? f(o) : o)) };
}

function applyMove(s: GAState, m: Move): GAState {
  return updPlayer(s, m.owner, (pl) => {
    const from = without(pl[m.from], m.id, m.fromOid);
    const base = { ...pl, [m.from]: from } as PlayerState;
    const slot: Slot =
      m.preserved && m.id !== null && m.cardId !== null
        ? { id: m.id, cardId: m.cardId, preserved: true }
        : slotFor(m.id, m.cardId, m.toOid);
    const to = base[m.to] as Slot[];
    return { ...base, [m.to]: m.bottom ? [...to, slot] : [slot, ...to] } as PlayerState;
  });
}

type P = Record<string, unknown>;

export function evolve(s: GAState, e: GameEvent): GAState {
  // Test cards (cards/book.ts): learn the definitions the event names, forget those the state no longer names.
  const defs = (e.payload as P).defs as Record<string, GACardDef> | undefined;
  const next = apply(defs ? { ...s, cards: { ...s.cards, ...defs } } : s, e);
  if (Object.keys(next.cards).length === 0) return next;
  const named = namedDefs(next);
  return Object.keys(named).length === Object.keys(next.cards).length ? next : { ...next, cards: named };
}

/** ActivationPlaced, TriggerPlaced, AbilityActivated: an item goes on the Effects Stack. */
const placedOnStack: Fold<GAState> = (s, p, e) => {
  const item = p.item as StackItem;
  const next: GAState = {
    ...s,
    stack: [...s.stack, item],
    pending: e.type === 'ActivationPlaced' ? null : s.pending,
    prompt: e.type === 'ActivationPlaced' ? null : s.prompt,
    serial: s.serial + 1,
  };
  // A trigger its controller chose to place next (2.4.b.6) leaves the waiting list and closes the prompt.
  if (typeof p.waiting !== 'string') return next;
  return {
    ...next,
    waitingTriggers: s.waitingTriggers.filter((t) => t.id !== p.waiting),
    prompt: s.prompt?.kind === 'orderTriggers' ? null : next.prompt,
  };
};

/** StackItemResolved, StackItemNegated, StackItemFizzled: an item leaves the Effects Stack. */
const leftStack: Fold<GAState> = (s, p) => {
  const sid = p.sid as string;
  const item = s.stack.find((x) => x.sid === sid);
  let next: GAState = { ...s, stack: s.stack.filter((x) => x.sid !== sid) };
  const to = p.to as 'graveyard' | 'banishment' | 'materialDeck' | null;
  // X.A.19.b: a preserved non-object goes face-up into its owner's material deck.
  if (item?.card && to)
    next = updPlayer(next, ownerOfCard(item.card, item.controller), (pl) => ({
      ...pl,
      [to]: [
        to === 'materialDeck'
          ? { ...stripCard(item.card!), preserved: true as const }
          : stripCard(item.card!),
        ...pl[to],
      ],
    }));
  return next;
};

/** MaterializationDeclined, PreservedReturned: the prompt closes. */
const promptClosed: Fold<GAState> = (s) => ({ ...s, prompt: null });

/** The fold of each event type; a type with no row (a marker event) changes nothing. */
const FOLD: FoldTable<GAState> = {
  MatchStarted: (_s, p) => startedState(p, initialState, emptyPlayer),
  DeckSetOut: (s, p) => {
    const player = p.player as PlayerId;
    const tiles = (oids: string[]): Slot[] => oids.map((o) => ({ id: o, hidden: true }));
    const main = (p.main as Card[] | null) ?? tiles(p.mainOids as string[]);
    const material = (p.material as Card[] | null) ?? tiles(p.materialOids as string[]);
    const hand = (p.hand as Card[] | null) ?? tiles(p.handOids as string[]);
    return updPlayer(s, player, (pl) => ({ ...pl, mainDeck: main, materialDeck: material, hand }));
  },
  DeckShuffled: (s, p) => {
    // A fork's reshuffle of a main deck (reshuffle.ts): the cards in their new order, or only their new oids.
    const main =
      (p.main as Card[] | null) ?? (p.mainOids as string[]).map((o) => ({ id: o, hidden: true as const }));
    return updPlayer(s, p.player as PlayerId, (pl) => ({ ...pl, mainDeck: main }));
  },
  PositionSet: (s, p) => {
    // A scenario's start position (start.ts): zones, field, effects and Opportunity at once.
    const zones = p.players as Record<string, Partial<PlayerState>>;
    const players = Object.fromEntries(
      Object.entries(s.players).map(([id, pl]) => [
        id,
        { ...pl, ...(zones[id] ?? {}), materializedThisPhase: false },
      ]),
    );
    const activePlayer = p.activePlayer as PlayerId;
    const holder = (p.priority as PlayerId | null) ?? null;
    return {
      ...s,
      players,
      turn: Number(p.turn),
      activePlayer,
      firstPlayer: p.firstPlayer as PlayerId,
      phase: p.phase as Phase,
      step: (p.step as Step | undefined) ?? null,
      field: p.field as FieldObject[],
      effects: p.effects as ContinuousEffect[],
      priority: holder ? openWindow(apnap(s.order, activePlayer), holder) : null,
      // An attack in progress and the Effects Stack, when the position stands in them (start-moment.ts).
      combat: (p.combat as Combat | undefined) ?? null,
      stack: (p.stack as StackItem[] | undefined) ?? [],
      serial: typeof p.serial === 'number' ? p.serial : s.serial,
    };
  },
  DelayedTriggerCreated: (s, p) => ({ ...s, delayed: [...s.delayed, p.trigger as PendingTrigger] }),
  DelayedTriggersFired: (s) => ({ ...s, delayed: [] }),
  FirstPlayerChosen: (s, p) => ({ ...s, firstPlayer: p.player as PlayerId }),
  TurnStarted: (s, p) => {
    const player = p.player as PlayerId;
    const next = updPlayer(s, player, (pl) => ({ ...pl, turnsTaken: pl.turnsTaken + 1 }));
    // The phase changes with the PhaseEntered that follows (the machine's transition out of the end phase).
    return { ...next, turn: Number(p.turn), activePlayer: player };
  },
  PhaseEntered: (s, p) => {
    const phase = p.phase as Phase;
    let next: GAState = { ...s, phase, step: (p.step as Step) ?? null };
    if (phase === 'materialize' && s.activePlayer)
      next = updPlayer(next, s.activePlayer, (pl) => ({ ...pl, materializedThisPhase: false }));
    return next;
  },
  PromptOpened: (s, p) => ({ ...s, prompt: p.prompt as Prompt }),
  StartingChampionPlaced: (s, p) => {
    const obj = p.object as FieldObject;
    const next = updPlayer(s, obj.owner, (pl) => ({
      ...pl,
      materialDeck: without(pl.materialDeck, obj.cards[0]!.id, (p.fromOid as string | null) ?? null),
      championPlaced: true,
    }));
    return { ...next, field: [...next.field, obj], prompt: null };
  },
  CardsMoved: (s, p) => {
    let next = s;
    for (const m of p.moves as Move[]) next = applyMove(next, m);
    return next;
  },
  OpportunityGranted: (s, p) => {
    const player = p.player as PlayerId;
    // Players who lost take no further part (1.4.5, multiplayer).
    const inGame = s.order.filter((q) => s.players[q]?.lost === null);
    return { ...s, priority: openWindow(apnap(inGame, s.activePlayer ?? player), player) };
  },
  OpportunityPassed: (s) => {
    if (!s.priority) return s;
    const r = passPriority(s.priority);
    return { ...s, priority: r.allPassed ? null : r.window };
  },
  ActivationDeclared: (s, p) => {
    const card = p.card as Card;
    const player = p.player as PlayerId;
    const from = p.from as 'hand' | 'materialDeck';
    const pending: Pending = {
      player,
      card,
      from,
      target: (p.target as string | null) ?? null,
      weapon: (p.weapon as string | null) ?? null,
      cost: Number(p.reserve ?? 0),
      selected: 0,
      materialize: p.materialize === true,
      ...(p.prepared === true ? { prepared: true } : {}),
    };
    let next = updPlayer(s, player, (pl) => ({
      ...pl,
      [from]: without(pl[from], card.id, (p.fromOid as string | null) ?? null),
      materializedThisPhase: pl.materializedThisPhase || p.materialize === true,
    }));
    next = { ...next, pending };
    if (pending.cost > 0) next = { ...next, prompt: { kind: 'payReserve', player, rule: '2.3.c.1' } };
    else if (next.prompt?.kind === 'materialize') next = { ...next, prompt: null };
    return next;
  },
  ReserveSelected: (s, p) => {
    const player = p.player as PlayerId;
    const id = (p.card as string | null) ?? null;
    let next = s;
    if (id !== null)
      next = updPlayer(s, player, (pl) => ({
        ...pl,
        hand: pl.hand.map((c) => (c.id === id && !isHiddenCard(c) ? { ...c, selected: true as const } : c)),
      }));
    return next.pending
      ? { ...next, pending: { ...next.pending, selected: next.pending.selected + 1 } }
      : next;
  },
  ActivationCanceled: (s, p) => {
    const player = p.player as PlayerId;
    const card = (p.card as Card | null) ?? null;
    const toOid = p.toOid as string;
    const back: Slot = card ? { id: card.id, cardId: card.cardId, oid: toOid } : { id: toOid, hidden: true };
    const from = (p.from as 'hand' | 'materialDeck') ?? 'hand';
    const next = updPlayer(s, player, (pl) => {
      const hand = pl.hand.map((c) => (isHiddenCard(c) || !c.selected ? c : unselect(c)));
      const base = { ...pl, hand };
      return { ...base, [from]: [back, ...base[from]] };
    });
    return {
      ...next,
      pending: null,
      prompt: s.pending?.materialize ? { kind: 'materialize', player, rule: '2.2.b.3' } : null,
    };
  },
  ActivationPlaced: placedOnStack,
  TriggerPlaced: placedOnStack,
  AbilityActivated: placedOnStack,
  StackItemResolved: leftStack,
  StackItemNegated: leftStack,
  StackItemFizzled: leftStack,
  ObjectEntered: (s, p) => {
    const obj = p.object as FieldObject;
    let next = s;
    const fromZone = (p.fromZone as PlayerZone | null) ?? null;
    if (fromZone)
      next = updPlayer(next, obj.owner, (pl) => ({
        ...pl,
        [fromZone]: without(pl[fromZone], obj.cards[0]!.id, (p.fromOid as string | null) ?? null),
      }));
    return { ...next, field: [...next.field, obj] };
  },
  ChampionLeveledUp: (s, p) => {
    const card = p.card as Card;
    return updObject(s, p.object as string, (o) => ({
      ...o,
      cardId: card.cardId,
      cards: [...o.cards, stripCard(card)],
      rested: false,
    }));
  },
  ObjectRested: (s, p) => updObject(s, p.object as string, (o) => ({ ...o, rested: true })),
  ObjectsWoken: (s, p) => {
    const ids = p.objects as string[];
    return { ...s, field: s.field.map((o) => (ids.includes(o.id) ? { ...o, rested: false } : o)) };
  },
  CountersChanged: (s, p) => {
    const kind = p.kind as string;
    const delta = Number(p.delta);
    return updObject(s, p.object as string, (o) => {
      const counters = { ...o.counters, [kind]: Math.max(0, (o.counters[kind] ?? 0) + delta) };
      if (counters[kind] === 0) delete counters[kind];
      return { ...o, counters };
    });
  },
  DamageDealt: (s, p) => {
    let next = s;
    for (const d of p.damage as { target: string; amount: number }[])
      next = updObject(next, d.target, (o) => ({ ...o, damage: o.damage + d.amount }));
    if (s.combat && p.attack === true)
      next = { ...next, combat: { ...(next.combat as Combat), damageDealt: true } };
    return { ...next, damage: null };
  },
  DamagePrevented: (s, p) => {
    const shield = p.shield as string;
    const amount = Number(p.amount);
    const shields = s.shields
      .map((x) => (x.id === shield ? { ...x, amount: x.amount - amount } : x))
      .filter((x) => x.amount > 0);
    if (typeof p.instance !== 'number' || !s.damage) return { ...s, shields };
    const inst = s.damage.instances[p.instance];
    return {
      ...s,
      shields,
      damage: replaced(s.damage, p.instance, shield, (inst?.amount ?? 0) - amount),
      prompt: s.prompt?.kind === 'orderReplacements' ? null : s.prompt,
    };
  },
  DamageRecovered: (s, p) =>
    updObject(s, p.object as string, (o) => ({
      ...o,
      damage: Math.max(0, o.damage - Number(p.amount)),
    })),
  ShieldCreated: (s, p) => ({
    ...s,
    shields: [...s.shields, ...(p.shields as Shield[])],
    serial: s.serial + 1,
  }),
  EffectCreated: (s, p) => ({
    ...s,
    effects: [...s.effects, p.effect as ContinuousEffect],
    serial: s.serial + 1,
  }),
  ObjectLeftField: (s, p) => {
    const obj = s.field.find((o) => o.id === p.object);
    if (!obj) return s;
    const to = p.to as 'graveyard' | 'banishment' | 'materialDeck' | 'hand';
    let next: GAState = {
      ...s,
      field: s.field.filter((o) => o.id !== obj.id),
      effects: s.effects.filter((x) => x.target !== obj.id),
      shields: s.shields.filter((x) => x.target !== obj.id),
    };
    // 2.5.a.1: a token outside the field ceases to exist (no card goes anywhere).
    if (obj.token) return next;
    if (to === 'hand') {
      // Returned to its owner's hand (2.1.h.6.a): hidden there, by its new opaque id to everyone but the owner.
      const oid = p.toOid as string;
      const slot: Slot =
        p.hidden === true ? { id: oid, hidden: true } : { id: obj.id, cardId: obj.cardId, oid };
      return updPlayer(next, obj.owner, (pl) => ({ ...pl, hand: [...pl.hand, slot] }));
    }
    const cards: Slot[] = obj.cards
      .map((c) => (to === 'materialDeck' ? { ...stripCard(c), preserved: true as const } : stripCard(c)))
      .reverse();
    next = updPlayer(next, obj.owner, (pl) => ({ ...pl, [to]: [...cards, ...pl[to]] }));
    return next;
  },
  IntentionEntered: (s, p) => {
    const combat: Combat = {
      attacker: p.attacker as string,
      attackingPlayer: p.player as PlayerId,
      defendingPlayer: null,
      target: null,
      weapon: (p.weapon as string | null) ?? null,
      attackCard: stripCard(p.card as Card),
      retaliators: [],
      retaliationDecided: false,
      damageDealt: false,
      doublers: [],
      negated: false,
      ...(p.prepared === true ? { prepared: true } : {}),
    };
    return { ...s, stack: s.stack.filter((x) => x.sid !== p.sid), combat };
  },
  AttackDeclared: (s, p) => {
    const base: Combat = s.combat ?? {
      attacker: p.attacker as string,
      attackingPlayer: p.player as PlayerId,
      defendingPlayer: null,
      target: null,
      weapon: (p.weapon as string | null) ?? null,
      attackCard: null,
      retaliators: [],
      retaliationDecided: false,
      damageDealt: false,
      doublers: [],
      negated: false,
    };
    // 2.6.7.b: attack declarations can't be responded to; nobody holds Opportunity.
    return {
      ...s,
      combat: {
        ...base,
        target: (p.target as string | null) ?? null,
        defendingPlayer: p.defendingPlayer as PlayerId,
        ...(p.cleave === true ? { cleave: true } : {}),
      },
      prompt: null,
      priority: null,
    };
  },
  AttackFizzled: (s) => {
    const c = s.combat;
    let next: GAState = { ...s, combat: null, prompt: null };
    if (c?.attackCard)
      next = updPlayer(next, c.attackingPlayer, (pl) => ({
        ...pl,
        graveyard: [c.attackCard!, ...pl.graveyard],
      }));
    return next;
  },
  IntentionCleared: (s) => {
    const c = s.combat;
    if (!c?.attackCard) return s;
    const next = updPlayer(s, c.attackingPlayer, (pl) => ({
      ...pl,
      graveyard: [c.attackCard!, ...pl.graveyard],
    }));
    return { ...next, combat: { ...c, attackCard: null } };
  },
  CriticalOffered: (s, p) =>
    s.combat
      ? {
          ...s,
          combat: {
            ...s.combat,
            critical: {
              n: Number(p.n),
              selected: 0,
              settled: false,
              ...(typeof p.source === 'string' ? { source: p.source } : {}),
            },
          },
          prompt: { kind: 'critical', player: p.player as PlayerId, rule: 'X.A.3.a' },
        }
      : s,
  CriticalCardSelected: (s, p) => {
    const id = (p.card as string | null) ?? null;
    let next = s;
    if (id !== null)
      next = updPlayer(s, p.player as string, (pl) => ({
        ...pl,
        hand: pl.hand.map((c) => (c.id === id && !isHiddenCard(c) ? { ...c, selected: true as const } : c)),
      }));
    const cr = next.combat?.critical;
    return next.combat && cr
      ? { ...next, combat: { ...next.combat, critical: { ...cr, selected: cr.selected + 1 } } }
      : next;
  },
  CriticalSettled: (s, p) => {
    // X.A.3.a: damage is doubled unless the discard was made.
    const next = updPlayer(s, p.player as string, (pl) => ({
      ...pl,
      hand: pl.hand.map((c) => (isHiddenCard(c) || !c.selected ? c : unselect(c))),
    }));
    const c = next.combat;
    if (!c) return { ...next, prompt: null };
    const critical = { ...(c.critical ?? { n: 0, selected: 0 }), settled: true };
    // No `source`: the attacking unit's Critical (events recorded before retaliators' Critical was applied).
    const source = typeof p.source === 'string' ? p.source : c.attacker;
    const criticalsSettled = [...(c.criticalsSettled ?? []), source];
    if (source !== c.attacker) {
      const retaliatorDoublers =
        p.doubled === true ? [...(c.retaliatorDoublers ?? []), source] : (c.retaliatorDoublers ?? []);
      return { ...next, prompt: null, combat: { ...c, critical, criticalsSettled, retaliatorDoublers } };
    }
    const doublers =
      p.doubled === true
        ? [...c.doublers, { id: 'critical', label: critical.n > 0 ? `Critical ${critical.n}` : 'Critical' }]
        : c.doublers;
    return { ...next, prompt: null, combat: { ...c, doublers, critical, criticalsSettled } };
  },
  AttackRedirected: (s, p) =>
    s.combat ? { ...s, combat: { ...s.combat, target: p.ally as string }, prompt: null } : s,
  InterceptDeclined: (s) => ({ ...s, prompt: null }),
  AttackDoubled: (s, p) =>
    s.combat
      ? {
          ...s,
          combat: {
            ...s.combat,
            doublers: [
              ...s.combat.doublers,
              {
                id: String(p.effect ?? `double-${s.combat.doublers.length}`),
                label: 'an On Attack doubling effect',
              },
            ],
          },
        }
      : s,
  AttackNegated: (s) => (s.combat ? { ...s, combat: { ...s.combat, negated: true } } : s),
  DamageCalculated: (s, p) => {
    const damage: PendingDamage = {
      attack: p.attack === true,
      source: String(p.source),
      instances: p.instances as DamageInstance[],
      resume: (p.resume as PendingDamage['resume']) ?? null,
    };
    return {
      ...s,
      damage,
      combat: s.combat && damage.attack ? { ...s.combat, damageCalculated: true } : s.combat,
    };
  },
  DamageDoubled: (s, p) => ({
    ...s,
    damage: replaced(s.damage, Number(p.instance), String(p.effect), Number(p.amount)),
    prompt: s.prompt?.kind === 'orderReplacements' ? null : s.prompt,
  }),
  NoDamageDealt: (s) => ({ ...s, damage: null }),
  TriggersWaiting: (s, p) => ({
    ...s,
    waitingTriggers: [...s.waitingTriggers, ...(p.triggers as WaitingTrigger[])],
  }),
  UniqueKept: (s) => ({ ...s, prompt: null }),
  RetaliationDeclared: (s, p) =>
    s.combat
      ? {
          ...s,
          combat: { ...s.combat, retaliators: [...s.combat.retaliators, p.unit as string] },
          prompt: null,
        }
      : s,
  RetaliationDeclined: (s) =>
    s.combat ? { ...s, combat: { ...s.combat, retaliationDecided: true }, prompt: null } : s,
  CombatEnded: (s) => {
    const c = s.combat;
    let next: GAState = { ...s, combat: null };
    if (c?.attackCard)
      next = updPlayer(next, c.attackingPlayer, (pl) => ({
        ...pl,
        graveyard: [c.attackCard!, ...pl.graveyard],
      }));
    return next;
  },
  MaterializationDeclined: promptClosed,
  PreservedReturned: promptClosed,
  EndOfTurnCleanup: (s, p) => {
    const allies = p.allies as string[];
    return {
      ...s,
      field: s.field.map((o) => (allies.includes(o.id) ? { ...o, damage: 0 } : o)),
      effects: expireEffects(s.effects, { ends: 'turn' }),
      shields: [],
    };
  },
  TurnEnded: (s) => ({ ...s, priority: null }),
  DrawFromEmptyDeck: (s, p) => updPlayer(s, p.player as string, (pl) => ({ ...pl, lost: '2.10.6' })),
  PlayerConceded: (s, p) => updPlayer(s, p.player as string, (pl) => ({ ...pl, lost: '2.12.c.1' })),
  PlayerLost: (s, p) =>
    updPlayer(s, p.player as string, (pl) => ({
      ...pl,
      lost: String(p.rule ?? pl.lost ?? '1.4.3'),
    })),
  PlayerRemoved: (s, p) => {
    // 1.4.5: a player who lost while others play on: their objects and activations cease to exist.
    const q = p.player as PlayerId;
    const field = s.field.filter((o) => o.owner !== q && o.controller !== q);
    const stack = s.stack.filter((x) => x.controller !== q);
    let priority = s.priority;
    if (priority) {
      const i = priority.order.indexOf(q);
      const order = priority.order.filter((x) => x !== q);
      const holder =
        priority.holder === q ? priority.order[(i + 1) % priority.order.length]! : priority.holder;
      priority = { order, holder, passed: priority.passed.filter((x) => x !== q) };
    }
    return {
      ...s,
      field,
      stack,
      priority,
      prompt: s.prompt?.player === q ? null : s.prompt,
      pending: s.pending?.player === q ? null : s.pending,
      waitingTriggers: s.waitingTriggers.filter((t) => t.controller !== q),
    };
  },
  TurnEndedEarly: (s) => {
    // 2.2.h.2: the turn ends at once; the Effects Stack is banished.
    let next: GAState = s;
    for (const it of s.stack)
      if (it.card)
        next = updPlayer(next, ownerOfCard(it.card, it.controller), (pl) => ({
          ...pl,
          banishment: [stripCard(it.card!), ...pl.banishment],
        }));
    const c = s.combat;
    if (c?.attackCard)
      next = updPlayer(next, c.attackingPlayer, (pl) => ({
        ...pl,
        graveyard: [c.attackCard!, ...pl.graveyard],
      }));
    return { ...next, stack: [], combat: null, prompt: null, pending: null, priority: null, damage: null };
  },
  MatchEnded: (s, p) => ({
    ...s,
    status: 'ended',
    phase: 'game-over',
    step: null,
    priority: null,
    prompt: null,
    pending: null,
    winner: (p.winner as PlayerId | null) ?? null,
    result: String(p.result ?? ''),
  }),
};

const apply = foldBy(FOLD);

/** Instance `i` of the pending damage after replacement effect `effect` left `amount` (2.5.b.2.a). */
function replaced(d: PendingDamage | null, i: number, effect: string, amount: number): PendingDamage | null {
  if (!d) return d;
  return {
    ...d,
    instances: d.instances.map((x, k) =>
      k === i ? { ...x, amount: Math.max(0, amount), applied: [...x.applied, effect] } : x,
    ),
  };
}

function unselect(c: Card): Card {
  return c.oid ? { id: c.id, cardId: c.cardId, oid: c.oid } : { id: c.id, cardId: c.cardId };
}

function stripCard(c: Card): Card {
  return { id: c.id, cardId: c.cardId };
}

/** Cards are owned by the player whose id prefixes the instance id ("p1-…"); tokens do not exist in this pool. */
export function ownerOfCard(c: Card, fallback: PlayerId): PlayerId {
  const m = /^(p\d+)-/.exec(c.id);
  return (m ? m[1] : fallback) as PlayerId;
}

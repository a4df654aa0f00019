// evolve: the pure fold. It reads only the event payload, so it folds the full events (judge) and the redacted
// ones (viewers) alike: a card whose identity was redacted (cardId null) becomes a hidden slot, or a face-down
// card in play with cardId null.
import {
  foldBy,
  startedState,
  type Fold,
  type FoldTable,
  type GameEvent,
  type PlayerId,
} from '@matchtape/engine';
import type {
  Battle,
  Card,
  ChainItem,
  Payment,
  PendingTrigger,
  Perm,
  PlayerState,
  Prompt,
  Slot,
  SpoilsState,
  TurnEffect,
  Phase,
  Step,
} from './types';
import { newPerm } from './types';

export function initialState(): SpoilsState {
  return {
    status: 'setup',
    matchId: '',
    order: [],
    players: {},
    perms: [],
    turn: 0,
    activePlayer: null,
    firstPlayer: null,
    phase: 'setup',
    step: null,
    chain: [],
    payment: null,
    triggers: [],
    prompt: null,
    battle: null,
    effects: [],
    endAnnounced: false,
    loopRun: 0,
    serial: 0,
    turnLimit: 0,
    winner: null,
    result: null,
  };
}

/** A move's card as it lands: visible when the viewer's event kept `cardId`, a hidden slot otherwise. */
export interface MovedCard {
  fromId: string | null;
  id: string;
  cardId: string | null;
}
const slot = (m: MovedCard): Slot =>
  m.cardId === null ? { id: m.id, hidden: true } : { id: m.id, cardId: m.cardId };

function upd(s: SpoilsState, p: string, f: (x: PlayerState) => PlayerState): SpoilsState {
  return { ...s, players: { ...s.players, [p]: f(s.players[p]!) } };
}
function updPerm(s: SpoilsState, id: string, f: (x: Perm) => Perm): SpoilsState {
  return { ...s, perms: s.perms.map((x) => (x.id === id ? f(x) : x)) };
}
const without = <T extends { id: string }>(zone: readonly T[], id: string | null): T[] =>
  zone.filter((c) => c.id !== id);

/** The card leaving play, and everything attached to it leaving the same way (301.4) is listed by decide. */
export interface Leave {
  id: string;
  owner: PlayerId;
  /** The card's identity when it lands in a public zone. */
  cardId: string | null;
  to: 'discard' | 'out-of-game' | 'face-down' | 'gone';
  /** A face-down card re-entering play is a new card (411.4): its new id and (controller-only) identity. */
  newId?: string;
  newCardId?: string | null;
  controller?: PlayerId;
}

type P = Record<string, unknown>;

function leavePlay(s: SpoilsState, leaves: Leave[]): SpoilsState {
  const gone = new Set(leaves.map((l) => l.id));
  let next: SpoilsState = {
    ...s,
    perms: s.perms.filter((x) => !gone.has(x.id)),
    effects: s.effects.filter((e) => !gone.has(e.target)),
  };
  if (next.battle) {
    const b = next.battle;
    next = {
      ...next,
      battle: {
        ...b,
        attackers: b.attackers.filter((x) => !gone.has(x)),
        blockers: b.blockers.filter((x) => !gone.has(x)),
        target: b.target !== null && gone.has(b.target) ? null : b.target,
      },
    };
  }
  for (const l of leaves) {
    if (l.to === 'discard' && l.cardId)
      next = upd(next, l.owner, (pl) => ({
        ...pl,
        discard: [...pl.discard, { id: l.id, cardId: l.cardId! }],
      }));
    if (l.to === 'out-of-game' && l.cardId)
      next = upd(next, l.owner, (pl) => ({
        ...pl,
        outOfGame: [...pl.outOfGame, { id: l.id, cardId: l.cardId! }],
      }));
    if (l.to === 'face-down' && l.newId)
      next = {
        ...next,
        perms: [...next.perms, facedown(l.newId, l.newCardId ?? null, l.owner, l.controller ?? l.owner)],
      };
  }
  return next;
}

export function facedown(id: string, cardId: string | null, owner: PlayerId, controller: PlayerId): Perm {
  return newPerm(id, cardId, owner, controller, { faceDown: true });
}

/**
 * Events only a player's own action emits (never the rules by themselves). Ordering triggers (ResolveTrigger)
 * emits none of them: it lets the next trigger happen, which cannot end a loop (414.1).
 */
const PLAYER_ACTIONS = new Set([
  'AbilityUsed',
  'AttackerAdded',
  'AttackingPartyFormed',
  'BattleStarted',
  'BattleWindowPassed',
  'BidPassed',
  'BidPlaced',
  'BlockerAdded',
  'CardPlayStarted',
  'DeckSearched',
  'EndTurnAnnounced',
  'FirstPlayerChosen',
  'MulliganCardBottomed',
  'MulliganEnded',
  'PlayerConceded',
  'PromptClosed',
  'ResourcePlaying',
  'ResponsesDone',
]);

export function evolve(state: SpoilsState, e: GameEvent): SpoilsState {
  const next = apply(state, e);
  // 414.1: triggers that happened since a player last acted other than by ordering triggers.
  const loopRun =
    e.type === 'TriggerHappened' ? next.loopRun + 1 : PLAYER_ACTIONS.has(e.type) ? 0 : next.loopRun;
  return loopRun === next.loopRun ? next : { ...next, loopRun };
}

function apply(state: SpoilsState, e: GameEvent): SpoilsState {
  const p = e.payload as P;
  // Events that hand out fresh ids carry the counter after them.
  const s = typeof p.serial === 'number' ? { ...state, serial: p.serial } : state;
  return foldEvent(s, e);
}

/** AbilityUsed, EndTurnAnnounced: an item onto the chain (the end of the turn is announced once, 603.2d). */
const chainItemAdded: Fold<SpoilsState> = (s, p, e) => {
  const item = p.item as ChainItem;
  return {
    ...s,
    chain: [...s.chain, item],
    endAnnounced: s.endAnnounced || e.type === 'EndTurnAnnounced',
  };
};

/** ItemTerminated, ItemResolved: an item leaves the chain; its card goes where the payload says. */
const chainItemLeft: Fold<SpoilsState> = (s, p) => {
  const iid = p.iid as string;
  const item = s.chain.find((c) => c.iid === iid);
  let next: SpoilsState = { ...s, chain: s.chain.filter((c) => c.iid !== iid) };
  if (item?.card && p.to === 'discard')
    next = upd(next, p.owner as string, (pl) => ({ ...pl, discard: [...pl.discard, item.card!] }));
  if (item?.card && p.to === 'play') next = { ...next, perms: [...next.perms, p.perm as Perm] };
  return next;
};

/** CardEnteredPlay, TokenCreated: a card in play. */
const permEntered: Fold<SpoilsState> = (s, p) => ({
  ...s,
  perms: [...s.perms, p.perm as Perm],
});

/** A seat's player before setup: empty zones, no faction yet. */
function emptyPlayer(id: PlayerId, name: string): PlayerState {
  return { id, name, deck: [], hand: [], discard: [], outOfGame: [], faction: '', mulliganDone: false };
}

/** The fold of each event type; a type with no row (a marker event) changes nothing. */
const FOLD: FoldTable<SpoilsState> = {
  MatchStarted: (_s, p) => {
    return {
      ...startedState(p, initialState, emptyPlayer),
      serial: Number(p.serial ?? 0),
      // 601.1a–c happen at the first position of the machine.
      phase: 'setup',
      step: 'choose-first-player',
    };
  },
  FactionPlaced: (s, p) => {
    const f = p.faction as Perm;
    return upd({ ...s, perms: [...s.perms, f] }, f.owner, (pl) => ({ ...pl, faction: f.id }));
  },
  StartingResourcesSearched: (s, p) => {
    const player = p.player as PlayerId;
    const res = p.resources as MovedCard[];
    return { ...s, perms: [...s.perms, ...res.map((r) => facedown(r.id, r.cardId, player, player))] };
  },
  DeckShuffled: (s, p) => upd(s, p.player as string, (pl) => ({ ...pl, deck: p.deck as Slot[] })),
  PromptOpened: (s, p) => ({ ...s, prompt: p.prompt as Prompt }),
  PromptClosed: (s) => ({ ...s, prompt: null }),
  FirstPlayerChooserDrawn: (s) => s,
  FirstPlayerChosen: (s, p) => ({ ...s, firstPlayer: p.first as PlayerId, prompt: null }),
  StartingResourcesRevealed: (s, p) => {
    const res = p.resources as Card[];
    const byId = new Map(res.map((r) => [r.id, r.cardId]));
    return {
      ...s,
      perms: s.perms.map((x) => (byId.has(x.id) ? { ...x, faceDown: false, cardId: byId.get(x.id)! } : x)),
    };
  },
  CardsDrawn: (s, p) => {
    const moves = p.moves as MovedCard[];
    const gone = new Set(moves.map((m) => m.fromId));
    return upd(s, p.player as string, (pl) => ({
      ...pl,
      deck: pl.deck.filter((c) => !gone.has(c.id)),
      hand: [...pl.hand, ...moves.map(slot)],
    }));
  },
  CardsDiscarded: (s, p) => {
    const cards = p.cards as Card[];
    const gone = new Set(cards.map((c) => c.id));
    return upd(s, p.player as string, (pl) => ({
      ...pl,
      hand: pl.hand.filter((c) => !gone.has(c.id)),
      discard: [...pl.discard, ...cards],
    }));
  },
  MulliganCardBottomed: (s, p) => {
    const m = p.move as MovedCard;
    const next = upd(s, p.player as string, (pl) => ({
      ...pl,
      hand: without(pl.hand, m.fromId),
      deck: [...pl.deck, slot(m)],
    }));
    const pr = next.prompt;
    return pr?.kind === 'mulligan' ? { ...next, prompt: { ...pr, bottomed: pr.bottomed + 1 } } : next;
  },
  MulliganEnded: (s, p) =>
    upd({ ...s, prompt: null }, p.player as string, (pl) => ({ ...pl, mulliganDone: true })),
  TurnStarted: (s, p) => {
    const ap = p.player as PlayerId;
    return {
      ...s,
      turn: Number(p.turn),
      activePlayer: ap,
      endAnnounced: false,
      // 602.1a: character damage cleared; 602.1b: "this turn" effects end; 602.1c: the AP's cards may attack.
      perms: s.perms.map((x) => ({
        ...x,
        damage: (p.cleared as string[]).includes(x.id) ? 0 : x.damage,
        canAttack: x.controller === ap,
      })),
      effects: [],
    };
  },
  StepEntered: (s, p) => ({ ...s, phase: p.phase as Phase, step: (p.step as Step) ?? null }),
  TriggerRaised: (s, p) => ({ ...s, triggers: [...s.triggers, p.trigger as PendingTrigger] }),
  TriggerHappened: (s, p) => ({
    ...s,
    triggers: s.triggers.filter((t) => t.tid !== p.tid),
    prompt: s.prompt?.kind === 'order-triggers' ? null : s.prompt,
  }),
  CardPlayStarted: (s, p) => {
    const item = p.item as ChainItem;
    const player = item.controller;
    const from = p.fromId as string;
    const next =
      p.via === 'flip-up'
        ? { ...s, perms: s.perms.filter((x) => x.id !== from) }
        : upd(s, player, (pl) => ({ ...pl, hand: without(pl.hand, from) }));
    return { ...next, chain: [...next.chain, item] };
  },
  AbilityUsed: chainItemAdded,
  EndTurnAnnounced: chainItemAdded,
  PaymentStarted: (s, p) => ({ ...s, payment: p.payment as Payment }),
  ResourcesAttached: (s, p) => {
    const ids = p.ids as string[];
    const to = p.to as string;
    const next = { ...s, perms: s.perms.map((x) => (ids.includes(x.id) ? { ...x, attachedTo: to } : x)) };
    if (!next.payment || p.payment !== true) return next;
    const remaining = next.payment.remaining - ids.length;
    return { ...next, payment: remaining > 0 ? { ...next.payment, remaining } : null };
  },
  CardsDetached: (s, p) => {
    const ids = p.ids as string[];
    return { ...s, perms: s.perms.map((x) => (ids.includes(x.id) ? { ...x, attachedTo: null } : x)) };
  },
  CardsDepleted: (s, p) => {
    const ids = p.ids as string[];
    return { ...s, perms: s.perms.map((x) => (ids.includes(x.id) ? { ...x, depleted: true } : x)) };
  },
  CardsRestored: (s, p) => {
    const ids = p.ids as string[];
    return { ...s, perms: s.perms.map((x) => (ids.includes(x.id) ? { ...x, depleted: false } : x)) };
  },
  TokensChanged: (s, p) =>
    updPerm(s, p.card as string, (x) => {
      const n = (x.tokens[p.kind as string] ?? 0) + Number(p.delta);
      const tokens = { ...x.tokens };
      if (n > 0) tokens[p.kind as string] = n;
      else delete tokens[p.kind as string];
      return { ...x, tokens };
    }),
  ItemTerminated: chainItemLeft,
  ItemResolved: chainItemLeft,
  CardEnteredPlay: permEntered,
  TokenCreated: permEntered,
  DamageInflicted: (s, p) => {
    const target = p.target as string;
    const kind = p.targetKind as string;
    if (kind === 'faction') return s;
    return updPerm(s, target, (x) => ({ ...x, damage: x.damage + Number(p.amount) }));
  },
  InfluenceLost: (s, p) =>
    updPerm(s, p.faction as string, (x) => ({
      ...x,
      influence: Math.max(0, (x.influence ?? 0) - Number(p.amount)),
    })),
  CardsLeftPlay: (s, p) => leavePlay(s, p.leaves as Leave[]),
  ControlChanged: (s, p) => {
    const id = p.card as string;
    let next = updPerm(s, id, (x) => ({ ...x, controller: p.to as PlayerId, canAttack: false }));
    if (next.battle) next = { ...next, battle: removeFromBattle(next.battle, id) };
    // 407.5: a location attacked whose controller changes stops being the target of the attack.
    if (next.battle?.target === id) next = { ...next, battle: { ...next.battle, target: null } };
    return next;
  },
  RemovedFromBattle: (s, p) =>
    s.battle ? { ...s, battle: removeFromBattle(s.battle, p.card as string) } : s,
  TurnEffectAdded: (s, p) => ({ ...s, effects: [...s.effects, p.effect as TurnEffect] }),
  ResourcePlaying: (s) => s,
  ResourcePlayed: (s, p) => {
    const player = p.player as PlayerId;
    const m = p.move as MovedCard;
    const perm: Perm = { ...facedown(m.id, m.cardId, player, player), faceDown: p.faceDown === true };
    return upd({ ...s, perms: [...s.perms, perm], prompt: null }, player, (pl) => ({
      ...pl,
      hand: without(pl.hand, m.fromId),
    }));
  },
  DeckSearched: (s, p) => {
    const m = p.found as MovedCard | null;
    const next = { ...s, prompt: null };
    if (!m) return next;
    return upd(next, p.player as string, (pl) => ({
      ...pl,
      deck: without(pl.deck, m.fromId),
      hand: [...pl.hand, slot(m)],
    }));
  },
  BattleStarted: (s, p) => ({ ...s, battle: p.battle as Battle }),
  AttackerAdded: (s, p) =>
    s.battle ? { ...s, battle: { ...s.battle, attackers: [...s.battle.attackers, p.card as string] } } : s,
  BlockerAdded: (s, p) =>
    s.battle ? { ...s, battle: { ...s.battle, blockers: [...s.battle.blockers, p.card as string] } } : s,
  AttackingPartyFormed: (s, p) =>
    s.battle ? { ...s, battle: { ...s.battle, covert: p.covert === true } } : s,
  BlockingPartyFormed: (s, p) =>
    s.battle ? { ...s, battle: { ...s.battle, blocked: (p.blockers as string[]).length > 0 } } : s,
  BattleWindowOpened: (s, p) =>
    s.battle ? { ...s, battle: { ...s.battle, windowHolder: p.player as PlayerId } } : s,
  BattleWindowPassed: (s, p) =>
    s.battle ? { ...s, battle: { ...s.battle, windowHolder: (p.next as PlayerId | null) ?? null } } : s,
  SpeedLevelFound: (s, p) =>
    s.battle
      ? {
          ...s,
          battle: { ...s.battle, speed: Number(p.speed), toAssign: p.toAssign as Record<string, number> },
        }
      : s,
  BattleDamageAssigned: (s, p) => {
    if (!s.battle) return s;
    const b = s.battle;
    const source = p.source as string;
    const left = (b.toAssign[source] ?? 0) - Number(p.amount);
    const toAssign = { ...b.toAssign };
    if (left > 0) toAssign[source] = left;
    else delete toAssign[source];
    const pending =
      Number(p.amount) > 0 && p.target
        ? [...b.pending, { source, target: p.target as string, amount: Number(p.amount) }]
        : b.pending;
    const assigned = left > 0 || b.assigned.includes(source) ? b.assigned : [...b.assigned, source];
    return { ...s, battle: { ...b, toAssign, pending, assigned } };
  },
  BattleDamageCleared: (s) => (s.battle ? { ...s, battle: { ...s.battle, pending: [], speed: null } } : s),
  BattleEnded: (s) => ({ ...s, battle: null }),
  // BidPlaced, BidPassed: the bid prompt that follows holds the bidding (PromptOpened).
  BidWon: (s) => ({ ...s, prompt: null }),
  PositionSet: (s, p) => {
    const ps = p.players as Record<string, { deck: Slot[]; hand: Slot[]; discard: Card[] }>;
    const perms = p.perms as Perm[];
    const players = Object.fromEntries(
      Object.entries(s.players).map(([id, pl]) => [
        id,
        {
          ...pl,
          ...ps[id]!,
          faction: perms.find((x) => x.owner === id && x.influence !== undefined)?.id ?? '',
          mulliganDone: true,
        },
      ]),
    );
    const ap = p.activePlayer as PlayerId;
    return {
      ...s,
      players,
      perms,
      turn: Number(p.turn),
      activePlayer: ap,
      firstPlayer: ap,
      phase: 'main',
      step: null,
    };
  },
  MatchEnded: (s, p) => ({
    ...s,
    status: 'ended',
    winner: (p.winner as PlayerId | null) ?? null,
    result: String(p.result ?? ''),
    phase: 'game-over',
    step: null,
    prompt: null,
    payment: null,
  }),
};

const foldEvent = foldBy(FOLD);

function removeFromBattle(b: Battle, id: string): Battle {
  const toAssign = { ...b.toAssign };
  delete toAssign[id];
  return {
    ...b,
    attackers: b.attackers.filter((x) => x !== id),
    blockers: b.blockers.filter((x) => x !== id),
    // 302.15: damage assigned by or to it is not inflicted.
    pending: b.pending.filter((x) => x.source !== id && x.target !== id),
    toAssign,
  };
}

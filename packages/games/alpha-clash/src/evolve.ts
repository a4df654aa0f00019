// evolve: the pure fold. It works the same on the judge's events and on redacted ones (hidden cards arrive as
// { id: <opaque>, hidden: true }), which is what makes redaction commute with folding.
import {
  isHiddenCard,
  apnap,
  foldBy,
  openWindow,
  passPriority,
  seatsOf,
  type FoldTable,
  type GameEvent,
  type PlayerId,
  type PriorityWindow,
} from '@matchtape/engine';
import { locate, newPermanent, newPlayer, opponentOf } from './state';
import type { SeatPosition } from './start';
import type {
  AlphaClashState,
  AnyRef,
  CardRef,
  ClashState,
  Color,
  ContinuousEffectState,
  DelayedTrigger,
  PendingChoice,
  Permanent,
  PlayerState,
  StandbyObject,
  TestCardEntry,
} from './types';
import type { ACCardDef, BaseEffect } from './cards/types';

function byId(list: TestCardEntry[]): TestCardEntry[] {
  return list.sort((a, b) => (a.card.id < b.card.id ? -1 : a.card.id > b.card.id ? 1 : 0));
}

function clonePerm(p: Permanent): Permanent {
  return { ...p };
}

/** A full, independent copy of a player (views change players freely). */
function deepClonePlayer(ps: PlayerState): PlayerState {
  return {
    ...ps,
    contender: ps.contender && { ...ps.contender },
    deck: ps.deck.slice(),
    hand: ps.hand.slice(),
    clash: ps.clash.slice(),
    accessory: ps.accessory.slice(),
    resources: ps.resources.slice(),
    oblivion: ps.oblivion.slice(),
    banished: ps.banished.slice(),
    mulligan: ps.mulligan && { ...ps.mulligan, returning: ps.mulligan.returning.slice() },
    buffTargetsThisTurn: ps.buffTargetsThisTurn.slice(),
  };
}

/**
 * The copy evolve writes to. evolve replaces deck, hand, oblivion, banished, mulligan and buffTargetsThisTurn
 * whole (never changes them in place), so they are shared; the permanent zones are changed in place (findPerm,
 * takePerm) and the Contender's fields are set, so those are copied. Permanents are copied on write (findPerm /
 * allPerms below).
 */
function clonePlayer(ps: PlayerState): PlayerState {
  // Every field spelled out: V8 builds a literal far faster than a spread of this size (the fold's hot path).
  return {
    id: ps.id,
    name: ps.name,
    contender: ps.contender && { ...ps.contender },
    deck: ps.deck,
    hand: ps.hand,
    clash: ps.clash.slice(),
    accessory: ps.accessory.slice(),
    resources: ps.resources.slice(),
    oblivion: ps.oblivion,
    banished: ps.banished,
    deckCount: ps.deckCount,
    handCount: ps.handCount,
    mulligan: ps.mulligan,
    resourcePlacedThisTurn: ps.resourcePlacedThisTurn,
    buffTargetsThisTurn: ps.buffTargetsThisTurn,
    drewFromEmpty: ps.drewFromEmpty,
    clashCardsDefeatedThisTurn: ps.clashCardsDefeatedThisTurn,
  };
}

/**
 * The copy evolve writes to, made once per event, so it is kept lean (the fold's hot path): arrays evolve only
 * ever replaces are shared; objects whose fields evolve sets (setup, clash, pending) are copied one level deep;
 * standby objects are copied where they are changed (StandbyObjectModified). Players are copied on first write (W).
 * Every field is spelled out (a literal is far faster than a spread of this size); cloneState's test checks that
 * the copy equals the original at every seq of a bot match, so a field added to the state and not here fails it.
 */
// The empty state is built in state.ts (setup, start and flow use its constructors too); the fold starts there.
export { initialState } from './state';

export function cloneState(s: AlphaClashState): AlphaClashState {
  return {
    game: s.game,
    status: s.status,
    seedCommitment: s.seedCommitment,
    rng: s.rng,
    nextId: s.nextId,
    order: s.order,
    players: { ...s.players },
    startingPlayer: s.startingPlayer,
    activePlayer: s.activePlayer,
    turn: s.turn,
    step: s.step,
    setup: { ...s.setup },
    clashground: s.clashground,
    portal: s.portal,
    standby: s.standby,
    priority: s.priority,
    clash: s.clash && { ...s.clash },
    effects: s.effects,
    delayed: s.delayed,
    pending: s.pending && { ...s.pending },
    attacksThisTurn: s.attacksThisTurn,
    defeatedThisTurn: s.defeatedThisTurn,
    testCards: s.testCards,
    variants: s.variants,
    winner: s.winner,
    result: s.result,
  };
}

/**
 * Players of the state being evolved are copied the first time evolve touches them (copy on write). evolve sets
 * `cow` for the state it made and restores the outer one when it is done, so a nested evolve cannot confuse them.
 */
let cow: { state: AlphaClashState | null; copied: string[] } = { state: null, copied: [] };
function W(s: AlphaClashState, id: string): PlayerState | undefined {
  const cur = s.players[id];
  if (!cur) return cur;
  if (cow.state === s && !cow.copied.includes(id)) {
    cow.copied.push(id);
    s.players[id] = clonePlayer(cur);
  }
  return s.players[id];
}

/** A full, independent copy (views change players freely). */
export function deepCloneState(s: AlphaClashState): AlphaClashState {
  const players: Record<string, PlayerState> = {};
  for (const [id, ps] of Object.entries(s.players)) players[id] = deepClonePlayer(ps);
  return {
    ...s,
    order: s.order.slice(),
    players,
    setup: { ...s.setup, cuts: s.setup.cuts.slice(), mulliganOrder: s.setup.mulliganOrder.slice() },
    standby: s.standby.map((o) => ({ ...o })),
    priority: s.priority && {
      ...s.priority,
      order: s.priority.order.slice(),
      passed: s.priority.passed.slice(),
    },
    clash: s.clash && {
      ...s.clash,
      obstructors: s.clash.obstructors.slice(),
      necrotic: s.clash.necrotic.slice(),
      afterClash: s.clash.afterClash.slice(),
    },
    effects: s.effects.slice(),
    pending: s.pending && { ...s.pending },
  };
}

type P = Record<string, unknown>;
const str = (p: P, k: string): string => p[k] as string;
const num = (p: P, k: string): number => p[k] as number;

function removeRef(list: AnyRef[], ids: (string | undefined | null)[]): AnyRef[] {
  const i = list.findIndex((c) => ids.includes(c.id));
  if (i < 0) return list;
  return [...list.slice(0, i), ...list.slice(i + 1)];
}

/** Takes a card out of its player's hand, found by instance id or by the opaque id it had there; the count stays public. */
function takeFromHand(ps: PlayerState, card: AnyRef, handOid: unknown): void {
  ps.hand = removeRef(ps.hand, [card.id, handOid as string]);
  ps.handCount = ps.hand.length;
}

/** A card made public loses its opaque id. */
function publicRef(r: AnyRef): AnyRef {
  if ('hidden' in r) return r;
  return { id: r.id, cardId: r.cardId };
}

/**
 * Who has priority in the current step when Standby is empty or an object has just resolved: the active player
 * (114.2a, 114.2d), except in the clash steps where the defending player has priority (C2, C3, C5: 504.2b,
 * 504.2c, 504.2e; the 504.2b example returns priority to the defending player after each resolution).
 */
export function stepHolder(s: AlphaClashState): PlayerId | null {
  const c = s.clash;
  if (c && !c.ended && /\.(counter|obstruct|defenderBuff)$/.test(s.step)) return c.defendingPlayer;
  return s.activePlayer;
}

/**
 * The window when an object enters Standby. A card, Trap or activated effect: its controller passes priority to
 * the other players in turn order (601.1g, 602.2b, 114.2b), so the controller counts as having passed. A triggered
 * effect: its controller gains priority to resolve it, then the others (114.1d, 603.3). Either way the object
 * resolves only when every player has passed in succession (405.5).
 */
function entryWindow(s: AlphaClashState, obj: StandbyObject): PriorityWindow {
  const order = apnap(s.order, obj.controller);
  if (obj.kind === 'trigger' || order.length < 2) return openWindow(order);
  return { order, holder: order[1]!, passed: [obj.controller] };
}

/** After a resolution the active player (or the clash step's holder) regains priority (114.2d); all pass again (405.5). */
function resumeWindow(s: AlphaClashState): PriorityWindow | null {
  if (s.standby.length === 0) return null;
  const holder = stepHolder(s) ?? s.standby[s.standby.length - 1]!.controller;
  return openWindow(apnap(s.order, holder));
}

/** Every permanent, each replaced by a fresh copy the caller may change (copy on write). */
function allPerms(s: AlphaClashState): Permanent[] {
  const out: Permanent[] = [];
  for (const p of s.order) {
    const ps = W(s, p)!;
    ps.clash = ps.clash.map(clonePerm);
    ps.accessory = ps.accessory.map(clonePerm);
    ps.resources = ps.resources.map(clonePerm);
    out.push(...ps.clash, ...ps.accessory, ...ps.resources);
  }
  if (s.clashground) {
    s.clashground = clonePerm(s.clashground);
    out.push(s.clashground);
  }
  return out;
}

/** The permanent with this id, replaced in its zone by a copy the caller may change. */
function findPerm(s: AlphaClashState, id: string): Permanent | null {
  const at = locate(s, id);
  if (at?.kind === 'perm') {
    // W copies the player on first write: find the permanent again in that copy.
    const zone = W(s, at.player)![at.zone];
    const i = zone.findIndex((x) => x.card.id === id);
    const copy = clonePerm(zone[i]!);
    zone[i] = copy;
    return copy;
  }
  if (at?.kind === 'clashground') {
    s.clashground = clonePerm(at.perm);
    return s.clashground;
  }
  return null;
}

/** Removes a permanent from wherever it is; attached Weapons return to the Accessory Zone (305.7). */
function takePerm(s: AlphaClashState, id: string): Permanent | null {
  const at = locate(s, id);
  if (at?.kind === 'perm') {
    const zone = W(s, at.player)![at.zone];
    const [perm] = zone.splice(
      zone.findIndex((x) => x.card.id === id),
      1,
    );
    if (perm!.weapon) {
      const w = findPerm(s, perm!.weapon);
      if (w) w.attachedTo = null;
    }
    if (perm!.attachedTo) {
      const host = findPerm(s, perm!.attachedTo);
      if (host) host.weapon = null;
    }
    s.effects = s.effects.filter((e) => e.target !== id);
    // A delayed triggered effect that refers to it will not affect it if it comes back: a new object (603.7c, 400.6).
    if (s.delayed.some((d) => d.targets.includes(id)))
      s.delayed = s.delayed.map((d) =>
        d.targets.includes(id) ? { ...d, left: [...(d.left ?? []), id] } : d,
      );
    return perm!;
  }
  if (at?.kind === 'clashground') {
    s.clashground = null;
    return at.perm;
  }
  return null;
}

function toOblivion(s: AlphaClashState, owner: PlayerId, card: AnyRef): void {
  const ps = W(s, owner)!;
  // Oblivion is public: cards go on top face up (403).
  ps.oblivion = [publicRef(card) as CardRef, ...ps.oblivion];
}

/** Readies or engages permanents and Contenders by id (CardsReadied / CardsEngaged). */
function setEngaged(s: AlphaClashState, ids: readonly string[], engaged: boolean): void {
  for (const id of ids) {
    const perm = findPerm(s, id);
    if (perm) perm.engaged = engaged;
    for (const q of s.order) {
      const c = s.players[q]!.contender?.card.id === id ? W(s, q)!.contender : null;
      if (c && c.card.id === id) c.engaged = engaged;
    }
  }
}

export function evolve(state: AlphaClashState, event: GameEvent): AlphaClashState {
  const s = cloneState(state);
  const outer = cow;
  cow = { state: s, copied: [] };
  try {
    apply(s, event);
  } finally {
    cow = outer;
  }
  return s;
}

/** The event's random draws move the cursor (whatever its type); then its type's row folds it. */
function apply(s: AlphaClashState, event: GameEvent): void {
  const random = event.payload.random as { to: number } | undefined;
  if (random && typeof random.to === 'number') s.rng = random.to;
  if (!Object.hasOwn(FOLD, event.type))
    throw new Error(`alpha-clash evolve: unknown event type ${event.type}`);
  foldEvent(s, event);
}

/** A choice the payload's player owes for its source (Barrage, a discard, a search). */
function owed(
  p: P,
  kind: PendingChoice['kind'],
  amount: number,
  max: number,
  then: PlayerId[],
): PendingChoice {
  return { player: str(p, 'player') as PlayerId, kind, source: str(p, 'source'), amount, max, then };
}

/** An event that changes nothing the fold keeps (a marker for the log). */
const marker = (s: AlphaClashState): AlphaClashState => s;

/** CardsReadied and CardsEngaged: permanents and Contenders readied or engaged by id. */
function foldEngagement(s: AlphaClashState, p: P, e: GameEvent): AlphaClashState {
  setEngaged(s, p.ids as string[], e.type === 'CardsEngaged');
  return s;
}

/** CardPlayed and TrapActivated: the card enters Standby, its costs paid, and its controller passes priority on. */
function foldEnteredStandby(s: AlphaClashState, p: P, e: GameEvent): AlphaClashState {
  const pl = str(p, 'player') as PlayerId;
  const ps = W(s, pl)!;
  const card = publicRef(p.card as AnyRef) as CardRef;
  if (e.type === 'CardPlayed') {
    takeFromHand(ps, card, p.handOid);
  } else {
    if (!takePerm(s, card.id)) takePerm(s, p.trapOid as string);
  }
  payCosts(s, pl, p);
  for (const id of (p.sent as string[] | undefined) ?? []) {
    // Alternative cost: these cards are sent to Oblivion (115.9, 703.6a).
    const gone = takePerm(s, id);
    if (gone) toOblivion(s, gone.owner, gone.card);
  }
  const obj: StandbyObject = {
    sid: card.id,
    kind: e.type === 'CardPlayed' ? 'card' : 'trap',
    controller: pl,
    card,
    source: null,
    effect: 'play',
    targets: (p.targets as string[] | undefined) ?? [],
    x: (p.x as number | undefined) ?? 0,
    division: [],
    thenPutIntoOblivion: null,
    enters: null,
  };
  s.standby = [...s.standby, obj];
  s.priority = entryWindow(s, obj);
  if (s.clash && p.clashBuff === true) {
    s.clash.buffPlayed = true;
    ps.buffTargetsThisTurn = [...ps.buffTargetsThisTurn, ...obj.targets];
  }
  return s;
}

/** StandbyObjectRemoved and CardNegated: the object leaves Standby (a negated card goes to Oblivion). */
function foldLeftStandby(s: AlphaClashState, p: P, e: GameEvent): AlphaClashState {
  const obj = s.standby.find((o) => o.sid === p.sid);
  s.standby = s.standby.filter((o) => o.sid !== p.sid);
  if (e.type === 'CardNegated' && obj?.card) toOblivion(s, str(p, 'owner') as PlayerId, obj.card);
  s.priority = resumeWindow(s);
  return s;
}

/** CardPutIntoOblivion and CardSentToOblivion: from Standby or from play to its owner's Oblivion. */
function foldIntoOblivion(s: AlphaClashState, p: P): AlphaClashState {
  const id = str(p, 'id');
  const from = str(p, 'from');
  if (from === 'standby') {
    const obj = s.standby.find((o) => o.sid === id);
    s.standby = s.standby.filter((o) => o.sid !== id);
    if (obj?.card) toOblivion(s, str(p, 'owner') as PlayerId, obj.card);
    else if (p.card) toOblivion(s, str(p, 'owner') as PlayerId, p.card as AnyRef);
    s.priority = resumeWindow(s);
  } else {
    const perm = takePerm(s, id);
    if (perm) toOblivion(s, perm.owner, perm.card);
    else if (p.card) toOblivion(s, str(p, 'owner') as PlayerId, p.card as AnyRef);
  }
  if (s.clash) {
    s.clash.obstructors = s.clash.obstructors.filter((x) => x !== id);
  }
  return s;
}

/** CardsLookedAt and CardRevealed: deck cards become known to the looker, or to everyone. */
function foldDeckCardsSeen(s: AlphaClashState, p: P, e: GameEvent): AlphaClashState {
  // Cards are named by their opaque deck id; a viewer who may not see them gets hidden refs and learns nothing.
  const ps = W(s, str(p, 'owner'))!;
  const looker = str(p, 'player') as PlayerId;
  for (const c0 of p.cards as AnyRef[]) {
    if (isHiddenCard(c0)) continue;
    const c = c0 as CardRef;
    ps.deck = ps.deck.map((r) => {
      if ('hidden' in r) return r.id === c.id ? { id: c.id, cardId: c.cardId } : r;
      if (r.oid !== c.id) return r;
      return e.type === 'CardRevealed'
        ? { ...r, revealed: true as const }
        : { ...r, knownTo: [...new Set([...(r.knownTo ?? []), looker])] };
    });
  }
  return s;
}

/** BarrageDeclined and BarrageChosen: the Barrage choice is made. */
function foldBarrageAnswered(s: AlphaClashState): AlphaClashState {
  s.pending = null;
  return s;
}

/**
 * Each event's fold, keyed by its type. A row changes `s` in place: `s` is the copy `evolve` made for this event
 * (players copied on first write, W), and the row returns it.
 */
const FOLD: FoldTable<AlphaClashState> = {
  MatchStarted(s, p) {
    s.seedCommitment = str(p, 'seedCommitment');
    Object.assign(s, seatsOf(p, newPlayer));
    s.setup = { ...s.setup, stacked: p.stacked === true };
    s.variants = {
      quickStartFirstTurnAttackBan:
        (p.variants as { quickStartFirstTurnAttackBan?: boolean } | undefined)
          ?.quickStartFirstTurnAttackBan === true,
    };
    // A viewer's copy carries only the test cards it knows (view.ts); the judge's carries all of them.
    // Kept sorted by id, so a viewer's list (built up by reveals) is the judge's list filtered (view.ts).
    s.testCards = byId(
      ((p.testCards as TestCardEntry[] | undefined) ?? [])
        .filter((e) => e.card !== null)
        .map((e) => ({ card: e.card, knownTo: e.knownTo.slice() })),
    );
    s.step = 'setup.cut';
    return s;
  },
  ContenderRevealed(s, p) {
    const ps = W(s, str(p, 'player'))!;
    ps.contender = {
      card: p.card as CardRef,
      health: num(p, 'health'),
      maxHealth: num(p, 'health'),
      engaged: false,
      damage: 0,
      clashDamage: 0,
      usedThisTurn: false,
    };
    return s;
  },
  StartPositionPrepared(s, p) {
    const pl = str(p, 'player') as PlayerId;
    const ps = W(s, pl)!;
    const mk = (k: string, over: Partial<Permanent> = {}) =>
      (p[k] as AnyRef[]).map((c) => newPermanent(c, pl, 0, over));
    ps.resources = [...ps.resources, ...mk('resources')];
    ps.clash = [...ps.clash, ...mk('clash'), ...mk('clashEngaged', { engaged: true })];
    ps.accessory = [...ps.accessory, ...mk('accessory'), ...mk('traps', { faceDown: true })];
    if (typeof p.health === 'number' && ps.contender) ps.contender = { ...ps.contender, health: p.health };
    return s;
  },
  PositionSet(s, p) {
    // A scenario's start position (GameModule.scenario.start): the game stands in it, set up and playing.
    s.turn = num(p, 'turn');
    s.activePlayer = str(p, 'activePlayer') as PlayerId;
    s.startingPlayer = str(p, 'startingPlayer') as PlayerId;
    s.step = str(p, 'step');
    s.portal = p.portal as 'open' | 'closed';
    s.status = 'playing';
    s.setup = { ...s.setup, stage: 'done', cuts: [], mulliganOrder: [], stacked: true };
    for (const seat of p.players as SeatPosition[]) {
      const ps = W(s, seat.id)!;
      ps.contender = {
        ...seat.contender,
        clashDamage: 0,
        usedThisTurn: seat.contender.usedThisTurn === true,
      };
      ps.resourcePlacedThisTurn = seat.resourcePlacedThisTurn === true;
      ps.hand = seat.hand.slice();
      ps.deck = seat.deck.slice();
      ps.clash = seat.clash.map(clonePerm);
      ps.accessory = seat.accessory.map(clonePerm);
      ps.resources = seat.resources.map(clonePerm);
      ps.oblivion = seat.oblivion.slice();
      ps.handCount = ps.hand.length;
      ps.deckCount = ps.deck.length;
    }
    s.clashground = (p.clashground as Permanent | null) ?? null;
    s.standby = ((p.standby as StandbyObject[] | undefined) ?? []).map((o) => ({
      ...o,
      targets: o.targets.slice(),
      division: o.division.slice(),
    }));
    s.priority = (p.priority as PriorityWindow | null | undefined) ?? null;
    s.clash = (p.clash as ClashState | null | undefined) ?? null;
    s.effects = ((p.effects as ContinuousEffectState[] | undefined) ?? []).map((e) => ({
      ...e,
      grant: e.grant.slice(),
    }));
    if (typeof p.nextId === 'number') s.nextId = p.nextId;
    s.attacksThisTurn = s.clash ? 1 : 0;
    return s;
  },
  TestCardRevealed(s, p) {
    const card = p.card as ACCardDef | null;
    if (card === null) return s; // a viewer who still may not know it
    const knownTo = (p.knownTo as string[]).slice();
    const i = s.testCards.findIndex((e) => e.card.id === card.id);
    s.testCards =
      i < 0
        ? byId([...s.testCards, { card, knownTo }])
        : s.testCards.map((e, j) => (j === i ? { card: e.card, knownTo } : e));
    return s;
  },
  StartingPlayerDetermined(s, p) {
    s.startingPlayer = str(p, 'player') as PlayerId;
    return s;
  },
  DeckShuffled(s, p) {
    const ps = W(s, str(p, 'player'))!;
    ps.deck = (p.cards as AnyRef[]).slice();
    ps.deckCount = ps.deck.length;
    return s;
  },
  CutOffered(s, p) {
    s.setup.cuts = (p.cuts as { deck: PlayerId; by: PlayerId }[]).slice();
    s.setup.stage = p.stage as 'cut' | 'mulliganCut';
    return s;
  },
  DeckCut(s, p) {
    const ps = W(s, str(p, 'deck'))!;
    const at = num(p, 'at');
    ps.deck = [...ps.deck.slice(at), ...ps.deck.slice(0, at)];
    s.setup.cuts = s.setup.cuts.slice(1);
    return s;
  },
  CutDeclined(s) {
    s.setup.cuts = s.setup.cuts.slice(1);
    return s;
  },
  CardDrawn(s, p) {
    const ps = W(s, str(p, 'player'))!;
    ps.deck = ps.deck.slice(1);
    ps.hand = [...ps.hand, p.card as AnyRef];
    ps.deckCount = ps.deck.length;
    ps.handCount = ps.hand.length;
    return s;
  },
  DrawFromEmptyDeckAttempted(s, p) {
    W(s, str(p, 'player'))!.drewFromEmpty = true;
    return s;
  },
  MulliganStarted(s, p) {
    s.setup.stage = 'mulligan';
    s.setup.mulliganOrder = (p.order as PlayerId[]).slice();
    return s;
  },
  MulliganDeclared(s, p) {
    const ps = W(s, str(p, 'player'))!;
    ps.mulligan = {
      taken: num(p, 'count') > 0,
      count: num(p, 'count'),
      returning: (p.returning as AnyRef[]).slice(),
    };
    s.setup.mulliganOrder = s.setup.mulliganOrder.filter((x) => x !== p.player);
    return s;
  },
  MulliganShuffled(s, p) {
    const ps = W(s, str(p, 'player'))!;
    for (const r of p.returned as AnyRef[]) ps.hand = removeRef(ps.hand, [r.id]);
    ps.handCount = ps.hand.length;
    if (ps.mulligan) ps.mulligan = { ...ps.mulligan, returning: [] };
    ps.deck = (p.cards as AnyRef[]).slice();
    ps.deckCount = ps.deck.length;
    return s;
  },
  SetupCompleted(s) {
    s.setup.stage = 'done';
    s.status = 'playing';
    return s;
  },
  TurnStarted(s, p) {
    s.turn = num(p, 'turn');
    s.activePlayer = str(p, 'player') as PlayerId;
    s.step = 'turn.startOfTurn';
    s.attacksThisTurn = 0;
    s.defeatedThisTurn = [];
    for (const q of s.order) {
      const ps = W(s, q)!;
      ps.resourcePlacedThisTurn = false;
      ps.buffTargetsThisTurn = [];
      ps.clashCardsDefeatedThisTurn = 0;
      if (ps.contender) ps.contender.usedThisTurn = false;
      ps.clash = ps.clash.map((x) => (x.usedThisTurn ? { ...x, usedThisTurn: false } : x));
      ps.accessory = ps.accessory.map((x) => (x.usedThisTurn ? { ...x, usedThisTurn: false } : x));
    }
    if (s.clashground?.usedThisTurn) s.clashground = { ...s.clashground, usedThisTurn: false };
    return s;
  },
  StepStarted(s, p) {
    s.step = str(p, 'step');
    if (!s.step.startsWith('turn.primary.clash')) s.clash = s.clash && s.clash.ended ? null : s.clash;
    if (s.clash && (s.step.endsWith('.attackerBuff') || s.step.endsWith('.defenderBuff')))
      s.clash.buffPlayed = false;
    return s;
  },
  CardsReadied: foldEngagement,
  CardsEngaged: foldEngagement,
  ResourcePlaced(s, p) {
    const pl = str(p, 'player') as PlayerId;
    const ps = W(s, pl)!;
    const card = p.card as CardRef;
    takeFromHand(ps, card, p.handOid);
    ps.resources = [...ps.resources, newPermanent(publicRef(card), pl, s.turn)];
    ps.resourcePlacedThisTurn = true;
    return s;
  },
  ResourcePlacementSkipped(s, p) {
    W(s, str(p, 'player'))!.resourcePlacedThisTurn = true;
    return s;
  },
  CardPlayed: foldEnteredStandby,
  TrapActivated: foldEnteredStandby,
  EffectActivated(s, p) {
    const pl = str(p, 'player') as PlayerId;
    payCosts(s, pl, p);
    const src = str(p, 'source');
    if (p.effect === 'activated') {
      // "Once per turn" (602.6); a Weapon's attach effect has no such limit.
      const perm = findPerm(s, src);
      if (perm) perm.usedThisTurn = true;
      const c = W(s, pl)!.contender;
      if (c && c.card.id === src) c.usedThisTurn = true;
    }
    const obj = effectObject(s, pl, p, 'activated');
    s.standby = [...s.standby, obj];
    s.priority = entryWindow(s, obj);
    s.nextId += 1;
    if (p.sendSelf === true) {
      // Cost paid by sending the source to Oblivion (703.6a).
      const gone = takePerm(s, src);
      if (gone) toOblivion(s, gone.owner, gone.card);
    }
    return s;
  },
  EffectTriggered(s, p) {
    const obj = effectObject(s, str(p, 'controller') as PlayerId, p, 'trigger');
    // A delayed triggered effect triggers once (603.7b): it leaves the waiting list.
    if (typeof p.delayed === 'string') {
      s.delayed = s.delayed.filter((d) => d.id !== p.delayed);
      obj.effects = p.effects as BaseEffect[];
      if (Array.isArray(p.left)) obj.left = p.left as string[];
    }
    s.standby = [...s.standby, obj];
    s.priority = entryWindow(s, obj);
    s.nextId += 1;
    return s;
  },
  PaymentRequired(s, p) {
    // The cost is owed before the object counts as played or activated: nobody has priority yet (601.1f–g).
    const pl = str(p, 'player') as PlayerId;
    const total = num(p, 'total');
    s.pending = {
      player: pl,
      kind: 'payment',
      source: (p.sid as string | null) ?? 'portal',
      amount: total,
      max: total,
      then: [],
      payment: {
        sid: (p.sid as string | null) ?? null,
        total,
        gems: { ...(p.gems as Partial<Record<Color, number>>) },
        engaged: [],
      },
    };
    s.priority = null;
    return s;
  },
  ResourceEngaged(s, p) {
    const pl = str(p, 'player') as PlayerId;
    const id = str(p, 'resource');
    const ps = W(s, pl)!;
    ps.resources = ps.resources.map((x) => (x.card.id === id ? { ...x, engaged: true } : x));
    if (s.pending?.payment)
      s.pending.payment = { ...s.pending.payment, engaged: [...s.pending.payment.engaged, id] };
    return s;
  },
  CostPaid(s, p) {
    s.pending = null;
    const top = s.standby[s.standby.length - 1];
    if (p.sid && top && top.sid === p.sid) s.priority = entryWindow(s, top);
    return s;
  },
  TrapSet(s, p) {
    const pl = str(p, 'player') as PlayerId;
    const ps = W(s, pl)!;
    const card = p.card as AnyRef;
    takeFromHand(ps, card, p.handOid);
    ps.accessory = [...ps.accessory, newPermanent(card, pl, s.turn, { faceDown: true })];
    return s;
  },
  PriorityPassed(s, p) {
    if (s.priority) s.priority = passPriority(s.priority).window;
    if (s.clash && p.step === 'buff') s.clash.buffPlayed = true;
    return s;
  },
  StandbyResolved(s, p) {
    s.standby = s.standby.filter((o) => o.sid !== p.sid);
    s.priority = resumeWindow(s);
    return s;
  },
  StandbyObjectRemoved: foldLeftStandby,
  CardNegated: foldLeftStandby,
  StandbyObjectModified(s, p) {
    const at = s.standby.findIndex((o) => o.sid === p.sid);
    if (at >= 0) {
      // Copied, not changed in place: the previous state shares the standby objects.
      const obj = { ...s.standby[at]! };
      s.standby = s.standby.map((o, i) => (i === at ? obj : o));
      const prev = obj.enters ?? { damage: 0, engaged: false, atk: 0, def: 0, noEnterTrigger: false };
      const m = p.enters as Partial<NonNullable<StandbyObject['enters']>>;
      obj.enters = {
        damage: prev.damage + (m.damage ?? 0),
        engaged: prev.engaged || m.engaged === true,
        atk: prev.atk + (m.atk ?? 0),
        def: prev.def + (m.def ?? 0),
        noEnterTrigger: prev.noEnterTrigger || m.noEnterTrigger === true,
      };
    }
    return s;
  },
  PermanentEnteredPlay(s, p) {
    const pl = str(p, 'player') as PlayerId;
    const ps = W(s, pl)!;
    const zone = str(p, 'zone');
    const perm = newPermanent(publicRef(p.card as AnyRef), pl, s.turn, {
      engaged: p.engaged === true,
      damage: (p.damage as number | undefined) ?? 0,
    });
    if (zone === 'clash') ps.clash = [...ps.clash, perm];
    else if (zone === 'accessory') ps.accessory = [...ps.accessory, perm];
    else if (zone === 'clashground') s.clashground = perm;
    return s;
  },
  CardPutIntoOblivion: foldIntoOblivion,
  CardSentToOblivion: foldIntoOblivion,
  CardDefeated(s, p) {
    const perm = findPerm(s, str(p, 'id'));
    if (perm) perm.defeated = true;
    if (perm && !('hidden' in perm.card)) s.defeatedThisTurn = [...s.defeatedThisTurn, perm.card.cardId];
    const owner = W(s, str(p, 'owner'));
    if (owner) owner.clashCardsDefeatedThisTurn += 1;
    return s;
  },
  DamageDealt(s, p) {
    const target = str(p, 'target');
    const amount = num(p, 'amount');
    const clash = p.clash === true;
    const toHealth = (p.toHealth as number | undefined) ?? 0;
    let done = false;
    for (const q of s.order) {
      const c = s.players[q]!.contender?.card.id === target ? W(s, q)!.contender : null;
      if (c && c.card.id === target) {
        if (clash) c.clashDamage += amount - toHealth;
        else c.damage += amount - toHealth;
        c.health -= toHealth;
        done = true;
      }
    }
    if (!done) {
      const perm = findPerm(s, target);
      if (perm) {
        if (clash) perm.clashDamage += amount;
        else perm.damage += amount;
      }
    }
    if (p.shield) {
      s.effects = s.effects.map((e) =>
        e.id === p.shield ? { ...e, prevent: Math.max(0, e.prevent - num(p, 'prevented')) } : e,
      );
    }
    if (p.necrotic === true && s.clash && !s.clash.necrotic.includes(target))
      s.clash.necrotic = [...s.clash.necrotic, target];
    return s;
  },
  DamagePrevented(s, p) {
    if (p.shield)
      s.effects = s.effects.map((e) =>
        e.id === p.shield ? { ...e, prevent: Math.max(0, e.prevent - num(p, 'amount')) } : e,
      );
    return s;
  },
  HealthGained(s, p) {
    const c = W(s, str(p, 'player'))!.contender;
    if (c) c.health += num(p, 'amount');
    return s;
  },
  ContinuousEffectCreated(s, p) {
    const e = p.effect as ContinuousEffectState;
    s.effects = [...s.effects, e];
    s.nextId += 1;
    return s;
  },
  PortalActivated(s, p) {
    s.portal = p.portal as 'open' | 'closed';
    if (p.paid) payCosts(s, str(p, 'player') as PlayerId, p);
    return s;
  },
  WeaponAttached(s, p) {
    payCosts(s, str(p, 'player') as PlayerId, p);
    const w = findPerm(s, str(p, 'weapon'));
    if (w?.attachedTo) {
      const old = findPerm(s, w.attachedTo);
      if (old) old.weapon = null;
    }
    const host = findPerm(s, str(p, 'to'));
    if (w) w.attachedTo = str(p, 'to');
    if (host) host.weapon = str(p, 'weapon');
    return s;
  },
  WeaponUnattached(s, p) {
    payCosts(s, str(p, 'player') as PlayerId, p);
    const w = findPerm(s, str(p, 'weapon'));
    if (w?.attachedTo) {
      const host = findPerm(s, w.attachedTo);
      if (host) host.weapon = null;
      w.attachedTo = null;
    }
    return s;
  },
  AttackDeclared(s, p) {
    const attacker = str(p, 'attacker');
    const atkPlayer = str(p, 'player') as PlayerId;
    const clash: ClashState = {
      attacker,
      attackingPlayer: atkPlayer,
      defendingPlayer: opponentOf(s, atkPlayer),
      target: str(p, 'target'),
      obstructors: [],
      obstructed: false,
      buffPlayed: false,
      necrotic: [],
      afterClash: [],
      damageDealt: false,
      declared: false,
      ended: false,
    };
    s.clash = clash;
    s.attacksThisTurn += 1;
    s.step = 'turn.primary.clash.attack';
    const perm = findPerm(s, attacker);
    if (perm) perm.engaged = true;
    const c = W(s, atkPlayer)!.contender;
    if (c && c.card.id === attacker) c.engaged = true;
    return s;
  },
  BarrageOffered(s, p) {
    s.pending = owed(p, 'barrage', num(p, 'amount'), num(p, 'max'), []);
    return s;
  },
  DiscardRequired(s, p) {
    s.pending = owed(p, 'discard', 1, 1, (p.then as PlayerId[]).slice());
    return s;
  },
  SearchOffered(s, p) {
    s.pending = { ...owed(p, 'search', 1, 1, (p.then as PlayerId[]).slice()), cardType: str(p, 'cardType') };
    return s;
  },
  DeckSearched(s, p) {
    const ps = W(s, str(p, 'player'))!;
    const found = p.found as CardRef | null;
    if (found) {
      // Found and put into play in one event, so the card is never "nowhere" (103.6a).
      ps.deck = removeRef(ps.deck, [found.id, p.deckOid as string]);
      ps.deckCount = ps.deck.length;
      // An effect's search (703.9) puts the card into its hand, a hidden zone; the start-of-game search into play.
      if (p.zone === 'hand') {
        ps.hand = [...ps.hand, found];
        ps.handCount = ps.hand.length;
      } else ps.accessory = [...ps.accessory, newPermanent(found, ps.id, s.turn)];
    }
    s.pending = null;
    return s;
  },
  CardsLookedAt: foldDeckCardsSeen,
  CardRevealed: foldDeckCardsSeen,
  CardReturnedToHand(s, p) {
    const pl = str(p, 'player') as PlayerId;
    s.standby = s.standby.filter((o) => o.sid !== p.sid);
    s.priority = resumeWindow(s);
    const ps = W(s, pl)!;
    ps.hand = [...ps.hand, p.card as AnyRef];
    ps.handCount = ps.hand.length;
    return s;
  },
  ControlChanged(s, p) {
    // From the old controller's Clash Zone to the new one's, the same object (110.2c).
    const from = W(s, str(p, 'from'))!;
    const i = from.clash.findIndex((x) => x.card.id === p.id);
    if (i < 0) return s;
    const perm = { ...clonePerm(from.clash[i]!), controller: str(p, 'player') as PlayerId };
    from.clash = from.clash.filter((_, j) => j !== i);
    const to = W(s, str(p, 'player'))!;
    to.clash = [...to.clash, perm];
    return s;
  },
  RemovedFromClash(s, p) {
    // 504.5: it stops attacking / obstructing; an attacker that was obstructed stays obstructed (504.2c.3).
    if (!s.clash) return s;
    if (p.role === 'attacker') s.clash = { ...s.clash, attackerRemoved: true };
    else s.clash = { ...s.clash, obstructors: s.clash.obstructors.filter((x) => x !== p.id) };
    return s;
  },
  PermanentReturnedToHand(s, p) {
    const perm = takePerm(s, str(p, 'id'));
    const ps = W(s, str(p, 'player'));
    if (perm && ps) {
      ps.hand = [...ps.hand, p.card as AnyRef];
      ps.handCount = ps.hand.length;
    }
    if (s.clash) s.clash.obstructors = s.clash.obstructors.filter((x) => x !== p.id);
    return s;
  },
  CardDiscarded(s, p) {
    const pl = str(p, 'player') as PlayerId;
    const ps = W(s, pl)!;
    const card = p.card as CardRef;
    takeFromHand(ps, card, p.handOid);
    toOblivion(s, pl, card);
    s.pending = null;
    return s;
  },
  BarrageDeclined: foldBarrageAnswered,
  BarrageChosen: foldBarrageAnswered,
  EffectFizzled: marker,
  CounterStepEnded: marker,
  ObstructorDeclared(s, p) {
    const id = str(p, 'id');
    if (s.clash) {
      s.clash.obstructors = [...s.clash.obstructors, id];
      s.clash.obstructed = true;
    }
    const perm = findPerm(s, id);
    if (perm) perm.engaged = true;
    return s;
  },
  ObstructorsDeclared(s, p) {
    // One declaration for all obstructors (504.2c, 504.9); obstructing engages them, as in ObstructorDeclared.
    const ids = (p.ids as string[]).slice();
    if (s.clash) {
      s.clash.obstructors = ids;
      s.clash.obstructed = ids.length > 0;
      s.clash.declared = true;
    }
    for (const id of ids) {
      const perm = findPerm(s, id);
      if (perm) perm.engaged = true;
    }
    return s;
  },
  ObstructStepEnded(s) {
    // Logs recorded before obstructors were one declaration: ObstructorDeclared per card, then this.
    if (s.clash) s.clash.declared = true;
    return s;
  },
  MarkedForOblivionAfterClash(s, p) {
    if (s.clash) s.clash.afterClash = [...s.clash.afterClash, str(p, 'id')];
    return s;
  },
  ClashDamageStepDone(s) {
    if (s.clash) s.clash.damageDealt = true;
    return s;
  },
  ClashEnded(s) {
    s.clash = s.clash && { ...s.clash, ended: true };
    for (const perm of allPerms(s)) perm.clashDamage = 0;
    for (const q of s.order) {
      const c = W(s, q)!.contender;
      if (c) c.clashDamage = 0;
    }
    s.effects = s.effects.filter((e) => e.until !== 'clash');
    return s;
  },
  DelayedTriggerCreated(s, p) {
    s.delayed = [...s.delayed, p.trigger as DelayedTrigger];
    s.nextId += 1;
    return s;
  },
  EffectsExpired(s, p) {
    const ids = p.ids as string[];
    s.effects = s.effects.filter((e) => !ids.includes(e.id));
    return s;
  },
  TurnEnded(s) {
    // "Until end of turn" effects end (505.3); "until the start of your next turn" ones last until then (500.3).
    s.effects = s.effects.filter((e) => e.until === 'yourNextTurn');
    for (const perm of allPerms(s)) perm.damage = 0;
    for (const q of s.order) {
      const c = W(s, q)!.contender;
      if (c) c.damage = 0;
    }
    return s;
  },
  PlayerConceded: marker,
  EndTurnDeclared: marker,
  ClockExpired: marker,
  TimeAdded: marker,
  RoundTimeCalled: marker,
  RoundTimeEnded: marker,
  MatchEnded(s, p) {
    s.status = 'ended';
    s.winner = (p.winner as PlayerId | null) ?? null;
    s.result = str(p, 'result');
    s.step = 'gameOver';
    s.priority = null;
    s.pending = null;
    return s;
  },
};

const foldEvent = foldBy(FOLD);

function payCosts(s: AlphaClashState, pl: PlayerId, p: P): void {
  const ps = W(s, pl)!;
  const paid = (p.paid as string[] | undefined) ?? [];
  if (paid.length > 0)
    ps.resources = ps.resources.map((x) => (paid.includes(x.card.id) ? { ...x, engaged: true } : x));
  const health = (p.healthPaid as number | undefined) ?? 0;
  if (health > 0 && ps.contender) ps.contender.health -= health;
  const engage = p.engageSource as string | undefined;
  if (engage) {
    const perm = findPerm(s, engage);
    if (perm) perm.engaged = true;
    if (ps.contender && ps.contender.card.id === engage) ps.contender.engaged = true;
  }
}

function effectObject(s: AlphaClashState, pl: PlayerId, p: P, kind: 'activated' | 'trigger'): StandbyObject {
  return {
    sid: str(p, 'sid'),
    kind,
    controller: pl,
    card: null,
    source: str(p, 'source'),
    effect: str(p, 'effect'),
    targets: (p.targets as string[] | undefined) ?? [],
    x: (p.x as number | undefined) ?? 0,
    division: (p.division as number[] | undefined) ?? [],
    thenPutIntoOblivion: (p.thenPutIntoOblivion as string | undefined) ?? null,
    enters: null,
  };
}

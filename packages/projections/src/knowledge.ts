// "Who knew what": at a seq, for each player, which cards they could know versus the truth. Game-agnostic: it
// reads each game's `view(state, viewer)` over the fold, so a card counts as seen exactly when
// the game showed it to that player (own hand, revealed, looked at, searched, public zones). Knowledge
// accumulates: a card seen earlier stays known while hidden again (a revealed card put back in hand) until it
// goes through a shuffle of its pile, after which nobody can tell it from its neighbours. Where it went while
// hidden is the truth's; `moved` says the player last saw it elsewhere.
import type { AnyGameModule, GameEvent, PlayerId } from '@matchtape/engine';
import { z } from 'zod';

export const KNOWLEDGE_SOURCES = ['own hand', 'public', 'revealed', 'looked at', 'searched'] as const;
export type KnowledgeSource = (typeof KNOWLEDGE_SOURCES)[number];

export interface ZoneRef {
  /** The player the zone belongs to, or `shared`. */
  owner: string;
  zone: string;
  label: string;
}

export interface KnownCard {
  id: string;
  cardId: string;
  name: string;
  how: KnowledgeSource;
  /** Seq at which the player first saw this card (since its last shuffle). */
  firstSeenSeq: number;
  lastSeenSeq: number;
  /** Where the player last saw it. */
  seenIn: ZoneRef;
}

export interface ZoneKnowledge extends ZoneRef {
  /** Cards in the zone in truth, in the zone's order. */
  count: number;
  /** Truth cards of the zone this player can see right now. */
  visible: KnownCardRef[];
  /** Truth cards of the zone hidden now but known from earlier (seen, not shuffled since). */
  remembered: KnownCardRef[];
  /** Truth cards of the zone this player cannot know. */
  unknown: KnownCardRef[];
}

export interface KnownCardRef {
  id: string;
  cardId: string;
  name: string;
  how?: KnowledgeSource;
  lastSeenSeq?: number;
  /** The player last saw it in another zone (it moved while hidden from them). */
  movedFrom?: ZoneRef;
}

export interface PlayerKnowledge {
  player: PlayerId;
  zones: ZoneKnowledge[];
  /** Known cards not visible now, the "remembered" ones, flat (for highlighting). */
  remembered: KnownCardRef[];
  /** Hidden cards in hands and face-down / non-pile zones this player cannot know (the interesting unknowns). */
  unknownOutsidePiles: number;
}

export interface KnowledgeAt {
  game: string;
  seq: number;
  players: PlayerKnowledge[];
}

/** Where a card instance sits in a state: the path of its zone ("players.p1.hand", "field.cards", "perms"). */
export interface CardSpot {
  id: string;
  cardId: string;
  /** The opaque id the card shows while in a zone hidden from someone (judge states carry it as `oid`). */
  oid?: string;
  where: ZoneRef;
}

const PLAYER = /^p[1-9][0-9]*$/;

/**
 * Every visible card instance of a state (or of a view of it): objects with a string `id` and `cardId`, found by
 * walking the state. Hidden cards carry no `cardId` in a view, so they are not listed. Array indexes are left
 * out of the zone path; the owner is the seat named on the path, else `shared`.
 */
export function cardSpots(state: unknown): CardSpot[] {
  const out: CardSpot[] = [];
  const seen = new Set<string>();
  // One mutable path (push/pop): this walk runs for every viewer at every seq of a match.
  const path: string[] = [];
  const walk = (v: unknown) => {
    if (Array.isArray(v)) {
      for (const x of v) if (x !== null && typeof x === 'object') walk(x);
      return;
    }
    const o = v as Record<string, unknown>;
    if (typeof o.id === 'string' && typeof o.cardId === 'string' && o.hidden !== true && !seen.has(o.id)) {
      seen.add(o.id);
      // A wrapper such as `resources: [{ card, engaged }]` is not a zone of its own: "players.p1.resources".
      const zone = (path.at(-1) === 'card' ? path.slice(0, -1) : path).join('.');
      let owner = 'shared';
      for (const p of path)
        if (PLAYER.test(p)) {
          owner = p;
          break;
        }
      out.push({
        id: o.id,
        cardId: o.cardId,
        ...(typeof o.oid === 'string' ? { oid: o.oid } : {}),
        where: { owner, zone, label: zone },
      });
    }
    for (const k in o) {
      const x = o[k];
      if (x === null || typeof x !== 'object') continue;
      path.push(k);
      walk(x);
      path.pop();
    }
  };
  if (state !== null && typeof state === 'object') walk(state);
  return out;
}

/** Whether an event shuffles: its cards become indistinguishable to everyone who cannot see them. */
export function isShuffle(e: Pick<GameEvent, 'type'>): boolean {
  return /shuffl/i.test(e.type);
}

/** Decks and spellbooks: piles nobody is expected to know, left out of the "interesting unknowns". */
const isPile = (zone: string) => /deck|spellbook|library/i.test(zone);

function sourceOf(eventType: string, where: ZoneRef, viewer: PlayerId): KnowledgeSource {
  if (/search/i.test(eventType)) return 'searched';
  if (/look|peek|scry/i.test(eventType)) return 'looked at';
  if (/reveal/i.test(eventType)) return 'revealed';
  if (/hand/i.test(where.zone)) return where.owner === viewer ? 'own hand' : 'revealed';
  if (isPile(where.zone)) return where.owner === viewer ? 'looked at' : 'revealed';
  return 'public';
}

const sameZone = (a: ZoneRef, b: ZoneRef) => a.owner === b.owner && a.zone === b.zone;

/**
 * The resumable part of the knowledge fold: each seat's memory of the cards it has seen, at `seq`. The game state
 * is kept apart (it is big and any fold of the events gives it back), so this is what a checkpoint stores.
 */
export interface KnowledgeFold {
  seq: number;
  seats: PlayerId[];
  memory: Map<PlayerId, Map<string, KnownCard>>;
  /** Cache of the truth's real ids and opaque → real ids, refreshed on a miss; not part of a checkpoint. */
  realIds: Set<string>;
  opaque: Map<string, string>;
}

const namesByGame = new WeakMap<AnyGameModule, Map<string, string>>();
function nameOf(game: AnyGameModule, cardId: string): string {
  let names = namesByGame.get(game);
  if (!names) namesByGame.set(game, (names = new Map(game.cards.map((c) => [c.id, c.name]))));
  return names.get(cardId) ?? cardId;
}

/** The fold before the first event. `players` defaults to the seats of the game's board after event 1. */
export function startKnowledge(players?: readonly PlayerId[]): KnowledgeFold {
  return { seq: 0, seats: [...(players ?? [])], memory: new Map(), realIds: new Set(), opaque: new Map() };
}

/** Folds one event: `state` is the game state after `event` (the caller evolves it), `event` is seq `fold.seq + 1`. */
export function stepKnowledge(
  fold: KnowledgeFold,
  game: AnyGameModule,
  state: unknown,
  event: GameEvent,
): KnowledgeFold {
  const s = fold.seq + 1;
  const { memory } = fold;
  if (fold.seats.length === 0) fold.seats = game.board(state).players.map((p) => p.id as PlayerId);
  if (isShuffle(event)) {
    // The full event names the cards it shuffled: forget those for everyone (they see them again if shown).
    const text = JSON.stringify(event.payload);
    for (const m of memory.values())
      for (const id of [...m.keys()]) if (text.includes(`"${id}"`)) m.delete(id);
  }
  // A card looked at in a hidden zone keeps its opaque id in the player's view: map it to the real one. The
  // truth is walked only when a view shows an id it does not know (rare: most visible cards show real ids).
  let fresh = false;
  const realId = (id: string): string => {
    if (fold.realIds.has(id)) return id;
    if (!fresh) {
      fresh = true;
      fold.realIds = new Set();
      fold.opaque = new Map();
      for (const c of cardSpots(state)) {
        fold.realIds.add(c.id);
        if (c.oid) fold.opaque.set(c.oid, c.id);
      }
    }
    return fold.opaque.get(id) ?? id;
  };
  for (const p of fold.seats) {
    let m = memory.get(p);
    if (!m) memory.set(p, (m = new Map()));
    for (const spot of cardSpots(game.view(state, p))) {
      const c = { ...spot, id: realId(spot.id) };
      const prev = m.get(c.id);
      const continuous = prev !== undefined && prev.lastSeenSeq === s - 1 && sameZone(prev.seenIn, c.where);
      m.set(c.id, {
        id: c.id,
        cardId: c.cardId,
        name: nameOf(game, c.cardId),
        how: continuous ? prev.how : sourceOf(event.type, c.where, p),
        firstSeenSeq: prev?.firstSeenSeq ?? s,
        lastSeenSeq: s,
        seenIn: c.where,
      });
    }
  }
  fold.seq = s;
  return fold;
}

/** Who knew what at the fold's seq, against the truth `state` at that seq. */
export function knowledgeOf(fold: KnowledgeFold, game: AnyGameModule, state: unknown): KnowledgeAt {
  const upTo = fold.seq;
  const truth = cardSpots(state);
  const out: PlayerKnowledge[] = fold.seats.map((p) => {
    const m = fold.memory.get(p) ?? new Map<string, KnownCard>();
    const zones = new Map<string, ZoneKnowledge>();
    const remembered: KnownCardRef[] = [];
    let unknownOutsidePiles = 0;
    for (const c of truth) {
      let zk = zones.get(c.where.zone);
      if (!zk)
        zones.set(c.where.zone, (zk = { ...c.where, count: 0, visible: [], remembered: [], unknown: [] }));
      zk.count++;
      const base = { id: c.id, cardId: c.cardId, name: nameOf(game, c.cardId) };
      const k = m.get(c.id);
      if (k && k.lastSeenSeq === upTo) zk.visible.push({ ...base, how: k.how, lastSeenSeq: k.lastSeenSeq });
      else if (k) {
        const r: KnownCardRef = {
          ...base,
          how: k.how,
          lastSeenSeq: k.lastSeenSeq,
          ...(sameZone(k.seenIn, c.where) ? {} : { movedFrom: k.seenIn }),
        };
        zk.remembered.push(r);
        remembered.push(r);
      } else {
        zk.unknown.push(base);
        if (!isPile(c.where.zone)) unknownOutsidePiles++;
      }
    }
    return { player: p, zones: [...zones.values()], remembered, unknownOutsidePiles };
  });
  return { game: game.id, seq: upTo, players: out };
}

/**
 * Knowledge at `seq` continued from a fold at an earlier seq (a checkpoint, consumed: it is stepped on): the game
 * state is re-folded from event 1 (evolve only, cheap next to the views), the memory from the checkpoint on.
 */
export function knowledgeFrom(
  game: AnyGameModule,
  events: readonly GameEvent[],
  from: KnowledgeFold,
  seq: number,
): KnowledgeAt {
  const upTo = Math.max(0, Math.min(seq, events.length));
  if (from.seq > upTo)
    throw new RangeError(`a knowledge checkpoint at seq ${from.seq} cannot answer seq ${upTo}`);
  let state: unknown = game.initial();
  for (let i = 0; i < from.seq; i++) state = game.evolve(state, events[i]!);
  for (let i = from.seq; i < upTo; i++) {
    state = game.evolve(state, events[i]!);
    stepKnowledge(from, game, state, events[i]!);
  }
  return knowledgeOf(from, game, state);
}

/**
 * Knowledge of every player at `seq` (events are a match's full, judge events in seq order from 1; the fold
 * stops at `seq`). `players` defaults to the seats of the game's board.
 */
export function knowledgeAt(
  game: AnyGameModule,
  events: readonly GameEvent[],
  seq: number,
  players?: readonly PlayerId[],
): KnowledgeAt {
  return knowledgeFrom(game, events, startKnowledge(players), seq);
}

/**
 * A fold's memory as stored in a read model: arrays rather than objects (a match's document keeps one per
 * checkpoint and is rewritten every batch). A known card is [id, cardId, how (index in KNOWLEDGE_SOURCES),
 * firstSeenSeq, lastSeenSeq, seenIn (index in `zones`)]; its name comes back from the game's cards.
 */
export const PackedKnowledge = z
  .object({
    seq: z.number().int().min(0),
    seats: z.array(z.string().regex(/^p[1-9][0-9]*$/)),
    zones: z.array(z.tuple([z.string(), z.string(), z.string()])),
    known: z.record(
      z.string(),
      z.array(
        z.tuple([
          z.string(),
          z.string(),
          z
            .number()
            .int()
            .min(0)
            .max(KNOWLEDGE_SOURCES.length - 1),
          z.number().int(),
          z.number().int(),
          z.number().int().min(0),
        ]),
      ),
    ),
  })
  .strict();
export type PackedKnowledge = z.infer<typeof PackedKnowledge>;

export function packKnowledge(fold: KnowledgeFold): PackedKnowledge {
  const zones: [string, string, string][] = [];
  const zoneIndex = new Map<string, number>();
  const indexOf = (z: ZoneRef): number => {
    const key = JSON.stringify([z.owner, z.zone, z.label]);
    let i = zoneIndex.get(key);
    if (i === undefined) {
      zoneIndex.set(key, (i = zones.length));
      zones.push([z.owner, z.zone, z.label]);
    }
    return i;
  };
  const known: PackedKnowledge['known'] = {};
  for (const [p, m] of fold.memory)
    known[p] = [...m.values()].map((k) => [
      k.id,
      k.cardId,
      KNOWLEDGE_SOURCES.indexOf(k.how),
      k.firstSeenSeq,
      k.lastSeenSeq,
      indexOf(k.seenIn),
    ]);
  return { seq: fold.seq, seats: [...fold.seats], zones, known };
}

/** The fold back from its packed form (the id caches start empty: they refill on the first miss). */
export function unpackKnowledge(game: AnyGameModule, packed: PackedKnowledge): KnowledgeFold {
  const zones = packed.zones.map(([owner, zone, label]): ZoneRef => ({ owner, zone, label }));
  const memory = new Map<PlayerId, Map<string, KnownCard>>();
  for (const [p, cards] of Object.entries(packed.known)) {
    const m = new Map<string, KnownCard>();
    for (const [id, cardId, how, firstSeenSeq, lastSeenSeq, zone] of cards) {
      const seenIn = zones[zone];
      if (!seenIn)
        throw new RangeError(`packed knowledge at seq ${packed.seq} names zone ${zone} of ${zones.length}`);
      m.set(id, {
        id,
        cardId,
        name: nameOf(game, cardId),
        how: KNOWLEDGE_SOURCES[how]!,
        firstSeenSeq,
        lastSeenSeq,
        seenIn,
      });
    }
    memory.set(p as PlayerId, m);
  }
  return {
    seq: packed.seq,
    seats: packed.seats as PlayerId[],
    memory,
    realIds: new Set(),
    opaque: new Map(),
  };
}

/** The one line a judge reads: "p1 sees 8, remembers 1, cannot know 6 outside decks". */
export function knowledgeLine(k: PlayerKnowledge): string {
  const visible = k.zones.reduce((n, z) => n + z.visible.length, 0);
  return `${k.player} sees ${visible}, remembers ${k.remembered.length}, cannot know ${k.unknownOutsidePiles} outside decks and piles`;
}

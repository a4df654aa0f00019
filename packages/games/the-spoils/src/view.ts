// What each viewer may see (403, 411.2), the redaction of events, the secrets the leak tests look for, the board
// for the site (influence, factions, attached resources, the response chain, the battle) and the log lines.
import {
  isPlayer,
  redactRandom,
  redactZone,
  secretsOf,
  type GameEvent,
  type PlayerId,
  type RedactOptions,
  type Viewer,
  type ZoneSpec,
} from '@matchtape/engine';
import type { Leave, MovedCard } from './evolve';
import type { Card, Perm, Slot, SpoilsState } from './types';

// A card's id is a public handle that carries no identity (types.ts): a hidden card shows under its own id, and
// only card ids are secrets.
const OPAQUE: RedactOptions = { opaqueIds: true };
// 403.1a: nobody looks at a deck; 403.2a: a hand is its owner's.
const deck = (owner: string, cards: Slot[]): ZoneSpec => ({
  owner: owner as PlayerId,
  visibility: 'hidden',
  cards,
});
const hand = (owner: string, cards: Slot[]): ZoneSpec => ({
  owner: owner as PlayerId,
  visibility: 'owner',
  cards,
});
const redact = (zone: ZoneSpec, viewer: Viewer): Slot[] => redactZone(zone, viewer, OPAQUE) as Slot[];

export function view(s: SpoilsState, viewer: Viewer): SpoilsState {
  if (viewer === 'judge') return s;
  const players = Object.fromEntries(
    Object.entries(s.players).map(([id, pl]) => [
      id,
      { ...pl, deck: redact(deck(id, pl.deck), viewer), hand: redact(hand(id, pl.hand), viewer) },
    ]),
  );
  // 411.2: only the controller sees a face-down card's front.
  const perms = s.perms.map((x) =>
    x.faceDown && x.controller !== viewer && x.cardId !== null ? { ...x, cardId: null } : x,
  );
  return { ...s, players, perms };
}

const nullMove = (m: MovedCard): MovedCard => ({ ...m, cardId: null });

export function viewEvent<E extends GameEvent>(e: E, viewer: Viewer): E {
  if (viewer === 'judge') return e;
  // Outcomes and generator positions are the judge's while the match is live.
  let payload: Record<string, unknown> = redactRandom(e.payload);
  const mine = isPlayer(viewer) && viewer === payload.player;
  switch (e.type) {
    case 'DeckShuffled':
      payload = { ...payload, deck: redact(deck(payload.player as string, payload.deck as Slot[]), viewer) };
      break;
    case 'StartingResourcesSearched':
      if (!mine) payload = { ...payload, resources: (payload.resources as MovedCard[]).map(nullMove) };
      break;
    case 'CardsDrawn':
      if (!mine) payload = { ...payload, moves: (payload.moves as MovedCard[]).map(nullMove) };
      break;
    case 'MulliganCardBottomed':
      payload = { ...payload, move: nullMove(payload.move as MovedCard) };
      break;
    case 'ResourcePlayed':
      if (!mine && payload.faceDown === true)
        payload = { ...payload, move: nullMove(payload.move as MovedCard) };
      break;
    case 'DeckSearched':
      if (!mine && payload.found) payload = { ...payload, found: nullMove(payload.found as MovedCard) };
      break;
    case 'PositionSet': {
      const ps = payload.players as Record<string, { deck: Slot[]; hand: Slot[]; discard: unknown[] }>;
      const players = Object.fromEntries(
        Object.entries(ps).map(([id, z]) => [
          id,
          { ...z, deck: redact(deck(id, z.deck), viewer), hand: redact(hand(id, z.hand), viewer) },
        ]),
      );
      const perms = (payload.perms as Perm[]).map((x) =>
        x.faceDown && x.controller !== viewer ? { ...x, cardId: null } : x,
      );
      payload = { ...payload, players, perms };
      break;
    }
    case 'CardsLeftPlay':
      payload = {
        ...payload,
        leaves: (payload.leaves as Leave[]).map((l) =>
          l.to === 'face-down' && l.controller !== viewer ? { ...l, newCardId: null } : l,
        ),
      };
      break;
  }
  return payload === e.payload ? e : { ...e, payload };
}

/** Every zone with who may see it, from the same rules `view` applies; public zones say which names are seen. */
function zonesOf(s: SpoilsState): ZoneSpec[] {
  const pub = (cards: Card[]): ZoneSpec => ({ owner: null, visibility: 'public', cards });
  const zones = Object.entries(s.players).flatMap(([id, pl]) => [
    deck(id, pl.deck),
    hand(id, pl.hand),
    pub([...pl.discard, ...pl.outOfGame]),
  ]);
  // 411.2: a face-down card's front is its controller's.
  for (const x of s.perms)
    if (x.cardId)
      zones.push({
        owner: x.controller,
        visibility: x.faceDown ? 'owner' : 'public',
        cards: [{ id: x.id, cardId: x.cardId }],
      });
  for (const it of s.chain) {
    if (it.card) zones.push(pub([it.card]));
    if (it.sourceCardId) zones.push(pub([{ id: it.source ?? it.iid, cardId: it.sourceCardId }]));
  }
  return zones;
}

/** Card ids (names) hidden from `viewer` that it sees no copy of. Ids are public handles that carry no identity. */
export function secrets(s: SpoilsState, viewer: Viewer): string[] {
  return secretsOf(zonesOf(s), viewer, OPAQUE);
}

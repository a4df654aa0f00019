// What each viewer may see (403, 411.2), the redaction of events, the secrets the leak tests look for, the board
// for the site (influence, factions, attached resources, the response chain, the battle) and the log lines.
import { isPlayer, redactRandom, type GameEvent, type Viewer } from '@matchtape/engine';
import type { Leave, MovedCard } from './evolve';
import { isHidden, type Perm, type Slot, type SpoilsState } from './types';

const hide = (c: Slot): Slot => (isHidden(c) ? c : { id: c.id, hidden: true });

export function view(s: SpoilsState, viewer: Viewer): SpoilsState {
  if (viewer === 'judge') return s;
  const players = Object.fromEntries(
    Object.entries(s.players).map(([id, pl]) => [
      id,
      // 403.1a: nobody looks at a deck; 403.2a: a hand is its owner's.
      { ...pl, deck: pl.deck.map(hide), hand: viewer === id ? pl.hand : pl.hand.map(hide) },
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
      payload = { ...payload, deck: (payload.deck as Slot[]).map(hide) };
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
          { ...z, deck: z.deck.map(hide), hand: id === viewer ? z.hand : z.hand.map(hide) },
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

/** Card ids (names) hidden from `viewer` that it sees no copy of. Ids are public handles that carry no identity. */
export function secrets(s: SpoilsState, viewer: Viewer): string[] {
  if (viewer === 'judge') return [];
  const hidden = new Set<string>();
  const visible = new Set<string>();
  for (const [id, pl] of Object.entries(s.players)) {
    for (const c of pl.deck) if (!isHidden(c)) hidden.add(c.cardId);
    for (const c of pl.hand) if (!isHidden(c)) (viewer === id ? visible : hidden).add(c.cardId);
    for (const c of [...pl.discard, ...pl.outOfGame]) visible.add(c.cardId);
  }
  for (const x of s.perms)
    if (x.cardId) (x.faceDown && x.controller !== viewer ? hidden : visible).add(x.cardId);
  for (const it of s.chain) {
    if (it.card) visible.add(it.card.cardId);
    if (it.sourceCardId) visible.add(it.sourceCardId);
  }
  return [...hidden].filter((c) => !visible.has(c));
}

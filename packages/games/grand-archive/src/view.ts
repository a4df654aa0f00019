// Redaction (ARCHITECTURE.md §3): view(state, viewer) and viewEvent(event, viewer) hide the same things, so
// folding the redacted events gives exactly the redacted state. Hidden cards show only their opaque id.
import { isPlayer, redactRandom, type GameEvent, type Viewer } from '@matchtape/engine';
import { namedDefs, redactDefs } from './cards/book';
import type { Move } from './evolve';
import { zoneVisible } from './rules';
import type { GAState, PlayerState, PlayerZone, Slot } from './types';
import { isHidden } from './types';

const HIDDEN_PLAYER_ZONES: readonly PlayerZone[] = ['mainDeck', 'materialDeck', 'hand', 'memory'];

function redactZone(zone: readonly Slot[], visible: boolean): Slot[] {
  if (visible) return zone as Slot[];
  // Preserved cards stay face-up in the material deck (X.A.19.c).
  return zone.map((c) => (isHidden(c) || c.preserved ? c : { id: c.oid ?? c.id, hidden: true as const }));
}

export function view(s: GAState, viewer: Viewer): GAState {
  if (viewer === 'judge') return s;
  const players: Record<string, PlayerState> = {};
  for (const [id, pl] of Object.entries(s.players)) {
    const next = { ...pl };
    for (const z of HIDDEN_PLAYER_ZONES) (next as Record<PlayerZone, Slot[]>)[z] = redactZone(pl[z], zoneVisible(z, id, viewer));
    players[id] = next;
  }
  const next = { ...s, players };
  // A viewer knows the test cards it can see (cards/book.ts).
  return Object.keys(s.cards).length === 0 ? next : { ...next, cards: namedDefs(next) };
}

function redactMove(m: Move, viewer: Viewer): Move {
  const seesFrom = zoneVisible(m.from, m.owner, viewer) || m.fromPreserved === true;
  const seesTo = zoneVisible(m.to, m.owner, viewer) || m.preserved === true;
  if (seesTo) return m;
  // The card ends up hidden from this viewer: it keeps only what it already knew (the id, if it saw the card).
  return { ...m, id: seesFrom ? m.id : null, cardId: null };
}

export function viewEvent<E extends GameEvent>(e: E, viewer: Viewer): E {
  if (viewer === 'judge') return e;
  let payload: Record<string, unknown> = redactRandom(e.payload);
  const owner = (payload.player as string | undefined) ?? '';
  const mine = isPlayer(viewer) && viewer === owner;
  switch (e.type) {
    case 'DeckSetOut':
      payload = { ...payload, main: null, material: mine ? payload.material : null, hand: mine ? payload.hand : null };
      break;
    case 'CardsMoved':
      payload = { ...payload, moves: (payload.moves as Move[]).map((m) => redactMove(m, viewer)) };
      break;
    case 'PositionSet': {
      // A scenario start position: each player's hidden zones as `view` shows them.
      const players: Record<string, Record<string, unknown>> = {};
      for (const [id, zones] of Object.entries(payload.players as Record<string, Record<PlayerZone, Slot[]>>)) {
        const next: Record<string, unknown> = { ...zones };
        for (const z of HIDDEN_PLAYER_ZONES) next[z] = redactZone(zones[z], zoneVisible(z, id, viewer));
        players[id] = next;
      }
      payload = { ...payload, players };
      break;
    }
    case 'ReserveSelected':
    case 'CriticalCardSelected':
      if (!mine) payload = { ...payload, card: null, oid: null };
      break;
    case 'ActivationCanceled':
      if (!mine) payload = { ...payload, card: null };
      break;
  }
  payload = redactDefs(payload);
  return payload === e.payload ? e : { ...e, payload };
}

/** Real ids and card ids hidden from `viewer` (a card id only when no copy of it is visible to the viewer). */
export function secrets(s: GAState, viewer: Viewer): string[] {
  if (viewer === 'judge') return [];
  const hiddenIds = new Set<string>();
  const hiddenCardIds = new Set<string>();
  const visibleCardIds = new Set<string>();
  for (const [id, pl] of Object.entries(s.players)) {
    for (const z of ['mainDeck', 'materialDeck', 'hand', 'memory', 'graveyard', 'banishment'] as PlayerZone[]) {
      const vis = zoneVisible(z, id, viewer);
      for (const c of pl[z] as Slot[]) {
        if (isHidden(c)) continue;
        if (vis || c.preserved) visibleCardIds.add(c.cardId);
        else {
          hiddenIds.add(c.id);
          hiddenCardIds.add(c.cardId);
        }
      }
    }
  }
  for (const o of s.field) for (const c of o.cards) visibleCardIds.add(c.cardId);
  for (const it of s.stack) {
    visibleCardIds.add(it.sourceCardId);
    if (it.card) visibleCardIds.add(it.card.cardId);
  }
  if (s.pending) visibleCardIds.add(s.pending.card.cardId);
  if (s.combat?.attackCard) visibleCardIds.add(s.combat.attackCard.cardId);
  return [...hiddenIds, ...[...hiddenCardIds].filter((c) => !visibleCardIds.has(c))];
}

// Redaction (ARCHITECTURE.md §3): view(state, viewer) and viewEvent(event, viewer) hide the same things, so
// folding the redacted events gives exactly the redacted state. Hidden cards show only their opaque id.
import {
  isHiddenCard,
  isPlayer,
  redactRandom,
  secretsOf,
  slotFor,
  type GameEvent,
  type Viewer,
  type Visibility,
  type ZoneSpec,
} from '@matchtape/engine';
import { namedDefs, redactDefs } from './cards/book';
import type { Move } from './evolve';
import { zoneVisible } from './rules';
import type { Card, GAState, PlayerState, PlayerZone, Slot } from './types';

const HIDDEN_PLAYER_ZONES: readonly PlayerZone[] = ['mainDeck', 'materialDeck', 'hand', 'memory'];
const PLAYER_ZONES: readonly PlayerZone[] = [...HIDDEN_PLAYER_ZONES, 'graveyard', 'banishment'];
/** Who may see each player zone (2.1.b.6: main decks nobody; hands, memory and material decks their owner). */
const VISIBILITY: Record<PlayerZone, Visibility> = {
  mainDeck: 'hidden',
  materialDeck: 'owner',
  hand: 'owner',
  memory: 'owner',
  graveyard: 'public',
  banishment: 'public',
};
const PUBLIC = { owner: null, visibility: 'public' as const };

/**
 * One zone for `viewer` through the kit's hidden-card model (kit/hidden.ts). A viewer who may see a card keeps its
 * oid (`keepOid`): moves name cards by `fromOid`/`toOid` for every viewer and the fold keeps the oid they give.
 * Preserved cards stay face-up in the material deck (X.A.19.c), so they are public.
 */
function redactZone(zone: readonly Slot[], owner: string, z: PlayerZone, viewer: Viewer): Slot[] {
  const spec = { owner: isPlayer(owner) ? owner : null, visibility: VISIBILITY[z] };
  return zone.map(
    (c) => slotFor(c, !isHiddenCard(c) && c.preserved ? PUBLIC : spec, viewer, { keepOid: true }) as Slot,
  );
}

/** Every zone with cards as the redaction sees it: player zones (preserved cards apart), and what is public. */
function zonesOf(s: GAState): ZoneSpec[] {
  const zones: ZoneSpec[] = [];
  for (const [id, pl] of Object.entries(s.players))
    for (const z of PLAYER_ZONES) {
      const cards = pl[z] as Slot[];
      zones.push({
        owner: isPlayer(id) ? id : null,
        visibility: VISIBILITY[z],
        cards: cards.filter((c) => isHiddenCard(c) || !c.preserved),
      });
      zones.push({ ...PUBLIC, cards: cards.filter((c) => !isHiddenCard(c) && c.preserved === true) });
    }
  const shown: Card[] = [];
  for (const o of s.field) shown.push(...o.cards);
  for (const it of s.stack)
    shown.push({ id: it.sid, cardId: it.sourceCardId }, ...(it.card ? [it.card] : []));
  if (s.pending) shown.push(s.pending.card);
  if (s.combat?.attackCard) shown.push(s.combat.attackCard);
  zones.push({ ...PUBLIC, cards: shown });
  return zones;
}

export function view(s: GAState, viewer: Viewer): GAState {
  if (viewer === 'judge') return s;
  const players: Record<string, PlayerState> = {};
  for (const [id, pl] of Object.entries(s.players)) {
    const next = { ...pl };
    for (const z of HIDDEN_PLAYER_ZONES)
      (next as Record<PlayerZone, Slot[]>)[z] = redactZone(pl[z], id, z, viewer);
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
      payload = {
        ...payload,
        main: null,
        material: mine ? payload.material : null,
        hand: mine ? payload.hand : null,
      };
      break;
    case 'DeckShuffled':
      payload = { ...payload, main: null }; // 2.1.b.6: nobody sees a main deck's order
      break;
    case 'CardsMoved':
      payload = { ...payload, moves: (payload.moves as Move[]).map((m) => redactMove(m, viewer)) };
      break;
    case 'PositionSet': {
      // A scenario start position: each player's hidden zones as `view` shows them.
      const players: Record<string, Record<string, unknown>> = {};
      for (const [id, zones] of Object.entries(
        payload.players as Record<string, Record<PlayerZone, Slot[]>>,
      )) {
        const next: Record<string, unknown> = { ...zones };
        for (const z of HIDDEN_PLAYER_ZONES) next[z] = redactZone(zones[z], id, z, viewer);
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
    case 'ObjectLeftField':
      // A card returned to its owner's hand is hidden there from everyone else (2.1.h.2).
      if (payload.to === 'hand' && !mine) payload = { ...payload, hidden: true };
      break;
  }
  payload = redactDefs(payload);
  return payload === e.payload ? e : { ...e, payload };
}

/** Real ids and card ids hidden from `viewer`: the kit's `secretsOf` over the same zones the views redact. */
export function secrets(s: GAState, viewer: Viewer): string[] {
  return secretsOf(zonesOf(s), viewer);
}

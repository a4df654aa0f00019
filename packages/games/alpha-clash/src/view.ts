// Per-viewer redaction. Hands are seen by their owner, decks by nobody (counts are public), face-down Traps by
// their owner; everything else is public (400.2, 401–404). A hidden card shows as { id: <opaque>, hidden: true }.
// viewEvent applies the same rules to event payloads, so folding redacted events gives the redacted state.
import {
  isHiddenCard,
  hide,
  redactRandom,
  secretsOf,
  slotFor,
  type GameEvent,
  type Viewer,
  type ZoneSpec,
} from '@matchtape/engine';
import { deepCloneState } from './evolve';
import type { AlphaClashState, AnyRef, CardRef, Permanent, TestCardEntry } from './types';
import type { SeatPosition } from './start';

/** The card as a viewer who may see it gets it: id and card id only. */
function stripRef(r: AnyRef): AnyRef {
  return isHiddenCard(r) ? r : { id: r.id, cardId: r.cardId };
}

/** A deck card as a viewer sees it: hidden, unless revealed to all or looked at by this viewer (703.8). */
function deckRef(r: AnyRef, viewer: Viewer): AnyRef {
  return slotFor(r, { owner: null, visibility: 'hidden' }, viewer);
}

/**
 * Every zone with who may see it (400.2, 401–404): hands and set Traps their owner, decks nobody, the rest
 * everyone. `view` redacts zone by zone with the kit's `slotFor`, and `secrets` comes from the same list.
 */
function zonesOf(s: AlphaClashState): ZoneSpec<CardRef>[] {
  const out: ZoneSpec<CardRef>[] = [];
  const cards = (perms: Permanent[]) => perms.map((x) => x.card);
  for (const p of s.order) {
    const ps = s.players[p]!;
    out.push({ owner: p, visibility: 'owner', cards: ps.hand });
    out.push({ owner: p, visibility: 'hidden', cards: ps.deck });
    if (ps.mulligan) out.push({ owner: p, visibility: 'owner', cards: ps.mulligan.returning });
    out.push({ owner: p, visibility: 'owner', cards: cards(ps.accessory.filter((a) => a.faceDown)) });
    out.push({
      owner: p,
      visibility: 'public',
      cards: [
        ...(ps.contender ? [ps.contender.card] : []),
        ...cards([...ps.clash, ...ps.resources, ...ps.accessory.filter((a) => !a.faceDown)]),
        ...ps.oblivion,
        ...ps.banished,
      ],
    });
  }
  out.push({
    owner: null,
    visibility: 'public',
    cards: [
      ...(s.clashground ? [s.clashground.card] : []),
      ...s.standby.flatMap((o) => (o.card ? [o.card] : [])),
    ],
  });
  return out;
}

/** Whether a viewer has seen a card of this test card's id (so may see its definition, 400.2). */
export function knowsTestCard(knownTo: readonly string[], viewer: Viewer): boolean {
  return viewer === 'judge' || knownTo.includes('public') || knownTo.includes(viewer);
}

export function view(state: AlphaClashState, viewer: Viewer): AlphaClashState {
  if (viewer === 'judge') return state;
  const s = deepCloneState(state);
  s.testCards = s.testCards.filter((e) => knowsTestCard(e.knownTo, viewer));
  // The generator cursor is a position, which goes to judges only; redacted events never move it (evolve).
  s.rng = 0;
  for (const p of s.order) {
    const ps = s.players[p]!;
    const own = { owner: p, visibility: 'owner' } as const;
    ps.deck = ps.deck.map((r) => deckRef(r, viewer));
    ps.hand = ps.hand.map((r) => slotFor(r, own, viewer));
    if (ps.mulligan) ps.mulligan.returning = ps.mulligan.returning.map((r) => slotFor(r, own, viewer));
    ps.accessory = ps.accessory.map((a) => (a.faceDown ? { ...a, card: slotFor(a.card, own, viewer) } : a));
  }
  return s;
}

type P = Record<string, unknown>;

export function viewEvent<E extends GameEvent>(event: E, viewer: Viewer): E {
  if (viewer === 'judge') return event;
  const p: P = { ...redactRandom(event.payload) };
  const owner = (p.player as string | undefined) ?? null;
  const mine = owner !== null && viewer === owner;
  const ownerOnly = (r: AnyRef) => (mine ? stripRef(r) : hide(r));
  switch (event.type) {
    case 'DeckShuffled':
      p.cards = (p.cards as AnyRef[]).map(hide);
      break;
    case 'MulliganShuffled':
      p.cards = (p.cards as AnyRef[]).map(hide);
      p.returned = (p.returned as AnyRef[]).map(ownerOnly);
      break;
    case 'MulliganDeclared':
      p.returning = (p.returning as AnyRef[]).map(ownerOnly);
      break;
    case 'CardsLookedAt':
      if (viewer !== p.player) p.cards = (p.cards as AnyRef[]).map((c) => ({ id: c.id, hidden: true }));
      break;
    case 'MatchStarted':
      if (Array.isArray(p.testCards))
        p.testCards = (p.testCards as TestCardEntry[]).filter((e) => knowsTestCard(e.knownTo, viewer));
      break;
    case 'TestCardRevealed':
      if (!knowsTestCard(p.knownTo as string[], viewer)) p.card = null;
      break;
    case 'PositionSet':
      // Hands to their owner, decks to nobody, set Traps to their owner (400.2, 401–404), as in view().
      p.players = (p.players as SeatPosition[]).map((seat) => {
        const own = (r: AnyRef) => (viewer === seat.id ? stripRef(r) : hide(r));
        return {
          ...seat,
          hand: seat.hand.map(own),
          deck: seat.deck.map((r) => deckRef(r, viewer)),
          accessory: seat.accessory.map((a) => (a.faceDown ? { ...a, card: own(a.card) } : a)),
        };
      });
      break;
    case 'StartPositionPrepared':
      p.traps = (p.traps as AnyRef[]).map(ownerOnly);
      break;
    case 'DeckSearched':
      // Found for the hand (703.9e: not revealed unless the effect says so): its owner alone sees it.
      if (p.zone === 'hand' && p.found) p.found = ownerOnly(p.found as AnyRef);
      break;
    case 'CardDrawn':
    case 'CardReturnedToHand':
    case 'PermanentReturnedToHand':
    case 'TrapSet':
      p.card = ownerOnly(p.card as AnyRef);
      break;
    default:
      break;
  }
  return { ...event, payload: p };
}

/** Real ids and card ids the viewer must not see (invariant 3): from the same zones `view` redacts. */
export function secrets(s: AlphaClashState, viewer: Viewer): string[] {
  // A test card whose definition the viewer was shown (a card of it stood where they could see it, 400.2) is no
  // secret by its id: its definition stays in the view, and hidden copies still show only opaque ids.
  const known = new Set(s.testCards.filter((e) => knowsTestCard(e.knownTo, viewer)).map((e) => e.card.id));
  return secretsOf(zonesOf(s), viewer).filter((x) => !known.has(x));
}

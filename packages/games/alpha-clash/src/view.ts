// Per-viewer redaction. Hands are seen by their owner, decks by nobody (counts are public), face-down Traps by
// their owner; everything else is public (400.2, 401–404). A hidden card shows as { id: <opaque>, hidden: true }.
// viewEvent applies the same rules to event payloads, so folding redacted events gives the redacted state.
import { redactRandom, type GameEvent, type Viewer } from '@matchtape/engine';
import { deepCloneState } from './evolve';
import { isHidden, type AlphaClashState, type AnyRef, type HiddenRef } from './types';

function hideRef(r: AnyRef): HiddenRef {
  if (isHidden(r)) return r;
  if (!r.oid) throw new Error(`alpha-clash: card ${r.id} sits in a hidden zone without an opaque id`);
  return { id: r.oid, hidden: true };
}

function stripRef(r: AnyRef): AnyRef {
  if (isHidden(r)) return r;
  return { id: r.id, cardId: r.cardId };
}

/** A deck card as a viewer sees it: hidden, unless revealed to all or looked at by this viewer (703.8). */
function deckRef(r: AnyRef, viewer: Viewer): AnyRef {
  if (isHidden(r)) return r;
  const known = r.revealed === true || (r.knownTo ?? []).includes(viewer as never);
  return known ? { id: r.oid!, cardId: r.cardId } : hideRef(r);
}

export function view(state: AlphaClashState, viewer: Viewer): AlphaClashState {
  if (viewer === 'judge') return state;
  const s = deepCloneState(state);
  // The generator cursor is a position, which goes to judges only; redacted events never move it (evolve).
  s.rng = 0;
  for (const p of s.order) {
    const ps = s.players[p]!;
    const mine = viewer === p;
    ps.deck = ps.deck.map((r) => deckRef(r, viewer));
    ps.hand = ps.hand.map(mine ? stripRef : hideRef);
    if (ps.mulligan) ps.mulligan.returning = ps.mulligan.returning.map(mine ? stripRef : hideRef);
    ps.accessory = ps.accessory.map((a) => (a.faceDown ? { ...a, card: mine ? stripRef(a.card) : hideRef(a.card) } : a));
  }
  return s;
}

type P = Record<string, unknown>;

export function viewEvent<E extends GameEvent>(event: E, viewer: Viewer): E {
  if (viewer === 'judge') return event;
  const p: P = { ...redactRandom(event.payload) };
  const owner = (p.player as string | undefined) ?? null;
  const mine = owner !== null && viewer === owner;
  const ownerOnly = (r: AnyRef) => (mine ? stripRef(r) : hideRef(r));
  switch (event.type) {
    case 'DeckShuffled':
      p.cards = (p.cards as AnyRef[]).map(hideRef);
      break;
    case 'MulliganShuffled':
      p.cards = (p.cards as AnyRef[]).map(hideRef);
      p.returned = (p.returned as AnyRef[]).map(ownerOnly);
      break;
    case 'MulliganDeclared':
      p.returning = (p.returning as AnyRef[]).map(ownerOnly);
      break;
    case 'CardsLookedAt':
      if (viewer !== p.player) p.cards = (p.cards as AnyRef[]).map((c) => ({ id: c.id, hidden: true }));
      break;
    case 'StartPositionPrepared':
      p.traps = (p.traps as AnyRef[]).map(ownerOnly);
      break;
    case 'CardDrawn':
    case 'CardReturnedToHand':
    case 'TrapSet':
      p.card = ownerOnly(p.card as AnyRef);
      break;
    default:
      break;
  }
  return { ...event, payload: p };
}

/** Real ids and card ids the viewer must not see (invariant 3). */
export function secrets(s: AlphaClashState, viewer: Viewer): string[] {
  if (viewer === 'judge') return [];
  const hidden: AnyRef[] = [];
  const visible = new Set<string>();
  const see = (r: AnyRef) => {
    if (!isHidden(r)) visible.add(r.cardId);
  };
  for (const p of s.order) {
    const ps = s.players[p]!;
    const mine = viewer === p;
    for (const r of ps.deck) {
      if (!isHidden(r) && (r.revealed || (r.knownTo ?? []).includes(viewer as never))) visible.add(r.cardId);
      hidden.push(r);
    }
    (mine ? ps.hand : hidden).push(...(mine ? [] : ps.hand));
    if (mine) ps.hand.forEach(see);
    for (const a of ps.accessory) {
      if (a.faceDown && !mine) hidden.push(a.card);
      else see(a.card);
    }
    if (ps.contender) see(ps.contender.card);
    [...ps.clash, ...ps.resources].forEach((x) => see(x.card));
    ps.oblivion.forEach(see);
    ps.banished.forEach(see);
  }
  if (s.clashground) see(s.clashground.card);
  for (const o of s.standby) if (o.card) see(o.card);
  const out = new Set<string>();
  for (const r of hidden) {
    if (isHidden(r)) continue;
    out.add(r.id);
    if (!visible.has(r.cardId)) out.add(r.cardId);
  }
  void 0;
  return [...out];
}

// Per-viewer redaction (ARCHITECTURE §3): `view` of a state and `viewEvent` of an event, built so that folding the
// redacted events gives exactly the redacted state; `secrets` lists what a viewer must never be shown.
// Spellbooks are hidden from everyone (their owner included) except cards a viewer knows (D2); hands from
// opponents and spectators; everything else is public (D1). A hidden card shows only its opaque id.
import { redactRandom, type GameEvent, type PlayerId, type Viewer } from '@matchtape/engine';
import { isHiddenRef } from './evolve';
import type { ECState, PlayerState, Prompt, SeenCard } from './types';

/** May `viewer` see this card in `zone` of `owner`? */
function sees(viewer: Viewer, owner: PlayerId, zone: 'spellbook' | 'hand', c: SeenCard): boolean {
  if (viewer === 'judge') return true;
  if (isHiddenRef(c)) return false;
  if (c.known?.includes('public') || c.known?.includes(viewer)) return true;
  return zone === 'hand' && viewer === owner;
}

const hide = (c: SeenCard): SeenCard => (isHiddenRef(c) ? c : { id: c.oid, hidden: true });

function cards(list: unknown, viewer: Viewer, owner: PlayerId, zone: 'spellbook' | 'hand'): SeenCard[] {
  return (list as SeenCard[]).map((c) => (sees(viewer, owner, zone, c) ? c : hide(c)));
}

function viewPrompt(p: Prompt | null, viewer: Viewer): Prompt | null {
  if (!p || viewer === 'judge' || viewer === p.player) return p;
  // Construct's eligible names and Future Sight's cards are the searching / looking player's alone (D30, D31).
  return p.kind === 'construct' || p.kind === 'arrange' ? { ...p, options: null } : p;
}

export function view(s: ECState, viewer: Viewer): ECState {
  if (viewer === 'judge') return s;
  const players: Record<string, PlayerState> = {};
  for (const [id, p] of Object.entries(s.players))
    players[id] = {
      ...p,
      spellbook: cards(p.spellbook, viewer, p.id, 'spellbook'),
      hand: cards(p.hand, viewer, p.id, 'hand'),
    };
  return { ...s, players, prompt: viewPrompt(s.prompt, viewer) };
}

export function viewEvent<E extends GameEvent>(e: E, viewer: Viewer): E {
  if (viewer === 'judge') return e;
  const p = e.payload;
  const owner = p.player as PlayerId;
  // Generator positions and outcomes go to judges only (the public result of a die roll is in the payload).
  const out: Record<string, unknown> = redactRandom({ ...p });
  switch (e.type) {
    case 'SpellbookShuffled':
    case 'SpellbookStacked':
      out.cards = cards(p.cards, viewer, owner, 'spellbook');
      break;
    case 'CardsDrawn':
      out.cards = cards(p.cards, viewer, owner, 'hand');
      break;
    case 'MulliganTaken':
      out.spellbook = cards(p.spellbook, viewer, owner, 'spellbook');
      out.hand = cards(p.hand, viewer, owner, 'hand');
      break;
    case 'CardPutUnder':
      // Its owner knows what went under (D2); the others see an opaque card.
      out.card = viewer === owner ? p.card : hide(p.card as SeenCard);
      break;
    case 'HandRedrawn':
      out.drawn = cards(p.drawn, viewer, owner, 'hand');
      break;
    case 'TopCardsLooked':
    case 'TopCardsArranged':
      out.cards = viewer === owner ? p.cards : (p.cards as SeenCard[]).map(hide);
      break;
    case 'CardReturnedToHand':
      out.hand = cards([p.hand], viewer, owner, 'hand')[0];
      break;
    case 'PositionSet': {
      const players: Record<string, Record<string, unknown>> = {};
      for (const [id, pl] of Object.entries(p.players as Record<string, Record<string, unknown>>))
        players[id] = {
          ...pl,
          spellbook: cards(pl.spellbook, viewer, id as PlayerId, 'spellbook'),
          hand: cards(pl.hand, viewer, id as PlayerId, 'hand'),
        };
      out.players = players;
      break;
    }
    case 'ChoiceOffered':
      out.prompt = viewPrompt(p.prompt as Prompt, viewer);
      break;
  }
  return { ...e, payload: out };
}

/** Real ids and card ids this viewer must not be shown (a card id only when no copy of it is visible to them). */
export function secrets(s: ECState, viewer: Viewer): string[] {
  if (viewer === 'judge') return [];
  const hiddenIds: string[] = [];
  const hiddenCardIds = new Set<string>();
  const visible = new Set<string>();
  for (const p of Object.values(s.players)) {
    for (const [zone, list] of [
      ['spellbook', p.spellbook],
      ['hand', p.hand],
    ] as const)
      for (const c of list) {
        if (isHiddenRef(c)) continue;
        if (sees(viewer, p.id, zone, c)) visible.add(c.cardId);
        else {
          hiddenIds.push(c.id);
          hiddenCardIds.add(c.cardId);
        }
      }
    for (const c of [...p.archive, ...p.purgatory]) visible.add(c.cardId);
    for (const st of p.stacks) {
      for (const c of st.stones) visible.add(c.cardId);
      if (st.top) visible.add(st.top.cardId);
    }
    for (const x of [
      ...p.atk,
      ...p.def,
      ...p.attached,
      ...p.stacks.flatMap((st) => (st.top ? [st.top] : [])),
    ])
      for (const c of [x.cardId, ...x.equipCards]) visible.add(c);
  }
  for (const x of s.pending) visible.add(x.cardId);
  // The player searching their spellbook sees the names they may choose (D30).
  if (s.prompt?.player === viewer && s.prompt.kind === 'construct')
    for (const o of s.prompt.options ?? []) visible.add(o);
  return [...hiddenIds, ...[...hiddenCardIds].filter((c) => !visible.has(c))];
}

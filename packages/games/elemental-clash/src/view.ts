// Per-viewer redaction (ARCHITECTURE §3): `view` of a state and `viewEvent` of an event, built so that folding the
// redacted events gives exactly the redacted state; `secrets` lists what a viewer must never be shown.
// Spellbooks are hidden from everyone (their owner included) except cards a viewer knows (D2); hands from
// opponents and spectators; everything else is public (D1). A hidden card shows only its opaque id.
import {
  hide,
  isHiddenCard,
  redactRandom,
  redactZone,
  slotFor,
  type GameEvent,
  type PlayerId,
  type RedactOptions,
  type Viewer,
  type ZoneSpec,
} from '@matchtape/engine';
import type { Card, ECState, PlayerState, Prompt, SeenCard } from './types';

// A card a viewer may see, or knows (D2: `known`, 'public' for everyone), is shown whole: the events name it by
// id or oid and the fold keeps who knows it, in every view.
const SHOW: RedactOptions<Card> = {
  whole: true,
  knows: (c, viewer) => c.known?.includes('public') === true || c.known?.includes(viewer) === true,
};

/** A spellbook is hidden from everyone, its owner included; a hand is its owner's (D1, D2). */
function zone(owner: PlayerId, name: 'spellbook' | 'hand', list: unknown): ZoneSpec<Card> {
  return { owner, visibility: name === 'hand' ? 'owner' : 'hidden', cards: list as SeenCard[] };
}

function cards(list: unknown, viewer: Viewer, owner: PlayerId, name: 'spellbook' | 'hand'): SeenCard[] {
  return redactZone(zone(owner, name, list), viewer, SHOW) as SeenCard[];
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
    // The zones `view` redacts, through the same `slotFor`. Not the kit's `secretsOf`: it would interleave ids and
    // card ids, and this list keeps its order (all hidden ids, then the card ids).
    for (const z of [zone(p.id, 'spellbook', p.spellbook), zone(p.id, 'hand', p.hand)])
      for (const c of z.cards) {
        if (isHiddenCard(c)) continue;
        if (!isHiddenCard(slotFor(c, z, viewer, SHOW))) visible.add(c.cardId);
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

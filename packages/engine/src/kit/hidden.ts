// The one hidden-card model. In the judge (full) state a card is { id, cardId } and, while it sits in a zone some
// viewer cannot see, also `oid`: an opaque id drawn from the match generator when it entered that zone. A viewer
// who may not see it gets { id: oid, hidden: true } and nothing else. A fresh oid on every move into a hidden zone
// means nobody can follow a card from one hidden zone to another (or back to the deck) by its id.
// Redaction is driven by each zone's visibility, and `secrets` is derived from the same zones, so what views hide
// and what the leak tests look for cannot drift apart. A game whose model differs in a detail (ids that are
// themselves opaque, its own record of who knows a card) says so with `RedactOptions` rather than its own `hide`.
import type { PlayerId, Viewer } from '../ids';
import { hiddenCard, isHiddenCard, type HiddenCard, type Visibility } from '../zones';

/** A card instance as the judge sees it. */
export interface KitCard {
  /** Instance id, stable for the match (e.g. "p1#12"). */
  id: string;
  /** Card definition id (e.g. "flame-sentinel"). */
  cardId: string;
  /** Opaque id while in a zone some viewer cannot see; renewed on every such move. */
  oid?: string;
  /** Revealed to everyone while it stays in this zone (e.g. a deck's top card turned face up). */
  revealed?: boolean;
  /** Viewers who have looked at it in this hidden zone (e.g. a search): they see its card id under its oid. */
  knownTo?: Viewer[];
}

/** What a slot of a zone holds in some view: the card, or a hidden card. */
export type Slot<C extends KitCard = KitCard> = C | HiddenCard;

/** A zone as the redaction sees it: its cards, who owns it and who may see it. */
export interface ZoneSpec<C extends KitCard = KitCard> {
  owner: PlayerId | null;
  visibility: Visibility;
  cards: readonly Slot<C>[];
}

/** The card as a viewer that may not see it gets it: only the opaque id. Throws when the card has none. */
export function hide(card: Slot): HiddenCard {
  if (isHiddenCard(card)) return card;
  if (!card.oid)
    throw new Error(
      `card ${card.id} (${card.cardId}) sits in a hidden zone without an opaque id; give it one with draft.oid() when it moves there`,
    );
  return hiddenCard(card.oid);
}

/** Options of the redaction helpers: the defaults are the model above; each option is one game's variation. */
export interface RedactOptions<C extends KitCard = KitCard> {
  /**
   * Keep `oid` on cards the viewer may see. For a game whose events name a card in a hidden zone by its opaque id
   * for every viewer (Grand Archive's moves carry `fromOid`/`toOid` and its fold keeps the oid the event gave), so
   * the redacted fold and the view agree. The oid is no secret from a viewer who sees the card: everyone else sees
   * exactly that oid in place of the card. Default false (the oid is judge-only bookkeeping).
   */
  keepOid?: boolean;
  /**
   * Instance ids are themselves opaque handles: the game gives a card a fresh id from a public counter whenever it
   * enters a hidden zone (The Spoils), so an id tells nothing about the card. A hidden card then shows under its
   * instance id ({ id, hidden: true }, no `oid` needed), and `secretsOf` lists card ids only. Default false.
   */
  opaqueIds?: boolean;
  /**
   * Whether `viewer` knows `card` although its zone hides it, for a game that records this its own way
   * (Elemental Clash's `known`, where 'public' means everyone). Default: `revealed` or `knownTo`.
   */
  knows?: (card: C, viewer: Viewer) => boolean;
  /**
   * A card the viewer may see or knows is shown whole, as the judge has it (instance id, oid and the game's own
   * fields), for a game whose events and fold carry them to every viewer who sees the card (Elemental Clash).
   * Default false: id and card id, and a known card only under its oid.
   */
  whole?: boolean;
}

/** The card as a viewer that may see it gets it: id and card id, without the judge-only bookkeeping (or `whole`). */
export function reveal<C extends KitCard>(card: Slot<C>, opts: RedactOptions<C> = {}): Slot<C> {
  if (isHiddenCard(card) || opts.whole) return card;
  const { oid, knownTo: _known, revealed: _rev, ...rest } = card;
  return (opts.keepOid && oid !== undefined ? { ...rest, oid } : rest) as C;
}

/**
 * One slot for `viewer`: shown if the zone's visibility lets the viewer see it; a card revealed to all or known
 * to this viewer shows its card id under its opaque id (so it cannot be linked to its instance); else hidden.
 */
export function slotFor<C extends KitCard>(
  card: Slot<C>,
  zone: { owner: PlayerId | null; visibility: Visibility },
  viewer: Viewer,
  opts: RedactOptions<C> = {},
): Slot<C> | { id: string; cardId: string } {
  if (isHiddenCard(card)) return card;
  if (viewer === 'judge') return card;
  if (
    zone.visibility === 'public' ||
    (zone.visibility === 'owner' && zone.owner !== null && viewer === zone.owner)
  )
    return reveal(card, opts);
  const known = opts.knows
    ? opts.knows(card, viewer)
    : card.revealed === true || (card.knownTo ?? []).includes(viewer);
  if (known) return opts.whole ? card : { id: card.oid ?? card.id, cardId: card.cardId };
  return opts.opaqueIds ? hiddenCard(card.id) : hide(card);
}

/** A whole zone for `viewer`. */
export function redactZone<C extends KitCard>(
  zone: ZoneSpec<C>,
  viewer: Viewer,
  opts: RedactOptions<C> = {},
): (Slot<C> | { id: string; cardId: string })[] {
  return zone.cards.map((c) => slotFor(c, zone, viewer, opts));
}

/**
 * Strings `viewer` must not find anywhere in what it is shown (GameModule.secrets): the instance ids of cards it
 * cannot see (unless `opaqueIds`), and the card ids of those cards unless some copy of that card id is visible to it.
 */
export function secretsOf<C extends KitCard>(
  zones: readonly ZoneSpec<C>[],
  viewer: Viewer,
  opts: RedactOptions<C> = {},
): string[] {
  if (viewer === 'judge') return [];
  const visible = new Set<string>();
  const hidden: KitCard[] = [];
  for (const z of zones)
    for (const c of z.cards) {
      if (isHiddenCard(c)) continue;
      const shown = slotFor(c, z, viewer, opts);
      if (isHiddenCard(shown)) hidden.push(c);
      else {
        visible.add(c.cardId);
        // Known under its oid: the card id is visible, the instance id is still secret.
        if (shown.id !== c.id) hidden.push({ id: c.id, cardId: c.cardId });
      }
    }
  const out = new Set<string>();
  for (const c of hidden) {
    if (!opts.opaqueIds) out.add(c.id);
    if (!visible.has(c.cardId)) out.add(c.cardId);
  }
  return [...out];
}

/**
 * A card moving from one zone to another: keeps its instance id, gets a fresh opaque id when the destination is
 * not public (draw it with `draft.oid()`), and drops what was known about it in the old zone.
 */
export function entering<C extends KitCard>(card: C, to: Visibility, freshOid: () => string): C {
  const { oid: _oid, knownTo: _known, revealed: _rev, ...rest } = card;
  return (to === 'public' ? rest : { ...rest, oid: freshOid() }) as C;
}

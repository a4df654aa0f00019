// evolve: the pure fold. It reads only event payloads, so it folds full events (judge) and redacted ones
// (viewers) alike: a card leaving a hidden zone is found by its real id or its opaque id, and a card entering a
// zone is taken from the payload as the viewer was sent it (a full card, or a hidden reference).
import {
  isHiddenCard,
  foldBy,
  seatsOf,
  type Fold,
  type FoldTable,
  type GameEvent,
  type PlayerId,
  type Viewer,
} from '@matchtape/engine';
import type {
  Attack,
  Card,
  Delayed,
  ECOptions,
  ECState,
  Pending,
  Permanent,
  PlayerState,
  Prompt,
  SeenCard,
  StoneStack,
  TimedEffect,
} from './types';

export const DEFAULT_OPTIONS: ECOptions = {
  firstPlayer: null,
  turnLimit: 100,
  retaliation: true,
  redrawOnSkippedDraw: false,
  permanentSpellsStay: false,
  echoKeepsTargets: false,
  minimumHand: 1,
  format: 'modern',
};

export function initialState(): ECState {
  return {
    status: 'setup',
    winner: null,
    result: null,
    turn: 0,
    activePlayer: null,
    firstPlayer: null,
    order: [],
    phase: 'setup',
    step: null,
    players: {},
    attack: null,
    prompt: null,
    pending: [],
    effects: [],
    delayed: [],
    serial: 0,
    redrew: false,
    options: DEFAULT_OPTIONS,
  };
}

function emptyPlayer(id: PlayerId, name: string): PlayerState {
  return {
    id,
    name,
    spellbook: [],
    hand: [],
    archive: [],
    purgatory: [],
    stacks: [],
    atk: [],
    def: [],
    attached: [],
    stonePlayed: false,
    mulligans: 0,
    kept: false,
    lost: null,
  };
}

/** Removes the card with real id `id` or opaque id `oid` from a zone. */
export function without<T extends SeenCard>(
  zone: readonly T[],
  id: string | null | undefined,
  oid: string | null | undefined,
): T[] {
  let i = id ? zone.findIndex((c) => c.id === id) : -1;
  if (i < 0 && oid) i = zone.findIndex((c) => c.id === oid || (!isHiddenCard(c) && c.oid === oid));
  if (i < 0) return [...zone];
  return [...zone.slice(0, i), ...zone.slice(i + 1)];
}

/** A visible card entering the spellbook stays known to those who saw it (D2); a hidden reference stays hidden. */
function knownIn(c: SeenCard, who: Viewer[]): SeenCard {
  if (isHiddenCard(c)) return c;
  const known = [...new Set([...(c.known ?? []), ...who])].sort();
  return { ...c, known };
}

export function newPermanent(card: Card, owner: PlayerId): Permanent {
  return {
    id: card.id,
    cardId: card.cardId,
    oid: card.oid,
    owner,
    damage: 0,
    attacked: false,
    ranged: false,
    damagedTurn: 0,
    equips: [],
    equipCards: [],
  };
}

export function asCard(p: Permanent): Card {
  return { id: p.id, cardId: p.cardId, oid: p.oid };
}

const str = (x: unknown): string => String(x);

/** Updates one player. */
function upd(s: ECState, player: unknown, f: (p: PlayerState) => PlayerState): ECState {
  const id = str(player);
  const p = s.players[id];
  if (!p) return s;
  return { ...s, players: { ...s.players, [id]: f(p) } };
}

/**
 * A player with `f` applied to every permanent in play (ATK, DEF, attached, stack tops). Zones where `f` changed
 * nothing are kept, and so is the player when nothing changed: the fold copies only what an event changes.
 */
function mapInPlay(p: PlayerState, f: (x: Permanent) => Permanent): PlayerState {
  const zone = (xs: Permanent[]): Permanent[] => {
    let out: Permanent[] | null = null;
    for (let i = 0; i < xs.length; i++) {
      const y = f(xs[i]!);
      if (y !== xs[i]) (out ??= xs.slice())[i] = y;
    }
    return out ?? xs;
  };
  const atk = zone(p.atk);
  const def = zone(p.def);
  const attached = zone(p.attached);
  let stacks: StoneStack[] | null = null;
  for (let i = 0; i < p.stacks.length; i++) {
    const st = p.stacks[i]!;
    const top = st.top && f(st.top);
    if (top !== st.top) (stacks ??= p.stacks.slice())[i] = { ...st, top };
  }
  if (atk === p.atk && def === p.def && attached === p.attached && !stacks) return p;
  return { ...p, atk, def, attached, stacks: stacks ?? p.stacks };
}

/** Every player with `f` applied to each permanent in play (see mapInPlay). */
function mapAllInPlay(s: ECState, f: (x: Permanent) => Permanent): Record<string, PlayerState> {
  const players: Record<string, PlayerState> = {};
  for (const [k, p] of Object.entries(s.players)) players[k] = mapInPlay(p, f);
  return players;
}

/** Applies `f` to the permanent with this id wherever it is in play. */
export function mapPermanent(s: ECState, id: string, f: (x: Permanent) => Permanent): ECState {
  return { ...s, players: mapAllInPlay(s, (x) => (x.id === id ? f(x) : x)) };
}

/** Takes a permanent out of play (stack top, ATK, DEF or attached), wherever it is. */
function removePermanent(p: PlayerState, id: string): { p: PlayerState; found: Permanent | null } {
  let found: Permanent | null = null;
  const keep = (xs: Permanent[]) =>
    xs.filter((x) => {
      if (x.id !== id) return true;
      found = x;
      return false;
    });
  const atk = keep(p.atk);
  const def = keep(p.def);
  const attached = keep(p.attached);
  const stacks = p.stacks.map((st) => {
    if (st.top?.id !== id) return st;
    found = st.top;
    return { ...st, top: null };
  });
  return { p: { ...p, atk, def, attached, stacks }, found };
}

/** Equip spells leave with their creature (D11): their instance ids are dropped from every creature. */
function dropEquip(s: ECState, equipId: string): ECState {
  const strip = (x: Permanent): Permanent => {
    const i = x.equips.indexOf(equipId);
    return i < 0
      ? x
      : {
          ...x,
          equips: x.equips.filter((_, k) => k !== i),
          equipCards: x.equipCards.filter((_, k) => k !== i),
        };
  };
  return { ...s, players: mapAllInPlay(s, strip) };
}

const CLOSES = new Set([
  'HandKept',
  'MulliganTaken',
  'RedrawDeclined',
  'HandRedrawn',
  'DefenseFinished',
  'TriggerChosen',
  'TopCardsArranged',
  'CardConstructed',
  'ConstructFoundNothing',
  'EchoTargetChosen',
  'FreePlayed',
  'FreePlayDeclined',
  'MatchEnded',
]);

/** Events that use a fresh serial (stack, trigger and effect ids are `<prefix><serial>`). */
function takesSerial(e: GameEvent): boolean {
  return (
    e.type === 'TriggerQueued' ||
    e.type === 'EffectApplied' ||
    (e.type === 'ElementStonePlayed' && e.payload.newStack === true) ||
    (e.type === 'FreePlayed' && e.payload.zone === 'stacks')
  );
}

export function evolve(state: ECState, event: GameEvent): ECState {
  let s = step(state, event);
  if (takesSerial(event)) s = { ...s, serial: s.serial + 1 };
  if (CLOSES.has(event.type) || (event.type === 'CardDiscarded' && event.payload.reason === 'hand-size'))
    s = { ...s, prompt: null };
  return s;
}

/** SpellbookShuffled, SpellbookStacked: the spellbook in its new order. */
const spellbookSet: Fold<ECState> = (s, p) =>
  upd(s, p.player, (pl) => ({ ...pl, spellbook: p.cards as SeenCard[] }));

/** TopCardsLooked, TopCardsArranged: the top cards, now known to their player. */
const topCardsSeen: Fold<ECState> = (s, p) => {
  const cards = p.cards as SeenCard[];
  return upd(s, p.player, (pl) => ({
    ...pl,
    spellbook: [...cards.map((c) => knownIn(c, [pl.id])), ...pl.spellbook.slice(cards.length)],
  }));
};

/**
 * The fold of each event type. Marker events have no row (DrawSkipped, RedrawDeclined, MainPhaseSkipped,
 * DamagePrevented, DieRolled, TurnEnded, Conceded, DefenseFinished, ConstructFoundNothing, FreePlayDeclined…): they
 * change nothing beyond what `evolve` does for every event (CLOSES, the serial).
 */
const FOLD: FoldTable<ECState> = {
  MatchStarted: (_s, p) => {
    return {
      ...initialState(),
      ...seatsOf(p, emptyPlayer),
      options: { ...DEFAULT_OPTIONS, ...(p.options as Partial<ECOptions>) },
      phase: 'setup',
      step: 'mulligan',
    };
  },
  PositionSet: (s, p) => {
    // A scenario's start position (start.ts): zones as given, the game at the start of a phase.
    const given = p.players as Record<string, Partial<PlayerState>>;
    const played = p.stonePlayed as Record<string, boolean>;
    const players: Record<string, PlayerState> = {};
    for (const [k, pl] of Object.entries(s.players))
      players[k] = { ...pl, ...given[k], stonePlayed: played[k] === true, kept: true };
    return {
      ...s,
      players,
      status: 'playing',
      turn: Number(p.turn),
      activePlayer: p.activePlayer as PlayerId,
      phase: p.phase as ECState['phase'],
      step: null,
      effects: p.effects as TimedEffect[],
    };
  },
  FirstPlayerChosen: (s, p) => ({ ...s, firstPlayer: p.player as PlayerId }),
  SpellbookShuffled: spellbookSet,
  SpellbookStacked: spellbookSet,
  CardsDrawn: (s, p) => {
    const cards = p.cards as SeenCard[];
    return upd(s, p.player, (pl) => ({
      ...pl,
      spellbook: pl.spellbook.slice(cards.length),
      hand: [...pl.hand, ...cards],
    }));
  },
  MulliganTaken: (s, p) =>
    upd(s, p.player, (pl) => ({
      ...pl,
      spellbook: p.spellbook as SeenCard[],
      hand: p.hand as SeenCard[],
      mulligans: pl.mulligans + 1,
    })),
  HandKept: (s, p) => upd(s, p.player, (pl) => ({ ...pl, kept: true })),
  TurnBegan: (s, p) => {
    const ap = p.player as PlayerId;
    const fresh = (x: Permanent): Permanent =>
      x.attacked || x.ranged ? { ...x, attacked: false, ranged: false } : x;
    const players: Record<string, PlayerState> = {};
    for (const [k, pl] of Object.entries(s.players))
      players[k] = { ...mapInPlay(pl, fresh), stonePlayed: false };
    return { ...s, status: 'playing', turn: Number(p.turn), activePlayer: ap, players, redrew: false };
  },
  PhaseBegan: (s, p) => ({
    ...s,
    status: 'playing',
    phase: p.phase as ECState['phase'],
    step: (p.step as ECState['step']) ?? null,
  }),
  ChoiceOffered: (s, p) => ({ ...s, prompt: p.prompt as Prompt }),
  SpellArchived: (s, p) => {
    const card = p.card as Card;
    return upd(s, p.player, (pl) => ({
      ...pl,
      stacks: pl.stacks.map((st) =>
        st.id === p.stack && st.top?.id === card.id ? { ...st, top: null } : st,
      ),
      [p.to === 'purgatory' ? 'purgatory' : 'archive']: [
        card,
        ...(p.to === 'purgatory' ? pl.purgatory : pl.archive),
      ],
    }));
  },
  SpellRecovered: (s, p) => {
    const card = p.card as Card;
    return upd(s, p.player, (pl) => ({
      ...pl,
      stacks: pl.stacks.map((st) =>
        st.id === p.stack && st.top?.id === card.id ? { ...st, top: null } : st,
      ),
      spellbook: [...pl.spellbook, knownIn(card, ['public'])],
    }));
  },
  CreatureDeployed: (s, p) =>
    upd(s, p.player, (pl) => {
      const r = removePermanent(pl, str(p.card));
      if (!r.found) return pl;
      return p.zone === 'atk'
        ? { ...r.p, atk: [...r.p.atk, r.found] }
        : { ...r.p, def: [...r.p.def, r.found] };
    }),
  CreatureKeptResident: (s, p) => mapPermanent(s, str(p.card), (x) => ({ ...x, stayed: s.turn })),
  FamiliarAttached: (s, p) =>
    upd(s, p.player, (pl) => {
      const r = removePermanent(pl, str(p.card));
      return r.found
        ? { ...r.p, attached: [...r.p.attached, { ...(r.found as Permanent), master: str(p.master) }] }
        : pl;
    }),
  CreatureMoved: (s, p) =>
    upd(s, p.player, (pl) => {
      const r = removePermanent(pl, str(p.card));
      if (!r.found) return pl;
      return p.to === 'atk' ? { ...r.p, atk: [...r.p.atk, r.found] } : { ...r.p, def: [...r.p.def, r.found] };
    }),
  RedrawStarted: (s) => ({ ...s, redrew: true }),
  CardPutUnder: (s, p) => {
    const card = p.card as SeenCard;
    return upd(s, p.player, (pl) => ({
      ...pl,
      hand: without(pl.hand, card.id, str(p.handOid)),
      spellbook: [...pl.spellbook, knownIn(card, [pl.id])],
    }));
  },
  HandRedrawn: (s, p) => {
    const drawn = p.drawn as SeenCard[];
    return upd(s, p.player, (pl) => ({
      ...pl,
      spellbook: pl.spellbook.slice(drawn.length),
      hand: [...pl.hand, ...drawn],
    }));
  },
  ElementStonePlayed: (s, p) => {
    const card = p.card as Card;
    return upd(s, p.player, (pl) => {
      const hand = without(pl.hand, card.id, card.oid);
      const stacks: StoneStack[] = p.newStack
        ? [...pl.stacks, { id: str(p.stack), stones: [card], top: null }]
        : pl.stacks.map((st) => (st.id === p.stack ? { ...st, stones: [...st.stones, card] } : st));
      return { ...pl, hand, stacks, stonePlayed: true };
    });
  },
  CardPlayed: (s, p) => {
    const card = p.card as Card;
    return upd(s, p.player, (pl) => ({
      ...pl,
      hand: without(pl.hand, card.id, card.oid),
      stacks: pl.stacks.map((st) =>
        st.id === p.stack
          ? { ...st, top: newPermanent({ id: card.id, cardId: card.cardId, oid: card.oid }, pl.id) }
          : st,
      ),
    }));
  },
  EquipAttached: (s, p) => {
    const equip = str(p.card);
    const cardId = str(p.cardId);
    const s1 = upd(s, p.player, (pl) => ({
      ...pl,
      stacks: pl.stacks.map((st) => (st.top?.id === equip ? { ...st, top: null } : st)),
    }));
    return mapPermanent(s1, str(p.creature), (x) => ({
      ...x,
      equips: [...x.equips, equip],
      equipCards: [...x.equipCards, cardId],
    }));
  },
  AttackDeclared: (s, p) => {
    const attack: Attack = {
      attacker: str(p.attacker),
      attackingPlayer: p.player as PlayerId,
      defendingPlayer: p.defender as PlayerId,
      target: (p.target as string | null) ?? null,
      blockers: [],
    };
    return {
      ...mapPermanent(s, attack.attacker, (x) => ({ ...x, attacked: true })),
      attack,
      step: 'defend',
    };
  },
  BlockerDeclared: (s, p) =>
    s.attack ? { ...s, attack: { ...s.attack, blockers: [...s.attack.blockers, str(p.creature)] } } : s,
  DamageDealt: (s, p) =>
    mapPermanent(s, str(p.target), (x) => ({
      ...x,
      damage: x.damage + Number(p.amount),
      damagedTurn: s.turn,
      ...(p.purge ? { purged: true } : {}),
      ...(p.slayer ? { slain: true } : {}),
    })),
  SpellbookMilled: (s, p) => {
    const cards = p.cards as Card[];
    const to = p.to === 'purgatory' ? 'purgatory' : 'archive';
    return upd(s, p.player, (pl) => ({
      ...pl,
      spellbook: pl.spellbook.slice(cards.length),
      [to]: [...[...cards].reverse(), ...pl[to]],
    }));
  },
  AttackEnded: (s) => ({ ...s, attack: null, step: null }),
  RangedAttackMade: (s, p) => mapPermanent(s, str(p.creature), (x) => ({ ...x, ranged: true })),
  EffectApplied: (s, p) => {
    const eff: TimedEffect = {
      id: str(p.id),
      source: str(p.source),
      target: str(p.target),
      power: Number(p.power),
      health: Number(p.health),
    };
    return { ...s, effects: [...s.effects, eff] };
  },
  EffectsExpired: (s) => {
    const clear = (x: Permanent): Permanent => {
      if (x.damage === 0 && !('purged' in x) && !('slain' in x)) return x;
      const { purged: _p, slain: _s, ...rest } = x;
      return { ...rest, damage: 0 };
    };
    return { ...s, effects: [], players: mapAllInPlay(s, clear) };
  },
  CreatureDischarged: (s, p) =>
    upd(s, p.player, (pl) => {
      const r = removePermanent(pl, str(p.creature));
      if (!r.found) return pl;
      return { ...r.p, stacks: r.p.stacks.map((st) => (st.id === p.stack ? { ...st, top: r.found } : st)) };
    }),
  CardReturnedFromPlay: (s, p) => {
    const card = p.card as Card;
    const s1 = upd({ ...s, effects: s.effects.filter((x) => x.target !== card.id) }, p.player, (pl) => {
      const r = removePermanent(pl, card.id);
      return { ...r.p, hand: [...r.p.hand, p.hand as Card] };
    });
    return s1;
  },
  CardReturnedToHand: (s, p) => {
    const card = p.card as Card;
    // The card is hidden in hand now: a waiting effect that targeted it in the archive (Delve) no longer names it.
    const pending = s.pending.map((x) => (x.target === card.id ? { ...x, target: null } : x));
    return upd({ ...s, pending }, p.player, (pl) => ({
      ...pl,
      archive: without(pl.archive, card.id, null),
      hand: [...pl.hand, p.hand as SeenCard],
    }));
  },
  CardDiscarded: (s, p) => {
    const card = p.card as Card;
    return upd(s, p.player, (pl) => ({
      ...pl,
      hand: without(pl.hand, card.id, card.oid),
      archive: [card, ...pl.archive],
    }));
  },
  CardsHarvested: (s, p) => {
    const cards = p.cards as Card[];
    const ids = new Set(cards.map((c) => c.id));
    return upd(s, p.player, (pl) => ({
      ...pl,
      archive: pl.archive.filter((c) => !ids.has(c.id)),
      purgatory: [...[...cards].reverse(), ...pl.purgatory],
    }));
  },
  CardsRevealed: (s, p) => {
    const cards = p.cards as Card[];
    return upd(s, p.player, (pl) => ({
      ...pl,
      hand: pl.hand.map((h) => cards.find((c) => c.id === h.id || c.oid === h.id) ?? h),
    }));
  },
  CardsPutIntoSpellbook: (s, p) => {
    const cards = p.cards as Card[];
    return upd(s, p.player, (pl) => {
      let from = p.from === 'archive' ? pl.archive : pl.hand;
      for (const c of cards) from = without(from, c.id, c.oid);
      const moved = cards.map((c) => knownIn(c, ['public']));
      return {
        ...pl,
        [p.from === 'archive' ? 'archive' : 'hand']: from,
        spellbook: [...pl.spellbook, ...moved],
      };
    });
  },
  TopCardsLooked: topCardsSeen,
  TopCardsArranged: topCardsSeen,
  CardConstructed: (s, p) => {
    const card = p.card as Card;
    return upd(s, p.player, (pl) => ({
      ...pl,
      spellbook: without(pl.spellbook, card.id, card.oid),
      hand: [...pl.hand, p.hand as Card],
    }));
  },
  CardLeftPlay: (s, p) => {
    const card = p.card as Card;
    // Effects on a card end when it leaves play (it is a new object wherever it goes next).
    const s1 = upd({ ...s, effects: s.effects.filter((x) => x.target !== card.id) }, p.player, (pl) => {
      const r = removePermanent(pl, card.id);
      const to = p.to === 'purgatory' ? 'purgatory' : 'archive';
      return { ...r.p, [to]: [card, ...r.p[to]] };
    });
    // An equip spell leaving its creature, or a creature leaving with its equips (those leave by their own events).
    return p.equip ? dropEquip(s1, card.id) : s1;
  },
  MutantEnteredPlay: (s, p) => {
    const card = p.card as Card;
    return upd(s, p.player, (pl) => {
      const base =
        p.from === 'archive'
          ? { ...pl, archive: without(pl.archive, card.id, null) }
          : { ...pl, hand: without(pl.hand, card.id, card.oid) };
      const perm = newPermanent(card, pl.id);
      if (p.zone === 'atk') return { ...base, atk: [...base.atk, perm] };
      if (p.zone === 'def') return { ...base, def: [...base.def, perm] };
      return { ...base, stacks: base.stacks.map((st) => (st.id === p.stack ? { ...st, top: perm } : st)) };
    });
  },
  FreePlayed: (s, p) => {
    const card = p.card as Card;
    if (p.zone === null || p.zone === undefined) return s;
    return upd(s, p.player, (pl) => {
      const archive = without(pl.archive, card.id, null);
      if (p.zone === 'stacks')
        return { ...pl, archive, stacks: [...pl.stacks, { id: str(p.stack), stones: [card], top: null }] };
      const perm = newPermanent(card, pl.id);
      return p.zone === 'atk'
        ? { ...pl, archive, atk: [...pl.atk, perm] }
        : { ...pl, archive, def: [...pl.def, perm] };
    });
  },
  TriggerQueued: (s, p) => ({ ...s, pending: [...s.pending, p.pending as Pending] }),
  TriggerChosen: (s, p) => {
    const i = s.pending.findIndex((x) => x.pid === p.pid);
    if (i < 0) return s;
    const chosen = { ...s.pending[i]!, chosen: true };
    return { ...s, pending: [chosen, ...s.pending.filter((_, k) => k !== i)] };
  },
  TriggerResolved: (s, p) => ({ ...s, pending: s.pending.filter((x) => x.pid !== p.pid) }),
  DelayedEffectCreated: (s, p) => ({ ...s, delayed: [...s.delayed, p.delayed as Delayed] }),
  DelayedEffectsTriggered: (s) => ({ ...s, delayed: [] }),
  EchoTargetChosen: (s, p) =>
    p.target === null
      ? s
      : { ...s, pending: s.pending.map((x) => (x.pid === p.pid ? { ...x, target: str(p.target) } : x)) },
  EchoCopied: (s, p) => ({
    ...s,
    pending: s.pending.map((x) => (x.pid === p.pid ? { ...x, copies: Number(p.remaining) } : x)),
  }),
  PlayerLost: (s, p) => upd(s, p.player, (pl) => ({ ...pl, lost: str(p.rule) })),
  MatchEnded: (s, p) => ({
    ...s,
    status: 'ended',
    winner: (p.winner as PlayerId | null) ?? null,
    result: str(p.result),
    phase: 'game-over',
    step: null,
    prompt: null,
    attack: null,
    pending: [],
  }),
};

const step = foldBy(FOLD);

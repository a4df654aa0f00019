// What people read and see: the board model for the site, one plain-words line per event for the log, and the
// timeline's key moments. Wording only; what each viewer may see is decided in view.ts.
import {
  isHiddenCard,
  boardModel,
  describeEvents,
  keyMoments,
  phrasesToDescribe,
  positionNames,
  triggerWords,
} from '@matchtape/engine';
import type {
  BoardModel,
  CardFace,
  CardTile,
  GameEvent,
  PlayerBoard,
  PlayerId,
  TablePrompt,
  Tile,
  ZoneModel,
  CommandPhrases,
  StatePhrases,
} from '@matchtape/engine';
import { cardDef } from './cards/pool';
import { actors } from './decide';
import type { Leave } from './evolve';
import { describeThreshold, isCharacter, isFaction, isLocation, isResource, statsOf } from './rules';
import type { Perm, Prompt, SpoilsState } from './types';

/** What a prompt asks, in words ("to choose the first player"). */
const PROMPT_WORDS: Readonly<Record<string, string>> = {
  'choose-first-player': 'the first player',
  mulligan: 'cards to mulligan',
  'order-triggers': 'the order of the triggers',
  develop: 'whether to develop',
  bid: 'a bid',
  search: 'an item to search out',
  'keep-unique': 'which unique card to keep',
};
const promptWords = (kind: string): string => PROMPT_WORDS[kind] ?? kind.replace(/-/g, ' ');

const PROMPT_KINDS: Readonly<Record<Prompt['kind'], TablePrompt['kind']>> = {
  'choose-first-player': 'choice',
  mulligan: 'mulligan',
  'order-triggers': 'order',
  develop: 'choice',
  bid: 'choice',
  search: 'choice',
  'keep-unique': 'choice',
};

/** What the table asks `player`, in the Comprehensive Rules Reference's words with the rule; null in priority windows. */
export function prompt(s: SpoilsState, player: PlayerId): TablePrompt | null {
  if (s.status === 'ended' || s.prompt?.player !== player) return null;
  return {
    kind: PROMPT_KINDS[s.prompt.kind],
    text: `Choose ${promptWords(s.prompt.kind)} (${s.prompt.rule})`,
  };
}

/** A trigger's condition in words (the cards' `when`), for a trigger without a named section. */
const WHEN_WORDS: Readonly<Record<string, string>> = {
  'start-of-your-turn': 'at the start of your turn',
  'end-of-your-turn': 'at the end of your turn',
  'enters-play': 'when it enters play',
  'token-enters-play': 'when a token enters play',
  'you-play-a-resource': 'when you play a resource',
};

/** Phase and step as the Comprehensive Rules Reference names them (601–610), for the site. */
export const positionWords = positionNames(
  {
    setup: 'Start of the Game',
    'start-of-turn': 'Start of Turn',
    main: 'During a Turn',
    battle: 'Battle',
    'end-of-turn': 'Ending a Turn',
    'game-over': 'Game Over',
  },
  {
    'choose-first-player': 'Choosing the First Player',
    mulligan: 'Mulligan',
    'assign-attackers': "Assign Attackers' Damage",
    'assign-blockers': "Assign Blockers' Damage",
    attackers: 'Attackers',
    'pre-block': 'Tactics & Abilities before Blocks',
    blockers: 'Blockers',
    'window-a': 'Tactics & Abilities before Damage',
    'window-b': 'Tactics & Abilities after Damage Is Assigned',
  },
);

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

// ── Board ──────────────────────────────────────────────────────────────────────────────────────────────

export function faceOf(cardId: string): CardFace {
  const d = cardDef(cardId);
  const stats: Record<string, number | string> = {};
  if (d.str !== undefined) stats.str = d.str;
  if (d.life !== undefined) stats.life = d.life;
  if (d.spd !== undefined) stats.spd = d.spd;
  if (d.structure !== undefined) stats.structure = d.structure;
  if (d.faction) stats.influence = d.faction.influence;
  if (d.gear) stats.gear = `+${d.gear.str}/+${d.gear.life}/+${d.gear.spd}`;
  const threshold = describeThreshold(d.threshold);
  return {
    name: d.name,
    cost: d.cost === undefined ? null : `${d.cost}${threshold ? ` [${threshold}]` : ''}`,
    types: [
      [...d.supertypes, ...d.types].join(' ') + (d.subtypes.length ? ` – ${d.subtypes.join(' ')}` : ''),
    ],
    colors: d.trade ? [d.trade] : [],
    stats,
    keywords: d.keywords.map((k) => k.kw),
    text: d.text,
  };
}

function tile(s: SpoilsState, x: Perm): Tile {
  if (x.cardId === null) return { id: x.id, hidden: true };
  const t: CardTile = {
    id: x.id,
    cardId: x.cardId,
    face: faceOf(x.cardId),
    tapped: x.depleted,
    faceDown: x.faceDown,
  };
  if (x.damage > 0) t.damage = x.damage;
  if (Object.keys(x.tokens).length > 0) t.counters = { ...x.tokens };
  if (isCharacter(x)) {
    const st = statsOf(s, x);
    t.current = { str: st.str, life: st.life, spd: st.spd };
  }
  const tags: string[] = [];
  if (x.faceDown) tags.push('face down (Volition)');
  if (x.depleted) tags.push('depleted');
  if (x.token) tags.push('token');
  if (x.owner !== x.controller) tags.push(`owned by ${x.owner}`);
  const b = s.battle;
  if (b?.attackers.includes(x.id)) tags.push('attacking');
  if (b?.blockers.includes(x.id)) tags.push('blocking');
  if (b?.target === x.id) tags.push('attacked');
  if (tags.length > 0) t.tags = tags;
  const attached = s.perms.filter((a) => a.attachedTo === x.id && !isFaction(x));
  if (attached.length > 0) t.attachments = attached.map((a) => tile(s, a) as CardTile);
  return t;
}

const zone = (
  key: string,
  label: string,
  layout: ZoneModel['layout'],
  cards: Tile[],
  count = cards.length,
): ZoneModel => ({ key, label, layout, count, cards });

export function board(s: SpoilsState): BoardModel {
  const players: PlayerBoard[] = s.order.map((p) => {
    const pl = s.players[p]!;
    const f = s.perms.find((x) => x.id === pl.faction);
    const mine = s.perms.filter((x) => x.controller === p && !isFaction(x));
    const resources = mine.filter((x) => isResource(x) && x.attachedTo === null);
    const attached = s.perms.filter((x) => f && x.attachedTo === f.id);
    const field = mine.filter(
      (x) =>
        !isResource(x) &&
        (x.attachedTo === null || !s.perms.some((h) => h.id === x.attachedTo && isCharacter(h))),
    );
    const handTiles: Tile[] = pl.hand.map((c) =>
      isHiddenCard(c) ? c : { id: c.id, cardId: c.cardId, face: faceOf(c.cardId) },
    );
    return {
      id: p,
      name: pl.name,
      stats: [
        {
          key: 'influence',
          label: 'Influence',
          value: f?.influence ?? 0,
          max: f?.cardId ? cardDef(f.cardId).faction?.influence : undefined,
        },
        { key: 'resources', label: 'Unattached resources', value: resources.length },
        { key: 'hand', label: 'Hand', value: pl.hand.length },
        { key: 'deck', label: 'Deck', value: pl.deck.length },
      ],
      zones: [
        zone('hand', 'Hand', 'fan', handTiles),
        zone(
          'play',
          'In play',
          'row',
          field.map((x) => tile(s, x)),
        ),
        zone(
          'resources',
          'Resources (unattached)',
          'row',
          resources.map((x) => tile(s, x)),
        ),
        zone(
          'attached',
          'Attached to the faction (paid)',
          'row',
          attached.map((x) => tile(s, x)),
        ),
        zone('deck', 'Deck', 'pile', [], pl.deck.length),
        zone(
          'discard',
          'Discard pile',
          'pile',
          pl.discard.slice(-3).map((c) => ({ id: c.id, cardId: c.cardId, face: faceOf(c.cardId) })),
          pl.discard.length,
        ),
        zone(
          'outOfGame',
          'Out of game',
          'pile',
          pl.outOfGame.map((c) => ({ id: c.id, cardId: c.cardId, face: faceOf(c.cardId) })),
          pl.outOfGame.length,
        ),
      ],
      hero:
        f && f.cardId
          ? ({
              id: f.id,
              cardId: f.cardId,
              face: faceOf(f.cardId),
              tags: [`influence ${f.influence ?? 0}`],
            } as CardTile)
          : null,
    };
  });
  const chain: Tile[] = s.chain.map((it) => ({
    id: it.iid,
    cardId: it.card?.cardId ?? it.sourceCardId ?? 'end-turn',
    face: it.card
      ? faceOf(it.card.cardId)
      : { name: it.label, types: [it.kind === 'ability' ? 'Ability' : 'End of turn'] },
    tags: [`${it.controller}`, it.kind],
  }));
  const shared: ZoneModel[] = [zone('chain', 'Waiting for responses (newest last)', 'stack', chain)];
  const b = s.battle;
  let banner: string | null = null;
  if (s.status === 'ended') banner = s.result;
  else if (s.prompt) banner = `${s.prompt.player} to choose ${promptWords(s.prompt.kind)} (${s.prompt.rule})`;
  else if (s.payment)
    banner = `${s.payment.player} pays ${s.payment.total} (${s.payment.remaining} left to attach)`;
  else if (s.chain.length > 0)
    banner = `${s.chain[s.chain.length - 1]!.label} — ${s.order.find((q) => q !== s.chain[s.chain.length - 1]!.controller)} may respond`;
  else if (b) {
    const step = positionWords(s.phase, s.step).step;
    const party = b.attackers.length === 1 ? '1 character' : `${b.attackers.length} characters`;
    banner = `Battle: ${b.attacker} attacks ${b.target ?? '(target gone)'} with ${party}${step ? ` · ${step}` : ''}${b.speed !== null ? `, speed ${b.speed}` : ''}`;
  }
  return boardModel('the-spoils', s, s, { acting: actors(s), players, shared, banner });
}

// ── Log ────────────────────────────────────────────────────────────────────────────────────────────────

const nameOf = (cardId: unknown): string =>
  typeof cardId === 'string' ? (cardDef(cardId)?.name ?? cardId) : 'a hidden card';

/** One line in plain words for the log (GameModule.describe); MatchEnded and types without a line: the kit's. */
export const describe = describeEvents(eventLine);

function eventLine(e: GameEvent): string | null {
  const p = e.payload as Record<string, unknown>;
  const who = String(p.player ?? '');
  switch (e.type) {
    case 'MatchStarted':
      return 'The match begins';
    case 'FactionPlaced':
      return `${who} puts ${nameOf((p.faction as Perm).cardId)} into play with ${(p.faction as Perm).influence} influence`;
    case 'StartingResourcesSearched':
      return `${who} searches out ${(p.resources as unknown[]).length} starting resources, face down`;
    case 'DeckShuffled':
      if (p.reason === 'fork') return `${who}'s deck is reshuffled for the fork`;
      return `${who}'s deck is ${p.stacked ? 'stacked' : 'shuffled'}`;
    case 'FirstPlayerChooserDrawn':
      return `${String(p.chooser)} is randomly chosen to decide who goes first`;
    case 'FirstPlayerChosen':
      return `${String(p.chooser)} chooses ${String(p.first)} to go first`;
    case 'StartingResourcesRevealed':
      return `${who} flips the starting resources face up`;
    case 'CardsDrawn':
      return `${who} draws ${plural((p.moves as unknown[]).length, 'card')}${Number(p.failed) > 0 ? ` (${String(p.failed)} more could not be drawn)` : ''}`;
    case 'CardsDiscarded':
      return `${who} discards ${plural((p.cards as unknown[]).length, 'card')} from hand`;
    case 'MulliganCardBottomed':
      return `${who} puts a card on the bottom of the deck (mulligan)`;
    case 'MulliganEnded':
      return `${who} finishes the mulligan (${plural(Number(p.count), 'card')})`;
    case 'TurnStarted':
      return `Turn ${String(p.turn)}: ${who}`;
    case 'StepEntered': {
      const w = positionWords(String(p.phase), p.step ? String(p.step) : null);
      return w.step ? `${w.phase} – ${w.step}` : w.phase;
    }
    case 'TriggerRaised':
      return `Trigger: ${(p.trigger as { label: string }).label}`;
    case 'TriggerHappened':
      return `${String(p.label)} happens`;
    case 'CardPlayStarted':
      return `${who} plays ${(p.item as { label: string }).label}${p.via === 'flip-up' ? ' with Flip Up' : ''}`;
    case 'AbilityUsed':
      return `${who} uses ${(p.item as { label: string }).label}`;
    case 'EndTurnAnnounced':
      return `${who} ends the turn`;
    case 'ResponsesDone':
      return `${who} makes no (more) responses`;
    case 'ItemResolved':
      return `${String(p.label)} resolves`;
    case 'ItemTerminated':
      return `${String(p.label)} is terminated`;
    case 'PaymentStarted':
      return `${(p.payment as { player: string; total: number }).player} must pay ${(p.payment as { total: number }).total}`;
    case 'ResourcesAttached':
      return `${who} attaches ${plural((p.ids as unknown[]).length, 'resource')} to the faction`;
    case 'CardsDetached':
      return `${plural((p.ids as unknown[]).length, 'resource')} detached`;
    case 'CardsDepleted':
      return `${plural((p.ids as unknown[]).length, 'card')} depleted`;
    case 'CardsRestored':
      return `${plural((p.ids as unknown[]).length, 'card')} restored`;
    case 'TokensChanged':
      return `${Number(p.delta) > 0 ? '+' : '−'}${plural(Math.abs(Number(p.delta)), `${String(p.kind)} token`)} on ${String(p.card)}`;
    case 'TokenCreated':
      return `${(p.perm as Perm).controller} creates a Micromajig Token`;
    case 'DamageInflicted':
      return `${String(p.amount)} damage to ${String(p.target)}${p.battle ? ' (battle)' : ''}`;
    case 'InfluenceLost':
      return `${who}'s faction loses ${String(p.amount)} influence (${String(p.influence)} left)`;
    case 'CardsLeftPlay':
      return (p.leaves as Leave[])
        .map(
          (l) =>
            `${nameOf(l.cardId)} ${l.to === 'face-down' ? 'flips face down' : l.to === 'gone' ? 'disappears' : `goes to ${l.to === 'discard' ? 'the discard pile' : 'out of the game'}`}`,
        )
        .join('; ');
    case 'ControlChanged':
      return `${String(p.to)} gains control of ${String(p.card)}`;
    case 'TurnEffectAdded':
      return `${(p.effect as { target: string }).target} gets a bonus this turn`;
    case 'ResourcePlaying':
      return `${who} plays a resource ${p.faceDown ? 'face down' : 'face up'}`;
    case 'ResourcePlayed':
      return `${who}'s resource enters play${p.faceDown ? ' face down' : ''}`;
    case 'DeckSearched':
      return `${who} searches the deck for an item${p.found ? '' : ' and finds none'}`;
    case 'BattleStarted':
      return `${(p.battle as { attacker: string }).attacker} attacks ${String((p.battle as { target: string }).target)}`;
    case 'AttackerAdded':
      return `${String(p.card)} will attack`;
    case 'AttackingPartyFormed':
      return `Attacking party: ${(p.attackers as string[]).join(', ')}${p.covert ? ' (covert)' : ''}`;
    case 'BlockerAdded':
      return `${String(p.card)} will block`;
    case 'BlockingPartyFormed':
      return (p.blockers as string[]).length > 0
        ? `Blocking party: ${(p.blockers as string[]).join(', ')}`
        : 'No blocking party';
    case 'BattleWindowOpened':
      return `${who} may play tactics and use abilities`;
    case 'BattleWindowPassed':
      return `${who} is done`;
    case 'SpeedLevelFound':
      return `Speed level ${String(p.speed)}`;
    case 'BattleDamageAssigned':
      return `${String(p.source)} assigns ${String(p.amount)} to ${String(p.target ?? 'nothing')}`;
    case 'BattleDamageCleared':
      return 'Battle damage inflicted';
    case 'BattleEnded':
      return 'The battle ends';
    case 'BidPlaced':
      return `${who} bids ${String(p.amount)}`;
    case 'BidPassed':
      return `${who} passes the bid`;
    case 'BidWon':
      return `${who} wins the bid at ${String(p.amount)}`;
    case 'PromptOpened':
      return `${(p.prompt as { player: string; kind: string }).player} to choose ${promptWords((p.prompt as { kind: string }).kind)}`;
    case 'PromptClosed':
      return `${who} decides`;
    case 'PlayerConceded':
      return `${who} concedes`;
    default:
      return null;
  }
}

/** The timeline's key moments (GameModule.keyMoment), labelled by the log line. */
export const keyMoment = keyMoments(
  {
    BattleStarted: 'attack',
    InfluenceLost: 'damage',
    CardsLeftPlay: (e) => (e.payload.reason === 'destroyed' ? 'death' : null),
    ControlChanged: 'control',
    MatchEnded: 'end',
  },
  describe,
);

export { isLocation };

/** Commands that name a pending trigger by its id: said by its source and text, as the ordering list shows them. */
const statePhrases: StatePhrases<SpoilsState> = {
  ResolveTrigger: (s, c, n) => {
    const t = s.triggers.find((x) => x.tid === c.trigger);
    if (!t) return null;
    const cut = t.label.indexOf(': ');
    const when = cut > 0 ? WHEN_WORDS[t.label.slice(cut + 2)] : undefined;
    return `Resolve next: ${triggerWords(when ? { ...t, label: `${t.label.slice(0, cut)}: ${when}` } : t, n)}`;
  },
};

/** The player's table: each command in the rulebook's words (GameModule.describeCommand). */
const commandPhrases: CommandPhrases = {
  ChooseFirstPlayer: (c, n) => `${n(String(c.first))} goes first`,
  MulliganCard: (c, n) => `Mulligan ${n(String(c.card))}`,
  EndMulligan: () => 'Keep the rest of this hand',
  ResolveTrigger: () => 'Resolve this trigger next',
  Develop: (c, n) =>
    c.mode === 'draw'
      ? 'Develop: draw a card'
      : `Develop: play ${c.card ? n(String(c.card)) : 'a card'} as a resource${c.faceDown ? ' face down' : ''}`,
  PlayCard: (c, n) =>
    `Play ${n(String(c.card))}${c.pick ? ` choosing ${n(String(c.pick))}` : ''}${c.sacrifice ? ` (sacrificing ${n(String(c.sacrifice))})` : ''}`,
  UseAbility: (c, n) =>
    `Use ${n(String(c.source))}'s ability ${Number(c.ability) + 1}${c.pick ? ` choosing ${n(String(c.pick))}` : ''}`,
  AttachResource: (c, n) => `Attach ${n(String(c.resource))} to your faction`,
  Pass: () => 'Pass',
  EndTurn: () => 'End your turn',
  Attack: (c, n) => `Announce an attack${c.target ? ` on ${n(String(c.target))}` : ''}`,
  AddAttacker: (c, n) => `Attack with ${n(String(c.card))}`,
  ConfirmAttackers: () => 'Confirm attackers',
  AddBlocker: (c, n) => `Block with ${n(String(c.card))}`,
  ConfirmBlockers: () => 'Confirm blockers',
  AssignDamage: (c, n) =>
    `Assign ${String(c.amount)} damage from ${n(String(c.source))} to ${n(String(c.target))}`,
  Bid: (c) => `Bid ${String(c.amount)}`,
  PassBid: () => 'Pass on bidding',
  FindCard: (c, n) => (c.card ? `Find ${n(String(c.card))}` : 'Find nothing'),
  KeepUnique: (c, n) => `Keep ${n(String(c.card))} (uniqueness)`,
  Concede: () => 'Concede the game',
};

/** GameModule.describeCommand: the phrases above, with those that read the state. */
export const describeCommand = phrasesToDescribe(commandPhrases, statePhrases);

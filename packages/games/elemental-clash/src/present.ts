// How a state and its events look to people: the board model the site draws (element-stone stacks, ATK and DEF
// zones, the spellbook count as life), one line per event for the log, and the timeline's key moments.
import {
  isHiddenCard,
  boardModel,
  describeEvents,
  keyMoments,
  positionNames,
  listWords,
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
  Command,
  CommandPhrases,
} from '@matchtape/engine';
import { cardDef, findCard } from './cards/decks';
import { health, locate, power, type Where } from './rules';
import type { Card, ECState, Permanent, PromptKind, SeenCard, StoneStack } from './types';
import { SPELLBOOK_SIZE, ZONE_CAP } from './types';

/** Phase and step as the rules (section 1.0) name them, for the site. */
export const positionWords = positionNames(
  {
    setup: 'Start of the Game',
    turn: 'Turn',
    standby: 'Standby Phase',
    draw: 'Draw Phase',
    main: 'Main Phase',
    end: 'End Phase',
    'game-over': 'Game Over',
  },
  { mulligan: 'Mulligan', defend: 'Defending' },
);

export function faceOf(cardId: string): CardFace {
  const d = cardDef(cardId);
  const types = [
    d.type,
    ...(d.spell ? [d.spell] : []),
    ...(d.basic ? ['Basic'] : []),
    ...(d.creatureTypes ?? []),
  ];
  const stats: Record<string, number> = { level: d.level };
  if (d.power !== undefined) stats.power = d.power;
  if (d.health !== undefined) stats.health = d.health;
  const keywords = d.abilities.map((a) => `${a.keyword}${a.x !== undefined ? ` ${a.x}` : ''}`);
  return {
    name: d.name,
    cost: d.type === 'Element Stone' ? null : String(d.level),
    types,
    colors: [d.element],
    stats,
    keywords,
    text: d.text,
  };
}

const name = (cardId: string | undefined): string => (cardId && findCard(cardId)?.name) || 'a card';

function tile(c: SeenCard): Tile {
  if (isHiddenCard(c)) return c;
  return { id: c.id, cardId: c.cardId, face: faceOf(c.cardId) };
}

function permTile(s: ECState, w: Where): CardTile {
  const p = w.perm;
  const t: CardTile = { id: p.id, cardId: p.cardId, face: faceOf(p.cardId), damage: p.damage };
  const d = cardDef(p.cardId);
  if (d.power !== undefined) {
    const cur = { power: power(s, w), health: health(s, w) };
    if (cur.power !== d.power || cur.health !== d.health) t.current = cur;
  }
  const tags = [
    ...(p.attacked ? ['attacked'] : []),
    ...(p.ranged ? ['ranged attack used'] : []),
    ...(p.stayed === s.turn ? ['resident'] : []),
    ...(p.master ? [`familiar of ${p.master}`] : []),
  ];
  if (s.attack?.attacker === p.id) tags.push('attacking');
  if (s.attack?.blockers.includes(p.id)) tags.push('blocking');
  if (s.attack?.target === p.id) tags.push('attacked');
  if (tags.length) t.tags = tags;
  if (p.equips.length)
    t.attachments = p.equips.map((id, i) => ({
      id,
      cardId: p.equipCards[i]!,
      face: faceOf(p.equipCards[i]!),
    }));
  return t;
}

/** One element-stone stack as a tile: its top card (or top stone) with the stones attached beneath. */
function stackTile(s: ECState, owner: string, st: StoneStack): CardTile {
  const stones = st.stones.map((c: Card) => ({ id: c.id, cardId: c.cardId, face: faceOf(c.cardId) }));
  const elements = [...new Set(st.stones.map((c) => cardDef(c.cardId).element))].join('/');
  const label = `stack ${st.id}: ${st.stones.length} stone${st.stones.length === 1 ? '' : 's'} (${elements})`;
  if (st.top) {
    const w = locate(s, st.top.id);
    const t = w ? permTile(s, w) : { id: st.top.id, cardId: st.top.cardId, face: faceOf(st.top.cardId) };
    return { ...t, attachments: [...(t.attachments ?? []), ...stones], tags: [...(t.tags ?? []), label] };
  }
  const top = stones[stones.length - 1]!;
  return { ...top, attachments: stones.slice(0, -1), tags: [label] };
}

const row = (key: string, label: string, tiles: Tile[]): ZoneModel => ({
  key,
  label,
  layout: 'row',
  count: tiles.length,
  cards: tiles,
});

export function board(s: ECState): BoardModel {
  const players: PlayerBoard[] = s.order.map((id) => {
    const pl = s.players[id]!;
    const where = (zone: Where['zone'], perm: Permanent): Where => ({ player: id, zone, stack: null, perm });
    return {
      id,
      name: pl.name,
      stats: [
        { key: 'spellbook', label: 'Spellbook (life)', value: pl.spellbook.length, max: SPELLBOOK_SIZE },
        { key: 'hand', label: 'Hand', value: pl.hand.length },
        { key: 'archive', label: 'Archive', value: pl.archive.length },
        { key: 'purgatory', label: 'Purgatory', value: pl.purgatory.length },
        {
          key: 'stones',
          label: 'Element stones',
          value: pl.stacks.reduce((n, st) => n + st.stones.length, 0),
        },
        { key: 'atk', label: 'ATK zone', value: pl.atk.length, max: ZONE_CAP },
        { key: 'def', label: 'DEF zone', value: pl.def.length, max: ZONE_CAP },
      ],
      zones: [
        {
          key: 'stacks',
          label: 'Element-stone stacks',
          layout: 'row',
          count: pl.stacks.length,
          cards: pl.stacks.map((st) => stackTile(s, id, st)),
        },
        row(
          'atk',
          'ATK zone',
          pl.atk.map((p) => permTile(s, where('atk', p))),
        ),
        row(
          'def',
          'DEF zone',
          pl.def.map((p) => permTile(s, where('def', p))),
        ),
        ...(pl.attached.length
          ? [
              row(
                'attached',
                'Familiars',
                pl.attached.map((p) => permTile(s, where('attached', p))),
              ),
            ]
          : []),
        { key: 'hand', label: 'Hand', layout: 'fan', count: pl.hand.length, cards: pl.hand.map(tile) },
        {
          key: 'spellbook',
          label: 'Spellbook',
          layout: 'pile',
          count: pl.spellbook.length,
          cards: pl.spellbook
            .filter((c) => !isHiddenCard(c))
            .slice(0, 3)
            .map(tile),
        },
        {
          key: 'archive',
          label: 'Archive',
          layout: 'pile',
          count: pl.archive.length,
          cards: pl.archive.slice(0, 5).map(tile),
        },
        {
          key: 'purgatory',
          label: 'Purgatory',
          layout: 'pile',
          count: pl.purgatory.length,
          cards: pl.purgatory.slice(0, 5).map(tile),
        },
      ],
      hero: null,
    };
  });
  const shared: ZoneModel[] = s.pending.length
    ? [
        {
          key: 'pending',
          label: 'Waiting effects',
          layout: 'stack',
          count: s.pending.length,
          cards: s.pending.map((p) => ({
            id: p.pid,
            cardId: p.cardId,
            face: { ...faceOf(p.cardId), text: `${p.label} (${p.rule})` },
          })),
        },
      ]
    : [];
  const acting =
    s.status !== 'playing' ? [] : s.prompt ? [s.prompt.player] : s.activePlayer ? [s.activePlayer] : [];
  return boardModel('elemental-clash', s, s, { acting, players, shared, banner: banner(s) });
}

/** What a prompt asks, in words: the banner and the log say "to choose the cards to put under the spellbook", not "putUnder". */
const PROMPT_WORDS: Readonly<Record<string, string>> = {
  mulligan: 'whether to mulligan',
  redraw: 'whether to redraw',
  putUnder: 'the cards to put under the spellbook',
  defend: 'defenders',
  orderTriggers: 'the order of the triggers',
  target: 'a target',
  arrange: 'the order of the top cards',
  construct: 'what to construct',
  freePlay: 'a card to play for free',
  discard: 'cards to discard',
};
const promptWords = (kind: string): string => PROMPT_WORDS[kind] ?? kind;

const PROMPT_KINDS: Readonly<Record<PromptKind, TablePrompt['kind']>> = {
  mulligan: 'mulligan',
  redraw: 'mulligan',
  putUnder: 'choice',
  defend: 'blockers',
  orderTriggers: 'order',
  target: 'targets',
  arrange: 'order',
  construct: 'choice',
  freePlay: 'choice',
  discard: 'choice',
};

/** What the table asks `player`, in the draft rules' words with the rule; null in priority windows. */
export function prompt(s: ECState, player: PlayerId): TablePrompt | null {
  if (s.status === 'ended' || s.prompt?.player !== player) return null;
  // The draft rules: "that opponent may block the attacking creature with any number of creatures in their DEF zone".
  const words = s.prompt.kind === 'defend' ? 'blockers from your DEF zone' : promptWords(s.prompt.kind);
  return { kind: PROMPT_KINDS[s.prompt.kind], text: `Choose ${words} (${s.prompt.rule})` };
}

function banner(s: ECState): string | null {
  if (s.status === 'ended') return s.result;
  if (s.attack) {
    const a = locate(s, s.attack.attacker);
    const t = s.attack.target ? locate(s, s.attack.target) : null;
    return `${name(a?.perm.cardId)} attacks ${t ? name(t.perm.cardId) : s.attack.defendingPlayer}${s.attack.blockers.length ? ` (blocked by ${s.attack.blockers.map((b) => name(locate(s, b)?.perm.cardId)).join(', ')})` : ''}`;
  }
  if (s.prompt) return `${s.prompt.player} to choose ${promptWords(s.prompt.kind)} (${s.prompt.rule})`;
  return null;
}

type P = Record<string, unknown>;
const cardName = (c: unknown): string =>
  c && typeof c === 'object' && 'cardId' in c ? name(String((c as Card).cardId)) : 'a hidden card';

/** One line in plain words for the log (GameModule.describe); MatchEnded and types without a line: the kit's. */
export const describe = describeEvents(eventLine);

function eventLine(e: GameEvent): string | null {
  const p = e.payload as P;
  const who = String(p.player ?? '');
  const n = (k: string) => (Array.isArray(p[k]) ? (p[k] as unknown[]).length : 0);
  /** "1 card", "3 cards": a count of the list at `k` with its noun. */
  const count = (k: string, noun: string) => `${n(k)} ${noun}${n(k) === 1 ? '' : 's'}`;
  switch (e.type) {
    case 'MatchStarted':
      return `Match started: ${(p.players as { name: string }[]).map((x) => x.name).join(' vs ')}`;
    case 'FirstPlayerChosen':
      return `${who} goes first${p.agreed ? ' (agreed)' : ' (random)'}`;
    case 'SpellbookShuffled':
      if (p.reason === 'fork') return `${who}'s spellbook was reshuffled for the fork (${n('cards')} cards)`;
      return `${who} shuffled their spellbook (${n('cards')} cards)`;
    case 'SpellbookStacked':
      return `${who}'s spellbook was set out in a fixed order (${n('cards')} cards)`;
    case 'CardsDrawn':
      return `${who} drew ${n('cards') === 1 ? cardName((p.cards as unknown[])[0]) : `${n('cards')} cards`}`;
    case 'MulliganTaken':
      return `${who} took a mulligan: a new hand of ${p.handSize}`;
    case 'HandKept':
      return `${who} kept their hand`;
    case 'TurnBegan':
      return `Turn ${p.turn}: ${who}`;
    case 'PhaseBegan':
      return `${p.phase} phase${p.step ? ` – ${p.step}` : ''}`;
    case 'ChoiceOffered': {
      const pr = p.prompt as { kind: string; player: string };
      return `${pr.player} to choose ${promptWords(pr.kind)}`;
    }
    case 'SpellArchived':
      return `${who}'s ${cardName(p.card)} went from its stack to the archive`;
    case 'SpellRecovered':
      return `${who}'s ${cardName(p.card)} was shuffled back into the spellbook (Recover)`;
    case 'CreatureDeployed':
      return `${who} put ${p.card} into the ${String(p.zone).toUpperCase()} zone`;
    case 'CreatureKeptResident':
      return `${who} kept ${p.card} on its stack (Resident)`;
    case 'FamiliarAttached':
      return `${who} attached ${p.card} to ${p.master} (Familiar Spirit)`;
    case 'CreatureMoved':
      return `${who} moved ${p.card} to the ${String(p.to).toUpperCase()} zone`;
    case 'DrawSkipped':
      return `${who} skips the first draw`;
    case 'RedrawStarted':
      return `${who} puts their hand of ${p.count} under the spellbook to draw anew`;
    case 'CardPutUnder':
      return `${who} put ${cardName(p.card)} under the spellbook`;
    case 'HandRedrawn':
      return `${who} drew a new hand of ${n('drawn')}`;
    case 'RedrawDeclined':
      return `${who} keeps their hand`;
    case 'MainPhaseSkipped':
      return `${who} skips the main phase`;
    case 'ElementStonePlayed':
      return `${who} played ${cardName(p.card)}${p.newStack ? ' as a new stack' : ` onto ${p.stack}`}`;
    case 'CardPlayed':
      return `${who} played ${cardName(p.card)} onto ${p.stack}${p.target ? ` targeting ${p.target}` : ''}`;
    case 'EquipAttached':
      return `${name(String(p.cardId))} equipped to ${p.creature}`;
    case 'AttackDeclared':
      return `${who}'s ${p.attacker} attacks ${p.target ?? p.defender}`;
    case 'BlockerDeclared':
      return `${who} blocks with ${p.creature}`;
    case 'DefenseFinished':
      return `${who} ${n('blockers') ? `blocks with ${n('blockers')}` : 'does not block'}`;
    case 'DamageDealt':
      return `${name(String(p.sourceCard))} dealt ${p.amount} damage to ${p.target}`;
    case 'DamagePrevented':
      return `${p.amount} damage to ${p.target} prevented (Immunity)`;
    case 'SpellbookMilled':
      return `${who} put ${count('cards', 'card')} from the spellbook into the ${p.to}`;
    case 'AttackEnded':
      return 'The attack is over';
    case 'RangedAttackMade':
      return `${p.creature} makes a Ranged Attack on ${p.target}`;
    case 'EffectApplied':
      return `${p.target} gets +${p.power}/+${p.health} until end of turn`;
    case 'EffectsExpired':
      return '"Until end of turn" effects end; damage is removed';
    case 'CreatureDischarged':
      return `${who} discharged ${p.creature} onto ${p.stack}`;
    case 'CardReturnedToHand':
      return `${who} returned ${cardName(p.card)} from the archive to hand`;
    case 'CardDiscarded':
      return `${who} discarded ${cardName(p.card)}`;
    case 'CardsHarvested':
      return `${who} put ${count('cards', 'archive card')} into purgatory (Harvest)`;
    case 'CardsRevealed':
      return `${who} revealed ${(p.cards as unknown[]).map(cardName).join(', ')}`;
    case 'CardsPutIntoSpellbook':
      return `${who} put ${count('cards', 'card')} from the ${p.from} into the spellbook`;
    case 'TopCardsLooked':
      return `${who} looks at the top ${count('cards', 'card')} of the spellbook`;
    case 'TopCardsArranged':
      return `${who} put them back in a chosen order`;
    case 'CardConstructed':
      return `${who} searched out ${cardName(p.card)} (Construct)`;
    case 'ConstructFoundNothing':
      return `${who} found nothing (Construct)`;
    case 'DieRolled':
      return `${who} rolled a ${p.result} (Gamble)`;
    case 'CardLeftPlay':
      return `${cardName(p.card)} left play (${p.reason}) to the ${p.to}`;
    case 'CardReturnedFromPlay':
      return `${cardName(p.card)} returned from play to ${who}'s hand`;
    case 'MutantEnteredPlay':
      return `${cardName(p.card)} entered play (Mutate)`;
    case 'FreePlayed':
      return `${who} played ${cardName(p.card)} for free`;
    case 'FreePlayDeclined':
      return `${who} declined the free play`;
    case 'TriggerQueued': {
      const t = p.pending as { cardId: string; label: string };
      return `${name(t.cardId)}: ${t.label}`;
    }
    case 'TriggerChosen':
      return `${p.pid} resolves next`;
    case 'TriggerResolved':
      return `${p.source} resolved`;
    case 'EchoCopied':
      return `Echo: a copy of ${p.source} resolves`;
    case 'DelayedEffectCreated':
      return 'an effect will happen at the end of turn';
    case 'DelayedEffectsTriggered':
      return `${String(p.count)} delayed effect(s) trigger at the end of turn`;
    case 'EchoTargetChosen':
      return p.target === null
        ? `${who} kept the target of the Echo copy`
        : `${who} chose ${p.target} as the Echo copy's target`;
    case 'TurnEnded':
      return `${who} ended the turn`;
    case 'Conceded':
      return `${who} conceded`;
    case 'PlayerLost':
      return `${who} lost: ${p.reason} (${p.rule})`;
    default:
      return null;
  }
}

/** The timeline's key moments (GameModule.keyMoment), labelled by the log line. */
export const keyMoment = keyMoments(
  {
    AttackDeclared: 'attack',
    DamageDealt: (e) => (e.payload.player ? 'damage' : null),
    CardLeftPlay: (e) => (e.payload.reason === 'destroyed' ? 'death' : null),
    DieRolled: 'random',
    HandRedrawn: 'mulligan',
    MulliganTaken: 'mulligan',
    PlayerLost: 'end',
    MatchEnded: 'end',
  },
  describe,
);

/** The player's table: each command in the rules document's words (GameModule.describeCommand). */
const commandPhrases: CommandPhrases = {
  Keep: () => 'Keep this hand',
  Mulligan: () => 'Mulligan (shuffle and draw a new hand)',
  DeployCreature: (c, n) =>
    `Deploy ${n(String(c.card))} to the ${c.zone === 'atk' ? 'Attack' : 'Defense'} Zone`,
  KeepResident: (c, n) => `Keep ${n(String(c.card))} as a Resident`,
  AttachFamiliar: (c, n) => `Attach ${n(String(c.card))} as Familiar Spirit to ${n(String(c.master))}`,
  MoveCreature: (c, n) => `Move ${n(String(c.card))} to the ${c.zone === 'atk' ? 'Attack' : 'Defense'} Zone`,
  EndStandby: () => 'End the Standby Phase',
  RedrawHand: () => 'Redraw your hand',
  DeclineRedraw: () => 'Keep your hand (no redraw)',
  PutUnder: (c, n) => `Put ${n(String(c.card))} under your deck`,
  PlayStone: (c, n) =>
    `Play ${n(String(c.card))}${c.stack === null ? ' as a new Element Stack' : ` onto ${n(String(c.stack))}`}`,
  PlayCard: (c, n) =>
    `Cast ${n(String(c.card))} using ${n(String(c.stack))}${c.target ? ` targeting ${n(String(c.target))}` : ''}${Array.isArray(c.tribute) ? ` (tribute ${listWords((c.tribute as string[]).map(n))})` : ''}`,
  DeclareAttack: (c, n) => `Attack ${n(String(c.target))} with ${n(String(c.attacker))}`,
  RangedAttack: (c, n) => `Ranged Attack ${n(String(c.target))} with ${n(String(c.creature))}`,
  Discharge: (c, n) => `Discharge ${n(String(c.creature))} with ${n(String(c.stack))}`,
  Respawn: (c, n) => `Respawn ${n(String(c.card))} (discard ${n(String(c.discard))})`,
  EndMain: () => 'End the Main Phase',
  DeclareBlocker: (c, n) => `Block with ${n(String(c.creature))}`,
  FinishDefense: () => 'Finish declaring blockers',
  Harvest: (c, n) => `Harvest with ${n(String(c.card))}`,
  Mutate: (c, n) => `Mutate ${n(String(c.card))} into ${n(String(c.mutant))}`,
  Reinforce: (c, n) =>
    `Reinforce ${n(String(c.card))} (reveal ${listWords(((c.reveal as string[]) ?? []).map(n))})`,
  ChooseTrigger: () => 'Resolve this trigger next',
  ArrangeTop: (c, n) => `Put back on top: ${listWords(((c.order as string[]) ?? []).map(n))}`,
  ChooseConstruct: (c, n) => (c.cardId === null ? 'Construct nothing' : `Construct ${n(String(c.cardId))}`),
  PlayFree: (c, n) =>
    `Play it for free${c.zone ? ` to the ${c.zone === 'atk' ? 'Attack' : 'Defense'} Zone` : ''}${c.target ? ` targeting ${n(String(c.target))}` : ''}`,
  DeclineFreePlay: () => 'Do not play it for free',
  Discard: (c, n) => `Discard ${n(String(c.card))}`,
  EndTurn: () => 'End your turn',
  Concede: () => 'Concede the game',
};

/**
 * describeCommand: element-stone stacks are named by their stones ("your Mars/Jupiter stack"), which the
 * board shows, rather than by their ids, which it does not.
 */
export function describeCommand(
  s: ECState,
  c: Command,
  _viewer: string,
  name: (id: string) => string,
): string | null {
  if (c.type === 'ChooseTrigger') {
    const t = s.pending.find((x) => x.pid === c.pid);
    if (t) return `Resolve next: ${name(t.source)} — ${t.label}`;
  }
  const phrase = Object.hasOwn(commandPhrases, c.type) ? commandPhrases[c.type]! : null;
  if (!phrase) return null;
  const stacks = new Map<string, string>();
  for (const p of Object.values(s.players))
    for (const st of p.stacks)
      stacks.set(
        st.id,
        `the ${[...new Set(st.stones.map((x) => cardDef(x.cardId).element))].join('/')} stack (${st.stones.length} stone${st.stones.length === 1 ? '' : 's'})`,
      );
  return phrase(c, (id) => stacks.get(id) ?? name(id));
}

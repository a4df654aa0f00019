// What people read and see: the board model for the site, one plain-words line per event for the log, and the
// timeline's key moments. Wording only; what each viewer may see is decided in view.ts.
import {
  isHiddenCard,
  boardModel,
  describeEvents,
  keyMoments,
  phrasesToDescribe,
  positionNames,
  listWords,
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
import { cardDef, type CardBook } from './cards/pool';
import { championLevel, isChampion, life, unitPower } from './rules';
import type { Move } from './evolve';
import type { Card, FieldObject, GAState, Prompt, Slot } from './types';

export function faceOf(s: CardBook, cardId: string): CardFace {
  const d = cardDef(s, cardId);
  const stats: Record<string, number | string> = {};
  if (d.level !== undefined) stats.level = d.level;
  if (d.power !== undefined) stats.power = d.power;
  if (d.life !== undefined) stats.life = d.life;
  if (d.durability !== undefined) stats.durability = d.durability;
  return {
    name: d.name,
    cost: d.cost ? `${d.cost.kind === 'reserve' ? 'R' : 'M'}${d.cost.n}` : null,
    types: [...d.supertypes, d.type, ...d.subtypes],
    colors: [d.element],
    stats,
    keywords: d.keywords.map(
      (k) => `${k.keyword}${k.n !== undefined ? ` ${k.n}` : ''}${k.name ? `: ${k.name}` : ''}`,
    ),
    text: d.text,
  };
}

function tile(s: CardBook, c: Slot): Tile {
  if (isHiddenCard(c)) return { id: c.id, hidden: true };
  return {
    id: c.id,
    cardId: c.cardId,
    face: faceOf(s, c.cardId),
    ...(c.selected ? { tags: ['chosen for reserve'] } : {}),
  };
}

function objectTile(s: GAState, o: FieldObject): CardTile {
  const tags: string[] = [];
  if (s.combat?.attacker === o.id) tags.push('attacking');
  if (s.combat?.target === o.id) tags.push('defending');
  if (s.combat?.retaliators.includes(o.id)) tags.push('retaliating');
  if (
    s.combat?.cleave &&
    s.combat.defendingPlayer === o.controller &&
    o.id !== s.combat.attacker &&
    (cardDef(s, o.cardId).type === 'ally' || cardDef(s, o.cardId).type === 'champion')
  )
    tags.push('defending');
  const current: Record<string, number> = {};
  if (cardDef(s, o.cardId).type === 'ally') {
    current.power = unitPower(s, o);
    current.life = life(s, o);
  }
  const t: CardTile = {
    id: o.id,
    cardId: o.cardId,
    face: faceOf(s, o.cardId),
    tapped: o.rested,
    damage: o.damage,
    counters: o.counters,
    current,
    tags,
  };
  if (o.cards.length > 1) t.attachments = o.cards.slice(0, -1).map((c) => tile(s, c) as CardTile);
  return t;
}

function zone(
  s: CardBook,
  key: string,
  label: string,
  layout: ZoneModel['layout'],
  cards: readonly Slot[],
  showAll = true,
): ZoneModel {
  return {
    key,
    label,
    layout,
    count: cards.length,
    cards: (showAll ? cards : cards.slice(0, 1)).map((c) => tile(s, c)),
  };
}

export function board(s: GAState): BoardModel {
  const players: PlayerBoard[] = s.order.map((p) => {
    const pl = s.players[p]!;
    const champ = s.field.find((o) => o.controller === p && isChampion(s, o));
    const field = s.field.filter((o) => o.controller === p && !isChampion(s, o));
    return {
      id: p,
      name: pl.name,
      stats: [
        {
          key: 'life',
          label: 'Champion life',
          value: champ ? life(s, champ) - champ.damage : 0,
          ...(champ ? { max: life(s, champ) } : {}),
        },
        { key: 'damage', label: 'Damage', value: champ?.damage ?? 0 },
        { key: 'level', label: 'Level', value: championLevel(s, p) },
        { key: 'hand', label: 'Hand', value: pl.hand.length },
        { key: 'memory', label: 'Memory', value: pl.memory.length },
        { key: 'deck', label: 'Main deck', value: pl.mainDeck.length },
        { key: 'material', label: 'Material deck', value: pl.materialDeck.length },
      ],
      zones: [
        {
          key: 'field',
          label: 'Field',
          layout: 'row',
          count: field.length,
          cards: field.map((o) => objectTile(s, o)),
        },
        zone(s, 'hand', 'Hand', 'fan', pl.hand),
        zone(s, 'memory', 'Memory', 'row', pl.memory),
        zone(s, 'materialDeck', 'Material deck', 'row', pl.materialDeck),
        zone(s, 'mainDeck', 'Main deck', 'pile', pl.mainDeck, false),
        zone(s, 'graveyard', 'Graveyard', 'pile', pl.graveyard),
        zone(s, 'banishment', 'Banishment', 'pile', pl.banishment),
        ...(champ
          ? [
              {
                key: 'lineage',
                label: 'Lineage',
                layout: 'stack' as const,
                count: champ.cards.length,
                cards: champ.cards.map((c) => tile(s, c)),
              },
            ]
          : []),
      ],
      hero: champ ? objectTile(s, champ) : null,
    };
  });
  const shared: ZoneModel[] = [
    {
      key: 'stack',
      label: 'Effects Stack',
      layout: 'stack',
      count: s.stack.length,
      cards: s.stack.map((it) => ({
        id: it.sid,
        cardId: it.card?.cardId ?? it.sourceCardId,
        face: { ...faceOf(s, it.card?.cardId ?? it.sourceCardId), text: it.label },
        tags: [it.kind, `${it.controller}'s`],
      })),
    },
  ];
  if (s.pending)
    shared.push({
      key: 'pending',
      label: 'Being activated',
      layout: 'row',
      count: 1,
      cards: [tile(s, s.pending.card)],
    });
  if (s.combat?.attackCard)
    shared.push({
      key: 'intention',
      label: 'Intention',
      layout: 'row',
      count: 1,
      cards: [tile(s, s.combat.attackCard)],
    });
  const acting =
    s.status !== 'playing' ? [] : s.prompt ? [s.prompt.player] : s.priority ? [s.priority.holder] : [];
  return boardModel('grand-archive', s, s, { acting, players, shared, banner: banner(s) });
}

function nameOf(s: GAState, id: string | null): string {
  const o = s.field.find((x) => x.id === id);
  return o ? cardDef(s, o.cardId).name : (id ?? '?');
}

/** What a prompt asks of its player, in words (the rule is cited beside it). */
const PROMPT_WORDS: Readonly<Record<Prompt['kind'], string>> = {
  placeChampion: 'put a Lv 0 champion onto the field',
  materialize: 'materialize a card or decline',
  payReserve: 'pay the reserve cost',
  attackTarget: 'choose what to attack',
  retaliate: 'choose whether to retaliate',
  intercept: 'choose whether to intercept',
  critical: 'discard cards or take doubled damage',
  orderReplacements: 'choose which damage effect applies next',
  orderTriggers: 'choose the order of their triggered effects',
  keepUnique: 'choose which unique copy to keep',
};

const PROMPT_KINDS: Readonly<Record<Prompt['kind'], TablePrompt['kind']>> = {
  placeChampion: 'choice',
  materialize: 'choice',
  payReserve: 'choice',
  attackTarget: 'targets',
  retaliate: 'blockers',
  intercept: 'blockers',
  critical: 'choice',
  orderReplacements: 'order',
  orderTriggers: 'order',
  keepUnique: 'choice',
};

/** What the table asks `player`, in the Comprehensive Rules' words with the rule; null in priority windows. */
export function prompt(s: GAState, player: PlayerId): TablePrompt | null {
  if (s.status === 'ended' || s.prompt?.player !== player) return null;
  const words = PROMPT_WORDS[s.prompt.kind].replace(/\btheir\b/g, 'your');
  return {
    kind: PROMPT_KINDS[s.prompt.kind],
    text: `${words.charAt(0).toUpperCase()}${words.slice(1)} (${s.prompt.rule})`,
  };
}

/** Phase and step names as the comprehensive rules write them (2.2, 1.3.3). */
const PHASE_NAMES: Readonly<Record<string, string>> = {
  setup: 'Setup',
  start: 'Start of the Game',
  'wake-up': 'Wake Up Phase',
  materialize: 'Materialize Phase',
  recollection: 'Recollection Phase',
  draw: 'Draw Phase',
  main: 'Main Phase',
  combat: 'Combat Phase',
  end: 'End Phase',
  'game-over': 'Game Over',
};
const STEP_NAMES: Readonly<Record<string, string>> = {
  'place-champion': 'Place Champion',
  attack: 'Attack Step',
  retaliation: 'Retaliation Step',
  damage: 'Damage Step',
  'end-of-combat': 'End of Combat Step',
};
/** Phase and step as the Comprehensive Rules name them (the site's phase strip and case files). */
export const positionWords = positionNames(PHASE_NAMES, STEP_NAMES);
const ZONE_NAMES: Readonly<Record<string, string>> = {
  graveyard: 'the graveyard',
  banishment: 'banishment',
  materialDeck: 'the material deck',
  mainDeck: 'the main deck',
  memory: 'memory',
  hand: 'hand',
  field: 'the field',
};
const zoneName = (z: unknown): string => ZONE_NAMES[String(z)] ?? String(z);
const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

function banner(s: GAState): string | null {
  if (s.status === 'ended') return s.result;
  if (s.combat)
    return `Combat: ${nameOf(s, s.combat.attacker)} attacks ${s.combat.target ? nameOf(s, s.combat.target) : '(choosing a target)'}`;
  if (s.prompt) return `${s.prompt.player} must ${PROMPT_WORDS[s.prompt.kind]} (${s.prompt.rule})`;
  if (s.stack.length > 0) return `Effects Stack: ${s.stack[s.stack.length - 1]!.label}`;
  return null;
}

// ── Log lines and timeline markers ─────────────────────────────────────────────────────────────────────

function cname(s: CardBook, c: unknown): string {
  const card = c as Card | null;
  return card && typeof card.cardId === 'string' ? cardDef(s, card.cardId).name : 'a card';
}

type P = Record<string, unknown>;

/** One line in plain words for the log (GameModule.describe); MatchEnded and types without a line: the kit's. */
export const describe = describeEvents(eventLine);

function eventLine(e: GameEvent): string | null {
  const p = e.payload as Record<string, unknown>;
  // Test cards an event names travel on it (cards/book.ts); pool cards need nothing.
  const s: CardBook = { cards: (p.defs as CardBook['cards'] | undefined) ?? {} };
  const who = String(p.player ?? '');
  return matchLine(e.type, p, s, who) ?? stackLine(e.type, p, s, who) ?? combatLine(e.type, p, s, who);
}

/** A line of the match, its turns, phases and players. Null: not an event of this kind. */
function matchLine(type: string, p: P, s: CardBook, who: string): string | null {
  switch (type) {
    case 'MatchStarted':
      return `Match started: ${(p.players as { name: string }[]).map((x) => x.name).join(' vs ')}`;
    case 'DeckSetOut':
      return `${who} set out a ${p.shuffled ? 'shuffled ' : ''}main deck of ${(p.mainOids as string[]).length} and a material deck of ${(p.materialOids as string[]).length}`;
    case 'DeckShuffled':
      return `${who}'s main deck of ${(p.mainOids as string[]).length} was reshuffled for the fork`;
    case 'FirstPlayerChosen':
      return `${who} goes first (${p.method})`;
    case 'TurnStarted':
      return `Turn ${p.turn}: ${who}`;
    case 'PhaseEntered':
      return `${PHASE_NAMES[String(p.phase)] ?? String(p.phase)}${p.step ? ` – ${STEP_NAMES[String(p.step)] ?? String(p.step)}` : ''}`;
    case 'PromptOpened': {
      const pr = p.prompt as Prompt;
      return `${pr.player} must ${PROMPT_WORDS[pr.kind] ?? pr.kind}`;
    }
    case 'StartingChampionPlaced':
      return `${who} put ${cname(s, p.object)} onto the field`;
    case 'CardsMoved': {
      const moves = p.moves as Move[];
      const named = moves.map((m) => (m.cardId ? cardDef(s, m.cardId).name : 'a card')).join(', ');
      switch (p.reason) {
        case 'draw':
          return `${who} drew ${named}`;
        case 'recollection':
          return `${who} returned ${plural(moves.length, 'card')} from memory to hand`;
        case 'reserve':
          return `${who} reserved ${plural(moves.length, 'card')} into memory`;
        case 'memory-cost':
          return `${who} banished ${named} from memory at random`;
        default:
          return moves[0]
            ? `${who} moved ${named} from ${zoneName(moves[0].from)} to ${zoneName(moves[0].to)}`
            : `${who} moved no cards`;
      }
    }
    case 'OpportunityGranted':
      return `${who} has Opportunity`;
    case 'OpportunityPassed':
      return `${who} passed`;
    case 'MaterializationDeclined':
      return `${who} does not materialize`;
    case 'PreservedReturned':
      return `${who} returned a Preserved card to hand instead of materializing`;
    case 'EndOfTurnCleanup':
      return 'Cleanup: ally damage removed, end-of-turn effects end';
    case 'TurnEnded':
      return `Turn ${p.turn} ended`;
    case 'DrawFromEmptyDeck':
      return `${who} had to draw from an empty deck`;
    case 'PlayerConceded':
      return `${who} conceded`;
    case 'PlayerLost':
      return `${who} lost: ${p.reason}`;
    case 'PlayerRemoved':
      return `${who}'s objects leave the game`;
    case 'TurnEndedEarly':
      return `${who}'s turn ends early`;
    case 'UniqueKept':
      return `${who} keeps ${p.object}; the other ${p.name} is sacrificed`;
    default:
      return null;
  }
}

/** A line of an activation, the Effects Stack or an object on the field. Null: not an event of this kind. */
function stackLine(type: string, p: P, s: CardBook, who: string): string | null {
  switch (type) {
    case 'ActivationDeclared':
      return `${who} ${p.materialize ? 'materializes' : 'activates'} ${cname(s, p.card)}`;
    case 'ReserveSelected':
      return `${who} chose a card to reserve`;
    case 'ActivationCanceled':
      return `${who} canceled the activation`;
    case 'ActivationPlaced':
    case 'TriggerPlaced':
    case 'AbilityActivated':
      return `On the stack: ${(p.item as { label: string }).label}`;
    case 'StackItemResolved':
      return `${p.sid} resolved`;
    case 'StackItemFizzled':
      return `${p.sid} fizzled: ${p.reason}`;
    case 'StackItemNegated':
      return `${p.sid} was negated`;
    case 'DelayedTriggerCreated':
      return `Delayed: ${(p.trigger as { label: string }).label}`;
    case 'DelayedTriggersFired':
      return `${p.count} delayed ${p.count === 1 ? 'trigger' : 'triggers'} triggered`;
    case 'ObjectEntered':
      return `${cname(s, p.object)} entered the field`;
    case 'ChampionLeveledUp':
      return `${who} leveled up into ${cname(s, p.card)} (Lv ${p.levelFrom} → ${p.levelTo})`;
    case 'ObjectRested':
      return `${p.object} rested (${p.reason})`;
    case 'ObjectsWoken':
      return (p.objects as string[]).length === 0
        ? `${who} had nothing to wake up`
        : `${who} woke up ${plural((p.objects as string[]).length, 'object')}`;
    case 'CountersChanged':
      return `${p.object}: ${Number(p.delta) > 0 ? '+' : ''}${p.delta} ${p.kind}`;
    case 'ShieldCreated':
      return 'Damage prevention set up';
    case 'EffectCreated':
      return 'An effect applies until end of turn';
    case 'ObjectLeftField':
      return `${cardDef(s, String(p.cardId)).name} left the field (${p.reason}) for ${zoneName(p.to)}`;
    case 'TriggersWaiting':
      return `${(p.triggers as unknown[]).length} triggered abilities wait to go on the stack`;
    default:
      return null;
  }
}

/** A line of an attack, its Critical, retaliation and damage. Null: not an event of this kind. */
function combatLine(type: string, p: P, s: CardBook, who: string): string | null {
  switch (type) {
    case 'DamageDealt':
      return (p.damage as { target: string; amount: number }[])
        .map((d) => `${d.amount} ${p.attack ? 'attack ' : ''}damage to ${d.target}`)
        .join(', ');
    case 'DamagePrevented':
      return `${p.amount} damage to ${p.target} prevented`;
    case 'DamageRecovered':
      return `${p.object} recovered ${p.amount}`;
    case 'IntentionEntered':
      return `${cname(s, p.card)} entered Intention`;
    case 'AttackDeclared':
      return `${who} attacks ${p.cleave ? `every unit of ${p.defendingPlayer} (Cleave)` : p.target} with ${p.attacker}${p.weapon ? ` (weapon ${p.weapon})` : ''}`;
    case 'AttackFizzled':
      return `The attack fizzled: ${p.reason}`;
    case 'AttackRedirected':
      return `${p.ally} intercepts the attack`;
    case 'CriticalOffered':
      return `Critical ${p.n}: ${who} may discard ${plural(Number(p.n), 'card')} or the damage is doubled`;
    case 'CriticalCardSelected':
      return `${who} chose a card to discard`;
    case 'CriticalSettled':
      return p.doubled ? 'Critical: the damage is doubled' : `${who} discarded to stop the critical`;
    case 'InterceptDeclined':
      return `${who} does not intercept`;
    case 'AttackDoubled':
      return 'The attack’s damage is doubled';
    case 'RetaliationDeclared':
      return `${p.unit} retaliates`;
    case 'RetaliationDeclined':
      return `${who} does not retaliate`;
    case 'IntentionCleared':
      return `${cname(s, p.card)} went to the graveyard`;
    case 'CombatEnded':
      return 'End of combat';
    case 'AttackNegated':
      return `The attack is negated: ${p.reason}`;
    case 'DamageCalculated':
      return `Damage calculated: ${(p.instances as { target: string; amount: number }[]).map((d) => `${d.amount} to ${d.target}`).join(', ') || 'none'}`;
    case 'DamageDoubled':
      return `Damage to ${p.target} doubled to ${p.amount}`;
    case 'NoDamageDealt':
      return 'No damage is dealt';
    default:
      return null;
  }
}

/** The timeline's key moments (GameModule.keyMoment), labelled by the log line. */
export const keyMoment = keyMoments(
  {
    AttackDeclared: 'attack',
    AttackRedirected: 'attack',
    AttackNegated: 'attack',
    DamageDealt: 'damage',
    ChampionLeveledUp: 'level-up',
    ObjectLeftField: (e) => (e.payload.reason === 'destroyed' ? 'death' : null),
    StartingChampionPlaced: 'champion',
    PlayerLost: 'end',
    MatchEnded: 'end',
  },
  describe,
);

/** Commands that name a waiting trigger by its id: said by its source and text, as the ordering list shows them. */
const statePhrases: StatePhrases<GAState> = {
  PlaceTrigger: (s, c, n) => {
    const t = s.waitingTriggers.find((x) => x.id === c.trigger);
    return t ? `Put on the effects stack next: ${triggerWords(t, n)}` : null;
  },
  // Each competing replacement effect by what it does, so the list to order says which is which (2.5.b.2).
  ApplyReplacement: (s, c, n) => {
    const effect = String(c.effect);
    const sh = s.shields.find((x) => x.id === effect);
    if (sh) return `Apply next: prevent up to ${sh.amount} damage to ${n(sh.target)} (${n(sh.source)})`;
    const doubler = s.combat?.doublers.find((d) => d.id === effect)?.label;
    const named = doubler ?? (effect === 'critical' ? 'Critical' : null);
    return named ? `Apply next: ${named} (double the damage)` : null;
  },
};

/** The player's table: each command in the Comprehensive Rules' words (GameModule.describeCommand). */
const commandPhrases: CommandPhrases = {
  PlaceStartingChampion: (c, n) => `Start with ${n(String(c.card))} as your champion`,
  Materialize: (c, n) =>
    `Materialize ${n(String(c.card))}${Array.isArray(c.floating) ? ` (Floating Memory: ${listWords((c.floating as string[]).map(n))})` : ''}`,
  DeclineMaterialize: () => 'Materialize nothing',
  ReturnPreserved: (c, n) => `Return ${n(String(c.card))} (preserved)`,
  ActivateCard: (c, n) =>
    `${c.prepare ? 'Prepare' : 'Activate'} ${n(String(c.card))}${c.target ? ` targeting ${n(String(c.target))}` : ''}${c.weapon ? ` with ${n(String(c.weapon))}` : ''}`,
  SelectReserve: (c, n) => `Pay with ${n(String(c.card))} from memory`,
  CancelActivation: () => 'Cancel the activation',
  ActivateAbility: (c, n) =>
    `Use ${n(String(c.source))}'s ability ${Number(c.ability) + 1}${c.target ? ` targeting ${n(String(c.target))}` : ''}`,
  DeclareAttack: (c, n) =>
    `Attack ${c.target ? n(String(c.target)) : c.opponent ? n(String(c.opponent)) : 'the opponent'} with ${n(String(c.attacker))}${c.weapon ? ` wielding ${n(String(c.weapon))}` : ''}`,
  ChooseAttackTarget: (c, n) => `Attack ${n(String(c.target))}`,
  DiscardForCritical: (c, n) => `Discard ${n(String(c.card))} for a critical strike`,
  DeclineCritical: () => 'No critical strike',
  Intercept: (c, n) => `Intercept with ${n(String(c.ally))}`,
  DeclineIntercept: () => 'Do not intercept',
  ApplyReplacement: () => 'Apply this replacement effect first',
  KeepUnique: (c, n) => `Keep ${n(String(c.object))} (uniqueness)`,
  PlaceTrigger: () => 'Put this trigger on the effects stack next',
  DeclareRetaliation: (c, n) => `Retaliate with ${n(String(c.unit))}`,
  DeclineRetaliation: () => 'Do not retaliate',
  PassOpportunity: () => 'Pass opportunity',
  Concede: () => 'Concede the game',
};

/** GameModule.describeCommand: the phrases above, with those that read the state. */
export const describeCommand = phrasesToDescribe(commandPhrases, statePhrases);

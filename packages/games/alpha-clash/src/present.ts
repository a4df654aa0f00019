// Presentation: board model for the site, one-line descriptions, timeline key moments.
import {
  isHiddenCard,
  boardModel,
  describeEvents,
  phrasesToDescribe,
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
import { CARD_BY_ID } from './cards/pool';
import type { ACCardDef } from './cards/types';
import { actors } from './decide';
import { currentAtk, currentDef, defOf, lookupCard } from './rules';
import { locate, phaseOf } from './state';
import type { AlphaClashState, AnyRef, PendingChoice, Permanent } from './types';

/** A card's face on the board: its printed face, or its id when the pool does not know it. */
function face(cardId: string): CardFace {
  const d = CARD_BY_ID.get(cardId);
  return d ? faceOf(d) : { name: cardId, types: ['Unknown'] };
}

function tile(s: AlphaClashState, r: AnyRef, perm?: Permanent): Tile {
  if (isHiddenCard(r)) return { id: r.id, hidden: true };
  const t: CardTile = { id: r.id, cardId: r.cardId, face: face(r.cardId) };
  if (perm) {
    t.tapped = perm.engaged;
    if (perm.damage + perm.clashDamage > 0) t.damage = perm.damage + perm.clashDamage;
    const d = defOf(s, r);
    if (d?.type === 'Clash') t.current = { atk: currentAtk(s, r.id), def: currentDef(s, r.id) };
    const tags: string[] = [];
    if (s.clash?.attacker === r.id) tags.push('attacking');
    if (s.clash?.obstructors.includes(r.id)) tags.push('obstructing');
    if (s.clash?.target === r.id) tags.push('attacked');
    if (perm.attachedTo) tags.push(`attached to ${nameInPlay(s, perm.attachedTo)}`);
    if (perm.defeated) tags.push('defeated');
    if (tags.length) t.tags = tags;
  }
  return t;
}

/** The name of a card in play as the viewer's state shows it ("a card" when it is not there or hidden). */
function nameInPlay(s: AlphaClashState, id: string): string {
  const at = locate(s, id);
  const ref = !at ? null : at.kind === 'contender' ? at.contender.card : at.perm.card;
  return ref && !isHiddenCard(ref) ? (lookupCard(s, ref.cardId)?.name ?? 'a card') : 'a card';
}

export function board(s: AlphaClashState): BoardModel {
  const pos = phaseOf(s.step);
  const players: PlayerBoard[] = s.order.map((p) => {
    const ps = s.players[p]!;
    const zones: ZoneModel[] = [
      {
        key: 'hand',
        label: 'Hand',
        layout: 'fan',
        count: ps.handCount,
        cards: ps.hand.map((r) => tile(s, r)),
      },
      { key: 'deck', label: 'Deck', layout: 'pile', count: ps.deckCount, cards: [] },
      {
        key: 'clash',
        label: 'Clash Zone',
        layout: 'row',
        count: ps.clash.length,
        cards: ps.clash.map((x) => {
          const t = tile(s, x.card, x) as CardTile;
          const w = x.weapon ? ps.accessory.find((a) => a.card.id === x.weapon) : undefined;
          return w ? { ...t, attachments: [tile(s, w.card, w) as CardTile] } : t;
        }),
      },
      {
        key: 'accessory',
        label: 'Accessory Zone',
        layout: 'row',
        count: ps.accessory.length,
        cards: ps.accessory.map(
          (x) => ({ ...tile(s, x.card, x), ...(x.faceDown ? { faceDown: true } : {}) }) as Tile,
        ),
      },
      {
        key: 'resources',
        label: 'Resource Zone',
        layout: 'row',
        count: ps.resources.length,
        cards: ps.resources.map((x) => tile(s, x.card, x)),
      },
      {
        key: 'oblivion',
        label: 'Oblivion',
        layout: 'pile',
        count: ps.oblivion.length,
        cards: ps.oblivion.slice(0, 1).map((r) => tile(s, r)),
      },
    ];
    const c = ps.contender;
    return {
      id: p,
      name: ps.name,
      stats: [
        { key: 'health', label: 'Health', value: c?.health ?? 0, max: c?.maxHealth ?? 0 },
        {
          key: 'resources',
          label: 'Ready resources',
          value: ps.resources.filter((r) => !r.engaged).length,
          max: ps.resources.length,
        },
        { key: 'hand', label: 'Hand', value: ps.handCount },
        { key: 'deck', label: 'Deck', value: ps.deckCount },
      ],
      zones,
      hero: c
        ? ({
            ...(tile(s, c.card) as CardTile),
            tapped: c.engaged,
            current: { atk: currentAtk(s, c.card.id), def: currentDef(s, c.card.id) },
          } as CardTile)
        : null,
    };
  });
  const shared: ZoneModel[] = [
    {
      key: 'standby',
      label: 'Standby',
      layout: 'stack',
      count: s.standby.length,
      cards: s.standby.map((o) =>
        o.card
          ? tile(s, o.card)
          : {
              id: o.sid,
              cardId: 'effect',
              face: {
                name: o.source ? `Effect of ${nameInPlay(s, o.source)}` : 'An effect',
                types: ['Effect'],
              },
            },
      ),
    },
    {
      key: 'clashground',
      label: 'Clashground',
      layout: 'row',
      count: s.clashground ? 1 : 0,
      cards: s.clashground ? [tile(s, s.clashground.card, s.clashground)] : [],
    },
  ];
  let banner: string | null = null;
  if (s.clash)
    banner = `Clash: ${s.clash.attacker} attacks ${s.clash.obstructed ? s.clash.obstructors.join(', ') || '(obstructed)' : s.clash.target}${pos.step && STEP_NAMES[pos.step] !== null ? ` (${positionWords(pos.phase, pos.step).step})` : ''}`;
  return boardModel('alpha-clash', s, pos, { acting: actors(s), players, shared, banner });
}

/** Phase and step names as the comprehensive rules write them (500–505, 103). */
const PHASE_NAMES: Readonly<Record<string, string>> = {
  setup: 'Setup',
  startOfTurn: 'Start of Turn Phase',
  expansion: 'Expansion Phase',
  primary: 'Primary Phase',
  clash: 'Clash Phase',
  endOfTurn: 'End of Turn Phase',
  gameOver: 'Game Over',
};
const STEP_NAMES: Readonly<Record<string, string | null>> = {
  cut: 'Deck Cut',
  opening: 'Opening Hand',
  mulligan: 'Mulligan',
  startOfGame: 'Start of the Game',
  ready: 'Ready Step',
  draw: 'Draw Step',
  resource: 'Resource Step',
  // The Primary Phase has no named steps (503).
  main: null,
  attack: 'Attack Step',
  counter: 'Counter Step',
  obstruct: 'Obstruct Step',
  attackerBuff: "Attacker's Clash Buff Step",
  defenderBuff: "Defender's Clash Buff Step",
  damage: 'Damage Step',
  end: 'End of the Clash',
};

/** "clash" + "attackerBuff" → "Clash Phase – Attacker's Clash Buff Step". */
function positionName(phase: string, step: string | null): string {
  const w = positionWords(phase, step);
  return w.step ? `${w.phase} – ${w.step}` : w.phase;
}

/** Phase and step as the Comprehensive Rulebook names them (the site's phase strip and case files). */
export const positionWords = positionNames(PHASE_NAMES, STEP_NAMES);

const PENDING_PROMPTS: Readonly<Record<PendingChoice['kind'], TablePrompt>> = {
  barrage: {
    kind: 'division',
    text: 'Choose the targets of Barrage and divide its damage among them (704.3c–d)',
  },
  discard: { kind: 'choice', text: 'Choose a card of your hand to discard (703.7b)' },
  search: { kind: 'choice', text: 'Search your deck as the game starts (103.6)' },
  payment: { kind: 'choice', text: 'Pay the cost: engage resources one by one (408.7)' },
};

/** What the table asks `player`, in the Comprehensive Rulebook's words; null in priority windows (the host says those). */
export function prompt(s: AlphaClashState, player: PlayerId): TablePrompt | null {
  if (s.status === 'ended') return null;
  if (s.pending) return s.pending.player === player ? PENDING_PROMPTS[s.pending.kind] : null;
  if (s.status === 'setup') {
    if (s.setup.cuts[0])
      return s.setup.cuts[0].by === player
        ? { kind: 'choice', text: "Cut your opponent's deck (103.3a)" }
        : null;
    if (s.setup.mulliganOrder[0] === player)
      return { kind: 'mulligan', text: 'Keep your opening hand or mulligan (103.5)' };
    return null;
  }
  if (s.clash && s.step.endsWith('.obstruct') && s.clash.defendingPlayer === player)
    return {
      kind: 'blockers',
      text: 'Declare obstructors: choose which of your ready Clash cards obstruct the attack, or none (504.2c)',
    };
  return null;
}

/** An identifier in words: "StartOfTurn" → "start of turn". */
function words(id: string): string {
  return id
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]/g, ' ')
    .toLowerCase();
}

/** Which effect of its source triggered: a keyword by its name, a card's printed trigger as "effect". */
function effectWords(effect: string): string {
  if (/^trigger:\d+$/.test(effect)) return 'effect';
  if (effect === 'barrage' || effect === 'enrage' || effect === 'awe')
    return effect[0]!.toUpperCase() + effect.slice(1);
  return `${words(effect)} effect`;
}

/** What a payment is for: a card by its id, an activated effect (Standby id "e8") in words, or the Portal. */
function payingFor(sid: unknown): string {
  if (typeof sid !== 'string') return 'the Portal';
  return /^e\d+$/.test(sid) ? 'the effect' : sid;
}

function plural(n: unknown, one: string, many = `${one}s`): string {
  return `${n} ${Number(n) === 1 ? one : many}`;
}

function name(r: unknown): string {
  const ref = r as AnyRef | undefined;
  if (!ref) return 'a card';
  if (isHiddenCard(ref)) return 'a hidden card';
  return CARD_BY_ID.get(ref.cardId)?.name ?? ref.cardId;
}

/** One line in plain words for the log (GameModule.describe); MatchEnded and types without a line: the kit's. */
export const describe = describeEvents(eventLine);

function eventLine(e: GameEvent): string | null {
  const p = e.payload;
  const who = (p.player as string | undefined) ?? '';
  switch (e.type) {
    case 'MatchStarted':
      return 'The match started.';
    case 'ContenderRevealed':
      return `${who} revealed ${name(p.card)} (${p.health} health).`;
    case 'StartingPlayerDetermined':
      return `${who} goes first (random).`;
    case 'DeckShuffled':
      if (p.reason === 'fork') return `${who}'s deck was reshuffled for the fork (${p.count} cards).`;
      return `${who}'s deck was ${p.reason === 'stacked' ? 'stacked' : 'shuffled'} (${p.count} cards).`;
    case 'DeckCut':
      return `${p.by} cut ${p.deck}'s deck at ${p.at}.`;
    case 'CutDeclined':
      return `${p.by} declined to cut ${p.deck}'s deck.`;
    case 'CardDrawn':
      return `${who} drew ${name(p.card)}.`;
    case 'DrawFromEmptyDeckAttempted':
      return `${who} tried to draw from an empty deck.`;
    case 'MulliganDeclared':
      return Number(p.count) > 0
        ? `${who} mulligans ${plural(p.count, 'card')}.`
        : `${who} keeps their hand.`;
    case 'MulliganShuffled':
      return `${who} shuffled ${plural((p.returned as unknown[]).length, 'card')} back.`;
    case 'TurnStarted':
      return `Turn ${p.turn}: ${who}.`;
    case 'StepStarted': {
      const ph = phaseOf(String(p.step));
      return `${positionName(ph.phase, ph.step)}.`;
    }
    case 'ResourcePlaced':
      return `${who} put ${name(p.card)} into their Resource Zone.`;
    case 'ResourcePlacementSkipped':
      return `${who} placed no resource.`;
    case 'CardPlayed':
      return `${who} played ${name(p.card)}${(p.targets as string[]).length ? ` targeting ${(p.targets as string[]).join(', ')}` : ''}.`;
    case 'TrapSet':
      return `${who} set a Trap.`;
    case 'TrapActivated':
      return `${who} activated ${name(p.card)}.`;
    case 'EffectActivated':
      return `${who} activated the effect of ${p.source}.`;
    case 'EffectTriggered':
      return `${p.source}'s ${effectWords(String(p.effect))} triggered.`;
    case 'PriorityPassed':
      return p.auto
        ? `${who} passes priority automatically (a player cannot respond to their own card).`
        : `${who} passed priority.`;
    case 'StandbyResolved':
      // A card or Trap in Standby is named by its id; an effect's Standby id ("e8") means nothing to a reader, so
      // it is named by its source (events before the source was recorded: "An effect").
      if (p.kind === 'card' || p.kind === 'trap') return `${p.sid} resolved.`;
      return p.source ? `${p.source}'s effect resolved.` : 'An effect resolved.';
    case 'CardNegated':
      return `${name(p.card)} was negated.`;
    case 'PermanentEnteredPlay':
      return `${name(p.card)} entered play${p.engaged ? ' engaged' : ''}.`;
    case 'CardDefeated':
      return `${p.id} was defeated.`;
    case 'CardPutIntoOblivion':
      return `${p.id} was put into Oblivion (${p.reason}).`;
    case 'CardSentToOblivion':
      return `${p.id} was sent to Oblivion.`;
    case 'DamageDealt':
      return `${p.source ?? 'Clash'} dealt ${p.amount} ${p.clash ? 'clash ' : ''}damage to ${p.target}${Number(p.toHealth) > 0 ? ` (${p.toHealth} to health)` : ''}.`;
    case 'DamagePrevented':
      return `Damage to ${p.target} was prevented.`;
    case 'HealthGained':
      return `${who} gained ${p.amount} health.`;
    case 'PortalActivated':
      return `The Portal is now ${p.portal}.`;
    case 'WeaponAttached':
      return `${p.weapon} was attached to ${p.to}.`;
    case 'WeaponUnattached':
      return `${p.weapon} was unattached.`;
    case 'AttackDeclared':
      return `${p.attacker} attacks ${p.target}.`;
    case 'ObstructorDeclared':
      return `${p.id} obstructs.`;
    case 'ObstructorsDeclared':
      return (p.ids as string[]).length
        ? `${who} obstructs with ${(p.ids as string[]).join(', ')}.`
        : `${who} declares no obstructors.`;
    case 'PaymentRequired':
      return `${who} pays ${p.total} ${p.total === 1 ? 'resource' : 'resources'} for ${payingFor(p.sid)}.`;
    case 'ResourceEngaged':
      return `${who} engaged ${p.resource}.`;
    case 'CostPaid':
      return `${who} paid the cost of ${payingFor(p.sid)}.`;
    case 'ClashEnded':
      return `The clash ended (${p.reason}).`;
    case 'SearchOffered':
      return `${who} may search their deck for a ${p.cardType}.`;
    case 'DeckSearched':
      return p.found ? `${who} found ${name(p.found)}.` : `${who} found nothing.`;
    case 'ControlChanged':
      return `${who} gained control of ${p.id}.`;
    case 'DelayedTriggerCreated': {
      const t = p.trigger as { source: string; at: string };
      const at = { endOfTurn: 'at end of turn', startOfNextTurn: 'at the start of the next turn' }[t.at];
      return `${t.source} set up an effect that triggers ${at ?? 'at the start of its controller’s next turn'}.`;
    }
    case 'EffectsExpired':
      return `Effects that lasted until the start of this turn expired (${(p.ids as string[]).join(', ')}).`;
    case 'RemovedFromClash':
      return `${p.id} was removed from the clash (${p.reason}): it is no longer ${p.role === 'attacker' ? 'attacking' : 'obstructing'}.`;
    case 'PermanentReturnedToHand':
      return `${p.id} was returned to ${who}'s hand.`;
    case 'CardReturnedToHand':
      return `${p.sid} was returned to ${who}'s hand.`;
    case 'CardsLookedAt':
      return `${who} looked at the top ${plural(p.count, 'card')} of their deck.`;
    case 'CardRevealed':
      return `${who} revealed ${(p.cards as unknown[]).map(name).join(', ')} from the top of their deck.`;
    case 'DiscardRequired':
      return `${who} must discard a card.`;
    case 'CardDiscarded':
      return `${who} discarded ${name(p.card)}.`;
    case 'TurnEnded':
      return `${who} ended turn ${p.turn}.`;
    case 'PlayerConceded':
      return `${who} conceded.`;
    case 'ContinuousEffectCreated': {
      // One line per effect, saying what it does: several in a row used to read "Continuous Effect Created." each.
      const x = p.effect as {
        target: string;
        atk: number;
        def: number;
        prevent: number;
        until: string;
        source: string | null;
      };
      const sign = (n: number) => (n >= 0 ? `+${n}` : String(n));
      const parts = [
        ...(x.atk || x.def ? [`${sign(x.atk)} ATK / ${sign(x.def)} DEF`] : []),
        ...(x.prevent ? [`prevents the next ${x.prevent} damage`] : []),
      ];
      return `${x.target} ${parts.length ? `gets ${parts.join(' and ')}` : 'is affected'}${x.source ? ` from ${x.source}` : ''} ${x.until === 'yourNextTurn' ? ' until the start of its controller’s next turn' : ` until the end of the ${x.until}`}.`;
    }
    default:
      return e.type.replace(/([a-z])([A-Z])/g, '$1 $2') + '.';
  }
}

export function keyMoment(e: GameEvent): null | { kind: string; label: string } {
  const p = e.payload;
  switch (e.type) {
    case 'AttackDeclared':
      return { kind: 'attack', label: `${p.attacker} attacks ${p.target}` };
    case 'CardDefeated':
      return { kind: 'defeat', label: `${p.id} defeated` };
    case 'DamageDealt':
      return Number(p.toHealth) > 0
        ? { kind: 'damage', label: `${p.target} loses ${p.toHealth} health` }
        : null;
    case 'TrapActivated':
      return { kind: 'trap', label: `${name(p.card)} sprung` };
    case 'CardNegated':
      return { kind: 'negate', label: `${name(p.card)} negated` };
    case 'TurnStarted':
      return { kind: 'turn', label: `Turn ${p.turn}` };
    case 'PlayerConceded':
      return { kind: 'concede', label: `${p.player} conceded` };
    case 'MatchEnded':
      return { kind: 'end', label: String(p.result) };
    default:
      return null;
  }
}

/** The player's table: each command in the rulebook's words (GameModule.describeCommand). */
const commandPhrases: CommandPhrases = {
  CutDeck: (c) => `Cut the deck at card ${String(c.at)}`,
  DeclineCut: () => 'Do not cut the deck',
  KeepHand: () => 'Keep this hand',
  Mulligan: (c, n) =>
    Array.isArray(c.cards) && c.cards.length
      ? `Mulligan: put back ${listWords((c.cards as string[]).map(n))}`
      : 'Mulligan',
  PlaceResource: (c, n) => `Place ${n(String(c.card))} in your Resource Zone`,
  SkipResource: () => 'Place no resource this turn',
  PlayCard: (c, n) =>
    `Play ${n(String(c.card))}${c.x !== undefined ? ` with X = ${String(c.x)}` : ''}${targetsOf(c, n)}${c.alternative ? ' (alternative cost)' : ''}`,
  SetTrap: (c, n) => `Set ${n(String(c.card))} face down as a Trap`,
  ActivateTrap: (c, n) => `Spring the Trap ${n(String(c.trap))}${targetsOf(c, n)}`,
  ActivateEffect: (c, n) => `Activate ${n(String(c.source))}${targetsOf(c, n)}`,
  AttachWeapon: (c, n) => `Attach ${n(String(c.weapon))} to ${n(String(c.to))}`,
  UnattachWeapon: (c, n) => `Unattach ${n(String(c.weapon))}`,
  ActivatePortal: () => 'Activate the Portal (pay 2)',
  DeclareAttack: (c, n) => `Attack ${n(String(c.target))} with ${n(String(c.attacker))}`,
  EndCounterStep: () => 'End the Counter Step',
  DeclareObstructors: (c, n) =>
    Array.isArray(c.cards) && c.cards.length
      ? `Obstruct with ${listWords((c.cards as string[]).map(n))}`
      : 'Do not obstruct',
  PassPriority: () => 'Pass priority',
  ChooseBarrage: (c, n) =>
    `Barrage: ${((c.targets as string[]) ?? []).map((t, i) => `${Array.isArray(c.division) ? `${String(c.division[i])} to ` : ''}${n(t)}`).join(', ')}`,
  EngageResource: (c, n) => `Engage ${n(String(c.resource))} to pay`,
  Discard: (c, n) => `Discard ${n(String(c.card))}`,
  SearchDeck: (c, n) => (c.cardId === null ? 'Find nothing' : `Take ${n(String(c.cardId))} from your deck`),
  EndTurn: () => 'End your turn',
  Concede: () => 'Concede the game',
};

function targetsOf(c: Command, n: (id: string) => string): string {
  const t = Array.isArray(c.targets) ? (c.targets as string[]) : [];
  return t.length ? ` targeting ${listWords(t.map(n))}` : '';
}

/** GameModule.describeCommand: the phrases above. */
export const describeCommand = phrasesToDescribe(commandPhrases);

/** The printed face (the board's and the card list's): Contenders have no cost (301), X costs print as X, the gem
 * requirement follows the cost. */
export function faceOf(d: ACCardDef): CardFace {
  const gems = Object.entries(d.gems)
    .map(([c, n]) => c.repeat(n ?? 0))
    .join('');
  return {
    name: d.name,
    cost: d.type === 'Contender' ? null : `${d.xCost ? 'X' : d.cost}${gems ? ` ${gems}` : ''}`,
    types: [d.type, ...(d.tag ? [d.tag] : [])],
    colors: d.colors,
    stats: {
      ...(d.atk !== undefined ? { atk: d.atk } : {}),
      ...(d.def !== undefined ? { def: d.def } : {}),
      ...(d.health !== undefined ? { health: d.health } : {}),
    },
    keywords: d.keywords.map((k) => (k.x !== undefined ? `${k.k} ${k.x}` : k.k)),
    text: d.text,
  };
}

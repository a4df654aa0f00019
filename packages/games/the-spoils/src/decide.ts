// setup, decide (check everything, then emit through the Draft), legalCommands (candidates filtered by the same
// check, so accepted ⇔ listed) and actors. Every rejection names the most specific rule that forbids the command.
import {
  isHiddenCard,
  allowed,
  commandRule,
  reject,
  type Command,
  type CommandTable,
  type DecideContext,
  type Decision,
  type MatchConfig,
  type PlayerId,
  type Rejection,
} from '@matchtape/engine';
import { cardDef, CARD_IDS } from './cards/pool';
import { keywordOf } from './cards/keywords';
import { validateDeck, type Format } from './cards/decks';
import type { CardDef } from './cards/types';
import {
  advance,
  attach,
  damageTargets,
  draft,
  drawCards,
  endMatch,
  freshIds,
  leavePlay,
  openBattleStep,
  resolveTop,
  resolveTrigger,
  responder,
  runEffects,
  startPayment,
  startTurn,
  type D,
} from './flow';
import { initialState } from './evolve';
import type { MovedCard } from './evolve';
import { commandAllowed, nodeRule } from './machine';
import {
  abilityCost,
  attackRequirement,
  blockForbiddenBy,
  canAttack,
  cardCost,
  controlled,
  defOf,
  isCharacter,
  isFaction,
  isLocation,
  meetsThreshold,
  opponentOf,
  perm,
  pickable,
  pickSpecOf,
  thresholdText,
  unattachedResources,
} from './rules';
import { commandSchema } from './schemas';
import { newPerm, type Card, type ChainItem, type Perm, type SpoilsState } from './types';

export const RULES_VERSION = 'The Spoils Comprehensive Rules Reference, 2013-11-13';
export { CARD_IDS };

// ── Setup (601.1a–c) ───────────────────────────────────────────────────────────────────────────────────

type Seat = MatchConfig['players'][number];

/** Two seats (104: a match option, not a rule of play), each with a deck legal in the match's format (103.1, 103.2). */
function checkSeats(config: MatchConfig, format: Format): Rejection | null {
  if (config.players.length !== 2)
    return reject(
      '104',
      `a match option, not a rule of play: this engine seats two players (tournament formats are left to the Tournament Rules, 104, and responses, 607, are written for one opponent); got ${config.players.length} players`,
    );
  for (const seat of config.players) {
    const problems = validateDeck(seat.deck, format);
    if (problems.length > 0)
      return reject(
        format === 'limited' ? '103.2' : '103.1',
        `${seat.id}'s deck is not legal: ${problems.join('; ')}`,
      );
  }
  return null;
}

/** 601.1a: the seat's faction goes into play, with its influence (or the match's, when the options set one). */
function placeFaction(d: D, config: MatchConfig, seat: Seat): void {
  const factionId = seat.deck.extra!.faction![0]!;
  const { ids, serial } = freshIds(d, 1);
  const influence =
    typeof config.options?.influence === 'number'
      ? config.options.influence
      : cardDef(factionId).faction!.influence;
  const f = newPerm(ids[0]!, factionId, seat.id, seat.id, { influence });
  d.auto('FactionPlaced', { player: seat.id, faction: f, serial }, '601.1a');
}

/** 601.1b, 312.1: the starting resources searched out of the deck, then the deck shuffled (or stacked by a script). */
function searchStartingResources(d: D, config: MatchConfig, seat: Seat): Rejection | null {
  const rules = cardDef(seat.deck.extra!.faction![0]!).faction!;
  const deck = [...seat.deck.main];
  const found: string[] = [];
  for (const want of rules.startingResources) {
    const i = deck.indexOf(want);
    if (i >= 0) found.push(...deck.splice(i, 1));
  }
  const r = freshIds(d, found.length);
  const resources: MovedCard[] = found.map((cardId, i) => ({ fromId: null, id: r.ids[i]!, cardId }));
  const missing = rules.startingResources.filter(
    (x, i) =>
      rules.startingResources.indexOf(x) === i &&
      found.filter((y) => y === x).length < rules.startingResources.filter((y) => y === x).length,
  );
  d.auto('StartingResourcesSearched', { player: seat.id, resources, missing, serial: r.serial }, '601.1b');
  const stacked = config.stack?.[seat.id]?.deck;
  let order: string[];
  if (stacked) {
    const rest = [...deck];
    for (const c of stacked) {
      const i = rest.indexOf(c);
      if (i < 0)
        return reject(
          'command',
          `stack for ${seat.id} names ${c}, which is not (or not often enough) in the deck`,
        );
      rest.splice(i, 1);
    }
    order = [...stacked, ...rest];
  } else order = d.rng.shuffle(deck);
  const ids = freshIds(d, order.length);
  // 312.1: a searched deck is shuffled (a scenario may stack it instead).
  d.auto(
    'DeckShuffled',
    {
      player: seat.id,
      deck: order.map((cardId, i) => ({ id: ids.ids[i]!, cardId })),
      stacked: stacked !== undefined,
      serial: ids.serial,
    },
    '312.1',
  );
  return null;
}

export function setup(config: MatchConfig, ctx: DecideContext & { seedCommitment: string }): Decision {
  const format = (config.options?.format as Format | undefined) ?? 'constructed';
  const refused = checkSeats(config, format);
  if (refused) return refused;
  const d = draft(initialState(), ctx.rng);
  const turnLimit = typeof config.options?.turnLimit === 'number' ? config.options.turnLimit : 100;
  d.auto(
    'MatchStarted',
    {
      matchId: config.matchId,
      players: config.players.map((p) => ({ id: p.id, name: p.name })),
      seedCommitment: ctx.seedCommitment,
      turnLimit,
      rulesVersion: RULES_VERSION,
      serial: 0,
    },
    '601.1',
  );
  for (const seat of config.players) placeFaction(d, config, seat);
  for (const seat of config.players) {
    const bad = searchStartingResources(d, config, seat);
    if (bad) return bad;
  }
  const chooser = config.players[d.rng.int(config.players.length)]!.id;
  d.auto('FirstPlayerChooserDrawn', { chooser }, '601.1c');
  d.auto('StepEntered', { phase: 'setup', step: 'choose-first-player' }, '601.1c');
  d.auto(
    'PromptOpened',
    { prompt: { kind: 'choose-first-player', player: chooser, rule: '601.1c' } },
    '601.1c',
  );
  return d.done();
}

// ── Who acts ───────────────────────────────────────────────────────────────────────────────────────────

type Situation =
  | 'ended'
  | 'prompt'
  | 'payment'
  | 'response'
  | 'battle-window'
  | 'attackers'
  | 'blockers'
  | 'assign'
  | 'idle'
  | 'none';

export function situation(s: SpoilsState): Situation {
  if (s.status === 'ended') return 'ended';
  if (s.prompt) return 'prompt';
  if (s.payment) return 'payment';
  if (s.chain.length > 0) return 'response';
  if (s.phase === 'battle' && s.battle) {
    if (s.step === 'attackers') return 'attackers';
    if (s.step === 'blockers') return 'blockers';
    if (s.step === 'assign-attackers' || s.step === 'assign-blockers') return 'assign';
    return s.battle.windowHolder ? 'battle-window' : 'none';
  }
  if (s.phase === 'main' && !s.endAnnounced) return 'idle';
  return 'none';
}

export function actors(s: SpoilsState): PlayerId[] {
  switch (situation(s)) {
    case 'prompt':
      return [s.prompt!.player];
    case 'payment':
      return [s.payment!.player];
    case 'response':
      return [responder(s)!];
    case 'battle-window':
      return [s.battle!.windowHolder!];
    case 'attackers':
      return [s.battle!.attacker];
    case 'blockers':
      return [s.battle!.defender];
    case 'assign':
      return [s.step === 'assign-attackers' ? s.battle!.attacker : s.battle!.defender];
    case 'idle':
      return [s.activePlayer!];
    default:
      return [];
  }
}

/** Why `p` may not act now, with the rule. */
function notYourMove(s: SpoilsState, p: PlayerId): Rejection {
  const sit = situation(s);
  if (sit === 'ended') return reject('102.1', 'the game is over');
  if (sit === 'prompt')
    return reject(s.prompt!.rule, `${s.prompt!.player} must first answer: ${s.prompt!.kind}`);
  if (sit === 'payment')
    return reject(
      '406.3a',
      `${s.payment!.player} is paying a numeric cost (${s.payment!.remaining} more to attach)`,
    );
  if (sit === 'response') {
    const top = s.chain[s.chain.length - 1]!;
    if (top.controller === p)
      return reject(
        '607.1',
        `you cannot respond to your own action (${top.label}); ${responder(s)} may respond`,
      );
    return reject('607.1', `${responder(s)} may respond now`);
  }
  if (sit === 'battle-window')
    return reject(nodeRule(s), `${s.battle!.windowHolder} may play tactics and use abilities now`);
  if (sit === 'idle')
    return reject(
      '603.1',
      `only the active player (${s.activePlayer}) acts outside responses and battle windows`,
    );
  return reject(nodeRule(s), `${actors(s).join(', ') || 'nobody'} acts now, not ${p}`);
}

// ── Checking commands ──────────────────────────────────────────────────────────────────────────────────

const str = (x: unknown): string | null => (typeof x === 'string' ? x : null);

function handCard(s: SpoilsState, p: PlayerId, id: unknown): Card | null {
  const c = s.players[p]?.hand.find((x) => x.id === id);
  return c && !isHiddenCard(c) ? c : null;
}

/** May a tactic-like card or an ability be used now (idle, or a window this player holds)? */
function canActNow(sit: Situation): boolean {
  return sit === 'idle' || sit === 'response' || sit === 'battle-window';
}

interface PlayPlan {
  def: CardDef;
  fromId: string;
  flipUp: boolean;
  /** The Flip Up card pays one of its own Flip Up cost (507.4b); `flipFromOthers` more come from other resources. */
  flipSelf: boolean;
  flipFromOthers: number;
  pick: string | null;
  sacrifice: string | null;
  total: number;
  flipCost: number;
  breakdown: Record<string, number>;
}

/**
 * The card played: from your hand, or a face-down resource of yours played with Flip Up (604.1a, 507.4a); not a
 * resource (203.1); a tactic or Tactical card outside an idle moment (507.6a, 607.2); its threshold met (604.1b).
 */
function checkSource(
  s: SpoilsState,
  p: PlayerId,
  c: Command,
  sit: Situation,
): { def: CardDef; fromId: string; flip: Perm | null } | Rejection {
  const fromHand = handCard(s, p, c.card);
  const fd = fromHand ? undefined : perm(s, c.card);
  const flipUp = fd !== undefined && fd.faceDown && fd.controller === p && fd.cardId !== null;
  if (!fromHand && !flipUp)
    return reject(
      '604.1a',
      `${String(c.card)} is not a card in your hand (or a face-down resource of yours to play with Flip Up)`,
    );
  const def = cardDef(fromHand ? fromHand.cardId : fd!.cardId!);
  if (flipUp && !keywordOf(def, 'flip-up'))
    return reject(
      '507.4a',
      `${def.name} has no Flip Up: a face-down resource can only be played with Flip Up`,
    );
  if (def.types.every((t) => t === 'resource'))
    return reject(
      '203.1',
      `${def.name} is a resource: you play resources only when an effect tells you to (203.1, 605.2)`,
    );
  const tacticLike = def.types.includes('tactic') || keywordOf(def, 'tactical') !== undefined;
  if (sit !== 'idle' && !tacticLike)
    return reject(
      sit === 'response' ? '607.2' : nodeRule(s),
      `only tactics and Tactical cards can be played now (507.6a); ${def.name} is a ${def.types.join('/')}`,
    );
  const threshold = flipUp ? keywordOf(def, 'flip-up')!.threshold : def.threshold;
  if (!meetsThreshold(s, p, threshold))
    return reject(
      flipUp ? '507.4a' : '604.1b',
      `you do not meet ${def.name}'s ${flipUp ? 'Flip Up ' : ''}threshold (${thresholdText(threshold)}); resource icons are never spent (405.6)`,
    );
  return { def, fromId: fromHand ? fromHand.id : fd!.id, flip: flipUp ? fd! : null };
}

/** The pick its play cost asks for (401.2; an Attach to host, 507.2a), or none where it asks for none (401.1). */
function checkPick(s: SpoilsState, p: PlayerId, def: CardDef, c: Command): Rejection | null {
  const spec = pickSpecOf(def, def.playCost);
  const pick = str(c.pick);
  if (!spec)
    return c.pick !== undefined ? reject('401.1', `${def.name} picks nothing; leave "pick" out`) : null;
  if (!pick)
    return reject(
      keywordOf(def, 'attach-to') ? '507.2a' : '401.2',
      `${def.name} needs a pick: name a ${spec.type} in "pick"`,
    );
  if (!pickable(s, p, spec).some((x) => x.id === pick))
    return reject(
      keywordOf(def, 'attach-to') ? '507.2a' : '310.1',
      `${pick} cannot be picked for ${def.name}: it must be a ${spec.type}${spec.controller === 'you' ? ' you control' : spec.controller === 'opponent' ? ' your opponent controls' : ''} in play${spec.maxStrength !== undefined ? ` with ${spec.maxStrength} strength or less` : ''}`,
    );
  return null;
}

/** The character a destroy cost names (401.2), or none where the cost has no destroy (401.1). */
function checkSacrifice(s: SpoilsState, p: PlayerId, def: CardDef, c: Command): Rejection | null {
  if (!def.playCost.some((x) => x.kind === 'destroy-own'))
    return c.sacrifice !== undefined
      ? reject('401.1', `${def.name} has no destroy cost; leave "sacrifice" out`)
      : null;
  const x = perm(s, str(c.sacrifice));
  if (!x || x.controller !== p || !isCharacter(x))
    return reject('401.2', `${def.name}'s cost destroys a character you control: name one in "sacrifice"`);
  return null;
}

function checkPlayCard(s: SpoilsState, p: PlayerId, c: Command, sit: Situation): PlayPlan | Rejection {
  const source = checkSource(s, p, c, sit);
  if ('ok' in source) return source;
  const { def, fromId, flip } = source;
  const flipUp = flip !== null;
  const refused = checkPick(s, p, def, c) ?? checkSacrifice(s, p, def, c);
  if (refused) return refused;
  const pick = str(c.pick);
  const sacrifice = str(c.sacrifice);
  const cost = cardCost(s, p, def, flipUp);
  const flipCost = flipUp ? keywordOf(def, 'flip-up')!.cost : 0;
  // 507.4b: the card may pay its own Flip Up cost, but only while it is unattached (203.3a: an attached resource
  // cannot be attached again); the rest of the Flip Up cost comes from other unattached resources, now.
  const selfPays = flipUp && flipCost > 0 && flip!.attachedTo === null;
  const others = unattachedResources(s, p).filter((x) => x.id !== fromId);
  const flipFromOthers = flipCost - (selfPays ? 1 : 0);
  if (flipFromOthers > others.length)
    return reject(
      '203.3a',
      `${def.name}'s Flip Up cost is ${flipCost} but you have ${others.length}${flipUp && flip!.attachedTo !== null ? ' other' : ''} unattached resources${flip!.attachedTo !== null ? ' (this card is already attached to your faction, so it cannot pay for itself)' : ''}; you can only attach resources that are not attached to anything`,
    );
  // 406.3 / 406.3a: the extra costs are satisfied before the numeric cost is paid, so resources they create (an
  // attachment flipped face-down as a resource when its host is destroyed, 506.2a) may pay the balance.
  const after = sacrifice ? resourcesAfterSacrifice(s, p, sacrifice, fromId) : others.length;
  const gained = Math.max(0, after - others.length);
  const balance = cost.total - flipCost;
  const available = others.length - flipFromOthers + gained;
  if (balance > available)
    return reject(
      '604.1e',
      `${def.name} costs ${cost.total} (${flipUp ? 'Flip Up cost' : 'cost'} ${cost.start}${cost.added ? ` + pay ${cost.added}` : ''}${cost.increases ? ` + ${cost.increases} increases` : ''}${cost.reductions ? ` − ${cost.reductions} reductions` : ''}, 406.3) but after its other costs you would have ${available} unattached resources to pay ${balance} (309.1a)`,
    );
  return {
    def,
    fromId,
    flipUp,
    flipSelf: selfPays,
    flipFromOthers,
    pick,
    sacrifice,
    total: cost.total,
    flipCost,
    breakdown: { ...cost },
  };
}

/**
 * Unattached resources `p` would have, besides the card being played, once `sacrifice` is destroyed as a cost
 * (replacements of attached cards apply, 506.2a).
 */
function resourcesAfterSacrifice(s: SpoilsState, p: PlayerId, sacrifice: string, playing: string): number {
  const d = draft(s, null);
  leavePlay(d, [sacrifice], '401.3', { cost: true, reason: 'destroyed' });
  return unattachedResources(d.state, p).filter((x) => x.id !== playing).length;
}

interface AbilityPlan {
  source: Perm;
  def: CardDef;
  index: number;
  pick: string | null;
}

function checkUseAbility(s: SpoilsState, p: PlayerId, c: Command, sit: Situation): AbilityPlan | Rejection {
  const source = perm(s, c.source);
  if (!source || source.controller !== p || source.faceDown)
    return reject('606.1a', `${String(c.source)} is not a face-up card you control`);
  const def = defOf(source)!;
  const index = typeof c.ability === 'number' ? c.ability : -1;
  const ab = def.abilities[index];
  if (!ab)
    return reject(
      '606.1a',
      `${def.name} has no ability ${String(c.ability)}${def.abilities.length ? ` (it has ${def.abilities.map((a, i) => `${i}: ${a.name}`).join(', ')})` : ''}`,
    );
  if (ab.threshold && !meetsThreshold(s, p, ab.threshold))
    return reject('606.1b', `you do not meet ${ab.name}'s threshold (${thresholdText(ab.threshold)})`);
  for (const cost of ab.cost) {
    if (cost.kind === 'deplete-self' && source.depleted)
      return reject('303.2', `${def.name} is already depleted; you can only deplete a card that isn't`);
    if (cost.kind === 'remove-tokens' && (source.tokens[cost.token] ?? 0) < cost.n)
      return reject(
        '401.3b',
        `${ab.name} removes ${cost.n} ${cost.token} tokens; ${def.name} has ${source.tokens[cost.token] ?? 0}`,
      );
    if (cost.kind === 'your-turn-only' && s.activePlayer !== p)
      return reject('401.3a', `${ab.name} can be used only during your turn`);
  }
  const spec = pickSpecOf(null, ab.cost);
  const pick = str(c.pick);
  if (spec) {
    if (!pick || !pickable(s, p, spec).some((x) => x.id === pick))
      return reject('310.1', `${ab.name} needs a pick: a ${spec.type} in play`);
  } else if (c.pick !== undefined) return reject('401.1', `${ab.name} picks nothing; leave "pick" out`);
  const total = abilityCost(ab.cost);
  if (total > unattachedResources(s, p).length)
    return reject(
      '606.1d',
      `${ab.name} costs ${total} and you have ${unattachedResources(s, p).length} unattached resources`,
    );
  if (!canActNow(sit))
    return reject('607.2', 'abilities are used in your turn, in response, or in battle windows');
  return { source, def, index, pick };
}

export function check(s: SpoilsState, c: Command): Rejection | null {
  const parsed = commandSchema.safeParse(stripPlayer(c));
  if (!parsed.success)
    return reject(
      'command',
      `malformed ${String(c.type)} command: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'command'}: ${i.message}`).join('; ')}`,
    );
  return checkRules(s, c);
}

/** The rules part of `check`, for commands already known to be well-formed (legalCommands' own candidates). */
function checkRules(s: SpoilsState, c: Command): Rejection | null {
  const p = c.player;
  if (!s.order.includes(p)) return reject('command', `${p} is not a player of this match`);
  if (s.status === 'ended') return reject('102.1', 'the game is over');
  // Conceding is tournament policy, not a rule of play (104 leaves tournaments to the Tournament Rules): a
  // player may always leave a game, so any seat may concede at any moment, priority or not.
  if (c.type === 'Concede') return null;
  if (!commandAllowed(s, c.type))
    return reject(
      COMMAND_RULES[c.type] ?? nodeRule(s),
      `${c.type} is not possible now (${s.phase}${s.step ? `, ${s.step}` : ''})`,
    );
  if (!actors(s).includes(p)) return notYourMove(s, p);
  const sit = situation(s);
  const pr = s.prompt;
  // Battle steps take their commands only while nothing else (a prompt, a payment, responses) is waiting.
  const battleStep: Record<string, Situation> = {
    AddAttacker: 'attackers',
    ConfirmAttackers: 'attackers',
    AddBlocker: 'blockers',
    ConfirmBlockers: 'blockers',
    AssignDamage: 'assign',
  };
  const needed = battleStep[c.type];
  if (needed && sit !== needed)
    return reject(
      sit === 'payment'
        ? '406.3a'
        : sit === 'prompt'
          ? pr!.rule
          : sit === 'response'
            ? '607.2'
            : COMMAND_RULES[c.type]!,
      `${c.type} must wait: ${sit === 'payment' ? 'a payment is being made' : sit === 'prompt' ? `${pr!.player} must first answer ${pr!.kind}` : sit === 'response' ? 'an action is waiting for responses' : 'not this step'}`,
    );
  const rule = commandRule(COMMANDS, c.type);
  return rule ? rule.check(s, c, p) : reject('command', `unknown command ${String(c.type)}`);
}

/** A command answering a prompt: rejected (citing `rule`) unless a prompt of that kind is open. */
function promptOnly(s: SpoilsState, c: Command, kind: string, rule: string): Rejection | null {
  return s.prompt?.kind === kind ? null : reject(rule, `${c.type} answers a ${kind} prompt; none is open`);
}

export const COMMAND_RULES: Readonly<Record<string, string>> = {
  ChooseFirstPlayer: '601.1c',
  MulliganCard: '601.1f',
  EndMulligan: '601.1f',
  Attack: '608.1a',
  EndTurn: '603.2d',
  AddAttacker: '608.1b',
  ConfirmAttackers: '608.1b',
  AddBlocker: '608.1d',
  ConfirmBlockers: '608.1d',
  AssignDamage: '609.1c',
  PlayCard: '603.2a',
  UseAbility: '603.2b',
  Pass: '607.2',
};

function stripPlayer(c: Command): Record<string, unknown> {
  const { player: _p, commandId: _c, ...rest } = c;
  return rest;
}

// ── Doing it ───────────────────────────────────────────────────────────────────────────────────────────

export function decide(s: SpoilsState, c: Command, ctx: DecideContext): Decision {
  const bad = check(s, c);
  if (bad) return bad;
  const d = draft(s, ctx.rng);
  commandRule(COMMANDS, c.type)!.perform(d, c, c.player);
  return d.done();
}

function newItem(
  d: D,
  kind: ChainItem['kind'],
  p: PlayerId,
  rest: Partial<ChainItem>,
  label: string,
): { item: ChainItem; serial: number } {
  const { ids, serial } = freshIds(d, 1);
  return {
    item: {
      iid: ids[0]!,
      kind,
      controller: p,
      card: null,
      source: null,
      sourceCardId: null,
      ability: null,
      picked: null,
      flipUp: false,
      label,
      ...rest,
    },
    serial,
  };
}

/** Every command: `check` (the rules it must meet, given the gate in `checkRules` passed) and `perform`. */
export const COMMANDS: CommandTable<SpoilsState, Command, D> = {
  Concede: {
    check: allowed, // never reached: checkRules lets a concession through before any rule (104)
    perform(d, _c, p) {
      const s = d.state;
      const winner = opponentOf(s, p);
      d.emit('PlayerConceded', { player: p }, { rule: '104' });
      endMatch(
        d,
        winner,
        `${winner} wins: ${p} conceded (tournament policy, 104: a player may always leave the game)`,
        '104',
        [p],
      );
    },
  },
  ChooseFirstPlayer: {
    check(s, c) {
      return (
        promptOnly(s, c, 'choose-first-player', '601.1c') ??
        (s.order.includes(c.first as PlayerId)
          ? null
          : reject('601.1c', `${String(c.first)} is not a player`))
      );
    },
    perform(d, c, p) {
      const s = d.state;
      const first = c.first as PlayerId;
      d.emit('FirstPlayerChosen', { chooser: p, first }, { rule: '601.1c' });
      for (const q of s.order) {
        const res = d.state.perms.filter(
          (x) => x.owner === q && x.faceDown && x.attachedTo === null && !isFaction(x),
        );
        d.auto(
          'StartingResourcesRevealed',
          { player: q, resources: res.map((x) => ({ id: x.id, cardId: x.cardId })) },
          '601.1d',
        );
      }
      const second = opponentOf(s, first);
      for (const q of [first, second]) {
        const draw = cardDef(d.state.perms.find((x) => x.id === d.state.players[q]!.faction)!.cardId!)
          .faction!.startingDraw;
        drawCards(d, q, q === first ? draw.first : draw.second, '601.1e');
      }
      d.auto('StepEntered', { phase: 'setup', step: 'mulligan' }, '601.1d');
      d.auto(
        'PromptOpened',
        { prompt: { kind: 'mulligan', player: first, rule: '601.1f', bottomed: 0 } },
        '601.1f',
      );
    },
  },
  MulliganCard: {
    check(s, c, p) {
      return (
        promptOnly(s, c, 'mulligan', '601.1f') ??
        (handCard(s, p, c.card) ? null : reject('601.1f', `${String(c.card)} is not in your hand`))
      );
    },
    perform(d, c, p) {
      const s = d.state;
      const card = handCard(s, p, c.card)!;
      const { ids, serial } = freshIds(d, 1);
      d.emit(
        'MulliganCardBottomed',
        { player: p, move: { fromId: card.id, id: ids[0]!, cardId: card.cardId }, serial },
        { rule: '601.1f' },
      );
    },
  },
  EndMulligan: {
    check(s, c) {
      return promptOnly(s, c, 'mulligan', '601.1f');
    },
    perform(d, _c, p) {
      const s = d.state;
      const n = s.prompt!.kind === 'mulligan' ? s.prompt!.bottomed : 0;
      d.emit('MulliganEnded', { player: p, count: n }, { rule: '601.1f' });
      drawCards(d, p, n, '601.1f');
      // 601.1g: each player in turn order does step F.
      const next = [s.firstPlayer!, opponentOf(s, s.firstPlayer!)].find(
        (q) => !d.state.players[q]!.mulliganDone,
      );
      if (next)
        d.auto(
          'PromptOpened',
          { prompt: { kind: 'mulligan', player: next, rule: '601.1f', bottomed: 0 } },
          '601.1g',
        );
      else {
        startTurn(d, s.firstPlayer!); // 601.1h
        advance(d);
      }
    },
  },
  ResolveTrigger: {
    check(s, c) {
      return (
        promptOnly(s, c, 'order-triggers', '503.4') ??
        (s.triggers.some((t) => t.tid === c.trigger)
          ? null
          : reject('503.4a', `${String(c.trigger)} is not a pending trigger`))
      );
    },
    perform(d, c) {
      const s = d.state;
      const t = s.triggers.find((x) => x.tid === c.trigger)!;
      resolveTrigger(d, t);
      advance(d);
    },
  },
  Develop: {
    check(s, c, p) {
      const r = promptOnly(s, c, 'develop', '202.8');
      if (r) return r;
      if (c.mode === 'draw')
        return c.card === undefined && c.faceDown === undefined
          ? null
          : reject('command', 'Develop { mode: "draw" } takes no card');
      const hc = handCard(s, p, c.card);
      if (!hc) return reject('605.1a', `${String(c.card)} is not a card in your hand`);
      if (typeof c.faceDown !== 'boolean')
        return reject('605.1b', 'say whether the resource is played face-down (faceDown: true/false)');
      if (!c.faceDown && !cardDef(hc.cardId).types.includes('resource'))
        return reject(
          '203.2',
          `${cardDef(hc.cardId).name} is not a resource card: only resource cards can be played face-up`,
        );
      return null;
    },
    perform(d, c, p) {
      const s = d.state;
      d.emit('PromptClosed', { player: p, choice: String(c.mode) }, { rule: '202.8' });
      if (c.mode === 'draw') drawCards(d, p, 1, '202.8');
      else playResource(d, p, handCard(s, p, c.card)!, c.faceDown === true);
      advance(d);
    },
  },
  Bid: {
    check(s, c, p) {
      const pr = s.prompt;
      const r = promptOnly(s, c, 'bid', '413.1');
      if (r) return r;
      const amount = c.amount as number;
      if (pr!.kind !== 'bid') return r;
      if (amount <= pr!.high) return reject('413.1', `each bid must be higher than the last (${pr!.high})`);
      if (amount > unattachedResources(s, p).length)
        return reject(
          '413.1b',
          `you cannot pay ${amount}: bid at most ${unattachedResources(s, p).length} or pass`,
        );
      return null;
    },
    perform: performBidPassBid,
  },
  PassBid: {
    check(s, c) {
      return promptOnly(s, c, 'bid', '413.1b');
    },
    perform: performBidPassBid,
  },
  FindCard: {
    check(s, c, p) {
      const r = promptOnly(s, c, 'search', '312.2');
      if (r) return r;
      if (c.card === undefined) return null;
      const found = s.players[p]!.deck.find((x) => x.id === c.card);
      return found && !isHiddenCard(found) && cardDef(found.cardId).types.includes('item')
        ? null
        : reject('312.2', `${String(c.card)} is not an item in your deck`);
    },
    perform(d, c, p) {
      const s = d.state;
      const deck = s.players[p]!.deck;
      const found = c.card === undefined ? null : (deck.find((x) => x.id === c.card) as Card);
      const { ids, serial } = freshIds(d, 1);
      d.emit(
        'DeckSearched',
        {
          player: p,
          found: found ? { fromId: found.id, id: ids[0]!, cardId: found.cardId } : null,
          criteria: 'item',
          serial,
        },
        { rule: '312.2' },
      );
      shuffleDeck(d, p, '312.1');
      advance(d);
    },
  },
  KeepUnique: {
    check(s, c) {
      const pr = s.prompt;
      return (
        promptOnly(s, c, 'keep-unique', '507.5a') ??
        (pr!.kind === 'keep-unique' && pr!.ids.includes(c.card as string)
          ? null
          : reject('507.5a', `keep one of ${pr?.kind === 'keep-unique' ? pr.ids.join(', ') : ''}`))
      );
    },
    perform(d, c, p) {
      const s = d.state;
      const pr = s.prompt!;
      d.emit('PromptClosed', { player: p, kept: String(c.card) }, { rule: '507.5a' });
      if (pr.kind === 'keep-unique')
        leavePlay(
          d,
          pr.ids.filter((x) => x !== c.card),
          '507.5a',
        );
      advance(d);
    },
  },
  AttachResource: {
    check(s, c, p) {
      const sit = situation(s);
      if (sit !== 'payment') return reject('309.1', 'there is no numeric cost to pay');
      const x = perm(s, c.resource);
      if (!x || x.controller !== p)
        return reject('309.1', `${String(c.resource)} is not a resource you control`);
      if (!unattachedResources(s, p).includes(x))
        return reject(
          '309.1a',
          `${String(c.resource)} is not an unattached resource: only resources not attached to anything can pay`,
        );
      return null;
    },
    perform(d, c) {
      attach(d, [c.resource as string], false);
      advance(d);
    },
  },
  PlayCard: {
    check(s, c, p) {
      const sit = situation(s);
      const pr = s.prompt;
      // A payment or a prompt decides by its own rule; otherwise a battle step is under way (603.2a: cards are played
      // in the turn's open moments, 607.2 and 609.1a in responses and battle windows).
      if (!canActNow(sit))
        return reject(
          sit === 'payment' ? '406.3a' : sit === 'prompt' ? pr!.rule : '603.2a',
          `you cannot play a card now (${sit === 'payment' ? 'a payment is being made' : sit === 'prompt' ? `${pr!.player} must first answer ${pr!.kind}` : 'a battle step is waiting for its own command'})`,
        );
      const r = checkPlayCard(s, p, c, sit);
      return 'ok' in r ? r : null;
    },
    perform(d, c, p) {
      const s = d.state;
      const sit = situation(s);
      const plan = checkPlayCard(s, p, c, sit) as PlayPlan;
      if (plan.flipUp) {
        // 507.4b: the Flip Up cost is paid before the flip, so the card can pay for itself (it is leaving play anyway).
        const extra = unattachedResources(s, p)
          .filter((x) => x.id !== plan.fromId)
          .slice(0, plan.flipFromOthers)
          .map((x) => x.id);
        const ids = plan.flipSelf ? [plan.fromId, ...extra] : extra;
        if (ids.length > 0)
          d.emit(
            'ResourcesAttached',
            { player: p, ids, to: s.players[p]!.faction, payment: false },
            { rule: plan.flipSelf ? '507.4b' : '507.4a' },
          );
      }
      const card: Card = { id: plan.fromId, cardId: plan.def.id };
      const { item, serial } = newItem(
        d,
        'card',
        p,
        { card, picked: plan.pick, flipUp: plan.flipUp },
        `${plan.def.name}${plan.pick ? ` → ${plan.pick}` : ''}`,
      );
      d.emit(
        'CardPlayStarted',
        { player: p, item, fromId: plan.fromId, via: plan.flipUp ? 'flip-up' : 'hand', serial },
        { rule: plan.flipUp ? '507.4a' : '604.1c' },
      );
      // 604.1d: extra costs in order (401.3), then the numeric cost last (406.3a).
      if (plan.sacrifice) leavePlay(d, [plan.sacrifice], '401.3', { cost: true, reason: 'destroyed' });
      startPayment(d, p, plan.total - plan.flipCost, 'item', plan.breakdown);
      advance(d);
    },
  },
  UseAbility: {
    check(s, c, p) {
      const sit = situation(s);
      const r = checkUseAbility(s, p, c, sit);
      return 'ok' in r ? r : null;
    },
    perform(d, c, p) {
      const s = d.state;
      const sit = situation(s);
      const plan = checkUseAbility(s, p, c, sit) as AbilityPlan;
      const ab = plan.def.abilities[plan.index]!;
      const { item, serial } = newItem(
        d,
        'ability',
        p,
        { source: plan.source.id, sourceCardId: plan.def.id, ability: plan.index, picked: plan.pick },
        `${plan.def.name}: ${ab.name}${plan.pick ? ` → ${plan.pick}` : ''}`,
      );
      d.emit('AbilityUsed', { player: p, item, serial }, { rule: '606.1a' });
      for (const cost of ab.cost) {
        if (cost.kind === 'deplete-self') d.auto('CardsDepleted', { ids: [plan.source.id] }, '303.1');
        if (cost.kind === 'remove-tokens')
          d.auto('TokensChanged', { card: plan.source.id, kind: cost.token, delta: -cost.n }, '401.3b');
      }
      startPayment(d, p, abilityCost(ab.cost), 'item', { pay: abilityCost(ab.cost) });
      advance(d);
    },
  },
  Pass: {
    check(s) {
      const sit = situation(s);
      return sit === 'response' || sit === 'battle-window'
        ? null
        : reject('607.2', 'there is nothing to pass on: the active player ends the turn with EndTurn');
    },
    perform(d, _c, p) {
      const s = d.state;
      const sit = situation(s);
      if (sit === 'response') {
        d.emit('ResponsesDone', { player: p, iid: s.chain[s.chain.length - 1]!.iid }, { rule: '607.2' });
        resolveTop(d);
      } else {
        const b = s.battle!;
        d.emit(
          'BattleWindowPassed',
          { player: p, next: p === b.attacker ? b.defender : null },
          { rule: nodeRule(s) },
        );
      }
      advance(d);
    },
  },
  EndTurn: {
    check(s) {
      const sit = situation(s);
      if (sit !== 'idle')
        return reject('603.2d', 'the turn can be ended only by the active player with nothing waiting');
      return s.endAnnounced
        ? reject('603.2d', 'the end of the turn was already announced (only once)')
        : null;
    },
    perform(d, _c, p) {
      const { item, serial } = newItem(d, 'end-turn', p, {}, `${p} ends the turn`);
      d.emit('EndTurnAnnounced', { player: p, item, serial }, { rule: '610.1' });
    },
  },
  Attack: {
    check(s, c, p) {
      const sit = situation(s);
      if (sit !== 'idle') return reject('608.1a', 'attack only when you have the floor in your turn');
      // 608.1a: without a target you attack your opponent's faction.
      const t = perm(s, c.target ?? s.players[opponentOf(s, p)]!.faction);
      if (!t || t.controller === p || !(isFaction(t) || isLocation(t)))
        return reject(
          '608.1a',
          `${String(c.target)} is not a faction or location you don't control (leave "target" out to attack your opponent's faction)`,
        );
      if (!controlled(s, p).some((x) => canAttack(s, x, p)))
        return reject(
          '608.1a',
          'you have no character that can attack: it must be restored and under your control since the start of the turn (608.1b)',
        );
      const req = attackRequirement(s, p);
      if (req > unattachedResources(s, p).length)
        return reject(
          '505.1',
          `you must pay ${req} to form an attacking party and have ${unattachedResources(s, p).length} unattached resources`,
        );
      return null;
    },
    perform(d, c, p) {
      const s = d.state;
      const t = perm(s, c.target ?? s.players[opponentOf(s, p)]!.faction)!;
      d.emit(
        'BattleStarted',
        {
          battle: {
            attacker: p,
            defender: t.controller,
            target: t.id,
            attackers: [],
            blockers: [],
            blocked: false,
            covert: false,
            speed: null,
            assigned: [],
            toAssign: {},
            pending: [],
            windowHolder: null,
          },
        },
        { rule: '608.1a' },
      );
      d.auto('StepEntered', { phase: 'battle', step: 'attackers' }, '608.1a');
    },
  },
  AddAttacker: {
    check(s, c, p) {
      const x = perm(s, c.card);
      if (!x || !canAttack(s, x, p))
        return reject(
          '608.1b',
          `${String(c.card)} cannot attack: it must be a restored character you have controlled since the start of the turn`,
        );
      return s.battle!.attackers.includes(x.id) ? reject('608.1b', `${x.id} is already attacking`) : null;
    },
    perform(d, c, p) {
      d.emit('AttackerAdded', { player: p, card: String(c.card) }, { rule: '608.1b' });
    },
  },
  ConfirmAttackers: {
    check(s) {
      return s.battle!.attackers.length > 0
        ? null
        : reject('608.1b', 'choose one or more attackers first (AddAttacker)');
    },
    perform(d, _c, p) {
      const s = d.state;
      const b = s.battle!;
      const covert = b.attackers.every(
        (id) => perm(s, id) && defOf(perm(s, id)!)?.keywords.some((k) => k.kw === 'covert'),
      );
      d.emit(
        'AttackingPartyFormed',
        { player: p, attackers: b.attackers, covert },
        { rule: covert ? '507.3a' : '608.1b' },
      );
      d.auto('CardsDepleted', { ids: b.attackers }, '608.1b');
      const req = attackRequirement(s, p);
      if (req > 0) startPayment(d, p, req, 'party', { requirement: req });
      else openBattleStep(d, 'pre-block');
      advance(d);
    },
  },
  AddBlocker: {
    check(s, c) {
      const x = perm(s, c.card);
      if (!x) return reject('608.1d', `${String(c.card)} is not in play`);
      const why = blockForbiddenBy(s, x);
      return why
        ? reject(
            why,
            `${x.id} cannot block ${why === '412.1' ? 'a party that cannot be blocked' : why === '507.3b' ? 'a covert party (only covert characters can)' : why === '507.3c' ? 'this party: covert characters block only covert parties' : 'now: it must be a restored character of the defending player, not already blocking'}`,
          )
        : null;
    },
    perform(d, c, p) {
      d.emit('BlockerAdded', { player: p, card: String(c.card) }, { rule: '608.1d' });
    },
  },
  ConfirmBlockers: {
    check() {
      return null;
    },
    perform(d, _c, p) {
      const s = d.state;
      d.emit('BlockingPartyFormed', { player: p, blockers: s.battle!.blockers }, { rule: '608.1d' });
      openBattleStep(d, 'window-a');
      advance(d);
    },
  },
  AssignDamage: {
    check(s, c) {
      const b = s.battle!;
      const side = s.step === 'assign-attackers' ? b.attackers : b.blockers;
      const src = c.source as string;
      const left = b.toAssign[src] ?? 0;
      const rule = s.step === 'assign-attackers' ? '609.1c' : '609.1d';
      if (!side.includes(src) || left <= 0)
        return reject(rule, `${src} has no battle damage to assign at this speed level`);
      if (!damageTargets(s, src).includes(c.target as string))
        return reject(
          rule,
          `${String(c.target)} is not in the opposing party${s.step === 'assign-attackers' ? ' (nor the target of the attack once no blocker is left)' : ''}`,
        );
      const amount = c.amount as number;
      return amount >= 1 && amount <= left
        ? null
        : reject('410.2', `assign a whole number from 1 to ${left}`);
    },
    perform(d, c) {
      const s = d.state;
      d.emit(
        'BattleDamageAssigned',
        { source: String(c.source), target: String(c.target), amount: Number(c.amount) },
        { rule: s.step === 'assign-attackers' ? '609.1c' : '609.1d' },
      );
      advance(d);
    },
  },
};

function performBidPassBid(d: D, c: Command, p: PlayerId): void {
  const s = d.state;
  const pr = s.prompt!;
  if (pr.kind !== 'bid') return;
  let { high, leader } = pr;
  const passed = [...pr.passed];
  if (c.type === 'Bid') {
    high = c.amount as number;
    leader = p;
    d.emit('BidPlaced', { player: p, amount: high }, { rule: '413.1' });
  } else {
    passed.push(p);
    d.emit('BidPassed', { player: p }, { rule: '413.1b' });
  }
  const remaining = s.order.filter((q) => !passed.includes(q));
  if (remaining.length <= 1) {
    const winner = remaining[0] ?? leader ?? s.activePlayer!;
    const amount = winner === leader ? high : 0;
    d.auto('BidWon', { player: winner, amount }, '413.1');
    if (amount > 0) startPayment(d, winner, amount, 'bid', { bid: amount }, pr.prizeDraw);
    else drawCards(d, winner, pr.prizeDraw, '413.1');
  } else {
    const next = remaining.find((q) => q !== p) ?? remaining[0]!;
    d.auto('PromptOpened', { prompt: { ...pr, player: next, high, leader, passed } }, '413.1');
  }
  advance(d);
}

/** 605.1: choose the card and its facing; "while you play a resource" triggers (605.1c); into play (605.1d). */
function playResource(d: D, p: PlayerId, card: Card, faceDown: boolean): void {
  d.emit('ResourcePlaying', { player: p, fromId: card.id, faceDown }, { rule: '605.1b' });
  for (const x of controlled(d.state, p)) {
    const def = defOf(x);
    def?.triggers.forEach((t, i) => {
      if (t.when !== 'you-play-a-resource') return;
      d.auto(
        'TriggerHappened',
        { tid: `${x.id}:${i}`, source: x.id, label: `${def.name}: while you play a resource`, controller: p },
        '605.1c',
      );
      runEffects(d, t.effect, { controller: p, source: x.id, picked: null, rule: '605.1c' });
    });
  }
  const { ids, serial } = freshIds(d, 1);
  d.emit(
    'ResourcePlayed',
    { player: p, move: { fromId: card.id, id: ids[0]!, cardId: card.cardId }, faceDown, serial },
    { rule: '605.1d' },
  );
}

export function shuffleDeck(d: D, p: PlayerId, rule: string): void {
  const deck = d.state.players[p]!.deck.map((x) => (isHiddenCard(x) ? '' : x.cardId));
  const order = d.rng.shuffle(deck);
  const { ids, serial } = freshIds(d, order.length);
  d.auto(
    'DeckShuffled',
    { player: p, deck: order.map((cardId, i) => ({ id: ids[i]!, cardId })), stacked: false, serial },
    rule,
  );
}

// ── Listing ────────────────────────────────────────────────────────────────────────────────────────────

type Offer = Omit<Command, 'player'>;

/** The answers to the prompt open now (first player, mulligan, trigger order, develop, bid, search, uniqueness). */
function promptOffers(s: SpoilsState, p: PlayerId, hand: Card[]): Offer[] {
  const out: Offer[] = [];
  const pl = s.players[p]!;
  const pr = s.prompt!;
  switch (pr.kind) {
    case 'choose-first-player':
      for (const q of s.order) out.push({ type: 'ChooseFirstPlayer', first: q });
      break;
    case 'mulligan':
      for (const c of hand) out.push({ type: 'MulliganCard', card: c.id });
      out.push({ type: 'EndMulligan' });
      break;
    case 'order-triggers':
      for (const t of s.triggers) out.push({ type: 'ResolveTrigger', trigger: t.tid });
      break;
    case 'develop':
      out.push({ type: 'Develop', mode: 'draw' });
      for (const c of hand) {
        out.push({ type: 'Develop', mode: 'resource', card: c.id, faceDown: true });
        if (cardDef(c.cardId).types.includes('resource'))
          out.push({ type: 'Develop', mode: 'resource', card: c.id, faceDown: false });
      }
      break;
    case 'bid':
      for (let n = pr.high + 1; n <= unattachedResources(s, p).length; n++)
        out.push({ type: 'Bid', amount: n });
      out.push({ type: 'PassBid' });
      break;
    case 'search':
      for (const c of pl.deck)
        if (!isHiddenCard(c) && cardDef(c.cardId).types.includes('item'))
          out.push({ type: 'FindCard', card: c.id });
      out.push({ type: 'FindCard' });
      break;
    case 'keep-unique':
      for (const id of pr.ids) out.push({ type: 'KeepUnique', card: id });
      break;
  }
  return out;
}

/** Cards to play (from hand, or face-down with Flip Up) with every pick and sacrifice, and abilities to use. */
function playOffers(s: SpoilsState, p: PlayerId, hand: Card[], mine: Perm[]): Offer[] {
  const out: Offer[] = [];
  const playables: { id: string; def: CardDef }[] = [
    ...hand.map((c) => ({ id: c.id, def: cardDef(c.cardId) })),
    ...mine
      .filter((x) => x.faceDown && x.cardId !== null && keywordOf(cardDef(x.cardId), 'flip-up'))
      .map((x) => ({ id: x.id, def: cardDef(x.cardId!) })),
  ];
  for (const { id, def } of playables) {
    if (def.types.every((t) => t === 'resource')) continue;
    const spec = pickSpecOf(def, def.playCost);
    const picks = spec ? pickable(s, p, spec).map((x) => x.id) : [undefined];
    const sacrifices = def.playCost.some((x) => x.kind === 'destroy-own')
      ? mine.filter(isCharacter).map((x) => x.id)
      : [undefined];
    for (const pick of picks)
      for (const sacrifice of sacrifices) {
        const cmd: Offer = { type: 'PlayCard', card: id };
        if (pick !== undefined) cmd.pick = pick;
        if (sacrifice !== undefined) cmd.sacrifice = sacrifice;
        out.push(cmd);
      }
  }
  for (const x of mine) {
    const def = defOf(x);
    if (!def) continue;
    def.abilities.forEach((ab, i) => {
      const spec = pickSpecOf(null, ab.cost);
      for (const pick of spec ? pickable(s, p, spec).map((y) => y.id) : [undefined])
        out.push(
          pick === undefined
            ? { type: 'UseAbility', source: x.id, ability: i }
            : { type: 'UseAbility', source: x.id, ability: i, pick },
        );
    });
  }
  return out;
}

function candidates(s: SpoilsState, p: PlayerId): Command[] {
  const out: Offer[] = [];
  const sit = situation(s);
  const hand = s.players[p]!.hand.filter((x): x is Card => !isHiddenCard(x));
  const mine = controlled(s, p);
  if (sit === 'prompt') out.push(...promptOffers(s, p, hand));
  else if (sit === 'payment') {
    for (const x of unattachedResources(s, p)) out.push({ type: 'AttachResource', resource: x.id });
  } else if (sit === 'attackers') {
    for (const x of mine) if (canAttack(s, x, p)) out.push({ type: 'AddAttacker', card: x.id });
    out.push({ type: 'ConfirmAttackers' });
  } else if (sit === 'blockers') {
    for (const x of mine) out.push({ type: 'AddBlocker', card: x.id });
    out.push({ type: 'ConfirmBlockers' });
  } else if (sit === 'assign') {
    const b = s.battle!;
    for (const [src, left] of Object.entries(b.toAssign))
      for (const t of damageTargets(s, src))
        for (let n = 1; n <= left; n++) out.push({ type: 'AssignDamage', source: src, target: t, amount: n });
  } else if (canActNow(sit)) {
    if (sit !== 'idle') out.push({ type: 'Pass' });
    out.push(...playOffers(s, p, hand, mine));
    if (sit === 'idle') {
      for (const x of s.perms)
        if (x.controller !== p && (isFaction(x) || isLocation(x))) out.push({ type: 'Attack', target: x.id });
      out.push({ type: 'Attack' });
      out.push({ type: 'EndTurn' });
    }
  }
  return out.map((c) => ({ ...c, player: p }) as Command);
}

export function legalCommands(s: SpoilsState, p: PlayerId): Command[] {
  if (s.status === 'ended' || !s.order.includes(p)) return [];
  const concede: Command = { type: 'Concede', player: p };
  if (!actors(s).includes(p)) return [concede];
  return [...candidates(s, p).filter((c) => checkRules(s, c) === null), concede];
}

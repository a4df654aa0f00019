// decide / setup / legalCommands. decide = parse → gate (what the game waits for) → the command's row of
// COMMANDS: `check` rejects with the rule it breaks, `perform` emits the events, then the rules settle.
// legalCommands enumerates candidate commands and keeps those `check` accepts, so "accepted ⇔ listed" holds by
// construction (invariant 4).
import {
  isHiddenCard,
  allowed,
  commandRule,
  reject,
  type Command,
  type CommandRule,
  type CommandTable,
  type Decision,
  type DecideContext,
  type MatchConfig,
  type PlayerId,
  type Rejection,
  type Rng,
} from '@matchtape/engine';
import { CARD_BY_ID } from './cards/pool';
import type { ACCardDef, CounterTag, TargetSpec } from './cards/types';
import { contenderOf, validateDeck } from './cards/decks';
import { Builder, draw, goStep, settle, startTurn, triggerAttack, endMatch } from './flow';
import { stepAfter } from './machine';
import {
  attachCost,
  canPayHealth,
  cardCost,
  cardDef,
  clashCards,
  currentAtk,
  defOf,
  gemCount,
  has,
  keywordValue,
  legalTargets,
  payableNext,
  paymentFor,
  readyResources,
  type Cost,
} from './rules';
import { locate, opponentOf } from './state';
import type { AlphaClashState, AnyRef, CardRef, Permanent } from './types';
import { CommandSchema, type CommandType } from './schemas';
import { z } from 'zod';

const HAND_SIZE = 8;

// ---------------------------------------------------------------- setup (103)

/**
 * MatchConfig.options: a scripted start position for scenarios and judges' what-ifs (documented in README.md):
 * who starts, cards already in play ("begin the game with that card in play", 103.6a) and starting health.
 */
const ZoneList = z.array(z.string()).max(20).optional();
export const StartOptionsSchema = z
  .object({
    firstPlayer: z.enum(['p1', 'p2']).optional(),
    /** Quick start rule "the first player may not declare an attack on their first turn" (not in the CR, §14.1). */
    quickStartFirstTurnAttackBan: z.boolean().optional(),
    startPosition: z
      .partialRecord(
        z.enum(['p1', 'p2']),
        z
          .object({
            resources: ZoneList,
            clash: ZoneList,
            clashEngaged: ZoneList,
            accessory: ZoneList,
            traps: ZoneList,
            health: z.number().int().min(1).max(99).optional(),
          })
          .strict(),
      )
      .optional(),
  })
  .loose();

export const RULES_VERSION = 'Comprehensive Rulebook v2.2 (15 Mar 2024)';

type SeatDeck = { id: PlayerId; contender: string; main: string[] };
type StartOptions = z.infer<typeof StartOptionsSchema>;

/** Two players (100.1b), each with a legal deck (100.2a) led by a Contender; a stacked deck skips the deck rules. */
function checkDecks(config: MatchConfig, stacked: boolean): SeatDeck[] | Rejection {
  if (config.players.length !== 2)
    return reject(
      '100.1b',
      `Alpha Clash is played by two players here (multiplayer rules are "coming soon", 100.1b); got ${config.players.length}`,
    );
  const decks: SeatDeck[] = [];
  for (const seat of config.players) {
    const { contender, main } = contenderOf(seat.deck);
    if (!stacked) {
      const problems = validateDeck(seat.deck);
      if (problems.length > 0)
        return reject('100.2a', `${seat.id}'s deck is not legal: ${problems.join('; ')}`);
    }
    if (!contender || CARD_BY_ID.get(contender)?.type !== 'Contender')
      return reject(
        '100.2a',
        `${seat.id}'s deck has no Contender: list one in extra.contender (or among the cards of a scenario deck)`,
      );
    const unknown = main.filter((id) => !CARD_BY_ID.has(id));
    if (unknown.length > 0)
      return reject('100.2a', `${seat.id}'s deck has unknown card ids: ${unknown.join(', ')}`);
    decks.push({ id: seat.id, contender, main });
  }
  return decks;
}

/** The match options: a first player, variants, and start positions of pool cards only (103.6a). */
function checkStartOptions(config: MatchConfig): { ok: true; options: StartOptions } | Rejection {
  const opts = StartOptionsSchema.safeParse(config.options ?? {});
  if (!opts.success)
    return reject(
      '710.1',
      `bad match options: ${opts.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  for (const pos of Object.values(opts.data.startPosition ?? {}))
    for (const id of [
      ...(pos.resources ?? []),
      ...(pos.clash ?? []),
      ...(pos.clashEngaged ?? []),
      ...(pos.accessory ?? []),
      ...(pos.traps ?? []),
    ])
      if (!CARD_BY_ID.has(id)) return reject('103.6a', `start position card ${id} is not in the card pool`);
  return { ok: true, options: opts.data };
}

/** A scripted start position's cards in play for each player it names (103.6a). */
function prepareStartPositions(b: Builder, options: StartOptions, rng: Rng): Rejection | null {
  for (const [pl, pos] of Object.entries(options.startPosition ?? {})) {
    if (!b.s.players[pl]) return reject('103.6a', `start position for unknown player ${pl}`);
    const mk = (ids: string[] | undefined, zone: string) =>
      (ids ?? []).map((cardId, n) => ({ id: `${pl}-${zone}${n + 1}`, cardId }));
    const traps = mk(pos.traps, 'trap').map((c) => ({ ...c, oid: rng.opaqueId() }));
    b.auto(
      'StartPositionPrepared',
      {
        player: pl,
        resources: mk(pos.resources, 'res'),
        clash: mk(pos.clash, 'clash'),
        clashEngaged: mk(pos.clashEngaged, 'eng'),
        accessory: mk(pos.accessory, 'acc'),
        traps,
        ...(pos.health !== undefined ? { health: pos.health } : {}),
      },
      '103.6a',
    );
  }
  return null;
}

/**
 * A deck's order at the start: shuffled (103.3), or, when stacked for a script, the opening hand, then the named
 * deck cards, then the rest of the list, unshuffled.
 */
function startingDeck(
  d: SeatDeck,
  config: MatchConfig,
  rng: Rng,
): { id: string; cardId: string }[] | Rejection {
  const stack = config.stack?.[d.id];
  if (config.stack === undefined) {
    const listed = d.main.map((cardId, i) => ({ id: `${d.id}-${String(i + 1).padStart(2, '0')}`, cardId }));
    return rng.shuffle(listed);
  }
  const pool = d.main.map((cardId, i) => ({ cardId, i }));
  const take = (cardId: string, prefix: string, n: number) => {
    const k = pool.findIndex((x) => x.cardId === cardId);
    if (k >= 0) pool.splice(k, 1);
    return { id: `${d.id}-${prefix}${n}`, cardId };
  };
  for (const id of [...(stack?.hand ?? []), ...(stack?.deck ?? [])])
    if (!CARD_BY_ID.has(id)) return reject('100.2a', `stacked card ${id} is not in the card pool`);
  return [
    ...(stack?.hand ?? []).map((c, n) => take(c, 'h', n + 1)),
    ...(stack?.deck ?? []).map((c, n) => take(c, 'd', n + 1)),
    ...pool.map((x, n) => ({ id: `${d.id}-r${n + 1}`, cardId: x.cardId })),
  ];
}

export function setup(config: MatchConfig, ctx: DecideContext & { seedCommitment: string }): Decision {
  const stacked = config.stack !== undefined;
  const decks = checkDecks(config, stacked);
  if (!Array.isArray(decks)) return decks;
  const checked = checkStartOptions(config);
  if (!checked.ok) return checked;
  const { options } = checked;
  const b = new Builder(initialFor(), ctx.rng);
  const rng = ctx.rng;
  b.auto(
    'MatchStarted',
    {
      seedCommitment: ctx.seedCommitment,
      game: 'alpha-clash',
      players: config.players.map((p) => ({ id: p.id, name: p.name })),
      stacked,
      variants: { quickStartFirstTurnAttackBan: options.quickStartFirstTurnAttackBan === true },
    },
    '103.1',
  );
  for (const d of decks) {
    const def = cardDef(b.s, d.contender);
    b.auto(
      'ContenderRevealed',
      { player: d.id, card: { id: `${d.id}-contender`, cardId: d.contender }, health: def.health ?? 30 },
      '103.1',
    );
  }
  // Game 1: random (103.1). A scripted position may name the starting player (as the loser of a previous game would).
  const first = options.firstPlayer ?? config.players[rng.int(2)]!.id;
  const method = options.firstPlayer ? 'chosen' : 'random';
  b.auto('StartingPlayerDetermined', { player: first, method }, '103.1');
  const badPosition = prepareStartPositions(b, options, rng);
  if (badPosition) return badPosition;
  const order = [first, opponentOf(b.s, first)];
  for (const d of decks) {
    const cards = startingDeck(d, config, rng);
    if (!Array.isArray(cards)) return cards;
    const withOids = cards.map((c) => ({ ...c, oid: rng.opaqueId() }));
    b.auto(
      'DeckShuffled',
      { player: d.id, cards: withOids, count: withOids.length, reason: stacked ? 'stacked' : 'start' },
      '103.3',
    );
  }
  if (stacked) {
    // A stacked deck is not shuffled, so no cut is offered; the opening hand is exactly the stacked hand.
    openingHands(b, (p) => config.stack?.[p]?.hand?.length ?? HAND_SIZE);
  } else {
    // After every shuffle the opponent is offered a cut (103.3a).
    b.auto(
      'CutOffered',
      { cuts: order.map((p) => ({ deck: p, by: opponentOf(b.s, p) })), stage: 'cut' },
      '103.3a',
    );
  }
  return b.done();
}

function initialFor(): AlphaClashState {
  // Local import cycle guard: state.initialState.
  return initial();
}
import { initialState as initial } from './state';

function goStepSetup(b: Builder, type: 'CUTS_DONE' | 'HANDS_DRAWN' | 'MULLIGANS_DONE'): void {
  if (type === 'CUTS_DONE') {
    openingHands(b, () => HAND_SIZE);
    return;
  }
  const to = stepAfter(b.s.step, { type }, ctxOf(b.s))!;
  b.auto('StepStarted', { step: to }, '103.5');
}

function openingHands(b: Builder, size: (p: PlayerId) => number): void {
  const to = stepAfter(b.s.step, { type: 'CUTS_DONE' }, ctxOf(b.s))!;
  b.auto('StepStarted', { step: to }, '103.5');
  const order = [b.s.startingPlayer!, opponentOf(b.s, b.s.startingPlayer!)];
  for (const p of order) for (let i = 0; i < size(p); i++) draw(b, p, '103.5');
  b.auto('MulliganStarted', { order }, '103.5');
  goStepSetup(b, 'HANDS_DRAWN');
}

function ctxOf(s: AlphaClashState) {
  return {
    turn: s.turn,
    activePlayer: s.activePlayer,
    startingPlayer: s.startingPlayer,
    players: s.order.length,
    standbyEmpty: s.standby.length === 0,
  };
}

function finishSetup(b: Builder): void {
  // Mulligans: shuffle the chosen cards back and draw as many (103.5), after the decks were offered for a cut.
  for (const p of [b.s.startingPlayer!, opponentOf(b.s, b.s.startingPlayer!)]) {
    const m = b.s.players[p]!.mulligan;
    if (m?.taken) for (let i = 0; i < m.count; i++) draw(b, p, '103.5');
  }
  b.auto('StepStarted', { step: stepAfter(b.s.step, { type: 'MULLIGANS_DONE' }, ctxOf(b.s))! }, '103.6');
  startOfGame(b, [b.s.startingPlayer!, opponentOf(b.s, b.s.startingPlayer!)]);
}

/** "At the start of the game" actions in turn order (103.6), then the starting player's first turn (103.8). */
function startOfGame(b: Builder, queue: PlayerId[]): void {
  // "You may search": offered when the deck holds such a card (a player with none would only decline).
  const i = queue.findIndex((q) => searchable(b.s, q).length > 0);
  if (i >= 0) {
    const q = queue[i]!;
    b.auto(
      'SearchOffered',
      {
        player: q,
        source: b.s.players[q]!.contender!.card.id,
        cardType: defOf(b.s, b.s.players[q]!.contender!.card)!.startOfGameSearch ?? 'Relic',
        then: queue.slice(i + 1),
      },
      '103.6',
    );
    return;
  }
  b.auto('SetupCompleted', {}, '103.7');
  stepAfter(b.s.step, { type: 'START_GAME' }, ctxOf(b.s));
  startTurn(b, b.s.startingPlayer!, 1);
  settle(b);
}

function searchable(s: AlphaClashState, p: PlayerId): string[] {
  const type = s.pending?.cardType ?? defOf(s, s.players[p]!.contender?.card)?.startOfGameSearch;
  const ids = new Set<string>();
  for (const r of s.players[p]!.deck)
    if (!isHiddenCard(r) && cardDef(s, r.cardId).type === type) ids.add(r.cardId);
  return [...ids];
}

function checkSearch(s: AlphaClashState, p: PlayerId, c: Command): Checked {
  const pend = s.pending!;
  const inGame = s.status !== 'setup';
  if (pend.player !== p || c.type !== 'SearchDeck')
    return reject(
      inGame ? '703.9a' : '103.6',
      `${pend.player} first searches their deck (SearchDeck, cardId or null)`,
    );
  const wanted = c.cardId as string | null;
  const entry =
    wanted === null
      ? null
      : (s.players[p]!.deck.find((r) => !isHiddenCard(r) && r.cardId === wanted) as CardRef | undefined);
  if (wanted !== null && (!entry || !searchable(s, p).includes(wanted)))
    return reject(
      '703.9a',
      `there is no ${pend.cardType ?? 'such card'} with id ${wanted} in your deck (or search for nothing: cardId null, 703.9b)`,
    );
  return ok((b) => {
    // An effect's search puts the card into the hand as a new object (400.6: a fresh opaque id).
    const found = entry
      ? inGame
        ? { id: entry.id, cardId: entry.cardId, oid: b.oid() }
        : { id: entry.id, cardId: entry.cardId }
      : null;
    b.emit(
      'DeckSearched',
      { player: p, found, deckOid: entry?.oid ?? null, zone: entry ? (inGame ? 'hand' : 'accessory') : null },
      { rule: inGame ? '703.9a' : '103.6a' },
    );
    // The deck is shuffled afterwards, found card excluded (703.10b), even when nothing was found (703.10d).
    const deck = b.s.players[p]!.deck as CardRef[];
    const cards = b.rng.shuffle(deck).map((r) => ({ id: r.id, cardId: r.cardId, oid: b.oid() }));
    b.auto('DeckShuffled', { player: p, cards, count: cards.length, reason: 'search' }, '703.10b');
    if (!inGame) startOfGame(b, pend.then);
  });
}

// ---------------------------------------------------------------- command checks

type Plan = (b: Builder) => void;
type Checked = Rejection | { ok: true; run: Plan };

const ok = (run: Plan): Checked => ({ ok: true, run });

function handCard(s: AlphaClashState, p: PlayerId, id: unknown): CardRef | null {
  if (typeof id !== 'string') return null;
  const r = s.players[p]!.hand.find((c) => c.id === id);
  return r && !isHiddenCard(r) ? r : null;
}

/** A cost as it will be paid: resources engaged at once (none, or the only possible set), or chosen one by one. */
interface Pay {
  paid: string[];
  health: number;
  /** Set when the player has a choice of resources: they engage them with EngageResource (408.7). */
  due: Cost | null;
}

function payOrReject(s: AlphaClashState, p: PlayerId, cost: Cost, what: string): Rejection | Pay {
  if (!canPayHealth(s, p, cost.health))
    return reject('116.4', `${what} costs ${cost.health} health and your Contender has less`);
  const how = paymentFor(s, p, cost);
  if (how === null) {
    const gems = Object.entries(cost.gems)
      .map(([c, n]) => `${n}×${c}`)
      .join(' ');
    const ready = readyResources(s, p).length;
    // Too few ready resources (115.2), or enough of them but not of the gem colours (107.4a).
    if (ready < cost.total)
      return reject('115.2', `${what} costs ${cost.total} and you have ${ready} ready resource(s)`);
    return reject(
      '107.4a',
      `${what} needs gems ${gems}: coloured costs are paid only with resources of that colour, and your ready resources can't`,
    );
  }
  return how === 'choose'
    ? { paid: [], health: cost.health, due: cost }
    : { paid: how, health: cost.health, due: null };
}

/** After the object enters Standby: if the player chooses the resources, they now owe the cost (601.1f, 408.8). */
function owe(b: Builder, p: PlayerId, sid: string | null, pay: Pay): void {
  if (pay.due)
    b.auto('PaymentRequired', { player: p, sid, total: pay.due.total, gems: pay.due.gems }, '601.1f');
}

function inMainWithEmptyStandby(
  s: AlphaClashState,
  p: PlayerId,
  rule: string,
  what: string,
): Rejection | null {
  if (s.activePlayer !== p) return reject(rule, `${what} only during your own Primary Phase`);
  if (s.step !== 'turn.primary.main')
    return reject(rule, `${what} only in your Primary Phase outside a clash (now: ${s.step})`);
  // With an object in Standby a player only responds with the matching Counter tag, or passes: a card being
  // played is answered by Counter – Play (114.1b), a Trap by Counter – Trap (114.1c), an effect only within the
  // windows of its tag (114.1).
  const top = s.standby[s.standby.length - 1];
  if (top) {
    if (s.priority && s.priority.holder !== p)
      return reject(
        '114.2b',
        `${what}: Standby is not empty and ${s.priority.holder} holds priority, not you`,
      );
    const [rule, answer] =
      top.controller === p
        ? ['114.1', "nothing but passing: responses answer an opponent's action"]
        : top.kind === 'card'
          ? ['114.1b', 'a Counter – Play card or effect']
          : top.kind === 'trap'
            ? ['114.1c', 'a Counter – Trap card or effect']
            : ['114.1', 'the card or effect its trigger tag allows'];
    return reject(
      rule,
      `${what}: Standby is not empty; respond with ${answer}, or pass priority until it resolves`,
    );
  }
  return null;
}

/**
 * Is `p` in the response window that a Counter tag needs (114.1)? `closed` is the rule of the thing used when
 * no window is open: 308.3 for a Quick Action, 304.8 for a Trap, 602.5 for an activated effect.
 */
function counterWindow(
  s: AlphaClashState,
  p: PlayerId,
  tag: CounterTag,
  closed: '308.3' | '304.8' | '602.5',
): Rejection | null {
  const top = s.standby[s.standby.length - 1];
  if (tag === 'Counter–Attack') {
    if (!s.clash || s.step !== 'turn.primary.clash.counter' || s.clash.defendingPlayer !== p)
      return reject(
        '114.1a',
        'Counter – Attack responds to an incoming attack, in the Counter Step (C2), by the defending player',
      );
    if (s.standby.length > 0)
      return reject(
        '504.2b',
        'Counter – Attack effects are played one at a time: wait until Standby is empty',
      );
    return null;
  }
  if (!s.priority || !top)
    return reject(
      closed,
      `${tag} responds only while an opponent's ${tag === 'Counter–Play' ? 'card being played' : 'Trap'} is in Standby`,
    );
  if (s.priority.holder !== p)
    return reject('114.2b', `${s.priority.holder} holds priority, not you (${tag})`);
  if (tag === 'Counter–Play' && !(top.kind === 'card' && top.controller !== p))
    return reject('114.1b', 'Counter – Play responds to a card an opponent is playing');
  if (tag === 'Counter–Trap' && !(top.kind === 'trap' && top.controller !== p))
    return reject('114.1c', 'Counter – Trap responds to a Trap an opponent activated');
  return null;
}

/**
 * Why `target` can't be chosen: an opponent's card with Safeguard can't be targeted (704.16b); with no eligible
 * target at all the card or effect can't be played (113.6b); otherwise the target is not what the effect
 * describes (113.1).
 */
function illegalTarget(
  s: AlphaClashState,
  p: PlayerId,
  target: string,
  legal: readonly string[],
  what: string,
): Rejection {
  const l = locate(s, target);
  const controller = l?.kind === 'perm' ? l.perm.controller : l?.player;
  if (controller !== undefined && controller !== p && has(s, target, 'Safeguard'))
    return reject(
      '704.16b',
      `${target} has Safeguard: it can't be the target of card effects or abilities its opponents control`,
    );
  if (legal.length === 0)
    return reject('113.6b', `${what}: there is no eligible target, so it can't be played or activated`);
  return reject('113.1', `${target} is not a legal choice for ${what} (eligible: ${legal.join(', ')})`);
}

function checkTargets(
  s: AlphaClashState,
  p: PlayerId,
  d: ACCardDef,
  spec: string,
  targets: unknown,
): Rejection | string[] {
  if (spec === 'none') {
    if (targets !== undefined) return reject('113.1a', `${d.name} has no targets: leave "targets" out`);
    return [];
  }
  if (!Array.isArray(targets) || targets.length !== 1 || typeof targets[0] !== 'string')
    return reject('601.1c', `${d.name} needs exactly one target: "targets": [id]`);
  const legal = legalTargets(s, p, spec as never);
  if (!legal.includes(targets[0])) return illegalTarget(s, p, targets[0], legal, `${d.name}'s target`);
  if (d.play?.effects.some((e) => e.do === 'entersWith' || e.do === 'noEnterTrigger')) {
    const obj = s.standby.find((o) => o.sid === targets[0]);
    if (!obj?.card || cardDef(s, obj.card.cardId).type !== 'Clash')
      return reject(
        '113.6b',
        `${d.name} targets a Clash card being played, and none is in Standby: without an eligible target it can't be played`,
      );
  }
  return targets as string[];
}

/** When a card of this type may be played from hand (301.1, 302.3, 303.1, 304.3, 305.3, 306.3, 307.3, 308.3, 309.3). */
function checkPlayTiming(s: AlphaClashState, p: PlayerId, d: ACCardDef): Rejection | null {
  const name = d.name;
  if (d.type === 'Trap')
    return reject(
      '304.3',
      `${name} is a Trap: set it (SetTrap) and activate it later; Traps are not played from hand`,
    );
  if (d.type === 'Contender')
    return reject('301.1', 'a Contender starts the game in play and is never played');
  if (d.type === 'Quick Action') return counterWindow(s, p, d.tag!, '308.3');
  if (d.type === 'Clash Buff') {
    const step = s.step;
    const mine =
      s.clash &&
      ((step === 'turn.primary.clash.attackerBuff' && s.clash.attackingPlayer === p) ||
        (step === 'turn.primary.clash.defenderBuff' && s.clash.defendingPlayer === p));
    // C4 while you're the attacking player (306.3a), C5 while you're the defending player (306.3b).
    if (!mine)
      return reject(
        p === s.activePlayer ? '306.3a' : '306.3b',
        `${name} is a Clash Buff: play it in C4 as the attacker or C5 as the defender`,
      );
    if (s.standby.length > 0 || s.clash!.buffPlayed)
      return reject(
        s.step.endsWith('defenderBuff') ? '504.2e' : '504.2d',
        'only one Clash Buff per Clash Buff step',
      );
    return null;
  }
  const rule = {
    Clash: '303.1',
    Clashground: '302.3',
    Weapon: '305.3',
    Relic: '309.3',
    'Basic Action': '307.3',
  }[d.type];
  return inMainWithEmptyStandby(s, p, rule, `${name} (${d.type}) can be played`);
}

/** A second copy where only one may be in play: Exclusive (704.7c), a Clashground of the same name (302.7). */
function checkOnlyOne(s: AlphaClashState, p: PlayerId, d: ACCardDef): Rejection | null {
  const name = d.name;
  if (
    d.keywords.some((k) => k.k === 'Exclusive') &&
    s.players[p]!.clash.some((x) => defOf(s, x.card)?.name === name)
  )
    return reject('704.7c', `${name} is Exclusive and you already control one`);
  if (
    d.type === 'Clashground' &&
    s.clashground &&
    s.clashground.controller === p &&
    defOf(s, s.clashground.card)?.name === name
  )
    return reject('302.7', `you already control ${name}; play a Clashground with a different name`);
  return null;
}

/** The value declared for X: required with an X cost (107.3a), at least the specific resource cost (115.6). */
function checkX(d: ACCardDef, c: Command): number | Rejection {
  const name = d.name;
  if (!d.xCost)
    return c.x !== undefined ? reject('107.3a', `${name} has no X in its cost: leave "x" out`) : 0;
  if (typeof c.x !== 'number' || !Number.isInteger(c.x))
    return reject('107.3a', `${name} has X in its cost: declare "x" (an integer ≥ ${gemCount(d.gems)})`);
  // Appendix C (Abysmal Doom, rule ref. 115.6): "If that card has a specific resource cost, the value for X must be at least that amount."
  if (c.x < gemCount(d.gems))
    return reject(
      '115.6',
      `X must be at least ${name}'s specific resource cost, ${gemCount(d.gems)} (Appendix C ruling on X costs)`,
    );
  return c.x;
}

/** What an alternative cost sends to Oblivion (115.9a): the first card of each named character, in Clash Zone order. */
function checkAlternative(s: AlphaClashState, p: PlayerId, d: ACCardDef, c: Command): string[] | Rejection {
  if (c.alternative === undefined) return [];
  if (!d.altCostSend) return reject('115.9a', `${d.name} has no alternative cost: leave "alternative" out`);
  let sent: string[] = [];
  for (const ch of d.altCostSend) {
    const hit = s.players[p]!.clash.find(
      (x2) => !x2.defeated && !sent.includes(x2.card.id) && defOf(s, x2.card)?.character === ch,
    );
    if (!hit)
      return reject(
        '601.1f',
        `${d.name}'s alternative cost sends a [${ch}] you control to Oblivion, and you control none`,
      );
    sent = [...sent, hit.card.id];
  }
  return sent;
}

function checkPlayCard(s: AlphaClashState, p: PlayerId, c: Command): Checked {
  const card = handCard(s, p, c.card);
  if (!card) return reject('601.1', `card ${String(c.card)} is not in your hand`);
  const d = cardDef(s, card.cardId);
  const refused = checkPlayTiming(s, p, d) ?? checkOnlyOne(s, p, d);
  if (refused) return refused;
  const targets = checkTargets(s, p, d, d.play?.target ?? 'none', c.targets);
  if (!Array.isArray(targets)) return targets;
  if (d.type === 'Clash Buff' && s.players[p]!.buffTargetsThisTurn.includes(targets[0]!))
    return reject('306.5', `${targets[0]} already got a Clash Buff this turn`);
  const x = checkX(d, c);
  if (typeof x !== 'number') return x;
  const sent = checkAlternative(s, p, d, c);
  if (!Array.isArray(sent)) return sent;
  const pay: Pay | Rejection = c.alternative
    ? { paid: [], health: 0, due: null }
    : payOrReject(s, p, cardCost(d, x, s, p), d.name);
  if ('ok' in pay) return pay;
  const handOid = card.oid;
  return ok((b) => {
    b.emit(
      'CardPlayed',
      {
        player: p,
        card: { id: card.id, cardId: card.cardId },
        handOid: handOid ?? null,
        type: d.type,
        targets,
        ...(d.xCost ? { x } : {}),
        paid: pay.paid,
        healthPaid: pay.health,
        ...(d.type === 'Clash Buff' ? { clashBuff: true } : {}),
        ...(sent.length ? { alternative: true, sent } : {}),
      },
      { rule: sent.length ? '115.9a' : '601.1a' },
    );
    owe(b, p, card.id, pay);
  });
}

function accessoryPerm(s: AlphaClashState, p: PlayerId, id: unknown): Permanent | null {
  if (typeof id !== 'string') return null;
  return s.players[p]!.accessory.find((x) => x.card.id === id) ?? null;
}

function checkActivateTrap(s: AlphaClashState, p: PlayerId, c: Command): Checked {
  const perm = accessoryPerm(s, p, c.trap);
  if (!perm || !perm.faceDown)
    return reject('304.6', `${String(c.trap)} is not a Trap set in your Accessory Zone`);
  const d = defOf(s, perm.card)!;
  if (perm.enteredTurn === s.turn)
    return reject('304.7', `${d.name} was set this turn; Traps can't be activated the turn they are set`);
  const w = counterWindow(s, p, d.tag!, '304.8');
  if (w) return w;
  const targets = checkTargets(s, p, d, d.play?.target ?? 'none', c.targets);
  if (!Array.isArray(targets)) return targets;
  const pay = payOrReject(s, p, cardCost(d, 0, s, p), d.name);
  if ('ok' in pay) return pay;
  const card = perm.card as CardRef;
  return ok((b) => {
    b.emit(
      'TrapActivated',
      {
        player: p,
        card: { id: card.id, cardId: card.cardId },
        trapOid: card.oid ?? null,
        targets,
        paid: pay.paid,
        healthPaid: pay.health,
      },
      { rule: '304.4' },
    );
    owe(b, p, card.id, pay);
  });
}

function activatedSource(
  s: AlphaClashState,
  p: PlayerId,
  id: unknown,
): { def: ACCardDef; engaged: boolean; used: boolean; isContender: boolean } | null {
  if (typeof id !== 'string') return null;
  const l = locate(s, id);
  if (!l || l.player !== p) return null;
  if (l.kind === 'contender') {
    const d = defOf(s, l.contender.card);
    return d?.activated
      ? { def: d, engaged: l.contender.engaged, used: l.contender.usedThisTurn, isContender: true }
      : null;
  }
  if (l.kind !== 'perm' || l.zone === 'resources' || l.perm.faceDown || l.perm.defeated) return null;
  const d = defOf(s, l.perm.card);
  return d?.activated
    ? { def: d, engaged: l.perm.engaged, used: l.perm.usedThisTurn, isContender: false }
    : null;
}

function checkActivateEffect(s: AlphaClashState, p: PlayerId, c: Command): Checked {
  const src = activatedSource(s, p, c.source);
  if (!src)
    return reject(
      '602.2',
      `${String(c.source)} is not a card you control with an activated effect (only its controller activates it)`,
    );
  const a = src.def.activated!;
  const bad = a.window
    ? counterWindow(s, p, a.window, '602.5')
    : inMainWithEmptyStandby(s, p, '602.2', `${src.def.name}'s effect can be activated`);
  if (bad) return bad;
  if (a.sendSelf && src.isContender) return reject('301.6', "a Contender can't be sent to Oblivion");
  if (a.threshold !== undefined && (s.players[p]!.contender?.health ?? 0) > a.threshold)
    return reject('107.4b', `${src.def.name}'s ability is active only at ${a.threshold} health or less`);
  if (a.oncePerTurn && src.used) return reject('602.6', `${src.def.name}'s effect can be used once per turn`);
  if (a.engage && src.engaged)
    return reject(
      '115.2',
      `${src.def.name} is engaged: an engaged card can't be engaged to pay a cost (703.11a)`,
    );
  const targets = checkTargets(s, p, src.def, a.target, c.targets);
  if (!Array.isArray(targets)) return targets;
  if (a.targetType) {
    const obj = s.standby.find((o) => o.sid === targets[0]);
    if (!obj?.card || cardDef(s, obj.card.cardId).type !== a.targetType)
      return reject(
        '113.6b',
        `${src.def.name}'s effect answers only a ${a.targetType} being played, and none is in Standby: without an eligible target it can't be activated`,
      );
  }
  const pay = payOrReject(
    s,
    p,
    { total: a.cost, gems: a.gems, health: a.health },
    `${src.def.name}'s effect`,
  );
  if ('ok' in pay) return pay;
  const source = c.source as string;
  return ok((b) => {
    const sid = `e${b.s.nextId}`;
    b.emit(
      'EffectActivated',
      {
        player: p,
        sid,
        source,
        effect: 'activated',
        targets,
        paid: pay.paid,
        healthPaid: pay.health,
        ...(a.engage ? { engageSource: source } : {}),
        ...(a.sendSelf ? { sendSelf: true } : {}),
      },
      { rule: a.window ? '602.5' : '602.2a' },
    );
    owe(b, p, sid, pay);
  });
}

function checkAttack(s: AlphaClashState, p: PlayerId, c: Command): Checked {
  const bad = inMainWithEmptyStandby(s, p, '503.1d', 'an attack can be declared');
  if (bad) return bad;
  if (typeof c.attacker !== 'string' || typeof c.target !== 'string')
    return reject('504.2a', 'DeclareAttack needs "attacker" and "target" ids');
  if (s.variants.quickStartFirstTurnAttackBan && s.turn === 1)
    return reject(
      'QS 6b',
      "quick start rules (this match's variant): the first player may not declare an attack on their first turn",
    );
  const a = locate(s, c.attacker);
  if (
    !a ||
    a.player !== p ||
    (a.kind === 'perm' && (a.zone !== 'clash' || a.perm.defeated)) ||
    a.kind === 'clashground'
  )
    return reject('504.2a', `${c.attacker} is not your Contender or a Clash card you control`);
  const engaged = a.kind === 'contender' ? a.contender.engaged : a.perm.engaged;
  if (engaged)
    return reject('703.11a', `${c.attacker} is engaged; only a ready Contender or Clash card can attack`);
  if (a.kind === 'perm' && a.perm.enteredTurn === s.turn && has(s, c.attacker, 'Observant'))
    return reject('704.12b', "an Observant card can't attack the turn it enters play");
  const t = locate(s, c.target);
  if (t && t.player === p && a.kind === 'contender')
    return reject(
      '301.4a',
      `${c.attacker} is a Contender: Contenders can't be used to attack your own Clash cards`,
    );
  if (!t || t.player === p)
    return reject(
      '303.7a',
      `${c.target} is not an opponent's Contender or Clash card: your Clash cards may not attack your Contender or Clash cards you control`,
    );
  if (t.kind === 'perm') {
    if (t.zone !== 'clash' || t.perm.defeated) return reject('504.2a', `${c.target} is not a Clash card`);
    if (!t.perm.engaged && !has(s, c.attacker, 'Close Combat'))
      return reject(
        '303.8',
        `${c.target} is ready; only engaged Clash cards can be attacked (unless the attacker has Close Combat, 704.5)`,
      );
  } else if (t.kind !== 'contender') return reject('504.2a', `${c.target} can't be attacked`);
  const attacker = c.attacker;
  const target = c.target;
  return ok((b) => {
    b.emit('AttackDeclared', { player: p, attacker, target }, { rule: '504.2a' });
    goStepFromMain(b);
    triggerAttack(b, attacker, p);
    const barrage = keywordValue(b.s, attacker, 'Barrage');
    if (barrage !== null && barrage > 0) {
      const l = locate(b.s, attacker);
      const initial = l && l.kind === 'perm' ? (defOf(s, l.perm.card)?.atk ?? 0) : 0;
      if (initial > 0)
        b.auto('BarrageOffered', { player: p, source: attacker, amount: initial, max: barrage }, '704.3c');
    }
  });
}

function goStepFromMain(b: Builder): void {
  // AttackDeclared already set the step; keep the machine as the judge of it.
  const to = stepAfter(
    'turn.primary.main',
    { type: 'DECLARE_ATTACK' },
    { ...ctxOf(b.s), standbyEmpty: true },
  );
  if (to !== 'turn.primary.clash.attack')
    throw new Error(`alpha-clash: machine sent DECLARE_ATTACK to ${to}`);
}

/** Ways to split `amount` into `parts` positive integers, in order (601.1d: each target gets at least one). */
function divisions(amount: number, parts: number): number[][] {
  if (parts === 1) return amount >= 1 ? [[amount]] : [];
  const out: number[][] = [];
  for (let first = 1; first <= amount - (parts - 1); first++)
    for (const rest of divisions(amount - first, parts - 1)) out.push([first, ...rest]);
  return out;
}

/** Every Barrage declaration: up to X target Clash cards in table order, and each division of the damage (704.3c–d). */
export function barrageOptions(s: AlphaClashState): { targets: string[]; division: number[] }[] {
  const pend = s.pending!;
  const candidates = legalTargets(s, pend.player, 'anyClash');
  const out: { targets: string[]; division: number[] }[] = [];
  const n = candidates.length;
  for (let mask = 1; mask < 1 << n; mask++) {
    const pick = candidates.filter((_, i) => mask & (1 << i));
    if (pick.length > pend.max || pick.length > pend.amount) continue;
    for (const division of divisions(pend.amount, pick.length)) out.push({ targets: pick, division });
  }
  return out;
}

/** A command of Alpha Clash, one per type of `CommandSchema` (its fields are checked by the parse and the row). */
type ACCommand = { [K in CommandType]: Command & { type: K } }[CommandType];
type Row<K extends CommandType> = Extract<ACCommand, { type: K }>;

/** Setup's own commands: outside setup no step asks for them (710.1). */
const SETUP_COMMANDS: readonly string[] = ['CutDeck', 'DeclineCut', 'KeepHand', 'Mulligan'];

const rejectionOf = (r: Checked): Rejection | null => (r.ok ? null : r);

/**
 * A row whose check also plans the events (costs, targets, chosen resources): `perform` runs the same check on the
 * state it accepted (`b.s`), which is pure, so it plans the same events.
 */
function planned<K extends CommandType>(
  fn: (s: AlphaClashState, p: PlayerId, c: Row<K>) => Checked,
): CommandRule<AlphaClashState, Row<K>, Builder> {
  return {
    check: (s, c, p) => rejectionOf(fn(s, p, c)),
    perform(b, c, p) {
      const r = fn(b.s, p, c);
      if (!r.ok)
        throw new Error(`alpha-clash: ${c.type} was accepted and now rejected: ${r.rule} ${r.reason}`);
      r.run(b);
    },
  };
}

/** Null when the command may be performed, else the rule it breaks; `trusted` skips the parse (legalCommands). */
function check(s: AlphaClashState, c: Command, trusted = false): Rejection | null {
  const parsed = trusted ? null : CommandSchema.safeParse(c);
  // An illegal action is reversed whole (710.1): a malformed command or a stranger changes nothing.
  if (parsed && !parsed.success)
    return reject(
      '710.1',
      `malformed command: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  const p = c.player;
  if (!s.order.includes(p)) return reject('710.1', `${p} is not a player in this match`);
  if (s.status === 'ended') return reject('104.5', 'the game is over: its players have left it');
  const waiting = gate(s, p, c);
  if (waiting) return waiting;
  const rule = commandRule(COMMANDS, c.type);
  if (!rule) return reject('710.1', `${c.type} is not an Alpha Clash command in this phase`);
  return rule.check(s, c as ACCommand, p);
}

/**
 * What the game waits for: a Concede always passes; in setup only the cut, the mulligan or the search it offers; a
 * pending choice (discard, search, payment, Barrage) only its own command; outside them none of those commands.
 */
function gate(s: AlphaClashState, p: PlayerId, c: Command): Rejection | null {
  if (c.type === 'Concede') return null;
  if (s.status === 'setup') return setupGate(s, p, c);
  const pend = s.pending;
  if (pend?.kind === 'discard')
    return c.type !== 'Discard' || pend.player !== p
      ? reject('703.7b', `${pend.player} must first choose a card to discard (Discard)`)
      : null;
  if (c.type === 'Discard')
    return reject(
      '703.7b',
      'there is nothing to discard now: Discard answers an effect that makes you discard',
    );
  if (pend?.kind === 'search') return c.type === 'SearchDeck' ? null : rejectionOf(checkSearch(s, p, c));
  if (c.type === 'SearchDeck')
    return reject(
      '703.9a',
      'there is nothing to search for now: SearchDeck answers a search the game or an effect offers',
    );
  if (pend?.kind === 'payment') return c.type === 'EngageResource' ? null : rejectionOf(checkEngage(s, p, c));
  if (c.type === 'EngageResource')
    return reject(
      '408.7a',
      'no cost is being paid: resources are engaged only to pay a cost the game requires',
    );
  if (pend) return c.type === 'ChooseBarrage' ? null : rejectionOf(checkBarrage(s, p, c));
  if (c.type === 'ChooseBarrage') return reject('704.3c', 'there is no Barrage choice to make');
  if (SETUP_COMMANDS.includes(c.type))
    return reject('710.1', `${c.type} is not an Alpha Clash command in this phase`);
  return null;
}

/** Setup waits for the search it offered (103.6), then each cut (103.3a), then each mulligan in turn order (103.5). */
function setupGate(s: AlphaClashState, p: PlayerId, c: Command): Rejection | null {
  if (s.pending?.kind === 'search') return c.type === 'SearchDeck' ? null : rejectionOf(checkSearch(s, p, c));
  if (s.setup.cuts.length > 0) {
    const cut = s.setup.cuts[0]!;
    if (cut.by !== p) return reject('103.3a', `${cut.by} decides on cutting ${cut.deck}'s deck first`);
    if (c.type === 'DeclineCut' || c.type === 'CutDeck') return null;
    return reject('103.3a', 'first decide on the cut: CutDeck or DeclineCut');
  }
  if (s.setup.mulliganOrder.length > 0) {
    const next = s.setup.mulliganOrder[0]!;
    if (next !== p)
      return reject('103.5', `${next} declares a mulligan first (turn order, starting player first)`);
    if (c.type === 'KeepHand' || c.type === 'Mulligan') return null;
    return reject('103.5', 'declare your mulligan: KeepHand or Mulligan');
  }
  return reject('710.1', 'setup is not waiting for you');
}

/** The cut offered now (setup's gate passed, so there is one). */
const cutOf = (s: AlphaClashState) => s.setup.cuts[0]!;

/** Resources are placed or skipped once, in the player's own Resource Step (502.1c, 408.1). */
function inResourceStep(s: AlphaClashState, p: PlayerId): Rejection | null {
  if (s.activePlayer !== p || s.step !== 'turn.expansion.resource')
    return reject('502.1c', 'resources are placed only in your own Resource Step');
  if (s.players[p]!.resourcePlacedThisTurn)
    return reject('408.1', 'you already decided on a resource this step');
  return null;
}

/** Is a Clash Buff step of `p` open with no Clash Buff played and Standby empty (504.2d–e)? */
function inOwnBuffStep(s: AlphaClashState, p: PlayerId): boolean {
  const buffStep =
    s.clash &&
    ((s.step === 'turn.primary.clash.attackerBuff' && s.clash.attackingPlayer === p) ||
      (s.step === 'turn.primary.clash.defenderBuff' && s.clash.defendingPlayer === p));
  return !!buffStep && !s.clash!.buffPlayed && s.standby.length === 0;
}

/** Attaching or unattaching a Weapon: both pay its attach cost (305.6). */
function checkWeapon(s: AlphaClashState, p: PlayerId, c: Row<'AttachWeapon' | 'UnattachWeapon'>): Checked {
  const bad = inMainWithEmptyStandby(s, p, '305.3', 'Weapons can be attached');
  if (bad) return bad;
  const w = accessoryPerm(s, p, c.weapon);
  const d = w ? defOf(s, w.card) : null;
  if (!w || !d || d.type !== 'Weapon' || w.faceDown)
    return reject('305.6', `${String(c.weapon)} is not a Weapon you control in play`);
  const cost = attachCost(s, d);
  // Paying the attach cost is activating a targeted effect (305.6a, 113.1e, 703.2b): it goes into Standby and
  // the opponent gets priority before it resolves.
  const activate = (effect: 'attach' | 'unattach', targets: string[], pay: Pay) =>
    ok((b) => {
      const sid = `e${b.s.nextId}`;
      b.emit(
        'EffectActivated',
        { player: p, sid, source: w.card.id, effect, targets, paid: pay.paid, healthPaid: 0 },
        { rule: '305.6a' },
      );
      owe(b, p, sid, pay);
    });
  if (c.type === 'UnattachWeapon') {
    if (!w.attachedTo) return reject('305.9', `${d.name} is not attached`);
    const pay = payOrReject(s, p, cost, `${d.name}'s attach cost`);
    if ('ok' in pay) return pay;
    return activate('unattach', [], pay);
  }
  const to = typeof c.to === 'string' ? locate(s, c.to) : null;
  if (to?.kind === 'contender')
    return reject('301.5', `${String(c.to)} is a Contender: Weapons may not be attached to a Contender`);
  if (!to || to.kind !== 'perm' || to.zone !== 'clash' || to.player !== p || to.perm.defeated)
    return reject('305.5', `${String(c.to)} is not a Clash card you control`);
  if (to.perm.weapon) return reject('305.10a', `${c.to} already has a Weapon attached`);
  const pay = payOrReject(s, p, cost, `${d.name}'s attach cost`);
  if ('ok' in pay) return pay;
  return activate('attach', [c.to as string], pay);
}

/** Activating the Portal costs 2 (410.3); it opens or closes once paid. */
function checkPortal(s: AlphaClashState, p: PlayerId): Checked {
  const bad = inMainWithEmptyStandby(s, p, '410.3', 'the Portal can be activated');
  if (bad) return bad;
  const pay = payOrReject(s, p, { total: 2, gems: {}, health: 0 }, 'Activating the Portal');
  if ('ok' in pay) return pay;
  return ok((b) => {
    if (pay.due) owe(b, p, null, pay);
    else
      b.emit(
        'PortalActivated',
        { player: p, portal: s.portal === 'open' ? 'closed' : 'open', paid: pay.paid },
        { rule: s.portal === 'open' ? '410.3b' : '410.3c' },
      );
  });
}

/** Every command: `check` (the rules it must meet once the gate passed) and `perform` (its events). */
const COMMANDS: CommandTable<AlphaClashState, ACCommand, Builder> = {
  Concede: {
    check: allowed,
    perform(b, _c, p) {
      b.emit('PlayerConceded', { player: p }, { rule: '104.3a' });
      endMatch(b, opponentOf(b.s, p), `${p} conceded (104.3a)`, '104.3a');
    },
  },
  DeclineCut: {
    check(s, c) {
      return c.deck !== cutOf(s).deck ? reject('103.3a', `the deck offered is ${cutOf(s).deck}'s`) : null;
    },
    perform(b, _c, p) {
      b.emit('CutDeclined', { deck: cutOf(b.s).deck, by: p }, { rule: '103.3a' });
      afterCut(b);
    },
  },
  CutDeck: {
    check(s, c) {
      const cut = cutOf(s);
      const n = s.players[cut.deck]!.deck.length;
      if (c.deck !== cut.deck) return reject('103.3a', `the deck offered is ${cut.deck}'s`);
      if (typeof c.at !== 'number' || !Number.isInteger(c.at) || c.at < 1 || c.at >= n)
        return reject('103.3a', `cut at a position from 1 to ${n - 1}`);
      return null;
    },
    perform(b, c, p) {
      b.emit('DeckCut', { deck: cutOf(b.s).deck, by: p, at: c.at as number }, { rule: '103.3a' });
      afterCut(b);
    },
  },
  KeepHand: {
    check: allowed,
    perform(b, _c, p) {
      b.emit('MulliganDeclared', { player: p, count: 0, returning: [] }, { rule: '103.5' });
      afterMulliganDeclared(b);
    },
  },
  Mulligan: {
    check(s, c, p) {
      const hand = s.players[p]!.hand.map((h) => h.id);
      const cards = c.cards as string[];
      const idx = cards.map((id) => hand.indexOf(id));
      if (cards.length === 0 || idx.some((i) => i < 0))
        return reject('103.5', 'a mulligan names one or more cards from your hand (KeepHand to keep all)');
      if (idx.some((v, i) => i > 0 && v <= idx[i - 1]!))
        return reject('103.5', 'list mulligan cards once each, in hand order');
      return null;
    },
    perform(b, c, p) {
      const cards = c.cards as string[];
      const returning = b.s.players[p]!.hand.filter((h) => cards.includes(h.id));
      b.emit('MulliganDeclared', { player: p, count: cards.length, returning }, { rule: '103.5' });
      afterMulliganDeclared(b);
    },
  },
  SearchDeck: planned(checkSearch),
  Discard: {
    check(s, c, p) {
      return handCard(s, p, c.card) ? null : reject('703.7a', `card ${String(c.card)} is not in your hand`);
    },
    perform(b, c, p) {
      const card = handCard(b.s, p, c.card)!;
      const pend = b.s.pending!;
      b.emit(
        'CardDiscarded',
        { player: p, card: { id: card.id, cardId: card.cardId }, handOid: card.oid ?? null },
        { rule: '703.7a' },
      );
      const next = pend.then.filter((q) => b.s.players[q]!.hand.length > 0);
      const [first, ...then] = next;
      if (first) b.auto('DiscardRequired', { player: first, source: pend.source, then }, '703.7b');
    },
  },
  EngageResource: planned(checkEngage),
  ChooseBarrage: planned(checkBarrage),
  PlaceResource: {
    check(s, c, p) {
      const bad = inResourceStep(s, p);
      if (bad) return bad;
      return handCard(s, p, c.card) ? null : reject('408.1', `card ${String(c.card)} is not in your hand`);
    },
    perform(b, c, p) {
      const card = handCard(b.s, p, c.card)!;
      b.emit(
        'ResourcePlaced',
        { player: p, card: { id: card.id, cardId: card.cardId }, handOid: card.oid ?? null },
        { rule: '408.1' },
      );
    },
  },
  SkipResource: {
    check: (s, _c, p) => inResourceStep(s, p),
    perform(b, _c, p) {
      b.emit('ResourcePlacementSkipped', { player: p }, { rule: '502.1c' });
    },
  },
  PlayCard: planned(checkPlayCard),
  SetTrap: {
    check(s, c, p) {
      const bad = inMainWithEmptyStandby(s, p, '304.3', 'a Trap can be set');
      if (bad) return bad;
      const card = handCard(s, p, c.card);
      if (!card) return reject('304.3', `card ${String(c.card)} is not in your hand`);
      if (cardDef(s, card.cardId).type !== 'Trap')
        return reject('304.3', `${cardDef(s, card.cardId).name} is not a Trap`);
      return null;
    },
    perform(b, c, p) {
      const card = handCard(b.s, p, c.card)!;
      const setTurn = b.s.turn;
      // Face down in the Accessory Zone: a new object with a fresh opaque id for the opponent (400.6).
      const oid = b.oid();
      b.emit(
        'TrapSet',
        { player: p, card: { id: card.id, cardId: card.cardId, oid }, handOid: card.oid ?? null, setTurn },
        { rule: '304.3' },
      );
    },
  },
  ActivateTrap: planned(checkActivateTrap),
  ActivateEffect: planned(checkActivateEffect),
  AttachWeapon: planned(checkWeapon),
  UnattachWeapon: planned(checkWeapon),
  ActivatePortal: planned((s, p) => checkPortal(s, p)),
  DeclareAttack: planned(checkAttack),
  EndCounterStep: {
    check(s, _c, p) {
      if (!s.clash || s.step !== 'turn.primary.clash.counter' || s.clash.defendingPlayer !== p)
        return reject('504.2b.1', 'only the defending player ends the Counter Step (C2)');
      if (s.standby.length > 0) return reject('504.2b.1', 'wait until Standby is empty');
      return null;
    },
    perform(b, _c, p) {
      b.emit('CounterStepEnded', { player: p }, { rule: '504.2b.1' });
      goStep(b, { type: 'NEXT' }, '504.2b.1');
    },
  },
  DeclareObstructors: planned(checkObstructors),
  PassPriority: {
    check(s, _c, p) {
      if (s.priority && s.standby.length > 0)
        return s.priority.holder !== p
          ? reject('114.2b', `${s.priority.holder} holds priority, not you`)
          : null;
      if (inOwnBuffStep(s, p)) return null;
      return reject(
        '405.5',
        'you have nothing to pass: priority passes while Standby holds an object, or in your Clash Buff step',
      );
    },
    perform(b, _c, p) {
      const s = b.s;
      // A non-active player passes to the next (114.2c); once all have passed in succession the top resolves (405.5).
      if (s.priority && s.standby.length > 0)
        b.emit('PriorityPassed', { player: p }, { rule: p === s.activePlayer ? '405.5' : '114.2c' });
      else
        b.emit(
          'PriorityPassed',
          { player: p, step: 'buff' },
          { rule: s.step.endsWith('attackerBuff') ? '504.2d' : '504.2e' },
        );
    },
  },
  EndTurn: {
    check(s, _c, p) {
      const bad = inMainWithEmptyStandby(s, p, '505.1', 'the turn can end');
      if (bad)
        return s.standby.length > 0 && s.activePlayer === p && s.step === 'turn.primary.main'
          ? reject('505.5', "a turn can't end while Standby holds a card or effect")
          : bad;
      return null;
    },
    perform(b, _c, p) {
      b.emit('EndTurnDeclared', { player: p }, { rule: '505.1' });
      goStep(b, { type: 'END_TURN' }, '505.1');
    },
  },
};

/**
 * C3: the defending player declares all obstructors at once (504.2c); an empty list declares none. The declaration
 * is checked as a whole and rejected whole if any card can't obstruct (504.9, 710.1). Trigger – Obstruct effects
 * then enter Standby and resolve in this step before C4 (504.2c.2).
 */
function checkObstructors(s: AlphaClashState, p: PlayerId, c: Command): Checked {
  if (!s.clash || s.step !== 'turn.primary.clash.obstruct' || s.clash.defendingPlayer !== p)
    return reject('504.2c', 'only the defending player declares obstructors, in the Obstruct Step (C3)');
  if (s.clash.declared)
    return reject(
      '504.2c.1',
      'obstructors were already declared; the Obstruct Step ends once Standby is empty',
    );
  if (s.standby.length > 0) return reject('504.2c.2', 'wait until Standby is empty');
  const ids = c.cards as string[];
  const zone = s.players[p]!.clash.map((x) => x.card.id);
  if (
    new Set(ids).size !== ids.length ||
    ids.some((id, i) => i > 0 && zone.indexOf(id) < zone.indexOf(ids[i - 1]!))
  )
    return reject('504.2c', `name each obstructor once, in Clash Zone order (${zone.join(', ')})`);
  for (const id of ids) {
    const wrong = obstructorProblem(s, p, id);
    if (wrong) return wrong;
  }
  return ok((b) => {
    b.emit('ObstructorsDeclared', { player: p, ids }, { rule: '504.2c' });
    for (const id of ids) queueObstructTriggers(b, s, p, id);
  });
}

/** Why `id` can't obstruct the attack (which makes the whole declaration illegal, 504.9), or null. */
function obstructorProblem(s: AlphaClashState, p: PlayerId, id: string): Rejection | null {
  const clash = s.clash!;
  const l = locate(s, id);
  if (l?.kind === 'contender')
    return reject(
      '301.4',
      `${id} is a Contender: Contenders can't obstruct; the whole declaration is illegal (504.9)`,
    );
  if (!l || l.kind !== 'perm' || l.zone !== 'clash' || l.player !== p || l.perm.defeated)
    return reject('303.9', `${id} is not a Clash card you control: the whole declaration is illegal (504.9)`);
  if (l.perm.engaged)
    return reject(
      '303.9',
      `${id} is engaged; only ready Clash cards obstruct: the whole declaration is illegal (504.9)`,
    );
  if (id === clash.target)
    return reject(
      '303.10',
      `${id} can't obstruct an attack targeted at itself: the whole declaration is illegal (504.9)`,
    );
  if (has(s, clash.attacker, 'Flight') && !has(s, id, 'Flight') && !has(s, id, 'Interception'))
    return reject(
      '704.8b',
      `the attacker has Flight: only Clash cards with Flight or Interception can obstruct it, and ${id} has neither; the whole declaration is illegal (504.9)`,
    );
  return null;
}

/** The obstructor's Trigger – Obstruct effects enter Standby, to resolve in this step before C4 (504.2c.2). */
function queueObstructTriggers(b: Builder, s: AlphaClashState, p: PlayerId, id: string): void {
  const d = defOf(s, (locate(b.s, id) as { perm: Permanent }).perm.card);
  (d?.triggers ?? []).forEach((t, i) => {
    if (t.on === 'Obstruct')
      b.queue.push({
        controller: p,
        source: id,
        effect: `trigger:${i}`,
        targets: [],
        thenPutIntoOblivion: null,
        x: 0,
        rule: '504.2c.2',
      });
  });
}

/** The player engages one ready resource towards the cost they owe (408.7); the last one completes it (601.1f). */
function checkEngage(s: AlphaClashState, p: PlayerId, c: Command): Checked {
  const pend = s.pending!;
  const due = pend.payment!;
  if (pend.player !== p || c.type !== 'EngageResource')
    return reject('601.1f', `${pend.player} is paying a cost: engage resources first (EngageResource)`);
  const cost: Cost = { total: due.total, gems: due.gems, health: 0 };
  const id = c.resource;
  const l = typeof id === 'string' ? locate(s, id) : null;
  if (!l || l.kind !== 'perm' || l.zone !== 'resources' || l.player !== p)
    return reject('408.6', `${String(id)} is not a card in your Resource Zone`);
  if (l.perm.engaged)
    return reject(
      '115.2',
      `${String(id)} is already engaged; an engaged card can't be engaged to pay a cost`,
    );
  if (!payableNext(s, p, cost, due.engaged).includes(id as string)) {
    const gems = Object.entries(due.gems)
      .map(([k, n]) => `${n}×${k}`)
      .join(' ');
    return reject(
      '107.4a',
      `${String(id)} can't pay this cost: coloured costs (${gems}) are paid only with resources of that colour, and engaging it would leave them unpaid`,
    );
  }
  const resource = id as string;
  return ok((b) => {
    b.emit('ResourceEngaged', { player: p, resource, sid: due.sid }, { rule: '408.7' });
    if (due.engaged.length + 1 < due.total) return;
    b.auto('CostPaid', { player: p, sid: due.sid, paid: [...due.engaged, resource] }, '601.1f');
    if (due.sid === null)
      b.auto(
        'PortalActivated',
        { player: p, portal: b.s.portal === 'open' ? 'closed' : 'open' },
        b.s.portal === 'open' ? '410.3b' : '410.3c',
      );
  });
}

/** Barrage: up to X target Clash cards and the division of the damage, declared as the trigger enters Standby (704.3c–d, 601.1c–d). */
function checkBarrage(s: AlphaClashState, p: PlayerId, c: Command): Checked {
  const pend = s.pending!;
  if (c.type !== 'ChooseBarrage' || pend.player !== p)
    return reject('601.1c', `${pend.player} must first choose Barrage targets (ChooseBarrage)`);
  const targets = c.targets as string[];
  const division = c.division as number[] | undefined;
  if (targets.length === 0) {
    if (division !== undefined)
      return reject('704.3c', 'declining Barrage divides nothing: leave "division" out');
    return ok((b) => b.emit('BarrageDeclined', { player: p }, { rule: '704.3c' }));
  }
  const legal = legalTargets(s, p, 'anyClash');
  const bad = targets.find((t) => !legal.includes(t));
  if (bad) return illegalTarget(s, p, bad, legal, 'Barrage');
  if (targets.length > pend.max)
    return reject(
      '704.3c',
      `Barrage ${pend.max} targets up to ${pend.max} Clash cards; got ${targets.length}`,
    );
  if (
    new Set(targets).size !== targets.length ||
    targets.some((t, i) => i > 0 && legal.indexOf(t) < legal.indexOf(targets[i - 1]!))
  )
    return reject('601.1c', `name each Barrage target once, in table order (${legal.join(', ')})`);
  if (!division || division.length !== targets.length)
    return reject(
      '601.1d',
      'declare the division: "division" gives the damage for each target, in the same order',
    );
  if (division.some((n) => n < 1))
    return reject('704.3d', 'each chosen target must receive at least one of the damage being divided');
  const sum = division.reduce((n, x) => n + x, 0);
  if (sum !== pend.amount)
    return reject(
      '704.3c',
      `Barrage divides damage equal to the attacker's initial attack power, ${pend.amount}; the division adds up to ${sum}`,
    );
  const source = pend.source;
  return ok((b) => {
    b.emit('BarrageChosen', { player: p, targets, division }, { rule: '601.1d' });
    b.auto(
      'EffectTriggered',
      { sid: `e${b.s.nextId}`, controller: p, source, effect: 'barrage', targets, division },
      '704.3c',
    );
  });
}

function afterCut(b: Builder): void {
  if (b.s.setup.cuts.length > 0) return;
  if (b.s.setup.stage === 'cut') goStepSetup(b, 'CUTS_DONE');
  else finishSetup(b);
}

function afterMulliganDeclared(b: Builder): void {
  if (b.s.setup.mulliganOrder.length > 0) return;
  const order = [b.s.startingPlayer!, opponentOf(b.s, b.s.startingPlayer!)];
  const shuffled: PlayerId[] = [];
  for (const p of order) {
    const ps = b.s.players[p]!;
    if (!ps.mulligan?.taken) continue;
    const returned = ps.mulligan.returning as CardRef[];
    const deck = [...ps.deck, ...returned.map((r) => ({ id: r.id, cardId: r.cardId }))] as CardRef[];
    const order2 = b.rng.shuffle(deck);
    const cards = order2.map((c) => ({ id: c.id, cardId: c.cardId, oid: b.oid() }));
    b.auto('MulliganShuffled', { player: p, returned, cards, count: cards.length }, '103.5');
    shuffled.push(p);
  }
  if (shuffled.length > 0) {
    b.auto(
      'CutOffered',
      { cuts: shuffled.map((p) => ({ deck: p, by: opponentOf(b.s, p) })), stage: 'mulliganCut' },
      '103.3a',
    );
  } else finishSetup(b);
}

// ---------------------------------------------------------------- decide / legalCommands

export function decide(state: AlphaClashState, command: Command, ctx: DecideContext): Decision {
  const no = check(state, command);
  if (no) return no;
  const b = new Builder(state, ctx.rng);
  commandRule(COMMANDS, command.type)!.perform(b, command as ACCommand, command.player);
  if (state.status === 'playing') settle(b);
  return b.done();
}

type Offer = Omit<Command, 'player'>;

/** Every choice of targets for a targeting spec: one list per legal target, or no targets at all. */
function targetChoices(s: AlphaClashState, p: PlayerId, spec: TargetSpec | 'none'): (string[] | undefined)[] {
  return spec === 'none' ? [undefined] : legalTargets(s, p, spec).map((t) => [t]);
}

/** Setup (103): the search of a Contender's deck, the cut (103.4), the mulligan (103.6). */
function setupOffers(s: AlphaClashState, p: PlayerId): Offer[] {
  const out: Offer[] = [];
  const cut = s.setup.cuts[0];
  if (s.pending?.kind === 'search') {
    if (s.pending.player === p) {
      out.push({ type: 'SearchDeck', cardId: null });
      for (const id of searchable(s, p)) out.push({ type: 'SearchDeck', cardId: id });
    }
  } else if (cut) {
    out.push({ type: 'DeclineCut', deck: cut.deck });
    const n = s.players[cut.deck]!.deck.length;
    for (let at = 1; at < n; at++) out.push({ type: 'CutDeck', deck: cut.deck, at });
  } else if (s.setup.mulliganOrder[0] === p) {
    out.push({ type: 'KeepHand' });
    const hand = s.players[p]!.hand.map((h) => h.id);
    for (let mask = 1; mask < 1 << hand.length; mask++)
      out.push({ type: 'Mulligan', cards: hand.filter((_, i) => mask & (1 << i)) });
  }
  return out;
}

/** The answers to the choice `p` owes: a discard, a search, a payment, Barrage's targets. */
function pendingOffers(s: AlphaClashState, p: PlayerId): Offer[] {
  const kind = s.pending!.kind;
  if (kind === 'discard') return s.players[p]!.hand.map((h) => ({ type: 'Discard', card: h.id }));
  if (kind === 'search') return [null, ...searchable(s, p)].map((cardId) => ({ type: 'SearchDeck', cardId }));
  if (kind === 'payment')
    return s.players[p]!.resources.map((r) => ({ type: 'EngageResource', resource: r.card.id }));
  return [
    { type: 'ChooseBarrage', targets: [] },
    ...barrageOptions(s).map((o) => ({ type: 'ChooseBarrage', targets: o.targets, division: o.division })),
  ];
}

/** The hand: a resource in the resource step, a Trap to set, a card to play with each target, X and cost. */
function handOffers(s: AlphaClashState, p: PlayerId): Offer[] {
  const out: Offer[] = [];
  const ps = s.players[p]!;
  const resourceStep = s.step === 'turn.expansion.resource' && s.activePlayer === p;
  for (const h of ps.hand.filter((x): x is CardRef => !isHiddenCard(x))) {
    if (resourceStep) out.push({ type: 'PlaceResource', card: h.id });
    const d = cardDef(s, h.cardId);
    if (d.type === 'Trap') {
      out.push({ type: 'SetTrap', card: h.id });
      continue;
    }
    const targetSets = targetChoices(s, p, d.play?.target ?? 'none');
    const xs: (number | undefined)[] = d.xCost
      ? range(gemCount(d.gems), ps.resources.filter((r) => !r.engaged).length)
      : [undefined];
    for (const targets of targetSets)
      for (const x of xs)
        out.push({
          type: 'PlayCard',
          card: h.id,
          ...(targets ? { targets } : {}),
          ...(x !== undefined ? { x } : {}),
        });
    if (d.altCostSend)
      for (const targets of targetSets)
        out.push({ type: 'PlayCard', card: h.id, ...(targets ? { targets } : {}), alternative: true });
  }
  return out;
}

/** Cards in play: Traps to activate, Weapons to move, activated effects to use. */
function inPlayOffers(s: AlphaClashState, p: PlayerId): Offer[] {
  const out: Offer[] = [];
  const ps = s.players[p]!;
  for (const a of ps.accessory) {
    const d = defOf(s, a.card);
    if (!d) continue;
    if (a.faceDown)
      for (const targets of targetChoices(s, p, d.play?.target ?? 'none'))
        out.push({ type: 'ActivateTrap', trap: a.card.id, ...(targets ? { targets } : {}) });
    if (d.type === 'Weapon') {
      out.push({ type: 'UnattachWeapon', weapon: a.card.id });
      for (const c of ps.clash) out.push({ type: 'AttachWeapon', weapon: a.card.id, to: c.card.id });
    }
  }
  const sources = [
    ps.contender?.card.id,
    ...ps.clash.map((c) => c.card.id),
    ...ps.accessory.map((c) => c.card.id),
  ].filter((x): x is string => !!x);
  for (const id of sources) {
    const src = activatedSource(s, p, id);
    if (!src) continue;
    for (const targets of targetChoices(s, p, src.def.activated!.target))
      out.push({ type: 'ActivateEffect', source: id, ...(targets ? { targets } : {}) });
  }
  return out;
}

/** Attacks in the Main step (501), obstructor declarations in the Obstruct step (504.2c). */
function combatOffers(s: AlphaClashState, p: PlayerId): Offer[] {
  const out: Offer[] = [];
  const ps = s.players[p]!;
  if (s.step === 'turn.primary.main' && s.activePlayer === p) {
    const opp = opponentOf(s, p);
    const targets = [
      s.players[opp]!.contender?.card.id,
      ...s.players[opp]!.clash.map((c) => c.card.id),
    ].filter((x): x is string => !!x);
    for (const a of [ps.contender?.card.id, ...ps.clash.map((c) => c.card.id)])
      if (a) for (const t of targets) out.push({ type: 'DeclareAttack', attacker: a, target: t });
  }
  if (s.step === 'turn.primary.clash.obstruct' && s.clash?.defendingPlayer === p) {
    // Every set of ready Clash cards (table order) as one declaration, the empty set included (504.2c).
    const ready = ps.clash.filter((c) => !c.engaged && !c.defeated).map((c) => c.card.id);
    for (let mask = 0; mask < 1 << ready.length; mask++)
      out.push({ type: 'DeclareObstructors', cards: ready.filter((_, i) => mask & (1 << i)) });
  }
  return out;
}

/** Candidates for legalCommands, which keeps those `check` accepts. Concede is always among them. */
function candidates(s: AlphaClashState, p: PlayerId): Offer[] {
  if (s.status === 'ended') return [];
  if (s.status === 'setup') return [...setupOffers(s, p), { type: 'Concede' }];
  if (s.pending) return [...(s.pending.player === p ? pendingOffers(s, p) : []), { type: 'Concede' }];
  return [
    { type: 'PlaceResource', card: null },
    { type: 'SkipResource' },
    { type: 'EndTurn' },
    { type: 'PassPriority' },
    { type: 'EndCounterStep' },
    { type: 'ActivatePortal' },
    { type: 'Concede' },
    ...handOffers(s, p),
    ...inPlayOffers(s, p),
    ...combatOffers(s, p),
  ];
}

function range(from: number, to: number): number[] {
  const out: number[] = [];
  for (let i = from; i <= to; i++) out.push(i);
  return out;
}

export function legalCommands(state: AlphaClashState, p: PlayerId): Command[] {
  if (!state.order.includes(p)) return [];
  const out: Command[] = [];
  for (const c of candidates(state, p)) {
    if (c.type === 'PlaceResource' && c.card === null) continue;
    const cmd = { ...c, player: p } as Command;
    if (check(state, cmd, true) === null) out.push(cmd);
  }
  return out;
}

export function actors(s: AlphaClashState): PlayerId[] {
  if (s.status === 'ended') return [];
  if (s.status === 'setup') {
    if (s.pending) return [s.pending.player];
    if (s.setup.cuts[0]) return [s.setup.cuts[0].by];
    if (s.setup.mulliganOrder[0]) return [s.setup.mulliganOrder[0]];
    return [];
  }
  if (s.pending) return [s.pending.player];
  if (s.priority && s.standby.length > 0) return [s.priority.holder];
  const clash = s.clash;
  if (clash) {
    if (s.step.endsWith('.counter') || s.step.endsWith('.obstruct') || s.step.endsWith('.defenderBuff'))
      return [clash.defendingPlayer];
    return [clash.attackingPlayer];
  }
  return s.activePlayer ? [s.activePlayer] : [];
}

export { check, currentAtk, clashCards };
export type { AnyRef };

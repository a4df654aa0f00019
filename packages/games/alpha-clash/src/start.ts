// Scenario hooks (GameModule.scenario): start positions for scenario files, the priority holder and derived stats
// for their assertions. A start position is recorded as MatchStarted + one PositionSet event, so it folds, redacts
// and chains like any other part of the log (hands, decks and set Traps stay hidden, with fresh opaque ids).
import {
  apnap,
  pathOf,
  reject,
  startCard,
  type Decision,
  type DecideContext,
  type MatchConfig,
  type PlayerId,
  type Rejection,
  type ScenarioHooks,
  type ScenarioStart,
  type StartCard,
  type TestCard,
} from '@matchtape/engine';
import { CARD_BY_ID } from './cards/pool';
import { KEYWORDS, type KeywordName } from './cards/keywords';
import { RulesTextSchema } from './cards/effects';
import type { ACCardDef, CardType } from './cards/types';
import { Builder } from './flow';
import { stepHolder } from './evolve';
import { alphaClashMachine } from './machine';
import { currentAtk, currentDef } from './rules';
import { initialState, locate, newPermanent } from './state';
import {
  COLORS,
  type AlphaClashState,
  type CardRef,
  type ClashState,
  type Color,
  type ContinuousEffectState,
  type Permanent,
  type StandbyKind,
  type StandbyObject,
} from './types';

const CARD_TYPES: readonly CardType[] = [
  'Contender',
  'Clash',
  'Clashground',
  'Trap',
  'Weapon',
  'Relic',
  'Basic Action',
  'Quick Action',
  'Clash Buff',
];
const ZONES = ['contender', 'hand', 'deck', 'clash', 'accessory', 'resources', 'oblivion'] as const;
type ZoneName = (typeof ZONES)[number];

/** The seat's part of PositionSet: every zone, as the judge sees it. */
export interface SeatPosition {
  id: PlayerId;
  contender: {
    card: CardRef;
    health: number;
    maxHealth: number;
    damage: number;
    engaged: boolean;
    usedThisTurn?: boolean;
  };
  hand: CardRef[];
  deck: CardRef[];
  clash: Permanent[];
  accessory: Permanent[];
  resources: Permanent[];
  oblivion: CardRef[];
  /** "This turn" flags of the player (start.players.<p>.thisTurn). */
  resourcePlacedThisTurn?: boolean;
}

/** "This turn" flags a start position may set: a card's once-per-turn effect used (602.6), a player's resource placed (408.1). */
const CARD_FLAGS = ['used'];
const PLAYER_FLAGS = ['resourcePlaced'];

/**
 * A scenario test card (or a card set's card) as a card definition: type, cost, gems, stats, keywords, and its
 * rules text in the effect vocabulary of cards/effects.ts (`play`, `triggers`, `activated`, `static`, `costMod`,
 * `attach`, `tag`, `xCost`, `healthCost`); a string is what is wrong.
 */
function testCardDef(t: TestCard): ACCardDef | string {
  const rules = RulesTextSchema.safeParse(t);
  if (!rules.success) {
    const iss = rules.error.issues[0]!;
    return `cards.${t.id}.${iss.path.map(String).join('.')}: ${iss.message} (the effect vocabulary: packages/games/alpha-clash/src/cards/effects.ts)`;
  }
  if (typeof t.cost === 'string') return `cards.${t.id}.cost: Alpha Clash costs are numbers (202.1)`;
  const colors = (t.colors ?? []).filter((c): c is Color => (COLORS as readonly string[]).includes(c));
  if (colors.length !== (t.colors ?? []).length)
    return `cards.${t.id}.colors: colours are ${COLORS.join(', ')} (107.4)`;
  const gems: Partial<Record<Color, number>> = {};
  const given = (t as { gems?: unknown }).gems;
  if (given !== undefined) {
    if (typeof given !== 'object' || given === null)
      return `cards.${t.id}.gems: an object of colour → count, e.g. { "R": 1 }`;
    for (const [c, n] of Object.entries(given)) {
      if (
        !(COLORS as readonly string[]).includes(c) ||
        typeof n !== 'number' ||
        !Number.isInteger(n) ||
        n < 0
      )
        return `cards.${t.id}.gems.${c}: a colour (${COLORS.join(', ')}) with a whole count`;
      gems[c as Color] = n;
    }
  }
  const stat = (k: string): number | undefined =>
    typeof t.stats?.[k] === 'number' ? (t.stats[k] as number) : undefined;
  for (const k of Object.keys(t.stats ?? {}))
    if (!['atk', 'def', 'health'].includes(k) || stat(k) === undefined)
      return `cards.${t.id}.stats.${k}: Alpha Clash stats are numbers named atk, def, health (211, 301.3)`;
  const text = (k: string) =>
    typeof (t as Record<string, unknown>)[k] === 'string'
      ? ((t as Record<string, unknown>)[k] as string)
      : undefined;
  return {
    id: t.id,
    name: t.name,
    type: t.type as CardType,
    colors: colors.length > 0 ? colors : (Object.keys(gems) as Color[]),
    cost: t.cost ?? 0,
    gems,
    atk: stat('atk'),
    def: stat('def'),
    health: stat('health'),
    character: text('character'),
    affiliation: text('affiliation'),
    keywords: (t.keywords ?? []).map((k) =>
      typeof k === 'string'
        ? { k: k as KeywordName }
        : { k: k.keyword as KeywordName, ...(k.value === undefined ? {} : { x: k.value }) },
    ),
    text: t.text ?? '',
    sample: true,
    ...Object.fromEntries(Object.entries(rules.data).filter(([, v]) => v !== undefined)),
  };
}

/** Steps a position may stand in: where a player acts. The others run turn-based actions on entry (705). */
const STANDING = [
  'turn.primary.main',
  'turn.expansion.resource',
  'turn.primary.clash.counter',
  'turn.primary.clash.obstruct',
  'turn.primary.clash.attackerBuff',
  'turn.primary.clash.defenderBuff',
];

/** What the parts of a start position share while it is read. */
interface Reading {
  config: MatchConfig;
  st: ScenarioStart;
  b: Builder;
  where: (path: string, msg: string) => Rejection;
  /** A pool card or a test card of this scenario. */
  defOfId: (id: string) => ACCardDef | undefined;
  /** The step the position stands in (a path of the machine). */
  stepPath: string;
  /** The player who is not the turn player. */
  other: PlayerId;
  /** Instance ids given to the cards of the zones so far. */
  given: Set<string>;
  /** Instance id → card id, for Standby sources. */
  cardOf: Map<string, string>;
  /** The next effect or Standby object id (e<n>). */
  serial: { nextId: number };
}

const isRejection = (x: unknown): x is Rejection =>
  typeof x === 'object' && x !== null && (x as { ok?: unknown }).ok === false;

function start(
  config: MatchConfig,
  st: ScenarioStart,
  ctx: DecideContext & { seedCommitment: string; cards: readonly TestCard[] },
): Decision {
  const where = (path: string, msg: string) => reject('scenario', `start.${path}: ${msg}`);
  if (config.players.length !== 2)
    return reject('100.1b', `Alpha Clash is played by two players here; got ${config.players.length}`);
  const tests = new Map<string, ACCardDef>();
  for (const t of ctx.cards) {
    const d = testCardDef(t);
    if (typeof d === 'string') return reject('scenario', d);
    tests.set(d.id, d);
  }
  const defOfId = (id: string): ACCardDef | undefined => tests.get(id) ?? CARD_BY_ID.get(id);
  const stepPath = pathOf(alphaClashMachine, st.phase, st.step ?? null);
  if (!stepPath || !STANDING.includes(stepPath))
    return where(
      'phase',
      `Alpha Clash positions stand where a player acts: ${STANDING.map((x) => x.split('.').slice(-2).join('/')).join(', ')} (got ${st.phase}/${st.step ?? ''}); the other steps run their turn-based actions on entry (705)`,
    );
  const b = new Builder(initialState(), ctx.rng);
  // Test cards start known to nobody but judges; Builder.done() reveals each to the viewers who can see one (400.2).
  const testCards = [...tests.values()].map((card) => ({ card, knownTo: [] as string[] }));
  b.auto(
    'MatchStarted',
    {
      seedCommitment: ctx.seedCommitment,
      game: 'alpha-clash',
      players: config.players.map((p) => ({ id: p.id, name: p.name })),
      stacked: true,
      variants: { quickStartFirstTurnAttackBan: false },
      ...(testCards.length > 0 ? { testCards } : {}),
    },
    '103.1',
  );
  const other = config.players.find((p) => p.id !== st.turnPlayer)!.id;
  const r: Reading = {
    config,
    st,
    b,
    where,
    defOfId,
    stepPath,
    other,
    given: new Set<string>(),
    cardOf: new Map<string, string>(),
    serial: { nextId: 1 },
  };
  const position = readPosition(r);
  if (isRejection(position)) return position;
  b.auto(
    'PositionSet',
    {
      turn: st.turn,
      activePlayer: st.turnPlayer,
      // The starting player took the odd turns (103.8); it decides only the first-turn skip (103.8a).
      startingPlayer: st.turn % 2 === 1 ? st.turnPlayer : other,
      step: stepPath,
      ...position,
      nextId: r.serial.nextId,
    },
    '103.6a',
  );
  return b.done();
}

/** The position's seats, shared zones, clash, effects, Standby and priority, in PositionSet's order. */
function readPosition(r: Reading) {
  const seats: SeatPosition[] = [];
  for (const seat of r.config.players) {
    const sp = readSeat(r, seat);
    if (isRejection(sp)) return sp;
    seats.push(sp);
  }
  const clashground = readClashground(r);
  if (isRejection(clashground)) return clashground;
  const portal: 'open' | 'closed' = r.st.portal === 'open' ? 'open' : 'closed';
  const moved = moveControlled(r, seats);
  if (moved) return moved;
  const ids = new Set<string>([
    ...r.given,
    ...seats.map((x) => x.contender.card.id),
    ...(clashground ? [clashground.card.id] : []),
  ]);
  const clash = readClash(r, seats);
  if (isRejection(clash)) return clash;
  const effects = readEffects(r, ids, clash);
  if (isRejection(effects)) return effects;
  const standby = readStandby(r, seats, ids);
  if (isRejection(standby)) return standby;
  const priority = readPriority(r, standby, clash);
  if (isRejection(priority)) return priority;
  return { portal, players: seats, clashground, standby, priority, clash, effects };
}

/** One seat: its zones, its Contender and the player's and Contender's "this turn" flags. */
function readSeat(r: Reading, seat: MatchConfig['players'][number]): Rejection | SeatPosition {
  const { where, defOfId } = r;
  const ps = r.st.players[seat.id];
  if (ps?.counters && Object.keys(ps.counters).length > 0)
    return where(
      `players.${seat.id}.counters`,
      'no Alpha Clash rule or card gives a player counters, so the state has no place for them (119)',
    );
  const zones = readZones(r, seat.id);
  if (isRejection(zones)) return zones;
  const contenderCard =
    zones.contender[0]?.card ??
    (Array.isArray(seat.deck.extra?.contender) ? seat.deck.extra.contender[0] : undefined) ??
    seat.deck.main.find((id) => defOfId(id)?.type === 'Contender');
  const cdef = contenderCard ? defOfId(contenderCard) : undefined;
  if (!cdef || cdef.type !== 'Contender')
    return where(`players.${seat.id}.zones.contender`, 'name the Contender (one card of type Contender)');
  const problems: string[] = [];
  const cards = placeCards(r, seat.id, zones, problems);
  if (problems.length > 0) return where(`players.${seat.id}.zones`, problems.join('; '));
  const c0 = zones.contender[0];
  for (const f of ps?.thisTurn ?? [])
    if (!PLAYER_FLAGS.includes(f))
      return where(
        `players.${seat.id}.thisTurn`,
        `"${f}" is not a player flag of Alpha Clash (${PLAYER_FLAGS.join(', ')})`,
      );
  for (const f of c0?.thisTurn ?? [])
    if (!CARD_FLAGS.includes(f))
      return where(
        `players.${seat.id}.zones.contender`,
        `"${f}" is not a card flag of Alpha Clash (${CARD_FLAGS.join(', ')})`,
      );
  const maxHealth = c0?.maxHealth ?? ps?.maxHealth ?? cdef.health ?? 30;
  const health = c0?.health ?? ps?.health ?? maxHealth;
  return {
    id: seat.id,
    contender: {
      card: { id: `${seat.id}-contender`, cardId: cdef.id },
      health,
      maxHealth,
      damage: c0?.damage ?? 0,
      engaged: c0?.status === 'engaged',
      usedThisTurn: c0?.thisTurn?.includes('used') === true,
    },
    ...cards,
    resourcePlacedThisTurn: ps?.thisTurn?.includes('resourcePlaced') === true,
  };
}

/** A seat's zones as listed, each known to Alpha Clash. */
function readZones(r: Reading, seat: PlayerId): Rejection | Record<ZoneName, StartCard[]> {
  const zones: Record<ZoneName, StartCard[]> = {
    contender: [],
    hand: [],
    deck: [],
    clash: [],
    accessory: [],
    resources: [],
    oblivion: [],
  };
  for (const [name, list] of Object.entries(r.st.players[seat]?.zones ?? {})) {
    if (!(ZONES as readonly string[]).includes(name))
      return r.where(
        `players.${seat}.zones.${name}`,
        `Alpha Clash zones are ${ZONES.join(', ')} (the Clashground is shared: start.shared.clashground)`,
      );
    zones[name as ZoneName] = list.map(startCard);
  }
  return zones;
}

/** The seat's cards with their instance ids (hidden zones get opaque ids); what is wrong goes to `problems`. */
function placeCards(r: Reading, seat: PlayerId, zones: Record<ZoneName, StartCard[]>, problems: string[]) {
  const { b } = r;
  const n = { v: 0 };
  const idOf = (c: StartCard, zone: string) => c.id ?? `${seat}-${zone}${++n.v}`;
  const check = (c: StartCard, zone: string) => {
    problems.push(...cardProblems(r, seat, c, zone));
    const id = idOf(c, zone);
    if (r.given.has(id)) problems.push(`${zone}: instance id ${id} is used twice`);
    r.given.add(id);
    r.cardOf.set(id, c.card);
    return id;
  };
  const hidden = (zone: 'hand' | 'deck') =>
    zones[zone].map((c) => ({ id: check(c, zone), cardId: c.card, oid: b.oid() }));
  const hand = hidden('hand');
  const deck = hidden('deck');
  const perm = (zone: 'clash' | 'accessory' | 'resources') =>
    zones[zone].map((c) => {
      const id = check(c, zone);
      const card = c.faceDown ? { id, cardId: c.card, oid: b.oid() } : { id, cardId: c.card };
      return newPermanent(card, seat, c.faceDown ? (c.setTurn ?? 0) : (c.enteredTurn ?? 0), {
        engaged: c.status === 'engaged',
        faceDown: c.faceDown === true,
        damage: c.damage ?? 0,
        attachedTo: c.attachedTo ?? null,
        controller: (c.controller ?? seat) as PlayerId,
        usedThisTurn: c.thisTurn?.includes('used') === true,
      });
    });
  const clash = perm('clash');
  const accessory = perm('accessory');
  const resources = perm('resources');
  const oblivion = zones.oblivion.map((c) => ({ id: check(c, 'oblivion'), cardId: c.card }));
  attachWeapons(r, clash, accessory, problems);
  return { hand, deck, clash, accessory, resources, oblivion };
}

/** What is wrong with one listed card of a seat's zone. */
function cardProblems(r: Reading, seat: PlayerId, c: StartCard, zone: string): string[] {
  const problems: string[] = [];
  const d = r.defOfId(c.card);
  if (!d) problems.push(`${zone}: ${c.card} is neither a pool card nor a test card of this scenario`);
  if (c.counters)
    problems.push(
      `${zone}: ${c.card} has counters; no Alpha Clash card uses counters, so the state has no place for them (119)`,
    );
  if (c.controller && c.controller !== seat && zone !== 'clash')
    problems.push(
      `${zone}: ${c.card} has another controller; only Clash cards can be controlled by another player here (list it in the owner's clash zone, 110.2c)`,
    );
  if (c.status && c.status !== 'ready' && c.status !== 'engaged')
    problems.push(`${zone}: status "${c.status}" — Alpha Clash cards are ready or engaged`);
  if (c.faceDown && (zone !== 'accessory' || d?.type !== 'Trap'))
    problems.push(`${zone}: only Traps are face down, in the Accessory Zone (304.3)`);
  for (const f of c.thisTurn ?? [])
    if (!CARD_FLAGS.includes(f))
      problems.push(
        `${zone}: ${c.card} has "this turn" flag "${f}"; Alpha Clash cards have ${CARD_FLAGS.join(', ')}`,
      );
  return problems;
}

/** Weapons listed as attached: each to a Clash card of the same player, one per card (305.5, 305.10). */
function attachWeapons(r: Reading, clash: Permanent[], accessory: Permanent[], problems: string[]): void {
  for (const w of accessory.filter((a) => a.attachedTo)) {
    const host = clash.find((c) => c.card.id === w.attachedTo);
    if (!host || r.defOfId((w.card as CardRef).cardId)?.type !== 'Weapon')
      problems.push(
        `accessory: ${w.card.id} is attached to ${w.attachedTo}, which must be a Clash card of the same player, and it must be a Weapon (305.5)`,
      );
    else if (host.weapon) problems.push(`clash: ${host.card.id} has two Weapons attached (305.10)`);
    else host.weapon = w.card.id;
  }
}

/** The shared Clashground, if any: one at most (302.4). */
function readClashground(r: Reading): Rejection | Permanent | null {
  const { st, where } = r;
  const cgs = (st.shared?.clashground ?? []).map(startCard);
  for (const key of Object.keys(st.shared ?? {}))
    if (key !== 'clashground')
      return where(
        `shared.${key}`,
        'the only shared zone is clashground (the Portal is the "portal" field: "open" or "closed")',
      );
  if (cgs.length > 1) return where('shared.clashground', 'only one Clashground may be in play (302.4)');
  const cg = cgs[0];
  if (cg && r.defOfId(cg.card)?.type !== 'Clashground')
    return where('shared.clashground', `${cg.card} is not a Clashground`);
  const owner = (cg?.controller ?? st.turnPlayer) as PlayerId;
  return cg
    ? newPermanent({ id: cg.id ?? `${owner}-clashground`, cardId: cg.card }, owner, cg.enteredTurn ?? 0, {
        engaged: cg.status === 'engaged',
      })
    : null;
}

/** A Clash card controlled by another player stands in that player's Clash Zone; its owner stays (110.2c, 400.3). */
function moveControlled(r: Reading, seats: SeatPosition[]): Rejection | null {
  for (const seat of seats) {
    for (const perm of seat.clash.filter((x) => x.controller !== seat.id)) {
      const to = seats.find((x) => x.id === perm.controller);
      if (!to)
        return r.where(
          `players.${seat.id}.zones.clash`,
          `${perm.card.id}: controller ${perm.controller} is not a seat`,
        );
      to.clash.push(perm);
    }
    seat.clash = seat.clash.filter((x) => x.controller === seat.id);
  }
  return null;
}

/** The clash in progress (504.2): needed in, and only in, a clash step. */
function readClash(r: Reading, seats: SeatPosition[]): Rejection | ClashState | null {
  const { st, where, stepPath, other } = r;
  const extra = st as ScenarioStart & { clash?: unknown };
  const inClash = stepPath.startsWith('turn.primary.clash.');
  if (inClash !== (extra.clash !== undefined))
    return where(
      'clash',
      inClash
        ? 'a clash step needs "clash": { "attacker", "target", "obstructors"? } (504.2)'
        : 'a "clash" is only in progress in a clash step (504.2)',
    );
  if (extra.clash === undefined) return null;
  const c = extra.clash as { attacker?: unknown; target?: unknown; obstructors?: unknown };
  const attacker = seats.find((x) => x.id === st.turnPlayer)!.clash.find((x) => x.card.id === c.attacker);
  if (!attacker)
    return where('clash.attacker', `name a Clash card the turn player ${st.turnPlayer} controls (504.2a)`);
  const defender = seats.find((x) => x.id === other)!;
  const target = typeof c.target === 'string' ? c.target : '';
  if (target !== defender.contender.card.id && !defender.clash.some((x) => x.card.id === target))
    return where(
      'clash.target',
      `name ${other}'s Contender (${defender.contender.card.id}) or one of ${other}'s Clash cards (504.2a)`,
    );
  const obstructors = Array.isArray(c.obstructors) ? c.obstructors.map(String) : [];
  for (const o of obstructors)
    if (!defender.clash.some((x) => x.card.id === o))
      return where('clash.obstructors', `${o} is not a Clash card ${other} controls (504.9)`);
  const afterObstruct = ['turn.primary.clash.attackerBuff', 'turn.primary.clash.defenderBuff'].includes(
    stepPath,
  );
  if (obstructors.length > 0 && !afterObstruct)
    return where('clash.obstructors', 'obstructors are declared in C3, so they stand only in C4/C5 (504.2c)');
  attacker.engaged = true;
  return {
    attacker: attacker.card.id,
    attackingPlayer: st.turnPlayer as PlayerId,
    defendingPlayer: other,
    target,
    obstructors,
    obstructed: obstructors.length > 0,
    buffPlayed: false,
    necrotic: [],
    afterClash: [],
    damageDealt: false,
    declared: afterObstruct,
    ended: false,
  };
}

/** Continuous effects in force (611): { kind: "modify", target, atk?, def?, until: "turn" | "clash", source?, grant? }. */
function readEffects(
  r: Reading,
  ids: Set<string>,
  clash: ClashState | null,
): Rejection | ContinuousEffectState[] {
  const effects: ContinuousEffectState[] = [];
  for (const [i, e] of (r.st.effects ?? []).entries()) {
    const effect = readEffect(r, ids, clash, e, i);
    if (isRejection(effect)) return effect;
    effects.push(effect);
  }
  return effects;
}

function readEffect(
  r: Reading,
  ids: Set<string>,
  clash: ClashState | null,
  e: unknown,
  i: number,
): Rejection | ContinuousEffectState {
  const { where } = r;
  const x = e as {
    kind: string;
    target?: string;
    source?: string;
    until?: string;
    atk?: unknown;
    def?: unknown;
    prevent?: unknown;
    grant?: unknown;
  };
  if (x.kind !== 'modify' && x.kind !== 'prevent')
    return where(
      `effects[${i}].kind`,
      'Alpha Clash effects are "modify" (+atk/+def, 611.2) or "prevent" (prevent the next N clash damage, 615)',
    );
  if (!x.target || !ids.has(x.target))
    return where(`effects[${i}].target`, 'name a Clash card or Contender instance id of the position');
  if (x.source !== undefined && !ids.has(x.source))
    return where(`effects[${i}].source`, 'name an instance id of the position (or leave it out)');
  const until = x.until ?? 'end-of-turn';
  if (until !== 'end-of-turn' && until !== 'end-of-clash')
    return where(
      `effects[${i}].until`,
      'effects last until "end-of-turn" (514.2) or "end-of-clash" (504.10)',
    );
  if (until === 'end-of-clash' && !clash)
    return where(`effects[${i}].until`, '"end-of-clash" needs a clash in progress');
  const int = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : 0);
  const grant = Array.isArray(x.grant) ? x.grant.map(String) : [];
  for (const k of grant)
    if (!KEYWORDS.some((d) => d.keyword === k))
      return where(`effects[${i}].grant`, `${k} is not an Alpha Clash keyword (704)`);
  return {
    id: `e${r.serial.nextId++}`,
    target: x.target,
    atk: int(x.atk),
    def: int(x.def),
    grant,
    until: until === 'end-of-clash' ? 'clash' : 'turn',
    prevent: x.kind === 'prevent' ? int(x.prevent) : 0,
    source: x.source ?? null,
  };
}

/** A Standby object as a position lists it. */
interface RawStandby {
  kind?: unknown;
  controller?: unknown;
  card?: unknown;
  id?: unknown;
  source?: unknown;
  effect?: unknown;
  targets?: unknown;
}

/**
 * Objects in Standby (409), bottom first: a card being played (kind "card", card = a card id), or an effect of a
 * card in play (kind "trigger" | "activated", source = its instance id, effect = "enter", "attack", "activated"…).
 */
function readStandby(r: Reading, seats: SeatPosition[], ids: Set<string>): Rejection | StandbyObject[] {
  const { where } = r;
  const standby: StandbyObject[] = [];
  const extra = r.st as ScenarioStart & { standby?: unknown };
  const rawStandby = extra.standby === undefined ? [] : extra.standby;
  if (!Array.isArray(rawStandby)) return where('standby', 'a list of Standby objects, bottom first (409)');
  for (const [i, raw] of rawStandby.entries()) {
    const o = raw as RawStandby;
    const kind = o.kind as StandbyKind;
    const controller = o.controller as PlayerId;
    if (!seats.some((x) => x.id === controller)) return where(`standby[${i}].controller`, 'name a seat');
    const targets = Array.isArray(o.targets) ? o.targets.map(String) : [];
    for (const tgt of targets)
      if (!ids.has(tgt))
        return where(`standby[${i}].targets`, `${tgt} is not an instance id of the position`);
    const base = { controller, targets, x: 0, division: [], thenPutIntoOblivion: null, enters: null };
    if (kind === 'card') {
      const d = typeof o.card === 'string' ? r.defOfId(o.card) : undefined;
      if (!d || ['Contender', 'Trap'].includes(d.type))
        return where(
          `standby[${i}].card`,
          'a card being played: a pool or test card that is played (601.1), not a Contender or Trap',
        );
      const id = typeof o.id === 'string' ? o.id : `${controller}-standby${i + 1}`;
      if (ids.has(id)) return where(`standby[${i}].id`, `instance id ${id} is used twice`);
      ids.add(id);
      standby.push({ ...base, sid: id, kind, card: { id, cardId: d.id }, source: null, effect: 'play' });
    } else if (kind === 'trigger' || kind === 'activated') {
      const obj = readStandbyEffect(r, seats, ids, o, kind, i);
      if (isRejection(obj)) return obj;
      standby.push({ ...base, ...obj });
    } else return where(`standby[${i}].kind`, 'a Standby object is "card", "trigger" or "activated" (409.1)');
  }
  return standby;
}

/** A triggered or activated effect in Standby: its source in play and one of that card's effects (603.1, 602.1). */
function readStandbyEffect(
  r: Reading,
  seats: SeatPosition[],
  ids: Set<string>,
  o: RawStandby,
  kind: 'trigger' | 'activated',
  i: number,
) {
  const src = typeof o.source === 'string' ? o.source : '';
  if (!ids.has(src))
    return r.where(
      `standby[${i}].source`,
      'name the instance id of the card in play whose effect this is (603.3, 602.2a)',
    );
  const sd = r.defOfId(
    r.cardOf.get(src) ?? seats.find((x) => x.contender.card.id === src)?.contender.card.cardId ?? '',
  );
  const effect = typeof o.effect === 'string' ? o.effect : kind === 'activated' ? 'activated' : 'trigger:0';
  const awe = Math.max(0, ...(sd?.keywords ?? []).filter((k) => k.k === 'Awe Factor').map((k) => k.x ?? 0));
  const known =
    kind === 'activated'
      ? effect === 'activated' && sd?.activated !== undefined
      : effect === 'awe'
        ? awe > 0
        : /^trigger:\d+$/.test(effect) && sd?.triggers?.[Number(effect.split(':')[1])] !== undefined;
  if (!known)
    return r.where(
      `standby[${i}].effect`,
      `${src} has no such effect: "trigger:<n>" (its n-th printed trigger, 603.1), "awe" (Awe Factor, 704.2c) or "activated" (602.1)`,
    );
  return {
    sid: `e${r.serial.nextId++}`,
    kind,
    card: null,
    source: src,
    effect,
    x: effect === 'awe' ? awe : 0,
  };
}

/**
 * Priority (114.2): with Standby empty the step's holder has it; otherwise the named holder (default: the top
 * object's controller for a trigger, 603.3, the other player for a card or activated effect, 114.2b).
 */
function readPriority(
  r: Reading,
  standby: StandbyObject[],
  clash: ClashState | null,
): Rejection | { order: PlayerId[]; holder: PlayerId; passed: PlayerId[] } | null {
  const { st, stepPath, other } = r;
  const stepHolderOf = clash && /\.(counter|obstruct|defenderBuff)$/.test(stepPath) ? other : st.turnPlayer;
  if (standby.length === 0) {
    if (st.priority !== undefined && st.priority !== stepHolderOf)
      return r.where(
        'priority',
        `with Standby empty the step's holder (${stepHolderOf}) has priority (114.2a, 504.2b–e); leave "priority" out or name ${stepHolderOf}`,
      );
    return null;
  }
  const top = standby[standby.length - 1]!;
  const order = apnap(
    r.config.players.map((x) => x.id),
    top.controller,
  );
  const holder =
    (st.priority as PlayerId | undefined) ?? (top.kind === 'trigger' ? top.controller : order[1]!);
  // Nobody has passed yet unless the controller passed the object on (114.2b).
  return {
    order,
    holder,
    passed: holder !== top.controller && top.kind !== 'trigger' ? [top.controller] : [],
  };
}

/** Who holds priority: a player owing a choice, the Standby window's holder, else the step's holder (114.2). */
export function priorityHolder(s: AlphaClashState): PlayerId | null {
  if (s.status !== 'playing') return null;
  if (s.pending) return s.pending.player;
  if (s.priority) return s.priority.holder;
  return stepHolder(s);
}

/**
 * Derived stats of a Contender, permanent or player (a judge view): current ATK/DEF (211), damage, health, and
 * who controls it (110.2c) and what it is attached to (a Weapon's Clash card) or carries (a Clash card's Weapon).
 */
export function derivedStats(s: AlphaClashState, id: string): Record<string, number | string | null> | null {
  const pl = s.players[id];
  if (pl)
    return {
      health: pl.contender?.health ?? null,
      maxHealth: pl.contender?.maxHealth ?? null,
      hand: pl.handCount,
      deck: pl.deckCount,
    };
  const l = locate(s, id);
  if (!l) return null;
  if (l.kind === 'contender')
    return {
      atk: currentAtk(s, id),
      def: currentDef(s, id),
      health: l.contender.health,
      maxHealth: l.contender.maxHealth,
      controller: l.player,
    };
  const { perm } = l;
  return {
    atk: currentAtk(s, id),
    def: currentDef(s, id),
    damage: perm.damage + perm.clashDamage,
    engaged: perm.engaged ? 'engaged' : 'ready',
    controller: perm.controller,
    owner: perm.owner,
    attachedTo: perm.attachedTo,
    weapon: perm.weapon,
  };
}

export const scenarioHooks: ScenarioHooks<AlphaClashState> = {
  keywords: KEYWORDS.map((k) => k.keyword),
  cardTypes: CARD_TYPES,
  checkCard: (tc) => {
    const def = testCardDef(tc);
    return typeof def === 'string' ? def : null;
  },
  start,
  priority: priorityHolder,
  stats: derivedStats,
};

// Scenario hooks (GameModule.scenario): a scenario file may start a match at any position instead of setup —
// turn and turn player, cards in every zone (field objects awake or rested, with damage, counters and a champion's
// lineage), continuous effects and who holds Opportunity. `start` emits MatchStarted and one PositionSet event that
// the fold applies; viewEvent redacts PositionSet like the state (hidden zones show opaque ids).
import {
  isHiddenCard,
  reject,
  startCard,
  type ContinuousEffect,
  type DecideContext,
  type Decision,
  type MatchConfig,
  type PlayerId,
  type Rejection,
  type ScenarioHooks,
  type ScenarioStart,
  type TestCard,
} from '@matchtape/engine';
import { withDefs } from './cards/book';
import { RulesTextSchema } from './cards/effects';
import { cardDef, isCardId, type CardBook } from './cards/pool';
import type { GACardDef, KeywordInstance, KeywordName } from './cards/types';
import { KEYWORDS } from './cards/keywords';
import { RULES_VERSION } from './decide';
import { initialState } from './evolve';
import { enterLocation, Flow, newObject, settle } from './flow';
import {
  isProblem,
  startCombat,
  startLocation,
  startStack,
  startTriggers,
  type OffFieldCard,
  type StartLocation,
} from './start-moment';
import { championLevel, isAlly, isChampion, life, objectById, unitPower } from './rules';
import type {
  Card,
  CardType,
  Combat,
  Element,
  FieldObject,
  GAState,
  PendingTrigger,
  PlayerZone,
  Slot,
  StackItem,
} from './types';

/** Zone names a start position may use (the state's, plus the short names players use). */
const ZONES: Record<string, PlayerZone | 'field'> = {
  hand: 'hand',
  mainDeck: 'mainDeck',
  deck: 'mainDeck',
  materialDeck: 'materialDeck',
  material: 'materialDeck',
  memory: 'memory',
  graveyard: 'graveyard',
  banishment: 'banishment',
  field: 'field',
};
const HIDDEN: readonly PlayerZone[] = ['mainDeck', 'materialDeck', 'hand', 'memory'];

/** The player-zone contents and field a PositionSet carries (the judge's full version). */
export interface PositionPlayer {
  mainDeck: Slot[];
  materialDeck: Slot[];
  hand: Slot[];
  memory: Slot[];
  graveyard: Card[];
  banishment: Card[];
  championPlaced: boolean;
  turnsTaken: number;
}

const ELEMENTS: readonly Element[] = ['norm', 'fire', 'water', 'wind', 'arcane', 'crux', 'luxem', 'umbra'];
const STATS = ['level', 'life', 'power', 'durability'] as const;

/**
 * A scenario's test card as a Grand Archive definition, or what is wrong with it. `cost`: a number (reserve; memory
 * for a champion) or "reserve N" / "memory N"; `stats`: level, life, power, durability; keywords with `value` as N
 * (Critical 2, Pride 3). Optional extra fields: `element` (or `colors[0]`), `subtypes`, `supertypes`, `lineageName`,
 * `speed`, and `abilities` in the effect vocabulary of cards/effects.ts (triggers, activated and static abilities,
 * an action's resolution).
 */
export function testCardDef(tc: TestCard): GACardDef | string {
  const rules = RulesTextSchema.safeParse(tc);
  if (!rules.success) {
    const iss = rules.error.issues[0]!;
    return `${iss.path.map(String).join('.')}: ${iss.message} (the effect vocabulary: packages/games/grand-archive/src/cards/effects.ts)`;
  }
  if (isCardId(tc.id)) return `"${tc.id}" is a pool card id; give the test card an id of its own`;
  const type = tc.type.toLowerCase() as CardType;
  if (!(scenarioHooks.cardTypes as readonly string[]).includes(type))
    return `type "${tc.type}" is not a Grand Archive card type (${scenarioHooks.cardTypes.join(', ')})`;
  let cost: GACardDef['cost'] = null;
  if (typeof tc.cost === 'number') cost = { kind: type === 'champion' ? 'memory' : 'reserve', n: tc.cost };
  else if (typeof tc.cost === 'string') {
    const m = /^(reserve|memory)\s+(\d+)$/i.exec(tc.cost.trim());
    if (!m) return `cost "${tc.cost}": give a number or "reserve N" / "memory N"`;
    cost = { kind: m[1]!.toLowerCase() as 'reserve' | 'memory', n: Number(m[2]) };
  }
  const stats: Partial<Record<(typeof STATS)[number], number>> = {};
  for (const [k, v] of Object.entries(tc.stats ?? {})) {
    const key = STATS.find((s) => s === k.toLowerCase());
    if (!key || typeof v !== 'number')
      return `stats.${k}: Grand Archive stats are numbers named ${STATS.join(', ')}`;
    stats[key] = v;
  }
  const keywords: KeywordInstance[] = [];
  for (const k of tc.keywords ?? []) {
    const name = (typeof k === 'string' ? k : k.keyword) as KeywordName;
    if (!KEYWORDS.some((x) => x.keyword === name))
      return `keyword "${name}" is not in the keyword table (X.A)`;
    keywords.push(
      typeof k !== 'string' && k.value !== undefined ? { keyword: name, n: k.value } : { keyword: name },
    );
  }
  const extra = tc as Record<string, unknown>;
  const element = String(extra.element ?? tc.colors?.[0] ?? 'norm').toLowerCase() as Element;
  if (!ELEMENTS.includes(element)) return `element "${element}" is not one of ${ELEMENTS.join(', ')}`;
  const strings = (v: unknown): string[] =>
    Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  const supertypes = strings(extra.supertypes)
    .map((x) => x.toLowerCase())
    .filter((x): x is 'regalia' | 'unique' => x === 'regalia' || x === 'unique');
  return {
    id: tc.id,
    name: tc.name,
    type,
    supertypes,
    subtypes: strings(extra.subtypes),
    element,
    cost,
    ...stats,
    ...(typeof extra.lineageName === 'string' ? { lineageName: extra.lineageName } : {}),
    ...(extra.speed === 'fast' || extra.speed === 'slow' ? { speed: extra.speed } : {}),
    keywords,
    abilities: rules.data.abilities ?? [],
    text: tc.text ?? '',
    sample: true,
  };
}

/** The card ids token effects name anywhere in a card's abilities (delayed effects included). */
function tokenCards(x: unknown): string[] {
  if (Array.isArray(x)) return x.flatMap(tokenCards);
  if (typeof x !== 'object' || x === null) return [];
  const o = x as Record<string, unknown>;
  return [
    ...(o.do === 'token' && typeof o.card === 'string' ? [o.card] : []),
    ...Object.values(o).flatMap(tokenCards),
  ];
}

/** The scenario's test cards by id, each checked as a card of this game; or why one is not. */
function testCardBook(cards: readonly TestCard[]): Record<string, GACardDef> | Rejection {
  const book: Record<string, GACardDef> = {};
  for (const [i, tc] of cards.entries()) {
    const def = testCardDef(tc);
    if (typeof def === 'string') return reject('scenario', `cards[${i}] (${tc.id}): ${def}`);
    book[tc.id] = def;
  }
  // A token effect names the card whose definition its tokens take (2.3.d.5): a pool card or one of these test cards.
  for (const [id, def] of Object.entries(book)) {
    for (const card of tokenCards(def.abilities ?? []))
      if (!book[card] && !isCardId(card))
        return reject(
          'scenario',
          `cards (${id}): its token effect names "${card}", which is neither a pool card nor a test card of this scenario`,
        );
  }
  return book;
}

function startPosition(
  config: MatchConfig,
  start: ScenarioStart,
  ctx: DecideContext & { seedCommitment: string; cards: readonly TestCard[] },
): Decision {
  const book = testCardBook(ctx.cards);
  if (isRejection(book)) return book;
  const loc = startLocation(start);
  if (typeof loc === 'string') return reject('scenario', loc);
  const phase = loc.phase;
  const order = config.players.map((p) => p.id);
  const seatOf = (id: string | undefined): PlayerId | undefined => order.find((x) => x === id);
  const tp = seatOf(start.turnPlayer);
  if (!tp)
    return reject(
      'scenario',
      `start.turnPlayer: ${start.turnPlayer} is not a seat of this match (${order.join(', ')})`,
    );
  const n = order.length;
  // Turn 1 belongs to the first player, turn t to the player t−1 seats after them (1.2.3).
  const first = order[(((order.indexOf(tp) - (start.turn - 1)) % n) + n) % n]!;
  const d = new Flow(initialState(), ctx.rng);
  d.auto(
    'MatchStarted',
    {
      seedCommitment: ctx.seedCommitment,
      matchId: config.matchId,
      players: config.players.map((p) => ({ id: p.id, name: p.name })),
      rulesVersion: RULES_VERSION,
      turnLimit: typeof config.options?.turnLimit === 'number' ? config.options.turnLimit : 200,
      format: 'scenario',
    },
    '1.3.1',
  );
  const placed = startPlayers(d, start, { order, first, book, seatOf });
  if (isRejection(placed)) return placed;
  const { players, field } = placed;
  const effects = startEffects(start, field);
  if (isRejection(effects)) return effects;
  const moment = startMoment(start, loc, { order, tp, book, field, effects, players });
  if (isProblem(moment)) return reject(moment.rule, moment.reason);
  const { combat, stack, triggers } = moment;
  // Who holds Opportunity: with items on the stack, or at a point where the turn player receives it with an empty
  // stack, the named player (default the turn player); nobody while triggers wait to be placed or the phase/step is
  // only beginning (its turn-based actions give Opportunity, or a prompt, themselves).
  const begins = triggers.length === 0 && stack.length === 0 && (!loc.opportunity || start.begin === true);
  const holds = triggers.length === 0 && !begins;
  if (start.priority !== undefined && !holds)
    return reject(
      triggers.length > 0 ? '2.4.b.6' : 'scenario',
      `start.priority: nobody holds Opportunity ${triggers.length > 0 ? 'while triggers wait to go on the stack (the turn player receives it once they are placed)' : `as the ${phase}${loc.step ? `/${loc.step}` : ''} begins`}; leave it out`,
    );
  const holder = holds ? (seatOf(start.priority) ?? tp) : null;
  // The test cards the position places travel on this event (`defs`), so every fold knows them (cards/book.ts).
  d.auto(
    'PositionSet',
    withDefs(book, {
      turn: start.turn,
      activePlayer: tp,
      firstPlayer: first,
      phase,
      step: loc.step,
      players,
      field,
      effects,
      priority: holder,
      ...(combat ? { combat } : {}),
      ...(stack.length > 0 ? { stack, serial: stack.length } : {}),
    }),
    '1.3.1',
  );
  // Triggers waiting go on the stack in turn order, each player ordering their own (2.4.b.6); a position at the
  // beginning of a phase/step runs its turn-based actions; either way the game then runs to the next choice.
  if (triggers.length > 0) d.triggers.push(...triggers);
  else if (begins) enterLocation(d, loc.phase, loc.step, loc.rule);
  if (!holds) settle(d);
  return d.done();
}

const isRejection = (x: unknown): x is Rejection =>
  typeof x === 'object' && x !== null && (x as Rejection).ok === false;

/** Each seat's zones and the objects on the field, as the scenario lists them (hidden zones get opaque ids). */
function startPlayers(
  d: Flow,
  start: ScenarioStart,
  seats: {
    order: PlayerId[];
    first: PlayerId;
    book: Record<string, GACardDef>;
    seatOf: (id: string | undefined) => PlayerId | undefined;
  },
): { players: Record<string, PositionPlayer>; field: FieldObject[] } | Rejection {
  const { order, first, book, seatOf } = seats;
  const known: CardBook = { cards: book };
  const n = order.length;
  const players: Record<string, PositionPlayer> = {};
  const field: FieldObject[] = [];
  let serial = 0;
  for (const p of order) {
    const zones: PositionPlayer = {
      mainDeck: [],
      materialDeck: [],
      hand: [],
      memory: [],
      graveyard: [],
      banishment: [],
      championPlaced: false,
      turnsTaken: 0,
    };
    for (const [name, list] of Object.entries(start.players[p]?.zones ?? {})) {
      const zone = ZONES[name];
      if (!zone)
        return reject(
          'scenario',
          `start.players.${p}.zones.${name}: Grand Archive has no zone "${name}" (zones: ${Object.keys(ZONES).join(', ')})`,
        );
      for (const raw of list) {
        const c = startCard(raw);
        const def = cardDef(known, c.card);
        const id = c.id ?? `${p}-s${++serial}`;
        if (zone === 'field') {
          const obj = startObject(c, {
            id,
            def,
            owner: p,
            controller: seatOf(c.controller) ?? p,
            book,
            turn: start.turn,
          });
          field.push(obj);
          if (isChampion(known, obj)) zones.championPlaced = true;
          continue;
        }
        const card: Card = HIDDEN.includes(zone)
          ? { id, cardId: def.id, oid: d.oid() }
          : { id, cardId: def.id };
        (zones[zone] as Slot[]).push(card);
      }
    }
    // Turns taken so far, counting the current one (the first-turn rules read it, 2.2.1.a).
    const seat = (order.indexOf(p) - order.indexOf(first) + n) % n;
    zones.turnsTaken = Math.max(0, Math.floor((start.turn - 1 - seat) / n) + 1);
    players[p] = zones;
  }
  return { players, field };
}

/** A field object as a scenario places it, with its lineage, status, damage and counters. */
function startObject(
  c: ReturnType<typeof startCard>,
  at: {
    id: string;
    def: GACardDef;
    owner: PlayerId;
    controller: PlayerId;
    book: Record<string, GACardDef>;
    turn: number;
  },
): FieldObject {
  const { id, def, book } = at;
  const known: CardBook = { cards: book };
  // A champion's lineage: `lineage` lists the champion cards below it, bottom first (1.7.a.4.d).
  const lineage = Array.isArray(c.lineage) ? c.lineage.filter((x): x is string => typeof x === 'string') : [];
  const base = newObject(
    { ...initialState(), cards: book, turn: at.turn },
    { id, cardId: def.id },
    at.controller,
  );
  return {
    ...base,
    owner: at.owner,
    cards: [
      ...lineage.map((cardId, i) => ({ id: `${id}-l${i + 1}`, cardId: cardDef(known, cardId).id })),
      { id, cardId: def.id },
    ],
    rested: c.status === 'rested' || c.status === 'engaged',
    damage: c.damage ?? 0,
    counters: { ...base.counters, ...(c.counters ?? {}) },
    enteredTurn: c.enteredTurn ?? at.turn,
  };
}

/** The continuous effects a position starts with (until end of turn), each on an object of its field. */
function startEffects(start: ScenarioStart, field: FieldObject[]): ContinuousEffect[] | Rejection {
  const effects: ContinuousEffect[] = [];
  for (const [i, e] of (start.effects ?? []).entries()) {
    const target = e.target;
    if (!target || !field.some((o) => o.id === target))
      return reject('scenario', `start.effects[${i}].target: name an object on the field`);
    const common = {
      id: `fx-start-${i + 1}`,
      source: e.source ?? null,
      target,
      duration: { until: 'end-of-turn' as const },
      rule: '2.3.d.6',
    };
    if (e.kind === 'grant' && typeof e.keyword === 'string' && KEYWORDS.some((k) => k.keyword === e.keyword))
      effects.push({ ...common, grant: [e.keyword] } as ContinuousEffect);
    else if (e.kind === 'power' && typeof e.n === 'number')
      effects.push({ ...common, modify: { power: e.n } } as ContinuousEffect);
    else
      return reject(
        'scenario',
        `start.effects[${i}]: kind "${e.kind}" is not one Grand Archive builds; use { kind: "grant", keyword } (a keyword of X.A) or { kind: "power", n } (until end of turn)`,
      );
  }
  return effects;
}

/** The combat, stack and waiting triggers of a position, checked against its field (start-moment.ts). */
function startMoment(
  start: ScenarioStart,
  loc: StartLocation,
  at: {
    order: PlayerId[];
    tp: PlayerId;
    book: Record<string, GACardDef>;
    field: FieldObject[];
    effects: ContinuousEffect[];
    players: Record<string, PositionPlayer>;
  },
):
  | { combat: Combat | null; stack: StackItem[]; triggers: PendingTrigger[] }
  | { rule: string; reason: string } {
  const extra = start as ScenarioStart & { combat?: unknown; stack?: unknown; triggers?: unknown };
  let probe: GAState = {
    ...initialState(),
    order: at.order,
    status: 'playing',
    turn: start.turn,
    activePlayer: at.tp,
    phase: loc.phase,
    step: loc.step,
    field: at.field,
    effects: at.effects,
    cards: at.book,
  };
  const ids = new Set<string>(at.field.flatMap((o) => [o.id, ...o.cards.map((c) => c.id)]));
  // Cards off the field, by id: a trigger's source may have left it (2.4.12).
  const offField = new Map<string, OffFieldCard>();
  for (const [owner, pl] of Object.entries(at.players))
    for (const z of HIDDEN_AND_PUBLIC)
      for (const c of pl[z]) {
        ids.add(c.id);
        offField.set(c.id, { owner: owner as PlayerId, zone: z, cardId: (c as { cardId: string }).cardId });
      }
  const combat = startCombat(probe, loc, extra.combat, ids);
  if (isProblem(combat)) return combat;
  probe = { ...probe, combat };
  const stack = startStack(probe, loc, extra.stack, ids, offField);
  if (isProblem(stack)) return stack;
  const triggers = startTriggers(probe, loc, extra.triggers, offField);
  if (isProblem(triggers)) return triggers;
  return { combat, stack, triggers };
}
const HIDDEN_AND_PUBLIC = ['mainDeck', 'materialDeck', 'hand', 'memory', 'graveyard', 'banishment'] as const;

/** Derived stats of a card instance (judge view): current power and life, damage, level and counters (1.6.f, X.B.22). */
function stats(s: GAState, id: string): Record<string, number | string | null> | null {
  const o = objectById(s, id);
  if (o) {
    const out: Record<string, number | string | null> = {
      damage: o.damage,
      ...o.counters,
      controller: o.controller,
      owner: o.owner,
      status: o.rested ? 'rested' : 'awake',
    };
    if (isAlly(s, o)) Object.assign(out, { power: unitPower(s, o), life: life(s, o) });
    if (isChampion(s, o)) Object.assign(out, { life: life(s, o), level: championLevel(s, o.controller) });
    return out;
  }
  for (const p of s.order)
    for (const z of ['hand', 'mainDeck', 'materialDeck', 'memory', 'graveyard', 'banishment'] as const) {
      const c = s.players[p]![z].find((x) => x.id === id);
      if (c && !isHiddenCard(c)) {
        const def = cardDef(s, c.cardId);
        return {
          ...(def.power !== undefined ? { power: def.power } : {}),
          ...(def.life !== undefined ? { life: def.life } : {}),
          ...(def.level !== undefined ? { level: def.level } : {}),
          ...(def.durability !== undefined ? { durability: def.durability } : {}),
        };
      }
    }
  return null;
}

export const scenarioHooks: ScenarioHooks<GAState> = {
  keywords: KEYWORDS.map((k) => k.keyword),
  cardTypes: ['champion', 'ally', 'action', 'attack', 'item', 'weapon', 'domain'],
  checkCard: (tc) => {
    const def = testCardDef(tc);
    return typeof def === 'string' ? def : null;
  },
  start: startPosition,
  // Opportunity (2.8.b): nobody holds it while a prompt waits for a choice.
  priority: (s) => (s.status === 'playing' && s.prompt === null ? (s.priority?.holder ?? null) : null),
  stats,
};

// Scenario hooks (kit): a scenario file's `start` position becomes MatchStarted + FirstPlayerChosen +
// PositionSet. Zones per player: `spellbook` (top first), `hand`, `archive`, `purgatory`, `atk`, `def`,
// `stack1`…`stack9` (stones bottom first, then at most one played card on top), `attached` (familiars, with
// `attachedTo` the master) and `equips` (with `attachedTo` the creature); a creature in play may carry `thisTurn`
// flags (`attacked`, `ranged`, `damaged`). Pool cards, and the scenario's test
// cards by their `id` (cards/test-cards.ts: their card id carries their definition).
import {
  reject,
  type DecideContext,
  type Decision,
  type MatchConfig,
  type PlayerId,
  type ScenarioHooks,
  type ScenarioStart,
  type TestCard,
} from '@matchtape/engine';
import { CARD_BY_ID, cardDef } from './cards/decks';
import { TEST_CARD_TYPES, testCardDef } from './cards/test-cards';
import { KEYWORD_NAMES } from './cards/pool';
import { ECDraft } from './draft';
import { DEFAULT_OPTIONS, initialState, newPermanent } from './evolve';
import { RULES_VERSION } from './decide';
import { health, isCreatureCard, locate, power } from './rules';
import type { Card, ECState, Permanent, PlayerState, StoneStack, TimedEffect } from './types';

const ZONES = ['spellbook', 'hand', 'archive', 'purgatory', 'atk', 'def', 'attached', 'equips'];

type Placed = { id?: string; card: string; damage?: number; attachedTo?: string; thisTurn?: string[] };

/** "This turn" flags a creature in play may start with: it attacked (D13), used its Ranged Attack (D34), was dealt damage (Berserk, 7.0). */
const CARD_FLAGS = ['attacked', 'ranged', 'damaged'];

type StartContext = DecideContext & { seedCommitment: string; cards: readonly TestCard[] };
type Zones = NonNullable<ScenarioStart['players'][string]>['zones'];

/** Placing a scenario's cards: instance ids `<player>-c<n>` are numbered in placing order over both players. */
interface Placing {
  d: ECDraft;
  start: ScenarioStart;
  /** A pool card id, or a test card's card id by its scenario id; null for neither. */
  cardIdOf: (name: string) => string | null;
  n: number;
}

export function startPosition(config: MatchConfig, start: ScenarioStart, ctx: StartContext): Decision {
  const tests = testCardIds(ctx.cards);
  if (typeof tests === 'string') return reject('scenario', tests);
  if (!['standby', 'main', 'end'].includes(start.phase) || (start.step ?? null) !== null)
    return reject(
      'scenario',
      `start.phase: start in "standby", "main" or "end" with no step (got "${start.phase}"${start.step ? ` / "${start.step}"` : ''})`,
    );
  const ids = config.players.map((p) => p.id);
  if (ids.length !== 2) return reject('scenario', 'players: Elemental Clash is played by two players');
  const d = new ECDraft(initialState(), ctx.rng);
  startMatch(d, config, start, ctx.seedCommitment, ids);
  const pl: Placing = {
    d,
    start,
    cardIdOf: (name) => tests.get(name) ?? (CARD_BY_ID.has(name) ? name : null),
    n: 0,
  };
  const players: Record<string, Partial<PlayerState>> = {};
  for (const pid of ids) {
    const out = placePlayer(pl, pid);
    if (typeof out === 'string') return reject('scenario', out);
    players[pid] = out;
  }
  const unattached = attach(pl, ids, players);
  if (unattached !== null) return reject('scenario', unattached);
  const effects = startEffects(start);
  if (typeof effects === 'string') return reject('scenario', effects);
  const stonePlayed = Object.fromEntries(
    ids.map((p) => [p, (start.players[p]?.counters?.stonePlayed ?? 0) > 0]),
  );
  d.auto(
    'PositionSet',
    { turn: start.turn, activePlayer: start.turnPlayer, phase: start.phase, players, effects, stonePlayed },
    'scenario',
  );
  return d.done();
}

/** The scenario's test cards' card ids by their scenario id, or what is wrong with one. */
function testCardIds(cards: readonly TestCard[]): Map<string, string> | string {
  const tests = new Map<string, string>();
  for (const [i, tc] of cards.entries()) {
    const def = testCardDef(tc);
    if (typeof def === 'string') return `cards[${i}] (${tc.id}): ${def}`;
    tests.set(tc.id, def.id);
  }
  return tests;
}

function startMatch(
  d: ECDraft,
  config: MatchConfig,
  start: ScenarioStart,
  seedCommitment: string,
  ids: readonly PlayerId[],
): void {
  const options = { ...DEFAULT_OPTIONS, ...(config.options ?? {}) };
  d.auto(
    'MatchStarted',
    {
      seedCommitment,
      rulesVersion: RULES_VERSION,
      players: config.players.map((p) => ({ id: p.id, name: p.name })),
      options,
    },
    '2.0',
  );
  const other = ids.find((x) => x !== start.turnPlayer)!;
  const first = (options.firstPlayer as PlayerId | null) ?? (start.turn % 2 === 1 ? start.turnPlayer : other);
  d.auto('FirstPlayerChosen', { player: first, agreed: true }, 'D23');
}

function placedIn(zones: Zones, z: string): Placed[] {
  return (zones[z] ?? []).map((c) => (typeof c === 'string' ? { card: c } : (c as Placed)));
}

/** A player's zones as the scenario places them, or what is wrong with them. */
function placePlayer(pl: Placing, pid: PlayerId): Partial<PlayerState> | string {
  const zones = pl.start.players[pid]?.zones ?? {};
  for (const z of Object.keys(zones))
    if (!ZONES.includes(z) && !/^stack[1-9]$/.test(z))
      return `start.players.${pid}.zones.${z}: zones are ${ZONES.join(', ')}, stack1…stack9`;
  const out: Partial<PlayerState> = {
    spellbook: [],
    hand: [],
    archive: [],
    purgatory: [],
    atk: [],
    def: [],
    attached: [],
    stacks: [],
  };
  for (const z of ['spellbook', 'hand', 'archive', 'purgatory'] as const)
    for (const c of placedIn(zones, z)) {
      const k = placeCard(pl, pid, c);
      if (typeof k === 'string') return k;
      out[z]!.push(k);
    }
  const badFlag = flagProblem(pid, zones);
  if (badFlag !== null) return badFlag;
  for (const z of ['atk', 'def'] as const)
    for (const c of placedIn(zones, z)) {
      const p = placeCreature(pl, pid, c, z);
      if (typeof p === 'string') return p;
      out[z]!.push(p);
    }
  for (let i = 1; i <= 9; i++) {
    const cs = placedIn(zones, `stack${i}`);
    if (cs.length === 0) continue;
    const st = placeStack(pl, pid, i, cs);
    if (typeof st === 'string') return st;
    out.stacks!.push(st);
  }
  return out;
}

function placeCard(pl: Placing, pid: PlayerId, c: Placed): Card | string {
  const cardId = pl.cardIdOf(c.card);
  if (cardId === null)
    return `start.players.${pid}: "${c.card}" is neither an Elemental Clash card nor a test card of this scenario`;
  return { id: c.id ?? `${pid}-c${++pl.n}`, cardId, oid: pl.d.oid() };
}

function placeCreature(pl: Placing, pid: PlayerId, c: Placed, zone: string): Permanent | string {
  const k = placeCard(pl, pid, c);
  if (typeof k === 'string') return k;
  if (!isCreatureCard(cardDef(k.cardId)))
    return `start.players.${pid}.zones.${zone}: ${c.card} is not a creature`;
  return flagged({ ...newPermanent(k, pid), damage: c.damage ?? 0 }, c, pl.start.turn);
}

function flagged(x: Permanent, c: Placed, turn: number): Permanent {
  return {
    ...x,
    attacked: c.thisTurn?.includes('attacked') === true,
    ranged: c.thisTurn?.includes('ranged') === true,
    damagedTurn: c.thisTurn?.includes('damaged') === true ? turn : x.damagedTurn,
  };
}

/** A "this turn" flag the game does not have, or one on a card that is not a creature in play. */
function flagProblem(pid: PlayerId, zones: Zones): string | null {
  for (const z of Object.keys(zones))
    for (const c of placedIn(zones, z)) {
      const bad = (c.thisTurn ?? []).find((f) => !CARD_FLAGS.includes(f));
      if (bad !== undefined)
        return `start.players.${pid}.zones.${z}: ${c.card} has "this turn" flag "${bad}"; Elemental Clash cards have ${CARD_FLAGS.join(', ')}`;
      if (c.thisTurn?.length && !['atk', 'def'].includes(z) && !z.startsWith('stack'))
        return `start.players.${pid}.zones.${z}: "this turn" flags belong to creatures in play (atk, def, a stack's top card)`;
    }
  return null;
}

/** Stack i: element stones bottom first, then at most one played card on top. */
function placeStack(pl: Placing, pid: PlayerId, i: number, cs: readonly Placed[]): StoneStack | string {
  const st: StoneStack = { id: `${pid}-s${i}`, stones: [], top: null };
  for (const [j, c] of cs.entries()) {
    const k = placeCard(pl, pid, c);
    if (typeof k === 'string') return k;
    if (cardDef(k.cardId).type === 'Element Stone') st.stones.push(k);
    else if (j === cs.length - 1)
      st.top = flagged({ ...newPermanent(k, pid), damage: c.damage ?? 0 }, c, pl.start.turn);
    else
      return `start.players.${pid}.zones.stack${i}: only the last card may be a non-stone (the card on top)`;
  }
  if (st.stones.length === 0)
    return `start.players.${pid}.zones.stack${i}: a stack needs at least one element stone`;
  return st;
}

/** Familiars and equips name a creature placed above. */
function attach(
  pl: Placing,
  ids: readonly PlayerId[],
  players: Record<string, Partial<PlayerState>>,
): string | null {
  for (const pid of ids) {
    const zones = pl.start.players[pid]?.zones ?? {};
    for (const z of ['attached', 'equips'] as const)
      for (const c of placedIn(zones, z)) {
        const host = c.attachedTo ? findPerm(players, c.attachedTo) : null;
        if (!host)
          return `start.players.${pid}.zones.${z}: ${c.card} needs attachedTo naming a creature in play`;
        const id = c.id ?? `${pid}-c${++pl.n}`;
        const cardId = pl.cardIdOf(c.card);
        if (cardId === null)
          return `start.players.${pid}.zones.${z}: "${c.card}" is neither an Elemental Clash card nor a test card of this scenario`;
        if (z === 'equips') {
          host.equips.push(id);
          host.equipCards.push(cardId);
        } else
          players[pid]!.attached!.push({
            ...newPermanent({ id, cardId, oid: pl.d.oid() }, pid),
            master: c.attachedTo!,
          });
      }
  }
  return null;
}

/** The start's timed effects: "pump" until end of turn is the only kind. */
function startEffects(start: ScenarioStart): TimedEffect[] | string {
  const effects: TimedEffect[] = [];
  for (const [i, e] of (start.effects ?? []).entries()) {
    const pw = Number((e as { power?: number }).power ?? 0);
    const hp = Number((e as { health?: number }).health ?? 0);
    if (e.kind !== 'pump' || !e.target)
      return `start.effects[${i}]: the only effect kind is "pump" with target, power, health (until end of turn)`;
    effects.push({
      id: `e${i + 1}`,
      source: e.source ?? 'scenario',
      target: e.target,
      power: pw,
      health: hp,
    });
  }
  return effects;
}

function findPerm(players: Record<string, Partial<PlayerState>>, id: string): Permanent | null {
  for (const p of Object.values(players)) {
    for (const x of [...(p.atk ?? []), ...(p.def ?? [])]) if (x.id === id) return x;
    for (const st of p.stacks ?? []) if (st.top?.id === id) return st.top;
  }
  return null;
}

export const scenarioHooks: ScenarioHooks<ECState> = {
  keywords: KEYWORD_NAMES.flatMap((k) => [k, k.toLowerCase()]),
  cardTypes: TEST_CARD_TYPES,
  checkCard: (tc) => {
    const def = testCardDef(tc);
    return typeof def === 'string' ? def : null;
  },
  start: startPosition,
  priority: (s) => (s.status !== 'playing' ? null : s.prompt ? null : s.activePlayer),
  stats: (s, id) => {
    const w = locate(s, id);
    if (!w) return null;
    return { power: power(s, w), health: health(s, w), damage: w.perm.damage, zone: w.zone };
  },
};

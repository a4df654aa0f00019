// Scenario hooks (GameModule.scenario): start positions for scenario files, the priority holder and derived stats
// for their assertions. A start position is recorded as MatchStarted + one PositionSet event, so it folds, redacts
// and chains like any other part of the log (hands, decks and set Traps stay hidden, with fresh opaque ids).
import { pathOf, reject, startCard, type Decision, type DecideContext, type MatchConfig, type PlayerId, type ScenarioHooks, type ScenarioStart, type StartCard, type TestCard } from '@matchtape/engine';
import { CARD_BY_ID } from './cards/pool';
import { KEYWORDS } from './cards/keywords';
import type { CardType } from './cards/types';
import { Builder } from './engine';
import { stepHolder } from './evolve';
import { alphaClashMachine } from './machine';
import { currentAtk, currentDef } from './rules';
import { initialState, locate, newPermanent } from './state';
import type { AlphaClashState, CardRef, Permanent } from './types';

const CARD_TYPES: readonly CardType[] = ['Contender', 'Clash', 'Clashground', 'Trap', 'Weapon', 'Relic', 'Basic Action', 'Quick Action', 'Clash Buff'];
const ZONES = ['contender', 'hand', 'deck', 'clash', 'accessory', 'resources', 'oblivion'] as const;
type ZoneName = (typeof ZONES)[number];

/** The seat's part of PositionSet: every zone, as the judge sees it. */
export interface SeatPosition {
  id: PlayerId;
  contender: { card: CardRef; health: number; maxHealth: number; damage: number; engaged: boolean };
  hand: CardRef[];
  deck: CardRef[];
  clash: Permanent[];
  accessory: Permanent[];
  resources: Permanent[];
  oblivion: CardRef[];
}

function start(config: MatchConfig, st: ScenarioStart, ctx: DecideContext & { seedCommitment: string; cards: readonly TestCard[] }): Decision {
  const where = (path: string, msg: string) => reject('scenario', `start.${path}: ${msg}`);
  if (config.players.length !== 2) return reject('100.1b', `Alpha Clash is played by two players here; got ${config.players.length}`);
  if (ctx.cards.length > 0) return reject('scenario', 'cards: Alpha Clash scenarios use pool cards (test cards are not supported by this game yet)');
  // Standby is empty at a start position, so the active player has priority in the Primary Phase (114.2a, 503.1).
  if (st.phase !== 'primary' || (st.step ?? null) !== 'main') return where('phase', `Alpha Clash start positions stand in the Primary Phase, step "main" (got ${st.phase}/${st.step ?? ''})`);
  if (st.priority !== undefined && st.priority !== st.turnPlayer) return where('priority', 'with Standby empty the active player has priority (114.2a); leave "priority" out or name the turn player');
  if (st.effects && st.effects.length > 0) return where('effects', 'Alpha Clash start positions take no continuous effects yet');
  const b = new Builder(initialState(), ctx.rng);
  b.auto('MatchStarted', { seedCommitment: ctx.seedCommitment, game: 'alpha-clash', players: config.players.map((p) => ({ id: p.id, name: p.name })), stacked: true, variants: { quickStartFirstTurnAttackBan: false } }, '103.1');
  const seats: SeatPosition[] = [];
  const given = new Set<string>();
  for (const seat of config.players) {
    const ps = st.players[seat.id];
    const zones: Record<ZoneName, StartCard[]> = { contender: [], hand: [], deck: [], clash: [], accessory: [], resources: [], oblivion: [] };
    for (const [name, list] of Object.entries(ps?.zones ?? {})) {
      if (!(ZONES as readonly string[]).includes(name)) return where(`players.${seat.id}.zones.${name}`, `Alpha Clash zones are ${ZONES.join(', ')} (the Clashground is shared: start.shared.clashground)`);
      zones[name as ZoneName] = list.map(startCard);
    }
    const contenderCard = zones.contender[0]?.card ?? (Array.isArray(seat.deck.extra?.contender) ? seat.deck.extra.contender[0] : undefined) ?? seat.deck.main.find((id) => CARD_BY_ID.get(id)?.type === 'Contender');
    const cdef = contenderCard ? CARD_BY_ID.get(contenderCard) : undefined;
    if (!cdef || cdef.type !== 'Contender') return where(`players.${seat.id}.zones.contender`, 'name the Contender (one card of type Contender)');
    const n = { v: 0 };
    const idOf = (c: StartCard, zone: string) => c.id ?? `${seat.id}-${zone}${++n.v}`;
    const problems: string[] = [];
    const check = (c: StartCard, zone: string) => {
      const d = CARD_BY_ID.get(c.card);
      if (!d) problems.push(`${zone}: ${c.card} is not in the card pool`);
      if (c.counters) problems.push(`${zone}: ${c.card} has counters; no Alpha Clash card of the pool uses counters (119)`);
      if (c.controller && c.controller !== seat.id) problems.push(`${zone}: ${c.card} has another controller; control changes are not implemented (110.2c)`);
      if (c.status && c.status !== 'ready' && c.status !== 'engaged') problems.push(`${zone}: status "${c.status}" — Alpha Clash cards are ready or engaged`);
      if (c.faceDown && (zone !== 'accessory' || d?.type !== 'Trap')) problems.push(`${zone}: only Traps are face down, in the Accessory Zone (304.3)`);
      const id = idOf(c, zone);
      if (given.has(id)) problems.push(`${zone}: instance id ${id} is used twice`);
      given.add(id);
      return id;
    };
    const hidden = (zone: 'hand' | 'deck') => zones[zone].map((c) => ({ id: check(c, zone), cardId: c.card, oid: b.oid() }));
    const hand = hidden('hand');
    const deck = hidden('deck');
    const perm = (zone: 'clash' | 'accessory' | 'resources') =>
      zones[zone].map((c) => {
        const id = check(c, zone);
        const card = c.faceDown ? { id, cardId: c.card, oid: b.oid() } : { id, cardId: c.card };
        return newPermanent(card, seat.id, c.faceDown ? (c.setTurn ?? 0) : (c.enteredTurn ?? 0), { engaged: c.status === 'engaged', faceDown: c.faceDown === true, damage: c.damage ?? 0, attachedTo: c.attachedTo ?? null });
      });
    const clash = perm('clash');
    const accessory = perm('accessory');
    const resources = perm('resources');
    const oblivion = zones.oblivion.map((c) => ({ id: check(c, 'oblivion'), cardId: c.card }));
    for (const w of accessory.filter((a) => a.attachedTo)) {
      const host = clash.find((c) => c.card.id === w.attachedTo);
      if (!host || CARD_BY_ID.get((w.card as CardRef).cardId)?.type !== 'Weapon') problems.push(`accessory: ${w.card.id} is attached to ${w.attachedTo}, which must be a Clash card of the same player, and it must be a Weapon (305.5)`);
      else if (host.weapon) problems.push(`clash: ${host.card.id} has two Weapons attached (305.10)`);
      else host.weapon = w.card.id;
    }
    if (problems.length > 0) return where(`players.${seat.id}.zones`, problems.join('; '));
    const c0 = zones.contender[0];
    const maxHealth = c0?.maxHealth ?? ps?.maxHealth ?? cdef.health ?? 30;
    const health = c0?.health ?? ps?.health ?? maxHealth;
    seats.push({
      id: seat.id,
      contender: { card: { id: `${seat.id}-contender`, cardId: cdef.id }, health, maxHealth, damage: c0?.damage ?? 0, engaged: c0?.status === 'engaged' },
      hand,
      deck,
      clash,
      accessory,
      resources,
      oblivion,
    });
  }
  const cgs = (st.shared?.clashground ?? []).map(startCard);
  for (const key of Object.keys(st.shared ?? {})) if (key !== 'clashground') return where(`shared.${key}`, 'the only shared zone is clashground (the Portal is the "portal" field: "open" or "closed")');
  if (cgs.length > 1) return where('shared.clashground', 'only one Clashground may be in play (302.4)');
  const cg = cgs[0];
  if (cg && CARD_BY_ID.get(cg.card)?.type !== 'Clashground') return where('shared.clashground', `${cg.card} is not a Clashground`);
  const owner = (cg?.controller ?? st.turnPlayer) as PlayerId;
  const clashground = cg ? newPermanent({ id: cg.id ?? `${owner}-clashground`, cardId: cg.card }, owner, cg.enteredTurn ?? 0, { engaged: cg.status === 'engaged' }) : null;
  const portal = st.portal === 'open' ? 'open' : 'closed';
  const other = config.players.find((p) => p.id !== st.turnPlayer)!.id;
  b.auto(
    'PositionSet',
    {
      turn: st.turn,
      activePlayer: st.turnPlayer,
      // The starting player took the odd turns (103.8); it decides only the first-turn skip (103.8a).
      startingPlayer: st.turn % 2 === 1 ? st.turnPlayer : other,
      step: pathOf(alphaClashMachine, st.phase, st.step ?? null),
      portal,
      players: seats,
      clashground,
    },
    '103.6a',
  );
  return b.done();
}

/** Who holds priority: a player owing a choice, the Standby window's holder, else the step's holder (114.2). */
export function priorityHolder(s: AlphaClashState): PlayerId | null {
  if (s.status !== 'playing') return null;
  if (s.pending) return s.pending.player;
  if (s.priority) return s.priority.holder;
  return stepHolder(s);
}

/** Derived stats of a Contender, permanent or player (a judge view): current ATK/DEF (211), damage, health. */
export function derivedStats(s: AlphaClashState, id: string): Record<string, number | string | null> | null {
  const pl = s.players[id];
  if (pl) return { health: pl.contender?.health ?? null, maxHealth: pl.contender?.maxHealth ?? null, hand: pl.handCount, deck: pl.deckCount };
  const l = locate(s, id);
  if (!l) return null;
  if (l.kind === 'contender') return { atk: currentAtk(s, id), def: currentDef(s, id), health: l.contender.health, maxHealth: l.contender.maxHealth };
  return { atk: currentAtk(s, id), def: currentDef(s, id), damage: l.perm.damage + l.perm.clashDamage, engaged: l.perm.engaged ? 'engaged' : 'ready' };
}

export const scenarioHooks: ScenarioHooks<AlphaClashState> = {
  keywords: Object.keys(KEYWORDS),
  cardTypes: CARD_TYPES,
  start,
  priority: priorityHolder,
  stats: derivedStats,
};

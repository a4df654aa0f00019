// Scenario hooks (GameModule.scenario): a start position puts a match straight into the active player's turn
// (603.2) with any card in any zone — zones "faction", "deck" (top first), "hand", "discard" and "play" (with
// depleted status, face-down, damage, tokens as counters, attachedTo and controller) — and the faction's
// influence as the player's `health`. Zones name pool cards or the scenario's test cards (`cards`, by their id;
// cards/test-cards.ts: a test card's card id carries its definition).
import {
  reject,
  startCard,
  type DecideContext,
  type Decision,
  type MatchConfig,
  type PlayerId,
  type ScenarioHooks,
  type ScenarioStart,
  type TestCard,
} from '@matchtape/engine';
import { findCard } from './cards/pool';
import { TEST_CARD_KEYWORDS, TEST_CARD_TYPES, testCardDef } from './cards/test-cards';
import { RULES_VERSION, situation } from './decide';
import { initialState } from './evolve';
import { draft, responder } from './flow';
import { defOf, isCharacter, perm, statsOf } from './rules';
import { newPerm, type Card, type Perm, type SpoilsState } from './types';

const ZONES = ['faction', 'deck', 'hand', 'discard', 'play'];

export function startPosition(
  config: MatchConfig,
  start: ScenarioStart,
  ctx: DecideContext & { seedCommitment: string; cards: readonly TestCard[] },
): Decision {
  if (config.players.length !== 2)
    return reject(
      '104',
      `a match option, not a rule of play: this engine seats two players (104 leaves formats to the Tournament Rules; responses, 607, are written for one opponent); got ${config.players.length} players`,
    );
  const tests = new Map<string, string>();
  for (const [i, tc] of ctx.cards.entries()) {
    const def = testCardDef(tc);
    if (typeof def === 'string') return reject('scenario', `cards[${i}] (${tc.id}): ${def}`);
    tests.set(tc.id, def.id);
  }
  /** A zone's card by its pool id or its test card id, as the card id the state holds. */
  const named = (name: string): string => tests.get(name) ?? name;
  if (start.phase !== 'main' || (start.step ?? null) !== null)
    return reject(
      'scenario',
      `start.phase: a start position begins in the "main" phase with no step (603.2), got "${start.phase}"${start.step ? ` / "${start.step}"` : ''}`,
    );
  if (start.priority !== undefined && start.priority !== start.turnPlayer)
    return reject(
      '603.1',
      'start.priority: outside responses only the active player acts (603.1, 607.2b: there is no priority passing)',
    );
  const turnLimit = typeof config.options?.turnLimit === 'number' ? config.options.turnLimit : 100;
  const d = draft(initialState(), ctx.rng);
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
  let serial = 0;
  const seen = new Set<string>();
  const players: Record<string, { deck: Card[]; hand: Card[]; discard: Card[] }> = {};
  const perms: Perm[] = [];
  for (const seat of config.players) {
    const ps = start.players[seat.id];
    const zones = ps?.zones ?? {};
    for (const z of Object.keys(zones))
      if (!ZONES.includes(z))
        return reject('scenario', `start.players.${seat.id}.zones.${z}: zones are ${ZONES.join(', ')}`);
    const cardsIn = (z: string) =>
      (zones[z] ?? []).map(startCard).map((c) => ({ ...c, card: named(c.card) }));
    const at = (z: string) => `start.players.${seat.id}.zones.${z}`;
    const idFor = (given: string | undefined): string | Error => {
      if (given !== undefined && /^c\d+$/.test(given))
        return new Error(`"${given}": ids of the form c<number> are the engine's own; choose another name`);
      if (given !== undefined && seen.has(given)) return new Error(`"${given}" is used twice`);
      const id = given ?? `c${++serial}`;
      seen.add(id);
      return id;
    };
    const factions = cardsIn('faction');
    if (factions.length !== 1 || !findCard(factions[0]!.card)?.types.includes('faction'))
      return reject('scenario', `${at('faction')}: exactly one faction card (202.1)`);
    const list: Record<'deck' | 'hand' | 'discard', Card[]> = { deck: [], hand: [], discard: [] };
    for (const z of ['deck', 'hand', 'discard'] as const)
      for (const c of cardsIn(z)) {
        const def = findCard(c.card);
        if (!def || def.token || def.types.includes('faction'))
          return reject('scenario', `${at(z)}: "${c.card}" is not a card that can be in a ${z}`);
        const id = idFor(c.id);
        if (id instanceof Error) return reject('scenario', `${at(z)}: ${id.message}`);
        list[z].push({ id, cardId: c.card });
      }
    players[seat.id] = list;
    const fid = idFor(factions[0]!.id);
    if (fid instanceof Error) return reject('scenario', `${at('faction')}: ${fid.message}`);
    const influence = ps?.health ?? findCard(factions[0]!.card)!.faction!.influence;
    perms.push(newPerm(fid, factions[0]!.card, seat.id, seat.id, { influence }));
    for (const c of cardsIn('play')) {
      const def = findCard(c.card);
      if (!def || def.types.includes('faction'))
        return reject('scenario', `${at('play')}: "${c.card}" cannot be put in play here`);
      if (!c.faceDown && !def.types.some((t) => t !== 'tactic'))
        return reject('scenario', `${at('play')}: a tactic is never in play face-up (205.2)`);
      const id = idFor(c.id);
      if (id instanceof Error) return reject('scenario', `${at('play')}: ${id.message}`);
      const controller = (c.controller ?? seat.id) as PlayerId;
      const x: Perm = {
        id,
        cardId: c.card,
        owner: seat.id,
        controller,
        faceDown: c.faceDown === true,
        depleted: c.status === 'engaged' || c.status === 'rested',
        damage: c.damage ?? 0,
        tokens: { ...(c.counters ?? {}) },
        attachedTo: c.attachedTo ?? null,
        // 602.1c / 608.1b: only what its controller has controlled since the start of the turn may attack.
        canAttack:
          controller === start.turnPlayer && (c.enteredTurn === undefined || c.enteredTurn < start.turn),
      };
      if (def.token) x.token = true;
      perms.push(x);
    }
  }
  // Attachments: gear to a character, resources to their controller's faction (203.3).
  for (const x of perms) {
    if (x.attachedTo === null) continue;
    const host = perms.find((h) => h.id === x.attachedTo);
    if (!host) return reject('scenario', `attachedTo "${x.attachedTo}" names no card in play`);
  }
  d.auto(
    'PositionSet',
    { turn: start.turn, activePlayer: start.turnPlayer, players, perms, serial },
    '603.1',
  );
  return d.done();
}

/** Who may act on the floor or in a window now (607: the window holder); null during prompts and payments. */
export function priorityHolder(s: SpoilsState): PlayerId | null {
  switch (situation(s)) {
    case 'idle':
      return s.activePlayer;
    case 'response':
      return responder(s);
    case 'battle-window':
      return s.battle!.windowHolder;
    default:
      return null;
  }
}

/** Current stats of a card in play (201.7, 408): battle stats, damage, structure, influence, tokens. */
export function statsFor(s: SpoilsState, id: string): Record<string, number | string | null> | null {
  const x = perm(s, id);
  if (!x) return null;
  const out: Record<string, number | string | null> = { damage: x.damage, depleted: x.depleted ? 1 : 0 };
  if (isCharacter(x)) Object.assign(out, statsOf(s, x));
  const d = defOf(x);
  if (d?.structure !== undefined) out.structure = d.structure;
  if (x.influence !== undefined) out.influence = x.influence;
  for (const [k, n] of Object.entries(x.tokens)) out[`tokens:${k}`] = n;
  return out;
}

export const scenarioHooks: ScenarioHooks<SpoilsState> = {
  keywords: TEST_CARD_KEYWORDS,
  cardTypes: TEST_CARD_TYPES,
  checkCard: (tc) => {
    const def = testCardDef(tc);
    return typeof def === 'string' ? def : null;
  },
  start: startPosition,
  priority: priorityHolder,
  stats: statsFor,
};

// Simple statistics of a match, game-agnostic: events per type, cards played and damage by player.
// Works on full or redacted events; the conventions it reads are documented on each field.
import type { EventEnvelope, GameEvent } from '@matchtape/engine';

export type StatsEvent = Pick<EventEnvelope, 'seq' | 'type' | 'cause'> & GameEvent;

export interface MatchStats {
  events: number;
  eventsByType: Record<string, number>;
  /** Events of a type ending in "Played" (CardPlayed, ClashPlayed…), by the player who caused them. */
  cardsPlayedBy: Record<string, number>;
  /** Damage dealt, from events whose type contains "Damage" and whose payload has a numeric amount. */
  damageDealtBy: Record<string, number>;
  damageTakenBy: Record<string, number>;
  /** Commands accepted per player (distinct commandIds in causes). */
  commandsBy: Record<string, number>;
}

const PLAYER = /^p[1-9][0-9]*$/;

function asPlayer(x: unknown): string | null {
  return typeof x === 'string' && PLAYER.test(x) ? x : null;
}

function amountOf(p: Record<string, unknown>): number | null {
  for (const k of ['amount', 'damage', 'value']) {
    const v = p[k];
    if (typeof v === 'number' && Number.isFinite(v)) return v;
  }
  return null;
}

/** The player a damage event is dealt by / to, following the payload's own naming. */
function damageParties(e: StatsEvent): { by: string | null; to: string | null } {
  const p = e.payload;
  const causePlayer = 'player' in e.cause ? e.cause.player : null;
  const by =
    asPlayer(p.by) ??
    asPlayer(p.source) ??
    asPlayer(p.sourcePlayer) ??
    asPlayer(p.attacker) ??
    asPlayer(p.player) ??
    causePlayer;
  const to =
    asPlayer(p.to) ??
    asPlayer(p.target) ??
    asPlayer(p.targetPlayer) ??
    asPlayer(p.defender) ??
    asPlayer(p.damagedPlayer);
  return { by, to };
}

export function matchStats(events: readonly StatsEvent[]): MatchStats {
  const s: MatchStats = {
    events: 0,
    eventsByType: {},
    cardsPlayedBy: {},
    damageDealtBy: {},
    damageTakenBy: {},
    commandsBy: {},
  };
  const commands = new Set<string>();
  const inc = (o: Record<string, number>, k: string, n = 1): void => {
    o[k] = (o[k] ?? 0) + n;
  };
  for (const e of events) {
    s.events += 1;
    inc(s.eventsByType, e.type);
    const causePlayer = 'player' in e.cause ? e.cause.player : null;
    if ('commandId' in e.cause && causePlayer) {
      const key = `${causePlayer}\u0000${e.cause.commandId}`;
      if (!commands.has(key)) {
        commands.add(key);
        inc(s.commandsBy, causePlayer);
      }
    }
    if (/Played$/.test(e.type)) {
      const who = asPlayer(e.payload.player) ?? causePlayer;
      if (who) inc(s.cardsPlayedBy, who);
    }
    if (/Damage/.test(e.type)) {
      const n = amountOf(e.payload);
      if (n !== null && n > 0) {
        const { by, to } = damageParties(e);
        if (by) inc(s.damageDealtBy, by, n);
        if (to) inc(s.damageTakenBy, to, n);
      }
    }
  }
  return s;
}

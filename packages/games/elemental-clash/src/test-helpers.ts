// Test helpers (imported by *.test.ts only): a match put straight into a start position through the kit's
// MatchSession and the game's scenario hook, then driven command by command.
import {
  MatchSession,
  type Command,
  type EventEnvelope,
  type MatchConfig,
  type PlayerId,
  type ScenarioStart,
} from '@matchtape/engine';
import { elementalClash } from './index';
import { startPosition } from './start';
import type { ECState } from './types';

type Zones = Record<string, (string | Record<string, unknown>)[]>;

/** A start position: p1's turn `turn` in `phase`, with the zones given (each player gets a spellbook of 20 stones unless told). */
export function position(
  phase: 'standby' | 'main' | 'end',
  p1: Zones,
  p2: Zones = {},
  extra: Partial<ScenarioStart> & { turnPlayer?: PlayerId; turn?: number } = {},
): ScenarioStart {
  const book = (z: Zones) => ({ spellbook: Array.from({ length: 20 }, () => 'mars-stone'), ...z });
  return {
    turn: extra.turn ?? 3,
    turnPlayer: extra.turnPlayer ?? 'p1',
    phase,
    step: null,
    players: { p1: { zones: book(p1) }, p2: { zones: book(p2) } },
    ...(extra.effects ? { effects: extra.effects } : {}),
  } as ScenarioStart;
}

export class Table {
  session: MatchSession<ECState>;
  private n = 0;
  constructor(
    start: ScenarioStart,
    options: Record<string, unknown> = {},
    readonly seed = 'table',
  ) {
    const config: MatchConfig = {
      matchId: `t-${seed}`,
      players: [
        { id: 'p1', name: 'A', deck: { main: [] } },
        { id: 'p2', name: 'B', deck: { main: [] } },
      ],
      options,
    };
    const r = MatchSession.start<ECState>(
      elementalClash,
      config,
      { seed, at: 't0' },
      { setup: (c, ctx) => startPosition(c, start, { ...ctx, cards: [] }) },
    );
    if (!r.ok) throw new Error(`start rejected (${r.rule}): ${r.reason}`);
    this.session = r.session;
  }

  get state(): ECState {
    return this.session.state;
  }
  get events(): readonly EventEnvelope[] {
    return this.session.events;
  }

  try(player: PlayerId, type: string, args: Record<string, unknown> = {}) {
    return this.session.play({ type, player, ...args } as Command, `t${++this.n}`);
  }

  /** Applies a command; throws with the rule when it is rejected. Returns the events it caused. */
  do(player: PlayerId, type: string, args: Record<string, unknown> = {}): EventEnvelope[] {
    const r = this.try(player, type, args);
    if (!r.ok) throw new Error(`${type} by ${player} rejected (${r.rule}): ${r.reason}`);
    return r.events as EventEnvelope[];
  }

  /** The rule of a rejected command (throws if it was accepted). */
  rejects(player: PlayerId, type: string, args: Record<string, unknown> = {}): string {
    const before = this.session.events.length;
    const r = this.try(player, type, args);
    if (r.ok) throw new Error(`${type} by ${player} was accepted`);
    if (this.session.events.length !== before) throw new Error('a rejected command changed the record');
    return r.rule;
  }

  legal(player: PlayerId): Command[] {
    return elementalClash.legalCommands(this.state, player);
  }
}

export const types = (es: readonly { type: string }[]): string[] => es.map((e) => e.type);

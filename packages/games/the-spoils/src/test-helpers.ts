// Test helpers: a match from a start position (the scenario hook) driven through the kit's MatchSession.
import {
  MatchSession,
  type Command,
  type EventEnvelope,
  type PlayerId,
  type Rejection,
  type ScenarioStart,
} from '@matchtape/engine';
import { theSpoils } from './index';
import type { SpoilsState } from './types';

type Zones = Record<string, (string | Record<string, unknown>)[]>;
const AT = '2026-01-01T00:00:00.000Z';

export class Table {
  readonly session: MatchSession<SpoilsState>;
  constructor(
    p1: Zones,
    p2: Zones,
    opts: {
      turnPlayer?: PlayerId;
      health?: Partial<Record<PlayerId, number>>;
      seed?: string;
      players?: number;
    } = {},
  ) {
    const seat = (faction: string, id: string, zones: Zones, health?: number) => ({
      zones: { faction: [{ card: faction, id }], deck: ['rage', 'greed', 'rage', 'greed'], ...zones },
      ...(health !== undefined ? { health } : {}),
    });
    const start = {
      turn: 3,
      turnPlayer: opts.turnPlayer ?? 'p1',
      phase: 'main',
      step: null,
      players: {
        p1: seat('red-maw-warband', 'red', p1, opts.health?.p1),
        p2: seat('gilded-consortium', 'gold', p2, opts.health?.p2),
      },
    } as ScenarioStart;
    const config = {
      matchId: 't',
      players: [
        { id: 'p1' as PlayerId, name: 'One', deck: { main: [] } },
        { id: 'p2' as PlayerId, name: 'Two', deck: { main: [] } },
      ],
    };
    const r = MatchSession.start<SpoilsState>(
      theSpoils,
      config,
      { seed: opts.seed ?? 'table', at: AT },
      { setup: (c, ctx) => theSpoils.scenario!.start(c, start, { ...ctx, cards: [] }) },
    );
    if (!r.ok) throw new Error(`${r.rule}: ${r.reason}`);
    this.session = r.session;
  }
  get s(): SpoilsState {
    return this.session.state;
  }
  /** Plays a command; throws when rejected. Returns the events. */
  do(player: PlayerId, type: string, args: Record<string, unknown> = {}): EventEnvelope[] {
    const r = this.session.play({ type, player, ...args } as Command, AT);
    if (!r.ok) throw new Error(`${type} rejected: ${r.rule} ${r.reason}`);
    return r.events;
  }
  /** The rejection of a command (throws if it was accepted). */
  no(player: PlayerId, type: string, args: Record<string, unknown> = {}): Rejection {
    const r = theSpoils.decide(this.s, { type, player, ...args } as Command, {
      rng: this.session.rngAtCursor(),
    });
    if (r.ok) throw new Error(`${type} was accepted`);
    return r;
  }
  /** Whoever must act passes every window until `until` holds. */
  passUntil(until: (s: SpoilsState) => boolean, max = 40): void {
    for (let i = 0; i < max && !until(this.s); i++) {
      const p = theSpoils.actors(this.s)[0]!;
      const legal = theSpoils.legalCommands(this.s, p);
      const c =
        legal.find((x) => x.type === 'Pass') ??
        legal.find((x) => x.type === 'ConfirmBlockers') ??
        legal.find((x) => x.type === 'AttachResource') ??
        legal[0]!;
      const { player: _p, ...rest } = c;
      this.do(p, c.type, rest);
    }
    if (!until(this.s)) throw new Error('passUntil did not reach its condition');
  }
  id(cardId: string, player: PlayerId): string {
    const h = this.s.players[player]!.hand.find((c) => 'cardId' in c && c.cardId === cardId);
    if (h) return h.id;
    const x = this.s.perms.find((y) => y.cardId === cardId && y.controller === player);
    if (!x) throw new Error(`${player} has no ${cardId}`);
    return x.id;
  }
}

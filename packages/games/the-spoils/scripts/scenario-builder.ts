// Writes the scenario files of test/scenarios/the-spoils/. Each scenario is played against the real engine while
// it is written: a command whose outcome differs from the written expectation, or an expectation on events or
// state that does not hold, stops the build with the difference. The JSON files are what CI runs
// (src/scenarios.test.ts through the kernel's runScenario); this script only keeps them consistent.
// This is a development script (it writes files), not part of the pure core.
// eslint-disable-next-line no-restricted-imports
import { mkdirSync, writeFileSync } from 'node:fs';
// eslint-disable-next-line no-restricted-imports
import { join } from 'node:path';
import {
  applyCommand,
  chainEvents,
  cursorAfter,
  GENESIS_HASH,
  jsonEqual,
  partialMatch,
  readPath,
  RngSource,
  scenarioConfig,
  startMatch,
  type Command,
  type EventEnvelope,
  type PlayerId,
  type Scenario,
  type ScenarioStart,
  type TestCard,
  type Viewer,
} from '@matchtape/engine';
import { cardDef } from '../src/cards/pool';
import { theSpoils } from '../src/index';
import { isHidden, type SpoilsState } from '../src/types';

export const OUT = join(import.meta.dirname, '../../../../test/scenarios/the-spoils');

type Step = Record<string, unknown>;
export interface SeatSpec {
  faction: string;
  /** Top of the deck first; padded to 45 cards (Limited, 103.2b) with `filler`. */
  top: string[];
  filler: string;
}

export class ScenarioBuilder {
  steps: Step[] = [];
  state: SpoilsState;
  events: EventEnvelope[];
  private cursor = 0;
  private cmdStart = 0;
  private rng: RngSource;
  private tick = 0;
  readonly scenario: Omit<Scenario, 'steps'>;

  /** From setup with stacked decks (`seats`), or from a start position (`start`, 603.2). */
  constructor(
    readonly name: string,
    rule: string,
    description: string,
    seats: Record<'p1' | 'p2', SeatSpec> | { start: ScenarioStart; cards?: TestCard[] },
    options: Record<string, unknown> = {},
  ) {
    // The faction's starting resources go right after the stacked top, so the 601.1b search always finds them.
    const deck = (s: SeatSpec) => {
      const cards = [...s.top, ...cardDef(s.faction).faction!.startingResources];
      return [...cards, ...Array.from({ length: Math.max(0, 45 - cards.length) }, () => s.filler)];
    };
    const base = { game: 'the-spoils', seed: `spoils-${name}`, rule, description };
    this.scenario =
      'start' in seats
        ? {
            ...base,
            ...(Object.keys(options).length > 0 ? { options } : {}),
            players: { p1: {}, p2: {} },
            ...(seats.cards ? { cards: seats.cards } : {}),
            start: seats.start,
          }
        : {
            ...base,
            options: { format: 'limited', ...options },
            players: {
              p1: { deck: deck(seats.p1), faction: [seats.p1.faction] },
              p2: { deck: deck(seats.p2), faction: [seats.p2.faction] },
            },
            stack: { p1: { deck: seats.p1.top }, p2: { deck: seats.p2.top } },
          };
    const config = scenarioConfig({ ...this.scenario, steps: [] } as Scenario);
    const seed = String(this.scenario.seed);
    this.rng = new RngSource(seed);
    const start = 'start' in seats ? seats.start : null;
    const started = startMatch<SpoilsState>(
      theSpoils,
      config,
      { seed, at: this.at() },
      start
        ? (c, ctx) =>
            theSpoils.scenario!.start(c, start, {
              ...ctx,
              cards: 'start' in seats ? (seats.cards ?? []) : [],
            })
        : undefined,
    );
    if (!started.ok) throw new Error(`${name}: setup rejected (${started.rule}) ${started.reason}`);
    this.events = chainEvents(config.matchId, 0, GENESIS_HASH, started.events);
    this.state = started.state;
  }

  private at(): string {
    return new Date(Date.UTC(2026, 0, 1) + 1000 * this.tick++).toISOString();
  }

  do(
    player: PlayerId,
    type: string,
    args: Record<string, unknown> = {},
    expect: 'accepted' | { rejected: { rule: string } } = 'accepted',
  ): this {
    const command = { type, player, ...args, commandId: `s${this.steps.length}` } as Command;
    const res = applyCommand<SpoilsState>(
      theSpoils,
      this.state,
      command,
      this.rng.at(cursorAfter(this.events)),
      { seed: String(this.scenario.seed), at: this.at() },
    );
    if (expect === 'accepted' && !res.ok)
      throw new Error(
        `${this.name}: ${type} ${JSON.stringify(args)} by ${player} rejected (${res.rule}) ${res.reason}`,
      );
    if (expect !== 'accepted') {
      if (res.ok)
        throw new Error(
          `${this.name}: ${type} by ${player} accepted, expected rejection ${expect.rejected.rule}`,
        );
      if (res.rule !== expect.rejected.rule)
        throw new Error(
          `${this.name}: ${type} rejected by ${res.rule} (${res.reason}), expected ${expect.rejected.rule}`,
        );
    }
    const { commandId: _c, ...shown } = command;
    this.steps.push({ command: shown, expect });
    if (res.ok) {
      this.cursor = this.events.length;
      this.cmdStart = this.events.length;
      const last = this.events[this.events.length - 1]!;
      this.events = this.events.concat(chainEvents(last.matchId, this.events.length, last.hash, res.events));
      this.state = res.state;
    }
    return this;
  }

  reject(player: PlayerId, type: string, args: Record<string, unknown>, rule: string): this {
    return this.do(player, type, args, { rejected: { rule } });
  }

  event(type: string, payload?: Record<string, unknown>): this {
    const i = this.events
      .slice(this.cursor)
      .findIndex((e) => e.type === type && (payload === undefined || partialMatch(e.payload, payload)));
    if (i < 0)
      throw new Error(
        `${this.name}: no ${type} ${JSON.stringify(payload ?? {})} since seq ${this.cursor}; saw ${this.events
          .slice(this.cursor)
          .map((e) => `${e.type}${JSON.stringify(e.payload).slice(0, 100)}`)
          .join(' | ')}`,
      );
    this.cursor += i + 1;
    this.steps.push({ expectEvent: payload === undefined ? { type } : { type, payload } });
    return this;
  }

  expectState(path: string, equals: unknown, as: Viewer = 'judge'): this {
    const got = readPath(theSpoils.view(this.state, as), path);
    if (!got.found || !jsonEqual(got.value ?? null, equals ?? null))
      throw new Error(
        `${this.name}: ${path} as ${as} is ${got.found ? JSON.stringify(got.value) : `missing at ${got.at}`}, expected ${JSON.stringify(equals)}`,
      );
    this.steps.push({ expectState: { as, path, equals } });
    return this;
  }

  stats(card: string, stats: Record<string, number | string | null>): this {
    const got = theSpoils.scenario!.stats(this.state, card);
    for (const [k, v] of Object.entries(stats))
      if (!got || got[k] !== v)
        throw new Error(
          `${this.name}: ${card}.${k} is ${got ? String(got[k]) : 'absent'}, expected ${String(v)}`,
        );
    this.steps.push({ expectStats: { card, stats } });
    return this;
  }

  priority(holder: PlayerId | null): this {
    const got = theSpoils.scenario!.priority(this.state);
    if (got !== holder) throw new Error(`${this.name}: priority holder is ${got}, expected ${holder}`);
    this.steps.push({ expectPriority: { holder } });
    return this;
  }

  /** An event with the rule its envelope cites. */
  eventRule(type: string, rule: string, payload?: Record<string, unknown>): this {
    const i = this.events
      .slice(this.cursor)
      .findIndex(
        (e) =>
          e.type === type && e.rule === rule && (payload === undefined || partialMatch(e.payload, payload)),
      );
    if (i < 0)
      throw new Error(
        `${this.name}: no ${type} citing ${rule} since seq ${this.cursor}; saw ${this.events
          .slice(this.cursor)
          .map((e) => `${e.type}(${e.rule})`)
          .join(' | ')}`,
      );
    this.cursor += i + 1;
    this.steps.push({ expectEvent: payload === undefined ? { type, rule } : { type, rule, payload } });
    return this;
  }

  /** No event of this type since the last command. */
  noEvent(type: string): this {
    if (this.events.slice(this.cmdStart).some((e) => e.type === type))
      throw new Error(`${this.name}: a ${type} happened`);
    this.steps.push({ expectNoEvent: { type } });
    return this;
  }

  /** A list has `n` entries: records the whole list as `as` sees it (hidden slots for hidden cards). */
  expectCount(path: string, n: number, as: Viewer): this {
    const got = readPath(theSpoils.view(this.state, as), path);
    if (!got.found || !Array.isArray(got.value) || got.value.length !== n)
      throw new Error(
        `${this.name}: ${path} as ${as} has ${got.found && Array.isArray(got.value) ? got.value.length : 'no'} entries, expected ${n}`,
      );
    return this.expectState(path, got.value, as);
  }

  /** The id of the nth card with this card id in `player`'s hand. */
  hand(player: PlayerId, cardId: string, nth = 0): string {
    const ids = this.state.players[player]!.hand.filter((c) => !isHidden(c) && c.cardId === cardId).map(
      (c) => c.id,
    );
    if (!ids[nth])
      throw new Error(
        `${this.name}: ${player} has no ${cardId} #${nth} in hand (hand: ${this.state.players[player]!.hand.map((c) => ('cardId' in c ? c.cardId : '?')).join(', ')})`,
      );
    return ids[nth]!;
  }

  /** The id of a card in play controlled by `player` with this card id. */
  perm(player: PlayerId, cardId: string, nth = 0): string {
    const xs = this.state.perms.filter((x) => x.controller === player && x.cardId === cardId);
    if (!xs[nth]) throw new Error(`${this.name}: ${player} controls no ${cardId} #${nth}`);
    return xs[nth]!.id;
  }

  faction(player: PlayerId): string {
    return this.state.players[player]!.faction;
  }

  /** Index of a card in the judge state's perms (for expectState paths). */
  at_(id: string): number {
    return this.state.perms.findIndex((x) => x.id === id);
  }

  save(): void {
    mkdirSync(OUT, { recursive: true });
    writeFileSync(
      join(OUT, `${this.name}.json`),
      `${JSON.stringify({ ...this.scenario, steps: this.steps }, null, 2)}\n`,
    );
  }
}

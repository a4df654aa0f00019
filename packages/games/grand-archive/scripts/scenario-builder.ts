// Writes the scenario files of test/scenarios/grand-archive/. Each scenario is played against the real engine
// while it is written: a command whose outcome differs from the hand-written expectation, or an expectation
// on events/state that does not hold, stops the build with the difference. The JSON files are what CI runs
// (src/scenarios.test.ts through the kernel's runScenario); this script only helps keep them consistent.
// This is a development script (it writes the scenario files), not part of the pure core.
// eslint-disable-next-line no-restricted-imports
import { writeFileSync, mkdirSync } from 'node:fs';
// eslint-disable-next-line no-restricted-imports
import { join } from 'node:path';
import { jsonEqual, MatchSession, partialMatch, readPath, scenarioConfig, type Command, type EventEnvelope, type PlayerId, type Scenario, type Viewer } from '@matchtape/engine';
import { grandArchive } from '../src/index';
import type { GAState } from '../src/types';

export const OUT = join(import.meta.dirname, '../../../../test/scenarios/grand-archive');

type Step = Record<string, unknown>;
export interface SeatSpec {
  deck: string[];
  material: string[];
}

/** Pads a draft-format main deck (1.5.2.a: 30 cards, no copy limits) with Quick Slash. */
export function pad(cards: string[], filler = 'quick-slash'): string[] {
  return [...cards, ...Array.from({ length: Math.max(0, 30 - cards.length) }, () => filler)];
}

export class ScenarioBuilder {
  steps: Step[] = [];
  /** The one command loop every host uses (the kit's MatchSession): decide at the cursor, stamp, chain, apply. */
  private session: MatchSession<GAState>;
  /** Where the next expected event is searched from (the events of the last accepted command on). */
  private cursor = 0;
  private tick = 0;
  readonly scenario: Omit<Scenario, 'steps'>;

  constructor(
    readonly name: string,
    rule: string,
    description: string,
    seats: Record<'p1' | 'p2', SeatSpec>,
    opts: { seed?: string; stack?: Scenario['stack']; options?: Record<string, unknown> } = {},
  ) {
    this.scenario = {
      game: 'grand-archive',
      seed: opts.seed ?? `ga-${name}`,
      rule,
      description,
      options: { format: 'draft', firstPlayer: 'p1', ...(opts.options ?? {}) },
      players: { p1: { deck: seats.p1.deck, material: seats.p1.material }, p2: { deck: seats.p2.deck, material: seats.p2.material } },
      ...(opts.stack ? { stack: opts.stack } : {}),
    };
    const config = scenarioConfig({ ...this.scenario, steps: [] } as Scenario);
    const started = MatchSession.start<GAState>(grandArchive, config, { seed: String(this.scenario.seed), at: this.at() });
    if (!started.ok) throw new Error(`${name}: setup rejected (${started.rule}) ${started.reason}`);
    this.session = started.session;
  }

  get state(): GAState {
    return this.session.state;
  }

  get events(): readonly EventEnvelope[] {
    return this.session.events;
  }

  private at(): string {
    return new Date(Date.UTC(2026, 0, 1) + 1000 * this.tick++).toISOString();
  }

  do(player: PlayerId, type: string, args: Record<string, unknown> = {}, expect: 'accepted' | { rejected: { rule: string } } = 'accepted'): this {
    const command = { type, player, ...args, commandId: `s${this.steps.length}` } as Command;
    const before = this.events.length;
    const res = this.session.play(command, this.at());
    if (expect === 'accepted' && !res.ok) throw new Error(`${this.name}: ${type} by ${player} rejected (${res.rule}) ${res.reason}`);
    if (expect !== 'accepted') {
      if (res.ok) throw new Error(`${this.name}: ${type} by ${player} accepted, expected rejection ${expect.rejected.rule}`);
      if (res.rule !== expect.rejected.rule) throw new Error(`${this.name}: ${type} rejected by ${res.rule} (${res.reason}), expected ${expect.rejected.rule}`);
    }
    const { commandId: _c, ...shown } = command;
    this.steps.push(expect === 'accepted' ? { command: shown, expect } : { command: shown, expect });
    if (res.ok) this.cursor = before;
    return this;
  }

  /** Whoever must act passes (Opportunity, materialize, retaliation) until `until` holds. */
  passUntil(until: (s: GAState) => boolean, max = 60): this {
    for (let i = 0; i < max && !until(this.state); i++) {
      const p = grandArchive.actors(this.state)[0];
      if (!p) throw new Error(`${this.name}: nobody can act`);
      const kind = this.state.prompt?.kind;
      if (kind === 'placeChampion') {
        this.do(p, 'PlaceStartingChampion', { card: `${p}-m1` });
        continue;
      }
      const type = kind === 'materialize' ? 'DeclineMaterialize' : kind === 'retaliate' ? 'DeclineRetaliation' : 'PassOpportunity';
      this.do(p, type);
    }
    if (!until(this.state)) throw new Error(`${this.name}: passUntil did not reach its condition`);
    return this;
  }

  /** Passes until `player` holds Opportunity in their main phase with an empty stack. */
  toMain(player: PlayerId): this {
    return this.passUntil((s) => s.phase === 'main' && s.activePlayer === player && s.priority?.holder === player && s.stack.length === 0 && s.prompt === null);
  }

  event(type: string, payload?: Record<string, unknown>): this {
    const i = this.events.slice(this.cursor).findIndex((e) => e.type === type && (payload === undefined || partialMatch(e.payload, payload)));
    if (i < 0) throw new Error(`${this.name}: no ${type} ${JSON.stringify(payload ?? {})} since seq ${this.cursor}; saw ${this.events.slice(this.cursor).map((e) => `${e.type}${JSON.stringify(e.payload).slice(0, 80)}`).join(' | ')}`);
    this.cursor += i + 1;
    this.steps.push({ expectEvent: payload === undefined ? { type } : { type, payload } });
    return this;
  }

  expectState(path: string, equals: unknown, as: Viewer = 'judge'): this {
    const got = readPath(grandArchive.view(this.state, as), path);
    if (!got.found || !jsonEqual(got.value ?? null, equals ?? null)) throw new Error(`${this.name}: ${path} as ${as} is ${got.found ? JSON.stringify(got.value) : `missing at ${got.at}`}, expected ${JSON.stringify(equals)}`);
    this.steps.push({ expectState: { as, path, equals } });
    return this;
  }

  /** The first card id in `player`'s hand with this card id (judge view). */
  hand(player: PlayerId, cardId: string, nth = 0): string {
    const ids = this.state.players[player]!.hand.filter((c) => 'cardId' in c && c.cardId === cardId && !c.selected).map((c) => c.id);
    if (!ids[nth]) throw new Error(`${this.name}: ${player} has no ${cardId} #${nth} in hand`);
    return ids[nth]!;
  }

  object(controller: PlayerId, cardId: string): string {
    const o = this.state.field.find((x) => x.controller === controller && (x.cardId === cardId || x.cards.some((c) => c.cardId === cardId)));
    if (!o) throw new Error(`${this.name}: ${controller} controls no ${cardId}`);
    return o.id;
  }

  save(): void {
    mkdirSync(OUT, { recursive: true });
    writeFileSync(join(OUT, `${this.name}.json`), `${JSON.stringify({ ...this.scenario, steps: this.steps }, null, 2)}\n`);
  }
}

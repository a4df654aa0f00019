// Writes the scenario files of packages/games/grand-archive/scenarios/ through the kit's ScenarioScript: every step runs
// through the scenario runner itself while it is written, so a command whose outcome differs from the hand-written
// expectation, or an expectation on events/state that does not hold, stops the build with the runner's message.
// The JSON files are what CI runs (src/scenarios.test.ts through runScenario).
// This is a development script (it writes the scenario files), not part of the pure core.
// eslint-disable-next-line no-restricted-imports
import { writeFileSync, mkdirSync } from 'node:fs';
// eslint-disable-next-line no-restricted-imports
import { join } from 'node:path';
import { ScenarioScript, type PlayerId, type ScenarioInput } from '@matchtape/engine';
import { grandArchive } from '../src/index';
import type { GAState } from '../src/types';

export const OUT = join(import.meta.dirname, '../scenarios');

export interface SeatSpec {
  deck: string[];
  material: string[];
}

/** Pads a draft-format main deck (1.5.2.a: 30 cards, no copy limits) with Quick Slash. */
export function pad(cards: string[], filler = 'quick-slash'): string[] {
  return [...cards, ...Array.from({ length: Math.max(0, 30 - cards.length) }, () => filler)];
}

/** Grand Archive's steps on the kit's ScenarioScript: passing to a moment, and the ids of cards by card id. */
export class ScenarioBuilder extends ScenarioScript<GAState> {
  constructor(
    name: string,
    rule: string,
    description: string,
    seats: Record<'p1' | 'p2', SeatSpec>,
    opts: { seed?: string; stack?: ScenarioInput['stack']; options?: Record<string, unknown> } = {},
  ) {
    super(grandArchive, name, {
      game: 'grand-archive',
      seed: opts.seed ?? `ga-${name}`,
      rule,
      description,
      options: { format: 'draft', firstPlayer: 'p1', ...(opts.options ?? {}) },
      players: {
        p1: { deck: seats.p1.deck, material: seats.p1.material },
        p2: { deck: seats.p2.deck, material: seats.p2.material },
      },
      ...(opts.stack ? { stack: opts.stack } : {}),
    });
  }

  /** Whoever must act passes (Opportunity, materialize, retaliation) until `until` holds. */
  passUntil(until: (s: GAState) => boolean, max = 60): this {
    for (let i = 0; i < max && !until(this.state); i++) {
      const p = grandArchive.actors(this.state)[0];
      if (!p) this.fail('nobody can act');
      const kind = this.state.prompt?.kind;
      if (kind === 'placeChampion') {
        this.do(p, 'PlaceStartingChampion', { card: `${p}-m1` });
        continue;
      }
      const type =
        kind === 'materialize'
          ? 'DeclineMaterialize'
          : kind === 'retaliate'
            ? 'DeclineRetaliation'
            : 'PassOpportunity';
      this.do(p, type);
    }
    if (!until(this.state)) this.fail('passUntil did not reach its condition');
    return this;
  }

  /** Passes until `player` holds Opportunity in their main phase with an empty stack. */
  toMain(player: PlayerId): this {
    return this.passUntil(
      (s) =>
        s.phase === 'main' &&
        s.activePlayer === player &&
        s.priority?.holder === player &&
        s.stack.length === 0 &&
        s.prompt === null,
    );
  }

  /** The first card id in `player`'s hand with this card id (judge view). */
  hand(player: PlayerId, cardId: string, nth = 0): string {
    const ids = this.state.players[player]!.hand.filter(
      (c) => 'cardId' in c && c.cardId === cardId && !c.selected,
    ).map((c) => c.id);
    if (!ids[nth]) this.fail(`${player} has no ${cardId} #${nth} in hand`);
    return ids[nth]!;
  }

  object(controller: PlayerId, cardId: string): string {
    const o = this.state.field.find(
      (x) => x.controller === controller && (x.cardId === cardId || x.cards.some((c) => c.cardId === cardId)),
    );
    if (!o) this.fail(`${controller} controls no ${cardId}`);
    return o.id;
  }

  save(): void {
    mkdirSync(OUT, { recursive: true });
    writeFileSync(join(OUT, `${this.name}.json`), this.text());
  }
}

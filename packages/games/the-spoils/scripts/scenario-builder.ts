// Writes the scenario files of packages/games/the-spoils/scenarios/ through the kit's ScenarioScript: every step runs
// through the scenario runner itself while it is written, so a command whose outcome differs from the written
// expectation, or an expectation on events or state that does not hold, stops the build with the runner's message.
// The JSON files are what CI runs (src/scenarios.test.ts through runScenario).
// This is a development script (it writes files), not part of the pure core.
// eslint-disable-next-line no-restricted-imports
import { mkdirSync, writeFileSync } from 'node:fs';
// eslint-disable-next-line no-restricted-imports
import { join } from 'node:path';
import {
  isHiddenCard,
  readPath,
  ScenarioScript,
  type PlayerId,
  type ScenarioInput,
  type ScenarioStart,
  type TestCard,
  type Viewer,
} from '@matchtape/engine';
import { cardDef } from '../src/cards/pool';
import { theSpoils } from '../src/index';
import type { SpoilsState } from '../src/types';

export const OUT = join(import.meta.dirname, '../scenarios');

export interface SeatSpec {
  faction: string;
  /** Top of the deck first; padded to 45 cards (Limited, 103.2b) with `filler`. */
  top: string[];
  filler: string;
}

/** The scenario file's header: from setup with stacked decks, or from a start position. */
function header(
  name: string,
  rule: string,
  description: string,
  seats: Record<'p1' | 'p2', SeatSpec> | { start: ScenarioStart; cards?: TestCard[] },
  options: Record<string, unknown>,
): Omit<ScenarioInput, 'steps'> {
  // The faction's starting resources go right after the stacked top, so the 601.1b search always finds them.
  const deck = (s: SeatSpec) => {
    const cards = [...s.top, ...cardDef(s.faction).faction!.startingResources];
    return [...cards, ...Array.from({ length: Math.max(0, 45 - cards.length) }, () => s.filler)];
  };
  const base = { game: 'the-spoils', seed: `spoils-${name}`, rule, description };
  return 'start' in seats
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
}

/** The Spoils' steps on the kit's ScenarioScript: list counts, and the ids of cards in hand and in play. */
export class ScenarioBuilder extends ScenarioScript<SpoilsState> {
  /** From setup with stacked decks (`seats`), or from a start position (`start`, 603.2). */
  constructor(
    name: string,
    rule: string,
    description: string,
    seats: Record<'p1' | 'p2', SeatSpec> | { start: ScenarioStart; cards?: TestCard[] },
    options: Record<string, unknown> = {},
  ) {
    super(theSpoils, name, header(name, rule, description, seats, options));
  }

  /** A list has `n` entries: records the whole list as `as` sees it (hidden slots for hidden cards). */
  expectCount(path: string, n: number, as: Viewer): this {
    const got = readPath(theSpoils.view(this.state, as), path);
    if (!got.found || !Array.isArray(got.value) || got.value.length !== n)
      this.fail(
        `${path} as ${as} has ${got.found && Array.isArray(got.value) ? got.value.length : 'no'} entries, expected ${n}`,
      );
    return this.expectState(path, got.value, as);
  }

  /** The id of the nth card with this card id in `player`'s hand. */
  hand(player: PlayerId, cardId: string, nth = 0): string {
    const ids = this.state.players[player]!.hand.filter((c) => !isHiddenCard(c) && c.cardId === cardId).map(
      (c) => c.id,
    );
    if (!ids[nth])
      this.fail(
        `${player} has no ${cardId} #${nth} in hand (hand: ${this.state.players[player]!.hand.map((c) => ('cardId' in c ? c.cardId : '?')).join(', ')})`,
      );
    return ids[nth]!;
  }

  /** The id of a card in play controlled by `player` with this card id. */
  perm(player: PlayerId, cardId: string, nth = 0): string {
    const xs = this.state.perms.filter((x) => x.controller === player && x.cardId === cardId);
    if (!xs[nth]) this.fail(`${player} controls no ${cardId} #${nth}`);
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
    writeFileSync(join(OUT, `${this.name}.json`), this.text());
  }
}

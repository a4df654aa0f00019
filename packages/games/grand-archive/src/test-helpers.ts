// Test helpers (imported by *.test.ts only): a real match brought to a known point, and direct edits of a
// state for rule-level tests (objects put onto the field, a champion swapped), then commands through the kernel.
import {
  applyCommand,
  cursorAfter,
  RngSource,
  startMatch,
  type Command,
  type NewEvent,
} from '@matchtape/engine';
import { grandArchive } from './index';
import { newObject } from './flow';
import type { FieldObject, GAState } from './types';

const pad = (cards: string[], filler: string) => [
  ...cards,
  ...Array.from({ length: 30 - cards.length }, () => filler),
];
export const HAND1 = [
  'ember-squire',
  'spark-bolt',
  'fireball',
  'heavy-strike',
  'quick-slash',
  'deflecting-edge',
  'studied-insight',
];
export const HAND2 = [
  'keen-falcon',
  'steel-longsword',
  'quick-slash',
  'tidecaller-adept',
  'mend',
  'mist-stalker',
  'veteran-knight',
];

export class Table {
  state: GAState;
  events: NewEvent[] = [];
  private rng: RngSource;
  constructor(readonly seed = 'table') {
    const deck1 = pad(HAND1, 'quick-slash');
    const deck2 = pad(HAND2, 'mend');
    const r = startMatch<GAState>(
      grandArchive,
      {
        matchId: `t-${seed}`,
        players: [
          {
            id: 'p1',
            name: 'A',
            deck: {
              main: deck1,
              extra: {
                material: [
                  'spirit-of-fire',
                  'lorraine-wandering-warrior',
                  'clarent-sword-of-peace',
                  'tome-of-knowledge',
                ],
              },
            },
          },
          {
            id: 'p2',
            name: 'B',
            deck: { main: deck2, extra: { material: ['spirit-of-water', 'rai-storm-seer'] } },
          },
        ],
        stack: { p1: { deck: deck1 }, p2: { deck: deck2 } },
        options: { format: 'draft', firstPlayer: 'p1' },
      },
      { seed, at: 't' },
    );
    if (!r.ok) throw new Error(r.reason);
    this.state = r.state;
    this.events = r.events;
    this.rng = new RngSource(seed);
  }

  /** Applies a command; throws with the rule when it is rejected. */
  do(player: 'p1' | 'p2', type: string, args: Record<string, unknown> = {}): NewEvent[] {
    const r = this.try(player, type, args);
    if (!r.ok) throw new Error(`${type} by ${player} rejected (${r.rule}) ${r.reason}`);
    return r.events;
  }

  try(player: 'p1' | 'p2', type: string, args: Record<string, unknown> = {}) {
    const r = applyCommand<GAState>(
      grandArchive,
      this.state,
      { type, player, ...args } as Command,
      this.rng.at(cursorAfter(this.events)),
      { seed: this.seed, at: 't' },
    );
    if (r.ok) {
      this.state = r.state;
      this.events = this.events.concat(r.events);
    }
    return r;
  }

  /** Whoever must act passes until `until` holds. */
  passUntil(until: (s: GAState) => boolean): void {
    for (let i = 0; i < 200 && !until(this.state); i++) {
      const p = grandArchive.actors(this.state)[0] as 'p1' | 'p2';
      const kind = this.state.prompt?.kind;
      if (kind === 'placeChampion') this.do(p, 'PlaceStartingChampion', { card: `${p}-m1` });
      else
        this.do(
          p,
          kind === 'materialize'
            ? 'DeclineMaterialize'
            : kind === 'retaliate'
              ? 'DeclineRetaliation'
              : 'PassOpportunity',
        );
    }
    if (!until(this.state)) throw new Error('passUntil: condition not reached');
  }

  /** p2's first main phase: both champions on the field, p1 holds its seven cards. */
  static atP2Main(seed = 'table'): Table {
    const t = new Table(seed);
    t.passUntil(
      (s) =>
        s.phase === 'main' && s.activePlayer === 'p2' && s.priority?.holder === 'p2' && s.stack.length === 0,
    );
    return t;
  }

  /** Puts a new object onto the field directly (a test fixture, not a rules action). */
  put(controller: 'p1' | 'p2', cardId: string, patch: Partial<FieldObject> = {}): string {
    const id = `${controller}-x${this.state.field.length + 1}`;
    const o = { ...newObject(this.state, { id, cardId }, controller), ...patch };
    this.state = { ...this.state, field: [...this.state.field, o] };
    return id;
  }

  /** Replaces a player's champion card (e.g. to give it a class), keeping the object. */
  champion(player: 'p1' | 'p2', cardId: string): void {
    this.state = {
      ...this.state,
      field: this.state.field.map((o) =>
        o.id === `${player}-m1` ? { ...o, cardId, cards: [...o.cards, { id: `${player}-lvl`, cardId }] } : o,
      ),
    };
  }

  patch(f: (s: GAState) => GAState): void {
    this.state = f(this.state);
  }
}

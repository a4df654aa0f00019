// Bot scaffolding every game shares. A bot picks one of the commands `legalCommands` lists, with its own
// generator (never the match's), so bot matches are reproducible from their seed and never touch the record.
import type { Bot, Command } from '../game';
import type { PlayerId } from '../ids';
import type { Rng } from '../rng';

export interface RandomBotOptions {
  /** Command types picked only when nothing else is legal (default: Concede). */
  avoid?: readonly string[];
  /** Relative weights by command type (default 1), e.g. to pass less often than to act. */
  weights?: Readonly<Record<string, number>>;
}

/** Uniform (or weighted by type) among the legal commands, avoiding `avoid` while anything else is legal. */
export function randomBot<S>(opts: RandomBotOptions = {}): Bot<S> {
  const avoid = new Set(opts.avoid ?? ['Concede']);
  return {
    name: 'random',
    choose: (_s, _p, legal, rng) => {
      const pool = legal.filter((c) => !avoid.has(c.type));
      return weightedPick(pool.length > 0 ? pool : legal, rng, opts.weights);
    },
  };
}

/** Picks from `items` with weights by command type; uniform when no weights are given. */
export function weightedPick(
  items: readonly Command[],
  rng: Rng,
  weights?: Readonly<Record<string, number>>,
): Command {
  if (items.length === 0) throw new Error('a bot was asked to choose among no legal commands');
  if (!weights) return items[rng.int(items.length)]!;
  const w = items.map((c) => Math.max(0, Math.round((weights[c.type] ?? 1) * 1000)));
  const total = w.reduce((a, b) => a + b, 0);
  if (total === 0) return items[rng.int(items.length)]!;
  let x = rng.int(total);
  for (let i = 0; i < items.length; i++) {
    x -= w[i]!;
    if (x < 0) return items[i]!;
  }
  return items[items.length - 1]!;
}

/**
 * Scores every legal command and plays the best; ties are broken by the bot's generator so greedy matches vary
 * by seed. `score` sees the state, so it can read what a command would do (e.g. damage, cards drawn).
 */
export function greedyBot<S>(
  score: (state: S, player: PlayerId, command: Command) => number,
  opts: { avoid?: readonly string[] } = {},
): Bot<S> {
  const avoid = new Set(opts.avoid ?? ['Concede']);
  return {
    name: 'greedy',
    choose: (s, p, legal, rng) => {
      const pool = legal.filter((c) => !avoid.has(c.type));
      const from = pool.length > 0 ? pool : legal;
      let best: Command[] = [];
      let top = -Infinity;
      for (const c of from) {
        const v = score(s, p, c);
        if (v > top) {
          top = v;
          best = [c];
        } else if (v === top) best.push(c);
      }
      return best[rng.int(best.length)]!;
    },
  };
}

/** A score from a preference order of command types: earlier types score higher (for simple greedy bots). */
export function preferTypes(
  order: readonly string[],
): (state: unknown, player: PlayerId, command: Command) => number {
  return (_s, _p, c) => {
    const i = order.indexOf(c.type);
    return i < 0 ? -order.length - 1 : order.length - i;
  };
}

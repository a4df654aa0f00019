import { describe, expect, it } from 'vitest';
import type { Command } from '../game';
import { Rng } from '../rng';
import { greedyBot, preferTypes, randomBot, weightedPick } from './bots';

const legal: Command[] = [
  { type: 'Concede', player: 'p1' },
  { type: 'Pass', player: 'p1' },
  { type: 'Play', player: 'p1', card: 'a' },
  { type: 'Play', player: 'p1', card: 'b' },
];

describe('bot helpers', () => {
  it('random never concedes while something else is legal, and covers every other choice', () => {
    const bot = randomBot();
    const rng = new Rng('bots');
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) seen.add(JSON.stringify(bot.choose(null, 'p1', legal, rng)));
    expect(seen.has(JSON.stringify(legal[0]))).toBe(false);
    expect(seen.size).toBe(3);
    expect(bot.choose(null, 'p1', [legal[0]!], rng)).toBe(legal[0]);
  });

  it('weights by type; a zero weight is never picked', () => {
    const rng = new Rng('w');
    for (let i = 0; i < 100; i++) expect(weightedPick(legal.slice(1), rng, { Pass: 0 }).type).toBe('Play');
    expect(() => weightedPick([], rng)).toThrow(/no legal commands/);
  });

  it('greedy plays the best score, breaking ties with its own generator', () => {
    const bot = greedyBot(preferTypes(['Play', 'Pass']));
    const rng = new Rng('g');
    const picks = new Set<string>();
    for (let i = 0; i < 50; i++) {
      const c = bot.choose(null, 'p1', legal, rng);
      expect(c.type).toBe('Play');
      picks.add(c.card as string);
    }
    expect([...picks].sort()).toEqual(['a', 'b']);
  });
});

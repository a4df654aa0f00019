// Fuzz: random and malformed commands at random points of bot matches are rejected with a rule, append nothing
// and leave the state untouched; the same for every player and at setup, clash steps and response windows.
import { describe, expect, it } from 'vitest';
import { Rng, type Command } from '@matchtape/engine';
import { playMatch } from '@matchtape/engine/testing';
import { alphaClash } from './index';
import { DEEP, probes } from './test-helpers';
import type { AlphaClashState } from './types';

describe('fuzzing decide', () => {
  it('rejects every command legalCommands does not list, with a rule, and changes nothing', () => {
    const rng = new Rng('fuzz');
    let rejected = 0;
    const rules = new Set<string>();
    for (let k = 0; k < (DEEP ? 40 : 6); k++) {
      const m = playMatch<AlphaClashState>(alphaClash, {
        seed: `fuzz-${k}`,
        bots: { p1: 'random', p2: k % 2 ? 'greedy' : 'random' },
      });
      for (let t = 0; t < 40; t++) {
        const s = m.states[rng.int(m.states.length)]!;
        const before = JSON.stringify(s);
        for (const p of ['p1', 'p2'] as const) {
          const listed = new Set(alphaClash.legalCommands(s, p).map((c) => JSON.stringify(c)));
          for (const probe of probes(s, rng, 30)) {
            const cmd = { ...probe, player: p } as Command;
            const r = alphaClash.decide(s, cmd, { rng: new Rng(`fuzz-${k}`, s.rng) });
            if (listed.has(JSON.stringify(cmd))) continue;
            expect(r.ok, JSON.stringify(cmd)).toBe(false);
            if (!r.ok) {
              expect(r.rule).toMatch(/^\d{3}(\.\d+[a-z]?)*(\.\d+)?$/);
              expect(r.reason.length).toBeGreaterThan(10);
              rules.add(r.rule);
              rejected += 1;
            }
          }
        }
        expect(JSON.stringify(s)).toBe(before);
      }
    }
    expect(rejected).toBeGreaterThan(1000);
    // Rejections cite many different rules, not one catch-all.
    expect(rules.size).toBeGreaterThan(10);
  });

  it('rejects commands from a seat that is not in the match and commands after the end', () => {
    const m = playMatch<AlphaClashState>(alphaClash, {
      seed: 'fuzz-end',
      bots: { p1: 'greedy', p2: 'greedy' },
    });
    const r1 = alphaClash.decide(
      m.states[20]!,
      { type: 'EndTurn', player: 'p7' },
      { rng: new Rng('x', m.states[20]!.rng) },
    );
    expect(r1.ok).toBe(false);
    const r2 = alphaClash.decide(
      m.final,
      { type: 'Concede', player: 'p1' },
      { rng: new Rng('x', m.final.rng) },
    );
    expect(r2).toMatchObject({ ok: false, rule: '104.5' });
    expect(alphaClash.legalCommands(m.final, 'p1')).toEqual([]);
  });
});

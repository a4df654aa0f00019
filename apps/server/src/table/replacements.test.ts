// Grand Archive's competing replacement effects (2.5.b.2: applied one at a time, in the order the affected
// object's controller picks) reach the table as an order to arrange, like simultaneous triggers: offers of kind
// `order`, each named by what the effect does, so the table shows its drag / keyboard list, not buttons.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ScenarioRun } from '@matchtape/engine';
import { games } from '@matchtape/games';
import { describe, expect, it } from 'vitest';
import { tableActions } from './offers';

const GA = games['grand-archive']!;
const FILE = fileURLToPath(
  new URL(
    '../../../../packages/games/grand-archive/scenarios/replacement-order-critical-first.json',
    import.meta.url,
  ),
);

/** The scenario played up to its first ApplyReplacement: Critical and a 1-damage shield compete for p2's unit. */
function atOrderReplacements(): { state: unknown; seq: number } {
  const started = ScenarioRun.start(GA, JSON.parse(readFileSync(FILE, 'utf8')));
  if (!started.ok) throw new Error(started.failures.join('; '));
  const { run } = started;
  const steps = run.scenario.steps;
  const at = steps.findIndex((s) => 'command' in s && s.command.type === 'ApplyReplacement');
  for (let i = 0; i < at; i++) {
    const r = run.step(steps[i]!, i);
    if (r.failures.length) throw new Error(r.failures.join('; '));
  }
  return { state: run.session.state, seq: run.session.events.length };
}

describe('Grand Archive replacement effects at the table (2.5.b.2)', () => {
  it('are offered as an order of kind `order`, each labelled by what it does, with the order prompt', () => {
    const { state, seq } = atOrderReplacements();
    const a = tableActions(GA, state, 'p2', seq);
    const replacements = a.offers.filter((o) => o.command.type === 'ApplyReplacement');
    expect(replacements).toHaveLength(2);
    expect(replacements.every((o) => o.kind === 'order')).toBe(true);
    expect(replacements.map((o) => o.label).sort()).toEqual([
      'Apply next: Critical 1 (double the damage)',
      expect.stringMatching(/^Apply next: prevent up to 1 damage to .+ \(Iron Buckler\)$/),
    ]);
    expect(a.prompt?.kind).toBe('order');
    // The other seat is told what p2 is doing, and offered nothing but conceding.
    const other = tableActions(GA, state, 'p1', seq);
    expect(other.offers.map((o) => o.kind)).toEqual(['concede']);
  });
});

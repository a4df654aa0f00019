// Every scenario file of test/scenarios/elemental-clash/ through the kernel's scenario runner (ARCHITECTURE.md §5).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runScenario } from '@matchtape/engine';
import { elementalClash } from './index';
import { RULE } from './property-helpers';

const DIR = join(import.meta.dirname, '../../../../test/scenarios/elemental-clash');
const files = readdirSync(DIR).filter((f) => f.endsWith('.json')).sort();

describe('elemental-clash scenarios', () => {
  it('there are at least 20, each citing its section or decision', () => {
    expect(files.length).toBeGreaterThanOrEqual(20);
    for (const f of files) {
      const s = JSON.parse(readFileSync(join(DIR, f), 'utf8')) as { rule?: string; game: string };
      expect(s.game).toBe('elemental-clash');
      expect(s.rule, f).toMatch(RULE);
    }
  });
  for (const f of files)
    it(f, () => {
      const r = runScenario(elementalClash, JSON.parse(readFileSync(join(DIR, f), 'utf8')));
      expect(r.failures).toEqual([]);
      expect(r.ok).toBe(true);
    });
});

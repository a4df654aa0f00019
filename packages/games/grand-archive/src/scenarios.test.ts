// Every scenario file of test/scenarios/grand-archive/ through the kernel's scenario runner (ARCHITECTURE.md §5).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runScenario } from '@matchtape/engine';
import { grandArchive } from './index';

const DIR = join(import.meta.dirname, '../../../../test/scenarios/grand-archive');
const files = readdirSync(DIR).filter((f) => f.endsWith('.json')).sort();

describe('grand-archive scenarios', () => {
  it('there are at least 30, each citing its rule', () => {
    expect(files.length).toBeGreaterThanOrEqual(30);
    for (const f of files) {
      const s = JSON.parse(readFileSync(join(DIR, f), 'utf8')) as { rule?: string; game: string };
      expect(s.game).toBe('grand-archive');
      expect(s.rule, f).toMatch(/^(\d+(\.\w+)*|X\.[AB]\.\d+(\.\w+)*)$/);
    }
  });
  for (const f of files)
    it(f, () => {
      const r = runScenario(grandArchive, JSON.parse(readFileSync(join(DIR, f), 'utf8')));
      expect(r.failures).toEqual([]);
      expect(r.ok).toBe(true);
    });
});

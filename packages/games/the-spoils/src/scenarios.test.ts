// Every scenario file of test/scenarios/the-spoils/ through the kernel's scenario runner (ARCHITECTURE.md §5).
// The files are written by scripts/write-scenarios.ts from the document's examples.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runScenario } from '@matchtape/engine';
import { theSpoils } from './index';

const DIR = join(import.meta.dirname, '../../../../test/scenarios/the-spoils');
const files = readdirSync(DIR).filter((f) => f.endsWith('.json')).sort();

describe('the-spoils scenarios', () => {
  it('there are at least 25, each citing its rule', () => {
    expect(files.length).toBeGreaterThanOrEqual(25);
    for (const f of files) {
      const s = JSON.parse(readFileSync(join(DIR, f), 'utf8')) as { rule?: string; game: string };
      expect(s.game).toBe('the-spoils');
      expect(s.rule, f).toMatch(/^\d{3}(\.\d+[a-z]?)?$/);
    }
  });
  for (const f of files)
    it(f, () => {
      const r = runScenario(theSpoils, JSON.parse(readFileSync(join(DIR, f), 'utf8')));
      expect(r.failures).toEqual([]);
      expect(r.ok).toBe(true);
    });
});

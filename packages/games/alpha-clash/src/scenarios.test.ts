// Every scenario file in test/scenarios/alpha-clash runs through the kernel's scenario runner; a failed
// expectation fails the test with the runner's message. Each file cites the rule it checks.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runScenario } from '@matchtape/engine';
import { alphaClash } from './index';

const DIR = join(__dirname, '../../../../test/scenarios/alpha-clash');
const files = readdirSync(DIR).filter((f) => f.endsWith('.json')).sort();

describe('alpha-clash scenarios', () => {
  it('has at least 40 scenario files, each citing a rule', () => {
    expect(files.length).toBeGreaterThanOrEqual(40);
    for (const f of files) {
      const s = JSON.parse(readFileSync(join(DIR, f), 'utf8')) as { rule?: string; description?: string };
      expect(s.rule, f).toMatch(/^\d{3}/);
      expect(s.description, f).toBeTruthy();
    }
  });

  it.each(files)('%s', (f) => {
    const result = runScenario(alphaClash, JSON.parse(readFileSync(join(DIR, f), 'utf8')));
    expect(result.failures).toEqual([]);
    expect(result.ok).toBe(true);
  });
});

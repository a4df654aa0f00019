// Every scenario file in test/scenarios/alpha-clash runs through the kernel's scenario runner; a failed
// expectation fails the test with the runner's message. Each file cites the rule it checks.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fold, jsonEqual, runScenario, verifyChain } from '@matchtape/engine';
import { firstDifference } from '@matchtape/engine/testing';
import type { AlphaClashState } from './types';
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
    // The scripted match also keeps the log invariants: chain, fold, and redaction commuting for every viewer.
    expect(verifyChain(result.events)).toEqual({ ok: true });
    const judge = fold<AlphaClashState>(alphaClash, result.events);
    for (const v of ['public', 'p1', 'p2'] as const) {
      const redacted = fold<AlphaClashState>(alphaClash, result.events.map((e) => alphaClash.viewEvent(e, v)));
      const expected = alphaClash.view(judge, v);
      expect(jsonEqual(redacted, expected), `${v}: ${firstDifference(expected, redacted)}`).toBe(true);
      const shown = JSON.stringify(expected);
      for (const secret of alphaClash.secrets(judge, v)) expect(shown.includes(`"${secret}"`), `${v} sees ${secret}`).toBe(false);
    }
  });
});

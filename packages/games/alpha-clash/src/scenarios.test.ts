// Every scenario file in test/scenarios/alpha-clash runs through the kernel's scenario runner; a failed
// expectation fails the test with the runner's message. Each file cites the rule it checks.
import { join } from 'node:path';
import { expect } from 'vitest';
import { fold, jsonEqual, verifyChain } from '@matchtape/engine';
import { describeScenarioFiles, firstDifference, repoRoot } from '@matchtape/engine/testing';
import type { AlphaClashState } from './types';
import { alphaClash } from './index';

describeScenarioFiles(alphaClash, {
  dir: join(repoRoot(__dirname), 'test/scenarios/alpha-clash'),
  atLeast: 40,
  rule: /^\d{3}/,
  check(result) {
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
  },
});

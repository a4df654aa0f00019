// Every scenario file of test/scenarios/grand-archive/ through the kernel's scenario runner (ARCHITECTURE.md §5).
// Each scripted match also keeps the log invariants: chain, fold, and redaction commuting for every viewer.
import { join } from 'node:path';
import { expect } from 'vitest';
import { fold, jsonEqual, verifyChain } from '@matchtape/engine';
import { describeScenarioFiles, firstDifference, repoRoot } from '@matchtape/engine/testing';
import type { GAState } from './types';
import { grandArchive } from './index';

describeScenarioFiles(grandArchive, {
  dir: join(repoRoot(import.meta.dirname), 'test/scenarios/grand-archive'),
  atLeast: 30,
  rule: /^(\d+(\.\w+)*|X\.[AB]\.\d+(\.\w+)*)$/,
  check(result) {
    expect(verifyChain(result.events)).toEqual({ ok: true });
    const judge = fold<GAState>(grandArchive, result.events);
    for (const v of ['public', 'p1', 'p2'] as const) {
      const redacted = fold<GAState>(grandArchive, result.events.map((e) => grandArchive.viewEvent(e, v)));
      const expected = grandArchive.view(judge, v);
      expect(jsonEqual(redacted, expected), `${v}: ${firstDifference(expected, redacted)}`).toBe(true);
      const shown = JSON.stringify(expected);
      for (const secret of grandArchive.secrets(judge, v)) expect(shown.includes(`"${secret}"`), `${v} sees ${secret}`).toBe(false);
    }
  },
});

// Every scenario file of packages/games/grand-archive/scenarios/ through the kernel's scenario runner (ARCHITECTURE.md §5).
// Each scripted match also keeps the log invariants: chain, fold, and redaction commuting for every viewer.
import { join } from 'node:path';
import { describeScenarioFiles } from '@matchtape/engine/testing';
import { grandArchive } from './index';

describeScenarioFiles(grandArchive, {
  dir: join(import.meta.dirname, '../scenarios'),
  atLeast: 30,
  rule: /^(\d+(\.\w+)*|X\.[AB]\.\d+(\.\w+)*)$/,
  logInvariants: ['public', 'p1', 'p2'],
});

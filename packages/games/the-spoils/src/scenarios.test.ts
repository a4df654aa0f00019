// Every scenario file of test/scenarios/the-spoils/ through the kernel's scenario runner (ARCHITECTURE.md §5).
// The files are written by scripts/write-scenarios.ts from the document's examples.
import { join } from 'node:path';
import { describeScenarioFiles, repoRoot } from '@matchtape/engine/testing';
import { theSpoils } from './index';

describeScenarioFiles(theSpoils, {
  dir: join(repoRoot(import.meta.dirname), 'test/scenarios/the-spoils'),
  atLeast: 25,
  rule: /^\d{3}(\.\d+[a-z]?)?$/,
});

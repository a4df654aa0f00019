// Every scenario file of packages/games/the-spoils/scenarios/ through the kernel's scenario runner (ARCHITECTURE.md §5).
// The files are written by scripts/write-scenarios.ts from the document's examples.
import { join } from 'node:path';
import { describeScenarioFiles } from '@matchtape/engine/testing';
import { theSpoils } from './index';

describeScenarioFiles(theSpoils, {
  dir: join(import.meta.dirname, '../scenarios'),
  atLeast: 25,
  rule: /^\d{3}(\.\d+[a-z]?)?$/,
});

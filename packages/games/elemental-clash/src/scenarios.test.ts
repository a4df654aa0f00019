// Every scenario file of test/scenarios/elemental-clash/ through the kernel's scenario runner (ARCHITECTURE.md §5).
import { join } from 'node:path';
import { describeScenarioFiles, repoRoot } from '@matchtape/engine/testing';
import { elementalClash } from './index';
import { RULE } from './property-helpers';

describeScenarioFiles(elementalClash, {
  dir: join(repoRoot(import.meta.dirname), 'test/scenarios/elemental-clash'),
  atLeast: 20,
  rule: RULE,
  cites: 'section or decision',
});

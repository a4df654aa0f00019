// Every scenario file of packages/games/elemental-clash/scenarios/ through the kernel's scenario runner (ARCHITECTURE.md §5).
import { join } from 'node:path';
import { describeScenarioFiles } from '@matchtape/engine/testing';
import { elementalClash } from './index';
import { RULE } from './property-helpers';

describeScenarioFiles(elementalClash, {
  dir: join(import.meta.dirname, '../scenarios'),
  atLeast: 20,
  rule: RULE,
  cites: 'section or decision',
});

// Every scenario file in packages/games/alpha-clash/scenarios runs through the kernel's scenario runner; a failed
// expectation fails the test with the runner's message. Each file cites the rule it checks. The scripted match
// also keeps the log invariants: chain, fold, and redaction commuting for every viewer.
import { join } from 'node:path';
import { describeScenarioFiles } from '@matchtape/engine/testing';
import { alphaClash } from './index';

describeScenarioFiles(alphaClash, {
  dir: join(__dirname, '../scenarios'),
  atLeast: 40,
  rule: /^\d{3}/,
  logInvariants: ['public', 'p1', 'p2'],
});

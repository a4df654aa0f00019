// The rules-coverage report names real tests: every file it cites exists, every scenario it cites is one of
// the scenario files (which cite their own rule), and whatever is not implemented says why.
import { describeRulesCoverage, repoRoot } from '@matchtape/engine/testing';
import { grandArchive } from './index';

// The glossary lists 25 keywords.
describeRulesCoverage(grandArchive, { root: repoRoot(import.meta.dirname), keywords: 25 });

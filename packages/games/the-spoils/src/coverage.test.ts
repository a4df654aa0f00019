// The rules-coverage report names real tests: every file it cites exists, and whatever is not implemented says why.
import { describeRulesCoverage, repoRoot } from '@matchtape/engine/testing';
import { theSpoils } from './index';

// The keyword abilities of the Comprehensive Rules Reference (the KEYWORDS table).
describeRulesCoverage(theSpoils, { root: repoRoot(import.meta.dirname), keywords: 7 });

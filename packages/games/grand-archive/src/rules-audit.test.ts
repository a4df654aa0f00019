// Every rule id the Grand Archive source cites exists in the Comprehensive Rules, is a rule (not a heading), and
// each rejection's or guard's rule names the thing it refuses (rules-audit.ts).
import { describeRulesAudit, parseGrandArchiveRules } from '@matchtape/engine/testing';
import { grandArchive } from './index';
import { AUDIT } from './rules-audit';

describeRulesAudit(grandArchive, {
  srcDir: import.meta.dirname,
  docs: [{ file: '003_ed08ffb10b58b39e.txt', parse: parseGrandArchiveRules }],
  idPattern: /^(\d+\.\d+(\.[a-z0-9]+)*|X\.[AB](\.[a-z0-9]+)*)$/,
  // Guards, the command → rule table (command names are PascalCase) and start-moment.ts's problem() refuse too.
  rejectionLine: /\breject\(|guard: g\(|^\s+[A-Z]\w+: '[\dX][^']*',$|return \{ rule: '|\bproblem\(/,
  // A phase's or step's own rule and the keyword table name sections.
  sectionLine: /meta: \{ rule: '[^']+', (phase|step):|keyword: '/,
  data: AUDIT,
});

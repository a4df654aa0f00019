// Every rule id The Spoils source cites exists in the Comprehensive Rules Reference, is not a section title, and
// each rejection's rule names the thing it refuses (rules-audit.ts).
import { describeRulesAudit, parseSpoilsRules } from '@matchtape/engine/testing';
import { theSpoils } from './index';
import { AUDIT } from './rules-audit';

describeRulesAudit(theSpoils, {
  srcDir: import.meta.dirname,
  docs: [{ file: '002_0920f1a64fb13bf3.txt', parse: parseSpoilsRules }],
  idPattern: /^\d{3}(\.\d+[a-z]?)?$/,
  // The keyword table, a pool card's keyword section and a phase's meta name sections.
  sectionLine: /\bkw: '|meta: \{ phase:|^\s+rule: '\d{3}(\.\d+)?',$/,
  // Rejections, prompts (a refusal cites the open prompt's rule) and the command → rule table refuse commands.
  rejectionLine:
    /\breject\(|promptOnly\(|prompt: \{ kind: '[\w-]+', player: \w+, rule: |^\s+[A-Z]\w+: '\d[^']*',$/,
  data: AUDIT,
});

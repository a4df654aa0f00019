// Every rule id The Spoils source cites exists in the Comprehensive Rules Reference and is not a section title
// (rules-audit.ts).
import { describeRulesAudit, parseSpoilsRules } from '@matchtape/engine/testing';
import { theSpoils } from './index';
import { AUDIT } from './rules-audit';

describeRulesAudit(theSpoils, {
  srcDir: import.meta.dirname,
  docs: [{ file: '002_0920f1a64fb13bf3.txt', parse: parseSpoilsRules }],
  idPattern: /^\d{3}(\.\d+[a-z]?)?$/,
  // The keyword table and a phase's meta name sections.
  sectionLine: /\bkw: '|meta: \{ phase:/,
  data: AUDIT,
  // Found by this audit, left to the change that owns The Spoils' rules: section titles cited as rules (202
  // Factions and 606 Using an Ability on cards, 507.2–507.6 keyword sections on cards, 603 During a Turn for
  // transitions), and 404, an empty "Rule Not Found" section, cited for what the rules leave undefined.
  known: ['202 (', '404 (', '507.2 (', '507.3 (', '507.4 (', '507.5 (', '507.6 (', '603 (', '606 ('],
});

// Every rule id the Elemental Clash source cites exists in the draft rules (or decisions.md), is not a bare title,
// and each rejection's rule names the thing it refuses (rules-audit.ts).
import { join } from 'node:path';
import { describeRulesAudit, parseDecisionsTable, parseElementalClashRules } from '@matchtape/engine/testing';
import { elementalClash } from './index';
import { AUDIT } from './rules-audit';

describeRulesAudit(elementalClash, {
  srcDir: import.meta.dirname,
  docs: [{ file: '004_e12fc6d8e4fda777.txt', parse: parseElementalClashRules }],
  extraDocs: [{ path: join(import.meta.dirname, '../decisions.md'), parse: parseDecisionsTable }],
  // Keywords of several words ("7.0.Ranged Attack") are ids too.
  idPattern: /^(\d+\.0(\.[A-Z]\d+|\.[A-Z][a-z]+( [A-Z][a-z]+)*)?|\d+\.1|D\d+)$/,
  rejectionLine: /\b(reject|nope)\(/,
  data: AUDIT,
  known: [],
});

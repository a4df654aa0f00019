// Every rule id the Alpha Clash source cites exists in the rulebook, is a rule (not a heading), and each rejection's
// rule names the thing it refuses (rules-audit.ts).
import { describeRulesAudit, parseAlphaClashRules } from '@matchtape/engine/testing';
import { alphaClash } from './index';
import { AUDIT } from './rules-audit';

describeRulesAudit(alphaClash, {
  srcDir: __dirname,
  docs: [
    { file: '000_aa8226fd650d9209.txt', parse: parseAlphaClashRules },
    // The quick-start sheet numbers nothing: its one cited item is a passage (rules-audit.ts).
    { file: '001_8364ed5f050dfd7e.txt', parse: () => new Map() },
  ],
  sectionLine: /meta: \{ phase:|kind: '(triggered|static|activated|deckbuilding)'/,
  idPattern: /^(\d{3}(\.\d+[a-z]?)?(\.[a-z])?(\.\d+)?|QS \d+[a-z]?)$/,
  data: AUDIT,
});

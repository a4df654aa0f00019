// Citation audit data for Elemental Clash (describeRulesAudit in rules-audit.test.ts). Ids are the draft's sections
// ("4.0"), its phase bullets ("4.0.D2": Draw-Phase, 2nd bullet), keywords ("7.0.Future") and the project's
// decisions ("D13", decisions.md). The keyword list is not curated yet (these rules are another change's), so
// every cited id is checked to exist and not to be a bare title; the test lists what that finds today.
import type { RulesAuditData } from '@matchtape/engine/testing';

export const AUDIT: RulesAuditData = {
  keywords: {},
  keywordsRequired: false,
  notRules: ['scenario', 'command'],
};

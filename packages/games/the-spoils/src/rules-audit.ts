// Citation audit data for The Spoils (describeRulesAudit in rules-audit.test.ts). The keyword list is not curated
// yet (these rules are another change's), so every cited id is checked to exist in the Comprehensive Rules
// Reference and not to be a section title; the test lists what that finds today.
import type { RulesAuditData } from '@matchtape/engine/testing';

export const AUDIT: RulesAuditData = {
  keywords: {},
  keywordsRequired: false,
  notRules: ['scenario', 'command'],
};

// Rules coverage: which rules of the Comprehensive Rulebook v2.2 the engine implements, and which tests check them.
import type { CoverageEntry, RulesCoverage } from '@matchtape/engine';

const S = 'test/scenarios/alpha-clash/';
const T = 'packages/games/alpha-clash/src/';

function e(rule: string, title: string, status: CoverageEntry['status'], tests: string[], reason?: string): CoverageEntry {
  return { rule, title, status, tests, ...(reason ? { reason } : {}) };
}

export const coverage: RulesCoverage = {
  sections: [],
  keywords: [],
};
export { e, S, T };

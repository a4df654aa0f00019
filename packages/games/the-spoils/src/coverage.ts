// Rules coverage (`matchtape rules-coverage --game the-spoils`): filled in below.
import type { RulesCoverage } from '@matchtape/engine';
export const COVERAGE: RulesCoverage = { sections: [], keywords: [] };

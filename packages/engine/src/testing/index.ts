// @matchtape/engine/testing: the property harness (vitest-free, also used by the CLI through
// @matchtape/engine/testing/harness) and the conformance suite every game runs under vitest.
export * from './harness';
export * from './conformance';
export * from './suites';
export * from './rules-audit';
export * from './rules-doc';
export { foldFrozen } from './frozen';
export * from './reshuffle';

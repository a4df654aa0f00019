// Suites of `bench --peers` that live in their own files, one line each (run after the append, relay, seek and
// rebuild suites, in this order).
export { browserSuite } from './browser';
export { focusSuite } from './focus';
export { tableSuite } from './table';
export { foldSuite } from './fold';

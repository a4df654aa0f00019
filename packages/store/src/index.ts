// @matchtape/store: the event store (Postgres or embedded PGlite), snapshots, rejections, checkpoints.
export * from './types';
export { openStore, dropSchema, DEFAULT_PGLITE_DIR, REPO_ROOT, type OpenStoreOptions } from './open';
export { KyselyEventStore, MATCH_TABLES, appendInTransaction } from './store';
export type { GroupCommitOptions, GroupCommitStats } from './group-commit';
export { verifyStoredMatch } from './verify';
export {
  verifyEvents,
  gameOf,
  revealedSeed,
  withholdsSeed,
  forkLinkOf,
  COPY_FORMAT,
  copyHeaderLine,
  parseCopyHeader,
  type CheckName,
  type ForkLink,
  type MatchVerification,
  type VerifyOptions,
} from './replay';
export {
  BUNDLE_FORMAT,
  BUNDLE_VERSION,
  DEFAULT_KEYFRAME_EVERY,
  BundleHeaderSchema,
  CHECK_LABELS,
  buildBundle,
  bundleText,
  cardDataVersion,
  isBundle,
  stateHash,
  verifyBundle,
  type BundleHeader,
  type ReplayCheck,
  type ReplayVerification,
} from './bundle';
export { nodeSealHashes, nodeSha256 } from './hash';
export { migrations } from './migrations';
export type { Database } from './schema';
export { benchAppend, type BenchAppendOptions, type BenchAppendResult } from './bench';
export { isStoreUnavailable, isStoreFull, probeStore, countEventsAfter } from './ops';
export * from './read-models';
export * from './lobbies';
export * from './tournaments';

// The match verifier lives in @matchtape/store (packages/store/src/replay.ts) so the server's verification route
// and the CLI check replays with one code path; the CLI keeps its historical names.
export {
  verifyEvents as verifyMatch,
  gameOf,
  revealedSeed,
  type CheckName,
  type MatchVerification,
  type VerifyOptions,
} from '@matchtape/store';

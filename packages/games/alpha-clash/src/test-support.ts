// Re-exports for tests (kept out of the module's public surface).
export { Rng, seedCommitment } from '@matchtape/engine';

export { run, commands, mainHelp, commandHelp } from './run';
export type { Io } from './io';
export { CliError } from './io';
export { verifyMatch, gameOf, revealedSeed, type MatchVerification } from './verify';
export { parseJsonl, readJsonl, toJsonl } from './jsonl';

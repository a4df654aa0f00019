// Property tests over seeded bot matches (ARCHITECTURE.md §6), part b of 2 (files run in parallel): every
// match ends by the rules, fold = live, hash chain and random outcomes verify, redaction commutes at the final
// state for every viewer (at every seq in invariants.test.ts), and invariant 4 holds with random and malformed
// probe commands at sampled states. CI: 160 matches over both files and all four bot pairings; MATCHTAPE_DEEP=1: 2,000.
import { describeBotMatches } from './test-helpers';

describeBotMatches([1, 3]);

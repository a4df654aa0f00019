// Property tests over seeded bot matches (ARCHITECTURE.md §6), matches 0–149 here and 150–299 in
// properties-b.test.ts (two files, so vitest runs them in parallel): every match ends by the rules; every
// automatic event cites a section or decision; hash chain and random outcomes verify; the fold of the events
// equals the live state; redaction commutes and no hidden card leaks at the end, for every viewer. The
// every-seq checks (every viewer at every seq) run on a subset in invariants.test.ts. MATCHTAPE_DEEP=1: 2,000.
import { describe } from 'vitest';
import { propertyChunks } from './property-helpers';

describe('elemental-clash bot matches (a)', () => propertyChunks(0));

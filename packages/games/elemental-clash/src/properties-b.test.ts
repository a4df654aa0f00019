// Property tests, part b of 3 (vitest runs the files in parallel): seeded bot matches that end by the
// rules, cite a section or decision for every automatic event, and keep invariants 1, 2, 3 and 6 of
// ARCHITECTURE.md §6 at every seq for every viewer (property-helpers.ts). 150 in CI, 2,001 with MATCHTAPE_DEEP=1.
import { describe } from 'vitest';
import { propertyChunks } from './property-helpers';

describe('elemental-clash bot matches (b)', () => propertyChunks(1));

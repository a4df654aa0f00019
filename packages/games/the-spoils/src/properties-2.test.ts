// The second half of the property-test bot matches (property-matches.ts), in its own file so it runs in parallel.
import { describe } from 'vitest';
import { botMatchChunks } from './property-matches';

describe('the-spoils bot matches (second half)', () => {
  botMatchChunks(1);
});

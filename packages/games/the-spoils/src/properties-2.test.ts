// The second half of the property-test bot matches (property-helpers.ts), in its own file so it runs in parallel.
import { describe } from 'vitest';
import { botMatchChunks } from './property-helpers';

describe('the-spoils bot matches (second half)', () => {
  botMatchChunks(1);
});

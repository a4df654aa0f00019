// The second half of the property matches (see properties.test.ts).
import { describe } from 'vitest';
import { propertyChunks } from './property-helpers';

describe('elemental-clash bot matches (b)', () => propertyChunks(1));

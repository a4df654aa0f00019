// The kit's Draft over the Elemental Clash state and fold.
import { Draft, type Rng } from '@matchtape/engine';
import { evolve } from './evolve';
import type { ECState } from './types';

export class ECDraft extends Draft<ECState> {
  constructor(state: ECState, rng: Rng) {
    super(state, evolve, rng);
  }
}

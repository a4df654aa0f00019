// Property tests over seeded bot matches (ARCHITECTURE.md §6): the first half of the 150 (CI) / 2,000
// (MATCHTAPE_DEEP=1) matches of property-helpers.ts, with the every-seq redaction and leak checks; and accepted ⇔
// listed at every third state of a few matches. The kit's heavier checkInvariants runs in module.test.ts.
import { describe, it } from 'vitest';
import { expectListedAtEveryThirdState } from '@matchtape/engine/testing';
import { theSpoils } from './index';
import { botMatchChunks, DEEP } from './property-helpers';

describe('the-spoils bot matches (first half)', () => {
  botMatchChunks(0);

  it('accepted ⇔ listed at every third state of a few matches', { timeout: 600_000 }, () => {
    expectListedAtEveryThirdState(theSpoils, DEEP ? 30 : 3, [
      { type: 'Pass', player: 'p1' },
      { type: 'EndTurn', player: 'p1' },
      { type: 'ConfirmAttackers', player: 'p1' },
      { type: 'ConfirmBlockers', player: 'p1' },
      { type: 'EndMulligan', player: 'p1' },
      { type: 'PassBid', player: 'p1' },
      { type: 'FindCard', player: 'p1' },
      { type: 'Develop', mode: 'draw', player: 'p1' },
    ]);
  });
});

// A scenario test card's card id carries its definition: `test:` + the JSON of the card (its `text` left out:
// it is for people, and ids are bounded). Every fold, view and replay can then rebuild the card from the id
// alone, with no registry and no extra state, and two scenarios' test cards can never clash.
import type { TestCard } from './start';

export const TEST_CARD_PREFIX = 'test:';

/** The card id a test card is placed with. */
export function testCardId(tc: TestCard): string {
  const { text: _text, ...rules } = tc;
  return TEST_CARD_PREFIX + JSON.stringify(rules);
}

/**
 * Looks up the definition a `test:` card id carries, built by the game's `build` (memoised: the same id always
 * gives the same card). Undefined for other ids and for ids whose card `build` refuses.
 */
export function testCardResolver<D>(build: (tc: TestCard) => D | string): (cardId: string) => D | undefined {
  const known = new Map<string, D>();
  return (cardId) => {
    if (!cardId.startsWith(TEST_CARD_PREFIX)) return undefined;
    const hit = known.get(cardId);
    if (hit !== undefined) return hit;
    let tc: unknown;
    try {
      tc = JSON.parse(cardId.slice(TEST_CARD_PREFIX.length));
    } catch {
      return undefined;
    }
    const t = tc as Partial<TestCard> | null;
    if (
      typeof t !== 'object' ||
      t === null ||
      typeof t.id !== 'string' ||
      typeof t.name !== 'string' ||
      typeof t.type !== 'string'
    )
      return undefined;
    const def = build(t as TestCard);
    if (typeof def === 'string') return undefined;
    known.set(cardId, def);
    return def;
  };
}

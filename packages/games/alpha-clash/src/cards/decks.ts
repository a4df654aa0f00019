// Preset decks (two legal 50-card Main Decks with Contenders) and deck validation (100.2a, 100.4a, 306.4, 704.15).
import type { DeckList } from '@matchtape/engine';
import { CARD_BY_ID } from './pool';

function many(entries: [string, number][]): string[] {
  return entries.flatMap(([id, n]) => Array.from({ length: n }, () => id));
}

export const PRESET_DECKS: Readonly<Record<string, DeckList>> = {
  'torque-red-rush': {
    name: 'Torque Red Rush',
    extra: { contender: ['AC1-096'] },
    main: many([
      ['AC1-099', 4], // Flare
      ['AC1-079', 4], // Mean-Streak, Unique Speedster
      ['AC1-071', 4], // Mean-Streak, Ready to Brawl
      ['AC1-080', 3], // Mean-Streak, Intercepting
      ['AC1-076', 2], // T-Bone, the Vindictive
      ['AC1-072', 1], // Garfield Park Lagoon
      ['AC1-109', 3], // Torque, the Uncontrollable
      ['AC1-108', 2], // Machina, Unstoppable Force
      ['AC1-111', 2], // War, the Provocateur
      ['AC2-098', 2], // War, Legion Commander
      ['SAMPLE-KHAGAN', 2],
      ['SAMPLE-SONORO', 3],
      ['SAMPLE-SOLAR-SMASH', 2],
      ['AC1-082', 1], // Mean-Streak, Blink of an Eye (alternative cost)
      ['AC1-112', 3], // Metal Barrage
      ['AC1-119', 1], // HERE COMES THE BOOM!
      ['AC1-117', 2], // Piercing Strike (Clash Buff)
      ['AC1-120', 2], // Energy Explosion (Clash Buff)
      ['SAMPLE-BETTER-LUCK', 3],
      ['AC1-110', 2], // Energy Blast
      ['SAMPLE-TBONES-SHOCKWAVE', 1],
      ['SAMPLE-MOXIES-SIDEARM', 1],
    ]),
  },
  'clarity-green-wall': {
    name: 'Clarity Green Wall',
    extra: { contender: ['AC1-047'] },
    main: many([
      ['AC1-031', 4], // Menacing Magnate
      ['AC1-028', 4], // Magnate, Cunning Planner
      ['AC1-P01', 2], // Magnate, the Tyrant
      ['AC1-037', 1], // Magnate, the Undisputed (Unrivaled)
      ['AC1-034', 2], // Magnate, Unwavering Might
      ['SAMPLE-KILIMANJARO', 4],
      ['SAMPLE-MORAC', 4],
      ['SAMPLE-LINN', 4],
      ['SAMPLE-PLASMAX', 3],
      ['SAMPLE-AVENGING-GUY', 3],
      ['AC1-021', 2], // Incoming Support (Clash Buff)
      ['SAMPLE-STREAKS-ASSEMBLE', 2], // Clash Buff
      ['AC1-069', 3], // Earthly Barricade
      ['SAMPLE-SURPRISE', 1],
      ['AC1-025', 1], // Amazon Rainforest
      ['SAMPLE-SAW-YOU-COMING', 2],
      ['SAMPLE-SPIRITUAL-DEFENSE', 2],
      ['AC1-044', 2], // Gotcha!
      ['SAMPLE-SHARPSHOOTER-MOXIE', 2],
      ['AC2-092', 1], // Mystery Item
      ['AC1-016', 1], // Webber's Binoculars
    ]),
  },
};

/** The Contender of a deck list: extra.contender, or the one Contender card listed in main (scenario files). */
export function contenderOf(deck: DeckList): { contender: string | null; main: string[] } {
  const fromExtra = deck.extra?.contender ?? [];
  const inMain = deck.main.filter((id) => CARD_BY_ID.get(id)?.type === 'Contender');
  const contender = fromExtra[0] ?? inMain[0] ?? null;
  const main =
    fromExtra.length > 0
      ? deck.main
      : (() => {
          const i = deck.main.findIndex((id) => CARD_BY_ID.get(id)?.type === 'Contender');
          return i < 0 ? deck.main : [...deck.main.slice(0, i), ...deck.main.slice(i + 1)];
        })();
  return { contender, main };
}

/** Standard constructed deck-building rules. Returns problems in plain words (empty = legal). */
export function validateDeck(deck: DeckList): string[] {
  const problems: string[] = [];
  const { contender, main } = contenderOf(deck);
  const sideboard = deck.extra?.sideboard ?? [];
  const contenders =
    (deck.extra?.contender ?? []).length +
    deck.main.filter((id) => CARD_BY_ID.get(id)?.type === 'Contender').length;
  if (!contender)
    problems.push(
      'a deck needs exactly one Contender (put its id in extra.contender) (100.2a, QS Deckbuilding)',
    );
  else if (CARD_BY_ID.get(contender)?.type !== 'Contender')
    problems.push(`${contender} is not a Contender (301)`);
  if (contenders > 1)
    problems.push(`a deck has exactly one Contender, found ${contenders} (QS Deckbuilding)`);
  for (const id of [...main, ...sideboard])
    if (!CARD_BY_ID.has(id))
      problems.push(`unknown card id ${id}: pick cards from the alpha-clash card pool`);
  if (main.length !== 50)
    problems.push(`the Main Deck must have exactly 50 cards, found ${main.length} (100.2a)`);
  if (sideboard.length > 10)
    problems.push(`a Sideboard has at most 10 cards, found ${sideboard.length} (100.4a)`);
  if (sideboard.some((id) => CARD_BY_ID.get(id)?.type === 'Contender'))
    problems.push('a Contender may not be in the Sideboard (QS Deckbuilding)');
  const all = [...main, ...sideboard].filter((id) => CARD_BY_ID.has(id));
  const byName = new Map<string, number>();
  for (const id of all) {
    const name = CARD_BY_ID.get(id)!.name;
    byName.set(name, (byName.get(name) ?? 0) + 1);
  }
  for (const [name, n] of byName)
    if (n > 4) problems.push(`at most 4 copies of ${name}, found ${n} (100.2a)`);
  const buffs = all.filter((id) => CARD_BY_ID.get(id)!.type === 'Clash Buff').length;
  if (buffs > 4) problems.push(`at most 4 Clash Buffs per deck list, found ${buffs} (306.4)`);
  const unrivaled = all.filter((id) => CARD_BY_ID.get(id)!.keywords.some((k) => k.k === 'Unrivaled')).length;
  if (unrivaled > 1) problems.push(`only one Unrivaled card per deck list, found ${unrivaled} (704.15b.1)`);
  return problems;
}

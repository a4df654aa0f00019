// Preset decks (Constructed, 103.1) and deck validation. A DeckList names its faction in `extra.faction`.
import type { DeckList } from '@matchtape/engine';
import { CARD_BY_ID } from './pool';

const four = (ids: string[]): string[] => ids.flatMap((id) => [id, id, id, id]);
const n = (id: string, k: number): string[] => Array.from({ length: k }, () => id);

export const PRESET_DECKS: Readonly<Record<string, DeckList>> = {
  'gilded-consortium': {
    name: 'Gilded Consortium',
    main: [
      ...four([
        'coin-sworn-guard',
        'jealous-sentry',
        'gold-warden',
        'gearsmith-tinkerer',
        'watchtower-archer',
        'windfall',
        'hostile-takeover',
        'open-auction',
        'salvage-run',
        'brass-gauntlet',
        'rusty-pickaxe',
        'faction-ward',
        'toll-gate',
        'tax-office',
        'gearworks',
        'clockwork-vault',
        'witty-worm',
      ]),
      ...n('greed', 5),
      ...n('elitism', 4),
      ...n('obsession', 2),
    ],
    extra: { faction: ['gilded-consortium'] },
  },
  'red-maw-warband': {
    name: 'Red Maw Warband',
    main: [
      ...four([
        'red-maw-raider',
        'ember-drake',
        'blood-berserker',
        'ledger-spy',
        'phantom-courier',
        'flipwing-bat',
        'ambush-cutthroat',
        'fire-bolt',
        'war-cry',
        'rapine',
        'war-camp',
        'smugglers-den',
      ]),
      ...n('rage', 16),
      ...n('deception', 11),
    ],
    extra: { faction: ['red-maw-warband'] },
  },
};

export type Format = 'constructed' | 'limited';

/** Problems with a deck, each naming its rule; empty = legal. */
export function validateDeck(deck: DeckList, format: Format = 'constructed'): string[] {
  const out: string[] = [];
  const factions = deck.extra?.faction ?? [];
  for (const id of [...deck.main, ...factions])
    if (!CARD_BY_ID.has(id)) out.push(`unknown card "${id}": use an id from the card pool (103.1)`);
  if (out.length > 0) return out;
  const a = format === 'limited' ? '103.2a' : '103.1a';
  if (factions.length !== 1 || !CARD_BY_ID.get(factions[0]!)!.types.includes('faction'))
    out.push(`a deck uses exactly one faction card, given as extra.faction: [<faction id>] (${a})`);
  for (const id of new Set(deck.main)) {
    const d = CARD_BY_ID.get(id)!;
    if (d.types.includes('faction'))
      out.push(`${d.name} is a faction; put it in extra.faction, not in the deck (${a})`);
    if (d.token) out.push(`${d.name} is a token (409.1) and cannot be put in a deck`);
  }
  const min = format === 'limited' ? 45 : 75;
  if (deck.main.length < min)
    out.push(
      `the deck has ${deck.main.length} cards; ${format} needs at least ${min}, not counting the faction (${format === 'limited' ? '103.2b' : '103.1b'})`,
    );
  if (format === 'constructed') {
    const counts = new Map<string, number>();
    for (const id of deck.main) counts.set(id, (counts.get(id) ?? 0) + 1);
    for (const [id, k] of counts) {
      const d = CARD_BY_ID.get(id)!;
      if (k > 4 && !d.supertypes.includes('staple'))
        out.push(`${k} copies of ${d.name}; at most 4 of a name unless it is a staple (103.1c)`);
    }
  }
  return out;
}

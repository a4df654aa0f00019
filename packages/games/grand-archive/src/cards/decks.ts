// Preset decks (standard constructed, 1.5.1) and deck validation.
import type { DeckList } from '@matchtape/engine';
import { isCardId, poolCard } from './pool';

const four = (ids: string[]): string[] => ids.flatMap((id) => [id, id, id, id]);

export const PRESET_DECKS: Readonly<Record<string, DeckList>> = {
  'lorraine-fire': {
    name: 'Lorraine Fire',
    main: four([
      'rending-flames',
      'deflecting-edge',
      'flame-rune-swordsman',
      'creative-shock',
      'ember-reaver',
      'ash-hound',
      'kindled-insight',
      'cinder-adept',
      'spark-bolt',
      'fireball',
      'quick-slash',
      'heavy-strike',
      'steel-longsword',
      'phoenix-hatchling',
      'blazing-hearth',
    ]),
    extra: {
      material: [
        'spirit-of-fire',
        'lorraine-wandering-warrior',
        'lorraine-blademaster',
        'lorraine-crux-knight',
        'clarent-sword-of-peace',
        'training-sabre',
        'tome-of-knowledge',
        'sunforged-relic',
      ],
    },
  },
  'tides-of-memory': {
    name: 'Tides of Memory',
    main: four([
      'nia-mistveiled-scout',
      'tidecaller-adept',
      'sea-serpent',
      'keen-falcon',
      'whirlwind-axe',
      'shield-bearer',
      'wave-crash',
      'mend',
      'misty-veil',
      'studied-insight',
      'ridge-warden',
      'deflecting-edge',
      'shadow-strike',
      'steel-longsword',
      'tidal-sanctum',
    ]),
    extra: {
      material: [
        'spirit-of-water',
        'lorraine-wandering-warrior',
        'rai-storm-seer',
        'merlin-memory-thief',
        'tristan-grim-stalker',
        'tome-of-knowledge',
        'tome-of-sacred-lightning',
        'clarent-sword-of-peace',
        'training-sabre',
      ],
    },
  },
};

export type Format = 'constructed' | 'draft';

/** Problems with a deck, each naming its rule; empty = legal. */
export function validateDeck(deck: DeckList, format: Format = 'constructed'): string[] {
  const out: string[] = [];
  const material = deck.extra?.material ?? [];
  for (const id of [...deck.main, ...material])
    if (!isCardId(id)) out.push(`unknown card "${id}" (1.5.3: cards must match the Index)`);
  if (out.length > 0) return out;
  const min = format === 'draft' ? 30 : 60;
  if (deck.main.length < min)
    out.push(
      `main deck has ${deck.main.length} cards; ${format} needs at least ${min} (${format === 'draft' ? '1.5.2.a' : '1.5.1.a'})`,
    );
  const counts = new Map<string, number>();
  for (const id of deck.main) counts.set(id, (counts.get(id) ?? 0) + 1);
  if (format === 'constructed')
    for (const [id, n] of counts)
      if (n > 4) out.push(`main deck has ${n} copies of ${poolCard(id).name}; at most 4 (1.5.1.a)`);
  for (const id of new Set(deck.main)) {
    const c = poolCard(id);
    if (c.type === 'champion' || c.supertypes.includes('regalia'))
      out.push(
        `${c.name} is a ${c.type === 'champion' ? 'champion' : 'regalia'} and belongs in the material deck (2.1.b.4)`,
      );
  }
  if (format === 'constructed' && material.length > 12)
    out.push(`material deck has ${material.length} cards; at most 12 (1.5.1.b)`);
  const mcounts = new Map<string, number>();
  for (const id of material) mcounts.set(id, (mcounts.get(id) ?? 0) + 1);
  if (format === 'constructed')
    for (const [id, n] of mcounts)
      if (n > 1) out.push(`material deck has ${n} copies of ${poolCard(id).name}; at most 1 (1.5.1.b)`);
  for (const id of new Set(material)) {
    const c = poolCard(id);
    if (c.type !== 'champion' && !c.supertypes.includes('regalia'))
      out.push(`${c.name} is neither a champion nor a regalia; the material deck holds only those (1.3.1.a)`);
  }
  if (!material.some((id) => poolCard(id).type === 'champion' && poolCard(id).level === 0))
    out.push(`material deck needs a Lv 0 champion (${format === 'draft' ? '1.5.2.b' : '1.5.1.c'})`);
  if (material.filter((id) => poolCard(id).keywords.some((k) => k.keyword === 'Divine Relic')).length > 1)
    out.push('material deck has more than one Divine Relic (X.A.4)');
  return out;
}

// Organiser card sets: a JSON file of cards in a game's test-card form (kit/start.ts TestCardSchema, plus the
// game's effect vocabulary in its own fields), checked by zod and then by the game itself, so a set is refused
// with one line per problem — file, line, path and what is wrong — before any match uses it.
import { z } from 'zod';
import type { AnyGameModule } from './game';
import { TestCardSchema, type TestCard } from './kit/start';

export const CardSetSchema = z
  .object({
    format: z.literal('matchtape-cards', { message: 'write "matchtape-cards"' }),
    /** The game the cards are for (a game id such as "the-spoils"). */
    game: z.string().min(1),
    name: z.string().min(1),
    cards: z.array(TestCardSchema).min(1, 'cards: a set has at least one card'),
  })
  .strict();
export type CardSet = z.infer<typeof CardSetSchema>;

export type CardSetResult = { ok: true; set: CardSet } | { ok: false; errors: string[] };

/** Line (1-based) of character offset `at` in `text`. */
function lineAt(text: string, at: number): number {
  return text.slice(0, Math.max(0, at)).split('\n').length;
}

/** Where card `i` is written: the line of its `"id": "…"`, else the line of "cards". */
function cardLine(text: string, set: unknown, i: number): number {
  const list = (set as { cards?: { id?: unknown }[] })?.cards ?? [];
  const id = list[i]?.id;
  if (typeof id === 'string') {
    // The k-th card with this id is at the k-th `"id": "…"` naming it (a repeated id points at its own line).
    const k = list.slice(0, i).filter((c) => c?.id === id).length;
    const hits = [
      ...text.matchAll(
        new RegExp(`"id"\\s*:\\s*${JSON.stringify(id).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'g'),
      ),
    ];
    const m = hits[k] ?? hits[0];
    if (m) return lineAt(text, m.index);
  }
  const c = text.indexOf('"cards"');
  return c < 0 ? 1 : lineAt(text, c);
}

const pathText = (path: readonly PropertyKey[]) =>
  path
    .map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`))
    .join('')
    .replace(/^\./, '');

/**
 * Checks a card set's JSON text for `games` (by the set's `game`): JSON syntax, the set's shape, unique card ids
 * that are not pool cards, and each card against the game's own card check (`scenario.checkCard`: its types,
 * costs, stats, keywords and effect vocabulary). Errors read `file:line: path: problem`.
 */
export function checkCardSet(
  text: string,
  file: string,
  games: Readonly<Record<string, AnyGameModule>>,
): CardSetResult {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    const at = /position (\d+)/.exec((err as Error).message);
    return {
      ok: false,
      errors: [`${file}:${at ? lineAt(text, Number(at[1])) : 1}: not JSON: ${(err as Error).message}`],
    };
  }
  const parsed = CardSetSchema.safeParse(raw);
  if (!parsed.success)
    return {
      ok: false,
      errors: parsed.error.issues.map((iss) => {
        const line =
          iss.path[0] === 'cards' && typeof iss.path[1] === 'number' ? cardLine(text, raw, iss.path[1]) : 1;
        return `${file}:${line}: ${pathText(iss.path) || '(the set)'}: ${iss.message}`;
      }),
    };
  const set = parsed.data;
  const game = games[set.game];
  if (!game)
    return {
      ok: false,
      errors: [`${file}:1: game: no game "${set.game}" (games: ${Object.keys(games).join(', ')})`],
    };
  const errors: string[] = [];
  const seen = new Set<string>();
  set.cards.forEach((c: TestCard, i) => {
    const at = `${file}:${cardLine(text, raw, i)}: cards[${i}] (${c.id})`;
    if (seen.has(c.id)) errors.push(`${at}: the id "${c.id}" is used twice; give each card its own id`);
    seen.add(c.id);
    if (game.cards.some((p) => p.id === c.id))
      errors.push(`${at}: "${c.id}" is a ${game.id} pool card's id; choose another`);
    if (game.scenario && !game.scenario.cardTypes.includes(c.type))
      errors.push(
        `${at}.type: "${c.type}" is not a ${game.id} card type (${game.scenario.cardTypes.join(', ')})`,
      );
    for (const k of c.keywords ?? []) {
      const name = typeof k === 'string' ? k : k.keyword;
      if (game.scenario && !game.scenario.keywords.includes(name))
        errors.push(`${at}.keywords: "${name}" is not a ${game.id} keyword`);
    }
    const problem = game.scenario?.checkCard?.(c);
    if (problem) errors.push(`${at}: ${problem}`);
  });
  return errors.length > 0 ? { ok: false, errors } : { ok: true, set };
}

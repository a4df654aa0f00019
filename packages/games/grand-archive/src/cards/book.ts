// Test cards travel with the match. A scenario's test cards are definitions the pool (CARDS) does not have, so
// the events that name a test card carry its definition (`payload.defs`) and the fold keeps it in `GAState.cards`
// while the card is anywhere in the state. A viewer's redacted event keeps only the definitions its redacted
// payload still names, so a test card in a hidden zone shows neither its id nor its definition, and folding the
// redacted events gives exactly the redacted state (view.ts drops the definitions the redacted state no longer
// names). In a match without test cards none of this does anything.
import type { GACardDef } from './types';

type Book = Readonly<Record<string, GACardDef>>;

/**
 * Test card ids that occur (as a JSON string value) in `value`, and those the definitions of these name in turn (a
 * token effect names the card its tokens copy, cards/effects.ts), so a definition travels with every card that can
 * make it.
 */
export function mentionedIn(value: unknown, book: Book): string[] {
  const ids = Object.keys(book);
  if (ids.length === 0) return [];
  const found = new Set<string>();
  let json = JSON.stringify(value);
  for (;;) {
    const more = ids.filter((id) => !found.has(id) && json.includes(JSON.stringify(id)));
    if (more.length === 0) return ids.filter((id) => found.has(id));
    for (const id of more) found.add(id);
    json = JSON.stringify(more.map((id) => book[id]));
  }
}

function pick(book: Book, ids: readonly string[]): Record<string, GACardDef> {
  return Object.fromEntries(ids.map((id) => [id, book[id]!]));
}

/** The payload with the definitions of the test cards it names (unchanged when it names none). */
export function withDefs(book: Book, payload: Record<string, unknown>): Record<string, unknown> {
  const ids = mentionedIn(payload, book);
  return ids.length === 0 ? payload : { ...payload, defs: pick(book, ids) };
}

/** A redacted payload keeps only the definitions its other fields still name. */
export function redactDefs(payload: Record<string, unknown>): Record<string, unknown> {
  const defs = payload.defs as Book | undefined;
  if (!defs) return payload;
  const { defs: _omit, ...rest } = payload;
  const ids = mentionedIn(rest, defs);
  return ids.length === 0 ? rest : { ...rest, defs: pick(defs, ids) };
}

/** The definitions still named somewhere in `state` (outside `cards` itself). */
export function namedDefs<S extends { cards: Book }>(state: S): Record<string, GACardDef> {
  const { cards, ...rest } = state;
  return pick(cards, mentionedIn(rest, cards));
}

// Log lines name cards by instance id ("p1-18 attacks p2-20"); the site shows the card's name instead, read
// from the viewer's own boards, so nothing the viewer cannot see is ever named.
import type { BoardModel, Tile } from '@matchtape/engine';

/** Instance id → card name for every card visible on the given boards (players' zones, heroes, shared zones). */
export function cardNames(boards: readonly BoardModel[]): Map<string, string> {
  const names = new Map<string, string>();
  const add = (t: Tile | null | undefined) => {
    if (!t || t.hidden) return;
    names.set(t.id, t.face.name);
    for (const a of t.attachments ?? []) add(a);
  };
  for (const b of boards) {
    for (const p of b.players) {
      add(p.hero ?? null);
      for (const z of p.zones) for (const c of z.cards) add(c);
    }
    for (const z of b.shared) for (const c of z.cards) add(c);
  }
  return names;
}

export type Piece = string | { id: string; name: string };

/** Splits a line into text and named-card pieces; ids unknown to the map stay as they are. */
export function nameCards(text: string, names: ReadonlyMap<string, string>): Piece[] {
  if (names.size === 0) return [text];
  const out: Piece[] = [];
  let last = 0;
  for (const m of text.matchAll(/[A-Za-z0-9][\w-]*/g)) {
    const name = names.get(m[0]);
    if (!name) continue;
    if (m.index > last) out.push(text.slice(last, m.index));
    out.push({ id: m[0], name });
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

// Human words for what the site shows: phase and step names as the rules documents write them ("Wake Up",
// "Attacker Buff"), players by name rather than seat id, and card instance ids the viewer cannot name as
// "a card". The games' describe/keyMoment lines name seats and instances by id (they have no names); the site
// swaps in the names it knows, so every line, banner and marker reads the same way.
import type { Piece } from './names';
import { nameCards } from './names';

/**
 * A machine identifier in words, Title Case: "wake-up" → "Wake Up", "gameOver" and "game-over" → "Game Over",
 * "StartOfTurn" → "Start of Turn", "attackerBuff" → "Attacker Buff".
 */
export function humanPhase(id: string | null | undefined): string {
  if (!id) return '';
  const words = id
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_.-]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
  const small = new Set(['of', 'the', 'a', 'an', 'to', 'and', 'or', 'in', 'on']);
  return words.map((w, i) => (i > 0 && small.has(w) ? w : w.charAt(0).toUpperCase() + w.slice(1))).join(' ');
}

export interface Seat {
  id: string;
  name: string;
}

/** Seat id → the player's name ("p1" → "Ada"); a seat without a name keeps "Player 1". */
export function seatNames(seats: readonly Seat[]): Map<string, string> {
  const m = new Map<string, string>();
  for (const s of seats) m.set(s.id, s.name && s.name !== s.id ? s.name : seatLabel(s.id));
  return m;
}

/** "p3" → "Player 3"; anything else as it is. */
export function seatLabel(id: string): string {
  const m = /^p(\d+)$/.exec(id);
  return m ? `Player ${m[1]}` : id;
}

/** Card instance ids as the games write them: "p1-18", "p2-m3", "s8" (stack items), "o12" (objects). */
const INSTANCE = /^(?:p\d+-[\w]+|[so]\d+)$/;

/**
 * A game's line in words for this viewer: seat ids become player names, known instance ids become card pieces
 * (the site renders them as names with the id in a tooltip), instance ids the viewer cannot name become "a card".
 */
export function humanLine(text: string, cards: ReadonlyMap<string, string>, seats: ReadonlyMap<string, string>): Piece[] {
  const pieces = nameCards(text, cards);
  const out: Piece[] = [];
  const push = (s: string) => {
    const last = out[out.length - 1];
    if (typeof last === 'string') out[out.length - 1] = last + s;
    else out.push(s);
  };
  for (const p of pieces) {
    if (typeof p !== 'string') {
      out.push(p);
      continue;
    }
    push(
      p.replace(/[A-Za-z0-9][\w-]*/g, (w) => {
        const seat = seats.get(w);
        if (seat) return seat;
        if (INSTANCE.test(w)) return 'a card';
        return w;
      }),
    );
  }
  return out;
}

/** The same line as plain text (tooltips, aria labels, announcements). */
export function humanText(text: string, cards: ReadonlyMap<string, string>, seats: ReadonlyMap<string, string>): string {
  return humanLine(text, cards, seats)
    .map((p) => (typeof p === 'string' ? p : p.name))
    .join('');
}

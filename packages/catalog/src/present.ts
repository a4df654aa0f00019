// Human words for what the site and the judges' case files show: phase and step names as the rules documents write them ("Wake Up",
// "Attacker Buff"), players by name rather than seat id, and card instance ids the viewer cannot name as
// "a card". The games' describe/keyMoment lines name seats and instances by id (they have no names); the site
// swaps in the names it knows, so every line, banner and marker reads the same way.
import type { BoardModel, Tile } from '@matchtape/engine';
import { games } from './games';

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

/**
 * A game's phase and step as its rules document names them ("Clash Phase", "Attacker's Clash Buff Step"); a game
 * without a table (or an unknown game) gets the ids in words. `step` is null where the rules name no step.
 */
export function positionWords(
  gameId: string | null | undefined,
  phase: string,
  step: string | null | undefined,
): { phase: string; step: string | null } {
  const game = gameId ? games[gameId] : undefined;
  if (game?.positionWords) return game.positionWords(phase, step ?? null);
  return { phase: humanPhase(phase), step: step ? humanPhase(step) : null };
}

/** Phase and step on one line: "Clash Phase · Attack Step", "Main Phase". */
export function positionText(
  gameId: string | null | undefined,
  phase: string,
  step: string | null | undefined,
): string {
  const w = positionWords(gameId, phase, step);
  return w.step ? `${w.phase} · ${w.step}` : w.phase;
}

/**
 * The winner's line: the result when it already says who won ("Greedy Bot wins: …"), else "X wins — result",
 * so the banner never reads "Greedy Bot wins — Greedy Bot wins: …".
 */
export function winnerLine(winner: string | null, result: string | null): string {
  if (result && (!winner || result.startsWith(`${winner} wins`))) return result;
  const head = winner ? `${winner} wins` : 'Match ended';
  return result ? `${head} — ${result}` : head;
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
export function humanLine(
  text: string,
  cards: ReadonlyMap<string, string>,
  seats: ReadonlyMap<string, string>,
): Piece[] {
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
export function humanText(
  text: string,
  cards: ReadonlyMap<string, string>,
  seats: ReadonlyMap<string, string>,
): string {
  return humanLine(text, cards, seats)
    .map((p) => (typeof p === 'string' ? p : p.name))
    .join('');
}

// Log lines name cards by instance id ("p1-18 attacks p2-20"); the site shows the card's name instead, read
// from the viewer's own boards, so nothing the viewer cannot see is ever named.

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

/** "materialDeck" → "material deck", "ATK zone" stays: a machine key in lower-case words. */
function keyWords(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]/g, ' ')
    .toLowerCase();
}

/**
 * A zone path of the read models in words: "players.p1.materialDeck" → "Ada's material deck", "shared.standby"
 * or "standby" → "standby".
 */
export function zoneWords(path: string, seats: ReadonlyMap<string, string>): string {
  const parts = path.split('.');
  if (parts[0] === 'players' && parts[1])
    return `${seats.get(parts[1]) ?? seatLabel(parts[1])}'s ${parts.slice(2).map(keyWords).join(' ')}`;
  return parts
    .filter((p) => p !== 'shared')
    .map(keyWords)
    .join(' ');
}

/** A zone as a diff or knowledge entry names it: the player's name and the zone's label ("Ada's Hand"). */
export function zoneRefWords(
  z: { owner: string; label: string },
  seats: ReadonlyMap<string, string>,
): string {
  const label = z.label.includes('.') ? zoneWords(z.label, seats) : z.label;
  if (z.owner === 'shared' || label.includes("'s ")) return label;
  return `${seats.get(z.owner) ?? seatLabel(z.owner)}'s ${label}`;
}

/** An event type named as what happened: "ReserveSelected" → "reserve selected". */
export function eventWords(type: string): string {
  return keyWords(type);
}

/** One change of the judges' diff (@matchtape/projections diffBoards), in words for this viewer. */
export interface DiffChange {
  kind: string;
  owner?: string;
  card?: { id: string; name: string };
  field?: string;
  label?: string;
  before?: unknown;
  after?: unknown;
  text: string;
}

const CARD_FIELDS: Readonly<Record<string, string>> = {
  tapped: 'turned sideways',
  faceDown: 'face down',
  damage: 'damage',
  counters: 'counters',
  current: 'current stats',
  tags: 'state',
  attachments: 'attachments',
};

function valueWords(
  v: unknown,
  gameId: string | null,
  cards: ReadonlyMap<string, string>,
  seats: ReadonlyMap<string, string>,
): string {
  if (v === undefined || v === null || v === '') return '—';
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  if (Array.isArray(v))
    return v.length ? v.map((x) => valueWords(x, gameId, cards, seats)).join(', ') : 'none';
  if (typeof v === 'object') {
    const e = Object.entries(v as Record<string, unknown>);
    return e.length
      ? e.map(([k, x]) => `${keyWords(k)} ${valueWords(x, gameId, cards, seats)}`).join(', ')
      : 'none';
  }
  return humanText(String(v), cards, seats);
}

export function diffWords(
  i: DiffChange,
  gameId: string | null,
  cards: ReadonlyMap<string, string>,
  seats: ReadonlyMap<string, string>,
): string {
  const v = (x: unknown) => valueWords(x, gameId, cards, seats);
  const owner = i.owner && i.owner !== 'shared' ? (seats.get(i.owner) ?? seatLabel(i.owner)) : null;
  const card = i.card ? humanText(i.card.name, cards, seats) : 'A card';
  const where = (z: unknown) =>
    z && typeof z === 'object' ? zoneRefWords(z as { owner: string; label: string }, seats) : '';
  switch (i.kind) {
    case 'position':
      if (i.field === 'phase' || i.field === 'step') {
        const w = (x: unknown) =>
          typeof x === 'string'
            ? i.field === 'phase'
              ? positionWords(gameId, x, null).phase
              : (positionWords(gameId, '', x).step ?? '—')
            : '—';
        return `${i.field === 'phase' ? 'Phase' : 'Step'}: ${w(i.before)} → ${w(i.after)}`;
      }
      if (i.field === 'activePlayer') return `Turn player: ${v(i.before)} → ${v(i.after)}`;
      return `${i.field === 'turn' ? 'Turn' : 'Match'} ${v(i.before)} → ${v(i.after)}`;
    case 'result':
      return `Result: ${v(i.before)} → ${v(i.after)}`;
    case 'stat':
      return `${owner ?? 'Shared'}: ${i.label ?? keyWords(i.field ?? '')} ${v(i.before)} → ${v(i.after)}`;
    case 'count':
      return `${owner ? `${owner}'s ` : ''}${i.label ?? keyWords(i.field ?? '')}: ${v(i.before)} → ${v(i.after)} cards`;
    case 'left':
      return `${card} left ${where(i.before)}`;
    case 'moved':
      return `${card} moved from ${where(i.before)} to ${where(i.after)}`;
    case 'entered':
      return `${card} entered ${where(i.after)}`;
    case 'card':
      return `${card}, ${CARD_FIELDS[i.field ?? ''] ?? keyWords(i.field ?? '')}: ${v(i.before)} → ${v(i.after)}`;
    default:
      return humanText(i.text, cards, seats);
  }
}

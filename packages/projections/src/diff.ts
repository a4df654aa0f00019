// What changed between two moments, as a list a judge reads: position, players' stats (health, resources…),
// pile counts, cards that entered, left or moved between zones, and each card's own changes (tapped, damage,
// counters, current stats, tags, attachments). Game-agnostic: it compares the games' `board` pictures of two
// states (normally judge views), so it works across a match and its exact fork too (instance ids carry over).
import type { BoardModel, CardTile, Tile } from '@matchtape/engine';
import type { ZoneRef } from './knowledge';

/** Every card tile of a board with its zone: zones, attachments and heroes included. */
export function locateTiles(board: BoardModel): Map<string, { tile: CardTile; where: ZoneRef }> {
  const out = new Map<string, { tile: CardTile; where: ZoneRef }>();
  const visit = (t: Tile, where: ZoneRef) => {
    if (t.hidden) return;
    out.set(t.id, { tile: t, where });
    for (const a of t.attachments ?? []) visit(a, where);
  };
  for (const p of board.players) {
    if (p.hero) visit(p.hero, { owner: p.id, zone: 'hero', label: 'Hero' });
    for (const z of p.zones) for (const t of z.cards) visit(t, { owner: p.id, zone: z.key, label: z.label });
  }
  for (const z of board.shared)
    for (const t of z.cards) visit(t, { owner: 'shared', zone: z.key, label: z.label });
  return out;
}

export type DiffKind = 'position' | 'stat' | 'count' | 'entered' | 'left' | 'moved' | 'card' | 'result';

export interface DiffItem {
  kind: DiffKind;
  /** Player the change belongs to, `shared` for shared zones, absent for the position. */
  owner?: string;
  /** Card instance, for card changes. */
  card?: { id: string; cardId: string; name: string };
  field?: string;
  /** The stat's or zone's label as the board shows it ("Health", "Hand"), for stat and count changes. */
  label?: string;
  before?: unknown;
  after?: unknown;
  /** The change in words: "p2 Health 20 → 17". */
  text: string;
}

export interface BoardDiff {
  items: DiffItem[];
  /** Counts per kind, for a summary line. */
  counts: Partial<Record<DiffKind, number>>;
}

const where = (z: ZoneRef) => (z.owner === 'shared' ? z.label : `${z.owner} ${z.label}`);
const show = (v: unknown): string =>
  v === undefined || v === null ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v);

function cardFields(t: CardTile): Record<string, unknown> {
  return {
    tapped: t.tapped ?? false,
    faceDown: t.faceDown ?? false,
    damage: t.damage ?? 0,
    counters: t.counters ?? {},
    current: t.current ?? {},
    tags: [...(t.tags ?? [])].sort(),
    attachments: (t.attachments ?? []).map((a) => a.id).sort(),
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Changes from board `a` to board `b` (both of the same game). */
export function diffBoards(a: BoardModel, b: BoardModel): BoardDiff {
  const items: DiffItem[] = [];
  for (const f of ['status', 'turn', 'phase', 'step', 'activePlayer'] as const) {
    if (!same(a[f], b[f]))
      items.push({
        kind: 'position',
        field: f,
        before: a[f],
        after: b[f],
        text: `${f} ${show(a[f])} → ${show(b[f])}`,
      });
  }
  if (!same(a.winner, b.winner) || !same(a.result, b.result))
    items.push({
      kind: 'result',
      before: a.result,
      after: b.result,
      text: `result ${show(a.result)} → ${show(b.result)}`,
    });

  const ids = new Set([...a.players.map((p) => p.id), ...b.players.map((p) => p.id)]);
  for (const id of ids) {
    const pa = a.players.find((p) => p.id === id);
    const pb = b.players.find((p) => p.id === id);
    const stats = new Map<string, { label: string; x?: number | string; y?: number | string }>();
    for (const s of pa?.stats ?? []) stats.set(s.key, { label: s.label, x: s.value });
    for (const s of pb?.stats ?? [])
      stats.set(s.key, { ...(stats.get(s.key) ?? {}), label: s.label, y: s.value });
    for (const [key, s] of stats)
      if (!same(s.x, s.y))
        items.push({
          kind: 'stat',
          owner: id,
          field: key,
          label: s.label,
          before: s.x,
          after: s.y,
          text: `${id} ${s.label} ${show(s.x)} → ${show(s.y)}`,
        });
    const zones = new Map<string, { label: string; x?: number; y?: number }>();
    for (const z of pa?.zones ?? []) zones.set(z.key, { label: z.label, x: z.count });
    for (const z of pb?.zones ?? [])
      zones.set(z.key, { ...(zones.get(z.key) ?? {}), label: z.label, y: z.count });
    for (const [key, z] of zones)
      if ((z.x ?? 0) !== (z.y ?? 0))
        items.push({
          kind: 'count',
          owner: id,
          field: key,
          label: z.label,
          before: z.x ?? 0,
          after: z.y ?? 0,
          text: `${id} ${z.label}: ${z.x ?? 0} → ${z.y ?? 0} cards`,
        });
  }

  const ta = locateTiles(a);
  const tb = locateTiles(b);
  for (const [id, x] of ta) {
    const y = tb.get(id);
    const card = { id, cardId: x.tile.cardId, name: x.tile.face.name };
    if (!y) {
      items.push({
        kind: 'left',
        owner: x.where.owner,
        card,
        before: x.where,
        text: `${card.name} (${id}) left ${where(x.where)}`,
      });
      continue;
    }
    if (x.where.owner !== y.where.owner || x.where.zone !== y.where.zone)
      items.push({
        kind: 'moved',
        owner: y.where.owner,
        card,
        before: x.where,
        after: y.where,
        text: `${card.name} (${id}) moved ${where(x.where)} → ${where(y.where)}`,
      });
    const fx = cardFields(x.tile);
    const fy = cardFields(y.tile);
    for (const f of Object.keys(fx))
      if (!same(fx[f], fy[f]))
        items.push({
          kind: 'card',
          owner: y.where.owner,
          card,
          field: f,
          before: fx[f],
          after: fy[f],
          text: `${card.name} (${id}) ${f} ${show(fx[f])} → ${show(fy[f])}`,
        });
  }
  for (const [id, y] of tb) {
    if (ta.has(id)) continue;
    const card = { id, cardId: y.tile.cardId, name: y.tile.face.name };
    items.push({
      kind: 'entered',
      owner: y.where.owner,
      card,
      after: y.where,
      text: `${card.name} (${id}) entered ${where(y.where)}`,
    });
  }
  const counts: BoardDiff['counts'] = {};
  for (const i of items) counts[i.kind] = (counts[i.kind] ?? 0) + 1;
  return { items, counts };
}

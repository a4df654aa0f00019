'use client';
// One card as a clean tile: name, cost, type, stats, keywords; a hidden card is a card back. Hover or focus
// shows the full card in the inspector. A tile animates briefly when it appears (CSS, on mount).
import {
  memo,
  createContext,
  useContext,
  type CSSProperties,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import type { CardTile, Tile as TileModel } from '@matchtape/engine';
import { humanText } from '../lib/present';

export interface InspectTarget {
  tile: CardTile;
  rect: { left: number; top: number; right: number; bottom: number };
}
export const InspectContext = createContext<(t: InspectTarget | null) => void>(() => {});
/** Card and player names of the board being drawn, for the words on tiles (tags such as "p1's", "attached to p2-7"). */
export const NamesContext = createContext<{
  cards: ReadonlyMap<string, string>;
  seats: ReadonlyMap<string, string>;
}>({ cards: new Map(), seats: new Map() });

/** What a tile is to the player at a table: a card that can act, a target or payment to pick, or the one picked. */
export type TileRole = 'source' | 'target' | 'pay' | 'selected';
/** The player's table (components/table) makes tiles clickable; elsewhere no tile has a role and nothing changes. */
export const TileActContext = createContext<{
  role(id: string): { role: TileRole; kinds?: string } | null;
  act(id: string): void;
}>({ role: () => null, act: () => {} });

const COLOR_HUES: Record<string, string> = {
  red: '#ef4444',
  fire: '#f97316',
  blue: '#3b82f6',
  water: '#38bdf8',
  green: '#22c55e',
  earth: '#a3763d',
  yellow: '#eab308',
  wind: '#a3e635',
  white: '#e5e7eb',
  black: '#6b7280',
  purple: '#a855f7',
  norm: '#94a3b8',
  arcane: '#c084fc',
  astra: '#818cf8',
  luxem: '#fde047',
  umbra: '#64748b',
  crux: '#f472b6',
  exia: '#2dd4bf',
  tera: '#84cc16',
};

export function colorOf(colors: readonly string[] | undefined): string {
  for (const c of colors ?? []) {
    const hue = COLOR_HUES[c.toLowerCase()];
    if (hue) return hue;
  }
  return '#64748b';
}

export function statLine(
  stats: Record<string, number | string> | undefined,
  current?: Record<string, number>,
): string[] {
  if (!stats) return [];
  return Object.entries(stats).map(([k, v]) => {
    const now = current?.[k];
    return now !== undefined && now !== v ? `${k} ${now} (${v})` : `${k} ${v}`;
  });
}

/** The letters of the longest word: the CSS sizes a long word to fit the tile from it (`--chars`). */
function longestWord(text: string): number {
  return Math.max(0, ...text.split(/\s+/).map((w) => w.length));
}

/**
 * The size class of a name or cost by its longest word: a name with a long word ("Uncontrollable") or a cost with one
 * ("2 [Deception]") is set smaller, so the word fits whole on a line of the tile (a cost's not broken at "]").
 */
const FIT: Record<'name' | 'cost', (longest: number) => string> = {
  name: (n) => (n >= 13 ? ' tile-name-xlong' : n >= 10 ? ' tile-name-long' : ''),
  cost: (n) => (n >= 9 ? ' tile-cost-long' : ''),
};

/** How a tile sets its name or cost: the class, and for a long word the `--chars` its size is computed from. */
export function wordFit(part: 'name' | 'cost', text: string): { className: string; chars: number | null } {
  const longest = longestWord(text);
  const fit = FIT[part](longest);
  return { className: `tile-${part}${fit}`, chars: fit ? longest : null };
}

/** The inline `--chars` of a long word (globals.css), or nothing for short words. */
const charsStyle = (chars: number | null) =>
  chars === null ? undefined : ({ ['--chars' as string]: chars } as CSSProperties);

/** The short visible label of a card stat: "atk" → "ATK", "health" → "HP" (the full key is in the tooltip). */
export function statAbbrev(key: string): string {
  const k = key.toLowerCase();
  if (k === 'health' || k === 'hp' || k === 'life') return 'HP';
  return k.slice(0, 3).toUpperCase();
}

export function tileLabel(t: TileModel): string {
  if (t.hidden) return 'Hidden card';
  const f = t.face;
  const parts = [f.name];
  if (f.cost !== undefined && f.cost !== null && f.cost !== '') parts.push(`cost ${f.cost}`);
  if (f.types.length) parts.push(f.types.join(' '));
  parts.push(...statLine(f.stats, t.current));
  if (f.keywords?.length) parts.push(f.keywords.join(', '));
  if (t.tapped) parts.push('tapped');
  if (t.faceDown) parts.push('face down');
  if (t.damage) parts.push(`${t.damage} damage`);
  if (t.tags?.length) parts.push(...t.tags);
  return parts.join(', ');
}

/** `tabStop`: whether this tile is its zone's one Tab stop (the zone moves the stop with arrow keys, roving.ts). */
function TileView({
  tile,
  size = 'md',
  tabStop = true,
}: {
  tile: TileModel;
  size?: 'sm' | 'md';
  tabStop?: boolean;
}) {
  const inspect = useContext(InspectContext);
  const names = useContext(NamesContext);
  const table = useContext(TileActContext);
  const acting = table.role(tile.id);
  // A clickable tile is a button (Enter / Space pick it, as a click does).
  const actProps = acting
    ? {
        role: 'button',
        'aria-pressed': acting.role === 'selected',
        'data-role': acting.role,
        'data-kinds': acting.kinds,
        onClick: () => table.act(tile.id),
        onKeyDown: (e: KeyboardEvent<HTMLElement>) => {
          if (e.key !== 'Enter' && e.key !== ' ') return;
          e.preventDefault();
          e.stopPropagation();
          table.act(tile.id);
        },
      }
    : null;
  const actClass = acting ? ` tile-act tile-${acting.role}` : '';
  if (tile.hidden) {
    return acting ? (
      <div
        className={`tile tile-${size} tile-back${actClass}`}
        tabIndex={0}
        aria-label="Hidden card"
        data-hidden="true"
        data-id={tile.id}
        {...actProps}
      />
    ) : (
      <div className={`tile tile-${size} tile-back`} role="img" aria-label="Hidden card" data-hidden="true" />
    );
  }
  const f = tile.face;
  const show = (e: MouseEvent<HTMLElement> | FocusEvent<HTMLElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    inspect({ tile, rect: { left: r.left, top: r.top, right: r.right, bottom: r.bottom } });
  };
  const stats = f.stats ? Object.entries(f.stats) : [];
  const name = wordFit('name', f.name);
  const cost =
    f.cost === undefined || f.cost === null || f.cost === ''
      ? null
      : { text: String(f.cost), ...wordFit('cost', String(f.cost)) };
  return (
    <div
      className={`tile tile-${size}${tile.tapped ? ' tile-tapped' : ''}${tile.faceDown ? ' tile-facedown' : ''}${actClass}`}
      style={{ ['--tile-color' as string]: colorOf(f.colors) }}
      tabIndex={tabStop || acting ? 0 : -1}
      role="img"
      aria-label={tileLabel(tile)}
      data-card={tile.cardId}
      data-id={tile.id}
      {...actProps}
      onMouseEnter={show}
      onMouseLeave={() => inspect(null)}
      onFocus={show}
      onBlur={() => inspect(null)}
    >
      <div className="tile-head">
        <span className={name.className} style={charsStyle(name.chars)}>
          {f.name}
        </span>
        {cost && (
          <span className={cost.className} style={charsStyle(cost.chars)} title={`Cost ${cost.text}`}>
            {cost.text}
          </span>
        )}
      </div>
      <div className="tile-type">{f.types.join(' · ')}</div>
      {f.keywords && f.keywords.length > 0 && <div className="tile-kw">{f.keywords.join(', ')}</div>}
      {(tile.tags?.length ?? 0) > 0 && (
        <div className="tile-tags">
          {tile.tags!.map((t) => (
            <span key={t} className="tag">
              {humanText(t, names.cards, names.seats)}
            </span>
          ))}
        </div>
      )}
      {stats.length > 0 && (
        <div className="tile-stats">
          {stats.map(([k, v]) => {
            const now = tile.current?.[k];
            const changed = now !== undefined && now !== v;
            return (
              <span key={`${k}:${now ?? v}`} className={`stat${changed ? ' stat-mod' : ''}`} title={k}>
                <span className="stat-k">{statAbbrev(k)}</span>
                {changed ? now : v}
              </span>
            );
          })}
        </div>
      )}
      {tile.damage ? (
        <span className="tile-damage" key={`d${tile.damage}`}>
          −{tile.damage}
        </span>
      ) : null}
      {tile.counters && Object.keys(tile.counters).length > 0 && (
        <div className="tile-counters">
          {Object.entries(tile.counters).map(([k, v]) => (
            <span key={k}>
              {v}× {k}
            </span>
          ))}
        </div>
      )}
      {tile.attachments && tile.attachments.length > 0 && (
        <div className="tile-attached" aria-label={`${tile.attachments.length} attached`}>
          +{tile.attachments.length}
        </div>
      )}
    </div>
  );
}

export const Tile = memo(TileView);

/** Only pictures the page may load (img-src 'self' data:): a same-origin path or a data: URL. */
export function artSrc(art: string | undefined): string | null {
  if (!art) return null;
  return (art.startsWith('/') && !art.startsWith('//')) || art.startsWith('data:image/') ? art : null;
}

/**
 * The full card, drawn as a card (issue 24), beside the hovered or focused tile: a frame in the game's colours with
 * the name and cost on top, the picture (when the card data has one, else the card's colour), the type line, the
 * rules text and keywords, and the stats at the bottom, as printed cards put them.
 */
export function CardInspector({ target, game }: { target: InspectTarget | null; game?: string }) {
  if (!target) return null;
  const { tile, rect } = target;
  const f = tile.face;
  const width = 280;
  const vw = typeof window === 'undefined' ? 1280 : window.innerWidth;
  const vh = typeof window === 'undefined' ? 720 : window.innerHeight;
  const left = rect.right + 12 + width < vw ? rect.right + 12 : Math.max(8, rect.left - 12 - width);
  const top = Math.max(8, Math.min(rect.top, vh - 440));
  const art = artSrc(f.art);
  return (
    <div
      className={`inspector card-frame${game ? ` card-frame-${game}` : ''}`}
      role="tooltip"
      data-game={game}
      style={{ left, top, width, ['--tile-color' as string]: colorOf(f.colors) }}
    >
      <div className="inspector-head cf-head">
        <strong className="cf-name">{f.name}</strong>
        {f.cost !== undefined && f.cost !== null && f.cost !== '' && (
          <span className="tile-cost cf-cost">{f.cost}</span>
        )}
      </div>
      <div className="cf-art">
        {art ? <img src={art} alt="" /> : <span aria-hidden="true">{f.types[0] ?? ''}</span>}
      </div>
      <div className="inspector-type cf-type">
        {f.types.join(' · ')}
        {f.colors && f.colors.length > 0 && <span className="cf-colors"> — {f.colors.join(' / ')}</span>}
      </div>
      <div className="cf-box">
        {f.keywords && f.keywords.length > 0 && <div className="inspector-kw">{f.keywords.join(' · ')}</div>}
        {f.text ? (
          <p className="inspector-text">{f.text}</p>
        ) : (
          !f.keywords?.length && <p className="inspector-muted">No rules text.</p>
        )}
      </div>
      {f.stats && (
        <dl className="inspector-stats cf-stats">
          {Object.entries(f.stats).map(([k, v]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd>
                {tile.current?.[k] !== undefined && tile.current[k] !== v
                  ? `${tile.current[k]} (printed ${v})`
                  : v}
              </dd>
            </div>
          ))}
        </dl>
      )}
      {(tile.tapped || tile.faceDown || tile.damage || tile.tags?.length) && (
        <div className="inspector-muted">
          {[
            tile.tapped && 'tapped',
            tile.faceDown && 'face down',
            tile.damage && `${tile.damage} damage`,
            ...(tile.tags ?? []),
          ]
            .filter(Boolean)
            .join(' · ')}
        </div>
      )}
      {tile.attachments && tile.attachments.length > 0 && (
        <div className="inspector-muted">
          Attached: {tile.attachments.map((a) => (a.hidden ? 'hidden card' : a.face.name)).join(', ')}
        </div>
      )}
      <div className="inspector-id">{tile.cardId}</div>
    </div>
  );
}

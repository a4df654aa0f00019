'use client';
// Any game's board, drawn from its BoardModel: each player's stats, hero and zones, the shared zones (Standby,
// the stack) and the turn / phase / step with the active player. The viewer's own seat (or p1) sits at the bottom.
import { memo, useContext, useState, type FocusEvent } from 'react';
import type { BoardModel, PlayerBoard, StatModel, ZoneModel } from '@matchtape/engine';
import { cardNames } from '../lib/names';
import { humanLine, humanText, positionWords, seatLabel, winnerLine } from '../lib/present';
import { rovingKeyDown } from '../lib/roving';
import { NamesContext, Tile, TileActContext } from './Tile';

const zoneKeys = rovingKeyDown('.tile[tabindex]', 'both');

const HEALTH = /health|life|hp|vitality/i;

export function mainStat(p: PlayerBoard): StatModel | undefined {
  return p.stats.find((s) => HEALTH.test(s.key) || HEALTH.test(s.label)) ?? p.stats[0];
}

/** Players in screen order, top to bottom: the viewer's seat last (bottom); for public/judge p1 is at the bottom. */
export function seatOrder(players: readonly PlayerBoard[], perspective: string): PlayerBoard[] {
  const me = players.find((p) => p.id === perspective) ?? players[0];
  if (!me) return [];
  return [...players.filter((p) => p !== me).reverse(), me];
}

function Zone({ zone, compact }: { zone: ZoneModel; compact?: boolean }) {
  // One Tab stop per zone: the card last focused in it (else its first face-up card); arrows move within.
  const [focused, setFocused] = useState<string | null>(null);
  const stop = zone.cards.some((c) => c.id === focused && !c.hidden)
    ? focused
    : (zone.cards.find((c) => !c.hidden)?.id ?? null);
  const onFocus = (e: FocusEvent<HTMLElement>) => {
    const id = (e.target as HTMLElement).closest<HTMLElement>('.tile')?.dataset.id;
    if (id && id !== focused) setFocused(id);
  };
  if (zone.layout === 'pile') {
    const top = zone.cards[zone.cards.length - 1];
    return (
      <div
        className="zone zone-pile"
        role="group"
        aria-label={`${zone.label}: ${zone.count} cards`}
        data-zone={zone.key}
        data-count={zone.count}
      >
        <div className="pile">
          {top ? (
            <Tile tile={top} size="sm" />
          ) : (
            <div className={`pile-empty${zone.count > 0 ? ' pile-back' : ''}`} />
          )}
          <span className="pile-count" key={zone.count}>
            {zone.count}
          </span>
        </div>
        <div className="zone-label">{zone.label}</div>
      </div>
    );
  }
  const hiddenOnly = zone.cards.length > 0 && zone.cards.every((c) => c.hidden);
  // A group, not a region landmark: both players have a "Hand", and landmarks must be unique (axe).
  return (
    <div
      className={`zone zone-${zone.layout}${compact ? ' zone-compact' : ''}${hiddenOnly ? ' zone-hidden' : ''}${zone.count === 0 ? ' zone-is-empty' : ''}`}
      role="group"
      aria-label={`${zone.label}: ${zone.count} cards`}
      onKeyDown={zoneKeys}
      onFocus={onFocus}
      data-zone={zone.key}
      data-count={zone.count}
    >
      <div className="zone-label">
        {zone.label} <span className="zone-count">{zone.count}</span>
      </div>
      <div className={`zone-cards${zone.layout === 'fan' ? ' fan' : ''}${hiddenOnly ? ' fan-hidden' : ''}`}>
        {zone.cards.length === 0 && zone.count === 0 && <span className="zone-empty">empty</span>}
        {zone.cards.map((c) => (
          <Tile
            key={c.id}
            tile={c}
            size={zone.layout === 'fan' || hiddenOnly ? 'sm' : 'md'}
            tabStop={c.id === stop}
          />
        ))}
        {zone.cards.length < zone.count && zone.layout !== 'fan' && (
          <span className="zone-more">+{zone.count - zone.cards.length}</span>
        )}
      </div>
    </div>
  );
}

function Stat({ s, primary }: { s: StatModel; primary: boolean }) {
  const pct =
    typeof s.value === 'number' && s.max ? Math.max(0, Math.min(100, (100 * s.value) / s.max)) : null;
  return (
    <div
      className={`stat-chip${primary ? ' stat-primary' : ''}`}
      data-stat={s.key}
      data-value={String(s.value)}
      aria-label={`${s.label} ${s.value}${s.max ? ` of ${s.max}` : ''}`}
    >
      <span className="stat-label">{s.label}</span>
      <span className="stat-value" key={String(s.value)}>
        {s.value}
        {s.max !== undefined && <span className="stat-max">/{s.max}</span>}
      </span>
      {pct !== null && primary && (
        <span className="stat-bar" aria-hidden="true">
          <span style={{ width: `${pct}%` }} />
        </span>
      )}
    </div>
  );
}

/**
 * A player's region name, in words: the name (with "Player 2" only when two players share it), the turn's roles,
 * and whose view the board is when a page shows several (the review page's judge and seats), so each region of
 * the page has a name of its own.
 */
export function playerRegionLabel(
  p: PlayerBoard,
  board: BoardModel,
  seats: ReadonlyMap<string, string>,
  view?: string,
): string {
  const name = seats.get(p.id) ?? p.name;
  const shared = board.players.some((o) => o.id !== p.id && (seats.get(o.id) ?? o.name) === name);
  return [
    shared ? `${name} (${seatLabel(p.id)})` : name,
    ...(board.activePlayer === p.id ? ['active player'] : []),
    ...(board.acting.includes(p.id) ? ['may act'] : []),
    ...(view ? [view] : []),
  ].join(', ');
}

function Player({
  p,
  board,
  top,
  seats,
  view,
}: {
  p: PlayerBoard;
  board: BoardModel;
  top: boolean;
  seats: ReadonlyMap<string, string>;
  view?: string;
}) {
  const active = board.activePlayer === p.id;
  const acting = board.acting.includes(p.id);
  const primary = mainStat(p);
  const piles = p.zones.filter((z) => z.layout === 'pile');
  // A hand of backs is a small fan beside the name; a hand of faces (the seat's own view, the judge's) is a row
  // among the others, so it does not take a line of its own.
  const faceUp = (z: ZoneModel) => z.cards.some((c) => !c.hidden);
  const fans = p.zones.filter((z) => z.layout === 'fan' && !faceUp(z));
  const rows = [
    ...p.zones.filter((z) => z.layout === 'fan' && faceUp(z)),
    ...p.zones.filter((z) => z.layout === 'row' || z.layout === 'stack'),
  ];
  // At a player's table a player can be a target too (components/table): the name becomes a button.
  const table = useContext(TileActContext);
  const pick = table.role(p.id);
  return (
    <section
      className={`player${active ? ' player-active' : ''}${top ? ' player-top' : ' player-bottom'}`}
      aria-label={playerRegionLabel(p, board, seats, view)}
      data-player={p.id}
    >
      <header className="player-head">
        <div className="player-name">
          {pick ? (
            <button
              type="button"
              className={`player-pick tile-${pick.role}`}
              data-role={pick.role}
              data-id={p.id}
              aria-pressed={pick.role === 'selected'}
              onClick={() => table.act(p.id)}
            >
              {seats.get(p.id) ?? p.name}
            </button>
          ) : (
            <strong title={`seat ${p.id}`}>{seats.get(p.id) ?? p.name}</strong>
          )}
          {active && <span className="badge badge-active">active</span>}
          {acting && <span className="badge badge-acting">{active ? 'acting' : 'responding'}</span>}
          {board.winner === p.id && <span className="badge badge-win">winner</span>}
        </div>
        {fans.length > 0 && (
          <div className="player-hand">
            {fans.map((z) => (
              <Zone key={z.key} zone={z} compact />
            ))}
          </div>
        )}
        <div className="player-stats">
          {p.stats.map((s) => (
            <Stat key={s.key} s={s} primary={s === primary} />
          ))}
        </div>
      </header>
      <div className="player-body">
        <div className="player-side">
          {p.hero && <Tile tile={p.hero} />}
          <div className="piles">
            {piles.map((z) => (
              <Zone key={z.key} zone={z} />
            ))}
          </div>
        </div>
        <div className="player-rows">
          {rows.map((z) => (
            <Zone key={z.key} zone={z} />
          ))}
        </div>
      </div>
    </section>
  );
}

export function PhaseStrip({ phases, board }: { phases: readonly string[]; board: BoardModel }) {
  const list = phases.includes(board.phase) ? phases : [...phases, board.phase];
  const step = positionWords(board.game, board.phase, board.step).step;
  return (
    <ol className="phase-strip" aria-label="Phases of the turn">
      {list.map((ph) => (
        <li
          key={ph}
          className={ph === board.phase ? 'phase-current' : undefined}
          aria-current={ph === board.phase ? 'step' : undefined}
          data-phase={ph}
        >
          {positionWords(board.game, ph, null).phase}
          {/* A space, not only a margin: read as text, the phase and its step are two words ("Combat Phase Damage Step"). */}
          {ph === board.phase && step && (
            <>
              {' '}
              <span className="phase-step">{step}</span>
            </>
          )}
        </li>
      ))}
    </ol>
  );
}

export interface BoardProps {
  board: BoardModel;
  perspective: string;
  phases: readonly string[];
  /** Seat id → player name (from the match record), for headings, banners and the winner. */
  seats?: ReadonlyMap<string, string>;
  /** Whose view this board is, in words ("as Brook saw it"), where a page shows several boards of one match. */
  view?: string;
}

const NO_SEATS: ReadonlyMap<string, string> = new Map();

function BoardView({ board, perspective, phases, seats: seatMap, view }: BoardProps) {
  // The match record's names win; the board's own names fill in (a board drawn without a match record).
  const seats = new Map(board.players.map((p) => [p.id, p.name && p.name !== p.id ? p.name : p.id]));
  for (const [k, v] of seatMap ?? NO_SEATS) seats.set(k, v);
  const cards = cardNames([board]);
  const order = seatOrder(board.players, perspective);
  const topPlayers = order.slice(0, -1);
  const bottom = order[order.length - 1];
  return (
    <NamesContext.Provider value={{ cards, seats }}>
      <div className="board" data-status={board.status} data-turn={board.turn} data-phase={board.phase}>
        {topPlayers.map((p) => (
          <Player key={p.id} p={p} board={board} top seats={seats} view={view} />
        ))}
        <div className="board-center">
          <div className="board-position">
            <span className="turn-no">Turn {board.turn}</span>
            <PhaseStrip phases={phases} board={board} />
            {board.status === 'ended' ? (
              <div className="banner banner-end" role="status">
                {humanText(winnerLine(board.winner, board.result), cards, seats)}
              </div>
            ) : (
              board.banner && (
                <div className="banner" role="status">
                  {humanLine(board.banner, cards, seats).map((p, i) =>
                    typeof p === 'string' ? (
                      p
                    ) : (
                      <strong key={i} title={p.id}>
                        {p.name}
                      </strong>
                    ),
                  )}
                </div>
              )
            )}
          </div>
          {board.shared.length > 0 && (
            <div className="shared">
              {board.shared.map((z) => (
                <Zone key={z.key} zone={z} />
              ))}
            </div>
          )}
        </div>
        {bottom && <Player p={bottom} board={board} top={false} seats={seats} view={view} />}
      </div>
    </NamesContext.Provider>
  );
}

export const Board = memo(BoardView);

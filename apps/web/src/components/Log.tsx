'use client';
// The match log beside the board: every event in plain words (game.describe) with its rule as a reference,
// filtered by turn; the line at the playhead is highlighted and clicking a line seeks there.
import { memo, useEffect, useMemo, useRef, useState } from 'react';
import type { AnyGameModule, EventEnvelope } from '@matchtape/engine';
import type { Piece } from '../lib/names';
import { humanLine } from '../lib/present';
import { rovingKeyDown } from '../lib/roving';
import type { TimelineNav } from '../lib/timeline';

export type LogFilter = 'follow' | 'all' | number;

export function describeSafely(game: AnyGameModule, e: EventEnvelope): string {
  try {
    return game.describe(e);
  } catch {
    return e.type;
  }
}

const logKeys = rovingKeyDown('.log-line button', 'vertical');

const Line = memo(function Line({
  e,
  text,
  who,
  current,
  future,
  tabStop,
  onSeek,
}: {
  e: EventEnvelope;
  text: Piece[];
  who: string | null;
  current: boolean;
  future: boolean;
  tabStop: boolean;
  onSeek: (seq: number) => void;
}) {
  const seat = 'player' in e.cause ? e.cause.player : null;
  return (
    <li
      className={`log-line${current ? ' log-current' : ''}${future ? ' log-future' : ''}`}
      aria-current={current ? 'true' : undefined}
      data-seq={e.seq}
    >
      <button
        type="button"
        tabIndex={tabStop ? 0 : -1}
        onClick={() => onSeek(e.seq)}
        title={`Go to event ${e.seq}`}
      >
        <span className="log-seq">{e.seq}</span>
        {seat ? (
          <span className={`log-who log-${seat}`} title={`${who ?? seat}'s action`}>
            {who ?? seat}
          </span>
        ) : (
          <span className="log-who log-system" title="Done by the rules, not by a player">
            auto
          </span>
        )}
        <span className="log-text">
          {text.map((p, i) =>
            typeof p === 'string' ? (
              p
            ) : (
              <span key={i} className="log-card" title={p.id}>
                {p.name}
              </span>
            ),
          )}
        </span>
        {e.rule && (
          <span className="log-rule" title={`Rule ${e.rule}`}>
            {e.rule}
          </span>
        )}
      </button>
    </li>
  );
});

export interface LogProps {
  game: AnyGameModule;
  envelopes: readonly EventEnvelope[];
  /** Instance id → card name from the viewer's boards around the lines shown. */
  names: (fromSeq: number, toSeq: number) => ReadonlyMap<string, string>;
  nav: TimelineNav;
  /** Seat id → player name. */
  seats: ReadonlyMap<string, string>;
  length: number;
  seq: number;
  filter: LogFilter;
  onFilter: (f: LogFilter) => void;
  onSeek: (seq: number) => void;
}

const MAX_ALL = 1500;

export function Log({ game, envelopes, names, nav, seats, length, seq, filter, onFilter, onSeek }: LogProps) {
  const listRef = useRef<HTMLOListElement>(null);
  // The log is one Tab stop (↑/↓ move between lines): the line last focused, else the current one, else the first.
  const [focused, setFocused] = useState<number | null>(null);
  const turnIdx = nav.turnIndexAt(Math.max(seq, 1));
  const shownTurn =
    filter === 'follow'
      ? nav.turns[turnIdx]
      : typeof filter === 'number'
        ? nav.turns.find((t) => t.turn === filter)
        : undefined;
  const [from, to] = useMemo(() => {
    if (filter === 'all') {
      // A window around the playhead, moved in steps so scrubbing does not re-describe every line each frame.
      const centre = Math.floor(Math.min(seq, length) / 250) * 250;
      return [Math.max(1, centre - MAX_ALL / 2), Math.min(length, centre + MAX_ALL / 2)];
    }
    if (!shownTurn) return [1, 0];
    return [shownTurn.fromSeq, shownTurn.toSeq];
  }, [filter, shownTurn, seq, length]);
  const lines = useMemo(() => {
    const out: { e: EventEnvelope; text: Piece[] }[] = [];
    const map = to >= from ? names(from, to) : new Map<string, string>();
    for (let s = from; s <= to; s++) {
      const e = envelopes[s - 1];
      if (e) out.push({ e, text: humanLine(describeSafely(game, e), map, seats) });
    }
    return out;
  }, [game, envelopes, names, seats, from, to]);

  useEffect(() => {
    // Scroll the list only (scrollIntoView would scroll the whole page on a phone).
    const list = listRef.current;
    const el = list?.querySelector<HTMLElement>('[aria-current="true"]');
    if (!list || !el) return;
    const top = el.offsetTop; // the list is the offsetParent (position: relative)
    if (top < list.scrollTop) list.scrollTop = top;
    else if (top + el.offsetHeight > list.scrollTop + list.clientHeight)
      list.scrollTop = top + el.offsetHeight - list.clientHeight;
  }, [seq, from, to]);

  const stop =
    focused !== null && focused >= from && focused <= to ? focused : seq >= from && seq <= to ? seq : from;
  return (
    <aside className="log" aria-label="Match log">
      <div className="log-head">
        <h2>Log</h2>
        <label>
          <span className="sr-only">Show turn</span>
          <select
            value={typeof filter === 'number' ? String(filter) : filter}
            onChange={(ev) => {
              const v = ev.target.value;
              onFilter(v === 'follow' || v === 'all' ? v : Number(v));
            }}
          >
            <option value="follow">Current turn</option>
            <option value="all">All turns</option>
            {nav.turns.map((t) => (
              <option key={t.fromSeq} value={t.turn}>
                Turn {t.turn}
              </option>
            ))}
          </select>
        </label>
      </div>
      {lines.length === 0 ? (
        <p className="log-empty">{length === 0 ? 'No events yet.' : 'No events in this turn.'}</p>
      ) : (
        <ol
          className="log-lines"
          ref={listRef}
          onKeyDown={logKeys}
          onFocus={(ev) => {
            const s = Number((ev.target as HTMLElement).closest<HTMLElement>('.log-line')?.dataset.seq);
            if (s && s !== focused) setFocused(s);
          }}
        >
          {lines.map(({ e, text }) => (
            <Line
              key={e.seq}
              e={e}
              text={text}
              who={'player' in e.cause ? (seats.get(e.cause.player) ?? null) : null}
              current={e.seq === seq}
              future={e.seq > seq}
              tabStop={e.seq === stop}
              onSeek={onSeek}
            />
          ))}
        </ol>
      )}
    </aside>
  );
}

'use client';
// Simultaneous triggers put in order by dragging them (as digital card-game clients order a stack of triggers),
// or by keyboard: a focused item moves with Alt+ArrowUp / Alt+ArrowDown or its
// ↑ / ↓ buttons. The top item goes first; "Confirm this order" answers the game (see nextOfOrder for the rest).
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { moveItem, type OrderChoice } from '../../lib/table';

export interface OrderListProps {
  choice: OrderChoice;
  busy: boolean;
  /** Words for the item's text (card ids and seats to names). */
  words(text: string): string;
  onConfirm(ids: string[]): void;
}

export function OrderList({ choice, busy, words, onConfirm }: OrderListProps) {
  const itemsKey = choice.items.map((i) => i.id).join(' ');
  const [ids, setIds] = useState<string[]>(() => choice.items.map((i) => i.id));
  // A new set of items (the game asks again, with fewer) starts from the game's order.
  useEffect(() => setIds(choice.items.map((i) => i.id)), [itemsKey]);
  const dragging = useRef<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const refocus = useRef<string | null>(null);
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const id = refocus.current;
    if (id === null) return;
    refocus.current = null;
    [...(list.current?.querySelectorAll<HTMLElement>('.order-item') ?? [])]
      .find((e) => e.dataset.id === id)
      ?.focus();
  }, [ids]);

  const labelOf = (id: string) => words(choice.items.find((i) => i.id === id)?.label ?? id);
  const move = (from: number, to: number, focus = true) => {
    if (to < 0 || to >= ids.length || from === to) return;
    if (focus) refocus.current = ids[from]!;
    setIds((l) => moveItem(l, from, to));
  };
  const onKey = (e: KeyboardEvent<HTMLLIElement>, i: number) => {
    if (!e.altKey || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return;
    e.preventDefault();
    move(i, e.key === 'ArrowUp' ? i - 1 : i + 1);
  };

  return (
    <div className="order-choice" data-mode={choice.mode} data-type={choice.type}>
      <p className="panel-ask" id="order-ask">
        Put them in order: drag an item, or focus it and press Alt+↑ / Alt+↓. The top one goes first.
      </p>
      <ol className="order-list" ref={list} aria-labelledby="order-ask">
        {ids.map((id, i) => (
          <li
            key={id}
            className={`order-item${over === i ? ' order-over' : ''}`}
            data-id={id}
            tabIndex={0}
            draggable={!busy}
            aria-keyshortcuts="Alt+ArrowUp Alt+ArrowDown"
            onKeyDown={(e) => onKey(e, i)}
            onDragStart={(e) => {
              dragging.current = i;
              e.dataTransfer.effectAllowed = 'move';
              e.dataTransfer.setData('text/plain', id);
            }}
            onDragOver={(e) => {
              if (dragging.current === null) return;
              e.preventDefault();
              e.dataTransfer.dropEffect = 'move';
              setOver(i);
            }}
            onDragLeave={() => setOver((o) => (o === i ? null : o))}
            onDrop={(e) => {
              e.preventDefault();
              const from = dragging.current;
              dragging.current = null;
              setOver(null);
              if (from !== null) move(from, i, false);
            }}
            onDragEnd={() => {
              dragging.current = null;
              setOver(null);
            }}
          >
            <span className="order-pos" aria-hidden="true">
              {i + 1}
            </span>
            <span className="order-label">{labelOf(id)}</span>
            <span className="order-moves">
              <button
                type="button"
                className="btn ghost order-up"
                aria-label={`Move ${labelOf(id)} up`}
                disabled={busy || i === 0}
                onClick={() => move(i, i - 1)}
              >
                ↑
              </button>
              <button
                type="button"
                className="btn ghost order-down"
                aria-label={`Move ${labelOf(id)} down`}
                disabled={busy || i === ids.length - 1}
                onClick={() => move(i, i + 1)}
              >
                ↓
              </button>
            </span>
          </li>
        ))}
      </ol>
      <button
        type="button"
        className="btn primary order-confirm"
        disabled={busy}
        onClick={() => onConfirm(ids)}
      >
        Confirm this order
      </button>
    </div>
  );
}

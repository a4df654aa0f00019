// @vitest-environment jsdom
// Putting simultaneous triggers in order: dragging one onto another's place, Alt+↑ / Alt+↓ on a focused item (the
// focus stays on it), the ↑ / ↓ buttons, and the confirmed order handed over top first.
import { cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { OrderChoice } from '../../lib/table';
import { OrderList } from './OrderList';

afterEach(cleanup);

const choice: OrderChoice = {
  mode: 'sequence',
  type: 'ResolveTrigger',
  items: ['a', 'b', 'c'].map((id) => ({ id, label: `Resolve next: ${id.toUpperCase()}` })),
};

function list(confirmed: string[][] = [], busy = false) {
  const r = render(
    <OrderList choice={choice} busy={busy} words={(t) => t} onConfirm={(ids) => confirmed.push(ids)} />,
  );
  const ids = () => [...r.container.querySelectorAll<HTMLElement>('.order-item')].map((e) => e.dataset.id);
  const item = (id: string) => r.container.querySelector<HTMLElement>(`.order-item[data-id="${id}"]`)!;
  return { ...r, ids, item };
}

describe('the order list', () => {
  it('moves a focused item with Alt+ArrowUp / Alt+ArrowDown and keeps the focus on it; plain arrows do nothing', () => {
    const { ids, item } = list();
    item('c').focus();
    fireEvent.keyDown(item('c'), { key: 'ArrowUp' });
    expect(ids()).toEqual(['a', 'b', 'c']);
    fireEvent.keyDown(item('c'), { key: 'ArrowUp', altKey: true });
    expect(ids()).toEqual(['a', 'c', 'b']);
    expect((document.activeElement as HTMLElement).dataset.id).toBe('c');
    fireEvent.keyDown(item('c'), { key: 'ArrowUp', altKey: true });
    fireEvent.keyDown(item('c'), { key: 'ArrowUp', altKey: true });
    expect(ids()).toEqual(['c', 'a', 'b']);
    fireEvent.keyDown(item('a'), { key: 'ArrowDown', altKey: true });
    expect(ids()).toEqual(['c', 'b', 'a']);
  });

  it('drops a dragged item at the place of the one it is dropped on', () => {
    const { ids, item } = list();
    const dataTransfer = { setData: () => undefined, effectAllowed: '', dropEffect: '' };
    fireEvent.dragStart(item('a'), { dataTransfer });
    fireEvent.dragOver(item('c'), { dataTransfer });
    expect(item('c').classList.contains('order-over')).toBe(true);
    fireEvent.drop(item('c'), { dataTransfer });
    expect(ids()).toEqual(['b', 'c', 'a']);
  });

  it('the ↑ / ↓ buttons move their item; Confirm hands over the order, top first; busy disables it all', () => {
    const confirmed: string[][] = [];
    const { getByLabelText, getByText } = list(confirmed);
    fireEvent.click(getByLabelText('Move Resolve next: B up'));
    fireEvent.click(getByLabelText('Move Resolve next: A down'));
    fireEvent.click(getByText('Confirm this order'));
    expect(confirmed).toEqual([['b', 'c', 'a']]);
    cleanup();
    const idle = list([], true);
    expect((idle.getByText('Confirm this order') as HTMLButtonElement).disabled).toBe(true);
    expect(idle.item('a').getAttribute('draggable')).toBe('false');
  });
});

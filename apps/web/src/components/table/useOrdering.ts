// Putting triggers (or cards) in order: the order the player chose is sent one item at a time as the game asks
// again, or as one whole arrangement.
import { useEffect, useMemo, useState } from 'react';
import {
  nextOfOrder,
  orderChoice,
  orderOffer,
  type Offer,
  type OrderChoice,
  type TableActions,
} from '../../lib/table';

export interface Ordering {
  order: OrderChoice | null;
  /** The rest of a chosen order is still being sent. */
  orderBusy: boolean;
  onOrder(ids: string[]): void;
}

export function useOrdering(o: {
  offers: Offer[];
  nameOf: (id: string) => string;
  actions: TableActions | null;
  busy: boolean;
  ended: boolean;
  length: number;
  sendOffer(o: Offer): Promise<void>;
}): Ordering {
  const { offers, nameOf, actions, busy, ended, length, sendOffer } = o;
  const order = useMemo(() => orderChoice(offers, nameOf), [offers, nameOf]);
  /** The rest of a chosen order, sent one by one as the game asks again (from the actions after `afterSeq`). */
  const [orderQueue, setOrderQueue] = useState<{ type: string; ids: string[]; afterSeq: number } | null>(
    null,
  );
  const onOrder = (ids: string[]) => {
    if (!order || !actions) return;
    const first = orderOffer(offers, order, ids);
    if (!first) return;
    setOrderQueue(
      order.mode === 'sequence' && ids.length > 1
        ? { type: order.type, ids: ids.slice(1), afterSeq: actions.seq }
        : null,
    );
    void sendOffer(first);
  };
  useEffect(() => {
    if (!orderQueue || !actions || busy || ended) return;
    if (actions.seq <= orderQueue.afterSeq || actions.seq < length) return; // not yet the answer to the last one
    const next = nextOfOrder(actions.offers, orderQueue.type, orderQueue.ids);
    if (next.kind === 'wait') return;
    if (next.kind === 'stop') {
      setOrderQueue(null);
      return;
    }
    setOrderQueue(
      next.rest.length > 0 ? { type: orderQueue.type, ids: next.rest, afterSeq: actions.seq } : null,
    );
    void sendOffer(next.offer);
  }, [orderQueue, actions, busy, ended, length, sendOffer]);
  return { order, orderBusy: orderQueue !== null, onOrder };
}

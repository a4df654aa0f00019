'use client';
// A seat's table, live: the seat record (opponents and whether they are connected, deck step, clock; re-read every
// second while the table waits for decks, then only when the table asks: presence comes over the seat's live
// stream, the clock moves with the events), the actions the server offers at the seat's latest seq (re-read whenever the seat's tape moves),
// and sending one offered command at a time with its own commandId.
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  getActions,
  getSeat,
  sendCommand,
  type CommandOutcome,
  type Offer,
  type SeatInfo,
  type TableActions,
} from './table';

/** While a seat waits for decks the match starts any moment: the seat is read every second until it does. */
const SEAT_POLL_WAITING_MS = 1000;
/** The actions are re-read with every new event; this is only the safety net for a missed one. */
const ACTIONS_POLL_MS = 4000;

export interface Refusal {
  label: string;
  rule: string | null;
  reason: string;
  ruleText: string | null;
}

export interface TableState {
  actions: TableActions | null;
  /** The last read of the actions failed (the table keeps the previous ones and reads again). */
  actionsError: Error | null;
  /** A command is on its way; the table offers nothing until the answer and the new actions are in. */
  busy: boolean;
  refusal: Refusal | null;
  send(offer: Offer): Promise<CommandOutcome>;
  clearRefusal(): void;
}

/** The same answer read again (a poll): kept as it is, so nothing re-renders and no choice starts over. */
function sameOffers(a: TableActions, b: TableActions): boolean {
  return (
    a.offers.length === b.offers.length &&
    a.offers.every((o, i) => o.key === b.offers[i]!.key) &&
    a.waitingFor?.text === b.waitingFor?.text &&
    a.status === b.status
  );
}

function newCommandId(): string {
  const r =
    typeof crypto !== 'undefined' && 'randomUUID' in crypto
      ? crypto.randomUUID()
      : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
  return `table-${r}`;
}

export interface SeatState {
  seat: SeatInfo | null;
  seatError: Error | null;
  refreshSeat(): void;
}

/** The seat record: read once, every second while the table waits for decks, and again on `refreshSeat`. */
export function useSeatInfo(matchId: string, token: string | null): SeatState {
  const [seat, setSeat] = useState<SeatInfo | null>(null);
  const [seatError, setSeatError] = useState<Error | null>(null);
  const [seatTick, setSeatTick] = useState(0);
  const waiting = seat?.status === 'waiting-deck';
  useEffect(() => {
    if (!token) return;
    const ctl = new AbortController();
    const read = () =>
      getSeat(matchId, token, ctl.signal)
        .then((s) => {
          setSeat(s);
          setSeatError(null);
        })
        .catch((e: unknown) => {
          if (!ctl.signal.aborted) setSeatError(e instanceof Error ? e : new Error(String(e)));
        });
    void read();
    const t = waiting ? setInterval(() => void read(), SEAT_POLL_WAITING_MS) : null;
    return () => {
      ctl.abort();
      if (t) clearInterval(t);
    };
  }, [matchId, token, seatTick, waiting]);
  return { seat, seatError, refreshSeat: useCallback(() => setSeatTick((n) => n + 1), []) };
}

export function useTable(
  matchId: string,
  token: string | null,
  tapeLength: number,
  playing: boolean,
): TableState {
  const [actionsError, setActionsError] = useState<Error | null>(null);
  const [actions, setActions] = useState<TableActions | null>(null);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [actionsTick, setActionsTick] = useState(0);
  const busyRef = useRef(false);

  useEffect(() => {
    if (!token || !playing) return;
    const ctl = new AbortController();
    const read = () =>
      getActions(matchId, token, ctl.signal)
        .then((a) => {
          setActionsError(null);
          setActions((old) =>
            old && (old.seq > a.seq || (old.seq === a.seq && sameOffers(old, a))) ? old : a,
          );
        })
        .catch((e: unknown) => {
          if (!ctl.signal.aborted) setActionsError(e instanceof Error ? e : new Error(String(e)));
        });
    void read();
    const t = setInterval(() => void read(), ACTIONS_POLL_MS);
    return () => {
      ctl.abort();
      clearInterval(t);
    };
  }, [matchId, token, tapeLength, playing, actionsTick]);

  const send = useCallback(
    async (offer: Offer): Promise<CommandOutcome> => {
      if (!token)
        return {
          ok: false,
          rule: null,
          reason: 'This browser holds no seat for this match.',
          ruleText: null,
        };
      if (busyRef.current)
        return { ok: false, rule: null, reason: 'Another action is on its way.', ruleText: null };
      busyRef.current = true;
      setBusy(true);
      setRefusal(null);
      try {
        const out = await sendCommand(matchId, token, offer.command, newCommandId());
        if (!out.ok)
          setRefusal({ label: offer.label, rule: out.rule, reason: out.reason, ruleText: out.ruleText });
        // What was offered is spent either way: read the new offers (the events arrive over the stream too).
        setActions((a) => (a ? { ...a, offers: [] } : a));
        setActionsTick((n) => n + 1);
        return out;
      } finally {
        busyRef.current = false;
        setBusy(false);
      }
    },
    [matchId, token],
  );

  return {
    actions,
    actionsError,
    busy,
    refusal,
    send,
    clearRefusal: useCallback(() => setRefusal(null), []),
  };
}

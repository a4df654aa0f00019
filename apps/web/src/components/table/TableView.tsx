'use client';
// The player's table (/matches/ID/play): the seat's own board, drawn by the spectator site's Board from the
// seat's redacted tape (useMatchTape), the opponent on top and you at the bottom; the prompt pane with what the
// server offers this seat (useTable); the deck step before the match; clocks, presence, auto-pass and concede.
import { useNow } from '../../lib/use-now';
import { EventRoundClock } from '../events/RoundClock';
import Link from 'next/link';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { cardNames } from '../../lib/names';
import { humanPhase, humanText, seatNames } from '../../lib/present';
import {
  EMPTY_SELECTION,
  formatClock,
  loadAutoPass,
  loadSeat,
  nextOfOrder,
  nextStep,
  orderChoice,
  orderOffer,
  passOffer,
  remainingNow,
  saveAutoPass,
  shouldAutoPass,
  sourcesOf,
  stepKey,
  type AutoPassSettings,
  type ClockInfo,
  type Offer,
  type OfferGroup,
  type Selection,
} from '../../lib/table';
import { machineStateKeys, orderedPhases } from '../../lib/timeline';
import { useMatchTape } from '../../lib/useMatchTape';
import { useSeatInfo, useTable, type SeatState } from '../../lib/useTable';
import type { Perspective } from '../../lib/viewer';
import { Board } from '../Board';
import { CardInspector, InspectContext, TileActContext, type InspectTarget, type TileRole } from '../Tile';
import { ActionPanel } from './ActionPanel';
import { DeckStep } from './DeckStep';

export function TableView({ matchId }: { matchId: string }) {
  const [cred, setCred] = useState<{ seat: string; seatToken: string } | null | undefined>(undefined);
  useEffect(() => setCred(loadSeat(localStorage, matchId)), [matchId]);
  if (cred === undefined) return <div className="state-panel">Opening your table…</div>;
  if (cred === null)
    return (
      <div className="state-panel" role="alert">
        <h1>No seat on this browser</h1>
        <p>Open the invite link you were sent to take your seat at this match, or watch it as a spectator.</p>
        <div className="row">
          <Link className="btn" href={`/matches/${encodeURIComponent(matchId)}`}>
            Watch the match
          </Link>
        </div>
      </div>
    );
  return <Seated matchId={matchId} seat={cred.seat as Perspective} token={cred.seatToken} />;
}

function Clock({ clock, seat, name, now }: { clock: ClockInfo; seat: string; name: string; now: number }) {
  const ms = remainingNow(clock, seat, now);
  if (ms === null) return null;
  return (
    <span
      className={`clock${clock.running === seat ? ' clock-running' : ''}${ms < 30_000 ? ' clock-low' : ''}`}
      data-seat={seat}
      aria-label={`${name}'s clock: ${formatClock(ms)}`}
    >
      {name} {formatClock(ms)}
    </span>
  );
}

/** Before the match: the deck step, then waiting for the other decks; once it runs, the table itself. */
function Seated({ matchId, seat, token }: { matchId: string; seat: Perspective; token: string }) {
  const seatState = useSeatInfo(matchId, token);
  const [deckSent, setDeckSent] = useState(false);
  const info = seatState.seat;
  if (seatState.seatError && !info)
    return (
      <div className="state-panel" role="alert">
        <h1>The table cannot be opened</h1>
        <p className="error-text">{seatState.seatError.message}</p>
      </div>
    );
  if (!info)
    return (
      <div className="state-panel" role="status">
        <div className="spinner" aria-hidden="true" />
        Opening your table…
      </div>
    );
  if (info.status === 'waiting-deck') {
    if (info.deck && !info.deck.submitted && !deckSent)
      return (
        <DeckStep
          matchId={matchId}
          token={token}
          presets={info.deck.presets}
          onDone={() => {
            setDeckSent(true);
            seatState.refreshSeat();
          }}
        />
      );
    const waiting = info.opponents
      .filter((o) => o.deckSubmitted !== true)
      .map((o) => o.name ?? o.seat)
      .join(', ');
    return (
      <div className="state-panel" role="status" data-waiting="deck">
        <div className="spinner" aria-hidden="true" />
        <h1>Your deck is in</h1>
        <p>The match starts when {waiting || 'your opponent'} has chosen a deck too.</p>
      </div>
    );
  }
  return <Playing matchId={matchId} seat={seat} token={token} seatState={seatState} />;
}

function Playing({
  matchId,
  seat,
  token,
  seatState,
}: {
  matchId: string;
  seat: Perspective;
  token: string;
  seatState: SeatState;
}) {
  const st = useMatchTape(matchId, seat, token);
  const { tape, game, meta } = st;
  const length = tape?.length ?? 0;
  const playing = st.phase === 'ready' && length > 0;
  const table = useTable(matchId, token, length, playing);
  const { actions } = table;
  const info = seatState.seat;
  const board = tape && length > 0 ? tape.boardAt(length) : null;
  const ended = st.ended || actions?.status === 'ended' || board?.status === 'ended';
  const now = useNow(!!info?.clock && !ended, 250);
  // The seat record is not polled while playing: presence arrives over the live stream (st.presence), and a clock
  // is read again whenever the match moves (whose clock runs changes with the events).
  const hasClock = !!info?.clock && info.clock.kind !== 'none';
  const { refreshSeat } = seatState;
  useEffect(() => {
    if (hasClock) refreshSeat();
  }, [hasClock, length, refreshSeat]);
  const connected = (o: { seat: string; connected?: boolean }): boolean =>
    st.presence[o.seat] ?? o.connected !== false;

  const names = useMemo(() => {
    const m = seatNames(meta?.players ?? []);
    if (info) {
      if (info.name) m.set(info.seat, info.name);
      for (const o of info.opponents) if (o.name) m.set(o.seat, o.name);
    }
    return m;
  }, [meta, info]);
  const cards = useMemo(() => (board ? cardNames([board]) : new Map<string, string>()), [board]);
  // Every tile the board draws (hidden ones too): an action starting elsewhere is listed in the pane instead.
  const drawn = useMemo(() => {
    const ids = new Set<string>();
    if (!board) return ids;
    for (const p of board.players) {
      if (p.hero) ids.add(p.hero.id);
      for (const z of p.zones)
        for (const c of z.layout === 'pile' ? z.cards.slice(-1) : z.cards) ids.add(c.id);
    }
    for (const z of board.shared)
      for (const c of z.layout === 'pile' ? z.cards.slice(-1) : z.cards) ids.add(c.id);
    return ids;
  }, [board]);
  const onBoard = useCallback((id: string) => drawn.has(id), [drawn]);
  const nameOf = useCallback(
    (id: string) => names.get(id) ?? cards.get(id) ?? 'a hidden card',
    [names, cards],
  );

  const phases = useMemo(() => {
    if (!game || !tape) return [];
    return orderedPhases(
      machineStateKeys(game.machine),
      tape.timeline.phases.map((p) => p.phase),
    );
  }, [game, tape, st.version]);

  // ---------- choosing ----------
  const [sel, setSel] = useState<Selection>(EMPTY_SELECTION);
  const offers = useMemo<Offer[]>(() => (actions && !ended ? actions.offers : []), [actions, ended]);
  // A new set of offers (not the same one read again) starts the choice over.
  const offersKey = offers.map((o) => o.key).join(' ');
  useEffect(() => setSel(EMPTY_SELECTION), [actions?.seq, offersKey]);
  const step = useMemo(
    () => nextStep(offers, sel, (id) => cards.has(id) || names.has(id)),
    [offers, sel, cards, names],
  );
  const sources = useMemo(() => sourcesOf(offers), [offers]);
  const pass = passOffer(offers);

  // ---------- auto-pass ----------
  const [auto, setAuto] = useState<AutoPassSettings & { enabled: boolean }>({
    stops: [],
    hold: false,
    untilSomething: false,
    enabled: false,
  });
  useEffect(() => {
    if (meta) setAuto(loadAutoPass(localStorage, meta.game));
  }, [meta?.game]);
  const updateAuto = (patch: Partial<AutoPassSettings & { enabled: boolean }>) =>
    setAuto((a) => {
      const next = { ...a, ...patch };
      if (meta) saveAutoPass(localStorage, meta.game, next);
      return next;
    });
  /** Set when the player acts (not a pass): with "hold priority" on, no automatic pass follows their own action. */
  const [ownAction, setOwnAction] = useState(false);

  const sendOffer = useCallback(
    async (o: Offer, manual = true) => {
      if (manual) setOwnAction(o.kind !== 'pass');
      if (manual && o.kind === 'pass') setOwnAction(false);
      setSel(EMPTY_SELECTION);
      await table.send(o);
    },
    [table.send],
  );

  // "Pass until something happens" ends with a new turn or with the opponent doing something that is not a pass.
  const turnAtStart = useRef<number | null>(null);
  const lengthAtStart = useRef(0);
  useEffect(() => {
    if (!auto.untilSomething || !tape || !board) return;
    if (turnAtStart.current === null) {
      turnAtStart.current = board.turn;
      lengthAtStart.current = length;
      return;
    }
    let happened = board.turn !== turnAtStart.current;
    for (let s = lengthAtStart.current + 1; s <= length && !happened; s++) {
      const e = tape.envelope(s);
      const by = e && 'player' in e.cause ? e.cause.player : null;
      if (by && by !== seat && !/pass/i.test(e!.type)) happened = true;
    }
    if (happened) {
      turnAtStart.current = null;
      setAuto((a) => ({ ...a, untilSomething: false }));
    }
  }, [auto.untilSomething, length, board, tape, seat]);

  // At most one automatic pass per set of offers: a refused one is not sent again and again.
  const autoPassed = useRef('');
  useEffect(() => {
    if (!actions || !board || table.busy || ended) return;
    if (actions.seq < length) return; // the offers are for an older board; fresher ones are on their way
    const at = `${actions.seq}:${offersKey}`;
    if (autoPassed.current === at) return;
    if (
      shouldAutoPass(
        actions,
        { phase: board.phase, step: board.step },
        { ...auto, heldByOwnAction: ownAction },
      )
    ) {
      const p = actions.offers.find((o) => o.kind === 'pass');
      if (p) {
        autoPassed.current = at;
        void sendOffer(p, false);
      }
    }
  }, [actions, board, table.busy, auto, ownAction, ended, length, sendOffer, offersKey]);

  // ---------- ordering triggers ----------
  const order = useMemo(() => orderChoice(offers, nameOf), [offers, nameOf]);
  /** The rest of a chosen order, sent one by one as the game asks again (from the actions after `afterSeq`). */
  const [orderQueue, setOrderQueue] = useState<{ type: string; ids: string[]; afterSeq: number } | null>(
    null,
  );
  const onOrder = (ids: string[]) => {
    if (!order || !actions) return;
    const o = orderOffer(offers, order, ids);
    if (!o) return;
    setOrderQueue(
      order.mode === 'sequence' && ids.length > 1
        ? { type: order.type, ids: ids.slice(1), afterSeq: actions.seq }
        : null,
    );
    void sendOffer(o);
  };
  useEffect(() => {
    if (!orderQueue || !actions || table.busy || ended) return;
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
  }, [orderQueue, actions, table.busy, ended, length, sendOffer]);

  // ---------- clicking on the board ----------
  const pickSource = (id: string) => setSel({ ...EMPTY_SELECTION, source: id });
  const onGroup = (g: OfferGroup) => {
    if (g.offers.length === 1) void sendOffer(g.offers[0]!);
    else setSel((s) => ({ ...s, source: g.source, group: g.key }));
  };
  const onPick = (id: string) => {
    if (step.kind === 'targets') setSel((s) => ({ ...s, targets: [...s.targets, id] }));
    else if (step.kind === 'pays') setSel((s) => ({ ...s, pays: [...s.pays, id] }));
    else if (step.kind === 'cards') setSel((s) => ({ ...s, cards: [...s.cards, id] }));
  };
  // One offer left after a pick: send it (a click on the last target is the decision).
  useEffect(() => {
    if (step.kind === 'send' && sel.group !== null) void sendOffer(step.offer);
  }, [step, sel.group, sendOffer]);

  const roleOf = useCallback(
    (id: string): { role: TileRole; kinds?: string } | null => {
      if (table.busy) return null;
      if (sel.source === id || sel.targets.includes(id) || sel.pays.includes(id) || sel.cards.includes(id))
        return { role: 'selected' };
      if ((step.kind === 'targets' || step.kind === 'cards') && step.ids.includes(id))
        return { role: 'target' };
      if (step.kind === 'pays' && step.ids.includes(id)) return { role: 'pay' };
      if (sel.group === null) {
        const kinds = sources.get(id);
        if (kinds) return { role: 'source', kinds: [...kinds].join(' ') };
      }
      return null;
    },
    [sel, step, sources, table.busy],
  );
  const act = useCallback(
    (id: string) => {
      const r = roleOf(id);
      if (!r) return;
      if (r.role === 'source') pickSource(id);
      else if (r.role === 'selected' && sel.source === id) setSel(EMPTY_SELECTION);
      else if (r.role === 'target' || r.role === 'pay') onPick(id);
    },
    [roleOf, sel.source, step],
  );
  const tileAct = useMemo(() => ({ role: roleOf, act }), [roleOf, act]);

  // One key passes: Space or Enter, when the focus is not on a control that answers those keys itself.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setSel(EMPTY_SELECTION);
        return;
      }
      if (e.key !== ' ' && e.key !== 'Enter') return;
      const el = e.target as HTMLElement | null;
      if (el && el.closest('button, a, input, textarea, select, [role="button"], dialog')) return;
      if (!pass || table.busy) return;
      e.preventDefault();
      void sendOffer(pass);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [pass, table.busy, sendOffer]);

  // ---------- concede ----------
  const concede = offers.find((o) => o.kind === 'concede') ?? null;
  const [confirming, setConfirming] = useState(false);

  const [inspect, setInspect] = useState<InspectTarget | null>(null);

  // ---------- rendering ----------
  if (st.phase === 'error')
    return (
      <div className="state-panel" role="alert">
        <h1>The table cannot be loaded</h1>
        <p className="error-text">{st.error?.message}</p>
      </div>
    );
  if (!board || !info)
    return (
      <div className="state-panel" role="status">
        <div className="spinner" aria-hidden="true" />
        Opening your table…
      </div>
    );

  const me = names.get(info.seat) ?? info.seat;
  const promptText = actions?.prompt?.text ? humanText(actions.prompt.text, cards, names) : null;
  const waitingText = actions?.waitingFor?.text ? humanText(actions.waitingFor.text, cards, names) : null;
  const where = stepKey(board.phase, board.step);
  const picked = sel.source ? nameOf(sel.source) : null;
  const stripPhases = tape
    ? tape.timeline.stripPhases(phases, board.phase, board.turn, board.players.length)
    : phases;

  return (
    <InspectContext.Provider value={setInspect}>
      <TileActContext.Provider value={tileAct}>
        <div
          className="table-page"
          data-seat={info.seat}
          data-seq={length}
          data-actions-seq={actions?.seq ?? -1}
          data-status={ended ? 'ended' : (actions?.status ?? info.status)}
          data-busy={table.busy || !actions || actions.seq < length ? 'true' : 'false'}
          data-prompt={actions?.prompt?.kind ?? ''}
        >
          <header className="table-head">
            <div className="table-title">
              <strong>{me}</strong>
              <span className="muted"> vs </span>
              {info.opponents.map((o) => (
                <span
                  key={o.seat}
                  className="table-opp"
                  data-seat={o.seat}
                  data-connected={connected(o) ? 'true' : 'false'}
                >
                  <strong>{o.name ?? o.seat}</strong>
                  {!connected(o) && <span className="badge badge-dropped">disconnected</span>}
                </span>
              ))}
              <span className="muted table-game"> · {game?.title ?? info.game}</span>
              {meta && (
                <span className="muted">
                  {' '}
                  · Turn {board.turn}, {humanPhase(board.phase)}
                  {board.step ? ` — ${humanPhase(board.step)}` : ''}
                </span>
              )}
            </div>
            <EventRoundClock at={meta?.eventTable ?? null} />
            {info.clock && info.clock.kind !== 'none' && (
              <div className="clocks" aria-label="Clocks">
                {[info.seat, ...info.opponents.map((o) => o.seat)].map((s) => (
                  <Clock key={s} clock={info.clock!} seat={s} name={names.get(s) ?? s} now={now} />
                ))}
              </div>
            )}
            <div className="table-tools">
              <Link
                className="btn ghost"
                href={`/matches/${encodeURIComponent(matchId)}?as=${info.seat}`}
                target="_blank"
              >
                Replay view
              </Link>
              {concede && !ended && (
                <button type="button" className="btn ghost concede-btn" onClick={() => setConfirming(true)}>
                  Concede
                </button>
              )}
            </div>
          </header>
          {confirming && concede && (
            <div
              className="notice notice-warn concede-confirm"
              role="alertdialog"
              aria-labelledby="concede-q"
            >
              <span id="concede-q">
                Concede this match? {humanText(concede.label, cards, names)} ends it at once.
              </span>{' '}
              <button
                type="button"
                className="btn primary concede-yes"
                autoFocus
                onClick={() => {
                  setConfirming(false);
                  void sendOffer(concede);
                }}
              >
                Concede
              </button>{' '}
              <button type="button" className="btn" onClick={() => setConfirming(false)}>
                Keep playing
              </button>
            </div>
          )}
          <div className="table-main">
            <div className="table-board">
              <Board board={board} perspective={info.seat} phases={stripPhases} seats={names} />
            </div>
            <aside className="table-side" aria-label="Your turn">
              <div
                className={`opp-status${waitingText ? ' opp-waiting' : ''}`}
                role="status"
                aria-live="polite"
              >
                {ended
                  ? board.winner
                    ? board.winner === info.seat
                      ? 'You win.'
                      : `${names.get(board.winner) ?? board.winner} wins.`
                    : 'The match has ended.'
                  : (waitingText ?? (offers.length > 0 ? 'Your decision.' : 'Waiting…'))}
              </div>
              {promptText && !ended && offers.some((o) => o.kind !== 'concede') && (
                <div className="prompt-text" data-kind={actions?.prompt?.kind}>
                  {promptText}
                </div>
              )}
              {table.refusal && (
                <div className="notice notice-warn refusal" role="alert">
                  <strong>{humanText(table.refusal.label, cards, names)}</strong> was refused:{' '}
                  {table.refusal.reason}
                  {table.refusal.rule && <span className="muted"> (rule {table.refusal.rule})</span>}
                  {table.refusal.ruleText && (
                    <blockquote className="rule-text">{table.refusal.ruleText}</blockquote>
                  )}
                  <button type="button" className="btn ghost" onClick={table.clearRefusal}>
                    OK
                  </button>
                </div>
              )}
              {!ended && (
                <ActionPanel
                  step={step}
                  nameOf={nameOf}
                  pickedName={picked}
                  pass={pass}
                  busy={table.busy}
                  onGroup={onGroup}
                  onPick={onPick}
                  onSend={(o) => void sendOffer(o)}
                  onCancel={() => setSel(EMPTY_SELECTION)}
                  sourceCount={[...sources.keys()].filter(onBoard).length}
                  onBoard={onBoard}
                  order={order}
                  orderBusy={orderQueue !== null}
                  words={(text) => humanText(text, cards, names)}
                  onOrder={onOrder}
                />
              )}
              {!ended && (
                <details className="autopass">
                  <summary>
                    Auto-pass {auto.enabled ? 'on' : 'off'}
                    {auto.untilSomething ? ' · passing until something happens' : ''}
                    {auto.hold ? ' · holding priority' : ''}
                  </summary>
                  <label>
                    <input
                      type="checkbox"
                      checked={auto.enabled}
                      onChange={(e) => updateAuto({ enabled: e.target.checked })}
                    />{' '}
                    Pass priority by itself, except at my stops
                  </label>
                  <label>
                    <input
                      type="checkbox"
                      checked={auto.hold}
                      onChange={(e) => updateAuto({ hold: e.target.checked })}
                    />{' '}
                    Hold priority after my own action
                  </label>
                  <fieldset className="stops">
                    <legend>Stops (the table asks me here)</legend>
                    {phases.map((ph) => (
                      <label key={ph}>
                        <input
                          type="checkbox"
                          checked={auto.stops.includes(ph)}
                          onChange={(e) =>
                            updateAuto({
                              stops: e.target.checked
                                ? [...auto.stops, ph]
                                : auto.stops.filter((s) => s !== ph),
                            })
                          }
                        />{' '}
                        {humanPhase(ph)}
                      </label>
                    ))}
                    {board.step && (
                      <label>
                        <input
                          type="checkbox"
                          checked={auto.stops.includes(where)}
                          onChange={(e) =>
                            updateAuto({
                              stops: e.target.checked
                                ? [...auto.stops, where]
                                : auto.stops.filter((s) => s !== where),
                            })
                          }
                        />{' '}
                        this step ({humanPhase(board.step)})
                      </label>
                    )}
                  </fieldset>
                  <button
                    type="button"
                    className="btn until-btn"
                    onClick={() => updateAuto({ untilSomething: !auto.untilSomething })}
                  >
                    {auto.untilSomething ? 'Stop passing' : 'Pass until something happens'}
                  </button>
                </details>
              )}
              {ended && (
                <div className="row">
                  <Link className="btn primary" href={`/matches/${encodeURIComponent(matchId)}`}>
                    Watch the replay
                  </Link>
                  <Link className="btn" href="/">
                    Home
                  </Link>
                </div>
              )}
            </aside>
          </div>
          <CardInspector target={inspect} />
        </div>
      </TileActContext.Provider>
    </InspectContext.Provider>
  );
}

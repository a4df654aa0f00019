'use client';
// The player's table (/matches/ID/play): the seat's own board, drawn by the spectator site's Board from the
// seat's redacted tape (useMatchTape), the opponent on top and you at the bottom; the prompt pane with what the
// server offers this seat (useTable); the deck step before the match; clocks, presence, auto-pass and concede.
import { useNow } from '../../lib/use-now';
import Link from 'next/link';
import { useEffect, useMemo, useState } from 'react';
import { humanText } from '../../lib/present';
import { loadSeat } from '../../lib/table';
import { machineStateKeys, orderedPhases } from '../../lib/timeline';
import { useMatchTape } from '../../lib/useMatchTape';
import type { BoardModel } from '@matchtape/engine';
import type { MatchListItem } from '../../lib/api';
import type { SeatInfo } from '../../lib/table';
import { useSeatInfo, useTable, type SeatState } from '../../lib/useTable';
import type { Perspective } from '../../lib/viewer';
import { Board } from '../Board';
import { CardInspector, InspectContext, TileActContext, type InspectTarget } from '../Tile';
import { ConcedeConfirm } from './ConcedeConfirm';
import { DeckStep } from './DeckStep';
import { TableHead } from './TableHead';
import { TableSide, type TableControls } from './TableSide';
import { useAutoPass } from './useAutoPass';
import { useBoardClicks, useChoice, usePassKey } from './useChoice';
import { useOrdering } from './useOrdering';
import { useTableNames } from './useTableNames';

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

  const lookup = useTableNames(meta, info, board);
  const phases = useMemo(() => {
    if (!game || !tape) return [];
    return orderedPhases(
      machineStateKeys(game.machine),
      tape.timeline.phases.map((p) => p.phase),
    );
  }, [game, tape, st.version]);

  // Hooks in this order: a new set of offers resets the choice before auto-pass, ordering, clicks and keys act.
  const choice = useChoice(actions, ended, lookup.known, table.send);
  const autoPass = useAutoPass({
    game: meta?.game,
    tape,
    board,
    length,
    seat,
    actions,
    busy: table.busy,
    ended,
    offersKey: choice.offersKey,
    ownAction: choice.ownAction,
    sendOffer: choice.sendOffer,
  });
  const ordering = useOrdering({
    offers: choice.offers,
    nameOf: lookup.nameOf,
    actions,
    busy: table.busy,
    ended,
    length,
    sendOffer: choice.sendOffer,
  });
  const clicks = useBoardClicks(choice, table.busy);
  usePassKey(choice, table.busy);

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

  const stripPhases = tape
    ? tape.timeline.stripPhases(phases, board.phase, board.turn, board.players.length)
    : phases;
  return (
    <TablePage
      matchId={matchId}
      info={info}
      board={board}
      meta={meta}
      gameTitle={game?.title}
      length={length}
      ended={ended}
      now={now}
      connected={connected}
      table={table}
      lookup={lookup}
      choice={choice}
      clicks={clicks}
      ordering={ordering}
      autoPass={autoPass}
      phases={phases}
      stripPhases={stripPhases}
    />
  );
}

/** The running table: header, the concede question, the board and the pane beside it, the card inspector. */
function TablePage(
  p: TableControls & {
    matchId: string;
    info: SeatInfo;
    board: BoardModel;
    meta: MatchListItem | null;
    gameTitle: string | undefined;
    length: number;
    ended: boolean;
    now: number;
    connected(o: { seat: string; connected?: boolean }): boolean;
    phases: string[];
    stripPhases: string[];
  },
) {
  const { matchId, info, board, length, ended, table, lookup, choice } = p;
  const { actions } = table;
  const concede = choice.offers.find((o) => o.kind === 'concede') ?? null;
  const [confirming, setConfirming] = useState(false);
  const [inspect, setInspect] = useState<InspectTarget | null>(null);
  return (
    <InspectContext.Provider value={setInspect}>
      <TileActContext.Provider value={p.clicks.tileAct}>
        <div
          className="table-page"
          data-seat={info.seat}
          data-seq={length}
          data-actions-seq={actions?.seq ?? -1}
          data-status={ended ? 'ended' : (actions?.status ?? info.status)}
          data-busy={table.busy || !actions || actions.seq < length ? 'true' : 'false'}
          data-prompt={actions?.prompt?.kind ?? ''}
        >
          <TableHead
            matchId={matchId}
            info={info}
            board={board}
            meta={p.meta}
            gameTitle={p.gameTitle}
            names={lookup.names}
            now={p.now}
            connected={p.connected}
            canConcede={!!concede && !ended}
            onConcede={() => setConfirming(true)}
          />
          {confirming && concede && (
            <ConcedeConfirm
              label={humanText(concede.label, lookup.cards, lookup.names)}
              onConcede={() => {
                setConfirming(false);
                void choice.sendOffer(concede);
              }}
              onKeepPlaying={() => setConfirming(false)}
            />
          )}
          <div className="table-main">
            <div className="table-board">
              <Board board={board} perspective={info.seat} phases={p.stripPhases} seats={lookup.names} />
            </div>
            <TableSide
              matchId={matchId}
              seat={info.seat}
              board={board}
              actions={actions}
              ended={ended}
              table={table}
              lookup={lookup}
              choice={choice}
              clicks={p.clicks}
              ordering={p.ordering}
              autoPass={p.autoPass}
              phases={p.phases}
            />
          </div>
          <CardInspector target={inspect} />
        </div>
      </TileActContext.Provider>
    </InspectContext.Provider>
  );
}

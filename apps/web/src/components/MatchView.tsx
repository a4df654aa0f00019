'use client';
// One view for live and replay: board, scrubber, log, perspective, deep links. The browser folds the redacted
// events it was sent (MatchTape); scrubbing, stepping and playback never ask the server. The page is put
// together here from its parts in ./match: the playhead (usePlayback), the keyboard (useMatchKeys), whose eyes
// (usePerspective), the live announcements (useAnnouncer), the header, live status, controls and load states.
import { EventRoundClock } from './events/RoundClock';
import { useSearchParams } from 'next/navigation';
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import type { BoardModel } from '@matchtape/engine';
import type { MatchListItem } from '../lib/api';
import { cardNames } from '../lib/names';
import { humanPhase, humanText, positionWords, positionText, seatNames } from '../lib/present';
import type { LiveStatus as LiveStream } from '../lib/sse';
import { machineStateKeys, orderedPhases, type KeyMomentMarker, type TimelineNav } from '../lib/timeline';
import { useMatchTape, type TapeState } from '../lib/useMatchTape';
import { useViewerToken } from '../lib/useViewerToken';
import { isPerspective, perspectivesFor, readClaims, type Perspective } from '../lib/viewer';
import { turnFigures } from '@matchtape/projections';
import { Board } from './Board';
import { FitHeight } from './FitHeight';
import { ForkBanner } from './ForkBanner';
import { AnnotationMarkers } from './coverage/AnnotationMarkers';
import { AnnotationPanel } from './coverage/AnnotationPanel';
import { useCoverage } from './coverage/useCoverage';
import { DrawnBoard } from './drawing/DrawingLayer';
import { useDrawingDesk } from './drawing/DrawingDesk';
import { Log, type LogFilter } from './Log';
import { PerspectiveSwitch, TokenDialog } from './Perspective';
import { CardInspector, InspectContext, type InspectTarget } from './Tile';
import { Scrubber } from './Timeline';
import { Graphs } from './Graphs';
import { DisputeHere } from './review/DisputeHere';
import { DisputeMarkers } from './review/DisputeMarkers';
import { isDisconnected, LiveStatus } from './match/LiveStatus';
import { MatchHeader } from './match/MatchHeader';
import { MatchLoadError, MatchLoading } from './match/MatchStates';
import { PlaybackControls } from './match/PlaybackControls';
import { useAnnouncer } from './match/useAnnouncer';
import { useMatchKeys } from './match/useMatchKeys';
import { usePerspective, type PerspectiveState } from './match/usePerspective';
import { usePlayback, type Playback } from './match/usePlayback';
import { useSettledSeq } from './match/useSettledSeq';

export { BASE_RATE } from './match/usePlayback';

/** The graphs under the timeline are open when this says so; kept per browser. */
const GRAPHS_KEY = 'matchtape.graphs';

function parseSeq(v: string | null): number | null {
  if (v === null || !/^\d+$/.test(v)) return null;
  return Number(v);
}

export function MatchView({ matchId }: { matchId: string }) {
  const params = useSearchParams();
  const { token, setToken, ready } = useViewerToken(matchId);
  if (!ready) return <div className="state-panel">Loading match…</div>;
  return (
    <MatchPlayer
      matchId={matchId}
      token={token}
      setToken={setToken}
      initialSeq={parseSeq(params.get('seq'))}
      initialTurn={params.get('seq') === null ? parseSeq(params.get('turn')) : null}
      initialAs={isPerspective(params.get('as')) ? (params.get('as') as Perspective) : 'public'}
      link={{ seq: params.get('seq'), turn: params.get('turn') }}
    />
  );
}

interface PlayerProps {
  matchId: string;
  token: string | null;
  setToken: (t: string | null) => void;
  initialSeq: number | null;
  /** ?turn=N: open at the start of turn N (when there is no ?seq). */
  initialTurn: number | null;
  /** The deep link's own words (?seq=, ?turn=), to say what was done with one that does not fit. */
  link?: { seq: string | null; turn: string | null };
  initialAs: Perspective;
}

/** The graphs under the timeline: open or closed, kept per browser. */
function useGraphsOpen(): [boolean, () => void] {
  const [open, setOpen] = useState(false);
  useEffect(() => setOpen(window.localStorage.getItem(GRAPHS_KEY) === 'on'), []);
  const toggle = useCallback(() => {
    setOpen((o) => {
      window.localStorage.setItem(GRAPHS_KEY, o ? 'off' : 'on');
      return !o;
    });
  }, []);
  return [open, toggle];
}

/** A deep link opened: ?turn=N seeks to the start of that turn; ?seq past the end of a live match follows live. */
function useDeepLinkOpening(st: TapeState, pb: Playback, isLive: boolean, props: PlayerProps): void {
  const { initialTurn, initialSeq, link } = props;
  const { tape } = st;
  const { seek, backToLive, setProblem } = pb;
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current || st.phase !== 'ready' || !tape) return;
    opened.current = true;
    if (initialTurn !== null) {
      const s = tape.timeline.seqOfTurn(initialTurn);
      if (s !== null) seek(s);
      else {
        if (isLive) backToLive();
        else seek(tape.length);
        setProblem(noTurnMessage(initialTurn, tape.timeline.turnRange(), isLive));
      }
    } else if (initialSeq !== null && initialSeq > tape.length && isLive) backToLive();
    const problem = link ? deepLinkProblem(link, tape.length, isLive) : null;
    if (problem) setProblem(problem);
  }, [st.phase, tape, initialTurn, initialSeq, isLive, seek, backToLive, link, setProblem]);
}

/**
 * The address bar always holds a link to this moment (seq omitted while following live), updated as soon as the
 * playhead moves so a reload keeps the moment; while dragging, once the drag ends.
 */
function useAddressBar(ready: boolean, pb: Playback, as: Perspective): void {
  const { seq, following, scrubbing } = pb;
  useEffect(() => {
    if (!ready || scrubbing) return;
    const u = new URL(window.location.href);
    if (following) u.searchParams.delete('seq');
    else u.searchParams.set('seq', String(seq));
    u.searchParams.delete('turn');
    if (as === 'public') u.searchParams.delete('as');
    else u.searchParams.set('as', as);
    if (u.toString() !== window.location.href)
      window.history.replaceState(window.history.state, '', u.toString());
  }, [seq, as, following, ready, scrubbing]);
}

/** "Link copied", or the link itself where the clipboard is refused; gone after 4 s. */
function useCopyLink(matchId: string, seq: number, as: Perspective): [string | null, () => Promise<void>] {
  const [copied, setCopied] = useState<string | null>(null);
  const copy = async () => {
    const u = new URL(`/matches/${encodeURIComponent(matchId)}`, window.location.origin);
    u.searchParams.set('seq', String(seq));
    if (as !== 'public') u.searchParams.set('as', as);
    const link = u.toString();
    try {
      await navigator.clipboard.writeText(link);
      setCopied('Link copied');
    } catch {
      setCopied(link); // no clipboard permission: show the link to copy by hand
    }
    setTimeout(() => setCopied(null), 4000);
  };
  return [copied, copy];
}

/** What the page reads from the viewer's tape: phases, the board, the graphs' figures, card names, key moments. */
function useTapeReadings(
  st: TapeState,
  seq: number,
  graphsOpen: boolean,
  names: ReadonlyMap<string, string>,
) {
  const { tape, game, version } = st;
  const phases = useMemo(() => {
    if (!tape || !game) return [];
    return orderedPhases(
      machineStateKeys(game.machine),
      tape.timeline.phases.map((p) => p.phase),
    );
    // version: new phases appear as events arrive
  }, [tape, game, version]);

  const board = useMemo((): { ok: true; board: BoardModel } | { ok: false; error: string } | null => {
    if (!tape) return null;
    try {
      return { ok: true, board: tape.boardAt(seq) };
    } catch (e) {
      return { ok: false, error: (e as Error).message };
    }
  }, [tape, seq, version]);

  // The graphs' figures per turn, from the boards this viewer folded (the tape's; cached per seq, so a live
  // update re-reads only the turn still being played). Only while the graphs are open and the tape is whole.
  const figureVersion = useDeferredValue(version);
  const figures = useMemo(() => {
    if (!graphsOpen || !tape || !tape.complete) return null;
    try {
      return turnFigures(tape.timeline.turns, (s) => tape.boardAt(s), tape.length);
    } catch {
      return null;
    }
  }, [graphsOpen, tape, figureVersion]);

  // Names for the log: the viewer's boards at both ends of the lines shown and every turn start between.
  const cardNamesAt = useCallback(
    (fromSeq: number, toSeq: number) => {
      if (!tape) return new Map<string, string>();
      const seqs = new Set([fromSeq - 1, toSeq]);
      for (const t of tape.timeline.turns) if (t.fromSeq > fromSeq && t.fromSeq < toSeq) seqs.add(t.fromSeq);
      try {
        return cardNames([...seqs].filter((s) => s >= 0).map((s) => tape.boardAt(s)));
      } catch {
        return new Map<string, string>();
      }
    },
    // version: a live turn grows
    [tape, version],
  );

  // Key moments in words, named from the viewer's boards around each one; cached by seq (the tape only grows).
  const keyCache = useRef(new Map<number, string>());
  useEffect(() => keyCache.current.clear(), [tape]);
  const keyLabel = useCallback(
    (k: KeyMomentMarker) => {
      const hit = keyCache.current.get(k.seq);
      if (hit !== undefined) return hit;
      const text = humanText(k.label, cardNamesAt(k.seq, k.seq), names);
      keyCache.current.set(k.seq, text);
      return text;
    },
    [cardNamesAt, names],
  );

  // The words announced for the latest event (aria-live).
  const lineOf = (seq: number): string | null => {
    const e = tape?.envelopes[seq - 1];
    if (!e || !game) return null;
    try {
      return humanText(game.describe(e), cardNamesAt(seq, seq), names);
    } catch {
      return humanPhase(e.type);
    }
  };
  return { phases, board, figures, cardNamesAt, keyLabel, lineOf };
}

function MatchPlayer(props: PlayerProps) {
  const { matchId, token, setToken, initialSeq, initialTurn, initialAs } = props;
  const [retry, setRetry] = useState(0);
  const stopRef = useRef<() => void>(() => {});
  const [metaSeats, setMetaSeats] = useState<readonly { id: string }[] | null>(null);
  const view = usePerspective({
    matchId,
    token,
    setToken,
    initialAs,
    seats: metaSeats,
    onSwitch: () => stopRef.current(),
  });
  const { as } = view;
  // Casters and judges keep the stream after the end for drawings (followSide); other replays close it there, so
  // a page left open on a finished match holds no connection (a later drawing shows on the next load).
  const st = useMatchTape(matchId, as, token, retry, as === 'coverage' || as === 'judge');
  const cov = useCoverage(matchId, as, token);
  const { meta, game, tape } = st;
  useEffect(() => setMetaSeats(meta?.players ?? null), [meta]);
  const length = tape?.length ?? 0;
  const isLive = st.phase === 'ready' && !st.ended;
  const pb = usePlayback(tape, isLive, { seq: initialSeq, turn: initialTurn });
  stopRef.current = () => pb.setPlaying(false);
  const { seq } = pb;
  const [inspect, setInspect] = useState<InspectTarget | null>(null);
  const [graphsOpen, toggleGraphs] = useGraphsOpen();
  const seats = useMemo(() => meta?.players ?? [], [meta]);
  const names = useMemo(() => seatNames(seats), [seats]);
  const claims = token ? readClaims(token) : null;
  // The casters' drawings on the board (time-locked for this viewer), and the tools to draw in the coverage view.
  const desk = useDrawingDesk(matchId, as, token, seq, cov.canWrite, claims?.role ?? null, st.drawingFrames);
  const allowed = useMemo(
    () => perspectivesFor(claims, seats.length ? seats.map((s) => s.id) : ['p1', 'p2']),
    [claims, seats],
  );
  useMatchKeys(pb, { length, isLive, dialogOpen: view.dialog !== null });
  useDeepLinkOpening(st, pb, isLive, props);
  useAddressBar(st.phase === 'ready', pb, as);
  const [copied, copyLink] = useCopyLink(matchId, seq, as);
  const read = useTapeReadings(st, seq, graphsOpen, names);
  const { muted, toggleMuted, announcement } = useAnnouncer(
    length,
    pb.following,
    !!tape && !!game,
    read.lineOf,
  );
  useEffect(() => {
    if (meta)
      document.title = `${meta.players.map((p) => p.name).join(' vs ') || meta.matchId} · ${game?.title ?? meta.game} · Matchtape`;
  }, [meta, game]);

  const tokenDialog = (
    <TokenDialog
      open={view.dialog !== null}
      matchId={matchId}
      wanted={view.dialog?.wanted ?? null}
      hasToken={token !== null}
      onSave={view.saveDialogToken}
      onForget={view.forgetDialogToken}
      onClose={view.closeDialog}
    />
  );
  if (st.phase === 'error')
    return (
      <MatchLoadError
        error={st.error}
        onPublic={() => view.switchTo('public')}
        onPasteToken={() => view.openDialog(as)}
        onRetry={() => setRetry((r) => r + 1)}
      >
        {tokenDialog}
      </MatchLoadError>
    );
  if (!meta || !game || !tape || st.phase === 'loading')
    return <MatchLoading lastSeq={meta?.lastSeq ?? null} loaded={st.loaded} />;

  const live = st.live;
  const disconnected = isDisconnected(isLive, live);

  return (
    <InspectContext.Provider value={setInspect}>
      <div
        className={`match-page${pb.scrubbing ? ' is-scrubbing' : ''}`}
        data-seq={seq}
        data-length={length}
        data-perspective={as}
        data-status={meta.status}
        data-complete={tape.complete}
      >
        <MatchPageHeader
          st={st}
          pb={pb}
          view={view}
          allowed={allowed}
          claims={claims}
          matchId={matchId}
          token={token}
          isLive={isLive}
          muted={muted}
          onToggleMuted={toggleMuted}
          onCopyLink={copyLink}
        />
        {copied && (
          <div className="toast" role="status">
            {copied}
          </div>
        )}
        <div className="sr-only" aria-live="polite" aria-atomic="true" data-testid="announcer">
          {muted ? '' : announcement}
        </div>
        <MatchNotices
          view={view}
          message={view.needsToken ? tokenNeededMessage(view.needsToken, names, matchId) : ''}
          forkOf={meta.forkOf}
          problem={pb.problem}
          live={disconnected ? live : null}
        />
        <MatchMain
          st={st}
          pb={pb}
          isLive={isLive}
          read={read}
          desk={desk}
          cov={cov}
          as={as}
          token={token}
          matchId={matchId}
          names={names}
          hovered={inspect?.tile ?? null}
        />
        <MatchFooter
          st={st}
          pb={pb}
          cov={cov}
          read={read}
          matchId={matchId}
          token={token}
          isLive={isLive}
          names={names}
          graphsOpen={graphsOpen}
          onToggleGraphs={toggleGraphs}
        />
        <CardInspector target={inspect} game={meta.game} />
        {tokenDialog}
      </div>
    </InspectContext.Provider>
  );
}

/** The notices above the board: a token the link needs, a fork, a deep link that did not fit, the live stream down. */
function MatchNotices(props: {
  view: Pick<PerspectiveState, 'needsToken' | 'openDialog' | 'dismissNeedsToken'>;
  message: string;
  forkOf: MatchListItem['forkOf'];
  problem: string | null;
  /** The live stream's state while it is down. */
  live: LiveStream | null;
}) {
  const { view, live } = props;
  return (
    <>
      {view.needsToken && (
        <div className="notice notice-warn" role="status" data-needs-token={view.needsToken}>
          {props.message}{' '}
          <button className="btn" onClick={() => view.openDialog(view.needsToken)}>
            Paste a token
          </button>{' '}
          <button className="btn ghost" onClick={view.dismissNeedsToken} aria-label="Dismiss">
            ×
          </button>
        </div>
      )}
      {props.forkOf && <ForkBanner forkOf={props.forkOf} />}
      {props.problem && (
        <div className="notice notice-warn" role="alert">
          {props.problem}
        </div>
      )}
      {live && (live.kind === 'reconnecting' || live.kind === 'failed') && (
        <div className="notice notice-warn" role="status">
          {live.kind === 'reconnecting'
            ? `Disconnected (${live.reason}). Reconnecting in ${Math.round(live.inMs / 1000)}s… The board below is the last moment received.`
            : `Live updates refused: ${live.reason}.`}
        </div>
      )}
    </>
  );
}

/** The board at the playhead with the casters' drawings, or why there is none. */
function BoardArea(props: {
  length: number;
  isLive: boolean;
  seq: number;
  board: { ok: true; board: BoardModel } | { ok: false; error: string } | null;
  desk: ReturnType<typeof useDrawingDesk>;
  as: Perspective;
  names: ReadonlyMap<string, string>;
  phases: (b: BoardModel) => ReturnType<TimelineNav['stripPhases']>;
}) {
  const { length, isLive, seq, board, desk, as } = props;
  return (
    <main className="board-wrap" aria-label="Board">
      <a
        className="skip skip-local"
        href="#timeline"
        onClick={(e) => {
          e.preventDefault();
          document.getElementById('timeline')?.focus();
        }}
      >
        Skip to the timeline
      </a>
      {length === 0 ? (
        <div className="state-panel">
          {isLive ? 'Waiting for the first event…' : 'This match has no events.'}
        </div>
      ) : board && board.ok ? (
        <>
          {desk.tools}
          <DrawnBoard
            drawings={desk.drawings}
            seq={seq}
            picking={desk.picking}
            onPick={desk.onPick}
            pending={desk.pending}
          >
            <FitHeight scroller=".board-wrap" contentKey={seq}>
              <Board
                board={board.board}
                perspective={as}
                phases={props.phases(board.board)}
                seats={props.names}
              />
            </FitHeight>
          </DrawnBoard>
        </>
      ) : (
        <div className="state-panel" role="alert">
          The board cannot be drawn at event {seq}: {board?.error}
        </div>
      )}
    </main>
  );
}

/** "There is no turn 40: this match has turns 1–12 so far." */
/** Why the page shows the public board for a link to `wanted`, and where its token comes from. */
export function tokenNeededMessage(
  wanted: Perspective,
  names: ReadonlyMap<string, string>,
  matchId: string,
): string {
  const who =
    wanted === 'judge'
      ? 'the judge view'
      : wanted === 'coverage'
        ? 'the coverage view'
        : `${names.get(wanted) ?? wanted}'s seat`;
  const mint =
    wanted === 'judge' || wanted === 'coverage'
      ? `npx matchtape token --role ${wanted}`
      : `npx matchtape token --role seat --match ${matchId} --seat ${wanted}`;
  return `This link opens ${who}, which needs a token this tab does not have: you are watching the public view. Ask the organiser for the token (they mint it with ${mint}) and paste it here.`;
}

/**
 * What the page says about a deep link it could not follow as written: a ?seq or ?turn that is not a number, or
 * a ?seq past the end of a finished match (all land on the last event); null when the link is fine.
 */
export function deepLinkProblem(
  link: { seq: string | null; turn: string | null },
  length: number,
  live: boolean,
): string | null {
  const where = live ? 'following the match live' : `showing the last event (${length})`;
  if (link.seq !== null) {
    if (!/^\d+$/.test(link.seq))
      return `The link asks for event "${link.seq}", which is not an event number (0, 1, 2 …): ${where} instead.`;
    if (Number(link.seq) > length && !live)
      return `The link asks for event ${link.seq}, but this match has ${length} events: ${where} instead.`;
    return null;
  }
  if (link.turn !== null && !/^\d+$/.test(link.turn))
    return `The link asks for turn "${link.turn}", which is not a turn number: ${where} instead.`;
  return null;
}

export function noTurnMessage(
  n: number,
  range: { first: number; last: number } | null,
  live: boolean,
): string {
  if (!range) return `There is no turn ${n}: the match has no turns yet.`;
  const first = Math.max(range.first, 1);
  const span =
    range.last >= first
      ? first === range.last
        ? `only turn ${first}`
        : `turns ${first}–${range.last}`
      : 'no turns';
  return `There is no turn ${n}: this match has ${span}${live ? ' so far' : ''}.`;
}

/** The playback footer: annotation markers, the scrubber with its key moments and disputes, the controls, graphs. */
function MatchFooter(props: {
  st: TapeState;
  pb: Playback;
  cov: ReturnType<typeof useCoverage>;
  read: ReturnType<typeof useTapeReadings>;
  matchId: string;
  token: string | null;
  isLive: boolean;
  names: ReadonlyMap<string, string>;
  graphsOpen: boolean;
  onToggleGraphs: () => void;
}) {
  const { pb, cov, read, matchId, token, isLive, names, graphsOpen } = props;
  const { game, tape, version } = props.st;
  const { seq, seek } = pb;
  if (!game || !tape) return null;
  const nav = tape.timeline;
  const length = tape.length;
  const turn = nav.turnAt(seq);
  const phase = nav.phaseAt(seq);
  const toggleGraphs = props.onToggleGraphs;
  return (
    <footer className="controls" aria-label="Playback">
      <AnnotationMarkers cov={cov} length={length} seq={seq} onSeek={(s) => seek(s)} />
      <Scrubber
        nav={nav}
        length={length}
        version={version}
        seq={seq}
        phases={read.phases}
        onSeek={(s, dragging) => {
          pb.setPlaying(false); // a hand on the scrubber takes over from playback
          seek(s, dragging);
        }}
        onDragEnd={() => pb.setScrubbing(false)}
        keyLabel={read.keyLabel}
        phaseLabel={(ph) => positionWords(game.id, ph, null).phase}
        extraMarkers={<DisputeMarkers matchId={matchId} token={token} length={length} onSeek={seek} />}
      />
      <PlaybackControls
        playback={pb}
        length={length}
        graphsOpen={graphsOpen}
        onToggleGraphs={toggleGraphs}
        seqOfTurn={(n) => nav.seqOfTurn(n)}
        noTurn={(n) => noTurnMessage(n, nav.turnRange(), isLive)}
        loading={!tape.complete}
        position={
          <>
            <strong>{turn ? `Turn ${turn.turn}` : 'Setup'}</strong>
            {phase && <span> · {positionText(game.id, phase.phase, tape.envelope(seq)?.step)}</span>}
            <span className="muted">
              {' '}
              · event <span data-testid="seq">{seq}</span>/{length}
            </span>
          </>
        }
      />
      {graphsOpen && (
        <div id="graphs">
          {read.figures ? (
            <Graphs series={read.figures} names={names} seq={seq} onSeek={seek} />
          ) : (
            <p className="graphs-empty muted">Loading the whole match for the graphs…</p>
          )}
        </div>
      )}
    </footer>
  );
}

/** The header with what it shows of the match: live status, round clock, perspective switch, dispute here. */
function MatchPageHeader(props: {
  st: TapeState;
  pb: Playback;
  view: PerspectiveState;
  allowed: Perspective[];
  claims: ReturnType<typeof readClaims>;
  matchId: string;
  token: string | null;
  isLive: boolean;
  muted: boolean;
  onToggleMuted: () => void;
  onCopyLink: () => void;
}) {
  const { st, pb, view, allowed, claims, matchId, token, isLive, muted } = props;
  const { meta, game } = st;
  if (!meta || !game) return null;
  const as = view.as;
  const seq = pb.seq;
  const seats = meta.players;
  const players = seats.map((s) => s.name).join(' vs ') || matchId;
  const live = st.live;
  const toggleMuted = props.onToggleMuted;
  const copyLink = props.onCopyLink;
  return (
    <MatchHeader
      title={meta.gameTitle ?? game.title}
      players={players}
      status={
        <>
          <LiveStatus
            isLive={isLive}
            following={pb.following}
            live={live}
            liveOpened={st.liveOpened}
            delaySeconds={st.delaySeconds}
            onBackToLive={pb.backToLive}
          />
          <EventRoundClock at={meta.eventTable} />
          <PerspectiveSwitch
            value={as}
            seats={seats}
            allowed={allowed}
            onChange={view.switchTo}
            onNeedToken={(w) => view.openDialog(w)}
          />
        </>
      }
      dispute={<DisputeHere matchId={matchId} seq={seq} token={token} claims={claims} seats={seats} />}
      muted={muted}
      onToggleMuted={toggleMuted}
      onCopyLink={copyLink}
      hasToken={token !== null}
      onTokenDialog={() => view.openDialog(null)}
    />
  );
}

/** The board, the log and the coverage notes side by side. */
function MatchMain(props: {
  st: TapeState;
  /** The playhead; while a hand drags it (`scrubbing`) the log waits for the drag to pause. */
  pb: Pick<Playback, 'seq' | 'scrubbing' | 'seek'>;
  isLive: boolean;
  read: ReturnType<typeof useTapeReadings>;
  desk: ReturnType<typeof useDrawingDesk>;
  cov: ReturnType<typeof useCoverage>;
  as: Perspective;
  token: string | null;
  matchId: string;
  names: ReadonlyMap<string, string>;
  hovered: InspectTarget['tile'] | null;
}) {
  const { st, isLive, read, desk, cov, as, token, matchId, names } = props;
  const { seq, scrubbing, seek } = props.pb;
  const [logFilter, setLogFilter] = useState<LogFilter>('follow');
  // The board follows every frame of a drag; the log catches up when the drag pauses or ends (useSettledSeq), and
  // may lag a keyboard step or playback by a frame.
  const logSeq = useDeferredValue(useSettledSeq(seq, scrubbing));
  const { game, tape, meta } = st;
  if (!game || !tape || !meta) return null;
  const nav = tape.timeline;
  const length = tape.length;
  const seats = meta.players;
  return (
    <div className="match-main">
      <BoardArea
        length={length}
        isLive={isLive}
        seq={seq}
        board={read.board}
        desk={desk}
        as={as}
        names={names}
        phases={(b) => nav.stripPhases(read.phases, b.phase, b.turn, seats.length || b.players.length)}
      />
      <Log
        game={game}
        envelopes={tape.envelopes}
        names={read.cardNamesAt}
        nav={nav}
        seats={names}
        length={length}
        seq={logSeq}
        filter={logFilter}
        onFilter={setLogFilter}
        onSeek={seek}
      />
      <AnnotationPanel
        cov={cov}
        matchId={matchId}
        as={as}
        token={token}
        seq={seq}
        onSeek={(s) => seek(s)}
        hovered={props.hovered}
      />
    </div>
  );
}

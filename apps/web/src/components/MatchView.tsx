'use client';
// One view for live and replay: board, scrubber, log, perspective, deep links. The browser folds the redacted
// events it was sent (MatchTape); scrubbing, stepping and playback never ask the server.
import { EventRoundClock } from './events/RoundClock';
import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import type { BoardModel } from '@matchtape/engine';
import { ApiError } from '../lib/api';
import { cardNames } from '../lib/names';
import { humanPhase, humanText, positionWords, positionText, seatNames } from '../lib/present';
import { machineStateKeys, orderedPhases, type KeyMomentMarker } from '../lib/timeline';
import { NoSuchSeat, useMatchTape } from '../lib/useMatchTape';
import { useViewerToken } from '../lib/useViewerToken';
import {
  forgetToken,
  isPerspective,
  perspectivesFor,
  readClaims,
  saveToken,
  type Perspective,
} from '../lib/viewer';
import { turnFigures } from '@matchtape/projections';
import { Board } from './Board';
import { FitHeight } from './FitHeight';
import { ForkBanner } from './ForkBanner';
import { AnnotationMarkers } from './coverage/AnnotationMarkers';
import { AnnotationPanel } from './coverage/AnnotationPanel';
import { useCoverage } from './coverage/useCoverage';
import { DrawnBoard } from './drawing/DrawingLayer';
import { useDrawingDesk } from './drawing/DrawingDesk';
import { Icon } from './Icon';
import { Log, type LogFilter } from './Log';
import { PerspectiveSwitch, TokenDialog } from './Perspective';
import { CardInspector, InspectContext, type InspectTarget } from './Tile';
import { Scrubber, SPEEDS, type Speed } from './Timeline';
import { Graphs } from './Graphs';
import { DisputeHere } from './review/DisputeHere';
import { DisputeMarkers } from './review/DisputeMarkers';

/** Events per second at 1×. */
export const BASE_RATE = 4;
/** Real-time playback waits at most this long between two events (a paused match would otherwise stall it). */
const MAX_REAL_GAP_MS = 30_000;

/** Announcements of new events (aria-live) are on unless muted here; kept per browser. */
const ANNOUNCE_KEY = 'matchtape.announce';
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

function MatchPlayer({ matchId, token, setToken, initialSeq, initialTurn, initialAs, link }: PlayerProps) {
  // A link to a perspective this tab's token does not open starts on the public board (never a blank page); the
  // notice below says how to get the seat's token.
  const [as, setAs] = useState<Perspective>(() =>
    initialAs === 'public' ||
    perspectivesFor(token ? readClaims(token) : null, [initialAs]).includes(initialAs)
      ? initialAs
      : 'public',
  );
  const [needsToken, setNeedsToken] = useState<Perspective | null>(as !== initialAs ? initialAs : null);
  const [retry, setRetry] = useState(0);
  // The page shows the casters' drawings, which may come after the end too: the stream follows them (followSide).
  const st = useMatchTape(matchId, as, token, retry, true);
  const cov = useCoverage(matchId, as, token);
  const { meta, game, tape, version } = st;
  const length = tape?.length ?? 0;
  const isLive = st.phase === 'ready' && !st.ended;

  const [pos, setPos] = useState<number | null>(initialSeq);
  const [follow, setFollow] = useState(initialSeq === null && initialTurn === null);
  /** "There is no turn N" after a jump or a ?turn= link to a turn the match does not have (yet). */
  const [turnProblem, setTurnProblem] = useState<string | null>(null);
  const [muted, setMuted] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<Speed>(1);
  const [scrubbing, setScrubbing] = useState(false);
  const [logFilter, setLogFilter] = useState<LogFilter>('follow');
  const [dialog, setDialog] = useState<{ wanted: Perspective | null } | null>(null);
  const [inspect, setInspect] = useState<InspectTarget | null>(null);
  const [copied, setCopied] = useState<string | null>(null);
  const [turnInput, setTurnInput] = useState('');
  const [graphsOpen, setGraphsOpen] = useState(false);

  const following = follow && isLive;
  const seq = Math.max(0, Math.min(following || pos === null ? length : pos, length));
  // The log may lag the playhead by a frame while scrubbing; the board never does.
  const logSeq = useDeferredValue(seq);
  const seqRef = useRef(seq);
  seqRef.current = seq;

  // A seat the match does not have is not a token problem: load it, and the page says there is no such seat.
  useEffect(() => {
    if (
      !meta ||
      !needsToken ||
      needsToken === 'judge' ||
      needsToken === 'coverage' ||
      meta.players.some((p) => p.id === needsToken)
    )
      return;
    setNeedsToken(null);
    setAs(needsToken);
  }, [meta, needsToken]);
  const seats = useMemo(() => meta?.players ?? [], [meta]);
  const names = useMemo(() => seatNames(seats), [seats]);
  const claims = token ? readClaims(token) : null;
  // The casters' drawings on the board (time-locked for this viewer), and the tools to draw in the coverage view.
  const desk = useDrawingDesk(matchId, as, token, seq, cov.canWrite, claims?.role ?? null, st.drawingFrames);
  const allowed = useMemo(
    () => perspectivesFor(claims, seats.length ? seats.map((s) => s.id) : ['p1', 'p2']),
    [claims, seats],
  );

  useEffect(() => {
    setMuted(window.localStorage.getItem(ANNOUNCE_KEY) === 'off');
    setGraphsOpen(window.localStorage.getItem(GRAPHS_KEY) === 'on');
  }, []);
  const toggleGraphs = () => {
    setGraphsOpen((o) => {
      window.localStorage.setItem(GRAPHS_KEY, o ? 'off' : 'on');
      return !o;
    });
  };
  const toggleMuted = () => {
    setMuted((m) => {
      window.localStorage.setItem(ANNOUNCE_KEY, m ? 'on' : 'off');
      return !m;
    });
  };

  const seek = useCallback(
    (s: number, dragging = false) => {
      setFollow(false);
      setTurnProblem(null);
      setPos(Math.max(0, Math.min(s, tape?.length ?? 0)));
      setScrubbing(dragging);
    },
    [tape],
  );
  const backToLive = useCallback(() => {
    setFollow(true);
    setPos(null);
    setPlaying(false);
  }, []);

  // Playback: a steady rate (0.5×–8×) or the original pacing between events (real time).
  useEffect(() => {
    if (!playing || !tape) return;
    let raf = 0;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const atEnd = () => {
      setPlaying(false);
      if (isLive) backToLive();
    };
    if (speed === 'real') {
      const step = () => {
        const cur = seqRef.current;
        if (cur >= tape.length) return atEnd();
        timer = setTimeout(
          () => {
            seek(cur + 1);
            step();
          },
          Math.min(tape.timeline.gapAfter(cur), MAX_REAL_GAP_MS),
        );
      };
      step();
    } else {
      let acc = 0;
      let last = performance.now();
      const tick = (now: number) => {
        acc += ((now - last) / 1000) * BASE_RATE * speed;
        last = now;
        const n = Math.floor(acc);
        if (n > 0) {
          acc -= n;
          const next = Math.min(seqRef.current + n, tape.length);
          seek(next);
          if (next >= tape.length) return atEnd();
        }
        raf = requestAnimationFrame(tick);
      };
      raf = requestAnimationFrame(tick);
    }
    return () => {
      cancelAnimationFrame(raf);
      if (timer) clearTimeout(timer);
    };
  }, [playing, speed, tape, isLive, seek, backToLive]);

  const stepEvent = useCallback((d: number) => seek(seqRef.current + d), [seek]);
  const stepTurn = useCallback(
    (d: number) => {
      if (!tape) return;
      const nav = tape.timeline;
      seek(d > 0 ? nav.nextTurnStart(seqRef.current) : nav.prevTurnStart(seqRef.current));
    },
    [tape, seek],
  );
  const togglePlay = useCallback(() => {
    setPlaying((p) => {
      if (!p && seqRef.current >= (tape?.length ?? 0) && !isLive) seek(0);
      return !p;
    });
  }, [tape, isLive, seek]);

  // Keyboard: ←/→ event, Shift+←/→ turn, Space play, Home/End, L back to live.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      if (
        t &&
        (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT' || t.isContentEditable)
      )
        return;
      if (dialog || e.ctrlKey || e.metaKey || e.altKey) return;
      // Arrow keys inside the perspective switch or the key-moment markers move within them, not the match.
      if (t && t.closest('[role="radiogroup"], [role="toolbar"]') && e.key.startsWith('Arrow')) return;
      const k = e.key;
      if (k === 'ArrowLeft' || k === 'ArrowRight') {
        e.preventDefault();
        const d = k === 'ArrowLeft' ? -1 : 1;
        if (e.shiftKey) stepTurn(d);
        else stepEvent(d);
      } else if (k === ' ' || k === 'Spacebar') {
        if (t && t.tagName === 'BUTTON') return; // the focused button's own click
        e.preventDefault();
        togglePlay();
      } else if (k === 'Home') {
        e.preventDefault();
        seek(0);
      } else if (k === 'End') {
        e.preventDefault();
        if (isLive) backToLive();
        else seek(tape?.length ?? 0);
      } else if (k === 'l' || k === 'L') {
        if (isLive) backToLive();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [dialog, stepEvent, stepTurn, togglePlay, seek, tape, isLive, backToLive]);

  // A deep link opened: ?turn=N seeks to the start of that turn; ?seq past the end of a live match follows live.
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
        setTurnProblem(noTurnMessage(initialTurn, tape.timeline.turnRange(), isLive));
      }
    } else if (initialSeq !== null && initialSeq > tape.length && isLive) backToLive();
    const problem = link ? deepLinkProblem(link, tape.length, isLive) : null;
    if (problem) setTurnProblem(problem);
  }, [st.phase, tape, initialTurn, initialSeq, isLive, seek, backToLive, link]);

  // The address bar always holds a link to this moment (seq omitted while following live), updated as soon as
  // the playhead moves so a reload keeps the moment; while dragging, once the drag ends.
  useEffect(() => {
    if (st.phase !== 'ready' || scrubbing) return;
    const u = new URL(window.location.href);
    if (following) u.searchParams.delete('seq');
    else u.searchParams.set('seq', String(seq));
    u.searchParams.delete('turn');
    if (as === 'public') u.searchParams.delete('as');
    else u.searchParams.set('as', as);
    if (u.toString() !== window.location.href)
      window.history.replaceState(window.history.state, '', u.toString());
  }, [seq, as, following, st.phase, scrubbing]);

  const copyLink = async () => {
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

  // New events while following live, announced politely (aria-live) unless muted: the latest line, with a count
  // when several arrived together; at most one announcement every 1.5 s (a throttle, not a debounce: a busy
  // match that never pauses is still announced).
  const announced = useRef(0);
  const announceTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const announceLatest = useRef<() => void>(() => {});
  announceLatest.current = () => {
    if (!tape || !game) return;
    const from = announced.current + 1;
    const e = tape.envelopes[length - 1];
    if (!e || length < from) return;
    let line: string;
    try {
      line = humanText(game.describe(e), cardNamesAt(length, length), names);
    } catch {
      line = humanPhase(e.type);
    }
    setAnnouncement(length > from ? `${length - from + 1} new events. Latest: ${line}` : line);
    announced.current = length;
  };
  useEffect(() => {
    if (!tape || !game || !following || muted) {
      announced.current = length;
      return;
    }
    if (announced.current === 0) announced.current = length; // not the whole backlog on arrival
    if (length <= announced.current || announceTimer.current) return;
    announceTimer.current = setTimeout(() => {
      announceTimer.current = null;
      announceLatest.current();
    }, 1500);
  }, [length, following, muted, tape, game]);
  useEffect(
    () => () => {
      if (announceTimer.current) clearTimeout(announceTimer.current);
    },
    [],
  );

  useEffect(() => {
    if (meta)
      document.title = `${meta.players.map((p) => p.name).join(' vs ') || meta.matchId} · ${game?.title ?? meta.game} · Matchtape`;
  }, [meta, game]);

  const switchTo = (p: Perspective) => {
    setAs(p);
    setPlaying(false);
  };

  // ---- states: loading / error ----
  if (st.phase === 'error') {
    const err = st.error;
    if (err instanceof NoSuchSeat) {
      return (
        <div className="state-panel" role="alert">
          <h1>No seat {err.seat} in this match</h1>
          <p>
            This match has {err.seats.length} players:{' '}
            {err.seats.map((p) => `${p.name} (${p.id})`).join(', ')}. Choose one of them, or watch as the
            public.
          </p>
          <div className="row">
            <button className="btn primary" onClick={() => switchTo('public')}>
              Watch as public
            </button>
            <Link className="btn ghost" href="/">
              All matches
            </Link>
          </div>
        </div>
      );
    }
    const status = err instanceof ApiError ? err.status : -1;
    return (
      <div className="state-panel" role="alert">
        <h1>
          {status === 404
            ? 'Match not found'
            : status === 401 || status === 403
              ? 'This perspective needs a token'
              : 'Could not load the match'}
        </h1>
        <p>
          {status === 404
            ? 'There is no match at this address. It may have been mistyped, or the link may come from another Matchtape server.'
            : err?.message}
        </p>
        <div className="row">
          {(status === 401 || status === 403) && (
            <>
              <button className="btn primary" onClick={() => setDialog({ wanted: as })}>
                Paste a token
              </button>
              <button className="btn" onClick={() => switchTo('public')}>
                Watch as public
              </button>
            </>
          )}
          {status !== 404 && status !== 401 && status !== 403 && (
            <button className="btn primary" onClick={() => setRetry((r) => r + 1)}>
              Retry
            </button>
          )}
          <Link className="btn ghost" href="/">
            All matches
          </Link>
        </div>
        <TokenDialog
          open={dialog !== null}
          matchId={matchId}
          wanted={dialog?.wanted ?? null}
          hasToken={token !== null}
          onSave={(t) => {
            saveToken(sessionStorage, matchId, t);
            setToken(t);
            setDialog(null);
          }}
          onForget={() => {
            forgetToken(sessionStorage, matchId);
            setToken(null);
            setDialog(null);
          }}
          onClose={() => setDialog(null)}
        />
      </div>
    );
  }
  if (!meta || !game || !tape || st.phase === 'loading') {
    return (
      <div className="state-panel" aria-busy="true">
        <div className="spinner" aria-hidden="true" />
        <p>
          Loading match
          {meta && meta.lastSeq > 0
            ? ` · ${st.loaded.toLocaleString('en')} of ${meta.lastSeq.toLocaleString('en')} events`
            : ''}
          …
        </p>
        {meta && meta.lastSeq > 0 && (
          <progress className="load-progress" max={meta.lastSeq} value={st.loaded}>
            {st.loaded}
          </progress>
        )}
      </div>
    );
  }

  const nav = tape.timeline;
  const turn = nav.turnAt(seq);
  const phase = nav.phaseAt(seq);
  const live = st.live;
  const disconnected = isLive && live !== null && (live.kind === 'reconnecting' || live.kind === 'failed');
  const connecting = isLive && !st.liveOpened && (live === null || live.kind === 'connecting');
  const title = meta.gameTitle ?? game.title;

  return (
    <InspectContext.Provider value={setInspect}>
      <div
        className={`match-page${scrubbing ? ' is-scrubbing' : ''}`}
        data-seq={seq}
        data-length={length}
        data-perspective={as}
        data-status={meta.status}
      >
        <header className="match-head">
          <Link href="/" className="back" aria-label="All matches">
            ←
          </Link>
          <div className="match-title">
            <span className="game-name">{title}</span>
            <h1 title={seats.map((s) => s.name).join(' vs ') || matchId}>
              {seats.map((s) => s.name).join(' vs ') || matchId}
            </h1>
          </div>
          <div
            className="match-status"
            data-live={
              isLive
                ? disconnected
                  ? 'disconnected'
                  : connecting
                    ? 'connecting'
                    : following
                      ? 'live'
                      : 'behind'
                : 'ended'
            }
          >
            {isLive ? (
              following ? (
                disconnected || connecting ? (
                  <span
                    className="badge badge-off"
                    role="status"
                    title={
                      disconnected
                        ? 'Not receiving live events; reconnecting'
                        : 'Connecting to the live stream'
                    }
                  >
                    <span className="dot" aria-hidden="true" /> {disconnected ? 'Offline' : 'Connecting'}
                  </span>
                ) : (
                  <span className="badge badge-live" aria-label="Live">
                    <span className="dot" aria-hidden="true" /> LIVE
                  </span>
                )
              ) : (
                <button className="badge badge-behind" onClick={backToLive} title="Back to live (L)">
                  ● Back to live
                </button>
              )
            ) : (
              <span className="badge badge-ended">Finished</span>
            )}
            {isLive && (
              <span className="delay" title="Spectators see the match this far behind">
                {st.delaySeconds ? `delay ${st.delaySeconds}s` : 'no delay'}
              </span>
            )}
          </div>
          <EventRoundClock at={meta.eventTable} />
          <PerspectiveSwitch
            value={as}
            seats={seats}
            allowed={allowed}
            onChange={switchTo}
            onNeedToken={(w) => setDialog({ wanted: w })}
          />
          <div className="head-actions">
            <DisputeHere matchId={matchId} seq={seq} token={token} claims={claims} seats={seats} />
            <button
              className="btn ghost"
              onClick={toggleMuted}
              aria-pressed={!muted}
              aria-label="Announce new events"
              title={
                muted
                  ? 'Screen-reader announcements of new events are off'
                  : 'New events are announced to screen readers'
              }
            >
              <Icon name={muted ? 'mute' : 'sound'} />{' '}
              <span className="label-wide">{muted ? 'Announcements off' : 'Announcements on'}</span>
            </button>
            <button
              className="btn"
              onClick={copyLink}
              aria-label="Copy link to this moment"
              title="Copy a link to this moment and perspective"
            >
              <Icon name="link" /> <span className="label-wide">Copy link to this moment</span>
            </button>
            <button
              className="btn ghost"
              onClick={() => setDialog({ wanted: null })}
              aria-label={token ? 'Token set: change or forget it' : 'Paste a viewer token'}
              title="Paste or forget a viewer token"
            >
              <Icon name="key" /> <span className="label-wide">{token ? 'Token set' : 'Token…'}</span>
            </button>
          </div>
        </header>
        {copied && (
          <div className="toast" role="status">
            {copied}
          </div>
        )}
        <div className="sr-only" aria-live="polite" aria-atomic="true" data-testid="announcer">
          {muted ? '' : announcement}
        </div>
        {needsToken && (
          <div className="notice notice-warn" role="status" data-needs-token={needsToken}>
            {tokenNeededMessage(needsToken, names, matchId)}{' '}
            <button className="btn" onClick={() => setDialog({ wanted: needsToken })}>
              Paste a token
            </button>{' '}
            <button className="btn ghost" onClick={() => setNeedsToken(null)} aria-label="Dismiss">
              ×
            </button>
          </div>
        )}
        {meta.forkOf && <ForkBanner forkOf={meta.forkOf} />}
        {turnProblem && (
          <div className="notice notice-warn" role="alert">
            {turnProblem}
          </div>
        )}
        {disconnected && (
          <div className="notice notice-warn" role="status">
            {live.kind === 'reconnecting'
              ? `Disconnected (${live.reason}). Reconnecting in ${Math.round(live.inMs / 1000)}s… The board below is the last moment received.`
              : `Live updates refused: ${live.reason}.`}
          </div>
        )}
        <div className="match-main">
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
                      phases={tape.timeline.stripPhases(
                        phases,
                        board.board.phase,
                        board.board.turn,
                        seats.length || board.board.players.length,
                      )}
                      seats={names}
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
          <Log
            game={game}
            envelopes={tape.envelopes}
            names={cardNamesAt}
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
            hovered={inspect?.tile ?? null}
          />
        </div>
        <footer className="controls" aria-label="Playback">
          <AnnotationMarkers cov={cov} length={length} seq={seq} onSeek={(s) => seek(s)} />
          <Scrubber
            nav={nav}
            length={length}
            version={version}
            seq={seq}
            phases={phases}
            onSeek={(s, dragging) => {
              setPlaying(false); // a hand on the scrubber takes over from playback
              seek(s, dragging);
            }}
            onDragEnd={() => setScrubbing(false)}
            keyLabel={keyLabel}
            phaseLabel={(ph) => positionWords(game.id, ph, null).phase}
            extraMarkers={<DisputeMarkers matchId={matchId} token={token} length={length} onSeek={seek} />}
          />
          <div className="control-row">
            <div className="buttons">
              <button className="icon" onClick={() => seek(0)} aria-label="Start (Home)" title="Start (Home)">
                <Icon name="first" />
              </button>
              <button
                className="icon"
                onClick={() => stepTurn(-1)}
                aria-label="Previous turn (Shift+←)"
                title="Previous turn (Shift+←)"
              >
                <Icon name="prevTurn" />
              </button>
              <button
                className="icon"
                onClick={() => stepEvent(-1)}
                aria-label="Previous event (←)"
                title="Previous event (←)"
              >
                <Icon name="prev" />
              </button>
              <button
                className="icon play"
                onClick={togglePlay}
                aria-label={playing ? 'Pause (Space)' : 'Play (Space)'}
                title={playing ? 'Pause (Space)' : 'Play (Space)'}
              >
                <Icon name={playing ? 'pause' : 'play'} size={16} />
              </button>
              <button
                className="icon"
                onClick={() => stepEvent(1)}
                aria-label="Next event (→)"
                title="Next event (→)"
              >
                <Icon name="next" />
              </button>
              <button
                className="icon"
                onClick={() => stepTurn(1)}
                aria-label="Next turn (Shift+→)"
                title="Next turn (Shift+→)"
              >
                <Icon name="nextTurn" />
              </button>
              <button className="icon" onClick={() => seek(length)} aria-label="End (End)" title="End (End)">
                <Icon name="last" />
              </button>
              <button
                className="btn ghost graphs-toggle"
                onClick={toggleGraphs}
                aria-expanded={graphsOpen}
                aria-controls="graphs"
                title="Life, hand and resources per turn"
              >
                Graphs
              </button>
              <label className="speed">
                <span className="sr-only">Speed</span>
                <select
                  value={String(speed)}
                  onChange={(e) =>
                    setSpeed(e.target.value === 'real' ? 'real' : (Number(e.target.value) as Speed))
                  }
                >
                  {SPEEDS.map((s) => (
                    <option key={s} value={s}>
                      {s}×
                    </option>
                  ))}
                  <option value="real">real time</option>
                </select>
              </label>
            </div>
            <div className="position" aria-live="off">
              <strong>{turn ? `Turn ${turn.turn}` : 'Setup'}</strong>
              {phase && <span> · {positionText(game.id, phase.phase, tape.envelope(seq)?.step)}</span>}
              <span className="muted">
                {' '}
                · event <span data-testid="seq">{seq}</span>/{length}
              </span>
            </div>
            <p className="keys muted" aria-label="Keyboard shortcuts">
              <kbd>←</kbd>
              <kbd>→</kbd> event · <kbd>Shift</kbd> turn · <kbd>Space</kbd> play · <kbd>L</kbd> live
            </p>
            <form
              className="jump"
              onSubmit={(e) => {
                e.preventDefault();
                const n = Number(turnInput);
                const s = turnInput.trim() !== '' && Number.isInteger(n) ? nav.seqOfTurn(n) : null;
                if (s !== null) seek(s);
                else
                  setTurnProblem(
                    turnInput.trim() === ''
                      ? 'Type a turn number to jump to.'
                      : noTurnMessage(n, nav.turnRange(), isLive),
                  );
              }}
            >
              <label>
                <span className="sr-only">Jump to turn</span>
                <input
                  type="number"
                  min={0}
                  inputMode="numeric"
                  placeholder="turn"
                  value={turnInput}
                  onChange={(e) => setTurnInput(e.target.value)}
                />
              </label>
              <button className="btn" type="submit" aria-label="Go to that turn">
                Go
              </button>
            </form>
          </div>
          {graphsOpen && (
            <div id="graphs">
              {figures ? (
                <Graphs series={figures} names={names} seq={seq} onSeek={seek} />
              ) : (
                <p className="graphs-empty muted">Loading the whole match for the graphs…</p>
              )}
            </div>
          )}
        </footer>
        <CardInspector target={inspect} game={meta.game} />
        <TokenDialog
          open={dialog !== null}
          matchId={matchId}
          wanted={dialog?.wanted ?? null}
          hasToken={token !== null}
          onSave={(t) => {
            saveToken(sessionStorage, matchId, t);
            setToken(t);
            const w = dialog?.wanted;
            setDialog(null);
            if (w) setAs(w);
            if (w === needsToken) setNeedsToken(null);
          }}
          onForget={() => {
            forgetToken(sessionStorage, matchId);
            setToken(null);
            setAs('public');
            setDialog(null);
          }}
          onClose={() => setDialog(null)}
        />
      </div>
    </InspectContext.Provider>
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

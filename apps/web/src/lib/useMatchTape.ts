'use client';
// Loads one match for one viewer into a MatchTape: the match record; for a long match first the server's window
// at the playhead (the viewer's keyframe and the events after it: the first board), then every other event the
// viewer may see (pages fetched in parallel) behind it; then, until the viewer holds the whole match, the SSE
// stream resumed from the last seq held (Last-Event-ID).
import { useEffect } from 'react';
import type { AnyGameModule, EventEnvelope } from '@matchtape/engine';
import { getGame } from '@matchtape/games';
import { authHeaders, getEvents, getMatch, getWindow, liveUrl, type MatchListItem } from './api';
import { openSharedLive } from './liveHub';
import { presenceOf } from './table';
import { isEnvelope, type LiveStatus, type SseMessage } from './sse';
import { MatchTape } from './tape';
import { useKeyedState } from './useKeyedState';
import type { Perspective } from './viewer';

export const PAGE = 1000;
/** A match longer than this opens from a server window instead of waiting for every page. */
export const WINDOW_FROM = 1500;

/**
 * What a deep link asks for: the playhead (?seq=N), so the window is cut around it, or a turn (?turn=N without
 * ?seq), which MatchView resolves against the full timeline.
 */
function deepLink(): { seq: number | null; turn: boolean } {
  if (typeof window === 'undefined') return { seq: null, turn: false };
  const q = new URLSearchParams(window.location.search);
  const raw = q.get('seq');
  const n = raw === null ? NaN : Number(raw);
  return { seq: Number.isInteger(n) && n >= 0 ? n : null, turn: raw === null && q.get('turn') !== null };
}

/** A perspective of a seat the match does not have (?as=p7 on a two-player match). */
export class NoSuchSeat extends Error {
  override readonly name = 'NoSuchSeat';
  constructor(
    readonly seat: string,
    readonly seats: readonly { id: string; name: string }[],
  ) {
    super(`this match has no seat ${seat}; its seats are ${seats.map((p) => p.id).join(', ')}`);
  }
}

export interface TapeState {
  meta: MatchListItem | null;
  game: AnyGameModule | null;
  tape: MatchTape | null;
  /** Bumps whenever events are appended. */
  version: number;
  phase: 'loading' | 'ready' | 'error';
  error: Error | null;
  live: LiveStatus | null;
  /** The live stream has been open at least once (a later "connecting" is a quick resubscribe, not a first connect). */
  liveOpened: boolean;
  /** True once the viewer holds the match's last event (MatchEnded or the stream's `end`). */
  ended: boolean;
  /** Delay the server applies to this viewer. */
  delaySeconds: number | null;
  /** ms from starting to load to the first board (for the performance figures). */
  firstBoardMs: number | null;
  /** Events loaded so far while loading. */
  loaded: number;
  /** Seats this seat's live stream said came or went (SSE `event: presence`, seats only): seat → connected. */
  presence: Readonly<Record<string, boolean>>;
  /**
   * The casters' drawings side events the live stream let through for this viewer (SSE `event: drawing`, already
   * time-locked and checked for hidden cards by the server), one per side seq in seq order. A reconnect sends the
   * stream again from its start; the latest frame of each seq is kept.
   */
  drawingFrames: readonly unknown[];
}

const sideSeq = (x: unknown): number =>
  x && typeof x === 'object' && typeof (x as { seq?: unknown }).seq === 'number'
    ? (x as { seq: number }).seq
    : -1;

/** Side frames by their side seq, in seq order: a frame sent again (after a reconnect) replaces its earlier copy. */
export function withSideFrames(held: readonly unknown[], more: readonly unknown[]): unknown[] {
  const bySeq = new Map<number, unknown>(held.map((f) => [sideSeq(f), f]));
  for (const f of more) if (sideSeq(f) >= 1) bySeq.set(sideSeq(f), f);
  return [...bySeq.entries()].sort((a, b) => a[0] - b[0]).map(([, f]) => f);
}

const INITIAL: TapeState = {
  meta: null,
  game: null,
  tape: null,
  version: 0,
  phase: 'loading',
  error: null,
  live: null,
  liveOpened: false,
  ended: false,
  delaySeconds: null,
  firstBoardMs: null,
  loaded: 0,
  presence: {},
  drawingFrames: [],
};

type SetTapeState = (f: (s: TapeState) => TapeState) => void;

/** What one load of a match shares between its steps: who asks, how to stop, and how to report. */
interface Load {
  matchId: string;
  as: Perspective;
  auth: { token: string | null };
  signal: AbortSignal;
  t0: number;
  setSt: SetTapeState;
  /** State patch that also bumps `version` (events were appended). */
  bump: (patch?: Partial<TapeState>) => void;
  /** One page of events [from, to] for this viewer (noting the server's delay). */
  page: (from: number, to: number) => Promise<EventEnvelope[]>;
}

function newLoad(
  matchId: string,
  as: Perspective,
  token: string | null,
  signal: AbortSignal,
  setSt: SetTapeState,
): Load {
  const auth = { token };
  return {
    matchId,
    as,
    auth,
    signal,
    t0: performance.now(),
    setSt,
    bump: (patch = {}) => setSt((s) => ({ ...s, ...patch, version: s.version + 1 })),
    page: async (from, to) => {
      const r = await getEvents(matchId, as, { from, to }, auth, signal);
      if (r.delaySeconds !== null)
        setSt((s) => (s.delaySeconds === r.delaySeconds ? s : { ...s, delaySeconds: r.delaySeconds }));
      return r.events;
    },
  };
}

/** Sequential catch-up from the tape's end: stops at an empty page (the viewer's edge, delay included). */
async function fill(load: Load, tape: MatchTape, upTo?: number): Promise<void> {
  for (;;) {
    if (upTo !== undefined && tape.length >= upTo) return;
    const from = tape.length + 1;
    const batch = await load.page(
      from,
      upTo !== undefined ? Math.min(upTo, from + PAGE - 1) : from + PAGE - 1,
    );
    if (batch.length === 0 || tape.append(batch).added === 0) return;
  }
}

/** A long match: the first board from the server's window at the playhead. False when the match is loaded whole. */
async function openWindow(load: Load, tape: MatchTape, lastSeq: number): Promise<boolean> {
  // A ?turn=N link needs the whole timeline to find turn N's first seq, so it loads every page first.
  const link = deepLink();
  if (lastSeq <= WINDOW_FROM || link.turn) return false;
  const w = await getWindow(load.matchId, load.as, link.seq, load.auth, load.signal);
  if (w.delaySeconds !== null) load.setSt((s) => ({ ...s, delaySeconds: w.delaySeconds }));
  tape.seed(w.keyframe.seq, w.keyframe.state, w.events);
  load.bump({ phase: 'ready', firstBoardMs: performance.now() - load.t0, loaded: tape.history.count });
  return true;
}

/** Every page up to the known last seq, four requests at a time, appended in order as they complete. */
async function loadPages(load: Load, tape: MatchTape, lastSeq: number, windowed: boolean): Promise<void> {
  const pages: number[] = [];
  for (let from = 1; from <= lastSeq; from += PAGE) {
    // Pages the window already holds whole are not fetched again.
    if (windowed && from > tape.length - tape.history.count && from + PAGE - 1 <= tape.length) continue;
    pages.push(from);
  }
  const results = new Map<number, EventEnvelope[]>();
  let next = 0;
  let appended = 0;
  const fetcher = async () => {
    while (next < pages.length) {
      const from = pages[next++]!;
      results.set(from, await load.page(from, from + PAGE - 1));
      while (appended < pages.length && results.has(pages[appended]!)) {
        tape.append(results.get(pages[appended]!)!);
        results.delete(pages[appended]!);
        appended += 1;
        if (windowed) load.bump({ loaded: tape.history.count });
        else load.setSt((s) => ({ ...s, loaded: tape.length }));
      }
    }
  };
  await Promise.all([fetcher(), fetcher(), fetcher(), fetcher()]);
}

/** What one batch of SSE messages carries: match events, drawings, presence changes, the stream's end. */
export interface LiveBatch {
  events: EventEnvelope[];
  drawings: unknown[];
  presence: { seat: string; connected: boolean }[];
  endSeen: boolean;
}

export function readLiveBatch(msgs: readonly SseMessage[]): LiveBatch {
  const out: LiveBatch = { events: [], drawings: [], presence: [], endSeen: false };
  for (const m of msgs) {
    let data: unknown;
    try {
      data = JSON.parse(m.data);
    } catch {
      continue;
    }
    const seen = presenceOf(m.event, data);
    if (seen) out.presence.push(seen);
    else if (m.event === 'end') out.endSeen = true;
    else if (m.event === 'drawing') out.drawings.push(data);
    // Side-stream frames (annotation, dispute, drawing) carry a side seq, not a match event: never onto the tape.
    else if (m.event !== 'annotation' && m.event !== 'dispute' && isEnvelope(data)) out.events.push(data);
  }
  return out;
}

/**
 * The live stream resumed from the last seq held, appending as it goes; returns its close. `ended` is shared with
 * the load: the stream stops once the viewer holds the match's end (unless `followSide`).
 */
function followLive(
  load: Load,
  tape: MatchTape,
  followSide: boolean,
  end: { ended: boolean; hasEnd: () => boolean },
): () => void {
  const { setSt } = load;
  let chain: Promise<void> = Promise.resolve();
  const onMessages = (msgs: SseMessage[]) => {
    const { events, drawings, presence, endSeen } = readLiveBatch(msgs);
    for (const seen of presence)
      setSt((s) => ({ ...s, presence: { ...s.presence, [seen.seat]: seen.connected } }));
    if (drawings.length > 0)
      setSt((s) => ({ ...s, drawingFrames: withSideFrames(s.drawingFrames, drawings) }));
    // Appends are serialised: a gap is filled from the events route before the batch goes on.
    chain = chain.then(async () => {
      if (events.length > 0) {
        let r = tape.append(events);
        if (r.missingFrom !== null) {
          await fill(load, tape, Math.min(...events.map((e) => e.seq)) - 1);
          r = tape.append(events);
        }
        if (end.hasEnd()) end.ended = true;
        if (r.added > 0) load.bump({ ended: end.ended });
      }
      if (endSeen && !end.ended) {
        end.ended = true;
        setSt((s) => ({ ...s, ended: true, meta: s.meta ? { ...s.meta, status: 'ended' } : s.meta }));
      }
    });
  };
  return openSharedLive({
    matchId: load.matchId,
    as: load.as,
    token: load.auth.token,
    follow: followSide,
    url: liveUrl(load.matchId, load.as, followSide),
    headers: authHeaders(load.auth),
    lastSeq: () => tape.length,
    onMessages,
    onStatus: (live) => setSt((s) => ({ ...s, live, liveOpened: s.liveOpened || live.kind === 'open' })),
    finished: () => end.ended && !followSide,
  });
}

/** Loads the match into a tape (window, pages, one catch-up page), then follows it live; returns the live close. */
async function loadMatch(load: Load, followSide: boolean): Promise<(() => void) | null> {
  const meta = await getMatch(load.matchId, load.auth, load.signal);
  if (/^p\d+$/.test(load.as) && meta.players.length > 0 && !meta.players.some((p) => p.id === load.as))
    throw new NoSuchSeat(load.as, meta.players);
  const game = getGame(meta.game);
  const tape = new MatchTape(game);
  // The tape is whole (data-complete, the graphs, the history's "loading") once it holds every event up to here.
  tape.expect(meta.lastSeq);
  load.setSt((s) => ({ ...s, meta, game, tape }));
  const windowed = await openWindow(load, tape, meta.lastSeq);
  await loadPages(load, tape, meta.lastSeq, windowed);
  // One catch-up page for what happened while loading; the stream resumes after whatever the tape holds, so
  // there is no need to chase a fast match here (a loop until an empty page may never end while bots play).
  // One page, not `fill`: against a delayed feed of a busy match every read finds a few more released events,
  // so reading until an empty page kept an overlay loading (never live) for minutes.
  tape.append(await load.page(tape.length + 1, tape.length + PAGE));
  if (load.signal.aborted) return null;
  const hasEnd = () => tape.envelopes.length > 0 && tape.envelopes[tape.length - 1]!.type === 'MatchEnded';
  const end = { ended: hasEnd() || (meta.status === 'ended' && tape.length >= meta.lastSeq), hasEnd };
  if (windowed) load.bump({ ended: end.ended });
  else load.bump({ phase: 'ready', ended: end.ended, firstBoardMs: performance.now() - load.t0 });
  if (end.ended && !followSide) return null;
  return followLive(load, tape, followSide, end);
}

/**
 * `followSide`: pages that draw the casters' drawings keep the live stream after the match has ended (or open it on
 * an ended match), so a drawing added later arrives without a reload; other pages stop reading at the end.
 */
export function useMatchTape(
  matchId: string,
  as: Perspective,
  token: string | null,
  retry = 0,
  followSide = false,
): TapeState {
  // Keyed by everything the load depends on: the render that switches perspective already shows "loading", not
  // the old perspective's board under the new one's name.
  const key = JSON.stringify([matchId, as, token, retry, followSide]);
  const [st, update] = useKeyedState<TapeState>(key, INITIAL);

  useEffect(() => {
    const ctl = new AbortController();
    let closeLive: (() => void) | null = null;
    let closed = false;
    const setSt: SetTapeState = (f) => {
      if (!ctl.signal.aborted) update(key, f);
    };
    setSt(() => INITIAL);
    loadMatch(newLoad(matchId, as, token, ctl.signal, setSt), followSide)
      .then((close) => {
        // The effect may have been cleaned up while the load was between its last check and opening the stream.
        if (closed) close?.();
        else closeLive = close;
      })
      .catch((e: unknown) => {
        setSt((s) => ({ ...s, phase: 'error', error: e instanceof Error ? e : new Error(String(e)) }));
      });
    return () => {
      closed = true;
      ctl.abort();
      closeLive?.();
    };
  }, [matchId, as, token, retry, followSide, key, update]);

  return st;
}

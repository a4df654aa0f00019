'use client';
// Loads one match for one viewer into a MatchTape: the match record; for a long match first the server's window
// at the playhead (the viewer's keyframe and the events after it: the first board), then every other event the
// viewer may see (pages fetched in parallel) behind it; then, until the viewer holds the whole match, the SSE
// stream resumed from the last seq held (Last-Event-ID).
import { useEffect, useState } from 'react';
import type { AnyGameModule, EventEnvelope } from '@matchtape/engine';
import { getGame } from '@matchtape/games';
import { authHeaders, getEvents, getMatch, getWindow, liveUrl, type MatchListItem } from './api';
import { openSharedLive } from './liveHub';
import { presenceOf } from './table';
import type { LiveStatus, SseMessage } from './sse';
import { MatchTape } from './tape';
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

function isEnvelope(x: unknown): x is EventEnvelope {
  return (
    !!x &&
    typeof x === 'object' &&
    typeof (x as { seq?: unknown }).seq === 'number' &&
    typeof (x as { type?: unknown }).type === 'string'
  );
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
  const [st, setSt] = useState<TapeState>(INITIAL);

  useEffect(() => {
    const ctl = new AbortController();
    const auth = { token };
    let closeLive: (() => void) | null = null;
    let ended = false;
    const t0 = performance.now();
    setSt(INITIAL);

    const bump = (patch: Partial<TapeState> = {}) =>
      setSt((s) => ({ ...s, ...patch, version: s.version + 1 }));
    const page = async (from: number, to: number) => {
      const r = await getEvents(matchId, as, { from, to }, auth, ctl.signal);
      if (r.delaySeconds !== null)
        setSt((s) => (s.delaySeconds === r.delaySeconds ? s : { ...s, delaySeconds: r.delaySeconds }));
      return r.events;
    };

    /** Sequential catch-up from the tape's end: stops at an empty page (the viewer's edge, delay included). */
    const fill = async (tape: MatchTape, upTo?: number) => {
      for (;;) {
        if (upTo !== undefined && tape.length >= upTo) return;
        const from = tape.length + 1;
        const batch = await page(
          from,
          upTo !== undefined ? Math.min(upTo, from + PAGE - 1) : from + PAGE - 1,
        );
        if (batch.length === 0 || tape.append(batch).added === 0) return;
      }
    };

    const run = async () => {
      const meta = await getMatch(matchId, auth, ctl.signal);
      if (/^p\d+$/.test(as) && meta.players.length > 0 && !meta.players.some((p) => p.id === as))
        throw new NoSuchSeat(as, meta.players);
      const game = getGame(meta.game);
      const tape = new MatchTape(game);
      setSt((s) => ({ ...s, meta, game, tape }));
      let windowed = false;
      // A ?turn=N link needs the whole timeline to find turn N's first seq, so it loads every page first.
      const link = deepLink();
      if (meta.lastSeq > WINDOW_FROM && !link.turn) {
        // First board from the window; the pages below fill the range before it while the board is already up.
        const w = await getWindow(matchId, as, link.seq, auth, ctl.signal);
        if (w.delaySeconds !== null) setSt((s) => ({ ...s, delaySeconds: w.delaySeconds }));
        tape.seed(w.keyframe.seq, w.keyframe.state, w.events);
        windowed = true;
        bump({ phase: 'ready', firstBoardMs: performance.now() - t0, loaded: tape.history.count });
      }
      // Every page up to the known last seq, four requests at a time, appended in order as they complete.
      const pages: number[] = [];
      for (let from = 1; from <= meta.lastSeq; from += PAGE) {
        // Pages the window already holds whole are not fetched again.
        if (windowed && from > tape.length - tape.history.count && from + PAGE - 1 <= tape.length) continue;
        pages.push(from);
      }
      const results = new Map<number, EventEnvelope[]>();
      let next = 0;
      let appended = 0;
      const worker = async () => {
        while (next < pages.length) {
          const from = pages[next++]!;
          results.set(from, await page(from, from + PAGE - 1));
          while (appended < pages.length && results.has(pages[appended]!)) {
            tape.append(results.get(pages[appended]!)!);
            results.delete(pages[appended]!);
            appended += 1;
            if (windowed) bump({ loaded: tape.history.count });
            else setSt((s) => ({ ...s, loaded: tape.length }));
          }
        }
      };
      await Promise.all([worker(), worker(), worker(), worker()]);
      // One catch-up page for what happened while loading; the stream resumes after whatever the tape holds, so
      // there is no need to chase a fast match here (a loop until an empty page may never end while bots play).
      // One page, not `fill`: against a delayed feed of a busy match every read finds a few more released events,
      // so reading until an empty page kept an overlay loading (never live) for minutes.
      tape.append(await page(tape.length + 1, tape.length + PAGE));
      if (ctl.signal.aborted) return;
      const hasEnd = () =>
        tape.envelopes.length > 0 && tape.envelopes[tape.length - 1]!.type === 'MatchEnded';
      ended = hasEnd() || (meta.status === 'ended' && tape.length >= meta.lastSeq);
      if (windowed) bump({ ended });
      else bump({ phase: 'ready', ended, firstBoardMs: performance.now() - t0 });
      if (ended && !followSide) return;

      let chain: Promise<void> = Promise.resolve();
      const onMessages = (msgs: SseMessage[]) => {
        const events: EventEnvelope[] = [];
        const drawings: unknown[] = [];
        let endSeen = false;
        for (const m of msgs) {
          let data: unknown;
          try {
            data = JSON.parse(m.data);
          } catch {
            continue;
          }
          const seen = presenceOf(m.event, data);
          if (seen) setSt((s) => ({ ...s, presence: { ...s.presence, [seen.seat]: seen.connected } }));
          else if (m.event === 'end') endSeen = true;
          else if (m.event === 'drawing') drawings.push(data);
          // Side-stream frames (annotation, dispute, drawing) carry a side seq, not a match event: never onto the tape.
          else if (m.event !== 'annotation' && m.event !== 'dispute' && isEnvelope(data)) events.push(data);
        }
        if (drawings.length > 0)
          setSt((s) => ({ ...s, drawingFrames: withSideFrames(s.drawingFrames, drawings) }));
        // Appends are serialised: a gap is filled from the events route before the batch goes on.
        chain = chain.then(async () => {
          if (events.length > 0) {
            let r = tape.append(events);
            if (r.missingFrom !== null) {
              await fill(tape, Math.min(...events.map((e) => e.seq)) - 1);
              r = tape.append(events);
            }
            if (hasEnd()) ended = true;
            if (r.added > 0) bump({ ended });
          }
          if (endSeen && !ended) {
            ended = true;
            setSt((s) => ({ ...s, ended: true, meta: s.meta ? { ...s.meta, status: 'ended' } : s.meta }));
          }
        });
      };
      closeLive = openSharedLive({
        matchId,
        as,
        token,
        follow: followSide,
        url: liveUrl(matchId, as, followSide),
        headers: authHeaders(auth),
        lastSeq: () => tape.length,
        onMessages,
        onStatus: (live) => setSt((s) => ({ ...s, live, liveOpened: s.liveOpened || live.kind === 'open' })),
        finished: () => ended && !followSide,
      });
    };

    run().catch((e: unknown) => {
      if (ctl.signal.aborted) return;
      setSt((s) => ({ ...s, phase: 'error', error: e instanceof Error ? e : new Error(String(e)) }));
    });
    return () => {
      ctl.abort();
      closeLive?.();
    };
  }, [matchId, as, token, retry, followSide]);

  return st;
}

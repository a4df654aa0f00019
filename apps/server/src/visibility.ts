// What a viewer sees of a match, as of its own feed: the events released to it (viewers.ts decides the view and
// the delay), the state after them and the list summary (status, turn, phase, step, last seq, winner) at the
// last released seq. A spectator 600 s behind sees a match as it was 600 s ago everywhere: in the list, in
// GET /api/matches/:id, in state/events/timeline/export, over SSE and on the NATS public subject.
import type { AnyGameModule, EventEnvelope } from '@matchtape/engine';
import { summarize, type MatchSummary } from '@matchtape/projections';
import type { EventStore, MatchRecord } from '@matchtape/store';
import { ForkSecrecy } from './judges/fork-secrecy';
import { isReleased, type Access } from './viewers';

/** The summary fields a list shows, as of the viewer's feed. */
export type SeenSummary = Pick<
  MatchSummary,
  'status' | 'turn' | 'phase' | 'step' | 'winner' | 'lastSeq' | 'lastAt'
>;

/** A delayed feed's position: the state after the last released event, and when the next one is due. */
interface Cursor {
  seq: number;
  at: string | null;
  state: unknown;
  /** `at` of event seq+1 when it has been read and was not released yet. */
  nextAt: string | null;
  summary: SeenSummary;
}

const MAX_CURSORS = 2000;

export class MatchSight {
  /** Per match and delay: where a delayed feed has got to (the summary is the same for every viewer). */
  private cursors = new Map<string, Cursor>();
  /** Whether a fork still holds a live parent's secrets, and who may read it then. */
  readonly forks: ForkSecrecy;

  constructor(
    private readonly store: EventStore,
    private readonly game: (id: string) => AnyGameModule,
    private readonly now: () => number,
  ) {
    this.forks = new ForkSecrecy(store, now);
  }

  /** Events from..to the access may see now, in its view, cut at the first one not yet released. */
  async events(rec: MatchRecord, access: Access, from = 1, to?: number): Promise<EventEnvelope[]> {
    const game = this.game(rec.game);
    const events = await this.store.readStream(rec.matchId, { from, ...(to !== undefined ? { to } : {}) });
    const t = this.now();
    const out: EventEnvelope[] = [];
    for (const e of events) {
      if (!isReleased(e, access, t)) break;
      out.push(access.viewer === 'judge' ? e : game.viewEvent(e, access.viewer));
    }
    return out;
  }

  /**
   * The (judge) state after `target`, clamped to what the access may see: the nearest snapshot at or before it
   * plus the events after it, stopping at the first event not yet released. The caller applies the view.
   */
  async stateAt(rec: MatchRecord, access: Access, target: number): Promise<{ state: unknown; seq: number }> {
    const game = this.game(rec.game);
    const now = this.now();
    let upTo = Math.min(Math.max(0, target), rec.lastSeq);
    for (let attempt = 0; attempt < 4; attempt++) {
      const snap = upTo > 0 ? await this.store.loadSnapshot(rec.matchId, upTo) : null;
      const base = snap?.seq ?? 0;
      const tail =
        upTo > 0 ? await this.store.readStream(rec.matchId, { from: Math.max(1, base), to: upTo }) : [];
      const baseEvent = base > 0 ? tail[0] : undefined;
      if (baseEvent && !isReleased(baseEvent, access, now)) {
        // The snapshot itself is not released to this viewer yet: look before it.
        upTo = base - 1;
        continue;
      }
      return fold(game, snap ? snap.state : game.initial(), base, tail, access, now);
    }
    // Still unreleased after several snapshots back: fold from the start.
    return fold(game, game.initial(), 0, await this.store.readStream(rec.matchId, { to: upTo }), access, now);
  }

  /**
   * The list summary as of the access's feed. Live viewers (judges, seats, delay 0) get the stored summary;
   * delayed ones the summary after their last released event, kept per match and delay and moved forward
   * only when the next held event falls due.
   */
  async summary(rec: MatchRecord, access: Access): Promise<SeenSummary> {
    const stored = rec.summary as Partial<MatchSummary>;
    const live: SeenSummary = {
      status: rec.status,
      turn: stored.turn ?? 0,
      phase: stored.phase ?? '',
      step: stored.step ?? null,
      winner: stored.winner ?? null,
      lastSeq: rec.lastSeq,
      lastAt: stored.lastAt ?? null,
    };
    const now = this.now();
    if (access.delaySeconds === 0) return live;
    // Everything released (an ended match whose end is older than the delay): the stored summary is the feed's.
    if (rec.status === 'ended' && live.lastAt !== null && isReleased({ at: live.lastAt }, access, now)) {
      this.cursors.delete(cursorKey(rec, access));
      return live;
    }
    return (await this.advance(rec, access, now)).summary;
  }

  private async advance(rec: MatchRecord, access: Access, now: number): Promise<Cursor> {
    const k = cursorKey(rec, access);
    const game = this.game(rec.game);
    let c = this.cursors.get(k);
    if (!c) {
      const state = game.initial();
      c = { seq: 0, at: null, state, nextAt: null, summary: seen(game, rec, state, 0, null) };
    } else this.cursors.delete(k); // re-inserted below: the map's order is least recently used first
    const due = c.nextAt === null || isReleased({ at: c.nextAt }, access, now);
    if (c.seq < rec.lastSeq && due) {
      // Read in growing pages and stop at the first held event: a feed far behind the live match reads only a
      // little past its position, not the whole stream.
      let { seq, at, state } = c;
      let nextAt: string | null = null;
      for (let page = 64; seq < rec.lastSeq; page *= 2) {
        const tail = await this.store.readStream(rec.matchId, {
          from: seq + 1,
          to: Math.min(rec.lastSeq, seq + page),
        });
        const moved = fold(game, state, seq, tail, access, now);
        if (moved.seq > seq) at = tail.find((e) => e.seq === moved.seq)?.at ?? at;
        ({ seq, state } = moved);
        const next = tail.find((e) => e.seq === seq + 1);
        if (next || tail.length === 0) {
          nextAt = next?.at ?? null;
          break;
        }
      }
      c = { seq, at, state, nextAt, summary: seq === c.seq ? c.summary : seen(game, rec, state, seq, at) };
    }
    this.cursors.set(k, c);
    if (this.cursors.size > MAX_CURSORS) this.cursors.delete(this.cursors.keys().next().value!);
    return c;
  }
}

const cursorKey = (rec: MatchRecord, access: Access): string => `${rec.matchId}\u0000${access.delaySeconds}`;

function seen(
  game: AnyGameModule,
  rec: MatchRecord,
  state: unknown,
  seq: number,
  at: string | null,
): SeenSummary {
  const s = summarize(game, rec.matchId, [], state, seq > 0 ? { seq, at: at ?? '' } : null);
  return {
    status: s.status,
    turn: s.turn,
    phase: s.phase,
    step: s.step,
    winner: s.winner,
    lastSeq: s.lastSeq,
    lastAt: s.lastAt,
  };
}

function fold(
  game: AnyGameModule,
  state: unknown,
  base: number,
  events: readonly EventEnvelope[],
  access: Access,
  now: number,
): { state: unknown; seq: number } {
  let seq = base;
  for (const e of events) {
    if (e.seq <= base) continue;
    if (e.seq !== seq + 1 || !isReleased(e, access, now)) break;
    state = game.evolve(state, e);
    seq = e.seq;
  }
  return { state, seq };
}

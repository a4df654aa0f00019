// A match's side streams (annotations, disputes) on the server: append (store, then the live gateway on this
// instance, then the bus for the others), and per-viewer reads. Who sees which side event, and when, is each
// stream's filter: the gateway asks it before every SSE frame, the REST readers before every answer, so one
// function decides both. Until a stream's owner sets a filter, only judges see it.
import { EventEmitter } from 'node:events';
import type { AnyGameModule, EventEnvelope } from '@matchtape/engine';
import { subjects, type Bus } from '@matchtape/bus';
import type { EventStore, MatchRecord, NewSideEvent, SideEvent, SideStream } from '@matchtape/store';
import type { Access } from '../viewers';

/** What a filter knows about one viewer at one moment. */
export interface SideViewer {
  access: Access;
  record: MatchRecord;
  game: AnyGameModule;
  /** The last match seq this viewer has been given (its delayed feed's position). */
  seenSeq: number;
  /** The match's events (full truth) from seq 1, at least up to `seenSeq`: for checks such as "was this card revealed". */
  events: readonly EventEnvelope[];
  /**
   * Card ids this viewer sees at given seqs, prepared by a REST reader from snapshots so that it need not read the
   * match's events (coverage/cards.ts); a seq missing here falls back to `events`.
   */
  cards?: ReadonlyMap<number, ReadonlySet<string>>;
}

/**
 * `{ send }`: deliver (possibly a narrowed copy); `'wait'`: not yet (asked again as the viewer's feed moves);
 * `'never'`: this viewer never gets it.
 */
export type SideVerdict = { send: SideEvent } | 'wait' | 'never';
export type SideFilter = (e: SideEvent, viewer: SideViewer) => SideVerdict;

const judgesOnly: SideFilter = (e, v) => (v.access.role === 'judge' ? { send: e } : 'never');

export interface SideAppended {
  matchId: string;
  stream: SideStream;
  events: SideEvent[];
}

export class SideStreams extends EventEmitter<{ appended: [SideAppended] }> {
  private readonly filters: Record<SideStream, SideFilter> = {
    annotations: judgesOnly,
    disputes: judgesOnly,
    drawings: judgesOnly,
  };

  constructor(
    private readonly store: EventStore,
    private readonly bus: Bus | null,
    private readonly onError: (err: unknown) => void = (err) => console.error(err),
  ) {
    super();
  }

  /** The stream owner's rule of who sees what, when. */
  setFilter(stream: SideStream, filter: SideFilter): void {
    this.filters[stream] = filter;
  }

  filter(stream: SideStream): SideFilter {
    return this.filters[stream];
  }

  /**
   * Stores the events (the caller has checked who may write what), hands them to this instance's gateway and
   * publishes them for the other instances. A failed publish does not undo the append: the event is committed,
   * REST readers have it, and gateways on other instances pick it up when they next load the match.
   */
  async append(
    matchId: string,
    stream: SideStream,
    events: readonly NewSideEvent[],
    opts: { expectedSeq?: number } = {},
  ): Promise<SideEvent[]> {
    const stored = await this.store.appendToSideStream(matchId, stream, events, opts);
    if (stored.length === 0) return stored;
    this.emit('appended', { matchId, stream, events: stored });
    if (this.bus) {
      const bus = this.bus;
      for (const e of stored) {
        await bus
          .publish(subjects[stream](matchId), e, { msgId: `${matchId}:${stream}:${e.seq}` })
          .catch(this.onError);
      }
    }
    return stored;
  }

  read(matchId: string, stream: SideStream, opts: { from?: number; to?: number } = {}): Promise<SideEvent[]> {
    return this.store.readSideStream(matchId, stream, opts);
  }

  /** The stream as one viewer may see it now (REST): the same filter the live gateway applies. */
  async readFor(matchId: string, stream: SideStream, viewer: SideViewer): Promise<SideEvent[]> {
    return this.admit(stream, await this.read(matchId, stream), viewer);
  }

  /** What the stream's filter lets this viewer have now of events already read (each as the filter sends it). */
  admit(stream: SideStream, events: readonly SideEvent[], viewer: SideViewer): SideEvent[] {
    const f = this.filters[stream];
    const out: SideEvent[] = [];
    for (const e of events) {
      const v = f(e, viewer);
      if (typeof v === 'object') out.push(v.send);
    }
    return out;
  }
}

// `matchtape verify` for an event (tournament) stream: the hash chain of the matches' envelope, then a fold of
// every event through the pure core, which refuses an unknown type or a payload that breaks its schema.
import { verifyChain, type EventEnvelope } from '@matchtape/engine';
import { EVENT_STREAM_FORMAT, evolveEvent, initialEvent } from '@matchtape/events';
import { nodeSha256 } from '@matchtape/store';

export type EventStreamCheck =
  { ok: true; eventId: string; events: number } | { ok: false; eventId: string; seq: number; reason: string };

/** Null when the text is not an event stream copy (no matchtape-event-stream header). */
export function verifyEventStream(text: string): EventStreamCheck | null {
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  let header: { format?: unknown; eventId?: unknown };
  try {
    header = JSON.parse(lines[0] ?? 'null') as typeof header;
  } catch {
    return null;
  }
  if (header?.format !== EVENT_STREAM_FORMAT) return null;
  const eventId = String(header.eventId ?? '?');
  const events: EventEnvelope[] = [];
  for (let i = 1; i < lines.length; i++) {
    try {
      events.push(JSON.parse(lines[i]!) as EventEnvelope);
    } catch {
      return { ok: false, eventId, seq: i, reason: `line ${i + 1} is not JSON` };
    }
  }
  const chain = verifyChain(events, nodeSha256);
  if (!chain.ok) return { ok: false, eventId, seq: chain.seq, reason: chain.reason };
  let state = initialEvent();
  for (const e of events) {
    if (e.matchId !== eventId)
      return {
        ok: false,
        eventId,
        seq: e.seq,
        reason: `the event belongs to stream ${e.matchId}, not ${eventId}`,
      };
    try {
      state = evolveEvent(state, {
        type: e.type,
        at: e.at,
        round: e.turn,
        cause: e.cause as never,
        rule: e.rule,
        payload: e.payload,
      });
    } catch (err) {
      return { ok: false, eventId, seq: e.seq, reason: (err as Error).message };
    }
  }
  return { ok: true, eventId, events: events.length };
}

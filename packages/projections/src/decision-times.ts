// How long each player took for each decision (slow-play rulings). A decision is one accepted command: its
// events share a commandId and a time; the time it took is from the event before it (the moment the player had
// to act) to its first event, and belongs to the player whose command it was. System events (turn-based actions)
// take no decision time. Pure over envelopes (full or redacted: only seq, at and cause are read).
import type { EventEnvelope } from '@matchtape/engine';

export interface Decision {
  player: string;
  commandId: string;
  /** First and last seq of the command's events. */
  fromSeq: number;
  toSeq: number;
  type: string;
  at: string;
  /** Milliseconds since the event before it. */
  tookMs: number;
}

export interface DecisionTimes {
  decisions: Decision[];
  perPlayer: Record<
    string,
    { decisions: number; totalMs: number; longestMs: number; longestAtSeq: number | null }
  >;
}

export function decisionTimes(
  events: readonly Pick<EventEnvelope, 'seq' | 'at' | 'type' | 'cause'>[],
): DecisionTimes {
  const decisions: Decision[] = [];
  let prevAt: string | null = null;
  let current: Decision | null = null;
  for (const e of events) {
    const cause = e.cause as { commandId?: string; player?: string } | { system: true };
    const cmd =
      'commandId' in cause && cause.commandId && cause.player
        ? { id: cause.commandId, player: cause.player }
        : null;
    if (cmd && current && current.commandId === cmd.id) current.toSeq = e.seq;
    else if (cmd) {
      current = {
        player: cmd.player,
        commandId: cmd.id,
        fromSeq: e.seq,
        toSeq: e.seq,
        type: e.type,
        at: e.at,
        tookMs: prevAt ? Math.max(0, Date.parse(e.at) - Date.parse(prevAt)) : 0,
      };
      decisions.push(current);
    } else current = null;
    prevAt = e.at;
  }
  const perPlayer: DecisionTimes['perPlayer'] = {};
  for (const d of decisions) {
    const p = (perPlayer[d.player] ??= { decisions: 0, totalMs: 0, longestMs: 0, longestAtSeq: null });
    p.decisions++;
    p.totalMs += d.tookMs;
    if (d.tookMs > p.longestMs || p.longestAtSeq === null) {
      p.longestMs = d.tookMs;
      p.longestAtSeq = d.fromSeq;
    }
  }
  return { decisions, perPlayer };
}

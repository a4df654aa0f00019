// The producer's focus: the card a coverage producer points at in the coverage view, shown by the
// /overlay/[id]/card browser source. Held in memory per match (the last few: a focus is a pointer of the
// moment, not a record of the match, and a restart loses nothing worth keeping), and shared by every server
// instance over the bus (`matchtape.match.<id>.focus`): the producer's PUT and the overlay's GET may reach
// different instances behind the proxy. Readers get the newest focus their own feed has reached — the overlay
// follows the delayed feed like every other.
import { z } from 'zod';
import { isPlayer } from '@matchtape/engine';
import type { MatchRecord } from '@matchtape/store';
import type { Access } from '../viewers';

export const FocusSchema = z
  .object({
    /** Unique per focus: the bus echo of a focus this instance already holds is recognised by it. */
    id: z.string().min(1).max(64),
    cardId: z.string().min(1).max(200).nullable(),
    seq: z.number().int().min(0),
    by: z.string().max(200),
    setAt: z.string().max(40),
  })
  .strict();

export interface Focus {
  id: string;
  cardId: string | null;
  /** The match seq the producer was looking at. */
  seq: number;
  /** Who set it (token id) and when. */
  by: string;
  setAt: string;
}

const KEEP = 64;
const MAX_MATCHES = 1000;

export class FocusBoard {
  private byMatch = new Map<string, Focus[]>();

  /** Adds a focus (once: a focus already held, by id, is not added again). */
  set(matchId: string, focus: Focus): void {
    const list = this.byMatch.get(matchId) ?? [];
    if (list.some((f) => f.id === focus.id)) return;
    this.byMatch.delete(matchId);
    list.push(focus);
    if (list.length > KEEP) list.splice(0, list.length - KEEP);
    this.byMatch.set(matchId, list);
    if (this.byMatch.size > MAX_MATCHES) this.byMatch.delete(this.byMatch.keys().next().value!);
  }

  /** Newest first. */
  history(matchId: string): Focus[] {
    return [...(this.byMatch.get(matchId) ?? [])].reverse();
  }
}

/**
 * The focus one viewer is shown: the newest its feed has reached; a card it cannot see there shows nothing (not an
 * older focus). The producer's pointer is coverage commentary: a seat of a match still playing is shown none. Reads
 * only the viewer's feed position and, for a card, what the viewer sees at the focus's seq (both cached upstream):
 * never the match's events.
 */
export async function focusShown(
  history: readonly Focus[],
  rec: Pick<MatchRecord, 'status'>,
  access: Pick<Access, 'role' | 'viewer'>,
  look: { seenSeq: () => Promise<number>; cardsAt: (seq: number) => Promise<ReadonlySet<string>> },
): Promise<{ cardId: string | null; seq: number } | null> {
  if (history.length === 0 || (isPlayer(access.role) && rec.status !== 'ended')) return null;
  const seen = await look.seenSeq();
  const f = history.find((x) => x.seq <= seen);
  if (!f) return null;
  if (f.cardId === null || access.viewer === 'judge' || (await look.cardsAt(f.seq)).has(f.cardId))
    return { cardId: f.cardId, seq: f.seq };
  return null;
}

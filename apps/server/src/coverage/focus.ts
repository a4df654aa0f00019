// The producer's focus: the card a coverage producer points at in the coverage view, shown by the
// /overlay/[id]/card browser source. Held in memory per match (the last few: a focus is a pointer of the
// moment, not a record of the match, and a restart loses nothing worth keeping), and shared by every server
// instance over the bus (`matchtape.match.<id>.focus`): the producer's PUT and the overlay's GET may reach
// different instances behind the proxy. Readers get the newest focus their own feed has reached — the overlay
// follows the delayed feed like every other.
import { z } from 'zod';

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

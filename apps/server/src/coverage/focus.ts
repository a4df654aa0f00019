// The producer's focus: the card a coverage producer points at in the coverage view, shown by the
// /overlay/[id]/card browser source. Held by the server per match (the last few per match, in memory: a focus
// is a pointer of the moment, not a record of the match, and a restart loses nothing worth keeping). Readers
// get the newest focus their own feed has reached — the overlay follows the delayed feed like every other.
export interface Focus {
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

  set(matchId: string, focus: Focus): void {
    const list = this.byMatch.get(matchId) ?? [];
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

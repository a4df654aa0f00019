// Re-checks a stored match: the engine's hash chain over the rows as stored, and the match row's head.
import { verifyChain, type ChainCheck } from '@matchtape/engine';
import { nodeSha256 } from './hash';
import { MatchNotFoundError, type EventStore } from './types';

/** `{ ok: false, seq }` names the first event whose stored content no longer matches its hash or link. */
export async function verifyStoredMatch(store: EventStore, matchId: string): Promise<ChainCheck> {
  const match = await store.getMatch(matchId);
  if (!match) throw new MatchNotFoundError(matchId);
  const events = await store.readStream(matchId);
  const chain = verifyChain(events, nodeSha256);
  if (!chain.ok) return chain;
  if (events.length !== match.lastSeq) {
    return {
      ok: false,
      seq: match.lastSeq,
      reason: `the match row says last seq ${match.lastSeq} but ${events.length} events are stored`,
    };
  }
  return { ok: true };
}

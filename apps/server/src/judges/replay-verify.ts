// Verification of a stored match for judges (GET /api/matches/:id/verification, the review page, the case
// export): the same checks as `matchtape verify` on a replay bundle, run on the store's rows with the seed the
// server keeps, plus the stored keyframes (snapshots) and, for a fork, its link to the parent.
import { cursorAfter, jsonEqual, MATCH_STARTED, verifyChain, type EventEnvelope } from '@matchtape/engine';
import {
  CHECK_LABELS,
  forkLinkOf,
  nodeSha256,
  revealedSeed,
  stateHash,
  verifyEvents,
  type EventStore,
  type ReplayCheck,
  type Snapshot,
} from '@matchtape/store';
import type { GameRegistry } from '../games';

export interface StoredVerification {
  ok: boolean;
  matchId: string;
  /** In order; checking stops at the first that fails. */
  checks: ReplayCheck[];
  /** The first seq that does not verify. */
  firstBadSeq?: number;
  warnings: string[];
}

/** Every stored snapshot of a match, oldest first. */
async function snapshotsOf(store: EventStore, matchId: string): Promise<Snapshot[]> {
  const out: Snapshot[] = [];
  for (
    let s = await store.loadSnapshot(matchId);
    s;
    s = s.seq > 1 ? await store.loadSnapshot(matchId, s.seq - 1) : null
  )
    out.push(s);
  return out.reverse();
}

/** A fork's prefix event with the fork's own identity put back to the parent's (what it must equal). */
function asParent(e: EventEnvelope, parent: EventEnvelope): unknown {
  // The seal is each match's own (its salts are keyed to that match's id and key), so the parent's is put back; the
  // payloads the seals commit to are compared here.
  if (e.type !== MATCH_STARTED)
    return { ...e, matchId: parent.matchId, prevHash: parent.prevHash, hash: parent.hash, seal: parent.seal };
  const { fork: _fork, ...payload } = e.payload;
  return {
    ...e,
    matchId: parent.matchId,
    prevHash: parent.prevHash,
    hash: parent.hash,
    seal: parent.seal,
    payload: {
      ...payload,
      seedCommitment: parent.payload.seedCommitment,
      ...(typeof parent.payload.matchId === 'string' ? { matchId: parent.payload.matchId } : {}),
    },
  };
}

/**
 * Verifies match `matchId` as stored: hash chain, match row, seed commitment, every random outcome (with the
 * seed the server keeps, so a live match is checked too), schema and fold, every stored keyframe (state, hash
 * and generator cursor), and a fork's link to its parent.
 */
export async function verifyMatchInStore(
  store: EventStore,
  games: GameRegistry,
  matchId: string,
): Promise<StoredVerification> {
  const out: StoredVerification = { ok: false, matchId, checks: [], warnings: [] };
  const pass = (name: string, detail: string) => out.checks.push({ name, ok: true, detail });
  const fail = (name: string, detail: string, seq?: number): StoredVerification => {
    out.checks.push({ name, ok: false, detail: seq === undefined ? detail : `seq ${seq}: ${detail}` });
    return seq === undefined ? out : { ...out, firstBadSeq: seq };
  };
  const record = await store.getMatch(matchId);
  if (!record) return fail('match', `no match ${matchId} in the store`);
  const events = await store.readStream(matchId);
  const chain = verifyChain(events, nodeSha256);
  if (!chain.ok)
    return fail(
      'hash chain',
      chain.reason,
      chain.reason.startsWith('expected seq') ? events.findIndex((e, i) => e.seq !== i + 1) + 1 : chain.seq,
    );
  pass('hash chain', `seq 1…${events.length} gap-free; every prevHash and hash intact`);
  if (events.length !== record.lastSeq)
    return fail(
      'match row',
      `the match row says last seq ${record.lastSeq} but ${events.length} events are stored`,
      Math.min(events.length, record.lastSeq) + 1,
    );
  pass('match row', `last seq ${record.lastSeq}`);

  const revealed = revealedSeed(events);
  if (revealed !== null && revealed !== record.seed)
    return fail(
      'seed commitment',
      'MatchEnded reveals another seed than the one the server kept',
      events.length,
    );
  let game;
  try {
    game = games.get(record.game);
  } catch (err) {
    return fail('match start', (err as Error).message, 1);
  }
  const v = verifyEvents(events, (id) => (id === game.id ? game : null), { seed: record.seed });
  out.warnings.push(...v.warnings.filter((w) => !w.startsWith('--seed')));
  if (!v.ok)
    return fail(CHECK_LABELS[v.failure!.check] ?? v.failure!.check, v.failure!.reason, v.failure!.seq);
  pass(
    'seed commitment',
    `sha256(seed ‖ ${matchId}) is MatchStarted's seedCommitment${revealed ? ' (seed revealed)' : " (seed still secret: checked with the server's copy)"}`,
  );
  pass('random outcomes', `${v.randomDraws} draws re-derived from the seed`);
  pass('fold', `${events.length} events valid, folded cleanly, stamped where the fold is`);

  const snaps = await snapshotsOf(store, matchId);
  let state: unknown = game.initial();
  let i = 0;
  for (const s of snaps) {
    for (; i < s.seq && i < events.length; i++) state = game.evolve(state, events[i]!);
    if (s.seq > events.length)
      return fail('keyframes', `a keyframe is stored for seq ${s.seq}, past the last event`, s.seq);
    if (s.hash !== events[s.seq - 1]!.hash)
      return fail('keyframes', 'the stored keyframe names another event hash', s.seq);
    if (stateHash(s.state) !== stateHash(state))
      return fail('keyframes', 'the stored keyframe state is not the fold of the events up to it', s.seq);
    if (s.cursor !== undefined && s.cursor !== cursorAfter(events.slice(0, s.seq)))
      return fail(
        'keyframes',
        `the stored keyframe's generator cursor ${s.cursor} is not where the events leave it`,
        s.seq,
      );
  }
  pass('keyframes', `${snaps.length} stored keyframes match the fold (state, event hash, generator cursor)`);

  const fork = forkLinkOf(events);
  if (fork) {
    const parent = await store.readStream(fork.matchId, { to: fork.seq });
    if (parent.length !== fork.seq)
      return fail(
        'fork link',
        `the parent ${fork.matchId} is not in this store (or has fewer than ${fork.seq} events)`,
        1,
      );
    if (parent[fork.seq - 1]!.hash !== fork.hash)
      return fail(
        'fork link',
        `the parent's hash at seq ${fork.seq} is not the one the fork committed to`,
        1,
      );
    for (let k = 0; k < fork.seq; k++)
      if (!jsonEqual(asParent(events[k]!, parent[k]!), parent[k]))
        return fail('fork link', `the fork's event differs from its parent's`, k + 1);
    pass(
      'fork link',
      `events 1…${fork.seq} are ${fork.matchId}'s (its hash at ${fork.seq}: ${fork.hash.slice(0, 16)}…)${fork.reseeded ? '; re-seeded from the fork point' : ''}`,
    );
  }
  return { ...out, ok: true };
}

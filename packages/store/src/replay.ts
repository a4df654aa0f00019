// Verifies one match's events (ARCHITECTURE.md §6.6): hash chain, seed commitment, every random outcome, and a
// clean fold through the game (each event valid under the game's event schema, evolve never throws, each
// event's stamped turn/phase/step is where the fold says the game is). Names the first bad seq. Forks (see
// ForkLink) are understood: a re-seeded fork's random outcomes are re-derived from the fork point on.
import { z } from 'zod';
import {
  canonicalJson,
  commitKey,
  commitKeyFromHex,
  Rng,
  commitKeyHex,
  PlayerIdSchema,
  MATCH_ENDED,
  MATCH_STARTED,
  seedCommitment,
  verifyChain,
  verifyCopy,
  verifyRandom,
  cursorAfter,
  type AnyGameModule,
  type CopyKind,
  type EventEnvelope,
} from '@matchtape/engine';

/** The header line of a copy (a JSONL export): `{ format, copy: "full" }` or `{ format, copy: "redacted", viewer }`. */
export const COPY_FORMAT = 'matchtape-copy';
const CopyHeaderSchema = z.union([
  z
    .object({
      format: z.literal(COPY_FORMAT),
      copy: z.literal('full'),
      commitKey: z
        .string()
        .regex(/^[0-9a-f]{64}$/)
        .optional(),
      seed: z.string().min(1).optional(),
    })
    .strict(),
  z
    .object({
      format: z.literal(COPY_FORMAT),
      copy: z.literal('redacted'),
      viewer: z.union([z.literal('public'), PlayerIdSchema]),
      seed: z.string().min(1).optional(),
    })
    .strict(),
]);

/** The header line for a copy of this kind. */
export function copyHeaderLine(kind: CopyKind): string {
  return JSON.stringify({ format: COPY_FORMAT, ...kind });
}

/** A copy header (null when `raw` is not one: no `format: "matchtape-copy"`), or what is wrong with it. */
export function parseCopyHeader(raw: unknown): CopyKind | { error: string } | null {
  if ((raw as { format?: unknown } | null)?.format !== COPY_FORMAT) return null;
  const r = CopyHeaderSchema.safeParse(raw);
  if (r.success) {
    const { format: _format, ...kind } = r.data;
    return kind as CopyKind; // PlayerIdSchema checks the p1…pN shape the type spells
  }
  return {
    error: `not a copy header: give { "format": "${COPY_FORMAT}", "copy": "full" } or { …, "copy": "redacted", "viewer": "public" | "p1" | … }`,
  };
}

export type CheckName =
  'chain' | 'seal' | 'start' | 'end' | 'commitment' | 'random' | 'schema' | 'fold' | 'position';

/**
 * What a fork's MatchStarted carries in `payload.fork`: the parent, the seq it was forked at and the parent's
 * hash at that seq (the fork's events 1…seq are the parent's, re-chained under the fork's id). With `reseeded`
 * the fork has a seed of its own from the fork point on: its draws continue from the cursor where the parent's
 * prefix left the generator (derived from the prefix's random records, so no generator position is published)
 * under the new seed, and the prefix's draws are the parent's (verify the parent).
 */
export interface ForkLink {
  matchId: string;
  seq: number;
  hash: string;
  reseeded?: true;
  /**
   * The events right after seq are Matchtape's reshuffle of every hidden, randomly ordered zone (GameModule
   * .reshuffleHidden) from the fork's seed, with the cause { system: true, host } and no rule: a fork of a live match
   * does not keep its parent's secret deck order.
   */
  reshuffled?: true;
}

const ForkLinkShape = (x: unknown): x is ForkLink => {
  if (typeof x !== 'object' || x === null) return false;
  const f = x as Record<string, unknown>;
  const reseedOk =
    (f.reseeded === undefined || f.reseeded === true) &&
    (f.reshuffled === undefined || f.reshuffled === true);
  return (
    typeof f.matchId === 'string' &&
    Number.isSafeInteger(f.seq) &&
    (f.seq as number) > 0 &&
    typeof f.hash === 'string' &&
    reseedOk
  );
};

/** The fork link a match's MatchStarted carries, null for a match that is not a fork. */
export function forkLinkOf(events: readonly EventEnvelope[]): ForkLink | null {
  const first = events[0];
  if (!first || first.type !== MATCH_STARTED || first.payload.fork === undefined) return null;
  return ForkLinkShape(first.payload.fork) ? first.payload.fork : null;
}

export interface MatchVerification {
  matchId: string;
  game: string | null;
  events: number;
  ok: boolean;
  /** The first bad seq, the check that failed there and why. */
  failure?: { seq: number; check: CheckName; reason: string };
  /** True when the seed was known (revealed in MatchEnded, or given) and the random outcomes were re-derived. */
  randomVerified: boolean;
  randomDraws: number;
  ended: boolean;
  warnings: string[];
  /** What the copy says it is (its header): the full truth, or redacted for one viewer. */
  copy: CopyKind;
  /** True for sealed (v2) events: the hash commits to each view through salted commitments (engine seal.ts). */
  sealed: boolean;
}

export interface VerifyOptions {
  /** Game id when MatchStarted carries none. */
  game?: string;
  /** Seed for a match that has not ended (so MatchEnded has not revealed it). */
  seed?: string;
  /** What the file's header says the copy is; a file without a header is a full copy. */
  copy?: CopyKind;
}

/** The game id a match names in MatchStarted.payload.game (the convention every game package follows). */
export function gameOf(events: readonly EventEnvelope[]): string | null {
  const first = events[0];
  if (!first || first.type !== MATCH_STARTED) return null;
  const g = first.payload.game;
  return typeof g === 'string' && g.length > 0 ? g : null;
}

/** The seed MatchEnded reveals, if the match has ended (null too where it withholds it: `seed: ""`, a fork). */
export function revealedSeed(events: readonly EventEnvelope[]): string | null {
  const end = events.find((e) => e.type === MATCH_ENDED);
  const seed = end?.payload.seed;
  return typeof seed === 'string' && seed !== '' ? seed : null;
}

/**
 * Whether the match is a fork whose MatchEnded withholds its seed (`seed: ""`): its seed opens the commitments of
 * the copied prefix, the parent's hidden cards, so it comes apart from the events once the parent's secrets are
 * public (a copy's header `seed`, the server's judge copy), checked against the seed commitment like a revealed one.
 */
export function withholdsSeed(events: readonly EventEnvelope[]): boolean {
  return forkLinkOf(events) !== null && events.find((e) => e.type === MATCH_ENDED)?.payload.seed === '';
}

export function verifyEvents(
  events: readonly EventEnvelope[],
  resolveGame: (id: string) => AnyGameModule | null,
  opts: VerifyOptions = {},
): MatchVerification {
  const matchId = events[0]?.matchId ?? '(empty)';
  const copy = opts.copy ?? { copy: 'full' };
  const sealed = events[0]?.seal !== undefined;
  const result: MatchVerification = {
    matchId,
    game: null,
    events: events.length,
    ok: false,
    randomVerified: false,
    randomDraws: 0,
    ended: false,
    warnings: [],
    copy,
    sealed,
  };
  const fail = (seq: number, check: CheckName, reason: string): MatchVerification => ({
    ...result,
    ok: false,
    failure: { seq, check, reason },
  });

  // Links and hashes first (no game needed): a changed header field, a reordered or dropped event names its seq.
  const chain = verifyChain(events);
  if (!chain.ok) return fail(chain.seq, 'chain', chain.reason);
  const redacted = result.copy.copy === 'redacted';

  const first = events[0]!;
  if (first.type !== MATCH_STARTED)
    return fail(1, 'start', `the first event is ${first.type}, not ${MATCH_STARTED}`);
  const commitment = first.payload.seedCommitment;
  if (typeof commitment !== 'string') return fail(1, 'start', `${MATCH_STARTED} carries no seedCommitment`);
  const gameId = gameOf(events) ?? opts.game ?? null;
  if (opts.game && gameOf(events) && opts.game !== gameOf(events))
    result.warnings.push(`--game ${opts.game} ignored: the match says ${gameOf(events)}`);
  if (!gameId) return fail(1, 'start', `${MATCH_STARTED} names no game (payload.game); pass --game G`);
  result.game = gameId;
  const game = resolveGame(gameId);
  if (!game) return fail(1, 'start', `the match is of game "${gameId}", which this build does not implement`);

  const endIndex = events.findIndex((e) => e.type === MATCH_ENDED);
  if (endIndex >= 0 && endIndex !== events.length - 1)
    return fail(
      events[endIndex + 1]!.seq,
      'end',
      `event after ${MATCH_ENDED} (seq ${events[endIndex]!.seq})`,
    );
  result.ended = endIndex >= 0;

  // The fork link first: what follows reads it (a fork's MatchEnded may withhold its seed).
  const fork = forkLinkOf(events);
  if (first.payload.fork !== undefined && !fork)
    return fail(1, 'start', `${MATCH_STARTED}.fork is not a fork link { matchId, seq, hash, reseeded? }`);
  if (fork && fork.seq > events.length)
    return fail(
      1,
      'start',
      `the fork link says the fork starts from seq ${fork.seq} but the match has ${events.length} events`,
    );
  // A check below that reads what seq 1 says (its fork link, its seed commitment) fails at MatchEnded when seq 1
  // was changed: the seals, read with a key no changed byte can give, name the changed event instead.
  const sealsFirst = (seq: number, check: CheckName, reason: string): MatchVerification => {
    const broken = brokenSeal(events, copy, game, commitment, matchId, opts.seed);
    return broken ? fail(broken.seq, 'seal', broken.reason) : fail(seq, check, reason);
  };

  const revealed = revealedSeed(events);
  const withheld = withholdsSeed(events);
  if (result.ended && revealed === null && !withheld)
    return sealsFirst(events[endIndex]!.seq, 'end', `${MATCH_ENDED} does not reveal the seed (payload.seed)`);
  if (revealed !== null && opts.seed !== undefined && opts.seed !== revealed)
    result.warnings.push('--seed ignored: MatchEnded reveals the seed');
  const seed = revealed ?? opts.seed ?? copy.seed ?? null;
  if (withheld && seed === null)
    result.warnings.push(
      `this fork's ${MATCH_ENDED} withholds its seed (it would open the parent's hidden cards at the fork point): the server gives it in the copy's header once the parent has ended and passed its spectator delay`,
    );
  if (seed !== null) {
    if (seedCommitment(seed, matchId) !== commitment) {
      const at = result.ended ? events[endIndex]!.seq : 1;
      return sealsFirst(
        at,
        'commitment',
        `sha256(seed ‖ matchId) does not match the seedCommitment of ${MATCH_STARTED} (seq 1)`,
      );
    }
  }
  // Every byte of the payloads: a full copy opens each commitment with the key (from the seed), a redacted copy
  // its viewer's with the salts it carries. A v1 (unsealed) match verifies only as a full copy.
  const given = copy.copy === 'full' && copy.commitKey !== undefined ? copy.commitKey : null;
  if (given !== null && seed !== null && commitKeyHex(seed) !== given)
    return fail(1, 'seal', 'the commitment key the header carries is not the one the seed gives');
  const key = seed !== null ? commitKey(seed) : given !== null ? commitKeyFromHex(given) : null;
  const seals = verifyCopy(events, copy, game.viewEvent.bind(game), key);
  if (!seals.ok) return fail(seals.seq, 'seal', seals.reason);
  const random = randomFailure(events, seed, fork, redacted, result);
  if (random) return fail(random.seq, random.check, random.reason);

  const reshuffle = forkReshuffleFailure(events, game, fork, copy.copy === 'full' ? seed : null);
  if (reshuffle) return fail(reshuffle.seq, 'random', reshuffle.reason);

  const folded = foldFailure(events, game, result.ended ? endIndex : -1);
  if (folded) return fail(folded.seq, folded.check, folded.reason);
  return { ...result, ok: true };
}

type Failure = NonNullable<MatchVerification['failure']>;

/**
 * The first broken seal of the copy, read with a key that cannot come from a changed byte: none for a redacted copy
 * (its salts open its own view), else the header's commitment key, else a seed the caller gave whose commitment is
 * seq 1's. Null when the seals hold, or when no such key opens a full copy.
 */
function brokenSeal(
  events: readonly EventEnvelope[],
  copy: CopyKind,
  game: AnyGameModule,
  commitment: string,
  matchId: string,
  given: string | undefined,
): Failure | null {
  let key: Uint8Array | null = null;
  if (copy.copy === 'full') {
    if (copy.commitKey !== undefined) key = commitKeyFromHex(copy.commitKey);
    else if (given !== undefined && seedCommitment(given, matchId) === commitment) key = commitKey(given);
    else return null;
  }
  const seals = verifyCopy(events, copy, game.viewEvent.bind(game), key);
  return seals.ok ? null : { seq: seals.seq, check: 'seal', reason: seals.reason };
}

/**
 * Re-derives the random outcomes from the seed (a re-seeded fork's from its fork point on); without a seed, or in
 * a copy whose outcomes are redacted, says so in `result.warnings` instead. Marks `result` randomVerified.
 */
function randomFailure(
  events: readonly EventEnvelope[],
  seed: string | null,
  fork: ForkLink | null,
  redacted: boolean,
  result: MatchVerification,
): Failure | null {
  if (seed === null) {
    result.warnings.push(
      'the match has not ended, so the seed is not revealed: random outcomes not re-derived (pass --seed to check them)',
    );
    return null;
  }
  // A re-seeded fork: the fork's seed drew nothing before the fork point (those draws are the parent's).
  const random = fork?.reseeded
    ? verifyRandom(events.slice(fork.seq), seed, cursorAfter(events.slice(0, fork.seq)))
    : verifyRandom(events, seed);
  if (fork?.reseeded)
    result.warnings.push(
      `re-seeded fork of ${fork.matchId}: the random outcomes of seq 1…${fork.seq} are the parent's (verify the parent); those after it were re-derived from this fork's seed`,
    );
  if (!random.ok && redacted && /redacted/.test(random.reason))
    result.warnings.push(
      'random outcomes are redacted in this copy: not re-derived (verify the judge export)',
    );
  else if (!random.ok) return { seq: random.seq, check: 'random', reason: random.reason };
  else {
    result.randomVerified = true;
    result.randomDraws = random.draws;
  }
  return null;
}

/**
 * Folds every event through the game: each must fit the game's event schema, fold without throwing and stand at
 * the position it is stamped with; the game's status must agree with MatchEnded (at `endIndex`, -1 for none).
 */
function foldFailure(
  events: readonly EventEnvelope[],
  game: AnyGameModule,
  endIndex: number,
): Failure | null {
  let state: unknown = game.initial();
  for (const e of events) {
    const parsed = game.eventSchema.safeParse({ type: e.type, payload: e.payload });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      return {
        seq: e.seq,
        check: 'schema',
        reason: `${e.type} does not match the game's event schema: ${issue.path.join('.') || '(root)'}: ${issue.message}`,
      };
    }
    let p;
    try {
      state = game.evolve(state, e);
      p = game.position(state);
    } catch (err) {
      return {
        seq: e.seq,
        check: 'fold',
        reason: `the game could not fold ${e.type}: ${(err as Error).message}`,
      };
    }
    if (p.turn !== e.turn || p.phase !== e.phase || p.step !== e.step)
      return {
        seq: e.seq,
        check: 'position',
        reason: `stamped turn ${e.turn} ${e.phase}/${e.step ?? '-'} but the fold is at turn ${p.turn} ${p.phase}/${p.step ?? '-'}`,
      };
  }
  const status = game.status(state).status;
  if (endIndex >= 0 && status !== 'ended')
    return {
      seq: events[endIndex]!.seq,
      check: 'fold',
      reason: `after ${MATCH_ENDED} the game's status is ${status}`,
    };
  if (endIndex < 0 && status === 'ended')
    return {
      seq: events[events.length - 1]!.seq,
      check: 'end',
      reason: `the game says the match ended but there is no ${MATCH_ENDED}`,
    };
  return null;
}

const hostCaused = (e: EventEnvelope): boolean => 'system' in e.cause && e.cause.host !== undefined;

/**
 * Matchtape's own events (cause.host) are a reshuffled fork's reshuffle, right after its prefix, and nothing else.
 * With the seed (a full copy), they are exactly the game's reshuffle (GameModule.reshuffleHidden) of the state at the
 * fork point from the fork's generator: a copy cannot swap in another deck order and still verify.
 */
function forkReshuffleFailure(
  events: readonly EventEnvelope[],
  game: AnyGameModule,
  fork: ForkLink | null,
  seed: string | null,
): { seq: number; reason: string } | null {
  const from = fork?.reshuffled ? fork.seq : events.length;
  let to = from;
  while (to < events.length && hostCaused(events[to]!)) to++;
  const stray = events.find((e, i) => hostCaused(e) && (i < from || i >= to));
  if (stray)
    return {
      seq: stray.seq,
      reason: `${stray.type} says Matchtape recorded it (cause.host), which only a reshuffled fork's reshuffle right after its prefix may`,
    };
  if (!fork?.reshuffled || seed === null) return null;
  let expected;
  try {
    let state: unknown = game.initial();
    for (const e of events.slice(0, from)) state = game.evolve(state, e);
    expected = game.reshuffleHidden(state, new Rng(seed, cursorAfter(events.slice(0, from))));
  } catch {
    return null; // the fold check names the event that does not fold
  }
  const got = events.slice(from, to);
  for (let i = 0; i < Math.max(expected.length, got.length); i++) {
    const [e, x] = [got[i], expected[i]];
    if (
      !e ||
      !x ||
      e.type !== x.type ||
      e.rule !== null ||
      canonicalJson(e.payload) !== canonicalJson(x.payload)
    )
      return {
        seq: e?.seq ?? events[from]?.seq ?? from,
        reason: `the fork's reshuffle from its seed is ${expected.length} events (${expected.map((d) => d.type).join(', ')}); this copy's differs here`,
      };
  }
  return null;
}

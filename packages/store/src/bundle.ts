// Replay bundles: one self-contained, verifiable file per match (`matchtape export` writes one, `verify` and
// `import` check one). JSON Lines: line 1 is the header, lines 2… are the match's events (full envelopes, seq
// 1…N in order). The header names what a verifier needs besides the events: the game and the versions of its
// rules and card data, the revealed seed, and keyframe hashes (sha256 of the canonical JSON of the judge state
// after every K-th event) so a verifier also proves it folds to the states the exporter saw.
import { z } from 'zod';
import {
  canonicalJson,
  envelopeFields,
  EventEnvelopeSchema,
  GENESIS_HASH,
  unknownEnvelopeKeys,
  hashEnvelope,
  sha256Hex,
  type AnyGameModule,
  type EventEnvelope,
} from '@matchtape/engine';
import { forkLinkOf, revealedSeed, verifyEvents, type ForkLink } from './replay';

export const BUNDLE_FORMAT = 'matchtape-replay-bundle';
export const BUNDLE_VERSION = 1;
export const DEFAULT_KEYFRAME_EVERY = 50;

export const BundleHeaderSchema = z
  .object({
    format: z.literal(BUNDLE_FORMAT),
    version: z.literal(BUNDLE_VERSION),
    /** A bundle is the full (judge) copy (ARCHITECTURE.md §4: a copy says what it is); older bundles omit it. */
    copy: z.literal('full').optional(),
    /** Sealed events: the match's commitment key (hex), so a live match's bundle opens every commitment; else null. */
    commitKey: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .nullable()
      .optional(),
    matchId: z.string().min(1),
    game: z.string().min(1),
    rulesVersion: z.string(),
    cardDataVersion: z.string(),
    /** How many event lines follow, and the hash of the last one. */
    events: z.number().int().nonnegative(),
    lastHash: z.string(),
    /** The revealed seed (MatchEnded's), or the stored seed when a judge exported a live match with it; else null. */
    seed: z.string().min(1).nullable(),
    keyframeEvery: z.number().int().positive(),
    /** One per K events: the event's hash and the hash of the judge state after it. */
    keyframes: z.array(
      z.object({ seq: z.number().int().positive(), hash: z.string(), stateHash: z.string() }).strict(),
    ),
    /** Set when the match is a fork (its MatchStarted's link, repeated here for readers). */
    forkOf: z
      .object({
        matchId: z.string(),
        seq: z.number().int().positive(),
        hash: z.string(),
        reseeded: z.literal(true).optional(),
        reshuffled: z.literal(true).optional(),
      })
      .nullable(),
  })
  .strict();
export type BundleHeader = z.infer<typeof BundleHeaderSchema>;

/** A version of the game's card data: sha256 of the canonical JSON of its card pool. */
export function cardDataVersion(game: AnyGameModule): string {
  return `sha256:${sha256Hex(canonicalJson(game.cards))}`;
}

export function stateHash(state: unknown): string {
  return sha256Hex(canonicalJson(state));
}

export function buildBundle(
  game: AnyGameModule,
  events: readonly EventEnvelope[],
  opts: { seed?: string | null; commitKey?: string | null; keyframeEvery?: number } = {},
): { header: BundleHeader; events: readonly EventEnvelope[] } {
  const last = events[events.length - 1];
  if (!last) throw new RangeError('a replay bundle needs at least one event');
  const every = opts.keyframeEvery ?? DEFAULT_KEYFRAME_EVERY;
  const keyframes: BundleHeader['keyframes'] = [];
  let state: unknown = game.initial();
  for (const e of events) {
    state = game.evolve(state, e);
    if (e.seq % every === 0) keyframes.push({ seq: e.seq, hash: e.hash, stateHash: stateHash(state) });
  }
  const header: BundleHeader = {
    format: BUNDLE_FORMAT,
    version: BUNDLE_VERSION,
    copy: 'full',
    matchId: last.matchId,
    game: game.id,
    rulesVersion: game.rulesVersion,
    cardDataVersion: cardDataVersion(game),
    events: events.length,
    lastHash: last.hash,
    seed: revealedSeed(events) ?? opts.seed ?? null,
    keyframeEvery: every,
    keyframes,
    forkOf: forkLinkOf(events),
    ...(events[0]!.seal ? { commitKey: opts.commitKey ?? null } : {}),
  };
  return { header, events };
}

/** The header line, then one envelope per line with its fields in the order of ARCHITECTURE.md §4. */
export function bundleText(b: { header: BundleHeader; events: readonly EventEnvelope[] }): string {
  return (
    [JSON.stringify(b.header), ...b.events.map((e) => JSON.stringify(envelopeFields(e)))].join('\n') + '\n'
  );
}

/** True when the text's first line is a bundle header (a plain JSONL match file starts with an event). */
export function isBundle(text: string): boolean {
  const first = text.slice(0, Math.max(0, text.indexOf('\n')) || text.length);
  try {
    const h = JSON.parse(first) as { format?: unknown };
    return h.format === BUNDLE_FORMAT;
  } catch {
    return false;
  }
}

export interface ReplayCheck {
  name: string;
  ok: boolean;
  detail: string;
}

export interface ReplayVerification {
  ok: boolean;
  matchId: string | null;
  game: string | null;
  /** The checks that ran, in order; checking stops at the first that fails. */
  checks: ReplayCheck[];
  /** The first seq that is missing, out of place or does not verify (absent when the header itself is bad). */
  firstBadSeq?: number;
  header: BundleHeader | null;
  events: EventEnvelope[];
  warnings: string[];
}

/** What each verifyEvents check is called in a check list (the bundle's, the stored match's). */
export const CHECK_LABELS: Readonly<Record<string, string>> = {
  chain: 'hash chain',
  seal: 'payload commitments',
  start: 'match start',
  end: 'match end',
  commitment: 'seed commitment',
  random: 'random outcomes',
  schema: 'event schema',
  fold: 'fold',
  position: 'turn/phase/step stamps',
};

/**
 * Checks a bundle: header, every line an envelope, seq 1…N in order with every prevHash and hash (a dropped or
 * moved line names the first seq out of place), the header's count and last hash, rules and card data versions,
 * seed commitment, every random outcome re-derived from the seed, a clean fold, and every keyframe.
 */
export function verifyBundle(
  text: string,
  resolveGame: (id: string) => AnyGameModule | null,
): ReplayVerification {
  const out: ReplayVerification = {
    ok: false,
    matchId: null,
    game: null,
    checks: [],
    header: null,
    events: [],
    warnings: [],
  };
  const pass = (name: string, detail: string) => out.checks.push({ name, ok: true, detail });
  const fail = (name: string, detail: string, seq?: number): ReplayVerification => {
    out.checks.push({ name, ok: false, detail: seq === undefined ? detail : `seq ${seq}: ${detail}` });
    return seq === undefined ? out : { ...out, firstBadSeq: seq };
  };
  const lines = text.split('\n');
  while (lines.length > 0 && lines[lines.length - 1]!.trim() === '') lines.pop();
  let raw: unknown;
  try {
    raw = JSON.parse(lines[0] ?? '');
  } catch {
    return fail(
      'header',
      `line 1 is not JSON; a replay bundle starts with its header line { "format": "${BUNDLE_FORMAT}", … }`,
    );
  }
  const h = BundleHeaderSchema.safeParse(raw);
  if (!h.success)
    return fail(
      'header',
      `line 1 is not a ${BUNDLE_FORMAT} v${BUNDLE_VERSION} header: ${z.prettifyError(h.error)}`,
    );
  const header = h.data;
  out.header = header;
  out.matchId = header.matchId;
  out.game = header.game;
  const game = resolveGame(header.game);
  if (!game)
    return fail('header', `the bundle is of game "${header.game}", which this build does not implement`);
  pass(
    'header',
    `${BUNDLE_FORMAT} v${BUNDLE_VERSION}: ${header.matchId} (${header.game}), ${header.events} events, ${header.keyframes.length} keyframes`,
  );

  const badChain = chainFailure(lines, header, out.events);
  if (badChain) return fail('hash chain', badChain.detail, badChain.seq);
  const n = out.events.length;
  pass(
    'hash chain',
    `seq 1…${n} in order; every prevHash and hash intact; last hash ${header.lastHash.slice(0, 16)}…`,
  );

  const versions: string[] = [];
  if (header.rulesVersion !== game.rulesVersion)
    versions.push(`rules version ${header.rulesVersion} (this build has ${game.rulesVersion})`);
  if (header.cardDataVersion !== cardDataVersion(game))
    versions.push(
      `card data ${header.cardDataVersion.slice(0, 23)}… (this build has ${cardDataVersion(game).slice(0, 23)}…)`,
    );
  if (versions.length > 0)
    return fail(
      'versions',
      `the bundle was made with ${versions.join(' and ')}; verify it with the build that made it`,
    );
  pass('versions', `rules ${game.rulesVersion}; card data ${header.cardDataVersion.slice(0, 23)}…`);

  const ended = revealedSeed(out.events);
  if (ended !== null && header.seed !== ended)
    return fail('seed commitment', "the header's seed is not the seed MatchEnded reveals", 1);
  const copy = { copy: 'full' as const, ...(header.commitKey ? { commitKey: header.commitKey } : {}) };
  const v = verifyEvents(
    out.events,
    resolveGame,
    header.seed === null ? { copy } : { seed: header.seed, copy },
  );
  out.warnings.push(...v.warnings);
  if (!v.ok)
    return fail(CHECK_LABELS[v.failure!.check] ?? v.failure!.check, v.failure!.reason, v.failure!.seq);
  if (v.randomVerified) {
    pass('seed commitment', `sha256(seed ‖ ${header.matchId}) is MatchStarted's seedCommitment`);
    pass('random outcomes', `${v.randomDraws} draws re-derived from the seed`);
  } else
    out.checks.push({
      name: 'random outcomes',
      ok: true,
      detail: 'not checked: the bundle carries no seed (the match has not ended)',
    });
  pass(
    'fold',
    `every event valid under the game's schema, folded cleanly, stamped where the fold is${v.ended ? '' : ' (match not ended)'}`,
  );

  const badKeyframe = keyframeFailure(out.events, header, game);
  if (badKeyframe) return fail('keyframes', badKeyframe.detail, badKeyframe.seq);
  pass('keyframes', `${header.keyframes.length} keyframe states re-folded and matched`);
  return { ...out, ok: true };
}

/** A check that failed: why, and the first seq to blame (none when the whole file is). */
interface FailedCheck {
  detail: string;
  seq?: number;
}
const bad = (detail: string, seq?: number): FailedCheck => (seq === undefined ? { detail } : { detail, seq });

/**
 * Reads the event lines into `events`: the line at position i must be seq i+1 of the header's match, chained to
 * the one before and hashing to its hash; the count and the last hash must be the header's.
 */
function chainFailure(
  lines: readonly string[],
  header: BundleHeader,
  events: EventEnvelope[],
): FailedCheck | null {
  let prev = GENESIS_HASH;
  for (let i = 1; i < lines.length; i++) {
    const seq = i;
    let parsed: unknown;
    try {
      parsed = JSON.parse(lines[i]!);
    } catch {
      return bad(`line ${i + 1} is not JSON`, seq);
    }
    const r = EventEnvelopeSchema.safeParse(parsed);
    if (!r.success)
      return bad(
        `line ${i + 1} is not an event envelope: ${r.error.issues[0]!.path.join('.')}: ${r.error.issues[0]!.message}`,
        seq,
      );
    const e = r.data as EventEnvelope;
    const extra = unknownEnvelopeKeys(parsed as Record<string, unknown>);
    if (extra.length > 0)
      return bad(
        `line ${i + 1}: field ${extra.join(', ')} is not part of an event envelope: no hash covers it (was it added?)`,
        seq,
      );
    if (e.seq !== seq)
      return bad(`line ${i + 1} holds seq ${e.seq}: seq ${seq} is missing or out of order`, seq);
    if (e.matchId !== header.matchId)
      return bad(`the event is of match ${e.matchId}, not ${header.matchId}`, seq);
    if (e.prevHash !== prev) return bad("prevHash is not the previous event's hash", seq);
    const { hash, ...rest } = e;
    if (hashEnvelope(rest) !== hash) return bad("the event's content does not match its hash (edited)", seq);
    prev = hash;
    events.push(e);
  }
  const n = events.length;
  if (n < header.events)
    return bad(`the header says ${header.events} events but the file stops after seq ${n}`, n + 1);
  if (n > header.events)
    return bad(`the header says ${header.events} events but the file goes on`, header.events + 1);
  if (n === 0) return bad('the bundle holds no events', 1);
  if (prev !== header.lastHash) return bad("the last event's hash is not the header's lastHash", n);
  return null;
}

/** Re-folds the events: a keyframe every `keyframeEvery` events, naming that event's hash and the folded state's hash. */
function keyframeFailure(
  events: readonly EventEnvelope[],
  header: BundleHeader,
  game: AnyGameModule,
): FailedCheck | null {
  const n = events.length;
  const expected = Math.floor(n / header.keyframeEvery);
  let state: unknown = game.initial();
  let k = 0;
  for (const e of events) {
    state = game.evolve(state, e);
    if (e.seq % header.keyframeEvery !== 0) continue;
    const kf = header.keyframes[k++];
    if (!kf || kf.seq !== e.seq)
      return bad(`the header has no keyframe for seq ${e.seq} (one every ${header.keyframeEvery})`, e.seq);
    if (kf.hash !== e.hash) return bad('the keyframe names another event hash', e.seq);
    if (kf.stateHash !== stateHash(state))
      return bad("the state folded here does not hash to the keyframe's stateHash", e.seq);
  }
  if (header.keyframes.length !== expected)
    return bad(
      `the header lists ${header.keyframes.length} keyframes; ${n} events every ${header.keyframeEvery} make ${expected}`,
    );
  return null;
}

export type { ForkLink };

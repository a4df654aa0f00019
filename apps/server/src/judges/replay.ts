// Judges' rewinds and reconstructions (issue 13): an exact fork of a stored match at a seq, and a match started
// from a position (the engine kit's scenario start positions).
//
// A fork's events 1…N are the parent's events 1…N, re-chained and sealed (v2) under the fork's id with the fork's own
// commitment key (from its seed, revealed by its MatchEnded), so a full and a redacted copy of a fork verify every
// byte as any match's do (engine seal.ts); a match started from a position is sealed the same way. The fold of the fork at N is
// the parent's state at N (the same payloads), and the generator continues from the same cursor. Only the
// match's identity in MatchStarted changes: `seedCommitment` (for the fork's id) and `matchId` where the game
// records it, plus `fork: { matchId, seq, hash }` committing to the parent's hash at N. Because the prefix is
// made of the game's own events, redaction, leak checks, verify and every projection work on a fork unchanged.
// A fork of a live match always has a fresh seed from the fork point on (`fork.reseeded`, continuing from the
// prefix's cursor), so outcomes players saw in the parent after N do not come back and the parent's secret seed is
// never the fork's (a fork's MatchEnded publishes its seed). A fork of an ended parent keeps the parent's seed unless
// re-seeded, so its draws continue exactly as the parent's would have (that seed is public already); see forkSeed.
// The copied state still holds the live parent's hidden zones in their secret order (each deck as the parent's
// players will draw it), so a fork of a live match also reshuffles every hidden, randomly ordered zone right after the
// prefix (`fork.reshuffled`): the game's own shuffle events (GameModule.reshuffleHidden) drawn from the fork's seed,
// recorded with the cause { system: true, host: FORK_RESHUFFLE_CAUSE } and no rule — Matchtape's action, not the
// game's. A fork of an ended parent is exact unless asked (`reshuffle: true`).
// Who may read a fork while its parent's secrets are live: judges/fork-secrecy.ts.
import { randomBytes } from 'node:crypto';
import {
  checkStart,
  MATCH_ENDED,
  MATCH_STARTED,
  FORK_RESHUFFLE_CAUSE,
  MatchSession,
  parseScenario,
  Rng,
  stampDrafts,
  scenarioConfig,
  seedCommitment,
  cursorAfter,
  type EventEnvelope,
  type MatchConfig,
  toNewEvent,
  type NewEvent,
  type PlayerId,
  sealerFor,
  sealViewers,
  type Sealer,
  type AnyGameModule,
  type SetupFn,
} from '@matchtape/engine';
import { summarize } from '@matchtape/projections';
import { nodeSealHashes, type ForkLink, type MatchRecord } from '@matchtape/store';
import {
  HostError,
  parseHostedConfig,
  playersOf,
  type EngineHost,
  type HostedMatchConfig,
} from '../host/engine-host';
import { forkableAfter } from './fork-point';

export interface ForkInput {
  parentId: string;
  /** The fork's state is the parent's after this event. */
  at: number;
  /**
   * A fresh seed for the fork from the fork point on (true: drawn from a cryptographic source). Left out: a fresh
   * one for a live parent, the parent's for an ended one. `false` (keep the parent's) only for an ended parent.
   */
  reseed?: boolean | { seed: string };
  matchId?: string;
  /**
   * Reshuffle every hidden, randomly ordered zone (decks) after the fork point, from the fork's seed. Left out: true
   * for a live parent (whose deck order is its players' secret; false is refused), false for an ended one (an exact
   * fork: the decks as the parent had them).
   */
  reshuffle?: boolean;
  /**
   * Keep the parent's bots on their seats. Left out: no bot plays the fork; every seat waits for the person the
   * judge hands its seat token to (issue 26: a fork of a bot match must not play itself out before anyone looks).
   */
  bots?: boolean;
}

export interface CreatedMatch {
  matchId: string;
  game: string;
  seats: PlayerId[];
  record: MatchRecord;
}

const APPEND_CHUNK = 500;

/** Creates a new match whose state is exactly the parent's at `at` (engine state and generator cursor). */
export async function forkMatch(
  host: EngineHost,
  input: ForkInput,
): Promise<CreatedMatch & { forkOf: ForkLink }> {
  const store = host.store;
  const parent = await store.getMatch(input.parentId);
  if (!parent)
    throw new HostError(
      404,
      'match_not_found',
      `no match ${input.parentId} to fork; list matches with GET /api/matches`,
    );
  const game = host.game(parent.game); // a 404 naming the implemented games when this build lacks it
  if (!Number.isSafeInteger(input.at) || input.at < 1 || input.at > parent.lastSeq)
    throw new HostError(
      400,
      'bad_seq',
      `fork at seq ${input.at}: match ${parent.matchId} has events 1…${parent.lastSeq}; pick one of them`,
    );
  const prefix = await store.readStream(parent.matchId, { to: input.at });
  if (prefix.length !== input.at)
    throw new HostError(
      500,
      'corrupt_match',
      `match ${parent.matchId} has ${prefix.length} events up to seq ${input.at}; verify it (GET /api/matches/${parent.matchId}/verification)`,
    );
  if (prefix.some((e) => e.type === MATCH_ENDED))
    throw new HostError(
      400,
      'bad_seq',
      `seq ${input.at} is the end of match ${parent.matchId} (MatchEnded); fork at an earlier seq to continue play`,
    );
  // A fork continues from a moment someone could act: not between a command's events and the automatic ones
  // that follow it (nobody may act there, and the rules would not have stopped there either).
  let state: unknown = game.initial();
  for (const e of prefix) state = game.evolve(state, e);
  if (!forkableAfter(game, state)) {
    let resting: number | null = null;
    let s: unknown = game.initial();
    for (const e of prefix.slice(0, -1)) {
      s = game.evolve(s, e);
      if (forkableAfter(game, s)) resting = e.seq;
    }
    let next: number | null = null;
    for (const e of await store.readStream(parent.matchId, { from: input.at + 1, to: input.at + 200 })) {
      state = game.evolve(state, e);
      if (forkableAfter(game, state)) {
        next = e.seq;
        break;
      }
    }
    const choices = [resting, next].filter((x): x is number => x !== null);
    throw new HostError(
      400,
      'bad_seq',
      `at seq ${input.at} of ${parent.matchId} nobody may act (the automatic events of a command follow it); fork where a player acts${choices.length ? `: seq ${choices.join(' or ')}` : ''}`,
    );
  }
  const first = prefix[0]!;
  if (first.type !== MATCH_STARTED)
    throw new HostError(500, 'corrupt_match', `match ${parent.matchId} does not start with ${MATCH_STARTED}`);

  const matchId = input.matchId ?? `${parent.matchId}~f${input.at}-${randomBytes(3).toString('hex')}`;
  const reshuffle = forkReshuffles(parent, input.reshuffle);
  const reseed = forkSeed(parent, input.reseed, reshuffle);
  const seed = reseed ? reseed.seed : parent.seed;
  const at = prefix[prefix.length - 1]!;
  const forkOf: ForkLink = {
    matchId: parent.matchId,
    seq: input.at,
    hash: at.hash,
    ...(reseed ? { reseeded: true as const } : {}),
    ...(reshuffle ? { reshuffled: true as const } : {}),
  };

  const events = prefix.map(toNewEvent);
  const startPayload: Record<string, unknown> = {
    ...first.payload,
    seedCommitment: seedCommitment(seed, matchId),
    fork: forkOf,
  };
  if (typeof first.payload.matchId === 'string') startPayload.matchId = matchId;
  events[0] = { ...events[0]!, payload: startPayload };
  let cursor = cursorAfter(prefix);
  if (reshuffle) {
    const shuffled = reshuffleEvents(game, events, seed, cursor);
    events.push(...shuffled.events);
    cursor = shuffled.cursor;
  }

  const parentHosted = parseHostedConfig(parent);
  const hosted: HostedMatchConfig = {
    ...parentHosted,
    matchConfig: { ...parentHosted.matchConfig, matchId },
    bots: input.bots === true ? parentHosted.bots : {},
    forkOf: { ...forkOf, reseeded: reseed !== null, reshuffled: reshuffle },
  };
  // Sealed with the fork's seed: its salts are keyed to the fork's id and open with the seed its MatchEnded reveals.
  const sealer = sealerFor(
    game,
    sealViewers(hosted.matchConfig.players.map((p) => p.id)),
    seed,
    nodeSealHashes,
  );
  return {
    ...(await createFromEvents(host, { matchId, record: parent, hosted, seed, events, cursor, sealer })),
    forkOf,
  };
}

/** Whether the fork reshuffles its hidden zones: always for a live parent, when asked for an ended one. */
function forkReshuffles(parent: MatchRecord, asked: boolean | undefined): boolean {
  if (asked === false && !mayKeepSeed(parent))
    throw new HostError(
      400,
      'live_parent_order',
      `match ${parent.matchId} is still ${parent.status}: its decks' order is its players' secret, so a fork of it reshuffles every hidden zone from its own seed; leave out "reshuffle" or send "reshuffle": true, nothing was created`,
    );
  return asked ?? !mayKeepSeed(parent);
}

/**
 * The game's reshuffle of every hidden, randomly ordered zone after `events` (the fork's prefix), drawn from the
 * fork's generator at `cursor`, stamped with the host's cause and no rule (a Matchtape action, not the game's).
 */
function reshuffleEvents(
  game: AnyGameModule,
  events: readonly NewEvent[],
  seed: string,
  cursor: number,
): { events: NewEvent[]; cursor: number } {
  let state: unknown = game.initial();
  for (const e of events) state = game.evolve(state, e);
  const rng = new Rng(seed, cursor);
  // Type and payload only: whatever rule or auto flag a game left on its drafts, these are no rule's.
  const drafts = game.reshuffleHidden(state, rng).map((d) => ({ type: d.type, payload: d.payload }));
  if (rng.pending) throw new Error(`${game.id} reshuffleHidden drew randomness that no event records`);
  const cause = { system: true as const, host: FORK_RESHUFFLE_CAUSE };
  const out = stampDrafts(game, state, drafts, cause, { seed, at: new Date().toISOString() });
  return { events: out.events, cursor: rng.cursor };
}

/** Whether a parent may be forked keeping its seed: only once it has ended (MatchEnded publishes the seed). */
export function mayKeepSeed(parent: Pick<MatchRecord, 'status'>): boolean {
  return parent.status === 'ended';
}

/**
 * The fork's own seed, or null to keep the parent's. A live parent's seed is its secret: its fork always draws
 * from a seed of its own after the fork point (unless asked otherwise: a fresh random one), and asking to keep the
 * parent's (`false`, or that very seed) is refused. An ended parent's seed is public in its MatchEnded, so its fork
 * may keep it — the judge's exact "what would have happened" replay of a finished match, and the default there
 * (the fork stays sealed until the parent's end has passed its spectator delay, judges/fork-secrecy.ts).
 */
function forkSeed(
  parent: MatchRecord,
  asked: ForkInput['reseed'],
  reshuffle: boolean,
): { seed: string } | null {
  // A reshuffle asked for an ended parent draws from a fresh seed too, unless the parent's is asked for explicitly.
  const keep =
    asked === false ||
    (asked === undefined && mayKeepSeed(parent) && !reshuffle) ||
    (typeof asked === 'object' && asked.seed === parent.seed);
  if (keep && !mayKeepSeed(parent))
    throw new HostError(
      400,
      'live_parent_seed',
      `match ${parent.matchId} is still ${parent.status}: a fork of a live match draws from a seed of its own after the fork point (its parent's seed is secret until the parent ends); leave out "reseed" or send "reseed": true, nothing was created`,
    );
  if (keep) return null;
  return typeof asked === 'object' ? asked : { seed: randomBytes(32).toString('hex') };
}

/** Writes a new match from its first events (sealed by `sealer`): the match row, the events, a snapshot with the generator cursor. */
async function createFromEvents(
  host: EngineHost,
  m: {
    matchId: string;
    record: Pick<MatchRecord, 'game' | 'spectatorDelaySeconds' | 'coverageDelaySeconds'>;
    hosted: HostedMatchConfig;
    seed: string;
    events: NewEvent[];
    cursor: number;
    sealer: Sealer | undefined;
  },
): Promise<CreatedMatch> {
  const game = host.game(m.record.game);
  const store = host.store;
  let state: unknown = game.initial();
  for (const e of m.events) state = game.evolve(state, e);
  const last = m.events[m.events.length - 1]!;
  const summary = summarize(game, m.matchId, playersOf(m.hosted), state, {
    seq: m.events.length,
    at: last.at,
  });
  await store.createMatch({
    matchId: m.matchId,
    game: game.id,
    status: game.status(state).status,
    config: m.hosted as unknown as Record<string, unknown>,
    seed: m.seed,
    spectatorDelaySeconds: m.record.spectatorDelaySeconds,
    coverageDelaySeconds: m.record.coverageDelaySeconds,
    summary: summary as unknown as Record<string, unknown>,
  });
  const appended: EventEnvelope[] = [];
  for (let i = 0; i < m.events.length; i += APPEND_CHUNK)
    appended.push(
      ...(await store.appendToStream(m.matchId, i, m.events.slice(i, i + APPEND_CHUNK), {
        sealer: m.sealer,
      })),
    );
  await store.saveSnapshot({
    matchId: m.matchId,
    seq: appended.length,
    state,
    hash: appended[appended.length - 1]!.hash,
    cursor: m.cursor,
  });
  const record = (await store.getMatch(m.matchId))!;
  host.emit('created', m.matchId);
  host.emit('appended', m.matchId, appended);
  return { matchId: m.matchId, game: game.id, seats: m.hosted.matchConfig.players.map((p) => p.id), record };
}

export interface PositionInput {
  game: string;
  /** A scenario header without steps: { players, start, cards?, options? } (packages/engine/README.md, "Scenario files"). */
  position: Record<string, unknown>;
  spectatorDelaySeconds: number;
  coverageDelaySeconds: number;
  matchId?: string;
  /** Who set the table: kept on the match record. */
  createdBy: string;
}

/** Starts a match from a position (the game's scenario start hook), to reconstruct a table situation. */
export async function startFromPosition(host: EngineHost, input: PositionInput): Promise<CreatedMatch> {
  const game = host.game(input.game);
  if (!game.scenario)
    throw new HostError(
      422,
      'no_positions',
      `${game.id} has no start-position hook; it cannot start from a position`,
    );
  const matchId = input.matchId ?? `m_${randomBytes(9).toString('base64url')}`;
  const seed = randomBytes(32).toString('hex');
  const parsed = parseScenario({ ...input.position, game: game.id, seed, matchId, steps: [] });
  if (!parsed.ok)
    throw new HostError(400, 'bad_position', `the position is not valid: ${parsed.errors.join('; ')}`);
  const s = parsed.scenario;
  if (!s.start)
    throw new HostError(
      400,
      'bad_position',
      'the position has no "start" (turn, turnPlayer, phase, step, players.<p>.zones…)',
    );
  const errors = checkStart(game, s);
  if (errors.length > 0)
    throw new HostError(422, 'bad_position', `the game cannot place this position: ${errors.join('; ')}`);
  const config: MatchConfig = scenarioConfig(s);
  const hooks = game.scenario;
  const start = s.start;
  const setup: SetupFn = (c, ctx) => hooks.start(c, start, { ...ctx, cards: s.cards ?? [] });
  const started = MatchSession.start(
    game,
    config,
    { seed, at: new Date().toISOString() },
    { setup, keepEvents: false, sealHashes: nodeSealHashes },
  );
  if (!started.ok)
    throw new HostError(
      422,
      'bad_position',
      `the game refused the position (rule ${started.rule}): ${started.reason}`,
    );
  const hosted: HostedMatchConfig = {
    matchConfig: config,
    bots: {},
    revealPolicy: 'hidden',
    fromPosition: { by: input.createdBy },
  };
  return createFromEvents(host, {
    matchId,
    record: {
      game: game.id,
      spectatorDelaySeconds: input.spectatorDelaySeconds,
      coverageDelaySeconds: input.coverageDelaySeconds,
    },
    hosted,
    seed,
    events: started.stamped,
    cursor: started.session.cursor,
    sealer: started.session.sealer,
  });
}

/** The fork link kept on a match record (null for a match that is not a fork). */
export function forkOfRecord(
  r: MatchRecord,
): (Omit<ForkLink, 'reseeded' | 'reshuffled'> & { reseeded: boolean; reshuffled: boolean }) | null {
  const f = (r.config as { forkOf?: unknown }).forkOf;
  if (typeof f !== 'object' || f === null) return null;
  const o = f as Omit<ForkLink, 'reseeded' | 'reshuffled'> & { reseeded?: unknown; reshuffled?: unknown };
  return typeof o.matchId === 'string' && typeof o.seq === 'number'
    ? {
        matchId: o.matchId,
        seq: o.seq,
        hash: o.hash,
        reseeded: o.reseeded === true,
        reshuffled: o.reshuffled === true,
      }
    : null;
}

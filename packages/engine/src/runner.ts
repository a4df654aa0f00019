// Turns a decision into stamped events: folds each draft to learn the position it leaves the game in, sets
// the cause, fills the revealed seed into MatchEnded ("" where the host withholds it: a fork) and the game id into MatchStarted. Pure: the host passes the clock and the seed.
import type { Cause, NewEvent } from './envelope';
import {
  MATCH_ENDED,
  MATCH_STARTED,
  type AnyGameModule,
  type Command,
  type DecideContext,
  type Decision,
  type DraftEvent,
  type MatchConfig,
  type Rejection,
} from './game';
import { Rng, seedCommitment } from './rng';

export interface HostContext {
  seed: string;
  /** ISO time for the events, from the host's clock (the core has none). */
  at: string;
  /**
   * MatchEnded carries `seed: ""` instead of the seed: a fork's seed opens the commitments of its copied prefix (a
   * live parent's hidden cards) and draws from the parent's decks, so its seats and the public must not get it with
   * the end. The host hands it out once the parent's secrets are public (a copy's header `seed`).
   */
  withholdSeed?: boolean;
}

export type Applied<S> = { ok: true; state: S; events: NewEvent[] } | Rejection;

export function stampDrafts<S>(
  game: AnyGameModule,
  state: S,
  drafts: readonly DraftEvent[],
  cause: Cause,
  host: HostContext,
): { state: S; events: NewEvent[] } {
  const events: NewEvent[] = [];
  let s = state;
  for (const d of drafts) {
    const payload = stampPayload(game, d, host);
    s = game.evolve(s, { type: d.type, payload });
    const p = game.position(s);
    events.push({
      type: d.type,
      at: host.at,
      turn: p.turn,
      phase: p.phase,
      step: p.step,
      cause: d.auto ? { system: true } : cause,
      rule: d.rule ?? null,
      payload,
    });
  }
  return { state: s, events };
}

/**
 * What the kernel adds to a game's payloads: MatchEnded reveals the seed; MatchStarted names the game
 * (`payload.game`, unless the game wrote it) so a match file says which module folds it (`matchtape verify`).
 */
function stampPayload(game: AnyGameModule, d: DraftEvent, host: HostContext): Record<string, unknown> {
  if (d.type === MATCH_ENDED) return { ...d.payload, seed: host.withholdSeed ? '' : host.seed };
  if (d.type === MATCH_STARTED && typeof d.payload.game !== 'string') return { ...d.payload, game: game.id };
  return d.payload;
}

/** A setup in place of GameModule.setup (a scenario's start position): same contract. */
export type SetupFn = (config: MatchConfig, ctx: DecideContext & { seedCommitment: string }) => Decision;

export function startMatch<S>(
  game: AnyGameModule,
  config: MatchConfig,
  host: HostContext,
  setup?: SetupFn,
): Applied<S> {
  const rng = new Rng(host.seed, 0);
  const ctx = { rng, seedCommitment: seedCommitment(host.seed, config.matchId) };
  const decision = setup ? setup(config, ctx) : game.setup(config, ctx);
  if (!decision.ok) return decision;
  assertRecorded(rng, game.id, 'setup');
  const out = stampDrafts<S>(game, game.initial() as S, decision.events, { system: true }, host);
  return { ok: true, ...out };
}

/** decide + stamp. `rng` must be at the state's cursor (use RngSource.at). */
export function applyCommand<S>(
  game: AnyGameModule,
  state: S,
  command: Command,
  rng: Rng,
  host: HostContext,
): Applied<S> {
  const decision = game.decide(state, command, { rng });
  if (!decision.ok) return decision;
  assertRecorded(rng, game.id, command.type);
  const cause: Cause = {
    commandId: command.commandId ?? `${command.player}:${command.type}`,
    player: command.player,
  };
  const out = stampDrafts<S>(game, state, decision.events, cause, host);
  return { ok: true, ...out };
}

function assertRecorded(rng: Rng, game: string, what: string): void {
  if (rng.pending)
    throw new Error(
      `${game} ${what}: random draws were made that no event records (emit them through a Draft, which records them)`,
    );
}

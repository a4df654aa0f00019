// The one draft builder behind every game's decide(): it emits draft events and folds each one into a working
// state at once, so every later rule reads what earlier events did. Random draws made between two emits are
// attached to the next event as `payload.random` by the builder itself, so no game hand-records `rng.take()`
// and `verifyRandom` can re-derive every outcome from the revealed seed.
import { reject, type Decision, type DraftEvent, type GameEvent, type Rejection } from '../game';
import type { RandomRecord, Rng } from '../rng';

/** Payload types by event type; `Record<string, Record<string, unknown>>` when a game does not narrow them. */
export type PayloadMap = Record<string, Record<string, unknown>>;

export interface EmitOptions {
  /** The most specific rule behind the event (e.g. "306.3a"). */
  rule?: string;
  /** A turn-based / state-based / triggered action the rules perform, not the player (cause {system:true}). */
  auto?: boolean;
}

export class Draft<S, P extends PayloadMap = PayloadMap> {
  private drafts: DraftEvent[] = [];

  constructor(
    /** The working state: the input state with every emitted event folded in. */
    public state: S,
    private readonly fold: (state: S, event: GameEvent) => S,
    private readonly random: Rng | null = null,
  ) {}

  /** The events emitted so far, in order. */
  get events(): readonly DraftEvent[] {
    return this.drafts;
  }

  /** The match generator at the state's cursor. Throws when the builder was made without one. */
  get rng(): Rng {
    if (!this.random)
      throw new Error(
        'this rule draws randomness, but the Draft was created without the match Rng (pass ctx.rng)',
      );
    return this.random;
  }

  /**
   * Emits `type` with `payload`, folds it into `state`, and attaches the draws made since the previous event
   * as `payload.random`. A payload may not carry its own `random`: the builder is the only writer.
   */
  emit<T extends keyof P & string>(type: T, payload: P[T], opts: EmitOptions = {}): void {
    if ('random' in payload)
      throw new Error(`${type}: payload.random is written by the Draft; remove it from the payload`);
    const pending: RandomRecord | null = this.random?.pending ? this.random.take() : null;
    const full: Record<string, unknown> = pending ? { ...payload, random: pending } : { ...payload };
    const d: DraftEvent = { type, payload: full };
    if (opts.rule !== undefined) d.rule = opts.rule;
    if (opts.auto) d.auto = true;
    this.drafts.push(d);
    this.state = this.fold(this.state, d);
  }

  /** An action the rules perform (turn-based, state-based, a trigger), citing the rule that performs it. */
  auto<T extends keyof P & string>(type: T, payload: P[T], rule: string): void {
    this.emit(type, payload, { rule, auto: true });
  }

  /** A fresh opaque id for a card entering a zone some viewer cannot see (recorded with the next event). */
  oid(): string {
    return this.rng.opaqueId();
  }

  /** True once nothing has been drawn since the last event. */
  get settled(): boolean {
    return !this.random?.pending;
  }

  /**
   * The decision: the emitted events. Throws when draws were made that no later event records (a bug: the
   * outcome would be unverifiable), so emit the event that uses the outcome before finishing.
   */
  done(): Decision {
    if (!this.settled)
      throw new Error('random draws were made after the last emitted event; emit the event that uses them');
    return { ok: true, events: [...this.drafts] };
  }

  /** Convenience for `return draft.fail(rule, reason)`: a rejection (the drafts are discarded). */
  fail(rule: string, reason: string): Rejection {
    return reject(rule, reason);
  }
}

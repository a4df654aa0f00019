// Generator positions and outcomes go to judges only while a match is live (ARCHITECTURE.md, Randomness): for
// every other viewer an event's `payload.random` keeps its place but says nothing — not the outcome, and not
// `from`/`to` either, since positions tell how many draws a shuffle rejected and let a viewer line up outputs.
// Once a match has ended and its seed is revealed, the server hands out the judge events (reveal-all), which
// `verifyRandom` checks. Games call `redactRandom` from viewEvent; an evolve that reads `payload.random.to`
// must leave its cursor alone for a redacted record (`isRandomRecord` is false for it).

/** `payload.random` as a non-judge receives it. */
export interface RedactedRandomRecord {
  from: null;
  to: null;
  draws: null;
}

export const REDACTED_RANDOM: Readonly<RedactedRandomRecord> = Object.freeze({ from: null, to: null, draws: null });

/** The payload with its random record (if any) redacted; the same object when there is none. */
export function redactRandom<P extends Record<string, unknown>>(payload: P): P {
  if (payload.random === undefined) return payload;
  return { ...payload, random: { ...REDACTED_RANDOM } };
}

export function isRedactedRandom(x: unknown): x is RedactedRandomRecord {
  return typeof x === 'object' && x !== null && (x as { from?: unknown }).from === null && (x as { to?: unknown }).to === null;
}

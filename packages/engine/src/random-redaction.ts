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

export const REDACTED_RANDOM: Readonly<RedactedRandomRecord> = Object.freeze({
  from: null,
  to: null,
  draws: null,
});

/** The payload with its random record (if any) redacted; the same object when there is none. */
export function redactRandom<P extends Record<string, unknown>>(payload: P): P {
  if (payload.random === undefined) return payload;
  return { ...payload, random: { ...REDACTED_RANDOM } };
}

export function isRedactedRandom(x: unknown): x is RedactedRandomRecord {
  if (typeof x !== 'object' || x === null) return false;
  const r = x as Partial<Record<keyof RedactedRandomRecord, unknown>>;
  return r.from === null && r.to === null && r.draws === null;
}

/**
 * Where a generator position or outcome shows in something sent to a non-judge: any `random` that is not the
 * redacted record, and any non-zero number under a cursor key. Paths are JSONPath-like ("$.events[3].payload.random").
 * Leak tests run it over every view, event and stream a viewer receives.
 */
export function randomPositionsIn(
  value: unknown,
  cursorKeys: readonly string[] = ['rng', 'cursor'],
): string[] {
  const found: string[] = [];
  const visit = (x: unknown, path: string): void => {
    if (Array.isArray(x)) x.forEach((v, i) => visit(v, `${path}[${i}]`));
    else if (typeof x === 'object' && x !== null)
      for (const [k, v] of Object.entries(x)) {
        const at = `${path}.${k}`;
        if (k === 'random' && v !== undefined && !isRedactedRandom(v))
          found.push(`${at} = ${JSON.stringify(v)?.slice(0, 80)}`);
        else if (cursorKeys.includes(k) && typeof v === 'number' && v !== 0) found.push(`${at} = ${v}`);
        else visit(v, at);
      }
  };
  visit(value, '$');
  return found;
}

// Continuous effects with durations ("until end of turn / clash / phase"), and counters.

export type Duration =
  | { until: 'end-of-turn' }
  | { until: 'end-of-phase'; phase: string }
  | { until: 'end-of-step'; step: string }
  | { until: 'end-of-combat' }
  | { until: 'leaves-play' }
  | { until: 'permanent' };

export interface ContinuousEffect {
  id: string;
  /** Instance id of the card that created it. */
  source: string | null;
  /** Instance id it applies to, or a player id. */
  target: string;
  /** Added to the target's stats: { attack: 2, defense: -1 }. */
  modify?: Record<string, number>;
  /** Keywords granted while it lasts. */
  grant?: string[];
  duration: Duration;
  /** Rule number that creates / bounds it. */
  rule?: string;
}

export type Boundary =
  | { ends: 'turn' }
  | { ends: 'phase'; phase: string }
  | { ends: 'step'; step: string }
  | { ends: 'combat' }
  | { ends: 'leaves-play'; card: string };

/** Effects still in force after `boundary` passes. */
export function expireEffects(effects: readonly ContinuousEffect[], boundary: Boundary): ContinuousEffect[] {
  return effects.filter((e) => !expiresAt(e, boundary));
}

function expiresAt(e: ContinuousEffect, b: Boundary): boolean {
  const d = e.duration;
  switch (b.ends) {
    case 'turn':
      return d.until !== 'permanent' && d.until !== 'leaves-play';
    case 'phase':
      return (d.until === 'end-of-phase' && d.phase === b.phase) || d.until === 'end-of-step';
    case 'step':
      return d.until === 'end-of-step' && d.step === b.step;
    case 'combat':
      return d.until === 'end-of-combat';
    case 'leaves-play':
      return e.target === b.card || (d.until === 'leaves-play' && e.source === b.card);
  }
}

/** Sum of a stat's modifiers on one target. */
export function modifierOf(effects: readonly ContinuousEffect[], target: string, stat: string): number {
  let n = 0;
  for (const e of effects) if (e.target === target && e.modify?.[stat] !== undefined) n += e.modify[stat]!;
  return n;
}

export function grantedKeywords(effects: readonly ContinuousEffect[], target: string): string[] {
  return effects.filter((e) => e.target === target).flatMap((e) => e.grant ?? []);
}

export function addCounters(
  counters: Readonly<Record<string, number>>,
  kind: string,
  n: number,
): Record<string, number> {
  const next = { ...counters, [kind]: Math.max(0, (counters[kind] ?? 0) + n) };
  if (next[kind] === 0) delete next[kind];
  return next;
}

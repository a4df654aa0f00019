// A real long match for the seek and browser suites: bot matches through the engine (MatchSession, every command
// listed by legalCommands and accepted by decide), Grand Archive with more seats until one reaches the length
// asked — the engine's longest matches are multiplayer Grand Archive with random bots.
import {
  MatchSession,
  Rng,
  type AnyGameModule,
  type Command,
  type EventEnvelope,
  type PlayerId,
} from '@matchtape/engine';

export interface LongMatch {
  game: AnyGameModule;
  seats: number;
  seed: string;
  events: EventEnvelope[];
}

/** Plays one match with `seats` random bots; stops at its end (or at `maxEvents`, a safety net). */
export function playSeats(
  game: AnyGameModule,
  seats: number,
  seed: string,
  maxEvents = 50_000,
): EventEnvelope[] {
  const presets = Object.values(game.presetDecks);
  const players = Array.from({ length: seats }, (_, i) => ({
    id: `p${i + 1}` as PlayerId,
    name: `Bot ${i + 1}`,
    deck: presets[i % presets.length]!,
  }));
  let tick = 0;
  const at = () => new Date(Date.UTC(2026, 0, 1) + 1000 * tick++).toISOString();
  const started = MatchSession.start(game, { matchId: seed, players }, { seed, at: at() });
  if (!started.ok)
    throw new Error(`${game.id} with ${seats} seats: setup rejected (${started.rule}: ${started.reason})`);
  const session = started.session;
  const bot = new Rng(`bot:${seed}`);
  while (!session.ended && session.lastSeq < maxEvents) {
    const player = game.actors(session.state)[0];
    if (!player) throw new Error(`${game.id} ${seed}: nobody can act at seq ${session.lastSeq}`);
    const legal = game.legalCommands(session.state, player);
    const cmd: Command = { ...game.bots.random.choose(session.state, player, legal, bot), player };
    const res = session.play(cmd, at());
    if (!res.ok)
      throw new Error(`${game.id} ${seed}: a listed command was rejected (${res.rule}: ${res.reason})`);
  }
  return [...session.events];
}

/**
 * The first match of at least `minEvents` events: Grand Archive (when given) with 4, then 6, then 8 random seats,
 * a few seeds each; else the longest found. Deterministic for a seed prefix.
 */
export function longMatch(
  games: AnyGameModule[],
  minEvents: number,
  progress: (line: string) => void,
  seedPrefix = 'long',
): LongMatch {
  const ga = games.find((g) => g.id === 'grand-archive');
  let best: LongMatch | null = null;
  const tries: [AnyGameModule, number][] = ga
    ? [4, 6, 8].flatMap((n) => [0, 1, 2].map(() => [ga, n] as [AnyGameModule, number]))
    : games.map((g) => [g, 2]);
  let i = 0;
  for (const [game, seats] of tries) {
    const seed = `${seedPrefix}-${seats}-${i++}`;
    let events: EventEnvelope[];
    try {
      events = playSeats(game, seats, seed);
    } catch (err) {
      progress(
        `long match: ${game.id} with ${seats} seats failed (${(err as Error).message}); trying another`,
      );
      continue;
    }
    progress(`long match: ${game.id}, ${seats} seats, seed ${seed}: ${events.length} events`);
    if (!best || events.length > best.events.length) best = { game, seats, seed, events };
    if (events.length >= minEvents) break;
  }
  if (!best) throw new Error('no long match could be played');
  return best;
}

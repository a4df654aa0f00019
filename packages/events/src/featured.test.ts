import { describe, expect, it } from 'vitest';
import {
  decideEvent,
  eventAsOf,
  featuredGame,
  foldEvent,
  initialEvent,
  type Actor,
  type EventCommand,
  type EventState,
  type TournamentEvent,
} from './index';

const organiser: Actor = { role: 'organiser', id: 'org' };
const producer: Actor = { role: 'coverage', id: 'desk' };
const system: Actor = { role: 'system' };
const at = (s: number): string => new Date(Date.UTC(2026, 10, 26, 10, 0, s)).toISOString();

/** Runs commands one second apart, keeping the stream. */
function event(): {
  run: (c: EventCommand, actor?: Actor) => EventState;
  refuse: (c: EventCommand, actor?: Actor) => string;
  log: TournamentEvent[];
  state: () => EventState;
} {
  let s = initialEvent();
  let clock = 0;
  const log: TournamentEvent[] = [];
  const decide = (c: EventCommand, actor: Actor) =>
    decideEvent(s, c, { at: at(clock++), actor, commandId: `c${clock}` });
  return {
    log,
    state: () => s,
    run(c, actor = organiser) {
      const d = decide(c, actor);
      if (!d.ok) throw new Error(`${c.type} refused: ${d.reason}`);
      log.push(...d.events);
      s = d.state;
      return s;
    },
    refuse(c, actor = organiser) {
      const d = decide(c, actor);
      if (d.ok) throw new Error(`${c.type} was accepted`);
      return `${d.code}: ${d.reason}`;
    },
  };
}

function fiveAtTwoTables() {
  const e = event();
  e.run({
    type: 'CreateEvent',
    eventId: 'ev1',
    seed: 'a-fixed-seed',
    nextGameFirst: { policy: 'game', rule: null },
    options: {
      name: 'T',
      game: 'alpha-clash',
      format: 'swiss',
      swissRounds: 2,
      topCut: 0,
      bestOf: 3,
      roundMinutes: 50,
      extraTurns: 3,
      spectatorDelaySeconds: 5,
      revealPolicy: 'hidden',
    },
  });
  for (let i = 0; i < 5; i++)
    e.run({ type: 'RegisterPlayer', name: `P${i + 1}`, deck: { preset: 'x' }, bot: null });
  e.run({ type: 'StartRound', round: 1 });
  e.run({ type: 'StartGame', round: 1, table: 1, game: 1, matchId: 'm_t1g1' }, system);
  e.run({ type: 'StartGame', round: 1, table: 2, game: 1, matchId: 'm_t2g1' }, system);
  return e;
}

describe('the featured table', () => {
  it('a producer switches tables; each switch is an event on the stream and the fold follows it', () => {
    const e = fiveAtTwoTables();
    expect(featuredGame(e.state())).toBeNull();
    e.run({ type: 'FeatureTable', round: 1, table: 1 }, producer);
    expect(featuredGame(e.state())).toMatchObject({ round: 1, table: 1, game: 1, matchId: 'm_t1g1' });
    e.run({ type: 'FeatureTable', round: 1, table: 2 }, producer);
    expect(featuredGame(e.state())).toMatchObject({ table: 2, matchId: 'm_t2g1' });
    const changes = e.log.filter((x) => x.type === 'FeaturedTableChanged');
    expect(changes.map((x) => x.payload)).toEqual([
      { round: 1, table: 1, previous: null },
      { round: 1, table: 2, previous: { round: 1, table: 1 } },
    ]);
    expect(changes[1]!.cause).toMatchObject({ actor: producer });
    expect(foldEvent(e.log)).toEqual(e.state());
    // The table's next game is followed without a new switch.
    e.run({ type: 'ReportGame', round: 1, table: 2, game: 1, winner: 'p3', cause: 'match-ended' }, system);
    e.run({ type: 'StartGame', round: 1, table: 2, game: 2, matchId: 'm_t2g2' }, system);
    expect(featuredGame(e.state())).toMatchObject({ table: 2, game: 2, matchId: 'm_t2g2' });
    e.run({ type: 'FeatureTable', round: 1, table: null }, producer);
    expect(featuredGame(e.state())).toBeNull();
  });

  it('is refused to other roles, for tables that do not exist, byes, and the table already featured; nothing changes', () => {
    const e = fiveAtTwoTables();
    const before = e.state();
    expect(e.refuse({ type: 'FeatureTable', round: 1, table: 1 }, { role: 'judge', id: 'j' })).toMatch(
      /^forbidden: .*producer/,
    );
    expect(
      e.refuse({ type: 'FeatureTable', round: 1, table: 1 }, { role: 'player', id: 'x', player: 'p1' }),
    ).toMatch(/^forbidden/);
    expect(e.refuse({ type: 'FeatureTable', round: 1, table: 9 }, producer)).toBe(
      'not_found: round 1 has no table 9 (tables 1–3)',
    );
    expect(e.refuse({ type: 'FeatureTable', round: 4, table: 1 }, producer)).toMatch(
      /^not_found: round 4 has not been paired/,
    );
    expect(e.refuse({ type: 'FeatureTable', round: 1, table: 3 }, producer)).toMatch(
      /^conflict: table 3 of round 1 is a bye/,
    );
    expect(e.refuse({ type: 'FeatureTable', round: 1, table: null }, producer)).toMatch(
      /^conflict: no table is featured/,
    );
    e.run({ type: 'FeatureTable', round: 1, table: 1 }, organiser);
    expect(e.refuse({ type: 'FeatureTable', round: 1, table: 1 }, producer)).toMatch(
      /already the featured table/,
    );
    expect(before.featured).toBeNull();
  });

  it('as of a moment, only what had happened by then: a switch and a next game wait for the delayed moment', () => {
    const e = fiveAtTwoTables();
    e.run({ type: 'FeatureTable', round: 1, table: 1 }, producer);
    const first = e.log.at(-1)!.at;
    e.run({ type: 'FeatureTable', round: 1, table: 2 }, producer);
    const second = e.log.at(-1)!.at;
    const justBefore = new Date(new Date(second).getTime() - 1).toISOString();
    expect(featuredGame(eventAsOf(e.log, justBefore))).toMatchObject({ table: 1, matchId: 'm_t1g1' });
    expect(featuredGame(eventAsOf(e.log, second))).toMatchObject({ table: 2, matchId: 'm_t2g1' });
    expect(featuredGame(eventAsOf(e.log, new Date(new Date(first).getTime() - 1).toISOString()))).toBeNull();
    e.run({ type: 'ReportGame', round: 1, table: 2, game: 1, winner: 'p3', cause: 'match-ended' }, system);
    e.run({ type: 'StartGame', round: 1, table: 2, game: 2, matchId: 'm_t2g2' }, system);
    const nextGame = e.log.at(-1)!.at;
    expect(
      featuredGame(eventAsOf(e.log, new Date(new Date(nextGame).getTime() - 1).toISOString())),
    ).toMatchObject({ game: 1, matchId: 'm_t2g1' });
    expect(featuredGame(eventAsOf(e.log, nextGame))).toMatchObject({ game: 2, matchId: 'm_t2g2' });
  });
});

import { describe, expect, it } from 'vitest';
import {
  decideEvent,
  foldEvent,
  standings,
  standingsCsv,
  EventOptions,
  type EventCommand,
  type EventState,
  type TournamentEvent,
} from './index';

const at = '2026-11-26T10:00:00.000Z';
const sys = { system: true } as const;
const ev = (type: string, payload: Record<string, unknown>, round = 0): TournamentEvent => ({
  type,
  at,
  round,
  cause: sys,
  rule: null,
  payload,
});
const res = (p1Wins: number, p2Wins: number, draws: number, winner: string | null, by = 'games') => ({
  p1Wins,
  p2Wins,
  draws,
  winner,
  by,
});

/**
 * A small event written out by hand: five players, three Swiss rounds, best of three.
 *   R1  p1–p2 2-1   p3–p4 2-0   p5 bye
 *   R2  p1–p5 2-0   p3–p2 1-1-1 p4 bye
 *   R3  p1–p3 1-2   p5–p4 1-2   p2 bye
 */
function smallEvent(): EventState {
  // Best of three, no top cut, and the other options as a new event has them by default.
  const options = EventOptions.parse({ name: 'Hand count', game: 'alpha-clash', swissRounds: 3 });
  const events: TournamentEvent[] = [
    ev('EventCreated', {
      eventId: 'e1',
      options,
      nextGameFirst: { policy: 'loser', rule: '1.4.7.b' },
      seed: 'seed-seed',
    }),
  ];
  for (const n of ['Ann', 'Bo', 'Cy', 'Di', 'Ed'])
    events.push(ev('PlayerRegistered', { player: `p${events.length}`, name: n, deck: {}, bot: null }));
  const round = (r: number, pairings: [string, string | null, ReturnType<typeof res>][]) => {
    events.push(
      ev(
        'RoundPaired',
        {
          round: r,
          stage: 'swiss',
          rematches: false,
          pairings: pairings.map(([p1, p2], i) => ({ table: i + 1, p1, p2 })),
        },
        r,
      ),
    );
    pairings.forEach(([, , result], i) =>
      events.push(ev('PairingResultRecorded', { round: r, table: i + 1, result }, r)),
    );
    events.push(ev('StandingsPublished', { round: r, standings: [] }, r));
  };
  round(1, [
    ['p1', 'p2', res(2, 1, 0, 'p1')],
    ['p3', 'p4', res(2, 0, 0, 'p3')],
    ['p5', null, res(2, 0, 0, 'p5', 'bye')],
  ]);
  round(2, [
    ['p1', 'p5', res(2, 0, 0, 'p1')],
    ['p3', 'p2', res(1, 1, 1, null)],
    ['p4', null, res(2, 0, 0, 'p4', 'bye')],
  ]);
  round(3, [
    ['p1', 'p3', res(1, 2, 0, 'p3')],
    ['p5', 'p4', res(1, 2, 0, 'p4')],
    ['p2', null, res(2, 0, 0, 'p2', 'bye')],
  ]);
  return foldEvent(events);
}

describe('standings (MTR Appendix C tiebreakers, hand-computed)', () => {
  it('matches points, MW%, OMW%, GW% and OGW% worked out by hand', () => {
    const rows = standings(smallEvent());
    expect(rows.map((r) => r.player)).toEqual(['p3', 'p4', 'p1', 'p2', 'p5']);
    const by = Object.fromEntries(rows.map((r) => [r.player, r]));
    // p1: W 2-1, W 2-0, L 1-2 → 6 points; 5 game wins of 8 games → 15/24.
    expect(by.p1).toMatchObject({ points: 6, record: '2-1-0' });
    expect(by.p1!.mwp).toBeCloseTo(6 / 9, 10);
    expect(by.p1!.gwp).toBeCloseTo(15 / 24, 10);
    expect(by.p1!.omwp).toBeCloseTo((4 / 9 + 1 / 3 + 7 / 9) / 3, 10); // p2, p5 (at the 1/3 floor), p3
    expect(by.p1!.ogwp).toBeCloseTo((13 / 24 + 9 / 21 + 16 / 24) / 3, 10);
    // p2: L 1-2, D 1-1-1, bye → 4 points; game points 3 + 4 + 6 (bye = two game wins) of 8 games.
    expect(by.p2).toMatchObject({ points: 4, record: '1-1-1' });
    expect(by.p2!.gwp).toBeCloseTo(13 / 24, 10);
    expect(by.p2!.omwp).toBeCloseTo((6 / 9 + 7 / 9) / 2, 10); // the bye is not an opponent
    // p3: W 2-0, D, W 2-1 → 7 points.
    expect(by.p3).toMatchObject({ points: 7, record: '2-0-1' });
    expect(by.p3!.omwp).toBeCloseTo((6 / 9 + 4 / 9 + 6 / 9) / 3, 10);
    expect(by.p3!.ogwp).toBeCloseTo((12 / 21 + 13 / 24 + 15 / 24) / 3, 10);
    // p4 and p1 tie on 6 points; p4 is ahead on OMW% (5/9 against 14/27).
    expect(by.p4!.omwp).toBeCloseTo(5 / 9, 10);
    expect(by.p4!.gwp).toBeCloseTo(12 / 21, 10);
    // p5: bye, L, L → 3 points, MW% exactly at the floor; GW% 9/21.
    expect(by.p5!.mwp).toBeCloseTo(1 / 3, 10);
    expect(by.p5!.gwp).toBeCloseTo(9 / 21, 10);
    expect(by.p5!.ogwp).toBeCloseTo((15 / 24 + 12 / 21) / 2, 10);
  });

  it("floors a winless player at 33% (MW% and GW%) in their opponents' tiebreakers", () => {
    const s = smallEvent();
    const one = foldEvent(
      [
        ev(
          'RoundPaired',
          { round: 1, stage: 'swiss', rematches: false, pairings: [{ table: 1, p1: 'p1', p2: 'p2' }] },
          1,
        ),
        ev('PairingResultRecorded', { round: 1, table: 1, result: res(2, 0, 0, 'p1') }, 1),
      ],
      { ...s, players: s.players.slice(0, 2), rounds: [] },
    );
    const [first, second] = standings(one);
    expect(second).toMatchObject({ player: 'p2', points: 0, mwp: 1 / 3, gwp: 1 / 3 });
    expect(first).toMatchObject({ player: 'p1', mwp: 1, gwp: 1, omwp: 1 / 3, ogwp: 1 / 3 });
  });

  it('a judge override (match loss) changes the standings, as an event with its reason', () => {
    const s = smallEvent();
    const cmd: EventCommand = {
      type: 'RecordResult',
      round: 3,
      table: 1,
      ruling: 'match-loss',
      player: 'p3',
      reason: 'marked cards (MTR 3.x): match loss',
    };
    const d = decideEvent(s, cmd, { at, actor: { role: 'judge', id: 'judge-1' }, commandId: 'c1' });
    expect(d.ok).toBe(true);
    if (!d.ok) return;
    expect(d.events.map((e) => e.type)).toEqual(['ResultOverridden', 'StandingsPublished']);
    expect(d.events[0]!.payload).toMatchObject({
      ruling: 'match-loss',
      reason: 'marked cards (MTR 3.x): match loss',
      before: { winner: 'p3' },
      after: { winner: 'p1', p1Wins: 2, p2Wins: 0 },
    });
    const rows = standings(d.state);
    // p3 falls to 4 points, level with p2; p2's OMW% (1 + 4/9) / 2 beats p3's (6/9 + 4/9 + 1) / 3.
    expect(rows.map((r) => r.player)).toEqual(['p1', 'p4', 'p2', 'p3', 'p5']);
    expect(rows[2]!.omwp).toBeCloseTo((1 + 4 / 9) / 2, 10);
    expect(rows[3]!.omwp).toBeCloseTo((6 / 9 + 4 / 9 + 1) / 3, 10);
    expect(rows[0]).toMatchObject({ player: 'p1', points: 9 });
    expect(d.events[1]!.payload).toMatchObject({ round: 3, standings: rows });
    expect(standings(foldEvent(d.events, s))).toEqual(rows);
  });

  it('refuses an override from anyone but a judge, and one without a reason', () => {
    const s = smallEvent();
    const cmd: EventCommand = { type: 'RecordResult', round: 3, table: 1, ruling: 'draw', reason: 'agreed' };
    const d = decideEvent(s, cmd, { at, actor: { role: 'organiser', id: 'o' }, commandId: 'c' });
    expect(d).toMatchObject({ ok: false, code: 'forbidden' });
  });

  it('exports the standings as CSV', () => {
    const csv = standingsCsv(standings(smallEvent()));
    expect(csv.split('\r\n')[0]).toBe('rank,player,name,points,record,mw%,omw%,gw%,ogw%,dropped');
    expect(csv.split('\r\n')[1]).toBe('1,p3,Cy,7,2-0-1,77.78,59.26,66.67,57.94,false');
  });
});

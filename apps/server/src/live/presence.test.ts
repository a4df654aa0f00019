// A seat is shown gone only after its last connection stayed closed for the grace period; a reconnect within it
// (the site reopening its multiplexed connection, a retry under load) says nothing to the other seats. Time is
// driven by hand (ManualTimers): "the grace period passed" is fireAll(), never a wait.
import { describe, expect, it } from 'vitest';
import { ManualTimers } from '../testing/manual-timers';
import { SeatPresence } from './presence';

function setup() {
  const open = new Map<string, number>();
  const said: string[] = [];
  const timers = new ManualTimers();
  const presence = new SeatPresence({
    timers,
    live: (m, seat) => (open.get(`${m}/${seat}`) ?? 0) > 0,
    announce: (m, seat, connected) => said.push(`${m} ${seat} ${connected ? 'came' : 'left'}`),
  });
  const connect = (seat: string) => {
    open.set(`m/${seat}`, (open.get(`m/${seat}`) ?? 0) + 1);
    presence.came('m', seat);
  };
  const close = (seat: string) => {
    open.set(`m/${seat}`, (open.get(`m/${seat}`) ?? 0) - 1);
    presence.left('m', seat);
  };
  return { presence, said, timers, connect, close };
}

describe('seat presence', () => {
  it('a reconnect within the grace period: nothing is said, and the seat is shown connected throughout', () => {
    const t = setup();
    t.connect('p1');
    expect(t.said).toEqual(['m p1 came']);
    t.close('p1');
    expect(t.presence.shown('m', 'p1')).toBe(true);
    t.connect('p1');
    expect(t.timers.size).toBe(0);
    t.timers.fireAll();
    expect(t.said).toEqual(['m p1 came']);
    expect(t.presence.shown('m', 'p1')).toBe(true);
  });

  it('a real drop: said once the grace period has passed, and the return is said too', () => {
    const t = setup();
    t.connect('p1');
    t.close('p1');
    expect(t.said).toEqual(['m p1 came']);
    t.timers.fireAll();
    expect(t.said).toEqual(['m p1 came', 'm p1 left']);
    expect(t.presence.shown('m', 'p1')).toBe(false);
    t.connect('p1');
    expect(t.said).toEqual(['m p1 came', 'm p1 left', 'm p1 came']);
    expect(t.presence.shown('m', 'p1')).toBe(true);
  });

  it('another tab of the seat still open: closing one says nothing, even after the grace period', () => {
    const t = setup();
    t.connect('p1');
    t.connect('p1');
    t.close('p1');
    expect(t.timers.size).toBe(0);
    t.timers.fireAll();
    expect(t.said.filter((s) => s.endsWith('left'))).toEqual([]);
  });

  it('stop drops the pending announcements', () => {
    const t = setup();
    t.connect('p1');
    t.close('p1');
    t.presence.stop();
    expect(t.timers.size).toBe(0);
  });

  it("a new connection's snapshot: every other seat that has connected, as shown now (never bots, never itself)", () => {
    const t = setup();
    expect(t.presence.snapshot('m', 'p2')).toEqual([]);
    t.connect('p1');
    t.connect('p2');
    expect(t.presence.snapshot('m', 'p2')).toEqual([{ seat: 'p1', connected: true }]);
    t.close('p1');
    // Within the grace period the others still see p1 at the table, and so does a new connection.
    expect(t.presence.snapshot('m', 'p2')).toEqual([{ seat: 'p1', connected: true }]);
    t.timers.fireAll();
    expect(t.presence.snapshot('m', 'p2')).toEqual([{ seat: 'p1', connected: false }]);
    expect(t.presence.snapshot('m', 'p1')).toEqual([{ seat: 'p2', connected: true }]);
    t.close('p2');
    t.timers.fireAll();
    t.presence.forget('m');
    expect(t.presence.snapshot('m', 'p2')).toEqual([]);
  });
});

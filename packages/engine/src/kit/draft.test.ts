import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../game';
import { Rng, verifyRandom } from '../rng';
import { Draft } from './draft';

interface S {
  n: number;
  log: string[];
}
const fold = (s: S, e: GameEvent): S => ({
  n: s.n + ((e.payload.add as number | undefined) ?? 0),
  log: [...s.log, e.type],
});

describe('Draft', () => {
  it('folds each event at once, so later rules read the updated state', () => {
    const d = new Draft<S>({ n: 0, log: [] }, fold);
    d.emit('Added', { add: 2 }, { rule: '1.1' });
    expect(d.state.n).toBe(2);
    d.auto('Added', { add: d.state.n * 10 }, '1.2');
    expect(d.state).toEqual({ n: 22, log: ['Added', 'Added'] });
    expect(d.events).toEqual([
      { type: 'Added', payload: { add: 2 }, rule: '1.1' },
      { type: 'Added', payload: { add: 20 }, rule: '1.2', auto: true },
    ]);
  });

  it('records the draws made since the previous event into the next one as payload.random', () => {
    const rng = new Rng('seed', 0);
    const d = new Draft<S>({ n: 0, log: [] }, fold, rng);
    d.emit('Started', {});
    const roll = d.rng.int(6);
    const oid = d.oid();
    d.emit('Rolled', { roll, oid });
    d.emit('Noted', {});
    const [started, rolled, noted] = d.events;
    expect(started!.payload.random).toBeUndefined();
    expect(rolled!.payload.random).toMatchObject({
      from: 0,
      draws: [
        { kind: 'int', n: 6, result: roll },
        { kind: 'id', result: oid },
      ],
    });
    expect(noted!.payload.random).toBeUndefined();
    const seqd = d.events.map((e, i) => ({ seq: i + 1, payload: e.payload }));
    expect(verifyRandom(seqd, 'seed')).toEqual({ ok: true, draws: rng.cursor });
  });

  it('refuses a payload that writes random itself, and a decision with unrecorded draws', () => {
    const d = new Draft<S>({ n: 0, log: [] }, fold, new Rng('x'));
    expect(() => d.emit('Bad', { random: { from: 0, to: 1, draws: [] } })).toThrow(
      /payload\.random is written by the Draft/,
    );
    d.rng.int(2);
    expect(d.settled).toBe(false);
    expect(() => d.done()).toThrow(/random draws were made after the last emitted event/);
    d.emit('Used', {});
    expect(d.done()).toMatchObject({ ok: true, events: [{ type: 'Used' }] });
  });

  it('needs the match Rng to draw, and says so', () => {
    const d = new Draft<S>({ n: 0, log: [] }, fold);
    expect(() => d.oid()).toThrow(/created without the match Rng/);
    expect(d.fail('2.1', 'not your turn')).toEqual({ ok: false, rule: '2.1', reason: 'not your turn' });
  });
});

import { describe, expect, it } from 'vitest';
import { EMPTY_SELECTION, type Offer, type Step } from '../../lib/table';
import { pickInto, tileRole } from './choice';

const offer = { key: 'k' } as Offer;
const targets: Step = { kind: 'targets', ids: ['t1', 't2'], offers: [offer], done: [] };
const pays: Step = { kind: 'pays', ids: ['m1'], offers: [offer], done: [] };
const cards: Step = { kind: 'cards', ids: ['c1'], offers: [offer], done: [] };
const actions: Step = { kind: 'actions', groups: [] };
const sources = new Map([['s1', new Set(['play', 'attack'])]]);

describe('tileRole', () => {
  it('gives nothing a role while a command is on its way', () => {
    expect(tileRole('s1', EMPTY_SELECTION, actions, sources, true)).toBeNull();
  });
  it('names the sources of offers, with their kinds, before an action is chosen', () => {
    expect(tileRole('s1', EMPTY_SELECTION, actions, sources, false)).toEqual({
      role: 'source',
      kinds: 'play attack',
    });
    expect(tileRole('zz', EMPTY_SELECTION, actions, sources, false)).toBeNull();
    const chosen = { ...EMPTY_SELECTION, source: 's9', group: 'g' };
    expect(tileRole('s1', chosen, actions, sources, false)).toBeNull();
  });
  it('marks what is chosen, then the targets, payments and cards the step asks for', () => {
    const sel = { ...EMPTY_SELECTION, source: 's1', group: 'g', targets: ['t1'] };
    expect(tileRole('s1', sel, targets, sources, false)).toEqual({ role: 'selected' });
    expect(tileRole('t1', sel, targets, sources, false)).toEqual({ role: 'selected' });
    expect(tileRole('t2', sel, targets, sources, false)).toEqual({ role: 'target' });
    expect(tileRole('c1', sel, cards, sources, false)).toEqual({ role: 'target' });
    expect(tileRole('m1', sel, pays, sources, false)).toEqual({ role: 'pay' });
    expect(tileRole('m1', sel, targets, sources, false)).toBeNull();
  });
});

describe('pickInto', () => {
  it('adds the pick where the step asks for it', () => {
    expect(pickInto(EMPTY_SELECTION, targets, 't1').targets).toEqual(['t1']);
    expect(pickInto(EMPTY_SELECTION, pays, 'm1').pays).toEqual(['m1']);
    expect(pickInto(EMPTY_SELECTION, cards, 'c1').cards).toEqual(['c1']);
  });
  it('leaves the selection as it is when the step asks for no pick', () => {
    expect(pickInto(EMPTY_SELECTION, actions, 'x')).toBe(EMPTY_SELECTION);
  });
});

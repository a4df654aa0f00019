import { describe, expect, it } from 'vitest';
import { testCardId, testCardResolver } from './test-card-id';

describe('test card ids', () => {
  const build = (tc: { name: string; type: string }) =>
    tc.type === 'Ally' ? { name: tc.name } : `type "${tc.type}" is unknown`;
  it('carry the definition: the resolver rebuilds the card from the id alone, without its text', () => {
    const id = testCardId({ id: 'x', name: 'X', type: 'Ally', text: 'long words' });
    expect(id).toBe('test:{"id":"x","name":"X","type":"Ally"}');
    expect(testCardResolver(build)(id)).toEqual({ name: 'X' });
  });
  it('give undefined for pool ids, broken JSON and cards the game refuses', () => {
    const resolve = testCardResolver(build);
    expect(resolve('fire-bolt')).toBeUndefined();
    expect(resolve('test:{oops')).toBeUndefined();
    expect(resolve(testCardId({ id: 'y', name: 'Y', type: 'Spell' }))).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { overlayFeed } from './Overlay';

const token = (role: string) =>
  `mt1.${Buffer.from(JSON.stringify({ role, iat: 1, exp: 9e9, jti: 'abcdefgh' })).toString('base64url')}.sig`;

describe('which feed an overlay follows', () => {
  it('board and scorebar follow the public feed whatever token is given (never a live judge feed)', () => {
    expect(overlayFeed('board', token('judge'))).toEqual({ as: 'public', token: null });
    expect(overlayFeed('scorebar', null)).toEqual({ as: 'public', token: null });
  });
  it('a hand needs a coverage token and follows the coverage feed', () => {
    expect(overlayFeed('hand', null)).toMatchObject({ problem: expect.stringContaining('coverage token') });
    expect(overlayFeed('hand', token('judge'))).toMatchObject({
      problem: expect.stringContaining('judge token cannot'),
    });
    expect(overlayFeed('hand', token('coverage'))).toEqual({ as: 'coverage', token: token('coverage') });
  });
  it('the card overlay follows the coverage feed with a coverage token, else the public one', () => {
    expect(overlayFeed('card', token('coverage'))).toMatchObject({ as: 'coverage' });
    expect(overlayFeed('card', token('judge'))).toEqual({ as: 'public', token: null });
  });
});

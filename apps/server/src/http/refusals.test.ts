import { describe, expect, it } from 'vitest';
import { coverageDelayOf, missingToken } from './refusals';

describe('refusals shared by routes', () => {
  it('tells a caller without a token which role to mint and how to send it', () => {
    const e = missingToken('forking a match', 'judge');
    expect([e.statusCode, e.code]).toEqual([401, 'missing_token']);
    expect(e.message).toBe(
      'forking a match needs a judge token: mint one with `npx matchtape token --role judge` and send it as "Authorization: Bearer <token>"',
    );
    expect(missingToken('creating a match', 'organiser').message).toMatch(
      /^creating a match needs an organiser token: mint one with `npx matchtape token --role organiser`/,
    );
  });

  it('takes the spectator delay as the coverage delay, and refuses a coverage delay longer than it', () => {
    expect(coverageDelayOf({ spectatorDelaySeconds: 30 })).toBe(30);
    expect(coverageDelayOf({ spectatorDelaySeconds: 30, coverageDelaySeconds: 0 })).toBe(0);
    expect(() => coverageDelayOf({ spectatorDelaySeconds: 30, coverageDelaySeconds: 31 })).toThrow(
      'coverageDelaySeconds (31) must not exceed spectatorDelaySeconds (30)',
    );
  });
});

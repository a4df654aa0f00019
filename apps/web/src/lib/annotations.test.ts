import { describe, expect, it } from 'vitest';
import { pollFailure } from './annotations';
import { ApiError } from './api';

describe('annotation polling after a failure', () => {
  it('stops on a refused token and says why and what to do; retries when the server is away', () => {
    const refused = pollFailure(new ApiError('token expired', 401));
    expect(refused.retry).toBe(false);
    expect(refused.message).toMatch(
      /stopped refreshing.*refused this token \(401: token expired\).*--role coverage/,
    );
    expect(pollFailure(new ApiError('not your match', 403)).retry).toBe(false);
    expect(
      pollFailure(new ApiError('The server cannot be reached. Check that it is running; retrying…', 0)),
    ).toEqual({ retry: true, message: 'The server cannot be reached. Check that it is running; retrying…' });
    expect(pollFailure(new ApiError('busy', 503)).retry).toBe(true);
    // The drawings poll shares the loop and names what stopped.
    expect(pollFailure(new ApiError('token expired', 401), 'Drawings').message).toMatch(
      /^Drawings stopped refreshing/,
    );
  });
});

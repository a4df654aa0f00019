// Refusals that several routes make in the same words, so a client meets one message for one mistake.
import type { TokenClaims } from '../auth/tokens';
import { HostError } from '../host/engine-host';

/** 401 for a request that needs an organiser's or a judge's token and sent none: how to mint one, how to send it. */
export function missingToken(
  doing: string,
  role: Extract<TokenClaims['role'], 'organiser' | 'judge'>,
): HostError {
  const article = role === 'organiser' ? 'an' : 'a';
  return new HostError(
    401,
    'missing_token',
    `${doing} needs ${article} ${role} token: mint one with \`npx matchtape token --role ${role}\` and send it as "Authorization: Bearer <token>"`,
  );
}

/**
 * The coverage delay of a new match or table (the spectator delay when not given); 400 when it is longer than
 * the spectator delay (coverage would then show less than a public spectator sees).
 */
export function coverageDelayOf(body: {
  spectatorDelaySeconds: number;
  coverageDelaySeconds?: number | undefined;
}): number {
  const coverage = body.coverageDelaySeconds ?? body.spectatorDelaySeconds;
  if (coverage > body.spectatorDelaySeconds)
    throw new HostError(
      400,
      'bad_request',
      `coverageDelaySeconds (${coverage}) must not exceed spectatorDelaySeconds (${body.spectatorDelaySeconds})`,
    );
  return coverage;
}

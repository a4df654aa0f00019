// The judge's case file (GET /api/matches/:id/disputes/:d/case) as the server sends it, and the one fetch every
// judge route of the review page goes through (bearer token, JSON both ways, the server's message on a refusal).
import type { DiffChange } from '../../lib/present';

export type { CaseFile, RuleText } from '@matchtape/server/case-contract';
/** A dispute as the server folds it (opened, evidence, rulings, closed). */
export type { DisputeRecord as Dispute } from '@matchtape/server/case-contract';
/** `GET /api/matches/:id/verification`'s answer. */
export type { VerificationResult as Verification } from '@matchtape/server/case-contract';
/** One change of the judges' diff, as the server sends it (the present layer's shape). */
export type DiffItem = DiffChange;

/** The judge routes' one fetch: JSON in and out, the server's own message when it refuses. */
export class HttpError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export async function call<T>(token: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(url, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    cache: 'no-store',
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON */
  }
  if (!res.ok) {
    const m = json && typeof json === 'object' ? (json as { message?: string }).message : null;
    throw new HttpError(m ?? `${res.status} from ${url.split('?')[0]}`, res.status);
  }
  return json as T;
}
